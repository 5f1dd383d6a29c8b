import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/index.ts';
import { BASIC_CATALOG_ID } from '../../src/index.ts';
import { ScriptedAgent } from '../support/scripted-agent.ts';
import { mount } from './elements-helpers.ts';
import { getByLabel, getByRole } from './queries.ts';

const S = 'states';
const AGENT_FNS = 'https://example.com/agent-checks.json';
const required = (path: string) => ({ condition: { '@call': 'required', args: { value: { '@path': path } } }, message: 'Required' });

async function surface(components: unknown[], dataModel: Record<string, unknown> = {}) {
  const m = await mount(S);
  await m.process([
    { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC_CATALOG_ID, dataModel } },
    { version: '1.0', updateComponents: { surfaceId: S, components } },
  ]);
  return m;
}

/** What assistive technology and autofill learn from a TextField's checks and variant. */
describe('TextField: required, autocomplete', () => {
  it('a required check makes the field aria-required; autocomplete is left to the browser unless the field holds an email or a password', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['name', 'mail', 'secret'] },
      { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' }, '@checks': [required('/name')] },
      {
        id: 'mail',
        component: 'TextField',
        label: 'Email',
        value: { '@path': '/mail' },
        '@checks': [{ condition: { '@call': 'email', args: { value: { '@path': '/mail' } } }, message: 'Not an email' }],
      },
      { id: 'secret', component: 'TextField', label: 'Password', variant: 'obscured', value: { '@path': '/pw' } },
    ]);
    const name = getByLabel<HTMLInputElement>(el, 'Name');
    expect(name.getAttribute('aria-required')).to.equal('true');
    expect(name.hasAttribute('autocomplete'), 'autofill is not switched off').to.equal(false);
    const mail = getByLabel<HTMLInputElement>(el, 'Email');
    expect(mail.autocomplete).to.equal('email');
    expect(mail.hasAttribute('aria-required')).to.equal(false);
    expect(getByLabel<HTMLInputElement>(el, 'Password').autocomplete).to.equal('current-password');
  });
});

/** A check answered by an agent function: neither valid nor invalid until the answer comes. */
describe('checks waiting for an agent function', () => {
  it('mark the TextField and the Button they guard aria-busy (a dashed border) and refuse the Button until answered', async () => {
    const { store, el, process, actions } = await mount(S);
    store.registerCatalog({
      catalogId: AGENT_FNS,
      protocolVersion: '1.0',
      functions: { available: { type: 'object', returnType: 'boolean', properties: { '@call': { const: 'available' }, args: { type: 'object' } }, required: ['@call'] } },
    });
    const agent = new ScriptedAgent(store, { available: { silent: true } });
    const check = { condition: { '@call': 'available', catalogId: AGENT_FNS, args: { name: { '@path': '/user' } } }, message: 'Taken' };
    await process([
      { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC_CATALOG_ID, dataModel: { user: 'ada' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: S,
          components: [
            { id: 'root', component: 'Column', children: ['user', 'go'] },
            { id: 'user', component: 'TextField', label: 'User name', value: { '@path': '/user' }, '@checks': [check] },
            { id: 'go_label', component: 'Text', text: 'Sign up' },
            { id: 'go', component: 'Button', child: 'go_label', action: { event: { name: 'signup' } }, '@checks': [check] },
          ],
        },
      },
    ]);
    await waitUntil(() => agent.calls.length > 0, 'the check never called the agent');
    const input = getByLabel<HTMLInputElement>(el, 'User name');
    const button = getByRole<HTMLButtonElement>(el, 'button', { name: 'Sign up' });
    expect(input.getAttribute('aria-busy')).to.equal('true');
    expect(getComputedStyle(input).borderTopStyle).to.equal('dashed');
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    button.click();
    expect(actions()).to.have.length(0);

    for (const call of agent.calls) agent.respond(call.functionCallId, { value: true });
    await waitUntil(() => !input.hasAttribute('aria-busy') && !button.hasAttribute('aria-busy'), 'still busy after the answer');
    expect(getComputedStyle(input).borderTopStyle).to.equal('solid');
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    button.click();
    await waitUntil(() => actions().length === 1, 'the answered button did not act');
    agent.stop();
  });
});
