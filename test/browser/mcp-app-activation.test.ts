import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { mountAttack, pause } from '../fixtures/mcp/attack.ts';
import { frameOf, until } from '../fixtures/mcp/harness.ts';
import { ask } from '../fixtures/mcp/probe.ts';
import { focused } from './queries.ts';

type Answer = { result: unknown; error: { code: number } | null; timeout: boolean };

const center = (el: Element): [number, number] => {
  const box = el.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
};

/**
 * Issue 38, row 1: with the proxy on the page's own origin (the default layout), a click or key
 * press in the page activates the proxy too (activation reaches same-origin descendants). Only an
 * activation inside the app may count as the app's.
 */
describe('a2ui-mcp-app: user activation in the default (same-origin) layout', () => {
  let field: HTMLInputElement;
  let opened: string[];
  const realOpen = window.open;
  beforeEach(() => {
    field = Object.assign(document.createElement('input'), { id: 'page-field' });
    field.setAttribute('aria-label', 'Page field');
    document.body.prepend(field);
    opened = [];
    window.open = ((url: string) => (opened.push(String(url)), null)) as typeof window.open;
  });
  afterEach(async () => {
    window.open = realOpen;
    document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove());
    field.remove();
    // Let the page's transient activation of this test expire before the next one starts.
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('does not give the app the page\'s activation: its focus() gets no keys, its ui/message and ui/open-link are refused', async () => {
    const { el, rec, host } = await mountAttack({ sandboxBaseUrl: '/sandbox/' });
    expect(el.securityWarning).to.equal('proxy-same-origin');
    await sendMouse({ type: 'click', position: center(field) });
    await sendKeys({ type: 'ab' });
    await pause(400);
    expect(navigator.userActivation.isActive).to.equal(true);
    await ask(host, { op: 'grab-once' });
    await until(() => focused() === field, 'focus was not given back to the page');
    await sendKeys({ type: 'cdef' });
    await pause(100);
    expect(field.value).to.equal('abcdef');
    expect(await ask(host, { op: 'keys' })).to.include({ keys: '' });
    const message = await ask<Answer>(host, { op: 'request', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } });
    expect(message.error?.code).to.equal(-32000);
    const link = await ask<Answer>(host, { op: 'request', method: 'ui/open-link', params: { url: 'https://example.com/' } });
    expect(link.error?.code).to.equal(-32000);
    const full = await ask<Answer>(host, { op: 'request', method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    expect(el.displayMode).to.equal('inline');
    expect(full.error?.code ?? (full.result as { mode?: string }).mode).to.not.equal('fullscreen');
    expect(host.actions).to.deep.equal([]);
    expect(opened).to.deep.equal([]);
    expect(rec.rejected.some((r) => r.method === 'focus')).to.equal(true);
  });

  it('still lets a click inside the app speak for the user', async () => {
    const { el, host } = await mountAttack({ sandboxBaseUrl: '/sandbox/' });
    const box = frameOf(el).getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 40), Math.round(box.top + 25)] });
    await sendKeys({ type: 'ok' });
    await pause(100);
    expect(await ask(host, { op: 'keys' })).to.include({ keys: 'ok', focused: true });
    const message = await ask<Answer>(host, { op: 'request', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } });
    expect(message.error).to.equal(null);
    expect(host.actions.map((a) => a.name)).to.deep.equal(['a2ui.mcpAppMessage']);
    const link = await ask<Answer>(host, { op: 'request', method: 'ui/open-link', params: { url: 'https://example.com/' } });
    expect(link.error).to.equal(null);
    expect(opened).to.deep.equal(['https://example.com/']);
  });

  it('lets keyboard users Tab into the app and act there', async () => {
    const { el, host } = await mountAttack({ sandboxBaseUrl: '/sandbox/' });
    field.focus();
    await sendKeys({ press: 'Tab' });
    await until(() => focused() === frameOf(el), 'Tab did not move focus into the app');
    await sendKeys({ type: 'xy' });
    await pause(100);
    expect(await ask(host, { op: 'keys' })).to.include({ keys: 'xy', focused: true });
    const message = await ask<Answer>(host, { op: 'request', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } });
    expect(message.error).to.equal(null);
  });
});
