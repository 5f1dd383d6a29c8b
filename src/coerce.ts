/**
 * The spec's coercions: DynamicBoolean (the table in "DynamicBoolean and CheckRule Coercion"),
 * string interpolation ("Type conversion"), and CheckRule conditions to ValidationResult.
 */
import type { ValidationResult } from './functions/types.ts';
import { isObject } from './json.ts';

/** True for a ValidationResult (an object with a boolean `valid`). */
export function isValidationResult(v: unknown): v is ValidationResult {
  return isObject(v) && typeof v.valid === 'boolean';
}

/** Any value → boolean, exactly as the DynamicBoolean table says. */
export function toBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (isValidationResult(v)) return v.valid;
  if (typeof v === 'string') return v.toLowerCase() === 'true';
  if (typeof v === 'number') return v !== 0;
  return false;
}

/** Any value → display string: null/undefined → "", objects/arrays → JSON. */
export function toDisplayString(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return '';
    }
  }
  return String(v);
}

/** A CheckRule condition result → ValidationResult, with the rule's message as fallback. */
export function toCheckResult(v: unknown, fallbackMessage?: string): ValidationResult {
  if (isValidationResult(v)) {
    if (v.valid) return v;
    return { ...v, message: v.message ?? fallbackMessage, severity: v.severity ?? 'error' };
  }
  return toBoolean(v) ? { valid: true } : { valid: false, message: fallbackMessage, severity: 'error' };
}
