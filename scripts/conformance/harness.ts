/**
 * Builds the store a case runs against, with the catalogs the case names, as the official runner
 * does: the built-in basic catalog (also under the short id `basic`), `catalogPaths` files, the
 * inline `catalog` / `catalogs`, and for any other catalog id the case's messages name either a
 * permissive catalog or, when the case expects a non-catalog error, a copy of the case's declared
 * catalog. Cases that expect a `CatalogError` rely on unknown ids staying unknown.
 */
import {
  A2uiError,
  A2uiStore,
  BASIC_CATALOG_ID,
  basicCatalog,
  type CatalogDefinition,
  type FunctionImplementation,
  type OutboundMessage,
} from '../../src/index.ts';
import { basicFunctions } from '../../src/functions/basic/index.ts';
import { isObject } from '../../src/json.ts';
import { canonicalVersion, describe, errorExpectation, type ErrorExpectation } from './expect.ts';
import { readSpecJson } from './paths.ts';
import type { Case } from './types.ts';
import { upgradeMessages, type UpgradeOptions } from '../../src/draft/upgrade.ts';

/** A store plus what the runner observes of it. */
export interface Harness {
  readonly store: A2uiStore;
  /** Errors reported while `collecting` is on. */
  errors: A2uiError[];
  collecting: boolean;
  /** Every outbound message. */
  readonly outbound: OutboundMessage[];
  /** Catalogs the case declared, as registered (for copies and inline capabilities). */
  readonly declared: CatalogDefinition[];
  /** Declared v1.0 catalogs the store refused (a setup fault, reported by the handlers). */
  readonly refused: string[];
  /** Options for upgrading this case's inputs. */
  readonly upgrade: UpgradeOptions;
}

/** The protocol version of a case, by the README's order of sources; suites default to v1.0. */
export function caseVersion(c: Case): string {
  const candidates = [
    c.protocolVersion,
    c.catalog?.protocolVersion,
    c.catalog?.version,
    c.catalog?.catalogSchema?.protocolVersion,
    Array.isArray(c.catalogs) ? c.catalogs[0]?.protocolVersion : undefined,
  ];
  for (const v of candidates) if (v !== undefined) return canonicalVersion(v) ?? '1.0';
  return '1.0';
}

/** Every error expectation of a case and its steps. */
export function allErrorExpectations(c: Case): ErrorExpectation[] {
  const out: ErrorExpectation[] = [];
  const e = errorExpectation(c);
  if (e !== undefined) out.push(e);
  for (const s of Array.isArray(c.steps) ? c.steps : []) {
    const se = errorExpectation(s);
    if (se !== undefined) out.push(se);
  }
  return out;
}

/** The basic catalog's function bodies, limited to the names a document declares. */
function basicImplementations(def: CatalogDefinition, extra: Record<string, FunctionImplementation> = {}): Record<string, FunctionImplementation> {
  const declared = isObject(def.functions) ? Object.keys(def.functions) : [];
  const all: Record<string, FunctionImplementation> = { ...basicFunctions, ...extra };
  return Object.fromEntries(declared.filter((n) => all[n]).map((n) => [n, all[n]]));
}

/** A catalog that accepts any properties of the given component types (`child` / `children` stay child references). */
export function permissiveCatalog(catalogId: string, components: Iterable<string>, protocolVersion = '1.0'): CatalogDefinition {
  const defs: Record<string, Record<string, unknown>> = {};
  for (const name of components) {
    defs[name] = {
      type: 'object',
      properties: {
        component: { const: name },
        child: { $ref: 'common_types.json#/$defs/ComponentId' },
        children: { $ref: 'common_types.json#/$defs/ChildList' },
      },
      required: ['component'],
      additionalProperties: true,
    };
  }
  return { catalogId, protocolVersion, components: defs };
}

/** Component type names used anywhere in a value (objects with string `id` and `component`). */
export function componentNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => componentNames(v, out));
  else if (isObject(value)) {
    if (typeof value.component === 'string' && (typeof value.id === 'string' || Object.hasOwn(value, 'catalogId'))) out.add(value.component);
    Object.values(value).forEach((v) => componentNames(v, out));
  }
  return out;
}

/** Catalog ids that messages name: surfaces, components and calls. */
function namedCatalogIds(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => namedCatalogIds(v, out));
  else if (isObject(value)) {
    for (const key of ['catalogId', '@catalogId']) if (typeof value[key] === 'string') out.add(value[key] as string);
    Object.values(value).forEach((v) => namedCatalogIds(v, out));
  }
  return out;
}

/**
 * Normalises a declared catalog document: unwraps `catalogSchema`, canonical `protocolVersion`
 * (a document that declares none takes the version its id names, else the case's). Inline
 * catalogs written for the suites are completed to the v1.0 catalog rule "Required `component`
 * property must be a constant matching the component key" where they leave it out.
 */
function normaliseDefinition(raw: Record<string, unknown>, fallbackVersion: string, options: { idOverride?: string; inline?: boolean } = {}): CatalogDefinition {
  const doc: Record<string, unknown> = isObject(raw.catalogSchema) ? { ...raw.catalogSchema, ...(raw.catalogId ? { catalogId: raw.catalogId } : {}) } : { ...raw };
  const hinted = typeof doc.catalogId === 'string' && /v0[._]9/.test(doc.catalogId) ? '0.9' : undefined;
  const version = doc.protocolVersion ?? doc.version ?? hinted ?? fallbackVersion;
  delete doc.version;
  if (options.inline && isObject(doc.components)) {
    doc.components = Object.fromEntries(Object.entries(doc.components).map(([name, schema]) => [name, withComponentConst(name, schema)]));
  }
  return { ...doc, catalogId: (options.idOverride ?? doc.catalogId) as string, protocolVersion: canonicalVersion(version) } as CatalogDefinition;
}

