/**
 * The contract between the store and every function implementation (basic catalog, MCP catalog,
 * host-registered). A function receives its arguments already resolved (innermost calls first),
 * coerced per its argument schema and validated, with defaults applied.
 */

/** What a function body may ask of the place it is evaluated in. */
export interface FunctionContext {
  /**
   * Reads a data-model path: absolute (`/a/b`) or relative to the current template scope (`b`).
   * Inside a reactive evaluation the read is a dependency.
   */
  read(path: string): unknown;
  /**
   * Calls another function by name with already-resolved arguments. Non-`@` names resolve
   * against `catalogId` (formatString's rule); `@`-names are system functions (`@index`).
   * Throws an `A2uiError` on failure.
   */
  call(name: string, args: Record<string, unknown>, catalogId?: string): unknown;
  /**
   * Writes a data-model path (absolute or relative to the scope), creating it when missing. Only
   * imperative evaluations (actions, host `execute`) may write; elsewhere it throws EXPRESSION_ERROR,
   * because a binding must not change the data it is computed from.
   */
  write(path: string, value: unknown): void;
  /** The absolute pointer `path` names in this scope (`name` inside item 2 of `/people` → `/people/2/name`). */
  resolvePath(path: string): string;
  /** The catalog this call resolved to. */
  readonly catalogId: string | undefined;
  /** BCP 47 locale for formatting (renderer option, defaulting to the page's language). */
  readonly locale: string;
  /** True only while handling a user gesture (a Button action). */
  readonly userActivated: boolean;
  /** The surface the evaluation belongs to, if any. */
  readonly surfaceId: string | undefined;
  /** Environment hooks owned by the host (opening links etc.); absent in Node. */
  readonly host: HostEnvironment;
}

/** What the renderer may do outside itself; the elements layer supplies a browser implementation. */
export interface HostEnvironment {
  /** Opens an http(s) URL in a new browsing context with noopener,noreferrer. */
  openUrl?(url: string): void;
}

/** A function body: sync or async. */
export type FunctionImplementation = (
  args: Record<string, unknown>,
  ctx: FunctionContext,
) => unknown | Promise<unknown>;

/** Return types a catalog declares (`returnType`). */
export type ReturnType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'validationResult' | 'any' | 'void';

/** A ValidationResult as the spec defines it. */
export interface ValidationResult {
  valid: boolean;
  code?: string;
  message?: string;
  severity?: 'error' | 'warning' | 'info';
  [extra: string]: unknown;
}
