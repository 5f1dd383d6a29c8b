/**
 * Comparing results with expectations: JSON equality, version spellings, and error expectations
 * (category → our error classes, message fragments after the README's normalisation).
 */
import {
  A2uiError,
  CatalogError,
  DataError,
  ExpressionError,
  FunctionCallError,
  IntegrityError,
  ValidationError,
  deepEqual,
} from '../../src/index.ts';
import { isObject } from '../../src/json.ts';

/** Short JSON for failure lines. */
export function show(value: unknown, max = 160): string {
  let s: string;
  try {
    s = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    s = String(value);
  }
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** `v1.0`, `1.0` and `1` name the same version. */
export function canonicalVersion(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).replace(/^v/, '');
  return /^\d+$/.test(s) ? `${s}.0` : s;
}

/** True for protocol versions before 1.0 (the v0.8 / v0.9 / v0.9.1 families). */
export function isLegacyVersion(v: unknown): boolean {
  const c = canonicalVersion(v);
  return c !== undefined && c.startsWith('0.');
}

/** JSON equality after a JSON round trip (drops `undefined`, ignores key order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  return deepEqual(norm(a), norm(b));
}

/** Equality that ignores the order of `enum` and `required` arrays (catalog comparisons). */
export function schemaEqual(a: unknown, b: unknown, key = ''): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (key === 'enum' || key === 'required') {
      const sa = a.map((x) => JSON.stringify(x)).sort();
      const sb = b.map((x) => JSON.stringify(x)).sort();
      return sa.every((x, i) => x === sb[i]);
    }
    return a.every((x, i) => schemaEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && schemaEqual(a[k], b[k], k));
  }
  return jsonEqual(a, b);
}

/** The README's message normalisation: `"` → `'`, `','` → `', '`, case-insensitive. */
export function normaliseMessage(s: string): string {
  return s.replace(/"/g, "'").replace(/','/g, "', '").toLowerCase();
}

/** True when `fragment` occurs in `text` after normalisation (a trailing full stop is not required). */
export function messageContains(text: string, fragment: string): boolean {
  const f = normaliseMessage(fragment).replace(/\.$/, '');
  return normaliseMessage(text).includes(f);
}

const CATEGORIES: Record<string, (e: A2uiError) => boolean> = {
  ValidationError: (e) => e instanceof ValidationError,
  CatalogError: (e) => e instanceof CatalogError,
  IntegrityError: (e) => e instanceof IntegrityError,
  RecursionError: (e) => e instanceof IntegrityError,
  DataError: (e) => e instanceof DataError,
  ExpressionError: (e) => e instanceof ExpressionError || e instanceof FunctionCallError,
  ParseError: (e) => e instanceof ExpressionError,
};

/** An error expectation: a message fragment or `{category, code, message, details}`. */
export type ErrorExpectation = string | { category?: string; code?: string; message?: string; details?: unknown[] };

/** The error expectation of a case or step (`expectError` and `expect_error` are synonyms). */
export function errorExpectation(c: Record<string, unknown> | undefined): ErrorExpectation | undefined {
  if (!c) return undefined;
  return (c.expectError ?? c.expect_error) as ErrorExpectation | undefined;
}

/** Why `error` does not satisfy `expected`, or undefined when it does. */
export function errorMismatch(error: A2uiError, expected: ErrorExpectation, options: { regex?: boolean } = {}): string | undefined {
  const exp = typeof expected === 'string' ? { message: expected } : expected;
  if (exp.category !== undefined) {
    const test = CATEGORIES[exp.category];
    if (!test) return `unmapped error category ${exp.category}`;
    if (!test(error)) return `expected ${exp.category}, got ${describe(error)}`;
  }
  if (exp.code !== undefined) {
    const hay = `${error.message} ${error.name} ${error.code}`;
    if (!messageContains(hay, exp.code)) return `expected code ${exp.code}, got ${describe(error)}`;
  }
  if (exp.message !== undefined) {
    const ok = options.regex ? new RegExp(exp.message, 'i').test(error.message) : messageContains(error.message, exp.message);
    if (!ok) return `expected message "${exp.message}", got ${describe(error)}`;
  }
  if (Array.isArray(exp.details)) {
    // Validator details name fields in the SDK's own notation (`messages.0.createSurface.surfaceId`,
    // pydantic codes); the field's name must appear in our error's path or message.
    for (const d of exp.details) {
      const path = isObject(d) && typeof d.path === 'string' ? d.path : undefined;
      const field = path?.split('.').pop();
      if (field && !`${error.where.path ?? ''} ${error.message}`.includes(field)) {
        return `expected an error about '${field}', got ${describe(error)}`;
      }
    }
  }
  return undefined;
}

/** Checks that one of `errors` satisfies `expected`; returns the reason when none does. */
export function checkErrors(errors: readonly A2uiError[], expected: ErrorExpectation, options: { regex?: boolean } = {}): string | undefined {
  if (errors.length === 0) return `expected error ${show(expected)}, got none`;
  const reasons = errors.map((e) => errorMismatch(e, expected, options));
  if (reasons.some((r) => r === undefined)) return undefined;
  return reasons[0];
}

/** `Class(CODE): message` for failure lines. */
export function describe(error: unknown): string {
  if (error instanceof A2uiError) return `${error.name}(${error.code}): ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
