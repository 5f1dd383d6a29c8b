/**
 * `handle_rpc`: agent-initiated `callRendererFunction` against fixture functions declared with the
 * case's `functionMetadata`, inbound `agentFunctionResponse`, and the renderer-initiated
 * `callAgentFunction` round trip correlated by `functionCallId`.
 *
 * Fixture bodies (as the official runner's): `playMedia` → `{playing: true, timestamp: 0}`,
 * `openExternalUrl` → `{opened: true}`, `syncState` → `null`, `failingFunction` throws.
 */
import { BASIC_CATALOG_ID, basicCatalog, type CatalogDefinition, type FunctionImplementation } from '../../../src/index.ts';
import { basicFunctions } from '../../../src/functions/basic/index.ts';
import { isObject } from '../../../src/json.ts';
import { canonicalVersion, checkErrors, describe, jsonEqual, messageContains, show } from '../expect.ts';
import { caseVersion, collect, setup } from '../harness.ts';
import { fail, PASS, type Case, type Outcome, type SuiteInfo } from '../types.ts';
import { upgradeCall, upgradeMessage } from '../../../src/draft/upgrade.ts';

const FIXTURES: Record<string, FunctionImplementation> = {
  playMedia: () => ({ playing: true, timestamp: 0 }),
  openExternalUrl: () => ({ opened: true }),
  syncState: () => null,
  failingFunction: () => {
    throw new Error('An error occurred during function execution.');
  },
};

/** A function declaration with the case's calling rules and an open argument schema. */
function declaration(name: string, meta: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    returnType: 'any',
    ...(meta.allowedCallers !== undefined ? { allowedCallers: meta.allowedCallers } : {}),
    ...(meta.requiresUserActivation !== undefined ? { requiresUserActivation: meta.requiresUserActivation } : {}),
    properties: { '@call': { const: name }, args: { type: 'object' } },
    required: ['@call'],
  };
}

export async function handleRpc(c: Case, suite: SuiteInfo): Promise<Outcome> {
  const args = isObject(c.args) ? c.args : {};
  const draft = suite.draftBindings && caseVersion(c).startsWith('1');
  if (isObject(args.outboundCall)) return agentRoundTrip(c, suite, args, draft);

  const h = setup(c, { draftBindings: suite.draftBindings });
  const message = draft ? upgradeMessage(args.message, h.upgrade) : args.message;
  const body = isObject(message) ? message.callRendererFunction : undefined;
  const call = isObject(body) && isObject(body.callFunction) ? body.callFunction : undefined;
  const catalogId = typeof call?.catalogId === 'string' ? call.catalogId : undefined;
  const meta = isObject(args.functionMetadata) ? args.functionMetadata : {};
  // The catalog the call names holds the fixture functions, unless the case tests that it is unknown.
  const expectedMessage = isObject(c.expect) && isObject(c.expect.response) ? JSON.stringify(c.expect.response) : '';
  if (catalogId !== undefined && !expectedMessage.includes(`Catalog not found: ${catalogId}`)) {
    const base: CatalogDefinition = catalogId === 'basic' || catalogId === BASIC_CATALOG_ID ? structuredClone(basicCatalog().definition) : { catalogId, protocolVersion: '1.0' };
    const functions: Record<string, unknown> = { ...(isObject(base.functions) ? base.functions : {}) };
    for (const [name, m] of Object.entries(meta)) functions[name] = declaration(name, isObject(m) ? m : {});
    const impls: Record<string, FunctionImplementation> = {};
    for (const name of Object.keys(functions)) {
      const body = FIXTURES[name] ?? (basicFunctions as Record<string, FunctionImplementation>)[name] ?? (() => null);
      impls[name] = body;
    }
    try {
      h.store.registerCatalog({ ...base, catalogId, functions } as CatalogDefinition, impls);
    } catch (e) {
      fail(`setup: catalog refused: ${describe(e)}`);
    }
  }
  const errors = await collect(h, () => h.store.process(message));
  const responses = h.outbound.flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse] : []));
  h.store.dispose();

  const expect = isObject(c.expect) ? c.expect : {};
  if (isObject(expect.error)) {
    const why = checkErrors(errors, { message: String(expect.error.message ?? '') });
    if (why) fail(`the message was not rejected: ${why}`);
    return PASS;
  }
  if (errors.length && expect.response !== null) fail(`unexpected error: ${describe(errors[0])}`);
  if (expect.response === null) {
    if (responses.length) fail(`expected no response, got ${show(responses[0])}`);
    return PASS;
  }
  if (responses.length !== 1) fail(`expected one rendererFunctionResponse, got ${responses.length}`);
  const got = responses[0];
  const wantEnvelope = isObject(expect.response) ? expect.response : {};
  const want = isObject(wantEnvelope.rendererFunctionResponse) ? wantEnvelope.rendererFunctionResponse : {};
  if (wantEnvelope.version !== undefined && canonicalVersion(wantEnvelope.version) !== '1.0') fail(`unexpected version ${show(wantEnvelope.version)}`);
  if (want.functionCallId !== undefined && got.functionCallId !== want.functionCallId) fail(`functionCallId ${show(got.functionCallId)} ≠ ${show(want.functionCallId)}`);
  if (Object.hasOwn(want, 'value')) {
    if (got.error) fail(`expected value ${show(want.value)}, got error ${show(got.error)}`);
    if (!jsonEqual(got.value, want.value)) fail(`value ${show(got.value)} ≠ ${show(want.value)}`);
  }
  if (isObject(want.error)) {
    if (!got.error) fail(`expected error ${show(want.error)}, got value ${show(got.value)}`);
    if (want.error.code !== undefined && got.error.code !== want.error.code) fail(`error.code ${got.error.code} ≠ ${want.error.code} (${got.error.message})`);
    if (typeof want.error.message === 'string' && !messageContains(got.error.message, want.error.message)) {
      fail(`error.message "${got.error.message}" does not contain "${want.error.message}"`);
    }
  }
  return PASS;
}