function withComponentConst(name: string, schema: unknown): unknown {
  if (!isObject(schema) || schema.allOf !== undefined || schema.$ref !== undefined) return schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Object.hasOwn(properties, 'component')) return schema;
  return { ...schema, properties: { component: { const: name }, ...properties } };
}

/** True when a declared catalog carries content (not only an id and a version). */
function hasContent(def: Record<string, unknown>): boolean {
  const d = isObject(def.catalogSchema) ? def.catalogSchema : def;
  return d.components !== undefined || d.functions !== undefined || d.theme !== undefined;
}

export interface SetupOptions {
  /** All agent messages of the case (raw), scanned for catalog ids and component names. */
  messages?: unknown[];
  /** Leave out the built-in basic catalog and the `basic` alias (capabilities). */
  withoutBasic?: boolean;
  /** Extra function bodies for every catalog that declares them (fixtures). */
  implementations?: Record<string, FunctionImplementation>;
  /** Suite writes draft bindings. */
  draftBindings: boolean;
  /** Store options. */
  callId?: () => string;
}

/** Builds the store for a case. */
export function setup(c: Case, options: SetupOptions): Harness {
  const version = caseVersion(c);
  const store = new A2uiStore({ locale: typeof c.locale === 'string' ? c.locale : 'en-US', withoutBasicCatalog: true, timeoutMs: 0, callId: options.callId });
  const harness: Harness = {
    store,
    errors: [],
    collecting: false,
    outbound: [],
    declared: [],
    refused: [],
    upgrade: {
      draftBindings: options.draftBindings,
      declaredProperties: (catalogId, type) => {
        const cat = catalogId === undefined ? undefined : store.catalog(catalogId);
        return cat?.component(type)?.properties;
      },
    },
  };
  store.onError((e) => {
    if (harness.collecting) harness.errors.push(e);
  });
  store.onMessage((m) => harness.outbound.push(m));

  const isBasic = (id: unknown) => id === BASIC_CATALOG_ID || id === 'basic';
  const register = (def: CatalogDefinition, declared: boolean, bodiesOf: unknown = def.catalogId) => {
    const impls = isBasic(bodiesOf) ? basicImplementations(def, options.implementations) : fixtureImplementations(def, options.implementations);
    try {
      store.registerCatalog(def, impls);
      if (declared) harness.declared.push(def);
    } catch (e) {
      if (canonicalVersion(def.protocolVersion)?.startsWith('1')) harness.refused.push(`${def.catalogId}: ${describe(e)}`);
    }
  };

  if (!options.withoutBasic) {
    const basic = basicCatalog().definition;
    register(basic, false);
    register({ ...basic, catalogId: 'basic' }, false);
  }
  for (const path of Array.isArray(c.catalogPaths) ? c.catalogPaths : []) {
    let doc: Record<string, unknown>;
    try {
      doc = readSpecJson(path);
    } catch {
      harness.refused.push(`${path}: not available under the spec folder`);
      continue;
    }
    register(normaliseDefinition(doc, version), true);
  }
  if (isObject(c.catalog) && hasContent(c.catalog)) {
    const def = normaliseDefinition(c.catalog, version, { idOverride: typeof c.catalogId === 'string' ? c.catalogId : undefined, inline: true });
    if (typeof def.catalogId === 'string') register(def, true);
  }
  const names = componentNames(options.messages ?? []);
  for (const entry of Array.isArray(c.catalogs) ? c.catalogs : []) {
    if (!isObject(entry) || typeof entry.catalogId !== 'string') continue;
    if (hasContent(entry)) register(normaliseDefinition(entry, version, { inline: true }), true);
    else register(permissiveCatalog(entry.catalogId, names, canonicalVersion(entry.protocolVersion) ?? version), true);
  }

  // Ids the messages name that no catalog has: permissive, or a copy of the declared catalog.
  const expectations = allErrorExpectations(c);
  const expectsCatalogError = expectations.some((e) => typeof e === 'object' && e.category === 'CatalogError');
  const expectsOtherError = expectations.length > 0 && !expectsCatalogError;
  if (!expectsCatalogError) {
    for (const id of namedCatalogIds(options.messages ?? [])) {
      if (store.catalog(id) || id === '') continue;
      const source = harness.declared[0];
      if (expectsOtherError && source) register({ ...source, catalogId: id }, false, source.catalogId);
      else register(permissiveCatalog(id, names, version), false);
    }
  }
  return harness;
}

/** Fixture bodies for the functions a (non-basic) catalog declares. */
function fixtureImplementations(def: CatalogDefinition, extra: Record<string, FunctionImplementation> | undefined): Record<string, FunctionImplementation> {
  if (!extra || !isObject(def.functions)) return {};
  return Object.fromEntries(Object.keys(def.functions).filter((n) => extra[n]).map((n) => [n, extra[n]]));
}

/** Runs `fn` with error collection on; returns the errors reported meanwhile. */
export async function collect(h: Harness, fn: () => unknown): Promise<A2uiError[]> {
  h.errors = [];
  h.collecting = true;
  try {
    await fn();
    // Let async evaluations (renderer function bodies, rejected calls) settle.
    await new Promise((r) => setImmediate(r));
  } finally {
    h.collecting = false;
  }
  return h.errors;
}

/** Upgrades and returns a step's messages. */
export function stepMessages(h: Harness, raw: unknown, surfaceCatalogs: Map<string, string | undefined>, version: string): unknown {
  if (raw === undefined) return [];
  if (!version.startsWith('1')) return raw;
  return upgradeMessages(raw, h.upgrade, surfaceCatalogs);
}
