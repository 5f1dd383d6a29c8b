/**
 * `partialUpdates` (issue 16): valid components of a message are applied, each invalid one is
 * answered with its own error and shows as a placeholder; without the option, the spec's
 * whole-message rule holds.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { A2uiStore, BASIC_CATALOG_ID, type ErrorMessage } from '../../src/index.ts';
import { draftUpgrader, schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';
import { BASIC_V09_CATALOG_ID, enableV09 } from '../../src/v09/index.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), templateFormatter.load(), schemaExplainer.load(), draftUpgrader.load()]);

function storeWith(partialUpdates: boolean) {
  const store = new A2uiStore({ locale: 'en-US', partialUpdates });
  const errors: ErrorMessage[] = [];
  store.onMessage((m) => 'error' in m && errors.push(m.error));
  return { store, errors };
}

/**
 * A message with one bad component among good ones: a TextField whose unknown `variant` could be
 * hiding a secret (not a presentation enum, so it is refused, not shown with a default).
 */
const ONE_BAD = {
  version: '1.0',
  createSurface: {
    surfaceId: 's',
    catalogId: BASIC_CATALOG_ID,
    components: [
      { id: 'root', component: 'Column', children: ['hello', 'bad', 'bye'] },
      { id: 'hello', component: 'Text', text: 'Hello' },
      { id: 'bad', component: 'TextField', label: 'PIN', value: { '@path': '/pin' }, variant: 'password' },
      { id: 'bye', component: 'Text', text: 'Bye' },
    ],
  },
};

