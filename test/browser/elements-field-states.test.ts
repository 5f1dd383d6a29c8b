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

/** The same states on every other input: CheckBox, ChoicePicker, DateTimeInput, Slider. */
describe('other inputs: required and pending', () => {
  it('a required check is announced where the control takes it (checkbox, radio group, date input), and none is invented for a slider or a multi-select group', async () => {
    const { el } = await surface([
      { id: 'root', component: 'Column', children: ['terms', 'size', 'toppings', 'day', 'volume'] },
      { id: 'terms', component: 'CheckBox', label: 'Accept terms', value: { '@path': '/terms' }, '@checks': [required('/terms')] },
      { id: 'size', component: 'ChoicePicker', label: 'Size', options: [{ label: 'S', value: 's' }, { label: 'L', value: 'l' }], value: { '@path': '/size' }, '@checks': [required('/size')] },
      { id: 'toppings', component: 'ChoicePicker', label: 'Toppings', variant: 'multipleSelection', options: [{ label: 'Ham', value: 'ham' }], value: { '@path': '/toppings' }, '@checks': [required('/toppings')] },
      { id: 'day', component: 'DateTimeInput', label: 'Day', enableDate: true, value: { '@path': '/day' }, '@checks': [required('/day')] },
      { id: 'volume', component: 'Slider', label: 'Volume', min: 0, max: 10, value: { '@path': '/volume' }, '@checks': [required('/volume')] },
    ]);
    expect(getByRole(el, 'checkbox', { name: 'Accept terms' }).getAttribute('aria-required')).to.equal('true');
    expect(getByRole(el, 'radiogroup', { name: 'Size' }).getAttribute('aria-required')).to.equal('true');
    expect(getByLabel<HTMLInputElement>(el, 'Day').required, 'the date input is required').to.equal(true);
    expect(getByRole(el, 'group', { name: 'Toppings' }).hasAttribute('aria-required')).to.equal(false);
    expect(getByRole(el, 'slider', { name: 'Volume' }).hasAttribute('aria-required')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('a check waiting for an agent function marks each of them aria-busy with a dashed outline until answered', async () => {
    const { store, el, process } = await mount(S);
    store.registerCatalog({
      catalogId: AGENT_FNS,
      protocolVersion: '1.0',
      functions: { available: { type: 'object', returnType: 'boolean', properties: { '@call': { const: 'available' }, args: { type: 'object' } }, required: ['@call'] } },
    });
    const agent = new ScriptedAgent(store, { available: { silent: true } });
    const check = (path: string) => ({ condition: { '@call': 'available', catalogId: AGENT_FNS, args: { value: { '@path': path } } }, message: 'Taken' });
    await process([
      { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC_CATALOG_ID, dataModel: { terms: true, size: ['s'], volume: 3 } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: S,
          components: [
            { id: 'root', component: 'Column', children: ['terms', 'size', 'volume'] },
            { id: 'terms', component: 'CheckBox', label: 'Accept terms', value: { '@path': '/terms' }, '@checks': [check('/terms')] },
            { id: 'size', component: 'ChoicePicker', label: 'Size', options: [{ label: 'S', value: 's' }], value: { '@path': '/size' }, '@checks': [check('/size')] },
            { id: 'volume', component: 'Slider', label: 'Volume', min: 0, max: 10, value: { '@path': '/volume' }, '@checks': [check('/volume')] },
          ],
        },
      },
    ]);
    await waitUntil(() => agent.calls.length >= 3, 'the checks never called the agent');
    const controls = [getByRole(el, 'checkbox', { name: 'Accept terms' }), getByRole(el, 'radiogroup', { name: 'Size' }), getByRole(el, 'slider', { name: 'Volume' })];
    for (const c of controls) {
      expect(c.getAttribute('aria-busy'), c.localName).to.equal('true');
      expect(getComputedStyle(c).outlineStyle, c.localName).to.equal('dashed');
    }
    for (const call of agent.calls) agent.respond(call.functionCallId, { value: true });
    await waitUntil(() => controls.every((c) => !c.hasAttribute('aria-busy')), 'still busy after the answer');
    for (const c of controls) expect(getComputedStyle(c).outlineStyle, c.localName).to.not.equal('dashed');
    agent.stop();
  });
});
