/**
 * Message-processor actions: `process_messages`, `validate` (strict: every binding of the mounted
 * tree is resolved after each step), `get_renderer_data_model`, `get_renderer_capabilities`,
 * `resolve_path`.
 */
import { ComponentNode, resolvePath, type Surface } from '../../../src/index.ts';
import { isObject } from '../../../src/json.ts';
import { a2uiRendererCapabilities, a2uiRendererDataModel } from '../../../src/transport/sync.ts';
import { canonicalVersion, checkErrors, describe, errorExpectation, jsonEqual, show, type ErrorExpectation } from '../expect.ts';
import { caseVersion, collect, setup, stepMessages, type Harness } from '../harness.ts';
import { resolveAll } from '../tree.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeComponent } from '../../../src/draft/upgrade.ts';

interface Step {
  messages: unknown;
  expect?: unknown;
  error?: ErrorExpectation;
}

/** The case as steps; case-level `expect` / `expectError` apply to the last step. */
function stepsOf(c: Case, withExpect = true): Step[] {
  const raw: Record<string, unknown>[] = Array.isArray(c.steps) ? c.steps : [{ messages: c.messages ?? c.payload }];
  return raw.map((s, i) => {
    const last = i === raw.length - 1;
    return {
      messages: s.messages ?? s.payload,
      expect: withExpect ? (s.expect ?? (last ? c.expect : undefined)) : undefined,
      error: errorExpectation(s) ?? (last ? errorExpectation(c) : undefined),
    };
  });
}

function allMessages(c: Case): unknown[] {
  return stepsOf(c).flatMap((s) => (Array.isArray(s.messages) ? s.messages : isObject(s.messages) && Array.isArray(s.messages.messages) ? s.messages.messages : [s.messages]));
}

/** Applies the case's steps, checking each step's error expectation; returns the harness. */
async function applySteps(c: Case, suite: SuiteInfo, strict: boolean, withExpect = true): Promise<Harness> {
  const h = setup(c, { messages: allMessages(c), draftBindings: suite.draftBindings });
  const version = caseVersion(c);
  const surfaceCatalogs = new Map<string, string | undefined>();
  const steps = stepsOf(c, withExpect);
  const where = (i: number) => (steps.length > 1 ? `step ${i + 1}: ` : '');
  if (h.refused.length) fail(`setup: catalog refused: ${h.refused[0]}`);
  for (const [i, step] of steps.entries()) {
    const messages = stepMessages(h, step.messages, surfaceCatalogs, version);
    const errors = await collect(h, () => {
      h.store.process(messages);
      if (strict) resolveAll(h.store);
    });
    if (step.error !== undefined) {
      const why = checkErrors(errors, step.error);
      if (why) fail(where(i) + why);
    } else if (errors.length) {
      fail(`${where(i)}unexpected error: ${describe(errors[0])}`);
    }
    if (step.expect !== undefined) {
      const why = checkExpect(h, step.expect);
      if (why) fail(where(i) + why);
    }
  }
  return h;
}

/** `process_messages` and `validate`. */
export async function processMessages(c: Case, suite: SuiteInfo, strict: boolean): Promise<Outcome> {
  const h = await applySteps(c, suite, strict);
  h.store.dispose();
  return PASS;
}

/** Checks `expect` (with `surfaces`) against the store. */
function checkExpect(h: Harness, expect: unknown): string | undefined {
  if (!isObject(expect)) return undefined;
  if (!isObject(expect.surfaces)) return undefined;
  for (const [id, exp] of Object.entries(expect.surfaces)) {
    const why = checkSurface(h, id, exp as Record<string, unknown>);
    if (why) return `surface ${id}: ${why}`;
  }
  return undefined;
}

function checkSurface(h: Harness, id: string, exp: Record<string, unknown>): string | undefined {
  const surface = h.store.surface(id);
  if (exp.exists !== undefined && !!surface !== exp.exists) return `expected exists=${exp.exists}`;
  if (!surface) return Object.keys(exp).some((k) => k !== 'exists') ? 'does not exist' : undefined;
  if (exp.catalogId !== undefined && surface.catalogId !== exp.catalogId) return `catalogId ${show(surface.catalogId)} ≠ ${show(exp.catalogId)}`;
  if (exp.sendDataModel !== undefined && surface.sendDataModel !== exp.sendDataModel) return `sendDataModel ${surface.sendDataModel} ≠ ${exp.sendDataModel}`;
  if (exp.theme !== undefined && isObject(exp.theme) && Object.keys(exp.theme).length) return 'v1.0 surfaces have no theme';
  if (exp.dataModel !== undefined && !jsonEqual(surface.dataModel.get('/'), exp.dataModel)) {
    return `dataModel ${show(surface.dataModel.get('/'))} ≠ ${show(exp.dataModel)}`;
  }
  if (exp.components !== undefined) {
    const why = checkComponents(h, surface, exp.components);
    if (why) return why;
  }
  if (isObject(exp.validationResult)) {
    for (const [cid, want] of Object.entries(exp.validationResult)) {
      const node = new ComponentNode(h.store, surface, cid, h.store.context(id)!);
      const failed = node.failedChecks();
      const got = failed.length ? { ...failed[0], valid: false } : { valid: true };
      if (isObject(want) && Object.entries(want).some(([k, v]) => !jsonEqual((got as Record<string, unknown>)[k], v))) {
        return `validationResult of ${cid}: ${show(got)} ≠ ${show(want)}`;
      }
    }
  }
  return undefined;
}

