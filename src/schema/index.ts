/**
 * A small JSON Schema validator for A2UI payloads: catalogs, common types, function arguments.
 * See `interpret.ts` for the supported keywords and `unevaluated.ts` for the one approximation.
 */
export type {
  AllowedCallers,
  CatalogDocument,
  FunctionDefinition,
  JsonSchema,
  JsonSchemaObject,
  SchemaContext,
  SchemaIssue,
} from './types.ts';
export { validate, schemaValidator, schemaExplainer } from './validate.ts';
export { applyDefaults } from './defaults.ts';
export { createSchemaContext, resolveRef } from './context.ts';
export { commonTypes } from './common-types.ts';
export { functionArgsSchema, validateComponent } from './component.ts';
