import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { A2uiStore, A2uiTextParser, feedText, type OutboundMessage } from '../../src/index.ts';
import { BASIC_V09_CATALOG_ID, enableV09 } from '../../src/v09/index.ts';
import { draftUpgrader, schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator and the draft adapter load on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load(), draftUpgrader.load()]);


const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
type Msg = Record<string, unknown>;

const create = (id: string, components?: unknown[], extra: Msg = {}): Msg => ({ version: '1.0', createSurface: { surfaceId: id, catalogId: CATALOG, ...extra, ...(components ? { components } : {}) } });
const update = (id: string, components: unknown[]): Msg => ({ version: '1.0', updateComponents: { surfaceId: id, components } });
const put = (id: string, path: string, value: unknown): Msg => ({ version: '1.0', updateDataModel: { surfaceId: id, path, value } });
const remove = (id: string): Msg => ({ version: '1.0', deleteSurface: { surfaceId: id } });
const text = (id: string, t: string) => ({ id, component: 'Text', text: t });
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });
const block = (body: string) => `<a2ui-json>${body}</a2ui-json>`;

function session(setup?: (store: A2uiStore) => void) {
  const store = new A2uiStore({ locale: 'en-US' });
  setup?.(store);
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  let prose = '';
  const parser = new A2uiTextParser(store, { onText: (t) => (prose += t) });
  return { store, out, parser, prose: () => prose, errors: () => out.filter((m) => 'error' in m) };
}

/** What a store holds, comparable with deepEqual. */
function state(store: A2uiStore): unknown {
  return store.surfaceIds.map((id) => {
    const s = store.peekSurface(id)!;
    return {
      id,
      catalogId: s.catalogId,
      version: s.version,
      sendDataModel: s.sendDataModel,
      metadata: s.metadata,
      data: s.dataModel.snapshot(),
      components: s.ids().map((c) => [c, s.peek(c)!.type, s.peek(c)!.source]),
      rejected: s.rejectedIds(),
      // What the elements see (the published records) is what the store holds.
      stale: ['root', 'u', 'loop', '1bad', ...s.ids(), ...Array.from({ length: 10 }, (_, i) => `t${i}`)].filter((c) => s.component(c) !== s.peek(c)),
    };
  });
}

function pushAll(parser: A2uiTextParser, input: string, cuts: number[]): void {
  let at = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    parser.push(input.slice(at, cut));
    at = cut;
  }
  parser.push(input.slice(at));
  parser.end();
}

test('prose passes through as it arrives; a sentinel split anywhere is held back, never emitted', () => {
  const input = `Here you go 😀: ${block(JSON.stringify(create('s', [text('root', 'hi')])))} Done. <a2ui-jso`;
  for (let size = 1; size <= 13; size++) {
    const { parser, prose, store, errors } = session();
    const seen: string[] = [];
    const p2 = new A2uiTextParser(new A2uiStore(), { onText: (t) => seen.push(t) });
    for (let i = 0; i < input.length; i += size) {
      parser.push(input.slice(i, i + size));
      p2.push(input.slice(i, i + size));
    }
    for (const piece of seen) assert.ok(!/[\ud800-\udbff]$/.test(piece), 'half a surrogate pair is held back');
    for (const piece of seen) assert.ok(!/<a2ui|a2ui-json>|^json>|^-json/.test(piece) || piece.includes('<a2ui-jso'), `chunk ${size}: emitted ${JSON.stringify(piece)}`);
    assert.equal(prose(), 'Here you go 😀:  Done. ', `size ${size}: the trailing partial sentinel waits for end()`);
    parser.end();
    assert.equal(prose(), 'Here you go 😀:  Done. <a2ui-jso', 'at the end it was prose after all');
    assert.deepEqual(store.peekSurface('s')?.ids(), ['root']);
    assert.deepEqual(errors(), []);
  }
});

test('components of a streaming createSurface show one by one before the message closes', () => {
  const { parser, store, errors } = session();
  const comps = [column('root', ['a', 'b', 'c']), text('a', 'first'), text('b', 'second'), text('c', 'third')];
  const input = block(JSON.stringify(create('s', comps, { dataModel: { n: 1 } })));
  const seen: string[] = [];
  for (const ch of input) {
    parser.push(ch);
    const ids = store.peekSurface('s')?.ids().join(',') ?? '';
    if (seen[seen.length - 1] !== ids) seen.push(ids);
  }
  parser.end();
  assert.deepEqual(seen, ['', 'root', 'root,a', 'root,a,b', 'root,a,b,c']);
  assert.equal(store.peekSurface('s')!.dataModel.get('/n'), 1, 'the data model came with the header, whole');
  assert.deepEqual(errors(), []);
});

