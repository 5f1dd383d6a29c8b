/**
 * Errors are values with codes, not strings. Every fault the renderer finds becomes one of these
 * and, through the store, one outbound `error` (or `rendererFunctionResponse.error`) message.
 * One class per spec code family.
 */

/** The codes of the validation form of `error`, the one that carries a `path`. */
export type ValidationErrorCode = 'VALIDATION_FAILED' | 'UNALLOWED_PARENT' | 'UNALLOWED_CHILD';

/** Outcomes of a function call that did not answer with a value. */
export type FunctionCallErrorCode = 'INVALID_FUNCTION_CALL' | 'EXECUTION_ERROR' | 'UNKNOWN_FUNCTION' | 'TIMEOUT' | 'CANCELLED' | 'DISPOSED' | 'DUPLICATE';

/** Codes the v1.0 spec defines for renderer→agent `error` messages and function responses. */
export type A2uiErrorCode = ValidationErrorCode | 'INTEGRITY_ERROR' | 'EXPRESSION_ERROR' | FunctionCallErrorCode;

/** {@link ValidationErrorCode} as a set, for codes read off the wire. */
export const VALIDATION_CODES: ReadonlySet<string> = new Set<ValidationErrorCode>(['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD']);

/** Base of every renderer error: a code, a short message, and where it happened. */
export class A2uiError extends Error {
  constructor(
    readonly code: A2uiErrorCode | (string & {}),
    message: string,
    /** Where it happened: surface, JSON pointer into the offending message, function call. */
    readonly where: { surfaceId?: string; path?: string; functionCallId?: string } = {},
  ) {
    super(message);
  }
  // Spelled out, not `this.constructor.name`: minifiers rename classes (a bundle said 'a').
  override get name(): string {
    return 'A2uiError';
  }
}

/** `VALIDATION_FAILED`, `UNALLOWED_PARENT`, `UNALLOWED_CHILD`: a payload that breaks a schema or a rule. */
export class ValidationError extends A2uiError {
  constructor(
    message: string,
    where: { surfaceId?: string; path?: string } = {},
    code: ValidationErrorCode = 'VALIDATION_FAILED',
  ) {
    super(code, message, where);
  }
  override get name(): string {
    return 'ValidationError';
  }
}

/** `INTEGRITY_ERROR`: the state a message assumes does not hold (duplicate or unknown surface, cycle). */
export class IntegrityError extends A2uiError {
  constructor(message: string, where: { surfaceId?: string; path?: string } = {}) {
    super('INTEGRITY_ERROR', message, where);
  }
  override get name(): string {
    return 'IntegrityError';
  }
}

/** `EXPRESSION_ERROR`: a binding, call or template that cannot be evaluated. */
export class ExpressionError extends A2uiError {
  constructor(message: string, where: { surfaceId?: string; path?: string; functionCallId?: string } = {}) {
    super('EXPRESSION_ERROR', message, where);
  }
  override get name(): string {
    return 'ExpressionError';
  }
}

/** `CatalogError`: a catalog that cannot be loaded, or a component/function whose catalog cannot be resolved. */
export class CatalogError extends A2uiError {
  constructor(message: string, where: { surfaceId?: string; path?: string } = {}) {
    super('VALIDATION_FAILED', message, where);
  }
  override get name(): string {
    return 'CatalogError';
  }
}

/** Function-call outcomes: `INVALID_FUNCTION_CALL`, `EXECUTION_ERROR`, `TIMEOUT`, `CANCELLED`, `DISPOSED`, … */
export class FunctionCallError extends A2uiError {
  constructor(
    code: FunctionCallErrorCode | (string & {}),
    message: string,
    where: { surfaceId?: string; functionCallId?: string } = {},
    /** Extra structured details (e.g. the agent's original error payload). */
    readonly details?: unknown,
  ) {
    super(code, message, where);
  }
  override get name(): string {
    return 'FunctionCallError';
  }
}

/** Data-model faults (bad pointer, write through a primitive, refused segment). Reported as `VALIDATION_FAILED`. */
export class DataError extends A2uiError {
  constructor(message: string, where: { surfaceId?: string; path?: string } = {}) {
    super('VALIDATION_FAILED', message, where);
  }
  override get name(): string {
    return 'DataError';
  }
}

/**
 * A warning: something the agent sent that the renderer works around but that the agent should
 * fix (an Image nobody can name). Sent as a generic `error` with `severity: "warning"` and, when
 * known, the `path` of the property concerned.
 */
export class A2uiWarning extends A2uiError {
  readonly severity = 'warning';
  override get name(): string {
    return 'A2uiWarning';
  }
}

/** The message of anything thrown: an Error's `message`, else its text; never throws itself. */
export function thrownMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    // An object with no usable toString (Object.create(null), a throwing toString).
    return typeof e;
  }
}

/**
 * `e` as an {@link A2uiError}: itself when it already is one, else what `wrap` makes of its
 * message (an exception from a host function, a library, or a renderer bug).
 */
export function asA2uiError(e: unknown, wrap: (message: string) => A2uiError): A2uiError {
  return e instanceof A2uiError ? e : wrap(thrownMessage(e));
}