describe('partialUpdates', () => {
  test('one bad component: the others are applied, exactly one error names it (spec code, JSON pointer)', () => {
    const { store, errors } = storeWith(true);
    store.process(ONE_BAD);
    const surface = store.peekSurface('s')!;
    assert.deepEqual(surface.ids(), ['root', 'hello', 'bye']);
    assert.equal(errors.length, 1);
    assert.deepEqual({ code: errors[0].code, surfaceId: errors[0].surfaceId, path: errors[0].path }, { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/2/variant' });
    assert.deepEqual(surface.rejectedIds(), ['bad']);
    assert.equal(surface.rejection('bad')!.path, '/components/2/variant');
  });

  test('a later valid update of the id replaces the placeholder', () => {
    const { store, errors } = storeWith(true);
    store.process(ONE_BAD);
    store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'bad', component: 'Text', text: 'Fixed' }] } });
    const surface = store.peekSurface('s')!;
    assert.equal(surface.peek('bad')!.props.text, 'Fixed');
    assert.equal(surface.rejection('bad'), undefined);
    assert.equal(errors.length, 1);
  });

  test('an invalid update of a shown component replaces it with the placeholder', () => {
    const { store, errors } = storeWith(true);
    store.process(ONE_BAD);
    store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'hello', component: 'Nope' }, { id: 'bye', component: 'Text', text: 'Later' }] } });
    const surface = store.peekSurface('s')!;
    assert.equal(surface.peek('hello'), undefined);
    assert.equal(surface.rejection('hello')!.path, '/components/0/component');
    assert.equal(surface.peek('bye')!.props.text, 'Later');
    assert.equal(errors.length, 2);
  });

  test('a graph fault leaves out the component it names', () => {
    const { store, errors } = storeWith(true);
    store.process(ONE_BAD);
    store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'hello', component: 'Column', children: ['root'] }, { id: 'bye', component: 'Text', text: 'Still' }] } });
    const surface = store.peekSurface('s')!;
    assert.equal(surface.peek('bye')!.props.text, 'Still');
    assert.equal(surface.peek('hello'), undefined);
    assert.equal(errors.at(-1)!.code, 'INTEGRITY_ERROR');
    assert.equal(errors.length, 2);
  });

  test('graph faults are isolated a bounded number of times: a message with more is refused whole', () => {
    const { store, errors } = storeWith(true);
    store.process({ version: '1.0', createSurface: { surfaceId: 'g', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Column', children: [] }] } });
    // 40 self-containing Columns: 40 graph faults.
    const loops = Array.from({ length: 40 }, (_, i) => ({ id: `c${i}`, component: 'Column', children: [`c${i}`] }));
    store.process({ version: '1.0', updateComponents: { surfaceId: 'g', components: [...loops, { id: 'ok', component: 'Text', text: 'ok' }] } });
    assert.equal(store.peekSurface('g')!.peek('ok'), undefined);
    assert.equal(errors.length, 1);
    store.process({ version: '1.0', updateComponents: { surfaceId: 'g', components: [...loops.slice(0, 3), { id: 'ok', component: 'Text', text: 'ok' }] } });
    assert.equal(store.peekSurface('g')!.peek('ok')!.props.text, 'ok');
    assert.equal(errors.length, 4);
  });

  test('envelope and data-model faults still reject their whole message', () => {
    const { store, errors } = storeWith(true);
    store.process(ONE_BAD);
    store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'x', component: 'Text', text: 'x' }], extra: 1 } });
    store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [] } });
    store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path: 'no-slash', value: 1 } });
    assert.equal(errors.length, 4);
    assert.equal(store.peekSurface('s')!.peek('x'), undefined);
  });

  test('a duplicate id in one message: the first is applied, the second refused', () => {
    const { store, errors } = storeWith(true);
    store.process({ version: '1.0', createSurface: { surfaceId: 'd', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: 'one' }, { id: 'root', component: 'Text', text: 'two' }] } });
    assert.equal(store.peekSurface('d')!.peek('root')!.props.text, 'one');
    assert.equal(store.peekSurface('d')!.rejection('root'), undefined);
    assert.equal(errors.length, 1);
  });

  test('v0.9 surfaces too: a settings page with an unknown ChoicePicker variant shows it with the default, and one error names it', () => {
    const { store, errors } = storeWith(true);
    enableV09(store);
    store.process([
      { version: 'v0.9', createSurface: { surfaceId: 'settings', catalogId: BASIC_V09_CATALOG_ID } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'settings',
          components: [
            { id: 'root', component: 'Column', children: ['title', 'theme'] },
            { id: 'title', component: 'Text', text: 'Settings' },
            { id: 'theme', component: 'ChoicePicker', label: 'Theme', variant: 'singleSelection', options: [{ label: 'Dark', value: 'dark' }], value: { path: '/theme' } },
          ],
        },
      },
    ]);
    assert.deepEqual(store.peekSurface('settings')!.ids(), ['root', 'title', 'theme']);
    assert.deepEqual(store.peekSurface('settings')!.rejectedIds(), []);
    assert.equal(store.peekSurface('settings')!.peek('theme')!.props.variant, undefined, 'the default applies');
    assert.equal(errors.length, 1);
    assert.equal(errors[0].path, '/components/2/variant');
    assert.match(errors[0].message, /default 'mutuallyExclusive'/);
  });

  test('an unknown value of a presentation enum shows the component with the default: one error per value, with its path', () => {
    const { store, errors } = storeWith(true);
    const message = {
      version: '1.0',
      createSurface: {
        surfaceId: 'p',
        catalogId: BASIC_CATALOG_ID,
        components: [
          { id: 'root', component: 'Row', align: 'middle', children: ['title', 'go'] },
          { id: 'title', component: 'Text', text: 'Hello', variant: 'headline' },
          { id: 'go', component: 'Button', child: 'label', variant: 'danger', action: { event: { name: 'go' } } },
          { id: 'label', component: 'Text', text: 'Go' },
        ],
      },
    };
    store.process(message);
    const surface = store.peekSurface('p')!;
    assert.deepEqual(surface.ids(), ['root', 'title', 'go', 'label']);
    assert.deepEqual(surface.rejectedIds(), []);
    assert.deepEqual([surface.peek('root')!.props.align, surface.peek('title')!.props.variant, surface.peek('go')!.props.variant], [undefined, undefined, undefined]);
    assert.deepEqual(
      errors.map((e) => [e.code, e.path, /shown with the default '(stretch|body|default)'/.test(e.message)]),
      [
        ['VALIDATION_FAILED', '/components/0/align', true],
        ['VALIDATION_FAILED', '/components/1/variant', true],
        ['VALIDATION_FAILED', '/components/2/variant', true],
      ],
    );
    // The same component sent again is the one already shown: not reported twice.
    store.process({ version: '1.0', updateComponents: { surfaceId: 'p', components: [message.createSurface.components[1]] } });
    assert.equal(errors.length, 3);
  });

  test('a presentation enum does not excuse another fault: the component is refused with that one', () => {
    const { store, errors } = storeWith(true);
    store.process({
      version: '1.0',
      createSurface: { surfaceId: 'q', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', variant: 'headline', text: 'x', colour: 'red' }] },
    });
    assert.deepEqual(store.peekSurface('q')!.rejectedIds(), ['root']);
    assert.deepEqual(errors.map((e) => e.path), ['/components/0/colour']);
  });

  test('draft surfaces: the refusals are in draft form', () => {
    const store = new A2uiStore({ locale: 'en-US', partialUpdates: true });
    const versions: string[] = [];
    store.onMessage((m) => versions.push(m.version));
    store.process({ ...ONE_BAD, version: 'v1.0', createSurface: { ...ONE_BAD.createSurface, catalogId: 'basic' } });
    assert.deepEqual(versions, ['v1.0']);
    assert.deepEqual(store.peekSurface('s')!.ids(), ['root', 'hello', 'bye']);
  });
});

describe('without partialUpdates (the default)', () => {
  test('an unknown presentation enum value still rejects the whole message', () => {
    const { store, errors } = storeWith(false);
    store.process({ version: '1.0', createSurface: { surfaceId: 'p', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: 'x', variant: 'headline' }] } });
    assert.equal(store.peekSurface('p'), undefined);
    assert.deepEqual(errors.map((e) => e.path), ['/components/0/variant']);
  });

  test('v0.9 strict mode, even with partialUpdates, still refuses the message', () => {
    const { store, errors } = storeWith(true);
    enableV09(store, { strict: true });
    store.process([
      { version: 'v0.9', createSurface: { surfaceId: 'v', catalogId: BASIC_V09_CATALOG_ID } },
      { version: 'v0.9', updateComponents: { surfaceId: 'v', components: [{ id: 'root', component: 'ChoicePicker', variant: 'singleSelection', options: [], value: { path: '/x' } }] } },
    ]);
    assert.deepEqual(store.peekSurface('v')!.ids(), []);
    assert.deepEqual(errors.map((e) => e.path), ['/components/0/variant']);
  });

  test('one bad component rejects the whole message with one error, as before', () => {
    const { store, errors } = storeWith(false);
    store.process(ONE_BAD);
    assert.equal(store.peekSurface('s'), undefined);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].path, '/components/2/variant');
    assert.equal(new A2uiStore().partialUpdates, false);
  });
});
