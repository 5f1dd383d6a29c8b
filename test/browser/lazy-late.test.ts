/**
 * Pieces loaded on first use arriving late: the test server holds the regex checker's, the
 * number formatters', the schema validator's explanations', the CheckBox and Icon elements' and the sandbox's modules back (scripts/wtr-lazy-modules.mjs) while surfaces that need them render.
 * Nothing here preloads them (`mount(…, { preload: false })`), and this file's page loads each
 * module once.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/index.ts';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';
import { configureMcpCatalog, configureSandbox, MCP_CATALOG_ID } from '../../sandbox/on-demand.ts';
import type { A2uiMcpApp } from '../../sandbox/index.ts';
import { crossOriginBase, fixtureHtml } from '../fixtures/mcp/pages.ts';
import { REGEX, SANDBOX, NUMBERS, TEMPLATE, CHECKBOX, ICON, SCHEMA, VALIDATOR, DRAFT, TEXT_FIELD, BUTTON, lazy } from './lazy-modules.ts';
import { BASIC, component, inner, mount, settle } from './elements-helpers.ts';
import { deepQueryAll, getByLabel, getByRole, queryAllByText, textOf } from './queries.ts';



/** Lets the page run a while (timers, fetches) without the held module: nothing may change meanwhile. */
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Renders what arrived, lets the page run 300 ms with the module still held, renders again. */
async function waitHeld(el: Element): Promise<void> {
  await settle(el);
  await idle(300);
  await settle(el);
}

