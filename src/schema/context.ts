/** Building a {@link SchemaContext} and resolving `$ref`s in it. */
import { commonTypes as builtInCommonTypes } from './common-types.ts';
import { unescapeSegment } from '../json-pointer.ts';
import type { JsonSchema, SchemaContext } from './types.ts';
import { hasOwn } from './util.ts';

/**
 * Creates the context `validate` resolves `$ref`s in.
 * @param root The document local `#/...` refs resolve into, usually a catalog. Defaults to the
 *   common types, so common-type schemas can be validated without a catalog.
 * @param options `commonTypes` replaces the built-in common types; `documents` adds documents by
 *   `$id` or ref base; `maxDepth` (default 512) bounds nesting, `maxSteps` (default 200 000, a few tenths of a second) the work per `validate` call.
 */
export function createSchemaContext(
  root?: object,
  options: { commonTypes?: object; documents?: Record<string, object>; maxDepth?: number; maxSteps?: number } = {},
): SchemaContext {
  const commonTypes = options.commonTypes ?? builtInCommonTypes;
  return {
    root: root ?? commonTypes,
    commonTypes,
    documents: options.documents ?? {},
    maxDepth: options.maxDepth ?? 512,
    maxSteps: options.maxSteps ?? 200_000,
  };
}

/** A resolved `$ref`: the target schema and the document its own local refs resolve into. */
export interface Resolved {
  schema: JsonSchema;
  doc: object;
}

/** Picks the document a ref base (the part before `#`) names; `''` is the current one. */
function documentFor(base: string, doc: object, ctx: SchemaContext): object | undefined {
  if (!base) return doc;
  if (hasOwn(ctx.documents, base)) return ctx.documents[base];
  const idOf = (d: object) => (d as { $id?: unknown }).$id;
  if (base === idOf(ctx.root)) return ctx.root;
  if (base === idOf(ctx.commonTypes) || base === 'common_types.json' || base.endsWith('/common_types.json')) {
    return ctx.commonTypes;
  }
  // Message schemas name the active catalog through the placeholder `catalog.json`.
  if (base === 'catalog.json') return ctx.root;
  return Object.values(ctx.documents).find((d) => idOf(d) === base);
}

/**
 * Resolves `ref` (`#/json/pointer`, `common_types.json#/$defs/X`, `<$id>#/...`) relative to `doc`.
 * Returns `undefined` when the document or pointer does not exist.
 */
export function resolveRef(ref: string, doc: object, ctx: SchemaContext): Resolved | undefined {
  let byDoc = cache.get(ctx);
  if (!byDoc) cache.set(ctx, (byDoc = new WeakMap()));
  let byRef = byDoc.get(doc);
  if (!byRef) byDoc.set(doc, (byRef = new Map()));
  if (byRef.has(ref)) return byRef.get(ref);
  const r = resolveUncached(ref, doc, ctx);
  byRef.set(ref, r);
  return r;
}

/** Resolutions per context and document: schemas are treated as immutable once validated against. */
const cache = new WeakMap<SchemaContext, WeakMap<object, Map<string, Resolved | undefined>>>();

function resolveUncached(ref: string, doc: object, ctx: SchemaContext): Resolved | undefined {
  const hash = ref.indexOf('#');
  const base = hash < 0 ? ref : ref.slice(0, hash);
  const target = documentFor(base, doc, ctx);
  if (!target) return undefined;
  let node: unknown = target;
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (fragment) {
    if (fragment[0] !== '/') return undefined;
    for (const raw of fragment.slice(1).split('/')) {
      let key: string;
      try {
        key = unescapeSegment(decodeURIComponent(raw));
      } catch {
        return undefined;
      }
      if (typeof node !== 'object' || node === null || !hasOwn(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
  }
  return typeof node === 'boolean' || (typeof node === 'object' && node !== null)
    ? { schema: node as JsonSchema, doc: target }
    : undefined;
}
