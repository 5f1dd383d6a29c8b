/**
 * Evaluation of dynamic values: literals, `{"@path"}` bindings and `{"@call"}` function calls, in a
 * data context (surface data model + template scope). Nested calls run innermost first; the first
 * failure abandons the whole expression, so no outer call is made. A call with an async argument or
 * body makes the whole expression a Promise.
 */
import type { Catalog, FunctionDeclaration } from './catalog/catalog.ts';
import type { DataModel } from './data-model.ts';
import { asA2uiError, CatalogError, ExpressionError, FunctionCallError, type A2uiError } from './errors.ts';
import type { FunctionContext, HostEnvironment } from './functions/types.ts';
import { isObject, setOwn } from './json.ts';
import { resolvePath } from './json-pointer.ts';
import type { Surface } from './surface.ts';
import { ItemScope, ROOT_SCOPE, type Scope } from './scope.ts';

export { ROOT_SCOPE, type Scope } from './scope.ts';

/** Why an expression is being evaluated; decides the boundaries the spec enforces. */
export type EvaluationKind = 'binding' | 'check' | 'action' | 'agent';

export interface EvalOptions {
  readonly kind?: EvaluationKind;
  /** True only inside a user gesture (a Button action). */
  readonly userActivated?: boolean;
  /** The catalog of an enclosing formatString, for calls written inside `${…}`. */
  readonly catalogId?: string;
  /** A stable name of the evaluation site (surface/component/property), for call ids. */
  readonly site?: string;
}

/** A call the renderer cannot run locally, to be sent to the agent. */
export interface AgentCallRequest {
  readonly surfaceId: string | undefined;
  readonly catalogId: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly kind: EvaluationKind;
  readonly site: string | undefined;
  readonly declaration: FunctionDeclaration | undefined;
}

/** What evaluation needs from the store. */
export interface Runtime {
  catalog(id: string): Catalog | undefined;
  readonly locale: string;
  readonly host: HostEnvironment;
  /**
   * Coerces resolved arguments of a declared function as its schema asks (DynamicBoolean,
   * DynamicString), checks them and applies defaults; throws on failure. A Promise (of the checked
   * arguments) while the schema validator loads: never for a component's call.
   */
  checkArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Checks resolved arguments of a declared agent function against its schema; throws (or rejects, when it waits for a load) on failure. */
  checkAgentArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): void | Promise<void>;
  /** Routes a call with no local implementation to the agent. */
  callAgent(request: AgentCallRequest): Promise<unknown>;
}

const MAX_DEPTH = 64;
const DIRECTIVE = /^@([^@]|$)/;

/** A data model seen from one scope of one surface. */
export class DataContext {
  constructor(
    readonly runtime: Runtime,
    readonly surface: Surface | undefined,
    readonly model: DataModel,
    readonly scope: Scope = ROOT_SCOPE,
  ) {}

  /** The absolute pointer of the array at `path` (a ChildList template), without a trailing slash. */
  listBase(path: string): string {
    return resolvePath(path, this.scope.base).replace(/\/$/, '');
  }

  /** The scope of item `index` of the array at `listBase` (from {@link listBase}). */
  child(listBase: string, index: number): DataContext {
    return new DataContext(this.runtime, this.surface, this.model, new ItemScope(listBase, index, this.scope));
  }

  /** Absolute form of `path` in this scope. */
  path(path: string): string {
    return resolvePath(path, this.scope.base);
  }

  /** Reads `path` (reactive inside a computation). */
  read(path: string): unknown {
    const scope = this.scope;
    return this.model.get(scope instanceof ItemScope && !path.startsWith('/') ? scope.resolve(path) : this.path(path));
  }

  /** Writes `path` (two-way bindings), creating it when missing. */
  write(path: string, value: unknown): void {
    this.model.set(this.path(path), value);
  }

  /** Evaluates a dynamic value. Throws an {@link A2uiError}, or returns a Promise that rejects with one. */
  evaluate(value: unknown, options: EvalOptions = {}): unknown {
    return evaluateValue(value, this, options, 0);
  }

  /** Runs function `name` with already-resolved arguments. */
  invoke(name: string, args: Record<string, unknown>, catalogId: string | undefined, options: EvalOptions = {}): unknown {
    return invoke(name, args, catalogId, this, options);
  }
}

