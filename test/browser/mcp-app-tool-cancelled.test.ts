import { expect } from '@open-wc/testing';
import { fixtureHtml, MemoryHost, mount, ready } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeReport } from '../fixtures/mcp/probe.ts';

const cancellations = async (host: MemoryHost) =>
  (await ask<ProbeReport>(host, { op: 'report' })).updates.filter((u) => u.method === 'ui/notifications/tool-cancelled').map((u) => u.params);

/** Issue 38, row 10: the host can tell an app that the tool call it shows was cancelled. */
describe('a2ui-mcp-app toolCancelled()', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  it('sends ui/notifications/tool-cancelled once, with the reason, and no tool result after it', async () => {
    const host = new MemoryHost({ call: { input: { q: 'x' } } });
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS, toolInput: '/call/input', toolResult: '/call/result' } } });
    await ready(el);
    el.toolCancelled('the user stopped it');
    el.toolCancelled('again');
    host.set('/call/result', { content: [{ type: 'text', text: 'late' }] });
    expect(await cancellations(host)).to.deep.equal([{ reason: 'the user stopped it' }]);
    const methods = (await ask<ProbeReport>(host, { op: 'report' })).updates.map((u) => u.method);
    expect(methods).to.include('ui/notifications/tool-input');
    expect(methods).to.not.include('ui/notifications/tool-result');
  });

  it('waits for the handshake when cancelled while the app is still loading', async () => {
    const host = new MemoryHost();
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS } } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    el.toolCancelled();
    await ready(el);
    expect(await cancellations(host)).to.deep.equal([{}]);
  });
});

/** Issue 38, row 13 (part): tool-input-partial, streamed while the host has it. */
describe('a2ui-mcp-app toolInputPartial()', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  const partials = async (host: MemoryHost) =>
    (await ask<ProbeReport>(host, { op: 'report' })).updates.filter((u) => u.method === 'ui/notifications/tool-input-partial').map((u) => u.params);

  it('sends the partial arguments in order, before the full input', async () => {
    const host = new MemoryHost();
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS, toolInput: '/call/input' } } });
    await ready(el);
    el.toolInputPartial({ city: 'O' });
    el.toolInputPartial({ city: 'Os' });
    expect(await partials(host)).to.deep.equal([{ arguments: { city: 'O' } }, { arguments: { city: 'Os' } }]);
    host.set('/call/input', { city: 'Oslo' });
    // Once the full input went out, a late partial is dropped.
    await ask(host, { op: 'report' });
    el.toolInputPartial({ city: 'Osl' });
    const updates = (await ask<ProbeReport>(host, { op: 'report' })).updates.map((u) => u.method);
    expect(updates.filter((m) => String(m).startsWith('ui/notifications/tool-input'))).to.deep.equal([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
    ]);
  });
});
