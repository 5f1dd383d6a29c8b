/**
 * The logic functions of the basic catalog: `and`, `or`, `not` over the `DynamicBoolean`
 * coercion. (The validators, which load on first use, are validators.ts.)
 */
import { ExpressionError } from '../../errors.ts';
import { toBoolean } from '../../coerce.ts';

/** `and`: every value coerces to `true`. @throws ExpressionError for fewer than two values. */
export function and(values: unknown): boolean {
  return operands(values, 'and').every(toBoolean);
}

/** `or`: some value coerces to `true`. @throws ExpressionError for fewer than two values. */
export function or(values: unknown): boolean {
  return operands(values, 'or').some(toBoolean);
}

/** `not`: the negation of the value's `DynamicBoolean` coercion. */
export function not(value: unknown): boolean {
  return !toBoolean(value);
}

function operands(values: unknown, fn: string): unknown[] {
  if (!Array.isArray(values) || values.length < 2) {
    throw new ExpressionError(`${fn}: 'values' must be an array of at least 2 values`);
  }
  return values;
}