function evaluateValue(value: unknown, ctx: DataContext, opts: EvalOptions, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new ExpressionError('Expression is nested too deeply');
  if (Array.isArray(value)) return all(value.map((v) => evaluateValue(v, ctx, opts, depth + 1)));
  const obj = value as Record<string, unknown>;
  if (Object.hasOwn(obj, '@path')) {
    if (typeof obj['@path'] !== 'string' || Object.keys(obj).length !== 1) {
      throw new ExpressionError('A data binding is {"@path": "<JSON pointer>"} with no other keys');
    }
    return ctx.read(obj['@path']);
  }
  if (Object.hasOwn(obj, '@call')) return evaluateCall(obj, ctx, opts, depth);
  // A literal object: reject unknown directives, unescape `@@` keys, resolve nested values.
  const keys = Object.keys(obj);
  const values = keys.map((k) => {
    if (DIRECTIVE.test(k)) throw new ExpressionError(`Unknown directive '${k}'`);
    return evaluateValue(obj[k], ctx, opts, depth + 1);
  });
  return then(all(values), (vs) => {
    const out: Record<string, unknown> = {};
    keys.forEach((k, i) => setOwn(out, k.startsWith('@@') ? k.slice(1) : k, (vs as unknown[])[i]));
    return out;
  });
}

/**
 * What a call expression says, worked out once per expression object (an expression is never
 * changed in place: a new definition brings new objects).
 */
interface CallShape {
  readonly name: string;
  readonly rawArgs: Record<string, unknown>;
  readonly keys: readonly string[];
  readonly catalogId: string | undefined;
  /** Every argument is a literal (no object, array or call in it): its checked arguments can be kept. */
  readonly literal: boolean;
  /** The checked arguments of a literal call, with the catalog and declaration they were checked for. */
  checked?: { catalog: Catalog; decl: FunctionDeclaration; args: Record<string, unknown> };
}

const shapes = new WeakMap<object, CallShape>();

function callShape(call: Record<string, unknown>): CallShape {
  const known = shapes.get(call);
  if (known) return known;
  const name = call['@call'];
  if (typeof name !== 'string' || name === '') throw new ExpressionError('"@call" must name a function');
  for (const k of Object.keys(call)) {
    if (k !== '@call' && k !== 'args' && k !== 'catalogId') throw new ExpressionError(`Unexpected key '${k}' in call to '${name}'`);
  }
  const rawArgs = call.args ?? {};
  if (!isObject(rawArgs)) throw new ExpressionError(`Arguments of '${name}' must be an object`);
  if (call.catalogId !== undefined && typeof call.catalogId !== 'string') throw new ExpressionError('catalogId must be a string');
  if (name.startsWith('@') && call.catalogId !== undefined) {
    throw new ExpressionError(`System function '${name}' belongs to no catalog`);
  }
  const keys = Object.keys(rawArgs);
  const literal = keys.every((k) => rawArgs[k] === null || typeof rawArgs[k] !== 'object');
  const shape: CallShape = { name, rawArgs, keys, catalogId: call.catalogId as string | undefined, literal };
  shapes.set(call, shape);
  return shape;
}

function evaluateCall(call: Record<string, unknown>, ctx: DataContext, opts: EvalOptions, depth: number): unknown {
  const shape = callShape(call);
  const { name, rawArgs, keys } = shape;
  const catalogId = shape.catalogId ?? opts.catalogId;
  if (shape.literal) return invoke(name, rawArgs, catalogId, ctx, opts, shape);
  // Arguments resolve their own calls against their own catalogs (formatString's rule applies only inside `${…}`).
  const inner: EvalOptions = opts.catalogId === undefined ? opts : { ...opts, catalogId: undefined };
  // Synchronous arguments (nearly all) go straight into the call, with no array or closure between.
  const args: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const v = evaluateValue(rawArgs[keys[i]], ctx, inner, depth + 1);
    if (isThenable(v)) {
      const rest = keys.slice(i + 1).map((k) => evaluateValue(rawArgs[k], ctx, inner, depth + 1));
      return Promise.all([v, ...rest]).then((vs) => {
        vs.forEach((x, j) => setOwn(args, keys[i + j], x));
        return invoke(name, args, catalogId, ctx, opts);
      });
    }
    setOwn(args, keys[i], v);
  }
  return invoke(name, args, catalogId, ctx, opts);
}

/**
 * Runs function `name`. With the `shape` of a literal call, `rawArgs` are its literal arguments:
 * checked and coerced once per catalog and declaration, and each call gets its own copy.
 */
