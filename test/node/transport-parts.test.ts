import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { A2uiStore, A2uiTextParser, type OutboundMessage } from '../../src/index.ts';
import { A2UI_MIME_TYPE, feedA2aParts, feedMcpContent, isA2uiDataPart, isA2uiResource } from '../../src/transport/sync.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load()]);


const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const surface = (id: string, text: string) => [
  { version: '1.0', createSurface: { surfaceId: id, catalogId: CATALOG } },
  { version: '1.0', updateComponents: { surfaceId: id, components: [{ id: 'root', component: 'Text', text }] } },
];

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  return { store, errors: () => out.filter((m) => 'error' in m), text: (id: string) => store.surface(id)?.peek('root')?.props.text };
}

test('A2A: DataParts with mimeType application/a2ui+json are applied; text parts go through the text parser; other data is left alone', () => {
  const { store, errors, text } = setup();
  const task = {
    kind: 'task',
    id: 't1',
    status: { state: 'completed', message: { kind: 'message', role: 'agent', parts: [{ kind: 'text', text: 'Here: <a2ui-json>' + JSON.stringify(surface('b', 'from text')) + '</a2ui-json> ok' }] } },
    artifacts: [{ artifactId: 'a', parts: [{ kind: 'data', data: surface('a', 'from data'), metadata: { mimeType: A2UI_MIME_TYPE } }, { kind: 'data', data: { other: true } }] }],
  };
  let prose = '';
  const applied = feedA2aParts(store, { jsonrpc: '2.0', id: 1, result: task }, { onText: (t) => (prose += t) });
  assert.equal(applied, 3, 'one DataPart, two messages from the text');
  assert.equal(text('a'), 'from data');
  assert.equal(text('b'), 'from text');
  assert.equal(prose, 'Here:  ok');
  assert.deepEqual(errors(), []);
  assert.equal(isA2uiDataPart({ kind: 'data', data: [], metadata: { mimeType: 'application/json' } }), false);
  assert.equal(isA2uiDataPart({ data: [], mediaType: 'application/a2ui+json; charset=utf-8' }), true, 'A2A 1.0 part shape');
});

test('A2A streaming: one parser across artifact updates keeps a block split between events whole', () => {
  const { store, errors, text } = setup();
  let prose = '';
  const parser = new A2uiTextParser(store, { onText: (t) => (prose += t) });
  const whole = `Sure. <a2ui-json>${JSON.stringify(surface('s', 'streamed'))}</a2ui-json> Done.`;
  let applied = 0;
  for (let i = 0; i < whole.length; i += 9) {
    const event = { kind: 'artifact-update', taskId: 't', append: i > 0, artifact: { artifactId: 'a', parts: [{ kind: 'text', text: whole.slice(i, i + 9) }] } };
    applied += feedA2aParts(store, event, { parser });
  }
  parser.end();
  assert.equal(applied, 2);
  assert.equal(text('s'), 'streamed');
  assert.equal(prose, 'Sure.  Done.');
  assert.deepEqual(errors(), []);
});

test('MCP: embedded resources of the A2UI MIME type from a real MCP server (text, JSONL, base64 blob) are applied; text content is prose', async () => {
  const server = new McpServer({ name: 'a2ui-parts-test', version: '1.0.0' });
  const jsonl = surface('c', 'jsonl').map((m) => JSON.stringify(m)).join('\n');
  const blob = Buffer.from(JSON.stringify(surface('d', 'blob ü'))).toString('base64');
  server.registerTool('open', { description: 'Opens the surfaces.' }, async () => ({
    content: [
      { type: 'text', text: 'Opened.' },
      { type: 'resource', resource: { uri: 'a2ui://a', mimeType: A2UI_MIME_TYPE, text: JSON.stringify(surface('a', 'json')) } },
      { type: 'resource', resource: { uri: 'a2ui://c', mimeType: A2UI_MIME_TYPE, text: jsonl } },
      { type: 'resource', resource: { uri: 'a2ui://d', mimeType: A2UI_MIME_TYPE, blob } },
      { type: 'resource', resource: { uri: 'file://x', mimeType: 'text/plain', text: 'not ui' } },
    ],
  }));
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const result = await client.callTool({ name: 'open', arguments: {} });
  await client.close();
  const { store, errors, text } = setup();
  let prose = '';
  assert.equal(feedMcpContent(store, result, { onText: (t) => (prose += t) }), 3);
  assert.equal(text('a'), 'json');
  assert.equal(text('c'), 'jsonl');
  assert.equal(text('d'), 'blob ü');
  assert.equal(prose, 'Opened.');
  assert.deepEqual(errors(), []);
  assert.equal(isA2uiResource({ type: 'resource', resource: { uri: 'x', mimeType: 'text/plain', text: '' } }), false);
  // A blob that is not base64 UTF-8 is one error.
  feedMcpContent(store, [{ type: 'resource', resource: { uri: 'a2ui://e', mimeType: A2UI_MIME_TYPE, blob: '/w==' } }]);
  assert.equal(errors().length, 1);
});