test('updateComponents streams into an existing surface; the staged records are the final ones (nothing renders twice)', () => {
  const { parser, store, errors } = session();
  store.process(create('s', [column('root', ['a'])]));
  const input = block(JSON.stringify(update('s', [column('root', ['a', 'b']), text('a', 'A'), text('b', 'B')])));
  const half = input.indexOf('"B"');
  parser.push(input.slice(0, half));
  const staged = store.peekSurface('s')!.peek('a');
  assert.equal(staged?.props.text, 'A', 'a is shown before the message closed');
  parser.push(input.slice(half));
  parser.end();
  assert.equal(store.peekSurface('s')!.peek('a'), staged, 'the store kept the staged record');
  assert.deepEqual(store.peekSurface('s')!.ids(), ['root', 'a', 'b']);
  assert.deepEqual(errors(), []);
});

test('staged components are shown to the elements within publishMs, the first at once', async () => {
  const { parser, store } = session();
  const input = block(JSON.stringify(create('s', [column('root', ['a', 'b']), text('a', 'A'), text('b', 'B')])));
  parser.push(input.slice(0, input.indexOf('"B"')));
  const s = store.peekSurface('s')!;
  assert.ok(s.component('root'), 'the first component is shown at once');
  assert.equal(s.peek('a')?.props.text, 'A', 'a is staged');
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(s.component('a'), s.peek('a'), 'and shown within publishMs');
  parser.push(input.slice(input.indexOf('"B"')));
  parser.end();
  assert.equal(s.component('b'), s.peek('b'), 'the end of the message shows the rest at once');
});

test('past the first seven, components are staged together when shown; the first refused one stops the staging', async () => {
  const ids = Array.from({ length: 12 }, (_, i) => `t${i}`);
  const texts = ids.map((id) => text(id, id));
  const cases = [
    // An unknown type in the group: the two before it show, nothing after it.
    { comps: [column('root', ids), ...texts.slice(0, 8), { id: 'u', component: 'Nope' }, ...texts.slice(8)], staged: ['root', ...ids.slice(0, 8)] },
    // A graph fault in the group: none of the group shows.
    { comps: [column('root', ids), ...texts.slice(0, 8), column('loop', ['loop']), ...texts.slice(8)], staged: ['root', ...ids.slice(0, 6)] },
    // Nothing wrong: all of them show before the message ends.
    { comps: [column('root', ids), ...texts], staged: ['root', ...ids] },
  ];
  for (const { comps, staged } of cases) {
    const { parser, store, out } = session();
    const ref = new A2uiStore({ locale: 'en-US' });
    const refOut: OutboundMessage[] = [];
    ref.onMessage((m) => refOut.push(m));
    const message = create('s', comps);
    ref.process(message);
    const input = block(JSON.stringify(message));
    const cut = input.lastIndexOf(']') + 1;
    parser.push(input.slice(0, cut)); // every component closed, the message not
    const s = store.peekSurface('s')!;
    assert.deepEqual(s.ids(), ['root', ...ids.slice(0, 6)], 'the first seven show at once, the rest wait for the pace');
    await new Promise((r) => setTimeout(r, 60));
    assert.deepEqual(s.ids(), staged);
    assert.deepEqual(staged.filter((c) => s.component(c) !== s.peek(c)), [], 'what is staged is shown');
    parser.push(input.slice(cut));
    parser.end();
    assert.deepEqual(state(store), state(ref));
    assert.deepEqual(out, refOut);
  }
});

test('v0.9 updateComponents streams too: each component is upgraded as the store would', () => {
  const v09 = (m: Msg): Msg => ({ version: 'v0.9', ...Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'version')) });
  const { parser, store, errors } = session((st) => enableV09(st));
  store.process(v09({ createSurface: { surfaceId: 's', catalogId: BASIC_V09_CATALOG_ID } }));
  const message = v09({ updateComponents: { surfaceId: 's', components: [column('root', ['a', 'b']), { id: 'a', component: 'Text', text: { path: '/x' } }, text('b', 'B')] } });
  const input = block(JSON.stringify(message));
  parser.push(input.slice(0, input.indexOf('"B"')));
  const staged = store.peekSurface('s')!.peek('a');
  assert.deepEqual(staged?.props.text, { '@path': '/x' }, 'a was upgraded and staged before the message closed');
  parser.push(input.slice(input.indexOf('"B"')));
  parser.end();
  assert.equal(store.peekSurface('s')!.peek('a'), staged, 'the store kept the staged record');
  assert.deepEqual(errors(), []);
});