function invoke(name: string, rawArgs: Record<string, unknown>, catalogId: string | undefined, ctx: DataContext, opts: EvalOptions, shape?: CallShape): unknown {
  if (name.startsWith('@')) return systemFunction(name, rawArgs, ctx);
  const id = catalogId ?? ctx.surface?.catalogId;
  if (id === undefined) {
    throw new CatalogError(`Cannot resolve function '${name}': the call names no catalogId and the surface has no default catalogId`);
  }
  const catalog = ctx.runtime.catalog(id);
  if (!catalog) throw new CatalogError(`Catalog not found: ${id}. Catalog '${id}' is not supported by surface '${ctx.surface?.id ?? ''}'.`);
  const surfaceVersion = ctx.surface?.version ?? '1.0';
  if (!catalog.speaks(surfaceVersion)) {
    throw new CatalogError(`Catalog '${catalog.id}' is protocol version ${catalog.protocolVersion}, the surface speaks ${surfaceVersion}`);
  }
  const decl = catalog.function(name);
  const kind = opts.kind ?? 'binding';
  if (decl) {
    if (decl.allowedCallers === 'agentOnly' && kind !== 'agent') {
      throw new ExpressionError(`Function '${name}' may only be called by the agent (allowedCallers is agentOnly)`);
    }
    if (decl.requiresUserActivation && !opts.userActivated) {
      throw new ExpressionError(`Function '${name}' requires a user gesture and cannot run from a ${kind}`);
    }
  }
  let args: Record<string, unknown>;
  const kept = shape?.checked;
  if (decl && kept && kept.catalog === catalog && kept.decl === decl) args = { ...kept.args };
  else {
    const checked = decl ? ctx.runtime.checkArgs(catalog, decl, rawArgs) : rawArgs;
    // Checked once the schema validator has arrived (a call from the host or the agent before it).
    if (isThenable(checked)) return Promise.resolve(checked).then((a) => run(name, a, catalog, decl, ctx, opts));
    args = checked;
    if (shape && decl) {
      shape.checked = { catalog, decl, args };
      args = { ...args };
    }
  }
  return run(name, args, catalog, decl, ctx, opts);
}

/** Runs function `name` of `catalog` with checked arguments: its body, or a call to the agent. */
function run(name: string, args: Record<string, unknown>, catalog: Catalog, decl: FunctionDeclaration | undefined, ctx: DataContext, opts: EvalOptions): unknown {
  const kind = opts.kind ?? 'binding';
  if (decl?.implementation) {
    const fctx = functionContext(ctx, catalog.id, opts);
    try {
      const result = decl.implementation(args, fctx);
      return isThenable(result) ? Promise.resolve(result).catch((e) => Promise.reject(asError(e, name))) : result;
    } catch (e) {
      throw asError(e, name);
    }
  }
  if (kind === 'agent') {
    throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${name}' is not registered in catalog '${catalog.id}'`);
  }
  const request = { surfaceId: ctx.surface?.id, catalogId: catalog.id, name, args, kind, site: opts.site, declaration: decl };
  // A declared agent function's resolved arguments are checked in full before anything is sent.
  const checked = decl && ctx.runtime.checkAgentArgs(catalog, decl, args);
  return checked ? checked.then(() => ctx.runtime.callAgent(request)) : ctx.runtime.callAgent(request);
}

function systemFunction(name: string, args: Record<string, unknown>, ctx: DataContext): number {
  if (name !== '@index') throw new ExpressionError(`Unknown system function '${name}'`);
  const index = ctx.scope.index;
  if (index === undefined) throw new ExpressionError('@index is only available inside a list template');
  const offset = args.offset === undefined || args.offset === null ? 0 : Number(args.offset);
  if (!Number.isFinite(offset)) throw new ExpressionError('@index offset must be a number');
  return index + offset;
}

/** What a function body sees of its call (a plain object: a host's function may spread it). */
function functionContext(ctx: DataContext, catalogId: string, opts: EvalOptions): FunctionContext {
  return {
    read: (path) => ctx.read(path),
    resolvePath: (path) => ctx.path(path),
    write: (path, value) => {
      if (opts.kind !== 'action') throw new ExpressionError('Only actions may change the data model');
      ctx.write(path, value);
    },
    call: (name, args, catalog) => invoke(name, args, catalog, ctx, opts),
    catalogId,
    locale: ctx.runtime.locale,
    userActivated: opts.userActivated === true,
    surfaceId: ctx.surface?.id,
    host: ctx.runtime.host,
  };
}

function asError(e: unknown, name: string): A2uiError {
  return asA2uiError(e, (message) => new FunctionCallError('EXECUTION_ERROR', `Function '${name}' failed: ${message}`));
}

export function isThenable(v: unknown): v is PromiseLike<unknown> {
  return v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';
}

/** Joins values that may be Promises: sync when none is. */
function all(values: unknown[]): unknown[] | Promise<unknown[]> {
  return values.some(isThenable) ? Promise.all(values) : values;
}

function then<T, R>(v: T | Promise<T>, f: (v: T) => R): R | Promise<Awaited<R>> {
  return isThenable(v) ? (v as Promise<T>).then(f) as Promise<Awaited<R>> : f(v as T);
}
