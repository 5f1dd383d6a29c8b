/**
 * `evaluate_function` (a catalog function call run through the store, with catalog routing when
 * the case gives a `surface`) and `parse_expression_template` (the formatString template parser).
 */
import { A2uiError, BASIC_CATALOG_ID, isValidationResult } from '../../../src/index.ts';
import { parseTemplate, toConformanceParts } from '../../../src/functions/basic/template.ts';
import { isObject } from '../../../src/json.ts';
import { checkErrors, describe, errorExpectation, jsonEqual, show } from '../expect.ts';
import { caseVersion, setup } from '../harness.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeDynamic } from '../../../src/draft/upgrade.ts';

export async function evaluateFunction(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const h = setup(c, { draftBindings: suite.draftBindings });
  if (h.refused.length) fail(`setup: catalog refused: ${h.refused[0]}`);
  const routed = isObject(c.surface);
  let surfaceId: string | undefined;
  if (routed || c.dataModel !== undefined) {
    surfaceId = 'conformance';
    const catalogId = routed ? c.surface.catalogId : BASIC_CATALOG_ID;
    h.store.process({
      version: '1.0',
      createSurface: { surfaceId, ...(catalogId !== undefined ? { catalogId } : {}), ...(isObject(c.dataModel) ? { dataModel: c.dataModel } : {}) },
    });
  }
  const draft = suite.draftBindings && caseVersion(c).startsWith('1');
  const args = isObject(c.args) ? Object.fromEntries(Object.entries(c.args).map(([k, v]) => [k, draft ? upgradeDynamic(v) : v])) : {};
  // Without a surface the call names the basic catalog; with one it goes through catalog resolution.
  const catalogId = typeof c.catalogId === 'string' ? c.catalogId : routed ? undefined : BASIC_CATALOG_ID;
  const call = { '@call': c.function, args, ...(catalogId !== undefined ? { catalogId } : {}) };
  let value: unknown;
  let error: unknown;
  try {
    value = await h.store.execute(call, { surfaceId });
  } catch (e) {
    error = e;
  }
  h.store.dispose();
  const expected = errorExpectation(c);
  if (expected !== undefined) {
    const why = checkErrors(error instanceof A2uiError ? [error] : [], expected);
    if (why) fail(error && !(error instanceof A2uiError) ? `threw a non-A2UI error: ${describe(error)}` : why);
    return PASS;
  }
  if (error) fail(`unexpected error: ${describe(error)}`);
  // v1.0 validators return a ValidationResult where older suites expect a boolean; the spec's
  // coercion ("`ValidationResult` → `boolean` … extracts `result.valid`") relates the two.
  const got = typeof c.expect === 'boolean' && isValidationResult(value) ? value.valid : value;
  if (!jsonEqual(got ?? null, c.expect ?? null)) fail(`${show(value)} ≠ ${show(c.expect)}`);
  return PASS;
}

/** Joins adjacent literal strings and drops empty ones; no parts is `[""]`. */
function joinLiterals(parts: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const p of parts) {
    if (typeof p === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += p;
    else out.push(p);
  }
  const kept = out.filter((p) => p !== '');
  return kept.length ? kept : [''];
}

export function parseExpressionTemplate(c: Case): Outcome {
  let parts: unknown[] | undefined;
  let error: unknown;
  try {
    parts = toConformanceParts(parseTemplate(String(c.input)));
  } catch (e) {
    error = e;
  }
  const expected = errorExpectation(c);
  if (expected !== undefined) {
    // The expression suite's message fragments are regular expressions.
    const why = checkErrors(error instanceof A2uiError ? [error] : [], expected, { regex: true });
    if (why) fail(why);
    return PASS;
  }
  if (error) fail(`unexpected error: ${describe(error)}`);
  const got = joinLiterals(parts!);
  const want = joinLiterals(Array.isArray(c.expect) ? c.expect : [c.expect]);
  if (!jsonEqual(got, want)) fail(`${show(got)} ≠ ${show(want)}`);
  return PASS;
}
