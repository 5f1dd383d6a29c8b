/**
 * Types of the hand-written JSON Schema validator: schemas and catalogs are plain data, issues are
 * values. Only the draft 2020-12 keywords A2UI catalogs and common types use are understood.
 */
import type { ReturnType } from '../functions/types.ts';

/** A JSON Schema as plain data: `true`, `false`, or a keyword object. Unknown keywords are ignored. */
export type JsonSchema = boolean | JsonSchemaObject;

/** A keyword object. The named keywords are the ones {@link validate} understands. */
export interface JsonSchemaObject {
  readonly [keyword: string]: unknown;
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchema;
  readonly unevaluatedProperties?: JsonSchema;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly allOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly not?: JsonSchema;
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
  readonly else?: JsonSchema;
}

/** One validation failure. */
export interface SchemaIssue {
  /** JSON pointer into the validated value, e.g. `/text` or `/args/values/0` (`""` is the value itself). */
  path: string;
  /** One short sentence, e.g. `Expected string, got integer`. */
  message: string;
}

/** Where `$ref`s resolve, and how deep validation may go. Build one with `createSchemaContext`. */
export interface SchemaContext {
  /** The document local `#/...` refs of the validated schema resolve into (usually a catalog). */
  readonly root: object;
  /** The document `common_types.json#/...` refs resolve into. */
  readonly commonTypes: object;
  /** Further documents, keyed by `$id` or by the part of a `$ref` before `#`. */
  readonly documents: Readonly<Record<string, object>>;
  /** Maximum nesting of schema evaluation (value depth plus `$ref` hops); deeper input is an issue. */
  readonly maxDepth: number;
  /** Maximum number of (value, schema) evaluations per `validate` call; more is an issue. */
  readonly maxSteps: number;
}

/** Who may call a catalog function. */
export type AllowedCallers = 'rendererOnly' | 'agentOnly' | 'rendererOrAgent';

/** A catalog function schema: a wire `FunctionCall` schema plus the function's calling rules. */
export interface FunctionDefinition extends JsonSchemaObject {
  readonly returnType: ReturnType;
  readonly allowedCallers?: AllowedCallers;
  readonly requiresUserActivation?: boolean;
}

/** A catalog document (descriptions stripped), as the built-in definitions ship it. */
export interface CatalogDocument {
  readonly $id?: string;
  readonly catalogId: string;
  readonly protocolVersion?: string;
  readonly components: Readonly<Record<string, JsonSchemaObject>>;
  readonly functions?: Readonly<Record<string, FunctionDefinition>>;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly metadata?: { readonly extensions?: Readonly<Record<string, unknown>> };
}
