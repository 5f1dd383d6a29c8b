/**
 * `unevaluatedProperties`, approximated: a property counts as evaluated when a `properties` or
 * `patternProperties` entry names it in the schema itself or, recursively, in its `$ref` target,
 * its `allOf` members, the `anyOf`/`oneOf` branches the value passes, and the `if`/`then`/`else`
 * branch that applies. A nested `additionalProperties` or `unevaluatedProperties` evaluates every
 * property. Unlike the spec, annotations are collected from the schemas' shapes, not from the
 * successful evaluation of each nested keyword (which only differs for schemas that fail anyway).
 */
import { resolveRef } from './context.ts';
import type { JsonSchema, SchemaContext } from './types.ts';
import { compilePattern, isObject } from './util.ts';

/** The properties a schema evaluates. */
export interface Known {
  names: Set<string>;
  patterns: RegExp[];
  all: boolean;
  /** True when a branch the value passes (or not) decided something: not reusable for another value. */
  valueDependent?: boolean;
}

/** True if `v` passes `s` (with local refs in `doc`). */
export type Passes = (s: JsonSchema, doc: object) => boolean;

/** Collects the properties `s` (and its in-place applicators) evaluate for the value. */
export function collectKnown(
  s: unknown,
  doc: object,
  ctx: SchemaContext,
  passes: Passes,
  acc: Known = { names: new Set(), patterns: [], all: false },
  nested = false,
  hops = 16,
): Known {
  if (!isObject(s) || hops < 0 || acc.all) return acc;
  if (isObject(s.properties)) for (const k of Object.keys(s.properties)) acc.names.add(k);
  if (isObject(s.patternProperties)) {
    for (const p of Object.keys(s.patternProperties)) {
      const re = compilePattern(p);
      if (re) acc.patterns.push(re);
    }
  }
  if (s.additionalProperties !== undefined || (nested && s.unevaluatedProperties !== undefined)) acc.all = true;
  const next = (b: unknown, d = doc) => collectKnown(b, d, ctx, passes, acc, true, hops - 1);
  if (typeof s.$ref === 'string') {
    const r = resolveRef(s.$ref, doc, ctx);
    if (r) next(r.schema, r.doc);
  }
  if (Array.isArray(s.allOf)) s.allOf.forEach((b) => next(b));
  for (const list of [s.anyOf, s.oneOf]) {
    if (!Array.isArray(list)) continue;
    acc.valueDependent = true;
    for (const b of list) if (passes(b as JsonSchema, doc)) next(b);
  }
  if (s.if !== undefined) {
    acc.valueDependent = true;
    if (passes(s.if as JsonSchema, doc)) {
      next(s.if);
      next(s.then);
    } else next(s.else);
  }
  return acc;
}

/** True if `key` is among the evaluated properties. */
export const isKnown = (k: Known, key: string): boolean =>
  k.all || k.names.has(key) || k.patterns.some((re) => re.test(key));
