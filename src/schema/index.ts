/**
 * A small JSON Schema validator for A2UI payloads: catalogs, common types, function arguments.
 * See `interpret.ts` for the supported keywords and `unevaluated.ts` for the one approximation.
 * Everything but the two lazy modules arrives with `schemaValidator` (validation.ts): importing
 * this barrel loads it statically (tests, the conformance runner); the library's own first load
 * imports only validate.ts.
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
export { schemaValidator, schemaExplainer } from './validate.ts';
export { validate } from './validator.ts';
export { applyDefaults } from './defaults.ts';
export { createSchemaContext, resolveRef } from './context.ts';
export { commonTypes } from './common-types.ts';
export { functionArgsSchema, validateComponent } from './component.ts';
