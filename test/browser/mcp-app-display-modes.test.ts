import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { offeredModes } from '../../sandbox/display-mode.ts';
import { needsActivation } from '../../sandbox/limits.ts';
import type { A2uiMcpApp } from '../../sandbox/mcp-app.ts';
import { mountAttack } from '../fixtures/mcp/attack.ts';
import { fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeAnswer, type ProbeReport } from '../fixtures/mcp/probe.ts';
import { focused, getByRole, queryAllByRole } from './queries.ts';

type Context = { displayMode?: string; availableDisplayModes?: string[]; containerDimensions?: Record<string, number>; theme?: string };

/** The probe widget, with the activation rule waived (it is driven through the data model, not by a user). */
async function mountProbe(props: Partial<A2uiMcpApp> = {}) {
  const host = new MemoryHost();
  const { el, rec } = mount({
    htmlContent: await fixtureHtml('probe-widget.html'),
    title: 'Probe',
    host,
    data: { paths: { ...PROBE_PATHS } },
    limits: { requireUserActivation: false },
    ...props,
  });
  await ready(el);
  const modes: string[] = [];
  el.addEventListener('mcp-app-display-mode', (e) => modes.push((e as CustomEvent).detail.mode));
  return { el, rec, host, modes };
}

const request = (host: MemoryHost, params: unknown) => ask<ProbeAnswer>(host, { op: 'request', method: 'ui/request-display-mode', params });

/** The host-context-changed notifications the app received, in order. */
async function contextChanges(host: MemoryHost): Promise<Context[]> {
  const r = await ask<ProbeReport>(host, { op: 'report' });
  return r.updates.filter((u) => u.method === 'ui/notifications/host-context-changed').map((u) => u.params as Context);
}

