/**
 * The function calls with the agent arriving late: the test server holds their module
 * (`a2ui-agent-calls.js` in the script-tag build) while a surface binds a Text to an agent
 * function, the user presses a Button and the agent calls a renderer function. Nothing here
 * preloads it (`mount(…, { preload: false })`), and this file's page loads it once.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { agentRpc, type OutboundMessage } from '../../src/index.ts';
import { RPC, lazy } from './lazy-modules.ts';
import { BASIC, component, components, mount, settle } from './elements-helpers.ts';
import { getByRole, textOf } from './queries.ts';

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
    expect(agentRpc.loaded, 'nothing on this page may have loaded the agent calls').to.equal(undefined);
    await lazy({ hold: [RPC] });
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

    await lazy({ release: [RPC] });
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
});
