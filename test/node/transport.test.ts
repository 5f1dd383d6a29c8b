import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { feedResponse, feedStream, sendToAgent } from '../../src/transport/index.ts';
import { SseParser, a2aMessage, requestBody, rendererMetadata } from '../../src/transport/sync.ts';

const create = (id: string, extra: Record<string, unknown> = {}) => ({ version: '1.0', createSurface: { surfaceId: id, catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json', ...extra } });
const put = (id: string, path: string, value: unknown) => ({ version: '1.0', updateDataModel: { surfaceId: id, path, value } });
const line = (m: unknown) => JSON.stringify(m) + '\n';

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const errors = () => out.filter((m) => 'error' in m);
  return { store, out, errors, get: (id: string, p: string) => store.surface(id)?.dataModel.get(p) };
}

/** A stream that yields the given chunks (bytes or strings) one read at a time. */
function streamOf(chunks: Array<Uint8Array | string>): ReadableStream<Uint8Array | string> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]);
      else c.close();
    },
  });
}

/** Splits bytes into chunks of `size` (cutting through multi-byte characters). */
function bytesIn(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

test('JSONL bytes split through multi-byte characters decode whole; the last line without a newline is flushed', async () => {
  const { store, get, errors } = setup();
  const text = line(create('s')) + line(put('s', '/name', 'Zoë 😀 日本')) + JSON.stringify(put('s', '/last', 'ü'));
  for (const size of [1, 2, 3, 5, 7]) {
    store.process({ version: '1.0', deleteSurface: { surfaceId: 's' } });
    const result = await feedStream(store, streamOf(bytesIn(text, size)));
    assert.deepEqual(result, { ok: true, messages: 3 });
    assert.equal(get('s', '/name'), 'Zoë 😀 日本', `chunk size ${size}`);
    assert.equal(get('s', '/last'), 'ü', 'the unterminated last line is applied at the end');
  }
  assert.deepEqual(errors().filter((m) => 'error' in m && m.error.code !== 'INTEGRITY_ERROR'), []);
});

test('CRLF line ends and blank lines are fine; a bad line is reported and the stream goes on', async () => {
  const { store, get, errors } = setup();
  const text = `${JSON.stringify(create('s'))}\r\n\r\n{not json}\r\n${JSON.stringify(put('s', '/x', 1))}\r\n`;
  const result = await feedStream(store, streamOf([text.slice(0, 10), text.slice(10)]));
  assert.equal(result.ok, true);
  assert.equal(get('s', '/x'), 1);
  assert.equal(errors().length, 1);
  assert.match(JSON.stringify(errors()[0]), /not valid JSON/);
});

test('two streams feeding one store at once keep their partial lines apart', async () => {
  const { store, get, errors } = setup();
  store.process([create('a'), create('b')]);
  const a = line(put('a', '/v', 'from a'));
  const b = line(put('b', '/v', 'from b'));
  // Interleave: each stream delivers half a line, then yields to the other.
  await Promise.all([
    feedStream(store, streamOf([a.slice(0, 20), a.slice(20)])),
    feedStream(store, streamOf([b.slice(0, 25), b.slice(25)])),
  ]);
  assert.equal(get('a', '/v'), 'from a');
  assert.equal(get('b', '/v'), 'from b');
  assert.deepEqual(errors(), []);
});

test('SSE parser: data lines, comments, event and id fields, CR / LF / CRLF split across chunks, BOM', () => {
  const p = new SseParser();
  const events = [
    ...p.push('\uFEFF: comment\r'),
    ...p.push('\nevent: a2ui\rid: 7\rdata: {"x":\r'),
    ...p.push('\ndata: 1}\r\n\r'),
    ...p.push('\n'),
    ...p.push('data:no-space\n\n'),
    ...p.push('data: last'),
  ];
  assert.deepEqual(events, [
    { event: 'a2ui', data: '{"x":\n1}', id: '7' },
    { event: 'message', data: 'no-space', id: '7' },
  ]);
  assert.deepEqual(p.end(), [{ event: 'message', data: 'last', id: '7' }], 'a last event without its blank line is still delivered');
});

test('SSE stream: one message per event, JSONL inside an event, event filter', async () => {
  const { store, get, errors } = setup();
  const sse =
    `event: a2ui\ndata: ${JSON.stringify(create('s'))}\n\n` +
    `event: ping\ndata: {"not": "a2ui"}\n\n` +
    `event: a2ui\ndata: ${JSON.stringify(put('s', '/a', 1))}\ndata: ${JSON.stringify(put('s', '/b', 2))}\n\n` +
    `event: a2ui\ndata: ${JSON.stringify([put('s', '/c', 3)])}\n\n`;
  const result = await feedStream(store, streamOf(bytesIn(sse, 9)), { format: 'sse', events: ['a2ui'] });
  assert.deepEqual(result, { ok: true, messages: 4 });
  assert.deepEqual([get('s', '/a'), get('s', '/b'), get('s', '/c')], [1, 2, 3]);
  assert.deepEqual(errors(), []);
});

test('feedResponse picks the framing from Content-Type and does not feed a failed response', async () => {
  const { store, get } = setup();
  const sse = new Response(`data: ${JSON.stringify(create('s'))}\n\ndata: ${JSON.stringify(put('s', '/v', 'sse'))}\n\n`, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
  assert.deepEqual(await feedResponse(store, sse), { ok: true, messages: 2 });
  assert.equal(get('s', '/v'), 'sse');

  const json = new Response(JSON.stringify({ messages: [put('s', '/v', 'json')] }, null, 2), { headers: { 'content-type': 'application/json' } });
  assert.deepEqual(await feedResponse(store, json), { ok: true, messages: 1 });
  assert.equal(get('s', '/v'), 'json');

  const failed = new Response(line(put('s', '/v', 'never')), { status: 502 });
  const result = await feedResponse(store, failed);
  assert.equal(result.ok, false);
  assert.equal(result.status, 502);
  assert.equal(get('s', '/v'), 'json');
});

test('an abort stops the feed: later chunks are not applied, the result says aborted', async () => {
  const { store, get } = setup();
  const controller = new AbortController();
  let pulls = 0;
  const stream = new ReadableStream<string>({
    pull(c) {
      pulls++;
      if (pulls === 1) c.enqueue(line(create('s')));
      else if (pulls === 2) c.enqueue(line(put('s', '/v', 1)) + JSON.stringify(put('s', '/partial', true)).slice(0, 30));
      else if (pulls === 3) controller.abort();
      else c.enqueue(line(put('s', '/v', 2)));
    },
  }, { highWaterMark: 0 });
  const result = await feedStream(store, stream, { signal: controller.signal });
  assert.equal(result.aborted, true);
  assert.equal(result.ok, false);
  assert.equal(get('s', '/v'), 1);
  assert.equal(get('s', '/partial'), undefined);
});

test('a read failure resolves with ok: false (nothing is thrown at the host)', async () => {
  const { store, get } = setup();
  let n = 0;
  const stream = new ReadableStream<string>({
    pull(c) {
      if (n++ === 0) c.enqueue(line(create('s')));
      else c.error(new Error('connection reset'));
    },
  });
  const result = await feedStream(store, stream);
  assert.deepEqual(result, { ok: false, messages: 1, error: 'connection reset' });
  assert.ok(store.surface('s'));
  assert.equal(get('s', '/v'), undefined);
});

test('unwrap takes A2A DataParts apart; a throwing unwrap is reported, not thrown', async () => {
  const { store, get, errors } = setup();
  const part = (data: unknown[]) => ({ kind: 'data', data, metadata: { mimeType: 'application/a2ui+json' } });
  const text = line(part([create('s'), put('s', '/v', 'a2a')])) + line({ kind: 'text', text: 'hi' }) + line(part([put('s', '/w', 1)]));
  const unwrap = (p: unknown) => {
    const o = p as { kind?: string; data?: unknown[]; metadata?: { mimeType?: string } };
    if (o.kind === 'text') return undefined;
    if (o.data?.length === 1) throw new Error('boom');
    return o.data;
  };
  const result = await feedStream(store, streamOf([text]), { unwrap });
  assert.equal(result.ok, true);
  assert.equal(get('s', '/v'), 'a2a');
  assert.equal(get('s', '/w'), undefined);
  assert.equal(errors().length, 1);
  assert.match(JSON.stringify(errors()[0]), /boom/);
});

test('requestBody: capabilities, the data model of sendDataModel surfaces, and the snapshot sent with the message', () => {
  const { store } = setup();
  store.process([create('synced', { sendDataModel: true, dataModel: { n: 1 } }), create('private', { dataModel: { secret: 1 } })]);
  const captured: Array<{ m: OutboundMessage; meta: Record<string, unknown> }> = [];
  store.onMessage((m, meta) => captured.push({ m, meta: meta as Record<string, unknown> }));
  store.dispatchAction({ name: 'go', surfaceId: 'synced', sourceComponentId: 'b', context: {} });
  store.process(put('synced', '/n', 2));
  const { m, meta } = captured[0];
  const body = requestBody(store, m, { metadata: meta });
  assert.deepEqual(body.messages, [m]);
  assert.deepEqual(body.metadata.a2uiRendererCapabilities, { '1.0': { supportedCatalogIds: ['https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json'] } });
  assert.deepEqual(body.metadata.a2uiRendererDataModel, { version: '1.0', surfaces: { synced: { n: 1 } } }, 'the snapshot taken with the action wins');
  assert.deepEqual(rendererMetadata(store).a2uiRendererDataModel, { version: '1.0', surfaces: { synced: { n: 2 } } }, 'without one: the current model');
  assert.equal(JSON.stringify(body).includes('secret'), false, 'surfaces without sendDataModel are never sent');
  assert.equal(rendererMetadata(store, { capabilities: false }).a2uiRendererCapabilities, undefined);
});

test('a2aMessage: one application/a2ui+json DataPart, the metadata on the message', () => {
  const { store } = setup();
  const msg = a2aMessage(store, [], { text: 'Show me the dashboard.', messageId: 'm1' }) as { parts: unknown[]; metadata: Record<string, unknown>; messageId: string };
  assert.equal(msg.messageId, 'm1');
  assert.deepEqual(msg.parts, [{ kind: 'text', text: 'Show me the dashboard.' }]);
  assert.ok(msg.metadata.a2uiRendererCapabilities);
  const action = { version: '1.0', action: { name: 'a', surfaceId: 's', sourceComponentId: 'b', timestamp: 't', context: {} } } as OutboundMessage;
  const withData = a2aMessage(store, action) as { parts: Array<Record<string, unknown>> };
  assert.deepEqual(withData.parts, [{ kind: 'data', data: [action], metadata: { mimeType: 'application/a2ui+json' } }]);
});

test('sendToAgent POSTs the body and feeds the JSONL answer back; a network failure is a value', async () => {
  const { store, get } = setup();
  store.process(create('s', { sendDataModel: true }));
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return new Response(line(put('s', '/answer', 42)), { headers: { 'content-type': 'application/jsonl' } });
  }) as unknown as typeof fetch;
  const action = { version: '1.0', action: { name: 'ask', surfaceId: 's', sourceComponentId: 'b', timestamp: 't', context: { q: 1 } } } as OutboundMessage;
  const result = await sendToAgent(store, '/agent', action, { fetch: fakeFetch });
  assert.deepEqual(result, { ok: true, messages: 1 });
  assert.equal(get('s', '/answer'), 42);
  assert.equal(requests[0].init.method, 'POST');
  const sent = JSON.parse(String(requests[0].init.body));
  assert.deepEqual(sent.messages, [action]);
  assert.deepEqual(sent.metadata.a2uiRendererDataModel, { version: '1.0', surfaces: { s: {} } });

  const offline = (async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  assert.deepEqual(await sendToAgent(store, '/agent', action, { fetch: offline }), { ok: false, messages: 0, error: 'Failed to fetch' });
});

test('feedResponse counts only the messages the store took; refused lines are counted apart', async () => {
  const { store, errors, get } = setup();
  const body = line(create('s')) + 'not json\n' + line(put('s', 'no-slash', 1)) + line({ version: '0.8', beginRendering: {} }) + line(put('s', '/ok', 2));
  const result = await feedResponse(store, new Response(body, { headers: { 'content-type': 'application/jsonl' } }));
  assert.deepEqual(result, { ok: true, messages: 2, refused: 3 });
  assert.equal(errors().length, 3);
  assert.equal(get('s', '/ok'), 2);
});
