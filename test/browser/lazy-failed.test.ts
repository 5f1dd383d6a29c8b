/**
 * Pieces loaded on first use that fail to load: the test server answers 503 for the regex
 * checker's, the schema validator's explanations', the number formatters', the Image element's and the sandbox's modules (scripts/wtr-lazy-modules.mjs). The agent is told (an
 * EXECUTION_ERROR per surface for an element; inside a binding, as every failure there, an
 * EXPRESSION_ERROR); the rest of the page keeps working.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { feedResponse, type OutboundMessage } from '../../src/index.ts';
import { templateFormatter } from '../../src/internal.ts';
import '../../elements/index.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { configureMcpCatalog, MCP_CATALOG_ID } from '../../sandbox/on-demand.ts';
import { REGEX, SANDBOX, NUMBERS, TEMPLATE, IMAGE, SCHEMA, VALIDATOR, DRAFT, FUNCTION_CALLS, lazy } from './lazy-modules.ts';
import { BASIC, component, mount, settle } from './elements-helpers.ts';
import { deepQueryAll, getByLabel, getByRole, queryAllByText, textOf } from './queries.ts';


/** The `error` bodies among the outbound messages. */
const failures = (out: OutboundMessage[]) => out.flatMap((m) => ('error' in m ? [m.error as { code: string; surfaceId?: string; path?: string; message: string }] : []));


