/**
 * The conformance runner: runs the protocol's language-neutral YAML suites
 * (`../shared/spec/conformance/core/*.yaml`) and the v1.0 JSON schema test cases
 * (`../shared/spec/v1_0-current/test/cases`) against the store, in Node.
 *
 *   npm run conformance [-- DIR_OR_FILE...]
 *
 * Given directories or files it runs exactly those. Prints one line per suite
 * `NAME: P/T passed (S skipped)`, each failing case with a one-line reason, and ends with the plain
 * `N passed, N failed, N skipped` line (skipped cases are not failures). Exit code 1 when anything
 * failed; without the protocol data it skips everything, except under `CI=true`, where that fails.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parse } from 'yaml';
import { runAction } from './conformance/actions/index.ts';
import { describe } from './conformance/expect.ts';
import { jsonlSuite, jsonSuite } from './conformance/json-cases.ts';
import { CASES_DIR, CONFORMANCE_DIR, SPEC_ROOT } from './conformance/paths.ts';
import { SKIPS } from './conformance/skips.ts';
import { CaseFailure, type Case, type Outcome, type RunnableCase, type Suite, type SuiteInfo } from './conformance/types.ts';
import { usesDraftBindings } from '../src/draft/upgrade.ts';
import { draftUpgrader, preloadFunctions } from '../src/internal.ts';

// What the renderer loads on first use is here first: the cases read results synchronously.
await Promise.all([preloadFunctions(), draftUpgrader.load()]);

const CASE_TIMEOUT_MS = 10_000;

function defaultFiles(): string[] {
  const core = resolve(CONFORMANCE_DIR, 'core');
  return [...listSuites(core), ...listSuites(CASES_DIR)];
}

/** Suite files in a folder: YAML case lists, JSON files with a `tests` list, JSONL streams. */
function listSuites(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => ['.yaml', '.yml', '.json', '.jsonl'].includes(extname(f)))
    .sort()
    .map((f) => resolve(dir, f))
    .filter((f) => extname(f) !== '.json' || isJsonSuite(f));
}

function isJsonSuite(file: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(file, 'utf8')) as { tests?: unknown }).tests);
  } catch {
    return false;
  }
}

function yamlSuite(file: string): Suite {
  const text = readFileSync(file, 'utf8');
  const cases = parse(text) as unknown;
  if (!Array.isArray(cases)) throw new Error(`${basename(file)} is not a list of cases`);
  const info: SuiteInfo = { name: basename(file), draftBindings: usesDraftBindings(text) };
  return {
    name: info.name,
    cases: cases.map((c: Case, i) => ({
      name: typeof c?.name === 'string' ? c.name : `case ${i + 1}`,
      run: () => runAction(c, info),
    })),
  };
}

function loadSuite(file: string): Suite {
  const ext = extname(file);
  if (ext === '.yaml' || ext === '.yml') return yamlSuite(file);
  if (ext === '.jsonl') return jsonlSuite(file);
  return jsonSuite(file);
}

/** The skip reason of a case, recording which entries matched. */
function skipReason(suite: string, name: string, used: Set<string>): string | undefined {
  const entries = SKIPS[suite];
  if (!entries) return undefined;
  for (const [pattern, reason] of Object.entries(entries)) {
    const re = new RegExp('^' + pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
    if (re.test(name)) {
      used.add(`${suite}\u0000${pattern}`);
      return reason;
    }
  }
  return undefined;
}

async function runCase(c: RunnableCase): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((r) => {
    timer = setTimeout(() => r({ status: 'fail', reason: `timed out after ${CASE_TIMEOUT_MS} ms` }), CASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => c.run()), timeout]);
  } catch (e) {
    if (e instanceof CaseFailure) return { status: 'fail', reason: e.message };
    return { status: 'fail', reason: `runner crashed: ${describe(e)}` };
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<number> {
  if (!existsSync(SPEC_ROOT)) {
    // A CI run without the suites must not look green.
    if (process.env.CI === 'true') {
      console.log(`conformance: no protocol data at ${SPEC_ROOT} (../shared/spec, or A2UI_SPEC_DIR); CI=true requires it`);
      console.log('0 passed, 1 failed, 0 skipped');
      return 1;
    }
    console.log(`conformance: no protocol data at ${SPEC_ROOT} (../shared/spec, or A2UI_SPEC_DIR); every suite skipped (CI=true fails instead)`);
    console.log('0 passed, 0 failed, 0 skipped');
    return 0;
  }
  const args = process.argv.slice(2);
  const files = args.length ? args.flatMap((a) => (statSync(a).isDirectory() ? listSuites(resolve(a)) : [resolve(a)])) : defaultFiles();
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const used = new Set<string>();
  const ran = new Set<string>();
  for (const file of files) {
    let suite: Suite;
    try {
      suite = loadSuite(file);
    } catch (e) {
      console.log(`${basename(file)}: could not be loaded: ${describe(e)}`);
      failed++;
      continue;
    }
    ran.add(suite.name);
    let p = 0;
    let s = 0;
    const failures: string[] = [];
    for (const c of suite.cases) {
      const reason = skipReason(suite.name, c.name, used);
      if (reason !== undefined) {
        s++;
        continue;
      }
      const outcome = await runCase(c);
      if (outcome.status === 'pass') p++;
      else if (outcome.status === 'skip') s++;
      else failures.push(`  ✗ ${c.name}: ${outcome.reason.replace(/\s*\n\s*/g, ' ')}`);
    }
    console.log(`${suite.name}: ${p}/${suite.cases.length} passed (${s} skipped)`);
    for (const f of failures) console.log(f);
    passed += p;
    failed += failures.length;
    skipped += s;
  }
  for (const [suite, entries] of Object.entries(SKIPS)) {
    if (!ran.has(suite)) continue;
    for (const pattern of Object.keys(entries)) {
      if (!used.has(`${suite}\u0000${pattern}`)) {
        console.log(`skips.ts: entry '${pattern}' of ${suite} matches no case`);
        failed++;
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    console.log('0 passed, 1 failed, 0 skipped');
    process.exit(1);
  },
);
