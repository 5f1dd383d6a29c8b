/** The `regex` validator body over the A2UI regex dialect (`src/regex/`). */
import type { ValidationResult } from '../types.ts';
import { regexTest } from '../../regex/index.ts';
import { toDisplayString } from '../../coerce.ts';

/**
 * `regex`: the value (as a string) contains a match of `pattern` in the A2UI regex dialect.
 * @throws ExpressionError for a pattern that is not in the dialect or fails the safety check.
 */
export function regex(value: unknown, pattern: unknown): ValidationResult {
  const outcome = regexTest(toDisplayString(pattern), toDisplayString(value));
  if ('error' in outcome) throw outcome.error;
  return outcome.valid ? { valid: true } : { valid: false, code: 'pattern_mismatch' };
}
