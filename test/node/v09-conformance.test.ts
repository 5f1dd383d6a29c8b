/**
 * The v0.9 / v0.9.1 conformance suites (`message_processor_v0_9.yaml`, `validator_v0_9.yaml`) run
 * directly against a store with v0.9 enabled, with the case format of the conformance README:
 * the case's catalogs (the v0.9 basic catalog for `specification/v0_9*` paths, inline ones through
 * `v09CatalogDefinition`), a permissive catalog for any other id a message names (a copy of the
 * declared catalog when the case expects a non-catalog error), `strictMode` → `{strict: true}`.
 * Besides each case's expectation, every reported error must have gone out as exactly one wire
 * `error`, in v0.9 shape when the step's messages are v0.9. The v0.9 cases of other suites (which
 * the v1.0 runner skips) run here too: see {@link OTHER_SUITES}.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { A2uiStore, basicCatalog, ComponentNode, resolvePath, type A2uiError, type Catalog, type CatalogDefinition, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader, schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';
import { isObject } from '../../src/json.ts';
import {
  a2uiClientCapabilities,
  a2uiClientDataModel,
  basicCatalogV09,
  basicV09Functions,
  BASIC_V09_CATALOG_ID,
  enableV09,
  surfaceTheme,
  v09CatalogDefinition,
} from '../../src/v09/index.ts';
import { checkErrors, errorExpectation, jsonEqual, show, type ErrorExpectation } from '../../scripts/conformance/expect.ts';
import { resolveAll } from '../../scripts/conformance/tree.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), templateFormatter.load(), schemaExplainer.load(), draftUpgrader.load()]);

const CORE = pathToFileURL(`${SPEC_DIR}/conformance/core/`);
const SUITES = ['message_processor_v0_9.yaml', 'validator_v0_9.yaml'];
/** v0.9 cases in suites that are otherwise v1.0. */
const OTHER_SUITES: Record<string, string[]> = {
  'message_processor_v1_0.yaml': ['test_v091_version_string_compatibility', 'test_v10_get_renderer_data_model_filters_by_surface_protocol_version'],
  'validator_v1_0.yaml': ['test_validator_theme_schema'],
  'functions.yaml': ['test_evaluate_function_not_validation_result_operand_v0_9', 'test_evaluate_function_v09_ignores_call_catalog_id'],
  'actions.yaml': ['test_action_direct_name_shorthand'],
};
type Case = Record<string, any>;

interface Harness {
  store: A2uiStore;
  declared: Catalog[];
  errors: A2uiError[];
  outbound: OutboundMessage[];
}

const listOf = (messages: unknown): unknown[] =>
  Array.isArray(messages) ? messages : isObject(messages) && Array.isArray(messages.messages) ? messages.messages : messages === undefined ? [] : [messages];

function stepsOf(c: Case): Array<{ messages: unknown; expect?: unknown; error?: ErrorExpectation }> {
  const raw: Case[] = Array.isArray(c.steps) ? c.steps : [{ messages: c.messages ?? c.payload }];
  return raw.map((s, i) => {
    const last = i === raw.length - 1;
    return { messages: s.messages ?? s.payload, expect: s.expect ?? (last ? c.expect : undefined), error: errorExpectation(s) ?? (last ? errorExpectation(c) : undefined) };
  });
}

/** Component type names used in messages (objects with a string `id` and `component`). */
function componentNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => componentNames(v, out));
  else if (isObject(value)) {
    if (typeof value.component === 'string' && typeof value.id === 'string') out.add(value.component);
    Object.values(value).forEach((v) => componentNames(v, out));
  }
  return out;
}

function namedCatalogIds(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => namedCatalogIds(v, out));
  else if (isObject(value)) {
    if (typeof value.catalogId === 'string') out.add(value.catalogId);
    Object.values(value).forEach((v) => namedCatalogIds(v, out));
  }
  return out;
}

/** A v0.9 catalog accepting any properties of the named types (`child` / `children` are child references). */
function permissive(catalogId: string, names: Iterable<string>): CatalogDefinition {
  const components: Record<string, unknown> = {};
  for (const name of names) {
    components[name] = {
      type: 'object',
      properties: { component: { const: name }, child: { $ref: 'common_types.json#/$defs/ComponentId' }, children: { $ref: 'common_types.json#/$defs/ChildList' } },
      required: ['component'],
      additionalProperties: true,
    };
  }
  return v09CatalogDefinition({ catalogId, components });
}

const hasContent = (d: Case) => d.components !== undefined || d.functions !== undefined || d.theme !== undefined;

