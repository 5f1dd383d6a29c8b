/**
 * Upgrade of v0.9 values to the v1.0 shapes the store evaluates, following the catalog schema:
 *
 * - in a dynamic position, `{"path": p}` → `{"@path": p}` and `{"call", "args", "returnType"}` →
 *   `{"@call", "args"}` (arguments upgraded by the called function's argument schema);
 * - an `Action`'s event context values and `functionCall` are dynamic positions; the early v0.9
 *   shorthand `{name, context}` is read as `{event: {name, context}}`;
 * - a call's `catalogId` is dropped (before v1.0 a call runs in the surface's catalog);
 * - child references (ComponentId, ChildList templates) and literal data stay as they are, except
 *   that a literal key starting with `@` is escaped by doubling it (v1.0 reserves single-`@` keys);
 * - where the schema says nothing (a permissive catalog, an undeclared argument), an object shaped
 *   like a binding, call or action is taken as one.
 *
 * Refused with a ValidationError naming the offending path: v1.0-only syntax (`@path` / `@call`
 * keys, system functions such as `@index`, `event.userMessage`), literal objects where v0.9 wants a
 * dynamic value (its `DynamicValue` has no object branch), calls of functions the surface's catalog
 * does not implement (v0.9 has no agent functions), and call nesting deeper than
 * {@link MAX_CALL_DEPTH}.
 */
import type { Catalog, JsonSchema } from '../catalog/catalog.ts';
import { ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import { childPointer } from '../json-pointer.ts';
import { propertySchemas, shapeOf } from './positions.ts';

/** Deepest nesting of function calls a v0.9 value may have (the v0.9 validator's limit). */
export const MAX_CALL_DEPTH = 5;
const MAX_DEPTH = 64;
const RETURN_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object', 'any', 'void']);
const common = (name: string): JsonSchema[] => [{ $ref: `common_types.json#/$defs/${name}` }];
export const DYNAMIC_VALUE = common('DynamicValue');
export const DYNAMIC_STRING = common('DynamicString');
export const DYNAMIC_BOOLEAN = common('DynamicBoolean');

/** Where values are upgraded: the surface's catalog resolves schemas and functions. */
export interface ValueContext {
  readonly catalog: Catalog;
  readonly surfaceId: string;
}

type Where = { ctx: ValueContext; path: string; depth: number; calls: number };

/** Upgrades `value` at a position the given schemas describe; `path` points into the message body. */
export function upgradeValue(value: unknown, schemas: readonly JsonSchema[], ctx: ValueContext, path: string): unknown {
  return at(value, schemas, { ctx, path, depth: 0, calls: 0 });
}

const fail = (w: Where, message: string, sub = ''): never => {
  throw new ValidationError(message, { surfaceId: w.ctx.surfaceId, path: w.path + sub });
};

const into = (w: Where, key: string | number, calls = w.calls): Where => {
  if (w.depth >= MAX_DEPTH) fail(w, 'Value is nested too deeply');
  return { ctx: w.ctx, path: childPointer(w.path, key), depth: w.depth + 1, calls };
};

function at(value: unknown, schemas: readonly JsonSchema[], w: Where): unknown {
  if (value === null || typeof value !== 'object') return value;
  const shape = shapeOf(schemas, w.ctx.catalog.definition);
  if (!shape.known) return guess(value, w);
  if (shape.child && isChildValue(value)) return value;
  if (Array.isArray(value)) {
    if (shape.items.length) return value.map((v, i) => at(v, shape.items, into(w, i)));
    return literal(value, w);
  }
  const obj = value as Record<string, unknown>;
  refuseV1Keys(obj, w);
  if (shape.action && (Object.hasOwn(obj, 'event') || Object.hasOwn(obj, 'functionCall'))) return action(obj, w);
  if (shape.action && typeof obj.name === 'string') return action({ event: obj }, w);
  if (shape.dynamic && Object.hasOwn(obj, 'path')) return binding(obj, w);
  if (shape.dynamic && Object.hasOwn(obj, 'call')) return call(obj, w);
  if (shape.dynamic && !shape.properties.size && !shape.additional.length) {
    fail(w, 'A v0.9 dynamic value is a literal, {"path": …} or {"call": …}; an object is none of these');
  }
  if (shape.properties.size || shape.additional.length) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) {
      const sub = propertySchemas(shape, k);
      define(out, escape(k), sub.length ? at(v, sub, into(w, k)) : guess(v, into(w, k)));
    }
    return out;
  }
  return literal(obj, w);
}

