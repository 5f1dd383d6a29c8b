/**
 * v0.9 catalogs in a form the store loads. A v0.9 catalog document differs from a v1.0 one in ways
 * the store's catalog loader and validator care about; {@link v09CatalogDefinition} rewrites them:
 *
 * - `$ref`s to the v0.9 common types (`https://a2ui.org/specification/v0_9/common_types.json#/$defs/X`,
 *   or a local `#/$defs/X` that the document does not define, as bundled inline catalogs write it)
 *   point at the built-in common types. A local `ComponentId`, `Child` or `ChildList` the document
 *   defines itself (custom catalogs copy them into their `$defs`) is taken as the common type too:
 *   the store finds child positions by these types, and a copy would hide them. Upgraded components then validate against them, because
 *   the adapter has already turned `{path}` / `{call}` into `{"@path"}` / `{"@call"}`.
 * - Where the v0.9 common type means something else than the v1.0 one, the ref points at a local
 *   `$defs/A2uiV09…` instead: component ids are any string in v0.9 (v1.0 wants UAX #31
 *   identifiers), `checks` is the bare envelope key (upgraded to `@checks`), and a check condition
 *   is any DynamicBoolean with a required message. The id types keep the common ref inside an
 *   `anyOf`, so the store still finds child slots by it. `DynamicBoolean` goes through a local
 *   alias, so the store does not apply the v1.0 boolean coercion to v0.9 function arguments (v0.9
 *   functions read truthiness themselves).
 * - Functions are keyed by name; a wire schema's `call` becomes `@call`, and its
 *   `returnType: {const}` becomes the catalog-level `returnType` (v1.0's place for it). The
 *   capabilities form (`{name, parameters, returnType}`, as a list or map) is accepted too.
 * - Component schemas in the published `allOf` form are flattened (see {@link flatten}); one that
 *   does not declare `component` gets it (and `id`) declared.
 * - `protocolVersion` defaults to `0.9`; `theme` (top level or `$defs/theme`) is kept.
 */
import type { CatalogDefinition, JsonSchema } from '../catalog/catalog.ts';
import { resolveLocal } from '../catalog/catalog.ts';
import { CatalogError } from '../errors.ts';
import { isObject } from '../json.ts';

