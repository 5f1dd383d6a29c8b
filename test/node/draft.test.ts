/**
 * Draft v1.0 input (issue 16): `"version": "v1.0"` streams as today's models write them are
 * accepted by default, upgraded by src/draft, and answered in draft form.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { a2uiRendererDataModel } from '../../src/transport/sync.ts';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage, type TransportMetadata } from '../../src/index.ts';
import { functionCallHandlers, basicValidators, draftUpgrader, schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';

// A refusal's issues, and the agent calls, come from pieces loaded on first use; these tests read them synchronously.
await Promise.all([basicValidators.load(), schemaValidator.load(), templateFormatter.load(), schemaExplainer.load(), draftUpgrader.load(), functionCallHandlers.load()]);

/** A booking form as a model writes it in the draft wire: every draft shape in one surface. */
const BOOKING = [
  { version: 'v1.0', createSurface: { surfaceId: 'booking', catalogId: 'basic', sendDataModel: true, theme: { primaryColor: '#0b57d0' } } },
  {
    version: 'v1.0',
    updateDataModel: { surfaceId: 'booking', path: '/', value: { guest: { name: '', email: '' }, nights: 2, rooms: [{ id: 'r1', label: 'Lake view' }, { id: 'r2', label: 'Garden' }] } },
  },
  {
    version: 'v1.0',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['booking-title', 'nights-text', 'guest-name', 'guest-email', 'room-list', 'book-btn'] },
        { id: 'booking-title', component: 'Text', text: '## Book your stay', accessibility: { label: 'Booking form' } },
        {
          id: 'nights-text',
          component: 'Text',
          text: { call: 'pluralize', args: { value: { path: '/nights' }, one: 'One night', other: 'Several nights' }, returnType: 'string' },
          metadata: { extensions: { com_example_trace: 'n1' } },
        },
        {
          id: 'guest-name',
          component: 'TextField',
          label: 'Name',
          value: { path: '/guest/name' },
          checks: [{ condition: { call: 'required', args: { value: { path: '/guest/name' } }, returnType: 'boolean' }, message: 'Please enter your name' }],
        },
        {
          id: 'guest-email',
          component: 'TextField',
          label: 'Email',
          value: { path: '/guest/email' },
          checks: [{ condition: { call: 'email', args: { value: { path: '/guest/email' } } }, message: 'Not an email address' }],
        },
        { id: 'room-list', component: 'List', children: { componentId: 'room-item', path: '/rooms' } },
        { id: 'room-item', component: 'Text', text: { path: 'label' }, catalogId: 'basic' },
        {
          id: 'book-btn',
          component: 'Button',
          child: 'book-label',
          variant: 'primary',
          action: { event: { name: 'book', context: { name: { path: '/guest/name' }, nights: { path: '/nights' } } } },
        },
        { id: 'book-label', component: 'Text', text: 'Book' },
      ],
    },
  },
];

function draftStore(options: ConstructorParameters<typeof A2uiStore>[0] = {}) {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0, ...options });
  const out: Array<{ message: OutboundMessage; metadata: TransportMetadata }> = [];
  store.onMessage((message, metadata) => out.push({ message, metadata }));
  const errors = () => out.filter((o) => 'error' in o.message).map((o) => o.message);
  return { store, out, errors };
}

