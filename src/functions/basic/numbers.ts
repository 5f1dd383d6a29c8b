/**
 * The number reading shared by the formatters and validators. The boolean and string coercions
 * live in `src/coerce.ts` (one table for component properties and function arguments alike).
 */
import { ExpressionError } from '../../errors.ts';

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
