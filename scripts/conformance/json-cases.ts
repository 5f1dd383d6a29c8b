/**
 * The v1.0 JSON schema test cases (`v1_0-current/test/cases/*.json`, already in the current
 * syntax) run against the store instead of a schema validator:
 * - agent → renderer messages: a valid one is applied without an error; an invalid one is reported
 *   with an error and changes nothing (surfaces, components, data models, pending calls);
 * - catalog documents: a valid one loads, an invalid one is refused when loaded;
 * - `contact_form_example.jsonl`: every line, fed in small chunks, is applied without an error.
 * The state a message assumes (its surface, a pending agent call) is set up first.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { A2uiError, A2uiStore, BASIC_CATALOG_ID, Catalog, type CatalogDefinition } from '../../src/index.ts';
import { basicFunctions } from '../../src/functions/basic/index.ts';
import { isObject } from '../../src/json.ts';
import { describe, jsonEqual, show } from './expect.ts';
import { CASES_DIR, SPEC_ROOT } from './paths.ts';
import { fail, PASS, type Outcome, type RunnableCase, type Suite } from './types.ts';

interface JsonSuite {
  schema?: string;
  catalog?: string;
  tests: Array<{ description: string; valid?: boolean; data: unknown }>;
}

/** Loads one JSON suite file as runnable cases. */
export function jsonSuite(file: string): Suite {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as JsonSuite;
  if (!Array.isArray(doc.tests)) throw new Error('not a suite (no "tests" list)');
  const schema = doc.schema ?? 'agent_to_renderer.json';
  const catalog = loadSuiteCatalog(doc.catalog);
  const seen = new Map<string, number>();
  const cases: RunnableCase[] = doc.tests.map((t, i) => {
    const n = (seen.get(t.description) ?? 0) + 1;
    seen.set(t.description, n);
    const name = n > 1 ? `${t.description} (#${i})` : t.description;
    const valid = t.valid !== false;
    return {
      name,
      run: (): Outcome | Promise<Outcome> => {
        if (schema === 'catalog_definition.json') return catalogCase(t.data, valid);
        if (schema === 'agent_to_renderer.json') return messageCase(t.data, valid, catalog);
        fail(`no store entry point for ${schema} data`);
      },
    };
  });
  return { name: basename(file), cases };
}

/** The suite's catalog: the basic catalog by default, or a named file (spec folder, then test folder). */
function loadSuiteCatalog(name: string | undefined): CatalogDefinition | undefined {
  if (!name) return undefined;
  for (const dir of [resolve(SPEC_ROOT, 'v1_0-current'), resolve(CASES_DIR, '..')]) {
    try {
      return JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as CatalogDefinition;
    } catch {
      // try the next folder
    }
  }
  throw new Error(`suite catalog ${name} not found`);
}

function catalogCase(data: unknown, valid: boolean): Outcome {
  try {
    new Catalog(data as CatalogDefinition);
  } catch (e) {
    if (valid) fail(`refused: ${describe(e)}`);
    return PASS;
  }
  if (!valid) fail('loaded an invalid catalog');
  return PASS;
}

const SURFACE_KEYS = ['updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction'];

/** A store with the suite's catalog and the state the message assumes. */
function storeFor(data: unknown, catalog: CatalogDefinition | undefined): { store: A2uiStore; errors: A2uiError[]; responses: unknown[]; answered: unknown[] } {
  const key = isObject(data) ? Object.keys(data).find((k) => k !== 'version') : undefined;
  const body = key && isObject(data) && isObject(data[key]) ? data[key] : {};
  const callId = key === 'agentFunctionResponse' && typeof body.functionCallId === 'string' ? body.functionCallId : 'pending-call';
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0, callId: () => callId });
  if (catalog) {
    const declared = isObject(catalog.functions) ? Object.keys(catalog.functions) : [];
    const impls = Object.fromEntries(declared.filter((n) => n in basicFunctions).map((n) => [n, basicFunctions[n]]));
    store.registerCatalog(catalog, impls);
  }
  const catalogId = catalog?.catalogId ?? BASIC_CATALOG_ID;
  if (key && SURFACE_KEYS.includes(key) && typeof body.surfaceId === 'string') {
    store.process({ version: '1.0', createSurface: { surfaceId: body.surfaceId, catalogId } });
  }
  if (key === 'agentFunctionResponse') {
    // A pending renderer → agent call for the response to settle (an undeclared function goes to the agent).
    store.process({ version: '1.0', createSurface: { surfaceId: 'pending', catalogId } });
    store.execute({ '@call': 'agentSideFunction', args: {} }, { surfaceId: 'pending' }).catch(() => undefined);
  }
  const errors: A2uiError[] = [];
  const responses: unknown[] = [];
  const answered: unknown[] = [];
  store.onError((e) => errors.push(e));
  store.onMessage((m) => {
    if (!('rendererFunctionResponse' in m)) return;
    answered.push(m.rendererFunctionResponse);
    if (m.rendererFunctionResponse.error) responses.push(m.rendererFunctionResponse);
  });
  return { store, errors, responses, answered };
}

