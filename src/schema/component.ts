/** Catalog-level entry points: validating a wire component, finding a function's argument schema. */
import type { CatalogDocument, JsonSchema, SchemaContext, SchemaIssue } from './types.ts';
import { childPath, hasOwn, isObject, show, typeOf } from './util.ts';
import { validate } from './validator.ts';

const catalogOf = (ctx: SchemaContext) => ctx.root as Partial<CatalogDocument>;

/** The schema of each component type, per context (names come from the catalog, so the map is bounded). */
const componentSchemas = new WeakMap<SchemaContext, Map<string, JsonSchema>>();

/**
 * Validates one wire component against `ctx.root` (a catalog), as the message schema's `Component`
 * does: the envelope (`id`, `@catalogId`, `@accessibility`, `@metadata` via `ComponentCommon`) and
 * the catalog's schema for its `component`, with any other key rejected (`unevaluatedProperties:
 * false`). `@checks` is accepted only on components whose schema includes `Checkable`.
 */
export function validateComponent(component: unknown, ctx: SchemaContext): SchemaIssue[] {
  if (!isObject(component)) return [{ path: '', message: `Expected object, got ${typeOf(component)}` }];
  const name = component.component;
  if (typeof name !== 'string') {
    return [{ path: '/component', message: hasOwn(component, 'component') ? `Expected string, got ${typeOf(name)}` : 'Missing required property "component"' }];
  }
  const components = catalogOf(ctx).components;
  if (!isObject(components) || !hasOwn(components, name)) {
    return [{ path: '/component', message: `Unknown component ${show(name)}` }];
  }
  let byName = componentSchemas.get(ctx);
  if (!byName) componentSchemas.set(ctx, (byName = new Map()));
  let schema = byName.get(name);
  if (!schema) {
    // One object per component type: validation caches what it learns about a schema by identity.
    schema = {
      allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, { $ref: `#/components/${encodeURIComponent(childPath('', name).slice(1))}` }],
      unevaluatedProperties: false,
    };
    byName.set(name, schema);
  }
  return validate(component, schema, ctx);
}

/**
 * The schema of a function's `args` object: `@index` from the common types, other names from
 * `ctx.root`'s `functions`. `undefined` if the catalog does not declare the function. Use it with
 * `validate` and `applyDefaults` in the same context.
 */
export function functionArgsSchema(name: string, ctx: SchemaContext): JsonSchema | undefined {
  if (name === '@index') return { $ref: 'common_types.json#/$defs/IndexSystemFunction/properties/args' };
  const functions = catalogOf(ctx).functions;
  if (!isObject(functions) || !hasOwn(functions, name)) return undefined;
  const args = functions[name]!.properties?.args;
  return args === undefined ? true : args;
}
