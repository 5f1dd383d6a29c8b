/**
 * The catalog rules a catalog document must follow (catalog.ts checks them when it loads one):
 * identifier names, the reserved `Surface`, `@` function names, `$ref`s only inside the catalog
 * or to the common types a catalog may name, and the v1.0 document rules (top-level keys,
 * metadata, `$defs`, function shape, property names). They arrive with the schema validator
 * (validation.ts gives them to catalog.ts).
 */
import { CatalogError } from '../errors.ts';
import { isIdentifier } from '../identifiers.ts';
import { isObject } from '../json.ts';
import { resolveLocal, type CatalogDefinition } from './definition.ts';

const ROOT_KEYS = new Set([
  '$schema', '$id', 'protocolVersion', 'title', 'description', 'catalogId', 'instructions', 'metadata',
  'components', 'functions', '$defs',
]);

/** The common types a catalog may reference from outside itself. */
const COMMON_REFS = new Set([
  'ComponentId', 'Child', 'ChildList', 'DynamicString', 'DynamicNumber', 'DynamicBoolean',
  'DynamicStringList', 'DynamicValue', 'AccessibilityAttributes', 'CheckRule', 'Checkable', 'Action',
  'DataBinding', 'FunctionCall', 'ComponentCommon',
]);
const COMMON_FILE = /^(?:https:\/\/a2ui\.org\/specification\/v1_0\/)?common_types\.json#\/\$defs\/([^/]+)$/;

/** Throws the {@link CatalogError} of the first rule `definition` (catalog `id`) breaks. */
export function catalogRules(definition: CatalogDefinition, id: string): void {
  const v1 = String(definition.protocolVersion ?? '0.9').replace(/^v/, '').startsWith('1');
  if (v1) {
    for (const key of Object.keys(definition)) {
      if (!ROOT_KEYS.has(key)) throw new CatalogError(`Catalog ${id}: top-level key '${key}' is not allowed`);
    }
  }
  checkRefs(definition, id);
  if (v1) checkV1Rules(definition, id);
  for (const [name, schema] of Object.entries(definition.components ?? {})) {
    if (v1 && !isIdentifier(name)) throw new CatalogError(`Catalog ${id}: Invalid UAX #31 component identifier '${name}'`);
    if (name === 'Surface') throw new CatalogError(`Catalog ${id}: the component name 'Surface' is reserved`);
    for (const key of ['allowedParents', 'allowedChildren'] as const) {
      const v = schema[key];
      if (v !== undefined && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
        throw new CatalogError(`Catalog ${id}: ${name}.${key} must be an array of strings`);
      }
    }
  }
  for (const name of Object.keys(definition.functions ?? {})) {
    if (name.startsWith('@')) throw new CatalogError(`Catalog ${id}: function names may not start with '@' ('${name}')`);
    if (v1 && !isIdentifier(name)) throw new CatalogError(`Catalog ${id}: function name '${name}' is not a UAX #31 identifier`);
  }
}

/** Every `$ref` must stay inside the catalog or name an allowed common type. */
function checkRefs(doc: CatalogDefinition, id: string): void {
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64) throw new CatalogError(`Catalog ${id}: schema nesting is too deep`);
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') {
        if (typeof v !== 'string') throw new CatalogError(`Catalog ${id}: $ref must be a string`);
        if (v.startsWith('#/')) {
          if (resolveLocal(doc, v) === undefined) throw new CatalogError(`Catalog ${id}: $ref '${v}' does not resolve`);
          continue;
        }
        const m = COMMON_FILE.exec(v);
        if (!m || !COMMON_REFS.has(m[1])) {
          throw new CatalogError(`Catalog ${id}: $ref '${v}' points outside the catalog and the common types`);
        }
      } else {
        walk(v, depth + 1);
      }
    }
  };
  walk(doc, 0);
}

/** The v1.0 catalog rules beyond `$ref`s: metadata, `$defs`, composition lists, function shape, names. */
function checkV1Rules(doc: CatalogDefinition, id: string): void {
  const fail = (why: string): never => {
    throw new CatalogError(`Catalog ${id}: ${why}`);
  };
  if (doc.metadata !== undefined) {
    if (!isObject(doc.metadata) || Object.keys(doc.metadata).some((k) => k !== 'extensions')) fail("metadata may only hold 'extensions'");
  }
  for (const [name, def] of Object.entries(doc.$defs ?? {})) {
    if (declaresComponent(def)) fail(`$defs/${name} is a component schema; components belong under "components"`);
  }
  for (const [name, schema] of Object.entries(doc.components ?? {})) {
    checkPropertyNames(schema, `component '${name}'`, fail);
  }
  for (const [name, schema] of Object.entries(doc.functions ?? {})) {
    const props = isObject(schema.properties) ? schema.properties : undefined;
    if (!props || !isObject(props['@call'])) fail(`function '${name}' must declare a "@call" property`);
    if (typeof schema.returnType !== 'string') fail(`function '${name}' has no returnType`);
    if (schema.requiresUserActivation === true && (schema.allowedCallers ?? 'rendererOnly') !== 'rendererOnly') {
      fail(`function '${name}' requires user activation, so its allowedCallers must be rendererOnly`);
    }
    const args = props && isObject(props.args) ? props.args : undefined;
    if (args) checkPropertyNames(args, `arguments of '${name}'`, fail);
  }
}

/** True for a schema that declares a `component` property, directly or inside an `allOf` wrapper. */
function declaresComponent(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (isObject(schema.properties) && Object.hasOwn(schema.properties, 'component')) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some(declaresComponent);
}

/** Property names a component or function declares must be UAX #31 identifiers (envelope `@` keys aside). */
function checkPropertyNames(schema: unknown, what: string, fail: (why: string) => never, depth = 0): void {
  if (!isObject(schema) || depth > 4) return;
  if (isObject(schema.properties)) {
    for (const key of Object.keys(schema.properties)) {
      if (!key.startsWith('@') && !isIdentifier(key)) fail(`${what}: property name '${key}' is not a UAX #31 identifier`);
    }
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) checkPropertyNames(s, what, fail, depth + 1);
}
