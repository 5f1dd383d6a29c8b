import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { BASIC_CATALOG_ID } from '../../src/index.ts';
import { ScriptedAgent } from '../support/scripted-agent.ts';
import { mount } from './elements-helpers.ts';
import { getByRole } from './queries.ts';

const HOST = 'https://example.com/agent-functions.json';
const declared = (name: string) => ({
  type: 'object',
  returnType: 'string',
  properties: { '@call': { const: name } },
  required: ['@call'],
});

/** A Button whose action calls an agent function: busy until the answer, enabled again after it. */
describe('Button with an agent-function action', () => {
  for (const [outcome, answer, timeoutMs] of [
    ['success', { value: 'ok', delayMs: 80 }, 0],
    ['failure', { error: { code: 'NOPE', message: 'refused' }, delayMs: 80 }, 0],
    ['timeout', { silent: true }, 120],
  ] as const) {
    it(`is busy until the call settles, then usable again (${outcome})`, async () => {
      const { store, el, process, errors } = await mount('rpc', { timeoutMs });
      store.registerCatalog({ catalogId: HOST, protocolVersion: '1.0', functions: { reserve: declared('reserve') } });
      const agent = new ScriptedAgent(store, { reserve: answer });
      await process([
        { version: '1.0', createSurface: { surfaceId: 'rpc', catalogId: BASIC_CATALOG_ID } },
        {
          version: '1.0',
          updateComponents: {
            surfaceId: 'rpc',
            components: [
              { id: 'root', component: 'Button', child: 'label', action: { functionCall: { '@call': 'reserve', catalogId: HOST } } },
              { id: 'label', component: 'Text', text: 'Reserve' },
            ],
          },
        },
      ]);
      const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Reserve' });
      button.click();
      await waitUntil(() => button.getAttribute('aria-busy') === 'true', 'the button never showed busy');
      expect(agent.calls).to.have.length(1);
      button.click();
      expect(agent.calls, 'a busy button ignores clicks').to.have.length(1);
      await waitUntil(() => !button.hasAttribute('aria-busy'), 'the button stayed busy', { timeout: 3000 });
      expect(button.getAttribute('aria-disabled')).to.not.equal('true');
      expect(errors().map((m) => ('error' in m ? m.error.code : '')), 'failures reach the agent as errors').to.deep.equal(
        outcome === 'success' ? [] : ['EXPRESSION_ERROR'],
      );
      button.click();
      await waitUntil(() => agent.calls.length === 2, 'the button did not work again');
      agent.stop();
    });
  }
});
