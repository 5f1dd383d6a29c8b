/**
 * The schema validator as code outside it sees it (the v0.9 rules): validate against a catalog's
 * schemas (catalog-schemas.ts, which arrives with the validator).
 * @throws LoadPending while the validator loads (the store holds the message); after a failed
 *   load (inside `afterFailedLoad`) the value gets one generic issue instead.
 */
import type { Catalog, JsonSchema } from './catalog/catalog.ts';
import { needed, unexplained } from './schema/explainer.ts';
import type { SchemaIssue } from './schema/types.ts';
import { schemaValidator } from './schema/validate.ts';

/** Issues of `value` against a schema of `catalog` (empty when valid). */
export function validateAgainst(value: unknown, schema: JsonSchema, catalog: Catalog): SchemaIssue[] {
  const validator = needed(schemaValidator);
  return validator ? validator.validateAgainst(value, schema, catalog) : [unexplained(schemaValidator)];
}

/** Issues of a wire component (envelope keys with `@`) against its catalog, as the message schema checks it. */
export function validateComponentSchema(component: Record<string, unknown>, catalog: Catalog): SchemaIssue[] {
  const validator = needed(schemaValidator);
  return validator ? validator.validateComponentSchema(component, catalog) : [unexplained(schemaValidator)];
}
