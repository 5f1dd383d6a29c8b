/**
 * The spec's value coercions: `DynamicBoolean` (the table in "Renderer-side logic & validation"),
 * string interpolation ("Type conversion") and the number reading shared by the formatters.
 */
import { ExpressionError } from '../../errors.ts';

/**
 * Coerces any resolved value to a boolean exactly as the spec's `DynamicBoolean` table says:
 * booleans unchanged; a `ValidationResult` (object with a boolean `valid`) gives `valid`; the
 * strings `"true"`/`"false"` in any letter case give that boolean and every other string `false`;
 * the number `0` gives `false` and every other number `true`; `null`, absent, and every other
 * object or array give `false`.
 */
export function coerceBoolean(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string': {
      return value.toLowerCase() === 'true';
    }
    case 'number':
      return value !== 0;
    case 'bigint':
      return value !== 0n;
    case 'object':
      if (value !== null && !Array.isArray(value)) {
        const valid = (value as { valid?: unknown }).valid;
        if (typeof valid === 'boolean') return valid;
      }
      return false;
    default:
      return false;
  }
}

/**
 * Converts an interpolated value to text: numbers and booleans in their standard form, `null` and
 * `undefined` as `""`, objects and arrays as JSON.
 */
export function coerceString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return '';
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        // Cyclic or otherwise unserialisable: data-model values never are, hostile host values may be.
        return '';
      }
    default:
      return '';
  }
}

// A decimal literal with optional sign, fraction and exponent; no hex, no `Infinity`, no blanks.
const NUMERIC_STRING = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a finite number from a number or a decimal numeric string (surrounding whitespace allowed).
 * Returns `undefined` for anything else, including `""`, `NaN` and infinities.
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!NUMERIC_STRING.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The numeric argument of a formatter: `null` when the value is absent (a binding with no data yet,
 * formatted as `""`), the number otherwise; anything non-numeric is an `ExpressionError`.
 */
export function numberArgument(value: unknown, fn: string, arg = 'value'): number | null {
  if (value === null || value === undefined) return null;
  const n = parseNumber(value);
  if (n === undefined) throw new ExpressionError(`${fn}: argument '${arg}' is not a number`);
  return n;
}
