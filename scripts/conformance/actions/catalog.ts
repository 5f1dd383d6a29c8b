/**
 * Catalog suite actions on the store's Catalog: `from_json` (load, identifier rules, component
 * validation through a surface), `to_json` and `round_trip` (the store keeps the document it
 * loaded, so serialising is returning it), and `validate_common_type` (the store's schema
 * validator on its built-in common types). `validation_schema` and `common_types_schema` test the
 * official SDK's own schema generators and are on the skip list.
 */
import { A2uiError, A2uiStore, BASIC_CATALOG_ID, Catalog, basicCatalog, type CatalogDefinition } from '../../../src/index.ts';
import { isObject } from '../../../src/json.ts';
import { commonTypes, createSchemaContext, resolveRef, validate } from '../../../src/schema/index.ts';
import { canonicalVersion, checkErrors, describe, errorExpectation, jsonEqual, schemaEqual, show } from '../expect.ts';
import { caseVersion } from '../harness.ts';
import { readSpecJson } from '../paths.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeCall, upgradeComponent, upgradeDynamic } from '../../../src/draft/upgrade.ts';

/** The catalog document a case names (`catalogPath` or inline `catalog`), with overrides applied. */
function documentOf(c: Case): Record<string, unknown> {
  let doc: Record<string, unknown>;
  if (typeof c.catalogPath === 'string') doc = readSpecJson(c.catalogPath);
  else if (isObject(c.catalog)) doc = structuredClone(isObject(c.catalog.catalogSchema) ? c.catalog.catalogSchema : c.catalog);
  else fail('the case names no catalog');
  if (typeof c.catalogId === 'string') doc = { ...doc, catalogId: c.catalogId };
  // A case-level protocol version stands in for a document that declares none.
  if (doc.protocolVersion === undefined && c.protocolVersion !== undefined) doc = { ...doc, protocolVersion: canonicalVersion(c.protocolVersion) };
  return doc;
}

function load(c: Case): { catalog?: Catalog; error?: unknown } {
  try {
    return { catalog: new Catalog(documentOf(c) as CatalogDefinition) };
  } catch (e) {
    return { error: e };
  }
}

const FROM_JSON_KEYS = new Set([
  'catalogId', 'protocolVersion', 'components', 'functions', 'theme', 'selfContained', 'validComponents', 'invalidComponents', 'matchesBuiltinCatalog',
]);

export function fromJson(c: Case): Outcome {
  const { catalog, error } = load(c);
  const expected = errorExpectation(c);
  if (expected !== undefined) {
    const why = checkErrors(error instanceof A2uiError ? [error] : [], expected);
    if (why) fail(error && !(error instanceof A2uiError) ? describe(error) : why);
    return PASS;
  }
  if (!catalog) fail(`load failed: ${describe(error)}`);
  const expect = isObject(c.expect) ? c.expect : {};
  for (const key of Object.keys(expect)) if (!FROM_JSON_KEYS.has(key)) fail(`unknown expect key ${key}`);
  const def = catalog.definition;
  if (expect.catalogId !== undefined && catalog.id !== expect.catalogId) fail(`catalogId ${catalog.id} ≠ ${expect.catalogId}`);
  if (expect.protocolVersion !== undefined && canonicalVersion(catalog.protocolVersion) !== canonicalVersion(expect.protocolVersion)) {
    fail(`protocolVersion ${catalog.protocolVersion} ≠ ${expect.protocolVersion}`);
  }
  for (const kind of ['components', 'functions'] as const) {
    const want = expect[kind];
    if (want === undefined) continue;
    const have = isObject(def[kind]) ? (def[kind] as Record<string, unknown>) : {};
    const names = Array.isArray(want) ? want : Object.keys(want as object);
    for (const name of names) {
      if (!Object.hasOwn(have, name)) fail(`${kind} lack ${name}`);
      if (isObject(want) && !schemaEqual(have[name], (want as Record<string, unknown>)[name])) fail(`${kind}.${name} ${show(have[name])} ≠ ${show((want as Record<string, unknown>)[name])}`);
    }
  }
  if (expect.theme !== undefined) {
    const wantTheme = isObject(expect.theme) && Object.keys(expect.theme).length > 0;
    const hasTheme = isObject(def.theme) && Object.keys(def.theme).length > 0;
    if (wantTheme !== hasTheme) fail(`theme ${hasTheme ? 'present' : 'absent'}`);
  }
  if (expect.selfContained === true) {
    const why = unresolvedRef(def);
    if (why) fail(why);
  }
  for (const [key, valid] of [['validComponents', true], ['invalidComponents', false]] as const) {
    for (const component of Array.isArray(expect[key]) ? (expect[key] as unknown[]) : []) {
      const errors = validateComponent(catalog, component, caseVersion(c));
      if (valid && errors.length) fail(`valid component rejected: ${describe(errors[0])}`);
      if (!valid && !errors.length) fail(`invalid component accepted: ${show(component)}`);
    }
  }
  if (expect.matchesBuiltinCatalog === true) {
    if (catalog.id !== BASIC_CATALOG_ID) fail(`no built-in catalog with id ${catalog.id}`);
    const why = compareWithBuiltin(def, basicCatalog().definition);
    if (why) fail(why);
  }
  return PASS;
}