const COMMON = 'common_types.json#/$defs/';
const COMMON_REF = /^(?:https?:\/\/[^#]*\/)?common_types\.json#\/\$defs\/([^/]+)$/;
const LOCAL_DEF = /^#\/\$defs\/([^/]+)$/;
/** Common types a bundled catalog may name as local `#/$defs/X`. */
const COMMON_NAMES = new Set([
  'ComponentId', 'Child', 'ChildList', 'DynamicString', 'DynamicNumber', 'DynamicBoolean', 'DynamicStringList',
  'DynamicValue', 'AccessibilityAttributes', 'CheckRule', 'Checkable', 'Action', 'DataBinding', 'FunctionCall',
  'ComponentCommon',
]);

/** The common types that mark child positions, taken by name even where a catalog defines them itself. */
const CHILD_TYPES = new Set(['ComponentId', 'Child', 'ChildList']);

/** The v0.9 meaning of the common types that differ from v1.0, as local definitions. */
const V09_DEFS: Record<string, JsonSchema> = {
  A2uiV09ComponentId: { anyOf: [{ $ref: `${COMMON}ComponentId` }, { type: 'string' }] },
  A2uiV09ChildList: {
    anyOf: [
      { $ref: `${COMMON}ChildList` },
      { type: 'array', items: { type: 'string' } },
      {
        type: 'object',
        properties: { componentId: { type: 'string' }, path: { type: 'string' } },
        required: ['componentId', 'path'],
        additionalProperties: false,
      },
    ],
  },
  A2uiV09CheckRule: {
    type: 'object',
    properties: { condition: { $ref: `${COMMON}DynamicBoolean` }, message: { type: 'string' } },
    required: ['condition', 'message'],
    additionalProperties: false,
  },
  A2uiV09DynamicBoolean: { $ref: `${COMMON}DynamicBoolean` },
  A2uiV09Checkable: { type: 'object', properties: { '@checks': { type: 'array', items: { $ref: '#/$defs/A2uiV09CheckRule' } } } },
};
const LOCAL_FOR: Record<string, string> = {
  ComponentId: 'A2uiV09ComponentId',
  Child: 'A2uiV09ComponentId',
  ChildList: 'A2uiV09ChildList',
  CheckRule: 'A2uiV09CheckRule',
  Checkable: 'A2uiV09Checkable',
  DynamicBoolean: 'A2uiV09DynamicBoolean',
};

/**
 * A v0.9 / v0.9.1 catalog document (as published, or as a v0.9 inline catalog) rewritten so that
 * `store.registerCatalog` loads it. The input is not changed. Throws {@link CatalogError} for a
 * document without a `catalogId`.
 */
export function v09CatalogDefinition(source: Record<string, unknown>): CatalogDefinition {
  if (!isObject(source) || typeof source.catalogId !== 'string' || source.catalogId === '') {
    throw new CatalogError('Catalog is missing catalogId');
  }
  // rewriteRefs copies every object and array it walks, so the input stays untouched.
  const doc: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) doc[k] = rewriteRefs(v, source);
  doc.$defs = { ...(isObject(doc.$defs) ? doc.$defs : {}), ...structuredClone(V09_DEFS) };
  if (isObject(doc.components)) {
    doc.components = Object.fromEntries(Object.entries(doc.components).map(([name, s]) => [name, withIdentity(name, flatten(s, doc), doc)]));
  }
  if (doc.functions !== undefined) doc.functions = normaliseFunctions(doc.functions);
  doc.protocolVersion = typeof doc.protocolVersion === 'string' ? doc.protocolVersion.replace(/^v/, '') : '0.9';
  return doc as CatalogDefinition;
}

/** The theme schema a catalog declares (top-level `theme` or `$defs/theme`), as a JSON Schema. */
export function themeSchema(definition: CatalogDefinition): JsonSchema | undefined {
  const raw = definition.theme ?? (isObject(definition.$defs) ? definition.$defs.theme : undefined);
  if (!isObject(raw)) return undefined;
  // The capabilities form is a map of property name → schema.
  const isSchema = ['type', 'properties', 'additionalProperties', '$ref', 'allOf', 'oneOf', 'anyOf'].some((k) => Object.hasOwn(raw, k));
  return isSchema ? raw : { type: 'object', properties: raw };
}

/**
 * A v0.9 catalog schema describes a component's properties; inline catalogs often leave out `id`
 * and `component` (the published ones compose `ComponentCommon` and declare `component`). The store
 * validates the whole component object, so such a schema gets `component` declared, and `id` when
 * it refuses undeclared properties.
 */
function withIdentity(name: string, schema: unknown, doc: Record<string, unknown>): unknown {
  if (!isObject(schema) || declares(schema, 'component', doc, 0)) return schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  // `additionalProperties: false` would refuse the id the envelope schema allows.
  const id = schema.additionalProperties === false ? { id: true } : {};
  return { ...schema, properties: { ...id, component: { const: name }, ...properties } };
}

/** Keys a plain object-schema branch may have for {@link flatten} to merge it. */
const PLAIN = new Set(['type', 'properties', 'required']);

/**
 * The published v0.9 form, `allOf: [ComponentCommon, local mixins…, {properties, required}]` with
 * `unevaluatedProperties: false`, as one flat `{type, properties, required}` (what v1.0 catalogs
 * write). The store wraps every component schema in `ComponentCommon` with
 * `unevaluatedProperties: false` itself, so this accepts exactly the same components and
 * validates in about half the time. Any other shape is left as it is.
 */
function flatten(schema: unknown, doc: Record<string, unknown>): unknown {
  if (!isObject(schema) || !Array.isArray(schema.allOf) || schema.unevaluatedProperties !== false) return schema;
  if (Object.keys(schema).some((k) => !['type', 'allOf', 'unevaluatedProperties'].includes(k))) return schema;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const branch of schema.allOf) {
    const ref = isObject(branch) && typeof branch.$ref === 'string' ? branch.$ref : undefined;
    if (ref === `${COMMON}ComponentCommon`) continue;
    const plain = ref?.startsWith('#/') ? resolveLocal(doc, ref) : ref === undefined ? branch : undefined;
    if (!isObject(plain) || Object.keys(plain).some((k) => !PLAIN.has(k)) || (plain.type !== undefined && plain.type !== 'object')) return schema;
    if (isObject(plain.properties)) Object.assign(properties, plain.properties);
    if (Array.isArray(plain.required)) required.push(...(plain.required as string[]));
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function declares(schema: unknown, key: string, doc: Record<string, unknown>, depth: number): boolean {
  if (!isObject(schema) || depth > 16) return false;
  if (isObject(schema.properties) && Object.hasOwn(schema.properties, key)) return true;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/') && declares(resolveLocal(doc, schema.$ref), key, doc, depth + 1)) return true;
  return ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(schema[k]) && (schema[k] as unknown[]).some((s) => declares(s, key, doc, depth + 1)));
}

function rewriteRefs(node: unknown, original: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, original));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? rewriteRef(v, original) : rewriteRefs(v, original);
  return out;
}

