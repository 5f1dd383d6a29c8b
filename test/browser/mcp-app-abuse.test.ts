import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { DEFAULT_RATES, type MethodFamily } from '../../sandbox/limits.ts';
import { mountAttack, pause, watchLongTasks } from '../fixtures/mcp/attack.ts';
import { crossOriginBase, frameOf, mcpPair, until } from '../fixtures/mcp/harness.ts';
import { ask } from '../fixtures/mcp/probe.ts';
import { deepQueryAll, focused } from './queries.ts';

/**
 * The most a bucket can let through since `started`: its burst, the host's one token of slack, and
 * what it refilled meanwhile (a loaded machine takes longer over a flood; that is not asserted).
 */
function bucketCap(family: MethodFamily, started: number): number {
  const { burst, perSecond } = DEFAULT_RATES[family];
  return burst + 1 + Math.ceil((perSecond * (performance.now() - started)) / 1000);
}

/** Issue 23, rows 1–3 and 8: a hostile app cannot steal keystrokes, flood the agent or freeze the page. */
describe('a2ui-mcp-app against an abusive app', () => {
  let field: HTMLInputElement;
  beforeEach(() => {
    field = Object.assign(document.createElement('input'), { id: 'page-field' });
    field.setAttribute('aria-label', 'Page field');
    document.body.prepend(field);
  });
  afterEach(() => {
    document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove());
    field.remove();
  });

  describe('focus (row 1)', () => {
    it('returns focus to where it was when the app grabs it without a gesture, so typed keys stay in the page', async () => {
      const { el, rec, host } = await mountAttack();
      const supported = (document as { featurePolicy?: { features(): string[] } }).featurePolicy?.features().includes('focus-without-user-activation');
      expect(frameOf(el).allow.includes("focus-without-user-activation 'none'")).to.equal(!!supported);
      field.focus();
      await ask(host, { op: 'grab-once' });
      await until(() => rec.rejected.some((r) => r.method === 'focus'), 'the focus grab was never refused');
      expect(rec.rejected.find((r) => r.method === 'focus')).to.deep.equal({ method: 'focus', reason: 'focus taken without user activation', count: 1 });
      expect(focused()).to.equal(field);
      await sendKeys({ type: 'hello' });
      await pause(100);
      expect(field.value).to.equal('hello');
      expect(await ask(host, { op: 'keys' })).to.include({ keys: '', focused: false });
      expect(el.status).to.equal('ready');
    });

    it('stops an app that keeps grabbing focus, so typing in the page is never stolen again', async () => {
      const { el, rec, host } = await mountAttack();
      field.focus();
      await ask(host, { op: 'steal-focus', on: true });
      await until(() => el.status === 'error', 'the app was never stopped', 8000);
      expect(el.statusReason).to.equal('focus-stealing');
      expect(rec.statuses).to.deep.equal(['loading', 'ready', 'error']);
      expect(deepQueryAll(el, 'iframe')).to.deep.equal([]);
      await until(() => rec.rejected.some((r) => r.method === 'focus'), 'the grabs were never reported');
      field.focus();
      await sendKeys({ type: 'hello' });
      expect(field.value).to.equal('hello');
    });

    it('lets a click into the app keep focus there', async () => {
      const { el, rec, host } = await mountAttack();
      field.focus();
      const box = frameOf(el).getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + 40), Math.round(box.top + 25)] });
      await sendKeys({ type: 'abc' });
      await pause(100);
      expect(await ask(host, { op: 'keys' })).to.include({ keys: 'abc', focused: true });
      expect(field.value).to.equal('');
      expect(rec.rejected.filter((r) => r.method === 'focus')).to.deep.equal([]);
    });

    it('lets keyboard users Tab into the app and Shift+Tab back out', async () => {
      const { el, rec, host } = await mountAttack();
      field.focus();
      await sendKeys({ press: 'Tab' });
      await until(() => focused() === frameOf(el), 'Tab did not move focus into the app');
      await sendKeys({ type: 'xy' });
      await pause(100);
      expect(await ask(host, { op: 'keys' })).to.include({ keys: 'xy', focused: true });
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      await until(() => focused() === field, 'Shift+Tab did not return to the page');
      expect(rec.rejected.filter((r) => r.method === 'focus')).to.deep.equal([]);
    });
  });

  describe('floods (row 2)', () => {
    it('refuses 500 ui/message without a user activation: no action, one rejection for the burst', async () => {
      const { rec, host } = await mountAttack();
      const res = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] }, n: 500 });
      expect(res.codes).to.deep.equal({ '-32000': 500 });
      const reports = () => rec.rejected.filter((r) => r.method === 'ui/message');
      await until(() => reports().reduce((n, r) => n + (r.count ?? 1), 0) === 500, 'not every refusal was reported');
      expect(host.actions).to.deep.equal([]);
      expect(reports().map((r) => r.reason)).to.deep.equal(reports().map(() => 'user activation required'));
      // One report per burst (a burst that never goes quiet is cut every second), not one per message.
      expect(reports().length).to.be.at.most(10);
    });

    it('lets no more ui/message through than the bucket allows when the host waives the activation rule', async () => {
      const { rec, host } = await mountAttack({ limits: { requireUserActivation: false } });
      const started = performance.now();
      const res = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] }, n: 500 });
      const { burst } = DEFAULT_RATES.message;
      expect(res.codes.ok).to.be.within(burst, bucketCap('message', started));
      expect(host.actions.length).to.equal(res.codes.ok);
      expect(res.codes['-32000']).to.equal(500 - res.codes.ok!);
      await until(() => rec.rejected.some((r) => r.reason === 'rate limit exceeded'), 'no rejection reported');
    });

    it('lets no more tools/call reach the MCP server than the bucket allows', async () => {
      const { client, calls } = await mcpPair();
      const { host } = await mountAttack({ allowedTools: ['get-time'] });
      host.callTool = (name, args) => client.callTool({ name, arguments: args });
      const started = performance.now();
      const res = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'tools/call', params: { name: 'get-time', arguments: {} }, n: 500 }, 8000);
      const { burst } = DEFAULT_RATES.tools;
      expect(calls.length).to.be.within(burst, bucketCap('tools', started));
      expect(res.codes.ok).to.equal(calls.length);
      expect(res.codes['-32000']).to.equal(500 - calls.length);
    });

    it('enforces the limits in the host too, behind a proxy that relays everything', async function () {
      this.timeout(20000);
      const { client, calls } = await mcpPair();
      const relay = new URL('../test/fixtures/mcp/relay-proxy/', crossOriginBase()).href;
      const { host } = await mountAttack({ allowedTools: ['get-time'], sandboxBaseUrl: relay });
      // The page-wide activation of earlier tests' clicks and keys must have expired (5 s in Chromium).
      await until(() => !navigator.userActivation.isActive, 'the page kept its user activation', 8000);
      host.callTool = (name, args) => client.callTool({ name, arguments: args });
      const started = performance.now();
      const tools = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'tools/call', params: { name: 'get-time', arguments: {} }, n: 500 }, 8000);
      expect(calls.length).to.be.within(DEFAULT_RATES.tools.burst, bucketCap('tools', started));
      expect(tools.codes['-32000']).to.equal(500 - calls.length);
      const messages = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'ui/message', params: { role: 'user', content: [] }, n: 50 });
      expect(messages.codes).to.deep.equal({ '-32000': 50 });
      expect(host.actions).to.deep.equal([]);
    });

    it('coalesces 20,000 log notifications without stalling the page', async function () {
      this.timeout(60000);
      const { rec, host } = await mountAttack();
      const tasks = watchLongTasks();
      const started = performance.now();
      await ask(host, { op: 'flood', method: 'notifications/message', params: { level: 'info', data: 'spam' }, notify: true, n: 20000 }, 45000);
      await until(() => rec.rejected.reduce((n, r) => n + (r.method === 'notifications/message' ? r.count ?? 1 : 0), 0) + rec.logs.length === 20000, 'not every log was accounted for', 45000);
      const cap = bucketCap('log', started);
      const jank = await tasks.stop();
      expect(rec.logs.length).to.be.within(DEFAULT_RATES.log.burst, cap);
      // One report per burst, and a burst that never goes quiet is cut every second.
      const seconds = Math.ceil((performance.now() - started) / 1000);
      expect(rec.rejected.filter((r) => r.method === 'notifications/message').length).to.be.at.most(seconds + 2);
      // Before: 20,000 events and ~0.9 s of long tasks on a quiet machine; now a handful of events
      // and one short task (~60 ms). The bound leaves room for a loaded machine (660 ms seen at load 13).
      expect(jank.total, `long tasks: ${JSON.stringify(jank)}`).to.be.below(800);
    });
  });

  describe('held notifications', () => {
    it('holds data-model changes over the limit instead of dropping them, so the latest value always lands', async () => {
      const { rec, host } = await mountAttack({ data: { paths: { cmd: '/cmd', out: '/out', slider: '/slider' } } });
      await ask(host, { op: 'slide', n: 1000 });
      await until(() => host.read('/slider') === 1000, 'the final value never arrived', 8000);
      const writes = host.writes.filter((w) => w.path === '/slider').length;
      expect(writes).to.be.below(1000);
      expect(rec.rejected).to.deep.equal([]);
    });
  });

  describe('size (row 3)', () => {
    it('refuses a 300,000-block ui/message in the proxy, so the page never deserializes it', async function () {
      // Building and cloning 300,000 objects takes the app and the proxy seconds on a loaded machine.
      this.timeout(60000);
      const { rec, host } = await mountAttack({ limits: { requireUserActivation: false } });
      const tasks = watchLongTasks();
      const res = await ask<{ code: unknown }>(host, { op: 'huge-message', n: 300_000 }, 45000);
      const jank = await tasks.stop();
      expect(res.code).to.equal(-32602);
      await until(() => rec.rejected.some((r) => r.method === 'ui/message'), 'no rejection reported');
      expect(rec.rejected.find((r) => r.method === 'ui/message')!.reason).to.match(/^payload (exceeds|is) /);
      expect(host.actions).to.deep.equal([]);
      expect(jank.longest, `longest task ${jank.longest} ms`).to.be.below(500);
    });
  });

  describe('same-origin proxy (row 8)', () => {
    it('says plainly that a same-origin proxy shares the page event loop, and a spinning app then blocks it', async () => {
      const warnings: { warning: string; message?: string }[] = [];
      document.addEventListener('mcp-app-security-warning', (e) => warnings.push((e as CustomEvent).detail), { once: true });
      const { host } = await mountAttack({ sandboxBaseUrl: '/sandbox/' });
      expect(warnings).to.have.length(1);
      expect(warnings[0]!.message).to.match(/shares the page's event loop: it can freeze or crash the page/);
      const tasks = watchLongTasks();
      await ask(host, { op: 'spin', ms: 1500 });
      await until(() => (host.read('/out') as { spun?: boolean }).spun, 'the app never finished spinning', 8000);
      expect((await tasks.stop()).longest).to.be.at.least(1000);
    });

    it('keeps the page responsive while the app spins behind a proxy on its own origin', async () => {
      const { host } = await mountAttack();
      const tasks = watchLongTasks();
      await ask(host, { op: 'spin', ms: 1500 });
      await until(() => (host.read('/out') as { spun?: boolean }).spun, 'the app never finished spinning', 8000);
      expect((await tasks.stop()).longest).to.be.below(500);
    });
  });
});
