/**
 * The spec's value coercions, one implementation for every reader (component properties, function
 * arguments, `formatString`): DynamicBoolean (the table in "DynamicBoolean and CheckRule
 * Coercion"), string interpolation ("Type conversion", the same rules for bindings and
 * `formatString`), and CheckRule conditions to ValidationResult.
 */
import type { ValidationResult } from './functions/types.ts';
import { isObject } from './json.ts';

/** True for a ValidationResult (an object, not an array, with a boolean `valid`). */
export function isValidationResult(v: unknown): v is ValidationResult {
  return isObject(v) && typeof v.valid === 'boolean';
}

/**
 * Any value → boolean, exactly as the DynamicBoolean table says: booleans unchanged; a
 * ValidationResult gives `valid`; the strings `"true"`/`"false"` in any letter case give that
 * boolean and every other string `false`; `0` gives `false` and every other number `true` (a
 * host's bigint is a number too); `null`, absent, and every other object or array give `false`.
 */
export function toBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      return v.toLowerCase() === 'true';
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    default:
      return isValidationResult(v) && v.valid;
  }
}

/**
 * Any value → display string, as "Type conversion" says: numbers and booleans in their standard
 * form, `null`/`undefined` as `""`, objects and arrays as JSON. What has no JSON form (a
 * function, a symbol, a cyclic object, an object whose `toJSON` gives nothing) is `""` too:
 * never a source text, never a throw.
 */
export function toDisplayString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object':
      if (v === null) return '';
      try {
        return JSON.stringify(v) ?? '';
      } catch {
        // Cyclic or otherwise unserialisable: data-model values never are, hostile host values may be.
        return '';
      }
    default:
      return '';
  }
}

/** A CheckRule condition result → ValidationResult, with the rule's message as fallback. */
export function toCheckResult(v: unknown, fallbackMessage?: string): ValidationResult {
  if (isValidationResult(v)) {
    if (v.valid) return v;
    return { ...v, message: v.message ?? fallbackMessage, severity: v.severity ?? 'error' };
  }
  return toBoolean(v) ? { valid: true } : { valid: false, message: fallbackMessage, severity: 'error' };
}
