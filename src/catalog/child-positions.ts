/**
 * Where a component type holds references to other components. The spec makes these positions
 * recognisable by schema: a `$ref` to the common `ComponentId`, `Child` or `ChildList` types. We find
 * them once per component type (the built-in catalogs: when their index is generated), so
 * extracting a component's children is a few property reads (child-references.ts).
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
