/**
 * Whether the protocol's data (`../shared/spec`, or `A2UI_SPEC_DIR`) is there for the tests that
 * read it. Without it those tests skip, saying why — except under `CI=true`, where a missing spec
 * must fail the run rather than pass it with hundreds of cases quietly skipped.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SPEC_DIR = process.env.A2UI_SPEC_DIR ? resolve(process.env.A2UI_SPEC_DIR) : resolve(import.meta.dirname, '../../shared/spec');

/** `reason` when data is missing (a test's `skip`), false when it is there; throws under CI=true. */
export function specSkip(reason: string | false | undefined): string | false {
  if (!reason) return false;
  if (process.env.CI === 'true') throw new Error(`${reason} — CI=true requires the protocol data at ${SPEC_DIR} (../shared/spec, or A2UI_SPEC_DIR)`);
  return `${reason} (protocol data absent; CI=true fails instead)`;
}