describe('pieces loaded on first use that fail to load', () => {
  afterEach(() => lazy({ reset: true }));

  // First here: the validator loads when this file's first store is created.
  it('a schema validator that cannot load refuses what needs it (VALIDATION_FAILED, a generic text; a host call: EXECUTION_ERROR), in order; the next message loads it again', async () => {
    await lazy({ fail: [VALIDATOR] });
    const { store, el, out } = await mount('first', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    const tree = (text: unknown) => ({ version: '1.0', updateComponents: { surfaceId: 'first', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text }] } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'first', catalogId: BASIC, dataModel: { note: 'one' } } },
      tree({ '@path': '/note' }),
      { version: '1.0', updateDataModel: { surfaceId: 'first', path: '/note', value: 'two' } },
    ]);
    await waitUntil(() => errors().length > 0, 'the refusal was never reported', { timeout: 8000 });
    await settle(el);
    const [error] = errors();
    expect([error.code, error.surfaceId, error.path]).to.deep.equal(['VALIDATION_FAILED', 'first', '/components/0']);
    expect(error.message).to.contain('could not load the schema validator');
    expect(store.peekSurface('first')?.dataModel.get('/note'), 'the data update after the refused message applied').to.equal('two');
    // A host's call of a declared function needs the argument checks, which come with the validator.
    const call = { '@call': 'not', catalogId: BASIC, args: { value: 'false' } };
    const failed = await store.execute(call).then(
      () => undefined,
      (e: { code: string; message: string }) => e,
    );
    expect(failed?.code).to.equal('EXECUTION_ERROR');
    expect(failed?.message).to.contain('could not load the schema validator');

    await lazy({ reset: true });
    store.process(tree({ '@path': '/note' }));
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the validator was not loaded again', { timeout: 8000 });
    await settle(el);
    expect(errors(), 'the one refusal, nothing after the validator arrived').to.have.length(1);
    expect(textOf(component(el, 'note'))).to.equal('two');
    expect(await store.execute(call), 'the call answers once the validator is there').to.equal(true);
  });

  it('a formatString template parser that cannot load refuses the message calling formatString (EXECUTION_ERROR), in order; the next such message loads it again', async () => {
    expect(templateFormatter.loaded, 'nothing on this page may have called formatString before').to.equal(undefined);
    await lazy({ fail: [TEMPLATE] });
    const { store, el, out } = await mount('greet', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    const hello = { '@call': 'formatString', args: { value: 'Hello, ${/name}!' } };
    const tree = { version: '1.0', updateComponents: { surfaceId: 'greet', components: [{ id: 'root', component: 'Column', children: ['hello'] }, { id: 'hello', component: 'Text', text: hello }] } };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'greet', catalogId: BASIC, dataModel: { name: 'Ada' } } },
      tree,
      { version: '1.0', updateDataModel: { surfaceId: 'greet', path: '/name', value: 'Grace' } },
    ]);
    await waitUntil(() => errors().length > 0, 'the failed load was never reported', { timeout: 8000 });
    await settle(el);
    const [error] = errors();
    expect([error.code, error.surfaceId]).to.deep.equal(['EXECUTION_ERROR', 'greet']);
    expect(error.message).to.contain('could not load the formatString template parser');
    expect(store.peekSurface('greet')?.dataModel.get('/name'), 'the data update after the refused message applied').to.equal('Grace');

    await lazy({ reset: true });
    store.process(tree);
    await waitUntil(() => queryAllByText(el, 'Hello, Grace!').length > 0, 'the parser was not loaded again', { timeout: 8000 });
    expect(errors(), 'the one refusal, nothing after the parser arrived').to.have.length(1);
  });

  it('a draft adapter that cannot load refuses the draft message in draft form (EXECUTION_ERROR); the next draft message loads it again', async () => {
    await lazy({ fail: [DRAFT] });
    const { store, el, out } = await mount('draft', { locale: 'en-US' }, { preload: false });
    const create = { version: 'v1.0', createSurface: { surfaceId: 'draft', catalogId: 'basic', dataModel: { note: 'two' } } };
    store.process(create);
    await waitUntil(() => failures(out).length > 0, 'the failed load was never reported', { timeout: 8000 });
    const refusals = out.filter((m) => 'error' in m) as Array<{ version: string; error: { code: string; message: string } }>;
    expect(refusals.map((m) => [m.version, m.error.code])).to.deep.equal([['v1.0', 'EXECUTION_ERROR']]);
    expect(refusals[0].error.message).to.contain('could not load the draft v1.0 adapter');
    expect(store.peekSurface('draft') === undefined, 'the refused createSurface made no surface').to.equal(true);

    await lazy({ reset: true });
    store.process([create, { version: 'v1.0', updateComponents: { surfaceId: 'draft', components: [{ id: 'root', component: 'Text', text: { path: '/note' } }] } }]);
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the adapter was not loaded again', { timeout: 8000 });
    await settle(el);
    expect(failures(out), 'the one refusal, nothing after the adapter arrived').to.have.length(1);
  });

  it('function-call handlers that cannot load refuse the callRendererFunction (EXECUTION_ERROR), in order; the next one loads them again', async () => {
    await lazy({ fail: [FUNCTION_CALLS] });
    const { store, el, out } = await mount('calls', { locale: 'en-US' }, { preload: false });
    const call = (id: string) => ({ version: '1.0', callRendererFunction: { functionCallId: id, callFunction: { '@call': 'required', args: { value: 'x' }, catalogId: BASIC } } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'calls', catalogId: BASIC, dataModel: { note: 'one' } } },
      call('c1'),
      { version: '1.0', updateComponents: { surfaceId: 'calls', components: [{ id: 'root', component: 'Text', text: { '@path': '/note' } }] } },
    ]);
    await waitUntil(() => failures(out).length > 0, 'the failed load was never reported', { timeout: 8000 });
    expect(failures(out).map((e) => e.code)).to.deep.equal(['EXECUTION_ERROR']);
    await waitUntil(() => queryAllByText(el, 'one').length > 0, 'the message after the refused call did not apply', { timeout: 8000 });

    await lazy({ reset: true });
    store.process(call('c2'));
    const answers = () => out.flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse] : []));
    await waitUntil(() => answers().length > 0, 'the handlers were not loaded again', { timeout: 8000 });
    expect(answers().map((a) => a.functionCallId)).to.deep.equal(['c2']);
    expect(failures(out), 'the one refusal, nothing after the handlers arrived').to.have.length(1);
  });

  it('a schema validator that cannot load still refuses the component (VALIDATION_FAILED, its pointer, a generic text); later messages apply', async () => {
    await lazy({ fail: [SCHEMA] });
    const { store, el, out } = await mount('refused', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    const tree = (variant: string) => ({
      version: '1.0',
      updateComponents: { surfaceId: 'refused', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text: { '@path': '/note' }, variant }] },
    });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'refused', catalogId: BASIC, dataModel: { note: 'one' } } },
      tree('shout'),
      tree('caption'),
      { version: '1.0', updateDataModel: { surfaceId: 'refused', path: '/note', value: 'two' } },
    ]);
    await waitUntil(() => errors().length > 0, 'the refusal was never reported', { timeout: 8000 });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the messages after the refused one never applied', { timeout: 5000 });
    await settle(el);
    expect(errors()).to.have.length(1);
    const [error] = errors();
    expect([error.code, error.surfaceId, error.path]).to.deep.equal(['VALIDATION_FAILED', 'refused', '/components/1']);
    expect(error.message).to.contain("'Text'").and.to.contain('could not load the schema validator');
    expect(textOf(component(el, 'note'))).to.equal('two');
  });

  it('a regex checker that cannot load is reported (EXPRESSION_ERROR, as every failure inside a binding); the form keeps working', async () => {
    await lazy({ fail: [REGEX] });
    const { store, el, out, actions } = await mount('form', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { code: '' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'form',
          components: [
            { id: 'root', component: 'Column', children: ['code', 'echo', 'send'] },
            {
              id: 'code',
              component: 'TextField',
              label: 'Code',
              value: { '@path': '/code' },
              checks: [{ condition: { '@call': 'regex', args: { value: { '@path': '/code' }, pattern: '^\\d{3}$' } }, message: 'Three digits' }],
            },
            { id: 'echo', component: 'Text', text: { '@path': '/code' } },
            { id: 'label', component: 'Text', text: 'Send' },
            { id: 'send', component: 'Button', child: 'label', action: { event: { name: 'send', context: { code: { '@path': '/code' } } } } },
          ],
        },
      },
    ]);
    await waitUntil(() => errors().length > 0, 'the failed load was never reported', { timeout: 8000 });
    const [error] = errors();
    expect(error.code).to.equal('EXPRESSION_ERROR');
    expect(error.surfaceId).to.equal('form');
    expect(error.message).to.contain('could not load the regex checker');

    getByLabel<HTMLInputElement>(el, 'Code').focus();
    await sendKeys({ type: '42' });
    await settle(el);
    expect(textOf(component(el, 'echo'))).to.equal('42');
    getByRole(el, 'button', { name: 'Send' }).click();
    await settle(el);
    expect(actions()).to.have.length(1);
    expect(errors().every((e) => e.message.includes('could not load the regex checker'))).to.equal(true);
  });

  it('number formatters that cannot load are reported once per binding (EXPRESSION_ERROR); the surface keeps working', async () => {
    await lazy({ fail: [NUMBERS] });
    const { store, el, out } = await mount('count', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'count', catalogId: BASIC, dataModel: { n: 3 } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'count',
          components: [
            { id: 'root', component: 'Column', children: ['count', 'echo'] },
            { id: 'count', component: 'Text', text: { '@call': 'pluralize', args: { value: { '@path': '/n' }, one: 'One item', other: 'Several items' } } },
            { id: 'echo', component: 'Text', text: { '@call': 'formatString', args: { value: 'n = ${/n}' } } },
          ],
        },
      },
    ]);
    await waitUntil(() => errors().length > 0, 'the failed load was never reported', { timeout: 8000 });
    await settle(el);
    const [error] = errors();
    expect(error.code).to.equal('EXPRESSION_ERROR');
    expect(error.surfaceId).to.equal('count');
    expect(error.message).to.contain('could not load the number formatters');
    expect(textOf(component(el, 'echo'))).to.equal('n = 3');

    store.process({ version: '1.0', updateDataModel: { surfaceId: 'count', path: '/n', value: 4 } });
    await settle(el);
    expect(textOf(component(el, 'echo'))).to.equal('n = 4');
    expect(errors().every((e) => e.message.includes('could not load the number formatters'))).to.equal(true);
  });

  it('an Image element that cannot load is one EXECUTION_ERROR; the Image shows the failed fallback and its siblings render', async () => {
    await lazy({ fail: [IMAGE] });
    const { store, el, out } = await mount('photo', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'photo', catalogId: BASIC } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'photo',
          components: [
            { id: 'root', component: 'Column', children: ['pic', 'caption'] },
            { id: 'pic', component: 'Image', url: 'https://example.com/a.png', description: 'A photo' },
            { id: 'caption', component: 'Text', text: 'Beside the photo' },
          ],
        },
      },
    ]);
    await waitUntil(() => errors().length > 0, 'the failed load was never reported', { timeout: 8000 });
    await settle(el);
    expect(errors().map((e) => [e.code, e.surfaceId])).to.deep.equal([['EXECUTION_ERROR', 'photo']]);
    expect(errors()[0].message).to.contain('could not load the Image element');
    expect(queryAllByText(el, 'Content unavailable')).to.have.length(1);
    expect(deepQueryAll(el, 'img')).to.have.length(0);
    expect(textOf(component(el, 'caption'))).to.equal('Beside the photo');

    store.process({ version: '1.0', updateComponents: { surfaceId: 'photo', components: [{ id: 'caption', component: 'Text', text: 'Still here' }] } });
    await settle(el);
    expect(textOf(component(el, 'caption'))).to.equal('Still here');
    expect(errors()).to.have.length(1);
  });

  it('a sandbox that cannot load is one EXECUTION_ERROR per surface; the McpApp shows the failed fallback and its siblings render', async () => {
    await lazy({ fail: [SANDBOX] });
    const { store, el, out } = await mount('app-a', { locale: 'en-US' }, { preload: false });
    const errors = () => failures(out);
    const other = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="app-b"></a2ui-surface>`);
    configureMcpCatalog(store);
    const surface = (id: string) => [
      { version: '1.0', createSurface: { surfaceId: id, catalogId: BASIC } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: id,
          components: [
            { id: 'root', component: 'Column', children: ['note', 'app'] },
            { id: 'note', component: 'Text', text: `Beside the app on ${id}` },
            { id: 'app', component: 'McpApp', '@catalogId': MCP_CATALOG_ID, title: 'Clock', htmlContent: '<p>hi</p>', data: { paths: {} } },
          ],
        },
      },
    ];
    store.process([...surface('app-a'), ...surface('app-b')]);
    await waitUntil(() => errors().length >= 2, 'the failed load was not reported to both surfaces', { timeout: 8000 });
    await settle(el);
    await settle(other);
    expect(errors().map((e) => [e.code, e.surfaceId])).to.deep.equal([
      ['EXECUTION_ERROR', 'app-a'],
      ['EXECUTION_ERROR', 'app-b'],
    ]);
    for (const s of [el, other]) {
      expect(queryAllByText(s, 'Content unavailable')).to.have.length(1);
      expect(deepQueryAll(s, 'a2ui-mcp-app')).to.have.length(0);
    }
    expect(textOf(component(el, 'note'))).to.equal('Beside the app on app-a');

    // The page goes on: a later message still renders.
    store.process({ version: '1.0', updateComponents: { surfaceId: 'app-a', components: [{ id: 'note', component: 'Text', text: 'Still here' }] } });
    await settle(el);
    expect(textOf(component(el, 'note'))).to.equal('Still here');
    expect(errors()).to.have.length(2);
  });
});
