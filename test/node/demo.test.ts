/** The demo's content is valid A2UI: every surface it streams is accepted without a single error. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { GALLERY } from '../../demo/surfaces/gallery.ts';
import { hello, helloReply } from '../../demo/surfaces/hello.ts';
import { bookingSurface, restaurantCatalog } from '../../demo/surfaces/booking.ts';
import { EXAMPLES } from '../../demo/surfaces/playground.ts';
import { ScriptedAgent } from '../../demo/agent/scripted-agent.ts';
import { feedResponse } from '../../src/transport/index.ts';
import { requestBody } from '../../src/transport/sync.ts';
import { basicValidators, schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([basicValidators.load(), schemaValidator.load(), templateFormatter.load()]);


function run(text: string | unknown[], setup?: (s: A2uiStore) => void) {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  setup?.(store);
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(text);
  return { store, errors: out.filter((m) => 'error' in m) };
}

test('the gallery surfaces are accepted and together use every basic component', () => {
  const { store, errors } = run(GALLERY.flatMap((g) => g.messages()));
  assert.deepEqual(errors, []);
  const used = new Set(GALLERY.flatMap((g) => store.surface(g.id)!.ids().map((id) => store.surface(g.id)!.component(id)!.type)));
  const basic = ['Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Divider', 'Modal', 'Button', 'CheckBox', 'TextField', 'DateTimeInput', 'ChoicePicker', 'Slider'];
  assert.deepEqual(basic.filter((t) => !used.has(t)), []);
});

test('the home, booking and playground streams are accepted; the "mistakes" example is refused as intended', () => {
  assert.deepEqual(run(hello()).errors, []);
  const answered = run([...hello(), ...helloReply({ name: 'Ada', size: ['large'], oatMilk: true })]);
  assert.deepEqual(answered.errors, []);
  assert.equal(answered.store.surface('hello')!.dataModel.get('/reply'), '☕ Thanks, Ada! A large coffee with oat milk is on its way.');
  assert.deepEqual(run(bookingSurface('2026-06-12'), (s) => s.registerCatalog(restaurantCatalog, { localTime: () => ({}) })).errors, []);
  for (const example of EXAMPLES) {
    const isMistakes = example.label.startsWith('Mistakes');
    const text = example.label.startsWith('Data updates') ? EXAMPLES[0].text() + example.text() : example.text();
    const prefix = example.label.startsWith('Delete') ? EXAMPLES[0].text() : '';
    const { errors } = run(prefix + text);
    if (isMistakes) assert.ok(errors.length >= 3, `${example.label}: ${errors.length} errors`);
    else assert.deepEqual(errors, [], example.label);
  }
});

test('the scripted agent answers availability calls and confirms a booking after asking for the local time', async () => {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  store.registerCatalog(restaurantCatalog, { localTime: () => ({ timeZone: 'Europe/Ljubljana' }) });
  const agent = new ScriptedAgent('2026-06-12', 0);
  const out: OutboundMessage[] = [];
  const turns: Promise<unknown>[] = [];
  store.onMessage((m, metadata) => {
    out.push(m);
    turns.push(agent.fetch('/agent', { method: 'POST', body: JSON.stringify(requestBody(store, m, { metadata })) }).then((r) => feedResponse(store, r)));
  });
  await feedResponse(store, await agent.fetch('/agent', { method: 'POST', body: JSON.stringify(requestBody(store, [])) }));
  const availability = await store.execute(
    { '@call': 'checkAvailability', catalogId: restaurantCatalog.catalogId, args: { date: '2026-06-12', partySize: 2 } },
    { surfaceId: 'booking', kind: 'binding' },
  );
  assert.match(String(availability), /for 2 on Friday/);
  store.surface('booking')!.dataModel.set('/booking/name', 'Ada');
  store.dispatchAction({ name: 'book_table', surfaceId: 'booking', sourceComponentId: 'book', context: { name: 'Ada', date: '2026-06-12', party: 2 } });
  for (let i = 0; i < 50 && !store.surface('booking')!.dataModel.get('/confirmation'); i++) {
    await Promise.all(turns);
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.deepEqual(store.surface('booking')!.dataModel.get('/confirmation/timeZone'), 'Europe/Ljubljana');
  assert.ok(out.some((m) => 'rendererFunctionResponse' in m), 'the renderer answered the agent’s callRendererFunction');
  assert.deepEqual(out.filter((m) => 'error' in m), []);
});

test('the streaming chat answer applies without an error, chunked as the page streams it', async () => {
  const { tripAnswer, tripSurface } = await import('../../demo/surfaces/chat.ts');
  const { A2uiTextParser } = await import('../../src/transport/index.ts');
  assert.deepEqual(run([tripSurface()]).errors, []);
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  let prose = '';
  const parser = new A2uiTextParser(store, { onText: (t) => (prose += t) });
  const text = tripAnswer();
  for (let i = 0; i < text.length; i += 4) parser.push(text.slice(i, i + 4));
  parser.end();
  assert.deepEqual(out, []);
  assert.ok(store.surface('trip')!.size > 60);
  assert.ok(prose.startsWith('Happy to help') && prose.endsWith('to match.'));
});
