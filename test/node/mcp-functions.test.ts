/**
 * The MCP catalog functions' pure parts and their store wiring, with hand-made MCP clients whose
 * timing the tests control. The real-server tests are test/browser/mcp-functions.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { A2uiStore, mcpCatalog, type A2uiError } from '../../src/index.ts';
import { a2uiMessages } from '../../sandbox/functions/a2ui-messages.ts';
import { configureMcpCatalog, MCP_CATALOG_ID, mcpCatalogOptions, type McpToolClient } from '../../sandbox/functions/index.ts';
import { LatestWins } from '../../sandbox/functions/latest-wins.ts';
import { parseJsonText } from '../../sandbox/functions/tool-result.ts';
import { metaResourceUri } from '../../sandbox/functions/ui-resources.ts';

const S = 's';
const call = (name: string, args: Record<string, unknown>) => ({ '@call': name, catalogId: MCP_CATALOG_ID, args });

function storeWith(client?: McpToolClient, data: Record<string, unknown> = {}) {
  const store = new A2uiStore({ locale: 'en-US' });
  const errors: A2uiError[] = [];
  store.onError((e) => errors.push(e));
  configureMcpCatalog(store, client ? { clientFor: () => client } : {});
  store.process({ version: '1.0', createSurface: { surfaceId: S, catalogId: MCP_CATALOG_ID, dataModel: data } });
  const run = (c: unknown, kind?: 'binding') => store.execute(c, { surfaceId: S, kind });
  const model = (path: string) => store.surface(S)!.dataModel.get(path);
  return { store, errors, run, model };
}

async function failure(p: Promise<unknown>): Promise<A2uiError> {
  return p.then(
    () => assert.fail('expected a failure'),
    (e: A2uiError) => e,
  );
}

/** A deferred value, resolved by the test. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('mcp functions: tool result parts', () => {
  it('json is an object or array parsed from the text, per block when the whole is not JSON', () => {
    assert.deepEqual(parseJsonText(['{"a":1}']), { a: 1 });
    assert.deepEqual(parseJsonText(['[1,', '2]']), [1, 2]);
    assert.deepEqual(parseJsonText(['{"a":1}', 'note', '[2]']), [{ a: 1 }, [2]]);
    assert.equal(parseJsonText(['42']), null);
    assert.equal(parseJsonText(['"quoted"']), null);
    assert.equal(parseJsonText(['{broken']), null);
    assert.equal(parseJsonText([]), null);
  });

  it('finds _meta.ui.resourceUri and the older flat ui/resourceUri key', () => {
    assert.equal(metaResourceUri({ ui: { resourceUri: 'ui://a' } }), 'ui://a');
    assert.equal(metaResourceUri({ 'ui/resourceUri': 'ui://b' }), 'ui://b');
    assert.equal(metaResourceUri({ ui: {} }), undefined);
    assert.equal(metaResourceUri(undefined), undefined);
  });

  it('A2UI payloads: arrays, {messages}, JSONL; version stamped when missing; bad lines kept for the store', () => {
    const create = { createSurface: { surfaceId: 'x', catalogId: 'c' } };
    assert.deepEqual(a2uiMessages([create]), [{ version: '1.0', ...create }]);
    assert.deepEqual(a2uiMessages({ messages: [create] }), [{ version: '1.0', ...create }]);
    assert.deepEqual(a2uiMessages(`${JSON.stringify({ version: '0.9', ...create })}\nnot json\n`), [{ version: '0.9', ...create }, 'not json']);
  });

  it('LatestWins: only the newest ticket per key is current, and keys do not cross', () => {
    const lw = new LatestWins();
    const first = lw.take('a');
    const other = lw.take('b');
    const second = lw.take('a');
    assert.equal(first(), false);
    assert.equal(second(), true);
    assert.equal(other(), true);
    lw.release('a', second);
    assert.equal(first(), false);
  });
});

describe('mcp functions: wiring into a store', () => {
  it('gives bodies to an MCP catalog already registered without them, and keeps options per store', async () => {
    const store = new A2uiStore();
    store.registerCatalog(mcpCatalog());
    const catalog = configureMcpCatalog(store, { sandboxBaseUrl: 'https://sandbox.example/' });
    assert.equal(store.catalog(MCP_CATALOG_ID), catalog);
    assert.deepEqual(catalog.functionNames.filter((n) => !catalog.function(n)!.implementation), []);
    assert.equal(await store.execute(call('jmespath', { expression: 'a', data: { a: 1 } })), 1);
    configureMcpCatalog(store, { onMcpAppResource: () => {} });
    assert.equal(mcpCatalogOptions(store)?.sandboxBaseUrl, 'https://sandbox.example/');
    configureMcpCatalog(store, { sandboxBaseUrl: undefined });
    assert.equal(mcpCatalogOptions(store)?.sandboxBaseUrl, undefined);
    assert.equal(mcpCatalogOptions(new A2uiStore()), undefined);
  });

  it('updateDataModel writes only from actions: a binding may not change the data it reads', async () => {
    const { run, model } = storeWith(undefined, { a: 1 });
    const e = await failure(run(call('updateDataModel', { updates: { '/a': 2 } }), 'binding'));
    assert.equal(e.code, 'EXPRESSION_ERROR');
    assert.equal(model('/a'), 1);
    await run(call('updateDataModel', { updates: { '/a': 2, 'b/c': [1] } }));
    assert.deepEqual(model('/'), { a: 2, b: { c: [1] } });
    assert.equal((await failure(run(call('updateDataModel', { updates: [1] })))).code, 'EXPRESSION_ERROR');
  });

  it('text functions: null flows through, objects are errors, over-long values do not match', async () => {
    const { run } = storeWith();
    assert.equal(await run(call('split', { value: { '@path': '/missing' }, separator: ',' })), null);
    assert.deepEqual(await run(call('split', { value: [1, null], separator: '' })), [['1'], null]);
    assert.equal((await failure(run(call('split', { value: { a: 1 }, separator: ',' })))).code, 'EXPRESSION_ERROR');
    const long = 'a'.repeat(4097);
    assert.equal(await run(call('regexCapture', { value: long, pattern: '(a)' })), null);
    assert.equal(await run(call('regexReplace', { value: long, pattern: 'a', replacement: 'b' })), long);
    assert.equal(await run(call('regexReplace', { value: 'a'.repeat(4096), pattern: 'a', replacement: 'b' })), 'b'.repeat(4096));
  });
});

describe('mcp functions: callMcpTool with a controlled client', () => {
  it('latest wins per target path: a slower earlier response is returned but never written', async () => {
    const answers: Array<ReturnType<typeof deferred<unknown>>> = [];
    const client: McpToolClient = {
      callTool: () => {
        const d = deferred<unknown>();
        answers.push(d);
        return d.promise;
      },
    };
    const { run, model } = storeWith(client);
    const target = (q: string) => call('callMcpTool', { name: 'search', arguments: { q }, targetDataPath: '/r' });
    const first = run(target('a'));
    const second = run(target('ab'));
    const elsewhere = run(call('callMcpTool', { name: 'search', arguments: { q: 'x' }, targetDataPath: '/other' }));
    await new Promise((r) => setImmediate(r));
    assert.equal(answers.length, 3);
    answers[1].resolve({ content: [{ type: 'text', text: 'ab' }] });
    await second;
    answers[0].resolve({ content: [{ type: 'text', text: 'a' }] });
    assert.equal(((await first) as { text: string }).text, 'a');
    answers[2].resolve({ content: [{ type: 'text', text: 'x' }] });
    await elsewhere;
    assert.equal(model('/r/text'), 'ab');
    assert.equal(model('/other/text'), 'x');
  });

  it('a stale call forwards no A2UI messages and reports no app', async () => {
    const answers: Array<ReturnType<typeof deferred<unknown>>> = [];
    let apps = 0;
    const client: McpToolClient = {
      callTool: () => {
        const d = deferred<unknown>();
        answers.push(d);
        return d.promise;
      },
    };
    const { store, run } = storeWith(client);
    configureMcpCatalog(store, { onMcpAppResource: () => apps++ });
    const a2ui = (id: string) => ({
      content: [{ type: 'resource', resource: { uri: 'a2ui://x', mimeType: 'application/a2ui+json', text: JSON.stringify({ createSurface: { surfaceId: id, catalogId: MCP_CATALOG_ID } }) } }],
    });
    const first = run(call('callMcpTool', { name: 't', targetDataPath: '/r' }));
    const second = run(call('callMcpTool', { name: 't', targetDataPath: '/r' }));
    await new Promise((r) => setImmediate(r));
    answers[1].resolve(a2ui('new'));
    await second;
    answers[0].resolve(a2ui('old'));
    await first;
    assert.ok(store.surface('new'));
    assert.equal(store.surface('old'), undefined);
    assert.equal(apps, 0);
  });

  it('odd clients: a non-Error throw, a non-result answer, a clientFor that throws, an unreadable ui resource', async () => {
    const cases: Array<[McpToolClient | (() => never), RegExp]> = [
      [{ callTool: () => Promise.reject('socket closed') }, /socket closed/],
      [{ callTool: async () => 'nonsense' }, /did not return a CallToolResult/],
      [() => { throw new Error('no route'); }, /no route/],
      [
        {
          callTool: async () => ({ content: [], _meta: { ui: { resourceUri: 'ui://gone' } } }),
          readResource: () => Promise.reject(new Error('Resource ui://gone not found')),
        },
        /ui:\/\/gone/,
      ],
    ];
    for (const [client, message] of cases) {
      const { store, run, model } = storeWith(undefined, { r: 'kept' });
      configureMcpCatalog(store, { clientFor: typeof client === 'function' ? client : () => client });
      const e = await failure(run(call('callMcpTool', { name: 't', targetDataPath: '/r' })));
      assert.equal(e.code, 'EXPRESSION_ERROR');
      assert.match(e.message, message);
      assert.equal(model('/r'), 'kept');
    }
  });

  it('a2ui JSONL blocks reach the store in order; a broken line is reported by the store', async () => {
    const lines = [
      JSON.stringify({ createSurface: { surfaceId: 'made', catalogId: MCP_CATALOG_ID } }),
      '{oops',
      JSON.stringify({ updateDataModel: { surfaceId: 'made', path: '/n', value: 2 } }),
    ].join('\n');
    const client: McpToolClient = {
      callTool: async () => ({ content: [{ type: 'resource', resource: { uri: 'a2ui://m', mimeType: 'application/a2ui+json', text: lines } }] }),
    };
    const { store, run, errors } = storeWith(client);
    await run(call('callMcpTool', { name: 't' }));
    assert.equal(store.surface('made')?.dataModel.get('/n'), 2);
    assert.deepEqual(errors.map((e) => e.code), ['VALIDATION_FAILED']);
  });
});
