/**
 * Where the protocol data lives and how the suites' repository-relative paths map onto it.
 * The suites name files by their path in the upstream repository; the spec folder keeps them
 * under version folders (v1.0 files in `v1_0-current`, v0.9/v0.9.1 files in `v0_9_1`). Files are
 * read in place, never copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared/spec` next to the repository (override with `A2UI_SPEC_DIR`). */
export const SPEC_ROOT = process.env.A2UI_SPEC_DIR
  ? resolve(process.env.A2UI_SPEC_DIR)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/spec');

export const CONFORMANCE_DIR = resolve(SPEC_ROOT, 'conformance');
export const CASES_DIR = resolve(SPEC_ROOT, 'v1_0-current/test/cases');

/** Upstream prefixes → folders under the spec root (first match wins). */
const PREFIXES: Array<[string, string]> = [
  ['catalogs/basic/v1/', 'v1_0-current/catalogs/basic/'],
  ['catalogs/mcp/', 'v1_0-current/catalogs/mcp/'],
  ['specification/v1_0/', 'v1_0-current/'],
  ['specification/v0_9_1/', 'v0_9_1/'],
  ['specification/v0_9/', 'v0_9_1/'],
  ['conformance/', 'conformance/'],
];

/**
 * Maps a repository-relative path (optionally relative to `conformance/`, as the node fixtures
 * write it) to an existing file under the spec root, or undefined when the file is not kept.
 */
export function specFile(repoPath: string, relativeTo = ''): string | undefined {
  const normalised = posix.normalize(posix.join(relativeTo, repoPath));
  for (const [from, to] of PREFIXES) {
    if (normalised.startsWith(from)) {
      const file = resolve(SPEC_ROOT, to + normalised.slice(from.length));
      return existsSync(file) ? file : undefined;
    }
  }
  const direct = resolve(SPEC_ROOT, normalised);
  return existsSync(direct) ? direct : undefined;
}

/** Reads and parses a JSON file named by a repository-relative path; throws when it is not kept. */
export function readSpecJson(repoPath: string, relativeTo = ''): Record<string, unknown> {
  const file = specFile(repoPath, relativeTo);
  if (!file) throw new Error(`spec file not available: ${repoPath}`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}