describe('a2ui-mcp-app display modes', function () {
  // Several round trips through the app per test, on a shared 2-core machine.
  this.timeout(20000);
  afterEach(() => {
    document.querySelectorAll('a2ui-mcp-app, button.before').forEach((e) => e.remove());
  });

  it('offers inline, fullscreen and pip; fullscreen lifts the same frame over the viewport with a close control; Escape closes and focus returns', async () => {
    const before = Object.assign(document.createElement('button'), { className: 'before', textContent: 'Before' });
    document.body.append(before);
    const { el, host, modes } = await mountProbe();
    const start = await ask<ProbeReport>(host, { op: 'report' });
    expect(start.hostContext).to.include({ displayMode: 'inline' });
    expect(start.hostContext.availableDisplayModes).to.deep.equal(['inline', 'fullscreen', 'pip']);
    // Something the app must still remember afterwards: a reloaded frame would have forgotten it.
    host.context.theme = 'dark';
    el.hostContextChanged();
    const frame = frameOf(el);
    before.focus();

    expect((await request(host, { mode: 'fullscreen' })).result).to.deep.equal({ mode: 'fullscreen' });
    expect(el.displayMode).to.equal('fullscreen');
    expect(frameOf(el)).to.equal(frame);
    expect(frame.isConnected).to.equal(true);
    const close = getByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' });
    await until(() => focused() === close, 'focus did not move to the close control');
    const box = frame.getBoundingClientRect();
    const viewport = document.documentElement;
    expect(Math.round(box.width)).to.equal(viewport.clientWidth);
    expect(box.height).to.be.above(viewport.clientHeight - 80);
    expect(getByRole(el.shadowRoot!, 'dialog', { name: 'Probe' }).getAttribute('aria-modal')).to.equal('true');
    await expect(el).to.be.accessible();
    await until(async () => (await contextChanges(host)).some((c) => c.displayMode === 'fullscreen'), 'the app was not told');
    const changes = await contextChanges(host);
    expect(changes[0]).to.include({ theme: 'dark' });
    const full = changes.find((c) => c.displayMode === 'fullscreen')!;
    expect(full.containerDimensions).to.deep.equal({ width: Math.round(box.width), height: Math.round(box.height) });

    await sendKeys({ press: 'Escape' });
    await until(() => el.displayMode === 'inline', 'Escape did not close fullscreen');
    await until(() => focused() === before, 'focus did not return');
    expect(frameOf(el)).to.equal(frame);
    expect(queryAllByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' })).to.have.length(0);
    await until(async () => (await contextChanges(host)).at(-1)?.displayMode === 'inline', 'the app was not told it is inline again');
    expect((await contextChanges(host)).at(-1)!.containerDimensions).to.have.keys('width', 'maxHeight');
    expect(modes).to.deep.equal(['fullscreen', 'inline']);
    expect(el.status).to.equal('ready');
  });

  it('grants fullscreen to a request the user made inside the app (default activation rule); Escape gives focus back to the app', async () => {
    const { el, host, rec } = await mountProbe({ limits: undefined });
    const armed = await ask<{ seq: number }>(host, { op: 'on-click', method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    // The probe's Act button: 120 × 40 px in the frame's top right corner.
    const box = frameOf(el).getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.right - 60), Math.round(box.top + 20)] });
    await until(() => (host.read('/out') as { clicked?: boolean }).clicked, 'the click did not send the request');
    expect(host.read('/out')).to.deep.equal({ seq: armed.seq, clicked: true, result: { mode: 'fullscreen' }, error: null });
    const close = getByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' });
    await until(() => focused() === close, 'focus did not move to the close control');
    await sendKeys({ press: 'Escape' });
    await until(() => el.displayMode === 'inline', 'Escape did not close');
    await until(() => focused() === frameOf(el), 'focus did not go back to the app');
    // Given back by the host, focus stays: the focus guard does not treat it as a grab.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(focused()).to.equal(frameOf(el));
    expect(rec.rejected).to.deep.equal([]);
  });

  it('tells a fullscreen app its new size when the viewport changes', async () => {
    const { el, host } = await mountProbe();
    await request(host, { mode: 'fullscreen' });
    await setViewport({ width: 700, height: 500 });
    try {
      await until(async () => (await contextChanges(host)).at(-1)?.containerDimensions?.width === 700, 'the app was not told the new width');
      const box = frameOf(el).getBoundingClientRect();
      expect((await contextChanges(host)).at(-1)!.containerDimensions).to.deep.equal({ width: 700, height: Math.round(box.height) });
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keeps Tab inside fullscreen: the close control, the app, and back', async () => {
    const { el, host } = await mountProbe();
    await request(host, { mode: 'fullscreen' });
    const close = getByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' });
    await until(() => focused() === close, 'focus did not move in');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    await until(() => focused() === frameOf(el), 'Shift+Tab from the close control did not reach the app');
    // Through the app's frames (the proxy's, then the app's own) and out again: never into the page.
    for (let i = 0; i < 4 && focused() !== close; i++) {
      await sendKeys({ press: 'Tab' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(el.contains(focused()) || el.shadowRoot!.contains(focused()), 'focus left the layer').to.equal(true);
    }
    await until(() => focused() === close, 'Tab out of the app did not come back to the close control');
    await sendKeys({ press: 'Enter' });
    await until(() => el.displayMode === 'inline', 'Enter on the close control did not close');
  });

  it('pip floats a small frame with Back to page and Close, both keyboard-operable', async () => {
    const { el, host } = await mountProbe();
    const frame = frameOf(el);
    expect((await request(host, { mode: 'pip' })).result).to.deep.equal({ mode: 'pip' });
    const box = frame.getBoundingClientRect();
    expect(box.width).to.be.below(innerWidth / 2 + 200);
    expect(box.bottom).to.be.within(innerHeight - 40, innerHeight);
    expect(frameOf(el)).to.equal(frame);
    getByRole(el.shadowRoot!, 'region', { name: 'Probe' });
    getByRole(el.shadowRoot!, 'button', { name: 'Show here' });
    await expect(el).to.be.accessible();
    await until(async () => (await contextChanges(host)).some((c) => c.displayMode === 'pip'), 'the app was not told');
    const pip = (await contextChanges(host)).find((c) => c.displayMode === 'pip')!;
    expect(pip.containerDimensions).to.deep.equal({ width: Math.round(box.width), height: Math.round(box.height) });
    getByRole(el.shadowRoot!, 'button', { name: 'Close' }).focus();
    await sendKeys({ press: 'Enter' });
    await until(() => el.displayMode === 'inline', 'Close did not return the frame inline');
    expect((await request(host, { mode: 'pip' })).result).to.deep.equal({ mode: 'pip' });
    getByRole(el.shadowRoot!, 'button', { name: 'Back to page' }).focus();
    await sendKeys({ press: ' ' });
    await until(() => el.displayMode === 'inline', 'Back to page did not return the frame inline');
    expect(frameOf(el)).to.equal(frame);
  });

  it('answers modes it does not offer with the current one, repeated requests with the same, malformed ones with -32602', async () => {
    const { el, host, modes } = await mountProbe({ displayModes: ['fullscreen'] });
    expect((await ask<ProbeReport>(host, { op: 'report' })).hostContext.availableDisplayModes).to.deep.equal(['inline', 'fullscreen']);
    expect((await request(host, { mode: 'pip' })).result).to.deep.equal({ mode: 'inline' });
    expect((await request(host, { mode: 'fullscreen' })).result).to.deep.equal({ mode: 'fullscreen' });
    expect((await request(host, { mode: 'fullscreen' })).result).to.deep.equal({ mode: 'fullscreen' });
    expect((await request(host, { mode: 'pip' })).result).to.deep.equal({ mode: 'fullscreen' });
    for (const params of [{ mode: 'maximized' }, { mode: 5 }, {}, { mode: ['fullscreen'] }]) {
      const answer = await request(host, params);
      expect(answer.result, JSON.stringify(params)).to.equal(null);
      expect(answer.error?.code, JSON.stringify(params)).to.equal(-32602);
    }
    expect(el.displayMode).to.equal('fullscreen');
    expect(modes).to.deep.equal(['fullscreen']);
    expect((await contextChanges(host)).filter((c) => c.displayMode)).to.have.length(1);
    // The host takes fullscreen away: the frame comes back and the app learns the new list.
    el.displayModes = [];
    await until(() => el.displayMode === 'inline', 'fullscreen was not ended');
    await until(async () => (await contextChanges(host)).at(-1)?.displayMode === 'inline', 'the app was not told');
    expect((await contextChanges(host)).at(-1)!.availableDisplayModes).to.deep.equal(['inline']);
    expect((await request(host, { mode: 'fullscreen' })).result).to.deep.equal({ mode: 'inline' });
  });

  it('ends a lifted mode the host stops offering, also when displayModes is set for the first time', async () => {
    const { el, host } = await mountProbe();
    expect((await request(host, { mode: 'pip' })).result).to.deep.equal({ mode: 'pip' });
    el.displayModes = ['fullscreen'];
    await until(() => el.displayMode === 'inline', 'pip was not ended');
    await until(async () => (await contextChanges(host)).at(-1)?.displayMode === 'inline', 'the app was not told');
    expect((await contextChanges(host)).at(-1)!.availableDisplayModes).to.deep.equal(['inline', 'fullscreen']);
  });

  it('lets a hostile app switch nothing without a grant: no user activation, during teardown, after teardown', async () => {
    const { el, host, rec } = await mountAttack();
    const hostile = (params: unknown) => ask<{ result: unknown; error: { code: number; message: string } | null }>(host, { op: 'request', method: 'ui/request-display-mode', params });
    expect((await hostile({ mode: 'fullscreen' })).error).to.deep.equal({ code: -32000, message: 'Message rejected: user activation required' });
    expect((await hostile({ mode: 'pip' })).error?.code).to.equal(-32000);
    expect((await hostile({ mode: 'inline' })).result).to.deep.equal({ mode: 'inline' });
    expect(el.displayMode).to.equal('inline');
    // The proxy reports its refusals once per burst.
    await until(() => rec.rejected.some((r) => r.method === 'ui/request-display-mode'), 'the refusal was not reported');
    expect(rec.rejected.filter((r) => r.method === 'ui/request-display-mode').map((r) => r.reason)).to.deep.equal(['user activation required']);

    const b = await mountAttack({ limits: { requireUserActivation: false } });
    await ask(b.host, { op: 'teardown-mode', mode: 'silent' });
    const closing = b.el.teardown(1500);
    expect((await ask<{ result: unknown }>(b.host, { op: 'request', method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })).result).to.deep.equal({ mode: 'inline' });
    expect(b.el.displayMode).to.equal('inline');
    await closing;
    expect(b.el.status).to.equal('closed');
    expect(b.el.requestDisplayMode('fullscreen')).to.equal('inline');
    expect(b.el.displayMode).to.equal('inline');
  });

  it('stays usable in forced colors: the lifted layer has a visible edge and the close control a visible label', async () => {
    const { el, host } = await mountProbe();
    await executeServerCommand('emulate-forced-colors', { active: true });
    try {
      // Full screen has no edge of its own (it fills the viewport); in forced colors it gets one.
      await request(host, { mode: 'fullscreen' });
      const layer = getByRole(el.shadowRoot!, 'dialog', { name: 'Probe' });
      expect(getComputedStyle(layer).borderTopStyle).to.equal('solid');
      const close = getByRole(el.shadowRoot!, 'button', { name: 'Exit full screen' });
      const style = getComputedStyle(close);
      expect(style.color).to.not.equal(style.backgroundColor);
      await expect(el).to.be.accessible();
    } finally {
      await executeServerCommand('emulate-forced-colors', { active: false });
    }
  });

  it('maps prefersBorder to the prefers-border attribute and the bordered/borderless frame parts', async () => {
    const { el } = await mountProbe({ prefersBorder: true });
    expect(el.getAttribute('prefers-border')).to.equal('true');
    expect(frameOf(el).getAttribute('part')).to.equal('frame bordered');
    expect(getComputedStyle(frameOf(el)).borderTopStyle).to.equal('solid');
    el.prefersBorder = false;
    await el.updateComplete;
    expect(el.getAttribute('prefers-border')).to.equal('false');
    expect(frameOf(el).getAttribute('part')).to.equal('frame borderless');
    expect(getComputedStyle(frameOf(el)).borderTopStyle).to.equal('none');
    el.prefersBorder = undefined;
    await el.updateComplete;
    expect(el.hasAttribute('prefers-border')).to.equal(false);
    expect(frameOf(el).getAttribute('part')).to.equal('frame');
    // Markup can set it too; only "true" and "false" mean something.
    el.setAttribute('prefers-border', 'false');
    await el.updateComplete;
    expect(el.prefersBorder).to.equal(false);
    el.setAttribute('prefers-border', 'yes');
    await el.updateComplete;
    expect(el.prefersBorder).to.equal(undefined);
  });
});


describe('display-mode units', () => {
  it('offers inline always, the others only when wanted and when the page can lift frames', () => {
    expect(offeredModes(undefined, true)).to.deep.equal(['inline', 'fullscreen', 'pip']);
    expect(offeredModes(['pip', 'bogus', 'inline'], true)).to.deep.equal(['inline', 'pip']);
    expect(offeredModes([], true)).to.deep.equal(['inline']);
    expect(offeredModes('fullscreen', true)).to.deep.equal(['inline', 'fullscreen', 'pip']);
    expect(offeredModes(undefined, false)).to.deep.equal(['inline']);
  });

  it('asks for a user activation to leave inline, not to go back', () => {
    expect(needsActivation('ui/request-display-mode', { mode: 'fullscreen' })).to.equal(true);
    expect(needsActivation('ui/request-display-mode', { mode: 'pip' })).to.equal(true);
    expect(needsActivation('ui/request-display-mode', { mode: 'bogus' })).to.equal(true);
    expect(needsActivation('ui/request-display-mode', null)).to.equal(true);
    expect(needsActivation('ui/request-display-mode', { mode: 'inline' })).to.equal(false);
    expect(needsActivation('tools/call', { mode: 'fullscreen' })).to.equal(false);
  });
});
