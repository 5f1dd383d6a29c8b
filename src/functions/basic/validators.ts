/**
 * The validators of the basic catalog (`required`, `length`, `numeric`, `email`; `regex` is
 * regex.ts), loaded with the first message that calls one (index.ts: `basicValidators`). They
 * return a `ValidationResult` (`returnType: "validationResult"`); failures carry a
 * machine-readable `code` and no `message`, so the author's `CheckRule.message` applies
 * ("CheckRule.message is used as a fallback if ValidationResult.message is omitted").
 * {@link VALIDATION_MESSAGES} has default texts per code.
 */
import type { ValidationResult } from '../types.ts';
import { toDisplayString } from '../../coerce.ts';
import { parseNumber } from './numbers.ts';

/** Codes a failed basic-catalog validator reports. */
export type ValidationCode =
  | 'required'
  | 'too_short'
  | 'too_long'
  | 'not_a_number'
  | 'too_small'
  | 'too_large'
  | 'invalid_email'
  | 'pattern_mismatch';

/** English default messages for a UI to show when neither the result nor the check has one. */
// Pure: a bundle that does not use the table drops it (a bare `Object.freeze` call would stay).
export const VALIDATION_MESSAGES: Readonly<Record<ValidationCode, string>> = /* @__PURE__ */ Object.freeze({
  required: 'This field is required.',
  too_short: 'This value is too short.',
  too_long: 'This value is too long.',
  not_a_number: 'This value must be a number.',
  too_small: 'This value is too small.',
  too_large: 'This value is too large.',
  invalid_email: 'This value must be a valid email address.',
  pattern_mismatch: 'This value does not have the expected format.',
});

const VALID: ValidationResult = Object.freeze({ valid: true });
const fail = (code: ValidationCode): ValidationResult => ({ valid: false, code });

/**
 * `required`: fails for `null`, absent, `""` and `[]`. `{}`, `0`, `false` and `" "` are values and
 * pass; a must-tick CheckBox is checked by binding its boolean directly, as the basic catalog's
 * form-validator example does.
 */
export function required(value: unknown): ValidationResult {
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return empty ? fail('required') : VALID;
}

/**
 * `length`: the number of code points of a string (elements of an array; `null` counts 0; other
 * values their string form) lies within `[min, max]`. Missing or non-numeric bounds are not checked.
 */
export function length(value: unknown, bounds: { min?: unknown; max?: unknown }): ValidationResult {
  const n = Array.isArray(value) ? value.length : codePoints(toDisplayString(value));
  const min = parseNumber(bounds.min);
  const max = parseNumber(bounds.max);
  if (min !== undefined && n < min) return fail('too_short');
  if (max !== undefined && n > max) return fail('too_long');
  return VALID;
}

/**
 * `numeric`: the value is a finite number or a decimal numeric string within `[min, max]`.
 * Non-numeric strings (including `""`), `null`, booleans and objects fail with `not_a_number`.
 */
export function numeric(value: unknown, bounds: { min?: unknown; max?: unknown }): ValidationResult {
  const n = parseNumber(value);
  if (n === undefined) return fail('not_a_number');
  const min = parseNumber(bounds.min);
  const max = parseNumber(bounds.max);
  if (min !== undefined && n < min) return fail('too_small');
  if (max !== undefined && n > max) return fail('too_large');
  return VALID;
}

// Dot-atom local part, dot-separated LDH labels, alphabetic TLD of two or more letters.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** `email`: a string of the form `local@domain.tld` (ASCII, at most 254 characters). */
export function email(value: unknown): ValidationResult {
  const ok = typeof value === 'string' && value.length <= 254 && value.indexOf('@') <= 64 && EMAIL.test(value);
  return ok ? VALID : fail('invalid_email');
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
