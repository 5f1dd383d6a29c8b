import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { PROBE_PATHS, ask, tell, type ProbeAnswer, type ProbeReport } from '../fixtures/mcp/probe.ts';

const ADD_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

async function probeApp(host: MemoryHost, props: Record<string, unknown> = {}, paths: Record<string, string> = {}) {
  const mounted = mount({
    htmlContent: await fixtureHtml('probe-widget.html'),
    host,
    data: { paths: { ...PROBE_PATHS, ...paths } },
    ...props,
  });
  await ready(mounted.el);
  return mounted;
}

/** A sibling TextField and Text bound to the same in-memory data model. */
function siblings(host: MemoryHost, namePath: string, upperPath: string) {
  const input = document.createElement('input');
  const text = document.createElement('span');
  input.addEventListener('input', () => host.set(namePath, input.value));
  host.subscribe(namePath, () => (input.value = String(host.read(namePath) ?? '')));
  host.subscribe(upperPath, () => (text.textContent = String(host.read(upperPath) ?? '')));
  document.body.append(input, text);
  return { input, text };
}

describe('a2ui-mcp-app: data, functions, model context, sizing (own widget)', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app, input, span').forEach((e) => e.remove()));

  it('sends nothing before initialized, then tool-input, tool-result and one update per key', async () => {
    const host = new MemoryHost({ args: { city: 'Oslo' }, result: { content: [{ type: 'text', text: 'sunny' }] }, name: 'Ada' });
    const { el } = await probeApp(host, {}, { toolInput: '/args', toolResult: '/result', name: '/name' });
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.preInit).to.deep.equal([]);
    expect(r.protocolVersion).to.equal('2026-01-26');
    expect(r.hostCapabilities).to.deep.include({
      openLinks: {},
      serverTools: {},
      sandbox: { permissions: {}, csp: {} },
      experimental: { 'a2ui/dataModel': { keys: ['cmd', 'out', 'toolInput', 'toolResult', 'name'] }, 'a2ui/functions': { names: [] } },
    });
    expect(r.updates.slice(0, 3)).to.deep.equal([
      { method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } },
      { method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'sunny' }] } },
      { key: 'name', value: 'Ada' },
    ]);
    expect(el.status).to.equal('ready');
  });

  it('syncs data.paths both ways with a sibling TextField and Text, without echo loops', async () => {
    const host = new MemoryHost({ form: { name: '', upper: '' } });
    const { input, text } = siblings(host, '/form/name', '/form/upper');
    await probeApp(host, {}, { name: '/form/name', upper: '/form/upper' });
    await ask(host, { op: 'mirror', on: true });
    await ask(host, { op: 'echo', on: true });

    input.focus();
    await sendKeys({ type: 'ada' });
    await until(() => text.textContent === 'ADA', 'the Text never showed the app-written value');
    const r = await ask<ProbeReport>(host, { op: 'report' });
    const nameUpdates = r.updates.filter((u) => u.key === 'name').map((u) => u.value);
    expect(nameUpdates).to.deep.equal(['', 'a', 'ad', 'ada']);
    // The app's writes to `upper` never come back to it, and its echoes of `name` write nothing.
    expect(r.updates.filter((u) => u.key === 'upper')).to.deep.equal([{ key: 'upper', value: '' }]);
    expect(host.writes.map((w) => w.path)).to.deep.equal(['/out', '/out', '/form/upper', '/form/upper', '/form/upper', '/out']);

    await tell(host, { op: 'change', params: { key: 'name', value: 'Grace' } });
    expect(input.value).to.equal('Grace');
    expect(text.textContent).to.equal('ADA');
  });

  it('diffs object values into subpath updates and applies app subpath changes', async () => {
    const host = new MemoryHost({ profile: { first: 'Ada', last: 'Lovelace', 'a/b': 1 } });
    await probeApp(host, {}, { profile: '/profile' });
    host.set('/profile', { first: 'Ada', last: 'Byron', 'a/b': 2, born: 1815 });
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.updates.filter((u) => u.key === 'profile').slice(1)).to.deep.equal([
      { key: 'profile', subpath: '/last', value: 'Byron' },
      { key: 'profile', subpath: '/a~1b', value: 2 },
      { key: 'profile', subpath: '/born', value: 1815 },
    ]);
    host.set('/profile/born', undefined);
    const removed = await ask<ProbeReport>(host, { op: 'report' });
    expect(removed.updates.at(-1)).to.deep.equal({ key: 'profile', subpath: '/born' });

    await tell(host, { op: 'change', params: { key: 'profile', subpath: '/first', value: 'Augusta' } });
    expect(host.read('/profile')).to.deep.equal({ first: 'Augusta', last: 'Byron', 'a/b': 2 });
    const after = await ask<ProbeReport>(host, { op: 'report' });
    expect(after.updates.filter((u) => u.key === 'profile')).to.have.length(5);
  });

  it('ignores changes to unbound and reserved keys', async () => {
    const host = new MemoryHost({ args: { q: 1 }, secret: 's' });
    const { rec } = await probeApp(host, {}, { toolInput: '/args' });
    await tell(host, { op: 'change', params: { key: 'secret', value: 'x' } });
    await tell(host, { op: 'change', params: { key: 'toolInput', value: { q: 2 } } });
    expect(host.read('/secret')).to.equal('s');
    expect(host.read('/args')).to.deep.equal({ q: 1 });
    expect(rec.rejected.map((x) => x.reason)).to.deep.equal(["unknown key 'secret'", "key 'toolInput' is reserved"]);
  });

  it('runs allowedFunctions with valid arguments and refuses invalid or unlisted ones', async () => {
    const host = new MemoryHost();
    host.functions.add = ({ a, b }) => (a as number) + (b as number);
    host.functions.fail = () => {
      throw { code: 'EXECUTION_ERROR', message: 'boom' };
    };
    const { rec } = await probeApp(host, { allowedFunctions: { add: ADD_SCHEMA, fail: true } });
    const call = (params: unknown) => ask<ProbeAnswer>(host, { op: 'request', method: 'ui/requests/function-call', params });

    expect((await call({ call: 'add', args: { a: 2, b: 3 } })).result).to.deep.equal({ status: 'success', result: 5 });
    const invalid = await call({ call: 'add', args: { a: 2, b: 'three', c: 1 } });
    expect(invalid.error?.code).to.equal(-32602);
    expect(invalid.error?.message).to.equal("Function 'add' arguments failed schema validation");
    expect(invalid.error?.data).to.deep.equal({
      errors: [
        { path: '/b', message: 'expected number' },
        { path: '/c', message: 'unexpected property' },
      ],
    });
    const unlisted = await call({ call: 'toString', args: {} });
    expect(unlisted.error).to.include({ code: -32602, message: "Function 'toString' is not allowed" });
    const failed = await call({ call: 'fail', args: {} });
    expect(failed.error).to.deep.equal({ code: -32603, message: "Function 'fail' failed: boom", data: { code: 'EXECUTION_ERROR' } });
    expect(host.functionCalls).to.deep.equal([
      { name: 'add', args: { a: 2, b: 3 } },
      { name: 'fail', args: {} },
    ]);
    expect(rec.rejected.map((r) => r.method)).to.deep.equal(['ui/requests/function-call', 'ui/requests/function-call']);
  });

  it('writes ui/update-model-context to the bound modelContext path', async () => {
    const host = new MemoryHost();
    await probeApp(host, {}, { modelContext: '/ctx' });
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.hostCapabilities.updateModelContext).to.deep.equal({ text: {}, structuredContent: {} });
    const res = await ask<ProbeAnswer>(host, {
      op: 'request',
      method: 'ui/update-model-context',
      params: { structuredContent: { selection: [1, 2] } },
    });
    expect(res).to.include({ error: null });
    expect(host.read('/ctx')).to.deep.equal({ selection: [1, 2] });
    await ask(host, { op: 'request', method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'hi' }] } });
    expect(host.read('/ctx')).to.deep.equal([{ type: 'text', text: 'hi' }]);
  });

  it('answers -32601 to ui/update-model-context when no modelContext path is bound', async () => {
    const host = new MemoryHost();
    await probeApp(host);
    const res = await ask<ProbeAnswer>(host, { op: 'request', method: 'ui/update-model-context', params: { content: [] } });
    expect(res.error?.code).to.equal(-32601);
  });

  it('resizes the frame within the clamps when the app reports its size', async () => {
    const host = new MemoryHost();
    const { el } = await probeApp(host);
    const frame = frameOf(el);
    expect(frame.getBoundingClientRect().height).to.equal(500);
    await tell(host, { op: 'notify', method: 'ui/notifications/size-changed', params: { width: 300, height: 321 } });
    await until(() => frame.getBoundingClientRect().height === 321, 'frame never took the requested height');
    await tell(host, { op: 'notify', method: 'ui/notifications/size-changed', params: { height: 99999 } });
    await until(() => frame.getBoundingClientRect().height === 2000, 'height was not clamped to 2000');
    await tell(host, { op: 'notify', method: 'ui/notifications/size-changed', params: { height: 1 } });
    await until(() => frame.getBoundingClientRect().height === 100, 'height was not clamped to 100');
  });

  it('gives the app a hostContext with dimensions, theme, locale, time zone and display mode', async () => {
    const host = new MemoryHost();
    host.context = { theme: 'dark', locale: 'de-CH', timeZone: 'Europe/Zurich' };
    const box = document.createElement('div');
    box.style.width = '640px';
    document.body.append(box);
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS } } }, box);
    await ready(el);
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.hostContext).to.deep.equal({
      theme: 'dark',
      locale: 'de-CH',
      timeZone: 'Europe/Zurich',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
      containerDimensions: { width: 640, maxHeight: 2000 },
      platform: 'web',
    });
    box.remove();
  });

  it('sends host-context-changed with only the changed keys after a resize or a theme change', async () => {
    const host = new MemoryHost();
    host.context = { theme: 'light' };
    const box = document.createElement('div');
    box.style.width = '640px';
    document.body.append(box);
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS } } }, box);
    await ready(el);
    box.style.width = '480px';
    // A ResizeObserver calls this in a visible page; test pages may run hidden (no rendering).
    el.hostContextChanged();
    host.context = { theme: 'dark' };
    el.hostContextChanged();
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.updates.filter((u) => u.method === 'ui/notifications/host-context-changed').map((u) => u.params)).to.deep.equal([
      { containerDimensions: { width: 480, maxHeight: 2000 } },
      { theme: 'dark' },
    ]);
    box.remove();
  });

  it('reloads the app in a new frame when htmlContent changes, but not for structurally equal props', async () => {
    const host = new MemoryHost();
    const { el, rec } = await probeApp(host, { allowedTools: ['a'] });
    const first = frameOf(el);
    el.allowedTools = ['a'];
    el.data = { paths: { ...PROBE_PATHS } };
    await el.updateComplete;
    expect(frameOf(el)).to.equal(first);
    el.htmlContent = `${await fixtureHtml('probe-widget.html')}<!-- v2 -->`;
    await until(() => el.status === 'ready' && frameOf(el) !== first, 'the app was not reloaded');
    expect(first.isConnected).to.equal(false);
    expect(rec.statuses).to.deep.equal(['loading', 'ready', 'loading', 'ready']);
    expect(host.subscriberCount()).to.equal(2);
  });

  it('closes everything when the element is removed (the frame is gone, nothing can reach the app)', async () => {
    const host = new MemoryHost({ name: 'Ada' });
    const { el, rec } = await probeApp(host, {}, { name: '/name' });
    expect(host.subscriberCount()).to.equal(3);
    el.remove();
    expect(el.status).to.equal('closed');
    expect(el.statusReason).to.equal('disconnected');
    expect(rec.statuses.at(-1)).to.equal('closed');
    expect(host.subscriberCount()).to.equal(0);
  });

  it('delivers ui/resource-teardown on teardown() and lets the app save state first', async () => {
    const host = new MemoryHost();
    const { el } = await probeApp(host);
    expect(await el.teardown()).to.equal(true);
    expect(host.read('/out')).to.deep.equal({ teardown: { reason: 'removed' } });
    expect(el.status).to.equal('closed');
    expect(host.subscriberCount()).to.equal(0);
  });
});