test('a draft v1.0 createSurface (the form models write today) streams too', () => {
  const { parser, store, out } = session();
  const message = { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'basic', components: [column('root', ['booking-title', 'b']), { id: 'booking-title', component: 'Text', text: { path: '/t' } }, text('b', 'B')] } };
  const input = block(JSON.stringify(message));
  parser.push(input.slice(0, input.indexOf('"B"')));
  const staged = store.peekSurface('s')?.peek('booking-title');
  assert.deepEqual(staged?.props.text, { '@path': '/t' }, 'staged, upgraded from the draft form');
  parser.push(input.slice(input.indexOf('"B"')));
  parser.end();
  assert.equal(store.peekSurface('s')!.peek('booking-title'), staged, 'the staged record is the final one');
  assert.equal(store.peekSurface('s')!.version, '1.0-draft');
  assert.deepEqual(out, []);
});

test('a streamed message the store refuses leaves no trace: staged components are rolled back, the error is the whole message one', () => {
  const bad = [column('root', ['a']), text('a', 'ok'), { id: 'x', component: 'NoSuchThing' }];
  for (const message of [create('s', bad), update('t', bad)]) {
    const { parser, store, out } = session();
    const ref = new A2uiStore({ locale: 'en-US' });
    const refOut: OutboundMessage[] = [];
    ref.onMessage((m) => refOut.push(m));
    const before = create('t', [text('root', 'before')]);
    store.process(before);
    ref.process(before);
    ref.process(message);
    const input = block(JSON.stringify(message));
    const cut = input.indexOf('NoSuch');
    parser.push(input.slice(0, cut));
    assert.ok(
      (store.peekSurface('s') ?? store.peekSurface('t'))?.peek('a'),
      'the valid components were staged while streaming',
    );
    parser.push(input.slice(cut));
    parser.end();
    assert.deepEqual(state(store), state(ref));
    assert.deepEqual(out, refOut);
    assert.equal(out.length, 1);
  }
});

test('arrays, JSONL, {messages} and several blocks between prose', () => {
  const { parser, store, prose, errors } = session();
  const input = [
    'One ',
    block(JSON.stringify([create('a', [text('root', 'A')]), put('a', '/x', 1)])),
    ' two ',
    block(`\n${JSON.stringify(create('b'))}\n${JSON.stringify(update('b', [text('root', 'B')]))}\n`),
    ' three ',
    block(JSON.stringify({ messages: [put('b', '/y', 'ü😀'), remove('a')] })),
    ' end',
  ].join('');
  pushAll(parser, input, [3, 20, 21, 100, 101, 150]);
  assert.equal(prose(), 'One  two  three  end');
  assert.deepEqual(store.surfaceIds, ['b']);
  assert.equal(store.peekSurface('b')!.dataModel.get('/y'), 'ü😀');
  assert.deepEqual(errors(), []);
});

test('"</a2ui-json>" inside a JSON string does not end the block', () => {
  const { parser, store, prose, errors } = session();
  const input = `a${block(JSON.stringify(create('s', [text('root', 'x </a2ui-json> y \\" </a2ui-json>')])))}b`;
  pushAll(parser, input, [30, 60]);
  assert.equal(prose(), 'ab');
  assert.equal(store.peekSurface('s')!.peek('root')!.props.text, 'x </a2ui-json> y \\" </a2ui-json>');
  assert.deepEqual(errors(), []);
});