function checkComponents(h: Harness, surface: Surface, expected: unknown): string | undefined {
  if (Array.isArray(expected)) {
    const want = expected.map((e) => (isObject(e) ? String(e.id) : '')).sort();
    const got = surface.ids().sort();
    if (!jsonEqual(want, got)) return `components ${show(got)} ≠ ${show(want)}`;
    for (const e of expected) {
      const why = isObject(e) ? checkComponent(h, surface, String(e.id), e) : 'malformed expectation';
      if (why) return why;
    }
    return undefined;
  }
  if (isObject(expected)) {
    for (const [cid, e] of Object.entries(expected)) {
      const why = isObject(e) ? checkComponent(h, surface, cid, e) : 'malformed expectation';
      if (why) return why;
    }
  }
  return undefined;
}

/** Compares listed properties (raw definition or resolved value); envelope keys compare with the envelope. */
function checkComponent(h: Harness, surface: Surface, id: string, exp: Record<string, unknown>): string | undefined {
  const record = surface.peek(id);
  if (!record) return `component ${id} is missing`;
  const node = new ComponentNode(h.store, surface, id, h.store.context(surface.id)!);
  const upgraded = upgradeComponent(exp, h.upgrade, surface.catalogId) as Record<string, unknown>;
  for (const [key, want] of Object.entries(exp)) {
    if (key === 'id') continue;
    const bare = key.replace(/^@/, '');
    let got: unknown;
    let resolved: unknown;
    if (key === 'component') got = record.type;
    else if (bare === 'catalogId') got = record.catalog.id;
    else if (bare === 'checks') got = record.checks;
    else if (bare === 'accessibility') got = record.accessibility;
    else if (bare === 'metadata' && !Object.hasOwn(record.props, 'metadata')) got = record.metadata;
    else {
      got = record.props[key];
      resolved = node.value(key);
    }
    const alt = upgraded[key] ?? upgraded[`@${key}`];
    if (!jsonEqual(got, want) && !jsonEqual(got, alt) && !(resolved !== undefined && jsonEqual(resolved, want))) {
      return `component ${id}.${key}: ${show(resolved ?? got)} ≠ ${show(want)}`;
    }
  }
  return undefined;
}

/** `get_renderer_data_model`: the `a2uiRendererDataModel` for `args.version` (null when none). */
export async function getRendererDataModel(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const h = await applySteps(c, suite, false, false);
  const requested = canonicalVersion(c.args?.version) ?? '1.0';
  // The store keeps v1.0 surfaces only, so a request for another version finds none.
  const got = requested === '1.0' ? a2uiRendererDataModel(h.store) : null;
  h.store.dispose();
  const norm = (v: unknown) => (isObject(v) ? { ...v, version: canonicalVersion(v.version) } : v);
  if (!jsonEqual(norm(got), norm(c.expect ?? null))) fail(`data model ${show(got)} ≠ ${show(c.expect)}`);
  return PASS;
}

/** `get_renderer_capabilities`: the capabilities object for the case's catalogs only. */
export function getRendererCapabilities(c: Case, suite: SuiteInfo): Outcome {
  const h = setup(c, { withoutBasic: true, draftBindings: suite.draftBindings });
  const inline = c.args?.includeInlineCatalogs === true;
  const caps = a2uiRendererCapabilities(h.store, inline ? { inlineCatalogs: h.declared } : {});
  const versions = [c.args?.version, ...(Array.isArray(c.args?.versions) ? c.args.versions : [])].filter((v) => v !== undefined).map(canonicalVersion);
  const got = Object.fromEntries(Object.entries(caps).filter(([v]) => versions.length === 0 || versions.includes(v)));
  const want = isObject(c.expect) ? Object.fromEntries(Object.entries(c.expect).map(([v, x]) => [canonicalVersion(v) ?? v, x])) : c.expect;
  if (!jsonEqual(got, want)) fail(`capabilities ${show(got)} ≠ ${show(want)}`);
  return PASS;
}

/** `resolve_path`: `args.path` against `args.contextPath` (default `/`). */
export function resolvePathCase(c: Case): Outcome {
  const got = resolvePath(String(c.args?.path ?? ''), typeof c.args?.contextPath === 'string' ? c.args.contextPath : '/');
  if (got !== c.expect) fail(`${show(got)} ≠ ${show(c.expect)}`);
  return PASS;
}

