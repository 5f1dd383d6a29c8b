/**
 * a2ui-elements core: the framework-free A2UI v1.0 store. No DOM, no Lit; runs in Node and in
 * browsers. `elements/` and `sandbox/` use the core only through this file.
 */
export { A2uiStore, type StoreOptions, type ExecuteOptions, type TransportMetadata } from './store.ts';
export * from './transport/index.ts';
export type { UserInput, InputSite, ScopeStep } from './user-input.ts';
export { LIBRARY_VERSION } from './version.ts';
export { Surface, SURFACE_PARENT, type SurfaceInit, type ComponentRejection } from './surface.ts';
export { DataModel } from './data-model.ts';
export { DataContext, ROOT_SCOPE, type Scope, type EvalOptions, type EvaluationKind, type AgentCallRequest } from './evaluate.ts';
export { ItemScope } from './scope.ts';
export { Catalog, type CatalogDefinition, type ComponentType, type FunctionDeclaration, type JsonSchema, type AllowedCallers } from './catalog/catalog.ts';
export { basicCatalog, BASIC_CATALOG_ID } from './catalog/basic.ts';
export { mcpCatalog as mcpCatalogDefinition } from './catalog/definitions/mcp.ts';
// The regex dialect checker loads on first use: `const { checkPattern, regexTest } = await regexChecker.load()`.
export { codePointLength, MAX_VALUE_CODE_POINTS } from './regex/limits.ts';
export type { PatternCheck } from './regex/index.ts';
export { regexChecker } from './functions/basic/regex.ts';
export { dateFormatter } from './functions/basic/index.ts';
export { lazyModule, loadError, type LazyModule } from './lazy.ts';
export type { ChildTemplate } from './catalog/child-slots.ts';
export type { ComponentRecord, A2uiMetadata } from './component.ts';
export { ComponentNode, type ChildEntry } from './component-node.ts';
export { Binding } from './binding.ts';
export {
  A2uiError,
  ValidationError,
  IntegrityError,
  ExpressionError,
  CatalogError,
  FunctionCallError,
  DataError,
  asA2uiError,
  thrownMessage,
  type A2uiErrorCode,
} from './errors.ts';
export type { OutboundMessage, ActionMessage, ErrorMessage, FunctionResponse, CallAgentFunctionMessage } from './outbound.ts';
export type { FunctionContext, FunctionImplementation, HostEnvironment, ValidationResult, ReturnType } from './functions/types.ts';
export { toBoolean, toDisplayString, toCheckResult, isValidationResult } from './coerce.ts';
export { parsePointer, resolvePath, escapeSegment, unescapeSegment, toPointer, MAX_POINTER_LENGTH } from './json-pointer.ts';
export { isIdentifier, isComponentId } from './identifiers.ts';
export { DRAFT_SURFACE_VERSION, DRAFT_WIRE_VERSION, DRAFT_BASIC_ALIAS } from './draft/adapter.ts';
export { deepEqual, isObject, cloneJson, MAX_JSON_DEPTH } from './json.ts';