/** `outboundCall` + `inboundResponse`: the renderer calls an agent function and gets the answer back. */
async function agentRoundTrip(c: Case, suite: SuiteInfo, args: Record<string, any>, draft: boolean): Promise<Outcome> {
  const outbound = args.outboundCall;
  const id = String(outbound.functionCallId);
  const h = setup(c, { draftBindings: suite.draftBindings, callId: () => id });
  const call = (draft ? upgradeCall(outbound.callFunction) : outbound.callFunction) as Record<string, unknown>;
  const catalogId = typeof call.catalogId === 'string' ? call.catalogId : 'conformance';
  if (!h.store.catalog(catalogId)) h.store.registerCatalog({ catalogId, protocolVersion: '1.0' });
  const surfaceId = typeof outbound.surfaceId === 'string' ? outbound.surfaceId : 'conformance';
  h.store.process({ version: '1.0', createSurface: { surfaceId, catalogId } });
  let result: unknown;
  let error: unknown;
  const errors = await collect(h, async () => {
    const pending = h.store.execute(call, { surfaceId }).then(
      (v) => (result = v),
      (e) => (error = e),
    );
    const response = draft ? upgradeMessage(args.inboundResponse, h.upgrade) : args.inboundResponse;
    h.store.process(response);
    await pending;
  });
  const sent = h.outbound.flatMap((m) => ('callAgentFunction' in m ? [m.callAgentFunction] : []));
  h.store.dispose();
  if (errors.length) fail(`unexpected error: ${describe(errors[0])}`);
  if (error) fail(`the call failed: ${describe(error)}`);
  if (sent.length !== 1) fail(`expected one callAgentFunction, got ${sent.length}`);
  const expect = isObject(c.expect) ? c.expect : {};
  if (expect.correlatedCallId !== undefined && sent[0].functionCallId !== expect.correlatedCallId) {
    fail(`functionCallId ${show(sent[0].functionCallId)} ≠ ${show(expect.correlatedCallId)}`);
  }
  if (Object.hasOwn(expect, 'result') && !jsonEqual(result, expect.result)) fail(`result ${show(result)} ≠ ${show(expect.result)}`);
  return PASS;
}

