/**
 * The `regex` validator body over the A2UI regex dialect (`src/regex/`). The dialect checker is
 * loaded with the first pattern (most surfaces have none): until then the check is pending.
 */
import type { ValidationResult } from '../types.ts';
import { lazyModule } from '../../lazy.ts';
import { toDisplayString } from '../../coerce.ts';

/** The regex dialect and safety checker, loaded on first use. */
export const regexChecker = lazyModule('the regex checker', () => import('../../regex/index.ts'));

/**
 * `regex`: the value (as a string) contains a match of `pattern` in the A2UI regex dialect.
 * Synchronous once the checker has loaded, a Promise before.
 * @throws ExpressionError for a pattern that is not in the dialect or fails the safety check.
 */
export function regex(value: unknown, pattern: unknown): ValidationResult | Promise<ValidationResult> {
  return regexChecker.with(({ regexTest }) => {
    const outcome = regexTest(toDisplayString(pattern), toDisplayString(value));
    if ('error' in outcome) throw outcome.error;
    return outcome.valid ? { valid: true } : { valid: false, code: 'pattern_mismatch' };
  });
}
