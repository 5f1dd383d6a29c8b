/**
 * Talking to the agent with its code arriving late: the test server holds the module of the
 * function calls with the agent (`a2ui-function-calls.js` in the script-tag build) while a surface
 * binds a Text to an agent function, the user presses a Button and the agent calls a renderer
 * function; the transport helpers' (`a2ui-transport.js`) while the page sends to the agent; and the
 * validators' (`a2ui-validators.js`) while a form checks an email address.
 * Nothing here preloads them (`mount(…, { preload: false })`), and this file's page loads each once.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { sendToAgent, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, basicValidators } from '../../src/internal.ts';
import { FUNCTION_CALLS, VALIDATORS, lazy } from './lazy-modules.ts';
import { BASIC, component, components, mount, settle } from './elements-helpers.ts';
import { getByLabel, getByRole, queryAllByText, textOf } from './queries.ts';

const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kind = (m: OutboundMessage) => Object.keys(m).find((k) => k !== 'version');

/** A catalog whose one function the agent may call (it has a body: registering it loads nothing). */
const HOST = {
  catalogId: 'host',
  protocolVersion: '1.0',
  functions: {
    echo: { type: 'object', returnType: 'any', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'echo' }, args: { type: 'object', properties: { v: { $ref: 'common_types.json#/$defs/DynamicString' } } } }, required: ['@call'] },
  },
};

describe('the function calls with the agent, arriving late', () => {
  afterEach(() => lazy({ reset: true }));

  it('the agent’s call waits with the messages after it, the renderer’s call and what follows it wait in order; then all go out in the order they were made', async () => {
    expect(functionCallHandlers.loaded, 'nothing on this page may have loaded the agent calls').to.equal(undefined);
    await lazy({ hold: [FUNCTION_CALLS] });
    const { store, el, out } = await mount('rpc', { locale: 'en-US', timeoutMs: 0 }, { preload: false });
    store.registerCatalog(HOST as never, { echo: (args) => args.v });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'rpc', catalogId: BASIC, dataModel: { n: 'one' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'rpc',
          components: [
            { id: 'root', component: 'Column', children: ['who', 'go'] },
            { id: 'who', component: 'Text', text: { '@call': 'lookup', args: { q: 'ada' } } },
            { id: 'go', component: 'Button', child: 'go_label', action: { event: { name: 'next' } } },
            { id: 'go_label', component: 'Text', text: 'Next' },
          ],
        },
      },
      // The agent asks for a value, then changes it: the answer must read the value before the change.
      { version: '1.0', callRendererFunction: { functionCallId: 'c1', surfaceId: 'rpc', callFunction: { '@call': 'echo', catalogId: 'host', args: { v: { '@path': '/n' } } } } },
      { version: '1.0', updateDataModel: { surfaceId: 'rpc', path: '/n', value: 'two' } },
    ]);
    await settle(el);
    await waitUntil(() => components(el, 'go').length > 0, 'the surface never rendered', { timeout: 8000 });
    await settle(el);
    getByRole(el, 'button', { name: 'Next' }).click();
    await idle(300);
    await settle(el);
    expect(out, 'nothing sent while the calls load: not the binding’s call, not the action after it, no answer').to.deep.equal([]);
    expect(store.peekSurface('rpc')!.dataModel.get('/n'), 'the update waits behind the agent’s call').to.equal('one');
    expect(textOf(component(el, 'who')), 'the bound Text is pending').to.equal('');

    await lazy({ release: [FUNCTION_CALLS] });
    await waitUntil(() => out.length >= 3, 'the held messages never went out', { timeout: 8000 });
    expect(out.map(kind)).to.deep.equal(['callAgentFunction', 'action', 'rendererFunctionResponse']);
    expect((out[2] as { rendererFunctionResponse: unknown }).rendererFunctionResponse).to.deep.equal({ functionCallId: 'c1', value: 'one' });
    expect(store.peekSurface('rpc')!.dataModel.get('/n')).to.equal('two');

    const call = (out[0] as { callAgentFunction: { functionCallId: string } }).callAgentFunction;
    store.process({ version: '1.0', agentFunctionResponse: { functionCallId: call.functionCallId, value: 'Ada Lovelace' } });
    await waitUntil(() => textOf(component(el, 'who')) === 'Ada Lovelace', 'the answer never showed', { timeout: 5000 });
    expect(out.filter((m) => 'error' in m)).to.deep.equal([]);

    // Loaded: the agent's next call is answered inside process().
    store.process({ version: '1.0', callRendererFunction: { functionCallId: 'c2', surfaceId: 'rpc', callFunction: { '@call': 'echo', catalogId: 'host', args: { v: { '@path': '/n' } } } } });
    await Promise.resolve();
    expect((out.at(-1) as { rendererFunctionResponse: unknown }).rendererFunctionResponse).to.deep.equal({ functionCallId: 'c2', value: 'two' });
  });

  it('a TextField checking an email address waits for the validators (nothing shows, nothing is refused); the data after it applies in order; then it checks synchronously', async () => {
    expect(basicValidators.loaded, 'nothing on this page may have called a validator').to.equal(undefined);
    await lazy({ hold: [VALIDATORS] });
    const { store, el, errors } = await mount('form', { locale: 'en-US' }, { preload: false });
    const check = { condition: { '@call': 'email', args: { value: { '@path': '/mail' } } }, message: 'An email address, please' };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { mail: 'ada' } } },
      { version: '1.0', updateComponents: { surfaceId: 'form', components: [{ id: 'root', component: 'TextField', label: 'Mail', value: { '@path': '/mail' }, checks: [check] }] } },
      { version: '1.0', updateDataModel: { surfaceId: 'form', path: '/mail', value: 'ada@' } },
    ]);
    await settle(el);
    await idle(300);
    await settle(el);
    expect(errors(), 'nothing refused while the validators load').to.deep.equal([]);
    expect(store.peekSurface('form')?.peek('root') === undefined, 'the TextField waits for the validators').to.equal(true);
    expect(store.peekSurface('form')?.dataModel.get('/mail'), 'the data after it waits too').to.equal('ada');

    await lazy({ release: [VALIDATORS] });
    await waitUntil(() => queryAllByText(el, 'An email address, please').length > 0, 'the check never ran once the validators arrived', { timeout: 8000 });
    expect(getByLabel<HTMLInputElement>(el, 'Mail').value, 'the data after it applied').to.equal('ada@');
    store.process({ version: '1.0', updateDataModel: { surfaceId: 'form', path: '/mail', value: 'ada@example.com' } });
    await settle(el);
    expect(queryAllByText(el, 'An email address, please'), 'synchronous once loaded').to.have.length(0);
    expect(errors()).to.deep.equal([]);
  });
});