test('a malformed block is one error; earlier messages stay, the parser resumes at the next block', () => {
  const { parser, store, prose, errors } = session();
  const input = [
    'p1 ',
    block(`${JSON.stringify(create('a', [text('root', 'A')]))}\n{"version":"1.0","createSurface":{"surfaceId":"b","catalogId":"${CATALOG}","components":[{"id":"root","component":"Text","text":"B"} oops ]}}\n${JSON.stringify(put('a', '/x', 1))}`),
    ' p2 ',
    block('{"version": "1.0", "deleteSurface": {"surfaceId": tru}}'),
    ' p3 ',
    block(JSON.stringify(put('a', '/y', 2))),
  ].join('');
  pushAll(parser, input, [50, 140, 141]);
  assert.equal(prose(), 'p1  p2  p3 ');
  assert.deepEqual(store.surfaceIds, ['a'], 'b was staged, then removed with its malformed message');
  assert.equal(store.peekSurface('a')!.dataModel.get('/x'), undefined, 'the rest of the malformed block was skipped');
  assert.equal(store.peekSurface('a')!.dataModel.get('/y'), 2);
  assert.equal(errors().length, 2);
  for (const e of errors()) assert.match(JSON.stringify(e), /malformed/);
});

test('an unterminated block at end() is reported; prose and earlier surfaces are kept, the unfinished one is undone', () => {
  const { parser, store, prose, errors } = session();
  parser.push(`Hi ${block(JSON.stringify(create('a', [text('root', 'A')])))} and <a2ui-json>`);
  parser.push(JSON.stringify(create('b', [column('root', ['t']), text('t', 'T')])).slice(0, -10));
  assert.ok(store.peekSurface('b'), 'b was staged while streaming');
  parser.end();
  assert.equal(prose(), 'Hi  and ');
  assert.deepEqual(store.surfaceIds, ['a']);
  assert.equal(errors().length, 1);
  assert.match(JSON.stringify(errors()[0]), /not closed/);
});

test('linear: a 1 MB block in 1 KB chunks scans each character once', () => {
  const comps = [column('root', Array.from({ length: 2000 }, (_, i) => `t${i}`)), ...Array.from({ length: 2000 }, (_, i) => text(`t${i}`, 'x'.repeat(480)))];
  const input = block(JSON.stringify(create('s', comps)));
  assert.ok(input.length > 1_000_000);
  const { parser, store, errors } = session();
  // No timing assertion: count the characters the scanner copies into captures instead.
  let copied = 0;
  const slice = String.prototype.slice;
  String.prototype.slice = function (this: string, ...a: [number?, number?]) {
    const r = slice.apply(this, a);
    copied += r.length;
    return r;
  };
  try {
    for (let i = 0; i < input.length; i += 1024) parser.push(slice.call(input, i, i + 1024));
  } finally {
    String.prototype.slice = slice;
  }
  parser.end();
  assert.equal(store.peekSurface('s')!.size, 2001);
  assert.deepEqual(errors(), []);
  assert.ok(copied < input.length * 4, `copied ${copied} characters for ${input.length}`);
});

test('a message longer than a JSONL line may be is refused once, not buffered without end', () => {
  const { parser, store, prose, errors } = session();
  parser.push('a <a2ui-json>{"version":"1.0","updateDataModel":{"surfaceId":"s","path":"/x","value":"');
  const mb = 'x'.repeat(1024 * 1024);
  for (let i = 0; i < 9; i++) parser.push(mb);
  parser.push('"}}</a2ui-json> b');
  parser.push(block(JSON.stringify(create('s'))));
  parser.end();
  assert.equal(prose(), 'a  b');
  assert.equal(errors().length, 1);
  assert.match(JSON.stringify(errors()[0]), /longer than the limit/);
  assert.ok(store.peekSurface('s'), 'the next block is read');
});

test('feedText reads a Response, a byte stream split through characters, and an async iterable', async () => {
  const input = `Zoë ${block(JSON.stringify(create('s', [text('root', '日本 😀')])))} fin`;
  const bytes = new TextEncoder().encode(input);
  const sources = [
    () => new Response(input),
    () => new ReadableStream<Uint8Array>({ start(c) { for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.slice(i, i + 3)); c.close(); } }),
    () => (async function* () { for (let i = 0; i < input.length; i += 5) yield input.slice(i, i + 5); })(),
  ];
  for (const source of sources) {
    const store = new A2uiStore();
    let prose = '';
    const result = await feedText(store, source(), { onText: (t) => (prose += t) });
    assert.deepEqual(result, { ok: true, messages: 1 });
    assert.equal(prose, 'Zoë  fin');
    assert.equal(store.peekSurface('s')!.peek('root')!.props.text, '日本 😀');
  }
  const failed = await feedText(new A2uiStore(), new Response('x', { status: 503 }));
  assert.equal(failed.status, 503);
  // An abort stops the reading; what was not read is not applied, the block is not reported.
  const controller = new AbortController();
  const store = new A2uiStore();
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const endless = (async function* () {
    yield '<a2ui-json>' + JSON.stringify(create('a'));
    yield JSON.stringify(create('c', [column('root', ['t']), text('t', 'T')])).slice(0, -20);
    assert.ok(store.peekSurface('c'), 'c is staged');
    controller.abort();
    yield JSON.stringify(create('b'));
  })();
  const aborted = await feedText(store, endless, { signal: controller.signal });
  assert.deepEqual(aborted, { ok: false, aborted: true, messages: 1 });
  assert.deepEqual(store.surfaceIds, ['a'], 'the unfinished c is undone, b never read');
  assert.deepEqual(out, []);
});

