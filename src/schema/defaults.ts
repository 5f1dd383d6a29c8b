/** Filling in `default`s of missing properties (used for function arguments). */
import { resolveRef } from './context.ts';
import type { JsonSchema, SchemaContext } from './types.ts';
import { hasOwn, isObject } from './util.ts';

/** Property schemas of an object schema, following `$ref` and `allOf` (first declaration wins). */
function collectProperties(s: unknown, doc: object, ctx: SchemaContext, acc: Map<string, [unknown, object]>, hops = 16): void {
  if (!isObject(s) || hops < 0) return;
  if (isObject(s.properties)) {
    for (const [k, ps] of Object.entries(s.properties)) if (!acc.has(k)) acc.set(k, [ps, doc]);
  }
  if (typeof s.$ref === 'string') {
    const r = resolveRef(s.$ref, doc, ctx);
    if (r) collectProperties(r.schema, r.doc, ctx, acc, hops - 1);
  }
  if (Array.isArray(s.allOf)) for (const b of s.allOf) collectProperties(b, doc, ctx, acc, hops - 1);
}

/** The `default` of a property schema, looking through `$ref`s. */
function defaultOf(s: unknown, doc: object, ctx: SchemaContext, hops = 16): unknown {
  if (!isObject(s) || hops < 0) return undefined;
  if (hasOwn(s, 'default')) return s.default;
  const r = typeof s.$ref === 'string' ? resolveRef(s.$ref, doc, ctx) : undefined;
  return r ? defaultOf(r.schema, r.doc, ctx, hops - 1) : undefined;
}

/**
 * Returns `value` with the `default` of every missing top-level property of the object `schema`
 * (its `properties`, following `$ref`/`allOf`) filled in. The input is not modified; a new object
 * is returned only if something was added. Non-objects are returned as they are.
 */
export function applyDefaults<T>(value: T, schema: JsonSchema, ctx: SchemaContext): T {
  if (!isObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, d] of defaultsOf(schema, ctx)) {
    if (hasOwn(value, k)) continue;
    out ??= { ...value };
    // defineProperty keeps a `__proto__` key an own data property.
    Object.defineProperty(out, k, { value: structuredClone(d), enumerable: true, writable: true, configurable: true });
  }
  return (out ?? value) as T;
}

/** The defaults of each schema, per context: every function call asks for them. */
const cache = new WeakMap<SchemaContext, WeakMap<object, Array<[string, unknown]>>>();

/** The properties of `schema` that have a `default`, with it (schemas are immutable once used). */
function defaultsOf(schema: JsonSchema, ctx: SchemaContext): Array<[string, unknown]> {
  if (!isObject(schema)) return [];
  let bySchema = cache.get(ctx);
  if (!bySchema) cache.set(ctx, (bySchema = new WeakMap()));
  let list = bySchema.get(schema);
  if (!list) {
    const props = new Map<string, [unknown, object]>();
    collectProperties(schema, ctx.root, ctx, props);
    list = [];
    for (const [k, [ps, doc]] of props) {
      const d = defaultOf(ps, doc, ctx);
      if (d !== undefined) list.push([k, d]);
    }
    bySchema.set(schema, list);
  }
  return list;
}