function setup(c: Case, options: { withoutNamed?: boolean } = {}): Harness {
  const store = new A2uiStore({ locale: 'en-US', withoutBasicCatalog: true, timeoutMs: 0 });
  enableV09(store, { strict: c.strictMode === true, basicCatalog: false });
  const h: Harness = { store, declared: [], errors: [], outbound: [] };
  store.onError((e) => h.errors.push(e));
  store.onMessage((m) => h.outbound.push(m));
  for (const path of (c.catalogPaths ?? []) as string[]) {
    if (path === 'catalogs/basic/v1/catalog.json') {
      store.registerCatalog(basicCatalog());
      continue;
    }
    assert.match(path, /^specification\/v0_9(_1)?\/catalogs\/basic\//, `unexpected catalog path ${path}`);
    h.declared.push(store.registerCatalog(basicCatalogV09()));
  }
  if (isObject(c.catalog) && hasContent(c.catalog)) h.declared.push(store.registerCatalog(v09CatalogDefinition(c.catalog)));
  const messages = stepsOf(c).flatMap((s) => listOf(s.messages));
  const names = componentNames(messages);
  for (const entry of (c.catalogs ?? []) as Case[]) {
    h.declared.push(store.registerCatalog(hasContent(entry) ? v09CatalogDefinition(entry) : permissive(entry.catalogId, names)));
  }
  if (options.withoutNamed) return h;
  const expected = [errorExpectation(c), ...stepsOf(c).map((s) => s.error)].filter((e) => e !== undefined);
  const expectsCatalogError = expected.some((e) => typeof e === 'object' && e.category === 'CatalogError');
  if (!expectsCatalogError) {
    for (const id of namedCatalogIds(messages)) {
      if (store.catalog(id)) continue;
      const source = h.declared[0];
      if (expected.length && source) store.registerCatalog({ ...source.definition, catalogId: id }, source.id === BASIC_V09_CATALOG_ID ? { ...basicV09Functions } : {});
      else store.registerCatalog(permissive(id, names));
    }
  }
  return h;
}

/** The suites' v1.0 messages say `"version": "v1.0"`; the wire spelling is `"1.0"`. */
const wire = (messages: unknown): unknown[] => listOf(messages).map((m) => (isObject(m) && m.version === 'v1.0' ? { ...m, version: '1.0' } : m));

/** Applies one step; returns why it failed, if it did. */
function runStep(h: Harness, step: ReturnType<typeof stepsOf>[number], validate: boolean): string | undefined {
  const before = h.outbound.length;
  h.errors = [];
  h.store.process(wire(step.messages));
  if (validate) resolveAll(h.store);
  const wireErrors = h.outbound.slice(before).filter((m) => 'error' in m);
  if (wireErrors.length !== h.errors.length) return `${h.errors.length} errors, ${wireErrors.length} wire errors`;
  const v09 = listOf(step.messages).every((m) => isObject(m) && (m.version === 'v0.9' || m.version === 'v0.9.1'));
  if (v09 && wireErrors.some((m) => m.version !== 'v0.9')) return `a wire error is not v0.9: ${show(wireErrors)}`;
  if (step.error !== undefined) return checkErrors(h.errors, step.error);
  if (h.errors.length) return `unexpected error: ${h.errors[0]!.code} ${h.errors[0]!.message}`;
  return isObject(step.expect) && isObject(step.expect.surfaces) ? checkSurfaces(h, step.expect.surfaces) : undefined;
}

function checkSurfaces(h: Harness, surfaces: Record<string, unknown>): string | undefined {
  for (const [id, raw] of Object.entries(surfaces)) {
    const exp = raw as Case;
    const s = h.store.surface(id);
    if (exp.exists !== undefined && !!s !== exp.exists) return `${id}: exists ≠ ${exp.exists}`;
    if (!s) continue;
    if (exp.catalogId !== undefined && s.catalogId !== exp.catalogId) return `${id}: catalogId ${s.catalogId}`;
    if (exp.sendDataModel !== undefined && s.sendDataModel !== exp.sendDataModel) return `${id}: sendDataModel ${s.sendDataModel}`;
    if (exp.theme !== undefined && !jsonEqual(surfaceTheme(s), exp.theme)) return `${id}: theme ${show(surfaceTheme(s))}`;
    if (exp.dataModel !== undefined && !jsonEqual(s.dataModel.get('/'), exp.dataModel)) return `${id}: dataModel ${show(s.dataModel.get('/'))}`;
    if (exp.components === undefined) continue;
    const list: Case[] = Array.isArray(exp.components) ? exp.components : Object.entries(exp.components).map(([cid, e]) => ({ id: cid, ...(e as Case) }));
    if (Array.isArray(exp.components) && !jsonEqual(s.ids().sort(), list.map((e) => e.id).sort())) return `${id}: components ${show(s.ids())}`;
    for (const e of list) {
      const record = s.peek(e.id);
      if (!record) return `${id}: component ${e.id} is missing`;
      const node = new ComponentNode(h.store, s, e.id, h.store.context(id)!);
      for (const [k, want] of Object.entries(e)) {
        const got = k === 'id' ? e.id : k === 'component' ? record.type : node.value(k);
        if (!jsonEqual(got, want)) return `${id}: ${e.id}.${k} = ${show(got)} ≠ ${show(want)}`;
      }
    }
  }
  return undefined;
}

function runCase(c: Case): string | undefined | Promise<string | undefined> {
  switch (c.action) {
    case 'process_messages':
    case 'validate': {
      const h = setup(c);
      for (const [i, step] of stepsOf(c).entries()) {
        const why = runStep(h, step, c.action === 'validate');
        if (why) return `step ${i + 1}: ${why}`;
      }
      return undefined;
    }
    case 'get_renderer_data_model': {
      const h = setup(c);
      for (const step of stepsOf(c)) h.store.process(wire(step.messages));
      if (h.errors.length) return `unexpected error: ${h.errors[0]!.message}`;
      const got = a2uiClientDataModel(h.store);
      return jsonEqual(got, c.expect ?? null) ? undefined : `data model ${show(got)}`;
    }
    case 'get_renderer_capabilities': {
      const h = setup(c, { withoutNamed: true });
      const got = a2uiClientCapabilities(h.store, c.args?.includeInlineCatalogs ? { inlineCatalogs: h.declared } : {});
      return jsonEqual(got, c.expect) ? undefined : `capabilities ${show(got, 600)}`;
    }
    case 'evaluate_function':
      return evaluateFunction(c);
    case 'dispatch_action':
      return dispatchAction(c);
    case 'resolve_path': {
      const got = resolvePath(c.args.path, c.args.contextPath ?? '/');
      return got === c.expect ? undefined : `resolved ${got}`;
    }
    default:
      return `unknown action ${c.action}`;
  }
}

/** A v0.9 surface on the basic catalog, with `dataModel`, holding one component. */
function oneComponent(c: Case, component: Record<string, unknown>): Harness {
  const h = setup({ ...c, catalogPaths: ['specification/v0_9/catalogs/basic/catalog.json'] });
  h.store.process([
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_V09_CATALOG_ID } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', value: c.dataModel ?? {} } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', ...component }, { id: 'label', component: 'Text', text: 'x' }] } },
  ]);
  return h;
}