// ── property: any chunking ends where processing the finished messages at once ends ──────────

const snippets = ['Hello', ' ', '\n', '<', '</a2ui-json>', '<a2ui', 'a2ui', '😀', 'é', '"', '\\', '\\"', '\\u00e9', '\\ud83d\\ude00', '}', ']'];
const str = fc.array(fc.constantFrom(...snippets, 'x', 'y'), { maxLength: 5 }).map((a) => a.join(''));
const prose = fc.array(fc.constantFrom(...snippets, 'word '), { maxLength: 6 }).map((a) => a.join('').split('<a2ui-json>').join('<a2ui json>'));
const sid = fc.constantFrom('a', 'b');
// Up to 12 Texts: past the first seven, components are staged in groups (when shown, or at the message's end).
const components = fc.record({ n: fc.constantFrom(0, 1, 2, 4, 9, 12), texts: fc.array(str, { minLength: 4, maxLength: 4 }), fault: fc.constantFrom('none', 'none', 'none', 'unknown', 'lateUnknown', 'duplicate', 'cycle', 'selfCycle', 'badId') }).map(({ n, texts, fault }) => {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const out: unknown[] = [column('root', ids), ...ids.map((id, i) => text(id, texts[i % 4]))];
  if (fault === 'unknown') out.splice(1, 0, { id: 'u', component: 'Nope' });
  if (fault === 'lateUnknown') out.splice(out.length - 1, 0, { id: 'u', component: 'Nope' });
  if (fault === 'duplicate') out.push(text('root', 'again'));
  if (fault === 'cycle') out.push(column('loop', ['root']), column('root', ['loop']));
  if (fault === 'selfCycle') out.splice(out.length - 1, 0, column('loop', ['loop']));
  if (fault === 'badId') out.push(text('1bad', 'x'));
  return out;
});
const currentOrDraft = (m: Msg, version: string): Msg => (version === '1.0' ? m : { version, ...Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'version')) });
const anyForm: fc.Arbitrary<Msg> = fc.oneof(
  fc.tuple(sid, components, fc.constantFrom('before', 'after', 'none'), str).map(([id, comps, where, v]) => {
    const body: Msg = { surfaceId: id };
    if (where === 'before') body.dataModel = { v };
    body.catalogId = CATALOG;
    body.components = comps;
    if (where === 'after') body.dataModel = { v };
    return { version: '1.0', createSurface: body };
  }),
  fc.tuple(sid, components).map(([id, comps]) => update(id, comps)),
  fc.tuple(sid, str).map(([id, v]) => put(id, '/v', v)),
  sid.map(remove),
  fc.constant({ version: '1.0', updateComponents: { surfaceId: 'a', components: [text('root', 'x')], extra: 1 } } as Msg),
);
// Current v1.0 and the draft ("v1.0", on by default), mixed: a draft message to a current surface is an error too.
const message: fc.Arbitrary<Msg> = fc.tuple(anyForm, fc.constantFrom('1.0', '1.0', 'v1.0')).map(([m, v]) => currentOrDraft(m, v));
const blockBody = fc.tuple(fc.array(message, { minLength: 1, maxLength: 3 }), fc.constantFrom('single', 'array', 'jsonl', 'wrapper'), fc.constantFrom(0, 1)).map(([ms, form, indent]) => {
  const j = (v: unknown) => JSON.stringify(v, null, indent ? 1 : undefined);
  if (form === 'array') return { values: [ms], text: j(ms) };
  if (form === 'wrapper') return { values: [{ messages: ms }], text: j({ messages: ms }) };
  if (form === 'jsonl') return { values: ms, text: `\n${ms.map((m) => j(m)).join('\n')}\n` };
  return { values: [ms[0]], text: j(ms[0]) };
});
const document = fc.array(fc.tuple(prose, blockBody), { minLength: 1, maxLength: 4 }).chain((parts) => {
  const input = parts.map(([p, b]) => p + block(b.text)).join('');
  return fc.record({ parts: fc.constant(parts), input: fc.constant(input), cuts: fc.array(fc.nat(input.length), { maxLength: 40 }) });
});

