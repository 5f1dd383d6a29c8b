/**
 * Talking to the agent with its code failing to load: the test server answers 503 for the module
 * of the function calls with the agent, the transport helpers' or the validators'. The agent's call is refused
 * (EXECUTION_ERROR naming its functionCallId), a binding to an agent function fails as every
 * binding failure does (EXPRESSION_ERROR), a send ends with `ok: false` and the reason, a message
 * calling a validator is refused (EXECUTION_ERROR); the
 * messages after them apply and the page keeps working; the next use loads the module again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { sendToAgent, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, basicValidators } from '../../src/internal.ts';
import { FUNCTION_CALLS, VALIDATORS, lazy } from './lazy-modules.ts';
import { BASIC, component, mount, settle } from './elements-helpers.ts';
import { queryAllByText, textOf } from './queries.ts';

const failures = (out: OutboundMessage[]) => out.flatMap((m) => ('error' in m ? [m.error as { code: string; surfaceId?: string; functionCallId?: string; message: string }] : []));

const HOST = {
  catalogId: 'host',
  protocolVersion: '1.0',
  functions: {
    echo: { type: 'object', returnType: 'any', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'echo' }, args: { type: 'object', properties: { v: { $ref: 'common_types.json#/$defs/DynamicString' } } } }, required: ['@call'] },
  },
};

describe('the function calls with the agent, failing to load', () => {
  afterEach(() => lazy({ reset: true }));

  it('the agent’s call is refused (EXECUTION_ERROR, its functionCallId), a binding to an agent function fails (EXPRESSION_ERROR); later messages apply; the next call loads them again', async () => {
    expect(functionCallHandlers.loaded, 'nothing on this page may have loaded the agent calls').to.equal(undefined);
    await lazy({ fail: [FUNCTION_CALLS] });
    const { store, el, out } = await mount('rpc', { locale: 'en-US', timeoutMs: 0 }, { preload: false });
    store.registerCatalog(HOST as never, { echo: (args) => args.v });
    const echo = (id: string) => ({ version: '1.0', callRendererFunction: { functionCallId: id, surfaceId: 'rpc', callFunction: { '@call': 'echo', catalogId: 'host', args: { v: { '@path': '/n' } } } } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'rpc', catalogId: BASIC, dataModel: { n: 'one' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'rpc',
          components: [
            { id: 'root', component: 'Column', children: ['who', 'note'] },
            { id: 'who', component: 'Text', text: { '@call': 'lookup', args: { q: 'ada' } } },
            { id: 'note', component: 'Text', text: { '@path': '/n' } },
          ],
        },
      },
      echo('c1'),
      { version: '1.0', updateDataModel: { surfaceId: 'rpc', path: '/n', value: 'two' } },
    ]);
    await waitUntil(() => failures(out).length >= 2, `the failed load was not reported (${JSON.stringify(out)})`, { timeout: 8000 });
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the data update after the refused call never applied', { timeout: 8000 });
    await settle(el);
    const refusal = failures(out).find((e) => e.functionCallId === 'c1');
    expect(refusal?.code).to.equal('EXECUTION_ERROR');
    expect(refusal?.message).to.contain('could not load the function calls with the agent');
    const binding = failures(out).find((e) => e.functionCallId === undefined);
    expect([binding?.code, binding?.surfaceId]).to.deep.equal(['EXPRESSION_ERROR', 'rpc']);
    expect(binding?.message).to.contain('could not load the function calls with the agent');
    expect(out.filter((m) => 'callAgentFunction' in m || 'rendererFunctionResponse' in m), 'nothing sent that was not made').to.deep.equal([]);
    expect(textOf(component(el, 'note'))).to.equal('two');

    await lazy({ reset: true });
    store.process(echo('c2'));
    await waitUntil(() => out.some((m) => 'rendererFunctionResponse' in m), 'the calls were not loaded again', { timeout: 8000 });
    expect(out.flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse] : []))).to.deep.equal([{ functionCallId: 'c2', value: 'two' }]);
    expect(failures(out), 'the two failures, nothing after the calls arrived').to.have.length(2);
  });

  it('validators that cannot load refuse the message calling one (EXECUTION_ERROR, its pointer), in order; the page goes on; the next such message loads them again', async () => {
    expect(basicValidators.loaded, 'nothing on this page may have called a validator').to.equal(undefined);
    await lazy({ fail: [VALIDATORS] });
    const { store, el, out } = await mount('form', { locale: 'en-US' }, { preload: false });
    const check = { condition: { '@call': 'length', args: { value: { '@path': '/name' }, min: 3 } }, message: 'Three letters at least' };
    const tree = { version: '1.0', updateComponents: { surfaceId: 'form', components: [{ id: 'root', component: 'TextField', label: 'Name', value: { '@path': '/name' }, checks: [check] }] } };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { name: '' } } },
      tree,
      { version: '1.0', updateDataModel: { surfaceId: 'form', path: '/name', value: 'Ada' } },
    ]);
    await waitUntil(() => failures(out).length > 0, 'the failed load was never reported', { timeout: 8000 });
    const [error] = failures(out);
    expect([error.code, error.surfaceId]).to.deep.equal(['EXECUTION_ERROR', 'form']);
    expect(error.message).to.contain('could not load the validators');
    expect(store.peekSurface('form')?.dataModel.get('/name'), 'the data update after the refused message applied').to.equal('Ada');

    await lazy({ reset: true });
    store.process(tree);
    await waitUntil(() => queryAllByText(el, 'Name').length > 0, 'the validators were not loaded again', { timeout: 8000 });
    await settle(el);
    expect(queryAllByText(el, 'Three letters at least'), 'Ada passes').to.have.length(0);
    store.process({ version: '1.0', updateDataModel: { surfaceId: 'form', path: '/name', value: 'Al' } });
    await waitUntil(() => queryAllByText(el, 'Three letters at least').length > 0, 'the check never ran', { timeout: 5000 });
    expect(failures(out), 'the one refusal, nothing after the validators arrived').to.have.length(1);
  });
});
