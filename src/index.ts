/**
 * a2ui-elements core, the host API: the framework-free A2UI v1.0 store and what a host uses with
 * it — transports, catalogs, errors, the message types, and the classes a custom component
 * renders from. No DOM, no Lit; runs in Node and in browsers. The package's `a2ui-elements` entry.
 *
 * `elements/` and `sandbox/` use the core only through this file and `src/internal.ts` (the seam
 * they need beyond the host API; not a package entry).
 */

// The store and its transports.
export { A2uiStore, type StoreOptions, type ExecuteOptions, type TransportMetadata, type ActionInit } from './store.ts';
export * from './transport/index.ts';
export type { UserInput, InputSite, ScopeStep } from './user-input.ts';
export { LIBRARY_VERSION } from './version.ts';

// What a surface holds, and what a custom component renders from.
export { Surface, SURFACE_PARENT, type SurfaceInit, type ComponentRejection } from './surface.ts';
export { DataModel, DataValueError } from './data-model.ts';
export { DataContext, ROOT_SCOPE, type Scope, type EvalOptions, type EvaluationKind, type AgentCallRequest } from './evaluate.ts';
export { ItemScope } from './scope.ts';
export type { ComponentRecord, A2uiMetadata } from './component.ts';
export type { ChildTemplate } from './catalog/child-positions.ts';
export { ComponentNode, type ChildEntry, type NodeStore } from './component-node.ts';
export { Binding } from './binding.ts';

// Catalogs and functions.
export { Catalog, type CatalogDefinition, type ComponentType, type FunctionDeclaration, type JsonSchema, type AllowedCallers } from './catalog/catalog.ts';
export { basicCatalog, BASIC_CATALOG_ID } from './catalog/basic.ts';
export { mcpCatalog, MCP_CATALOG_ID } from './catalog/mcp.ts';
export type { FunctionContext, FunctionImplementation, HostEnvironment, ValidationResult, ReturnType } from './functions/types.ts';
export { codePointLength, MAX_VALUE_CODE_POINTS } from './regex/limits.ts';
export type { PatternCheck } from './regex/index.ts';
export type { PendingAgentCalls } from './rpc/on-demand.ts';

// Errors and renderer → agent messages.
export {
  A2uiError,
  A2uiWarning,
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

// The spec's value rules, for hosts and custom components that show or check values themselves.
export { toBoolean, toDisplayString, toCheckResult, isValidationResult } from './coerce.ts';
export { parsePointer, resolvePath, escapeSegment, unescapeSegment, toPointer, MAX_POINTER_LENGTH } from './json-pointer.ts';
export { isIdentifier, isComponentId } from './identifiers.ts';
export { DRAFT_SURFACE_VERSION, DRAFT_WIRE_VERSION, DRAFT_BASIC_ALIAS } from './draft/adapter.ts';
export { deepEqual, isObject, cloneJson, MAX_JSON_DEPTH } from './json.ts';