/** Every `$ref` resolves: locally in the catalog, or into the store's built-in common types. */
function unresolvedRef(def: CatalogDefinition): string | undefined {
  const ctx = createSchemaContext(def);
  let bad: string | undefined;
  const walk = (node: unknown) => {
    if (bad) return;
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && !resolveRef(node.$ref, def, ctx)) bad = `$ref ${node.$ref} does not resolve`;
      Object.values(node).forEach(walk);
    }
  };
  walk(def);
  return bad;
}

/** Runs one component instance through a surface whose default catalog is `catalog`. */
function validateComponent(catalog: Catalog, component: unknown, version: string): A2uiError[] {
  const store = new A2uiStore({ withoutBasicCatalog: true, catalogs: [catalog], locale: 'en-US', timeoutMs: 0 });
  const errors: A2uiError[] = [];
  store.onError((e) => errors.push(e));
  const c = version.startsWith('1') ? upgradeComponent(component, { draftBindings: false }) : component;
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: catalog.id, components: [c] } });
  store.dispose();
  return errors;
}

/** Same component property / required names and function calling rules as the built-in catalog. */
function compareWithBuiltin(def: CatalogDefinition, builtin: CatalogDefinition): string | undefined {
  const names = (o: unknown) => (isObject(o) ? Object.keys(o).sort() : []);
  if (!jsonEqual(names(def.components), names(builtin.components))) return `component names differ from the built-in catalog`;
  for (const name of names(def.components)) {
    const a = (def.components as Record<string, Record<string, unknown>>)[name];
    const b = (builtin.components as Record<string, Record<string, unknown>>)[name];
    const props = (s: Record<string, unknown>) => {
      const out = new Set<string>();
      const walk = (x: unknown) => {
        if (!isObject(x)) return;
        if (isObject(x.properties)) Object.keys(x.properties).forEach((k) => out.add(k));
        if (Array.isArray(x.allOf)) x.allOf.forEach(walk);
      };
      walk(s);
      return [...out].sort();
    };
    if (!jsonEqual(props(a), props(b))) return `${name}: properties ${show(props(a))} ≠ ${show(props(b))}`;
    if (!schemaEqual(a.required ?? [], b.required ?? [], 'required')) return `${name}: required differs`;
  }
  if (!jsonEqual(names(def.functions), names(builtin.functions))) return `function names differ from the built-in catalog`;
  for (const name of names(def.functions)) {
    const a = (def.functions as Record<string, Record<string, unknown>>)[name];
    const b = (builtin.functions as Record<string, Record<string, unknown>>)[name];
    for (const k of ['returnType', 'allowedCallers', 'requiresUserActivation']) {
      if (!jsonEqual(a[k], b[k])) return `${name}.${k} ${show(a[k])} ≠ ${show(b[k])}`;
    }
  }
  return undefined;
}