/** Messages whose successful application always changes the state. */
const APPLIES = new Set(['createSurface', 'updateComponents', 'deleteSurface']);

function keyOf(data: unknown): string | undefined {
  return isObject(data) ? Object.keys(data).find((k) => k !== 'version') : undefined;
}

/** Everything a message could change. */
function state(store: A2uiStore): unknown {
  return {
    surfaces: store.surfaceIds.map((id) => {
      const s = store.surface(id)!;
      return { id, catalogId: s.catalogId, data: s.dataModel.snapshot(), components: s.ids().map((c) => ({ c, props: s.peek(c)!.props })) };
    }),
    pending: store.agentCalls.pendingIds,
  };
}

/**
 * The schema runner binds every component to the suite's catalog (its `catalog.json` placeholder);
 * on the wire that is the surface's default catalog, so a `createSurface` that names none gets the
 * suite's. (Without one, v1.0 catalog resolution rejects every component that names no catalog.)
 */
function bindCatalog(data: unknown, catalogId: string): unknown {
  if (!isObject(data) || !isObject(data.createSurface) || data.createSurface.catalogId !== undefined) return data;
  return { ...data, createSurface: { ...data.createSurface, catalogId } };
}

async function messageCase(raw: unknown, valid: boolean, catalog: CatalogDefinition | undefined): Promise<Outcome> {
  const data = bindCatalog(raw, catalog?.catalogId ?? BASIC_CATALOG_ID);
  const { store, errors, responses, answered } = storeFor(data, catalog);
  const before = state(store);
  store.process(data);
  const after = state(store);
  await new Promise((r) => setImmediate(r));
  store.dispose();
  // A valid callRendererFunction is answered; an error answer is the renderer's runtime verdict
  // on the call (e.g. a rendererOnly function), not a rejection of the message.
  const rejection = errors[0] ? describe(errors[0]) : undefined;
  if (valid && rejection) fail(`valid message reported: ${rejection}`);
  if (valid && isObject(data) && data.callRendererFunction !== undefined && answered.length === 0) fail('valid callRendererFunction got no response');
  if (valid && APPLIES.has(keyOf(data) ?? '') && jsonEqual(before, after)) fail('valid message changed nothing');
  if (!valid && !rejection && !responses[0]) fail('invalid message accepted without an error');
  if (!valid && !jsonEqual(before, after)) fail('the rejected message changed the state');
  return PASS;
}

/** `contact_form_example.jsonl`: one case per line, the whole stream fed in 97-character chunks. */
export function jsonlSuite(file: string): Suite {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  const perLine: A2uiError[][] = lines.map(() => []);
  let current = 0;
  store.onError((e) => perLine[Math.min(current, lines.length - 1)].push(e));
  let fed = false;
  const feed = () => {
    if (fed) return;
    fed = true;
    // Chunk boundaries fall mid-line; a line is applied when its newline arrives.
    for (const [i, line] of lines.entries()) {
      current = i;
      const chunkText = line + '\n';
      for (let p = 0; p < chunkText.length; p += 97) store.feed(chunkText.slice(p, p + 97));
    }
    store.end();
  };
  const cases: RunnableCase[] = lines.map((line, i) => ({
    name: `line ${i + 1}: ${Object.keys(JSON.parse(line)).filter((k) => k !== 'version')[0] ?? '?'}`,
    run: () => {
      feed();
      if (perLine[i].length) fail(`reported: ${describe(perLine[i][0])}`);
      return PASS;
    },
  }));
  return { name: basename(file), cases };
}
