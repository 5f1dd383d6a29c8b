/**
 * Validating against a catalog's schemas (local refs into the catalog, `common_types.json` refs
 * into the built-in common types) or against one common type. It arrives with the schema
 * validator (validation.ts); code in the first load goes through schema-check.ts.
 */
import type { Catalog, JsonSchema } from './catalog/catalog.ts';
import { createSchemaContext } from './schema/context.ts';
import { validateComponent } from './schema/component.ts';
import type { SchemaContext, SchemaIssue } from './schema/types.ts';
import { validate } from './schema/validator.ts';

const contexts = new WeakMap<Catalog, SchemaContext>();

/** The schema context of a catalog (cached: `$ref` lookups are memoised per context). */
export function contextOf(catalog: Catalog): SchemaContext {
  let ctx = contexts.get(catalog);
  if (!ctx) contexts.set(catalog, (ctx = createSchemaContext(catalog.definition)));
  return ctx;
}

/** Issues of `value` against a schema of `catalog` (empty when valid). */
export function validateAgainst(value: unknown, schema: JsonSchema, catalog: Catalog): SchemaIssue[] {
  return validate(value, schema, contextOf(catalog));
}

/** Issues of a wire component (envelope keys with `@`) against its catalog, as the message schema checks it. */
export function validateComponentSchema(component: Record<string, unknown>, catalog: Catalog): SchemaIssue[] {
  return validateComponent(component, contextOf(catalog));
}