function rewriteRef(ref: string, original: Record<string, unknown>): string {
  let name = COMMON_REF.exec(ref)?.[1];
  const local = LOCAL_DEF.exec(ref)?.[1];
  // A local copy of a child-position type still means the common type: the store finds child
  // positions by it. Other local definitions of common names are the catalog's own.
  if (name === undefined && local !== undefined && COMMON_NAMES.has(local) && (CHILD_TYPES.has(local) || resolveLocal(original, ref) === undefined)) name = local;
  if (name === undefined) return ref;
  return LOCAL_FOR[name] ? `#/$defs/${LOCAL_FOR[name]}` : `${COMMON}${name}`;
}

/** Functions as a map of v1.0-shaped wire schemas with a catalog-level `returnType`. */
function normaliseFunctions(functions: unknown): Record<string, JsonSchema> {
  const entries: Array<[string, unknown]> = Array.isArray(functions)
    ? functions.filter(isObject).map((f) => [String(f.name), f])
    : isObject(functions)
      ? Object.entries(functions)
      : [];
  return Object.fromEntries(entries.filter(([, f]) => isObject(f)).map(([name, f]) => [name, normaliseFunction(name, f as Record<string, unknown>)]));
}

function normaliseFunction(name: string, f: Record<string, unknown>): JsonSchema {
  if (Object.hasOwn(f, 'parameters') && !isObject(f.properties)) {
    // Capabilities form: `parameters` is the argument schema.
    const { name: _name, parameters, returnType, ...rest } = f;
    return { ...rest, type: 'object', properties: { '@call': { const: name }, args: parameters }, required: ['@call'], returnType: returnType ?? 'any' };
  }
  const props = isObject(f.properties) ? { ...f.properties } : {};
  let returnType = f.returnType;
  if (isObject(props.returnType)) {
    if (returnType === undefined && typeof props.returnType.const === 'string') returnType = props.returnType.const;
    delete props.returnType;
  }
  if (Object.hasOwn(props, 'call')) {
    props['@call'] = props.call;
    delete props.call;
  }
  const required = Array.isArray(f.required) ? f.required.map((r) => (r === 'call' ? '@call' : r)) : f.required;
  return { ...f, properties: props, ...(required === undefined ? {} : { required }), returnType: returnType ?? 'any' };
}