test('every draft shape is accepted by default and upgraded to the current wire', async () => {
  const { store, errors } = draftStore();
  store.process(BOOKING);
  assert.deepEqual(errors(), []);
  const surface = store.peekSurface('booking')!;
  assert.equal(surface.version, '1.0-draft');
  assert.equal(surface.catalogId, BASIC_CATALOG_ID, '"basic" names the basic catalog');
  assert.deepEqual(surface.ids().length, 9);
  const nights = surface.peek('nights-text')!;
  assert.deepEqual(nights.props.text, { '@call': 'pluralize', args: { value: { '@path': '/nights' }, one: 'One night', other: 'Several nights' } });
  assert.deepEqual(nights.metadata, { extensions: { com_example_trace: 'n1' } });
  assert.deepEqual(surface.peek('booking-title')!.accessibility, { label: 'Booking form' });
  assert.deepEqual(surface.peek('guest-name')!.checks, [{ condition: { '@call': 'required', args: { value: { '@path': '/guest/name' } } }, message: 'Please enter your name' }]);
  assert.deepEqual(surface.peek('room-list')!.children, [{ componentId: 'room-item', path: '/rooms' }], 'a ChildList template keeps its plain path');
  assert.equal(surface.peek('room-item')!.catalog.id, BASIC_CATALOG_ID);
  // pluralize arrives with its first call (number-functions.ts): the value may be a Promise the first time.
  assert.equal(await store.context('booking')!.evaluate(nights.props.text, { kind: 'binding' }), 'Several nights');
});

test('a draft surface is answered in draft form: actions, errors, agent calls, renderer function responses, data model', async () => {
  const { store, out } = draftStore();
  store.process(BOOKING);
  store.dispatchAction({ name: 'book', surfaceId: 'booking', sourceComponentId: 'book-btn', context: { nights: 2 } });
  const action = out.at(-1)!;
  assert.equal(action.message.version, 'v1.0');
  assert.equal('action' in action.message && action.message.action.sourceComponentId, 'book-btn', 'the agent gets its own id back');
  assert.deepEqual(action.metadata.a2uiRendererDataModel?.version, 'v1.0');
  assert.deepEqual(a2uiRendererDataModel(store)?.version, 'v1.0', 'the request-level data model too');
  assert.deepEqual(Object.keys(a2uiRendererDataModel(store)!.surfaces), ['booking']);

  store.process({ version: 'v1.0', updateDataModel: { surfaceId: 'booking', path: 'nights', value: 3 } });
  assert.equal(out.at(-1)!.message.version, 'v1.0');
  assert.ok('error' in out.at(-1)!.message);

  void store.execute({ '@call': 'checkAvailability', args: { nights: 3 } }, { surfaceId: 'booking' }).catch(() => undefined);
  const call = out.at(-1)!.message;
  assert.deepEqual(call, {
    version: 'v1.0',
    callAgentFunction: { surfaceId: 'booking', functionCallId: 'booking.checkAvailability.1', callFunction: { call: 'checkAvailability', catalogId: BASIC_CATALOG_ID, args: { nights: 3 } } },
  });

  store.process({ version: 'v1.0', callRendererFunction: { functionCallId: 'f1', surfaceId: 'booking', callFunction: { call: 'formatNumber', args: { value: 3 }, catalogId: 'basic' } } });
  await new Promise((r) => setImmediate(r));
  const response = out.at(-1)!.message;
  assert.equal(response.version, 'v1.0');
  assert.ok('rendererFunctionResponse' in response);
});

test('a surface never mixes forms; current-form surfaces stay strict', () => {
  const { store, errors } = draftStore();
  store.process(BOOKING);
  store.process({ version: '1.0', updateDataModel: { surfaceId: 'booking', path: '/nights', value: 1 } });
  assert.equal(errors().length, 1);
  assert.match(JSON.stringify(errors()[0]), /speaks version 1\.0-draft/);
  assert.equal(store.peekSurface('booking')!.dataModel.get('/nights'), 2, 'the refused message changed nothing');

  store.process({ version: '1.0', createSurface: { surfaceId: 'current', catalogId: BASIC_CATALOG_ID } });
  store.process({ version: 'v1.0', updateComponents: { surfaceId: 'current', components: [{ id: 'root', component: 'Text', text: 'x' }] } });
  assert.equal(errors().length, 2);
  assert.equal(errors()[1].version, 'v1.0', 'a refused draft message is answered in draft form');

  store.process({ version: '1.0', updateComponents: { surfaceId: 'current', components: [{ id: 'user-card', component: 'Text', text: 'x' }] } });
  assert.equal(errors().length, 3, 'hyphenated ids stay refused on current-form surfaces');
  store.process({ version: '1.0', createSurface: { surfaceId: 'short', catalogId: 'basic', components: [{ id: 'root', component: 'Text', text: 'x' }] } });
  assert.equal(errors().length, 4, '"basic" is no catalog id in the current form');
});