/** `to_json`: the document the catalog serialises to (the built-in one for catalogs the store implements). */
export function toJson(c: Case): Outcome {
  let catalog: Catalog;
  const doc = documentOf(c);
  if (typeof c.catalogPath === 'string' && doc.catalogId === BASIC_CATALOG_ID) catalog = basicCatalog();
  else {
    const r = load(c);
    if (!r.catalog) fail(`load failed: ${describe(r.error)}`);
    catalog = r.catalog;
  }
  const json = catalog.definition;
  const expect = isObject(c.expect) ? c.expect : {};
  const names = (o: unknown) => (isObject(o) ? Object.keys(o) : []);
  const sameSet = (a: string[], b: unknown) => Array.isArray(b) && jsonEqual([...a].sort(), [...(b as string[])].sort());
  if (expect.catalogId !== undefined && json.catalogId !== expect.catalogId) fail(`catalogId ${json.catalogId} ≠ ${expect.catalogId}`);
  if (expect.protocolVersion !== undefined && json.protocolVersion !== expect.protocolVersion) fail(`protocolVersion ${json.protocolVersion} ≠ ${expect.protocolVersion}`);
  if (expect.components !== undefined && !sameSet(names(json.components), expect.components)) fail(`components ${show(names(json.components))} ≠ ${show(expect.components)}`);
  if (expect.functions !== undefined && !sameSet(names(json.functions), expect.functions)) fail(`functions ${show(names(json.functions))} ≠ ${show(expect.functions)}`);
  if (expect.defs !== undefined && !sameSet(names(json.$defs), expect.defs)) fail(`$defs ${show(names(json.$defs))} ≠ ${show(expect.defs)}`);
  if (isObject(expect.metadata)) {
    for (const [k, v] of Object.entries(expect.metadata)) if (!jsonEqual(json[k], v)) fail(`${k} ${show(json[k])} ≠ ${show(v)}`);
  }
  if (expect.unbundled === true) {
    const common = new Set(Object.keys((commonTypes.$defs ?? {}) as object));
    const injected = names(json.$defs).filter((k) => common.has(k));
    if (injected.length) fail(`common types bundled into $defs: ${injected.join(', ')}`);
    if (!JSON.stringify(json).includes('common_types.json#') && JSON.stringify(doc).includes('common_types.json#')) fail('common types references were inlined');
  }
  return PASS;
}

/** `round_trip`: loading then serialising returns the document; doing it twice changes nothing. */
export function roundTrip(c: Case): Outcome {
  const doc = documentOf(c);
  const once = new Catalog(structuredClone(doc) as CatalogDefinition).definition;
  const twice = new Catalog(structuredClone(once)).definition;
  if (!schemaEqual(once, doc)) fail('the serialised catalog differs from the document');
  if (!schemaEqual(twice, once)) fail('a second round trip changed the catalog');
  return PASS;
}

/** `validate_common_type`: each step's value against the named common type. */
export function validateCommonType(c: Case, suite: SuiteInfo): Outcome {
  const name = String(c.definition);
  if (!isObject(commonTypes.$defs) || !Object.hasOwn(commonTypes.$defs, name)) fail(`no common type ${name}`);
  const ctx = createSchemaContext();
  const draft = suite.draftBindings && caseVersion(c).startsWith('1');
  (Array.isArray(c.steps) ? c.steps : []).forEach((step: Record<string, unknown>, i: number) => {
    const value = draft ? upgradeCommonValue(name, step.value) : step.value;
    const issues = validate(value, { $ref: `#/$defs/${name}` }, ctx);
    const rejected = errorExpectation(step) !== undefined;
    if (rejected && !issues.length) fail(`step ${i + 1}: ${show(value)} accepted`);
    if (!rejected && issues.length) fail(`step ${i + 1}: ${show(value)} rejected: ${issues[0].path} ${issues[0].message}`);
  });
  return PASS;
}

/** The upgrade rules for a value of a common type. */
function upgradeCommonValue(name: string, value: unknown): unknown {
  if (name === 'ComponentCommon') return upgradeComponent(value, { draftBindings: true });
  if (name === 'FunctionCall' || name === 'IndexSystemFunction') return upgradeCall(value);
  if (name.startsWith('Dynamic') || name === 'DataBinding' || name === 'CheckRule') return upgradeDynamic(value);
  return value;
}