for (const partialUpdates of [false, true]) {
  test(`property${partialUpdates ? ' (partialUpdates)' : ''}: for any split points the state, outbound messages, errors and prose equal processing the finished messages at once`, () => {
    fc.assert(
      fc.property(document, ({ parts, input, cuts }) => {
        const ref = new A2uiStore({ locale: 'en-US', partialUpdates });
        const refOut: OutboundMessage[] = [];
        ref.onMessage((m) => refOut.push(m));
        for (const [, b] of parts) for (const v of b.values) ref.process(Array.isArray(v) || (v as Msg).messages ? v : [v]);
        const store = new A2uiStore({ locale: 'en-US', partialUpdates });
        const out: OutboundMessage[] = [];
        store.onMessage((m) => out.push(m));
        let got = '';
        pushAll(new A2uiTextParser(store, { onText: (t) => (got += t) }), input, cuts);
        assert.equal(got, parts.map(([p]) => p).join(''));
        assert.deepEqual(state(store), state(ref));
        assert.deepEqual(out, refOut);
      }),
      { numRuns: 300 },
    );
  });
}

test('property: with malformed and unterminated blocks, any chunking ends as the unchunked text does', () => {
  const broken = fc.constantFrom('{"version":"1.0","updateDataModel":', '[1, 2', '{"a" 1}', '{"version":"1.0","createSurface":{"surfaceId":"a","catalogId":"' + CATALOG + '","components":[{"id":"root","component":"Text","text":"x"},]}}', 'nul', ']');
  const doc = fc.tuple(document, broken, fc.boolean()).chain(([d, bad, unterminated]) => {
    const input = `${d.input}${block(bad)} tail ${unterminated ? '<a2ui-json>' + JSON.stringify(create('b', [text('root', 'late')])).slice(0, 60) : ''}`;
    return fc.record({ input: fc.constant(input), cuts: fc.array(fc.nat(input.length), { maxLength: 40 }) });
  });
  fc.assert(
    fc.property(doc, ({ input, cuts }) => {
      const whole = session();
      pushAll(whole.parser, input, []);
      const split = session();
      pushAll(split.parser, input, cuts);
      assert.equal(split.prose(), whole.prose());
      assert.deepEqual(state(split.store), state(whole.store));
      assert.deepEqual(split.out, whole.out);
      assert.ok(whole.errors().length >= 1);
    }),
    { numRuns: 200 },
  );
});

test('property (v0.9): streamed updateComponents end where the finished messages at once end', () => {
  const v = (m: Msg): Msg => ({ version: 'v0.9', ...Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'version')) });
  const msg09: fc.Arbitrary<Msg> = fc.oneof(
    sid.map((id) => v({ createSurface: { surfaceId: id, catalogId: BASIC_V09_CATALOG_ID } })),
    fc.tuple(sid, components).map(([id, comps]) => v(update(id, comps))),
    fc.tuple(sid, str).map(([id, x]) => v({ updateDataModel: { surfaceId: id, path: '/v', value: x } })),
    sid.map((id) => v(remove(id))),
    fc.tuple(sid, components).map(([id, comps]) => update(id, comps)),
  );
  const doc = fc.array(fc.tuple(prose, fc.array(msg09, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 4 }).chain((parts) => {
    const input = parts.map(([p, ms]) => p + block(JSON.stringify(ms))).join('');
    return fc.record({ parts: fc.constant(parts), input: fc.constant(input), cuts: fc.array(fc.nat(input.length), { maxLength: 40 }) });
  });
  fc.assert(
    fc.property(doc, ({ parts, input, cuts }) => {
      const ref = new A2uiStore({ locale: 'en-US' });
      enableV09(ref);
      const refOut: OutboundMessage[] = [];
      ref.onMessage((m) => refOut.push(m));
      for (const [, ms] of parts) ref.process(ms);
      const { store, out, parser } = session((st) => enableV09(st));
      pushAll(parser, input, cuts);
      assert.deepEqual(state(store), state(ref));
      assert.deepEqual(out, refOut);
    }),
    { numRuns: 200 },
  );
});