/** No schema information: objects shaped like a binding, call or action are taken as one. */
function guess(value: unknown, w: Where): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v, i) => guess(v, into(w, i)));
  const obj = value as Record<string, unknown>;
  refuseV1Keys(obj, w);
  if (isChildValue(obj)) return obj;
  if (Object.hasOwn(obj, 'path')) return binding(obj, w);
  if (typeof obj.call === 'string') return call(obj, w);
  const keys = Object.keys(obj);
  if (keys.length === 1 && (isObject(obj.event) || isObject(obj.functionCall))) return action(obj, w);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) define(out, escape(k), guess(v, into(w, k)));
  return out;
}

function binding(obj: Record<string, unknown>, w: Where): Record<string, unknown> {
  if (typeof obj.path !== 'string' || Object.keys(obj).length !== 1) {
    fail(w, 'A data binding is {"path": "<JSON pointer>"} with no other keys');
  }
  return { '@path': obj.path };
}

function call(obj: Record<string, unknown>, w: Where): Record<string, unknown> {
  const name = obj.call;
  if (typeof name !== 'string' || name === '') return fail(w, '"call" must name a function', '/call');
  if (name.startsWith('@')) fail(w, `System function '${name}' is v1.0 only`, '/call');
  for (const k of Object.keys(obj)) {
    // A catalogId on a call means nothing before v1.0: the call runs in the surface's catalog.
    if (k !== 'call' && k !== 'args' && k !== 'returnType' && k !== 'catalogId') fail(w, `Unexpected key '${k}' in call to '${name}'`, `/${k}`);
  }
  if (obj.returnType !== undefined && !RETURN_TYPES.has(obj.returnType as string)) {
    fail(w, `returnType of '${name}' must be one of ${[...RETURN_TYPES].join(', ')}`, '/returnType');
  }
  const calls = w.calls + 1;
  if (calls > MAX_CALL_DEPTH) fail(w, `functionCall depth exceeds the limit of ${MAX_CALL_DEPTH}`);
  const { catalog } = w.ctx;
  const decl = catalog.function(name);
  const out: Record<string, unknown> = { '@call': name };
  if (obj.args !== undefined) {
    if (!isObject(obj.args)) fail(w, `Arguments of '${name}' must be an object`, '/args');
    const argShape = shapeOf(decl?.argsSchema ? [decl.argsSchema] : [], catalog.definition);
    const argsWhere = into({ ...w, calls }, 'args');
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj.args as Record<string, unknown>)) {
      const sub = propertySchemas(argShape, k);
      define(args, escape(k), sub.length ? at(v, sub, into(argsWhere, k)) : guess(v, into(argsWhere, k)));
    }
    out.args = args;
  }
  // Checked after the arguments, so the innermost fault (too deep a nesting) is the one reported.
  if (!decl) fail(w, `Unknown function '${name}' in catalog '${catalog.id}'`, '/call');
  if (!decl!.implementation) fail(w, `Function '${name}' has no implementation here, and v0.9 cannot call the agent`, '/call');
  return out;
}

/** An `Action`: event context values and the function call are dynamic positions. */
function action(obj: Record<string, unknown>, w: Where): Record<string, unknown> {
  const out: Record<string, unknown> = { ...obj };
  if (isObject(obj.event)) {
    const ew = into(w, 'event');
    if (Object.hasOwn(obj.event, 'userMessage')) fail(ew, 'action.event.userMessage is v1.0 only', '/userMessage');
    const event: Record<string, unknown> = { ...obj.event };
    if (isObject(event.context)) {
      const cw = into(ew, 'context');
      const context: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(event.context)) define(context, k, at(v, DYNAMIC_VALUE, into(cw, k)));
      event.context = context;
    }
    out.event = event;
  }
  if (isObject(obj.functionCall)) out.functionCall = call(obj.functionCall, into(w, 'functionCall'));
  return out;
}

/** Literal data: copied, with `@` keys escaped; v1.0 directive keys are refused. */
function literal(value: unknown, w: Where): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v, i) => literal(v, into(w, i)));
  const obj = value as Record<string, unknown>;
  refuseV1Keys(obj, w);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) define(out, escape(k), literal(v, into(w, k)));
  return out;
}

function refuseV1Keys(obj: Record<string, unknown>, w: Where): void {
  for (const key of ['@path', '@call']) {
    if (Object.hasOwn(obj, key)) fail(w, `'${key}' is v1.0 syntax; v0.9 writes {"${key.slice(1)}": …}`, `/${key}`);
  }
}

/** ChildList arrays, template objects and single ids are left as they are. */
function isChildValue(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string');
  return isObject(value) && typeof value.componentId === 'string' && typeof value.path === 'string' && Object.keys(value).length === 2;
}

/** v1.0 reserves single-`@` keys; a literal `@x` is written `@@x`. */
const escape = (key: string): string => (key.startsWith('@') ? `@${key}` : key);

/** Own data property, safe for `__proto__`-like keys. */
function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}
