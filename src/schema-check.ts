/**
 * The store's view of the schema validator: validate against a catalog's schemas (local refs into
 * the catalog, `common_types.json` refs into the built-in common types) or against one common type.
 */
import type { Catalog, JsonSchema } from './catalog/catalog.ts';
import { commonTypes, createSchemaContext, validate, type SchemaContext, type SchemaIssue } from './schema/index.ts';

const contexts = new WeakMap<Catalog, SchemaContext>();

function contextOf(catalog: Catalog): SchemaContext {
  let ctx = contexts.get(catalog);
  if (!ctx) contexts.set(catalog, (ctx = createSchemaContext(catalog.definition, { maxDepth: 256 })));
  return ctx;
}

/** Issues of `value` against a schema of `catalog` (empty when valid). */
export function validateAgainst(value: unknown, schema: JsonSchema, catalog: Catalog): SchemaIssue[] {
  return validate(value, schema, contextOf(catalog));
}

const commonContext = createSchemaContext(undefined, { maxDepth: 256 });

/** Issues of `value` against the common type `name` (e.g. `AccessibilityAttributes`). */
export function validateCommon(value: unknown, name: string): SchemaIssue[] {
  return validate(value, { $ref: `#/$defs/${name}` }, { ...commonContext, root: commonTypes });
}