describe('pieces loaded on first use, arriving late', () => {
  afterEach(() => lazy({ reset: true }));

  // First here: the validator loads when this file's first store is created.
  it('the first messages wait for the schema validator: nothing shows and nothing is refused meanwhile, then all apply in order', async () => {
    expect(schemaValidator.loaded, 'no store may have been created before this test').to.equal(undefined);
    await lazy({ hold: [VALIDATOR] });
    const { store, el, errors } = await mount('first', { locale: 'en-US' }, { preload: false });
    const tree = (text: unknown) => ({ version: '1.0', updateComponents: { surfaceId: 'first', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text }] } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'first', catalogId: BASIC, dataModel: { note: 'one' } } },
      tree('zero'),
      // Would be refused (SURFACE_NOT_FOUND, or shown before its tree) if applied out of order.
      tree({ '@path': '/note' }),
      { version: '1.0', updateDataModel: { surfaceId: 'first', path: '/note', value: 'two' } },
    ]);
    await waitHeld(el);
    expect(errors(), 'nothing refused while the validator loads').to.deep.equal([]);
    expect(store.peekSurface('first')?.peek('note') === undefined, 'the components wait for the validator').to.equal(true);
    expect(queryAllByText(el, 'zero'), 'no component shows before it is validated').to.have.length(0);

    await lazy({ release: [VALIDATOR] });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the held messages never applied', { timeout: 8000 });
    await waitHeld(el);
    expect(errors()).to.deep.equal([]);
    expect(textOf(component(el, 'note'))).to.equal('two');
    expect(queryAllByText(el, 'zero')).to.have.length(0);
  });

  it('a form whose TextField and Button arrive late shows their placeholders, keeps the data sent meanwhile, then types and sends', async () => {
    await lazy({ hold: [TEXT_FIELD, BUTTON] });
    const { store, el, errors, actions } = await mount('form', { locale: 'en-US' }, { preload: false });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { name: '' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'form',
          components: [
            { id: 'root', component: 'Column', children: ['title', 'name', 'send'] },
            { id: 'title', component: 'Text', text: 'Contact' },
            { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' } },
            { id: 'send', component: 'Button', child: 'send_label', action: { event: { name: 'send', context: { name: { '@path': '/name' } } } } },
            { id: 'send_label', component: 'Text', text: 'Send' },
          ],
        },
      },
      { version: '1.0', updateDataModel: { surfaceId: 'form', path: '/name', value: 'Ada' } },
    ]);
    await waitHeld(el);
    expect(textOf(component(el, 'title'))).to.equal('Contact');
    expect(deepQueryAll(el, 'a2ui-placeholder').length, deepQueryAll(el, '*').map((e) => e.localName).join(' ')).to.equal(2);
    expect(deepQueryAll(el, 'input')).to.have.length(0);
    expect(queryAllByText(el, 'Content unavailable')).to.have.length(0);
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [TEXT_FIELD, BUTTON] });
    await waitUntil(() => deepQueryAll(el, 'a2ui-text-field').length === 1 && deepQueryAll(el, 'a2ui-button').length === 1, 'the form never rendered once its elements arrived', { timeout: 8000 });
    await settle(el);
    const field = getByLabel<HTMLInputElement>(el, 'Name');
    expect(field.value, 'the data sent while they loaded').to.equal('Ada');
    field.focus();
    await sendKeys({ type: ' L' });
    await settle(el);
    getByRole<HTMLButtonElement>(el, 'button', { name: 'Send' }).click();
    await settle(el);
    expect(actions()).to.have.length(1);
    expect((actions()[0] as { context: unknown }).context).to.deep.equal({ name: 'Ada L' });
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(0);
    expect(errors()).to.deep.equal([]);
  });

  it('a draft v1.0 stream waits for the draft adapter, and so does a v1.0 message after it; then both apply in order, answered each in its own form', async () => {
    await lazy({ hold: [DRAFT] });
    const { store, el, out } = await mount('draft', { locale: 'en-US' }, { preload: false });
    store.process([
      { version: 'v1.0', createSurface: { surfaceId: 'draft', catalogId: 'basic', dataModel: { note: 'one' } } },
      { version: 'v1.0', updateComponents: { surfaceId: 'draft', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text: { path: '/note' } }] } },
      { version: 'v1.0', updateDataModel: { surfaceId: 'draft', path: '/note', value: 'two' } },
      // A current-form message to the draft surface: refused once the surface exists, in the current form.
      { version: '1.0', updateDataModel: { surfaceId: 'draft', path: '/note', value: 'three' } },
    ]);
    await waitHeld(el);
    expect(out, 'nothing answered while the adapter loads').to.deep.equal([]);
    expect(store.peekSurface('draft') === undefined, 'the draft messages wait for the adapter').to.equal(true);

    await lazy({ release: [DRAFT] });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the held draft messages never applied', { timeout: 8000 });
    await waitHeld(el);
    expect(textOf(component(el, 'note'))).to.equal('two');
    const errors = out.filter((m) => 'error' in m) as Array<{ version: string; error: { code: string; path: string } }>;
    expect(errors.map((m) => [m.version, m.error.code, m.error.path]), 'the v1.0 message after them refused in its own form').to.deep.equal([['1.0', 'VALIDATION_FAILED', '/version']]);
  });

  it('a refused component waits for the schema validator to say why: its error comes once, as always, then the later messages apply', async () => {
    expect(schemaExplainer.loaded, 'no earlier test here may have refused a component').to.equal(undefined);
    await lazy({ hold: [SCHEMA] });
    const { store, el, errors } = await mount('refused', { locale: 'en-US' }, { preload: false });
    const bad = {
      version: '1.0',
      updateComponents: {
        surfaceId: 'refused',
        components: [
          { id: 'root', component: 'Column', children: ['note'] },
          { id: 'note', component: 'Text', text: { '@path': '/note' }, variant: 'shout' },
        ],
      },
    };
    let noteAtError: unknown;
    store.onMessage((m) => {
      if ('error' in m) noteAtError = store.peekSurface('refused')?.dataModel.get('/note');
    });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'refused', catalogId: BASIC, dataModel: { note: 'one' } } },
      bad,
      // After the refused message: held behind it, applied after its error, in order.
      { version: '1.0', updateComponents: { surfaceId: 'refused', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text: { '@path': '/note' } }] } },
      { version: '1.0', updateDataModel: { surfaceId: 'refused', path: '/note', value: 'two' } },
    ]);
    await waitHeld(el);
    expect(errors(), 'no error before its explanation').to.deep.equal([]);
    expect(store.surface('refused')!.dataModel.get('/note'), 'later data waits behind the refused message').to.equal('one');
    expect(queryAllByText(el, 'two')).to.have.length(0);

    await lazy({ release: [SCHEMA] });
    await waitUntil(() => errors().length > 0, 'the refusal was never reported once the validator arrived', { timeout: 8000 });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the messages after the refused one never applied', { timeout: 5000 });
    await waitHeld(el);
    // The error a store with the validator already loaded reports for the same message.
    const now = new A2uiStore({ locale: 'en-US' });
    const expected: OutboundMessage[] = [];
    now.onMessage((m) => expected.push(m));
    now.process([{ version: '1.0', createSurface: { surfaceId: 'refused', catalogId: BASIC } }, bad]);
    expect(expected).to.have.length(1);
    expect(errors(), 'once, with the code, pointer and text it always has').to.deep.equal(expected);
    expect((errors()[0] as { error: { path: string } }).error.path).to.equal('/components/1/variant');
    expect(noteAtError, 'the later messages applied after the error').to.equal('one');
    expect(textOf(component(el, 'note'))).to.equal('two');
  });

  it('a TextField with a regex check waits for the checker (no error, no message), then checks', async () => {
    await lazy({ hold: [REGEX] });
    const { store, el, errors } = await mount('regex', { locale: 'en-US' }, { preload: false });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'regex', catalogId: BASIC, dataModel: { code: 'abc' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'regex',
          components: [
            {
              id: 'root',
              component: 'TextField',
              label: 'Code',
              value: { '@path': '/code' },
              checks: [{ condition: { '@call': 'regex', args: { value: { '@path': '/code' }, pattern: '^\\d{3}$' } }, message: 'Three digits' }],
            },
          ],
        },
      },
    ]);
    await waitHeld(el);
    const input = getByLabel<HTMLInputElement>(el, 'Code');
    expect(input.value).to.equal('abc');
    // Pending, not failed: no message shown, nothing sent to the agent.
    expect(queryAllByText(el, 'Three digits')).to.have.length(0);
    expect(input.getAttribute('aria-invalid')).to.not.equal('true');
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [REGEX] });
    await waitUntil(() => queryAllByText(el, 'Three digits').length > 0, 'the check never ran once the checker arrived', { timeout: 8000 });
    input.focus();
    input.select();
    await sendKeys({ type: '123' });
    await waitUntil(() => queryAllByText(el, 'Three digits').length === 0, 'a matching value still shows the message', { timeout: 5000 });
    expect(store.surface('regex')!.dataModel.get('/code')).to.equal('123');
    expect(errors()).to.deep.equal([]);
  });

  it('a Text formatting a number waits for the number formatters (no error, no raw value); later data applies in order', async () => {
    await lazy({ hold: [NUMBERS] });
    const { store, el, errors } = await mount('price', { locale: 'en-US' }, { preload: false });
    const price = { '@call': 'formatCurrency', args: { value: { '@path': '/price' }, currency: 'USD' } };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'price', catalogId: BASIC, dataModel: { price: 1 } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'price',
          components: [{ id: 'root', component: 'Column', children: ['price', 'note'] }, { id: 'price', component: 'Text', text: price }, { id: 'note', component: 'Text', text: 'Total' }],
        },
      },
      { version: '1.0', updateDataModel: { surfaceId: 'price', path: '/price', value: 1234.5 } },
    ]);
    await waitHeld(el);
    expect(textOf(component(el, 'note'))).to.equal('Total');
    expect(textOf(component(el, 'price'))).to.not.contain('1234');
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [NUMBERS] });
    await waitUntil(() => textOf(component(el, 'price')) === '$1,234.50', `the price never showed once the formatters arrived (${textOf(component(el, 'price'))})`, { timeout: 8000 });
    store.process({ version: '1.0', updateDataModel: { surfaceId: 'price', path: '/price', value: 2 } });
    await settle(el);
    expect(textOf(component(el, 'price')), 'synchronous once loaded').to.equal('$2.00');
    expect(errors()).to.deep.equal([]);
  });

  it('a Text calling formatString waits for the template parser (nothing shows, nothing is refused); the data after it applies in order; then it answers synchronously', async () => {
    expect(templateFormatter.loaded, 'nothing on this page may have called formatString before').to.equal(undefined);
    await lazy({ hold: [TEMPLATE] });
    const { store, el, errors } = await mount('greet', { locale: 'en-US' }, { preload: false });
    const hello = { '@call': 'formatString', args: { value: 'Hello, ${/name}!' } };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'greet', catalogId: BASIC, dataModel: { name: 'Ada' } } },
      { version: '1.0', updateComponents: { surfaceId: 'greet', components: [{ id: 'root', component: 'Column', children: ['hello'] }, { id: 'hello', component: 'Text', text: hello }] } },
      { version: '1.0', updateDataModel: { surfaceId: 'greet', path: '/name', value: 'Grace' } },
    ]);
    await waitHeld(el);
    expect(errors(), 'nothing refused while the parser loads').to.deep.equal([]);
    expect(store.peekSurface('greet')?.peek('hello') === undefined, 'the component waits for the parser').to.equal(true);
    expect(store.peekSurface('greet')?.dataModel.get('/name'), 'the data after it waits too').to.equal('Ada');

    await lazy({ release: [TEMPLATE] });
    await waitUntil(() => queryAllByText(el, 'Hello, Grace!').length > 0, 'the held messages never applied', { timeout: 8000 });
    store.process({ version: '1.0', updateDataModel: { surfaceId: 'greet', path: '/name', value: 'Alan' } });
    await settle(el);
    expect(textOf(component(el, 'hello')), 'synchronous once loaded').to.equal('Hello, Alan!');
    expect(errors()).to.deep.equal([]);
  });

  it('a CheckBox shows the placeholder until its element arrives; data sent meanwhile applies in order; then it toggles', async () => {
    await lazy({ hold: [CHECKBOX] });
    const { store, el, errors } = await mount('terms', { locale: 'en-US' }, { preload: false });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'terms', catalogId: BASIC, dataModel: { agreed: false } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'terms',
          components: [
            { id: 'root', component: 'Column', children: ['agree', 'note'] },
            { id: 'agree', component: 'CheckBox', label: 'I agree', value: { '@path': '/agreed' } },
            { id: 'note', component: 'Text', text: 'Terms' },
          ],
        },
      },
      { version: '1.0', updateDataModel: { surfaceId: 'terms', path: '/agreed', value: true } },
    ]);
    await waitHeld(el);
    expect(textOf(component(el, 'note'))).to.equal('Terms');
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(1);
    expect(deepQueryAll(el, 'input[type=checkbox]')).to.have.length(0);
    expect(queryAllByText(el, 'Content unavailable')).to.have.length(0);
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [CHECKBOX] });
    await waitUntil(() => deepQueryAll(el, 'a2ui-checkbox').length === 1, 'the CheckBox never rendered once its element arrived', { timeout: 8000 });
    await settle(el);
    const box = getByLabel<HTMLInputElement>(el, 'I agree');
    expect(box.checked, 'the data sent while it loaded').to.equal(true);
    box.click();
    await settle(el);
    expect(store.surface('terms')!.dataModel.get('/agreed')).to.equal(false);
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(0);
    expect(errors()).to.deep.equal([]);
  });

  it('an Icon shows the placeholder until its element arrives, then draws its glyph and its latest name', async () => {
    await lazy({ hold: [ICON] });
    const { store, el, errors } = await mount('icons', { locale: 'en-US' }, { preload: false });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'icons', catalogId: BASIC } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'icons',
          components: [{ id: 'root', component: 'Column', children: ['box', 'label'] }, { id: 'box', component: 'Row', children: ['star'] }, { id: 'star', component: 'Icon', name: 'star' }, { id: 'label', component: 'Text', text: 'Rated' }],
        },
      },
      { version: '1.0', updateComponents: { surfaceId: 'icons', components: [{ id: 'star', component: 'Icon', name: 'favorite' }] } },
    ]);
    await waitHeld(el);
    expect(textOf(component(el, 'label'))).to.equal('Rated');
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(1);
    expect(deepQueryAll(el, 'svg')).to.have.length(0);
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [ICON] });
    await waitUntil(() => deepQueryAll(el, 'a2ui-icon').length === 1, 'the Icon never rendered once its element arrived', { timeout: 8000 });
    await settle(el);
    const svg = inner<SVGSVGElement>(el, 'star', 'svg');
    expect(svg.getAttribute('aria-label'), 'the later update wins').to.equal('favorite');
    expect(svg.querySelector('path')?.getAttribute('d')).to.match(/^M/);
    expect(errors()).to.deep.equal([]);
  });

  it('a surface with an McpApp shows the placeholder while the sandbox loads; later messages apply in order; then the app starts', async () => {
    await lazy({ hold: [SANDBOX] });
    configureSandbox({ baseUrl: crossOriginBase() });
    const { store, el, errors } = await mount('apps', { locale: 'en-US' }, { preload: false });
    configureMcpCatalog(store);
    const widget = await fixtureHtml('probe-widget.html');
    const app = (title: string) => ({ id: 'app', component: 'McpApp', '@catalogId': MCP_CATALOG_ID, title, htmlContent: widget, data: { paths: {} } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'apps', catalogId: BASIC, dataModel: { note: 'one' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'apps',
          components: [{ id: 'root', component: 'Column', children: ['note', 'app'] }, { id: 'note', component: 'Text', text: { '@path': '/note' } }, app('First')],
        },
      },
      // The messages after the one that needs the sandbox: applied in order, none lost.
      { version: '1.0', updateDataModel: { surfaceId: 'apps', path: '/note', value: 'two' } },
      { version: '1.0', updateComponents: { surfaceId: 'apps', components: [app('Probe')] } },
      { version: '1.0', updateDataModel: { surfaceId: 'apps', path: '/note', value: 'three' } },
    ]);
    await waitHeld(el);
    expect(textOf(component(el, 'note'))).to.equal('three');
    // The McpApp's place holds the placeholder: no app, no notice, no error.
    expect(deepQueryAll(el, 'a2ui-mcp-app')).to.have.length(0);
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(1);
    expect(queryAllByText(el, 'Content unavailable')).to.have.length(0);
    expect(errors()).to.deep.equal([]);

    await lazy({ release: [SANDBOX] });
    await waitUntil(() => deepQueryAll(el, 'a2ui-mcp-app').length === 1, 'the McpApp never rendered once the sandbox arrived', { timeout: 8000 });
    const mcpApp = inner<A2uiMcpApp>(el, 'app', 'a2ui-mcp-app');
    await waitUntil(() => mcpApp.status === 'ready', `the app never completed the handshake (${mcpApp.status})`, { timeout: 10000 });
    const frame = mcpApp.shadowRoot!.querySelector('iframe')!;
    expect(frame.title, 'the last updateComponents wins').to.equal('Probe');
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(0);
    expect(textOf(component(el, 'note'))).to.equal('three');
    expect(errors()).to.deep.equal([]);
  });
});