test('draft ids: any non-empty string, kept verbatim; "basic" stays a host catalog when one is registered', () => {
  const { store, errors } = draftStore();
  store.process({
    version: 'v1.0',
    createSurface: { surfaceId: 's', catalogId: 'basic', components: [{ id: 'root', component: 'Column', children: ['1st-item', 'item 2'] }, { id: '1st-item', component: 'Text', text: 'a' }, { id: 'item 2', component: 'Text', text: 'b' }] },
  });
  assert.deepEqual(errors(), []);
  store.process({ version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: '', component: 'Text', text: 'c' }] } });
  assert.equal(errors().length, 1, 'an empty id is refused');

  const custom = draftStore();
  custom.store.registerCatalog({ ...custom.store.catalog(BASIC_CATALOG_ID)!.definition, catalogId: 'basic' });
  custom.store.process({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'basic' } });
  assert.equal(custom.store.peekSurface('s')!.catalogId, 'basic');
});

test('hostile draft input: prototype keys stay data and are refused, nothing is polluted', () => {
  const { store, errors } = draftStore({ partialUpdates: true });
  const text = '{"version":"v1.0","createSurface":{"surfaceId":"h","catalogId":"basic","components":[' +
    '{"id":"root","component":"Column","children":["a","b"]},' +
    '{"id":"a","component":"Text","text":{"path":"/x","__proto__":{"polluted":1}}},' +
    '{"id":"b","component":"Text","text":"ok","__proto__":{"polluted":2}}]}}';
  store.process(text + '\n');
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.deepEqual(store.peekSurface('h')!.ids(), ['root']);
  assert.equal(errors().length, 2);
});

test('hostile draft input: deeply nested values end in one error, not a stack overflow', () => {
  const { store, errors } = draftStore();
  const deep = '['.repeat(200_000) + ']'.repeat(200_000);
  store.process(`{"version":"v1.0","createSurface":{"surfaceId":"d","catalogId":"basic","components":[{"id":"root","component":"Text","text":{"path":"/x","v":${deep}}}]}}\n`);
  assert.equal(errors().length, 1);
  assert.notEqual((errors()[0] as { error: { code: string } }).error.code, 'EXECUTION_ERROR');
});

test('the conformance runner upgrades with the same code (src/draft)', () => {
  const root = resolve(import.meta.dirname, '../..');
  assert.equal(existsSync(resolve(root, 'scripts/conformance/upgrade.ts')), false);
  const harness = readFileSync(resolve(root, 'scripts/conformance/harness.ts'), 'utf8');
  assert.match(harness, /from '\.\.\/\.\.\/src\/draft\/upgrade\.ts'/);
});

const DRAFT_EXAMPLES = resolve(import.meta.dirname, '../../../shared/spec/v1_0/catalogs/basic/examples');

test('the published draft examples render without one error, by default', { skip: existsSync(DRAFT_EXAMPLES) ? false : 'needs ../shared/spec' }, () => {
  const files = readdirSync(DRAFT_EXAMPLES).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 40);
  for (const file of files) {
    const doc = JSON.parse(readFileSync(resolve(DRAFT_EXAMPLES, file), 'utf8')) as { messages: Array<{ version: string }> };
    assert.ok(doc.messages.every((m) => m.version === 'v1.0'), file);
    const { store, errors } = draftStore();
    store.process(doc.messages);
    assert.deepEqual(errors(), [], file);
    assert.ok(store.surfaceIds.every((id) => store.peekSurface(id)!.version === '1.0-draft'), file);
  }
});