/** `evaluate_function` on a v0.9 surface: the arguments are bound from the data model, so they arrive as values. */
function evaluateFunction(c: Case): string | undefined {
  const args = Object.fromEntries(Object.keys(c.args ?? {}).map((k) => [k, { path: `/args/${k}` }]));
  const call = { call: c.function, args, ...(c.catalogId ? { catalogId: c.catalogId } : {}) };
  const h = oneComponent({ ...c, dataModel: { args: c.args } }, { component: 'Text', text: call });
  const got = new ComponentNode(h.store, h.store.surface('s')!, 'root', h.store.context('s')!).value('text');
  if (h.errors.length) return `unexpected error: ${h.errors[0]!.message}`;
  return jsonEqual(got, c.expect) ? undefined : `got ${show(got)}`;
}

/** `dispatch_action`: a Button with the case's action, pressed. */
async function dispatchAction(c: Case): Promise<string | undefined> {
  const h = oneComponent(c, { component: 'Button', child: 'label', action: c.actionPayload });
  await new ComponentNode(h.store, h.store.surface('s')!, 'root', h.store.context('s')!).act();
  if (h.errors.length) return `unexpected error: ${h.errors[0]!.message}`;
  const sent = h.outbound.map((m) => ('action' in m ? { name: m.action.name, context: m.action.context } : m));
  return jsonEqual(sent, [c.expectDispatched]) ? undefined : `dispatched ${show(sent)}`;
}

const load = (suite: string): Case[] => (existsSync(new URL(suite, CORE)) ? parse(readFileSync(new URL(suite, CORE), 'utf8')) : []);

for (const suite of SUITES) {
  const cases = load(suite);
  test(suite, { skip: cases.length ? false : specSkip('shared/spec is absent') }, async (t) => {
    for (const c of cases) await t.test(c.name, async () => assert.equal(await runCase(c), undefined));
  });
}

test('v0.9 cases of other suites', { skip: load(SUITES[0]!).length ? false : specSkip('shared/spec is absent') }, async (t) => {
  for (const [suite, names] of Object.entries(OTHER_SUITES)) {
    const cases = load(suite).filter((c) => names.includes(c.name));
    assert.equal(cases.length, names.length, `${suite} still has ${names.join(', ')}`);
    for (const c of cases) await t.test(`${suite}: ${c.name}`, async () => assert.equal(await runCase(c), undefined));
  }
});
