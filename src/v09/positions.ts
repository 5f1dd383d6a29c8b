/**
 * What a catalog schema says about one position in a component: whether a value there is dynamic
 * (a `Dynamic*`, `DataBinding` or `FunctionCall` common type), an `Action`, a child reference, or
 * a structure with named properties and items. The upgrade follows these shapes, so only real
 * dynamic positions get `{path}` → `{"@path"}` and `{call}` → `{"@call"}`.
 */
import type { CatalogDefinition, JsonSchema } from '../catalog/catalog.ts';
import { resolveLocal } from '../catalog/catalog.ts';
import { isObject } from '../json.ts';

/** The merged reading of the schemas that apply at one position. */
export interface Shape {
  /** A `Dynamic*` / `DataBinding` / `FunctionCall` common type applies. */
  dynamic: boolean;
  /** The common `Action` type applies. */
  action: boolean;
  /** A `ComponentId` / `Child` / `ChildList` common type applies. */
  child: boolean;
  /** Schemas of named properties (an object structure). */
  readonly properties: Map<string, JsonSchema[]>;
  /** Schemas of properties not named (`additionalProperties`, `patternProperties`). */
  readonly additional: JsonSchema[];
  /** Schemas of array items. */
  readonly items: JsonSchema[];
  /** False when no schema says anything (absent, `{}` or `true`): the caller guesses. */
  known: boolean;
}

const COMMON = /common_types\.json#\/\$defs\/(\w+)$/;
const DYNAMIC = new Set(['DynamicString', 'DynamicNumber', 'DynamicBoolean', 'DynamicStringList', 'DynamicValue', 'DataBinding', 'FunctionCall']);
const CHILD = new Set(['ComponentId', 'Child', 'ChildList']);
/** Keywords that constrain a value without naming parts of it. */
const LEAF = ['type', 'enum', 'const', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength'];

const cache = new WeakMap<object, Shape>();

/** The shape of the given schemas (local refs resolve in `doc`). */
export function shapeOf(schemas: readonly JsonSchema[], doc: CatalogDefinition): Shape {
  if (schemas.length === 1 && isObject(schemas[0])) {
    let s = cache.get(schemas[0]);
    if (!s) cache.set(schemas[0], (s = build(schemas, doc)));
    return s;
  }
  return build(schemas, doc);
}

function build(schemas: readonly JsonSchema[], doc: CatalogDefinition): Shape {
  const shape: Shape = { dynamic: false, action: false, child: false, properties: new Map(), additional: [], items: [], known: false };
  const seen = new Set<unknown>();
  const add = (s: unknown, depth: number): void => {
    if (!isObject(s) || depth > 16 || seen.has(s)) return;
    seen.add(s);
    if (typeof s.$ref === 'string') {
      const common = COMMON.exec(s.$ref)?.[1];
      if (common !== undefined) {
        shape.known = true;
        if (DYNAMIC.has(common)) shape.dynamic = true;
        else if (CHILD.has(common)) shape.child = true;
        else if (common === 'Action') shape.action = true;
      } else if (s.$ref.startsWith('#/')) add(resolveLocal(doc, s.$ref), depth + 1);
    }
    if (isObject(s.properties)) {
      shape.known = true;
      for (const [k, v] of Object.entries(s.properties)) {
        const list = shape.properties.get(k);
        if (list) list.push(v as JsonSchema);
        else shape.properties.set(k, [v as JsonSchema]);
      }
    }
    if (isObject(s.additionalProperties)) shape.additional.push(s.additionalProperties);
    if (isObject(s.patternProperties)) shape.additional.push(...(Object.values(s.patternProperties) as JsonSchema[]));
    if (isObject(s.items)) shape.items.push(s.items);
    if (shape.additional.length || shape.items.length || LEAF.some((k) => Object.hasOwn(s, k))) shape.known = true;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) add(sub, depth + 1);
    }
  };
  for (const s of schemas) add(s, 0);
  return shape;
}

/** The schemas of property `key` at a shape: named, else additional; empty when unknown. */
export function propertySchemas(shape: Shape, key: string): JsonSchema[] {
  return shape.properties.get(key) ?? shape.additional;
}
