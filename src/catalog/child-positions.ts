/**
 * Where a component type holds references to other components. The spec makes these positions
 * recognisable by schema: a `$ref` to the common `ComponentId`, `Child` or `ChildList` types. We find
 * them once per component type, so extracting a component's children is a few property reads.
 */
import { isObject } from '../json.ts';
import { resolveLocal, type CatalogDefinition, type JsonSchema } from './definition.ts';

/** A path to a child position: property names, with `*` for "every array item". */
export interface ChildPosition {
  readonly path: readonly string[];
  /** `one`: a single ComponentId; `list`: a ChildList (array of ids or a template). */
  readonly kind: 'one' | 'list';
}

const COMMON = /common_types\.json#\/\$defs\/(ComponentId|Child|ChildList)$/;

/** Finds the child positions of one component schema. */
export function childPositions(schema: JsonSchema, doc: CatalogDefinition): ChildPosition[] {
  const out: ChildPosition[] = [];
  const seen = new Set<unknown>();
  const walk = (s: unknown, path: string[], depth: number): void => {
    if (!isObject(s) || depth > 12 || seen.has(s)) return;
    seen.add(s);
    if (typeof s.$ref === 'string') {
      const m = COMMON.exec(s.$ref);
      if (m) {
        out.push({ path, kind: m[1] === 'ChildList' ? 'list' : 'one' });
        seen.delete(s);
        return;
      }
      if (s.$ref.startsWith('#/')) walk(resolveLocal(doc, s.$ref), path, depth + 1);
    }
    if (isObject(s.properties)) {
      for (const [k, v] of Object.entries(s.properties)) walk(v, [...path, k], depth + 1);
    }
    if (isObject(s.items)) walk(s.items, [...path, '*'], depth + 1);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) walk(sub, path, depth + 1);
    }
    seen.delete(s);
  };
  walk(schema, [], 0);
  return dedupe(out);
}

function dedupe(positions: ChildPosition[]): ChildPosition[] {
  const keys = new Set<string>();
  return positions.filter((s) => {
    const k = s.kind + ':' + s.path.join('/');
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
}

/** A template child list: one instance of `componentId` per item of the array at `path`. */
export interface ChildTemplate {
  componentId: string;
  path: string;
}

/** The child references a component's properties make, in order (static ids and templates). */
export function childReferences(props: Record<string, unknown>, positions: readonly ChildPosition[]): Array<string | ChildTemplate> {
  const out: Array<string | ChildTemplate> = [];
  for (const p of positions) collect(props, p.path, 0, p.kind, out);
  return out;
}

function collect(value: unknown, path: readonly string[], i: number, kind: 'one' | 'list', out: Array<string | ChildTemplate>): void {
  if (i === path.length) {
    if (kind === 'one') {
      if (typeof value === 'string') out.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) if (typeof v === 'string') out.push(v);
    } else if (isObject(value) && typeof value.componentId === 'string' && typeof value.path === 'string') {
      out.push({ componentId: value.componentId, path: value.path });
    }
    return;
  }
  const key = path[i];
  if (key === '*') {
    if (Array.isArray(value)) for (const v of value) collect(v, path, i + 1, kind, out);
  } else if (isObject(value) && Object.hasOwn(value, key)) {
    collect(value[key], path, i + 1, kind, out);
  }
}

/**
 * A copy of `props` with every child reference replaced by `standIn` (a valid id): for checking
 * the properties of a surface whose ids need not be identifiers (v0.9, draft v1.0) against
 * schemas whose `ComponentId` carries the UAX #31 pattern.
 */
export function withStandInIds(props: Record<string, unknown>, positions: readonly ChildPosition[], standIn: string): Record<string, unknown> {
  let out = props;
  for (const p of positions) out = replace(out, p.path, 0, p.kind, standIn) as Record<string, unknown>;
  return out;
}

function replace(value: unknown, path: readonly string[], i: number, kind: 'one' | 'list', standIn: string): unknown {
  if (i === path.length) {
    if (kind === 'one') return typeof value === 'string' ? standIn : value;
    if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? standIn : v));
    if (isObject(value) && typeof value.componentId === 'string') return { ...value, componentId: standIn };
    return value;
  }
  const key = path[i];
  if (key === '*') return Array.isArray(value) ? value.map((v) => replace(v, path, i + 1, kind, standIn)) : value;
  if (!isObject(value) || !Object.hasOwn(value, key)) return value;
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: replace(value[key], path, i + 1, kind, standIn), enumerable: true, writable: true, configurable: true });
  return copy;
}
