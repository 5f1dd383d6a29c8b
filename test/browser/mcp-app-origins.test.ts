import { expect } from '@open-wc/testing';
import { configureSandbox } from '../../sandbox/config.ts';
import type { A2uiMcpApp } from '../../sandbox/mcp-app.ts';
import { fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeReport } from '../fixtures/mcp/probe.ts';

/** The sandbox folder on another loopback name of the same dev server (every 127.x and *.localhost name reaches it). */
const sandboxOn = (hostName: string, path = '/sandbox/') => `${location.protocol}//${hostName}:${location.port}${path}`;
const originOf = (el: A2uiMcpApp) => new URL(frameOf(el).src).origin;

async function probe(props: Partial<A2uiMcpApp>) {
  const host = new MemoryHost();
  const { el, rec } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: PROBE_PATHS }, ...props });
  return { el, rec, host };
}

const settled = (el: A2uiMcpApp) => until(() => el.status === 'ready' || el.status === 'error', 'the app never settled', 8000);

/** Issue 20 item 4: a proxy origin per app domain. */
describe('a2ui-mcp-app per-app origins', () => {
  afterEach(() => {
    configureSandbox({ originFor: null });
    document.querySelectorAll('a2ui-mcp-app, iframe').forEach((e) => e.remove());
  });

  it('runs an app that declares a domain on that subdomain of the sandbox host, each domain on its own origin', async () => {
    const base = sandboxOn('localhost');
    const a = await probe({ sandboxBaseUrl: base, domain: 'app-a.localhost' });
    const b = await probe({ sandboxBaseUrl: base, domain: 'app-b.localhost' });
    await Promise.all([ready(a.el), ready(b.el)]);
    expect(originOf(a.el)).to.equal(`${location.protocol}//app-a.localhost:${location.port}`);
    expect(originOf(b.el)).to.equal(`${location.protocol}//app-b.localhost:${location.port}`);
    // Each proxy passed its own self-test and exact-origin handshake.
    expect([a.el.securityWarning, b.el.securityWarning]).to.deep.equal([null, null]);
    expect((await ask<ProbeReport>(a.host, { op: 'report' })).protocolVersion).to.equal('2026-01-26');
    expect((await ask<ProbeReport>(b.host, { op: 'report' })).protocolVersion).to.equal('2026-01-26');
  });

  it('refuses a domain the host does not serve instead of running it on a shared origin', async () => {
    const cases = ['evil.example.com', 'localhost', 'LOCALHOST', 'app-a.localhost:8080', 'https://app-a.localhost', 'a..localhost'];
    for (const domain of cases) {
      const { el, rec } = await probe({ sandboxBaseUrl: sandboxOn('localhost'), domain });
      await settled(el);
      expect(el.status, domain).to.equal('error');
      expect(el.statusReason, domain).to.match(/is not served by this host$/);
      expect(rec.statuses, domain).to.deep.equal(['error']);
      expect(el.shadowRoot!.querySelector('iframe'), domain).to.equal(null);
      el.remove();
    }
    // A sandbox on an IP address has no subdomains: any domain is refused there.
    const { el } = await probe({ domain: 'a.127.0.0.1' });
    await settled(el);
    expect(el.status).to.equal('error');
  });

  it('puts each app where originFor says, with its resource URI and domain; null refuses the app', async () => {
    const asked: [string | undefined, string | undefined][] = [];
    configureSandbox({
      originFor: (uri, domain) => {
        asked.push([uri, domain]);
        return domain === 'a' ? sandboxOn('127.0.0.2') : domain === 'b' ? sandboxOn('127.0.0.3') : domain === 'none' ? null : undefined;
      },
    });
    const a = await probe({ resourceUri: 'ui://server-a/app', domain: 'a' });
    const b = await probe({ resourceUri: 'ui://server-b/app', domain: 'b' });
    const plain = await probe({ resourceUri: 'ui://server-c/app' });
    await Promise.all([ready(a.el), ready(b.el), ready(plain.el)]);
    expect([originOf(a.el), originOf(b.el), originOf(plain.el)]).to.deep.equal([
      `${location.protocol}//127.0.0.2:${location.port}`,
      `${location.protocol}//127.0.0.3:${location.port}`,
      `${location.protocol}//127.0.0.1:${location.port}`, // undefined: the element's own base URL
    ]);
    expect([a.el, b.el, plain.el].map((el) => el.securityWarning)).to.deep.equal([null, null, null]);
    expect(asked).to.deep.equal([['ui://server-a/app', 'a'], ['ui://server-b/app', 'b'], ['ui://server-c/app', undefined]]);
    const refused = await probe({ resourceUri: 'ui://server-d/app', domain: 'none' });
    await settled(refused.el);
    expect([refused.el.status, refused.el.statusReason]).to.deep.equal(['error', 'the host serves no origin for this app']);
  });

  it('ignores an originFor that is not a function (null removes it)', async () => {
    configureSandbox({ originFor: () => sandboxOn('127.0.0.2') });
    configureSandbox({ originFor: 'http://evil.example/' as never });
    const a = await probe({ domain: 'a' });
    await ready(a.el);
    expect(originOf(a.el)).to.equal(`${location.protocol}//127.0.0.2:${location.port}`);
    configureSandbox({ originFor: null });
    a.el.remove();
    const b = await probe({});
    await ready(b.el);
    expect(originOf(b.el)).to.equal(`${location.protocol}//127.0.0.1:${location.port}`);
  });

  it('never lets two domains share an origin, even when the host maps them to one', async () => {
    configureSandbox({ originFor: () => sandboxOn('127.0.0.2') });
    const a = await probe({ domain: 'a' });
    const a2 = await probe({ domain: 'a' });
    await Promise.all([ready(a.el), ready(a2.el)]);
    const b = await probe({ domain: 'b' });
    await settled(b.el);
    expect([b.el.status, b.el.statusReason]).to.deep.equal([
      'error',
      `its proxy origin ${location.protocol}//127.0.0.2:${location.port} already serves another app's domain`,
    ]);
    // Once the origin's apps are gone, it may serve the other domain.
    await a.el.teardown();
    a.el.remove();
    a2.el.remove();
    const c = await probe({ domain: 'b' });
    await ready(c.el);
    expect(originOf(c.el)).to.equal(`${location.protocol}//127.0.0.2:${location.port}`);
  });

  it("keeps a compromised proxy on one app's origin out of another app's origin, and the other app untouched", async () => {
    const host = new MemoryHost();
    const calls: string[] = [];
    host.callTool = async (name) => (calls.push(name), { content: [] });
    configureSandbox({
      originFor: (_uri, domain) => (domain === 'a' ? sandboxOn('127.0.0.2', '/test/fixtures/mcp/sibling-proxy/') : sandboxOn('127.0.0.3')),
    });
    const victim = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: PROBE_PATHS }, allowedTools: ['get-time'], domain: 'b' });
    await ready(victim.el);
    const attacker = (await probe({ domain: 'a' })).el;
    // Frames in shadow roots are not among `parent.frames`, so the probe gets two page-level frames to try:
    // one on its own origin (it must reach it: the probe can tell) and one on the victim's proxy origin.
    const control = (src: string) => {
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
      return new Promise((resolve) => f.addEventListener('load', resolve, { once: true }));
    };
    const own = sandboxOn('127.0.0.2', '/test/fixtures/mcp/sibling-proxy/proxy.html');
    await Promise.all([control(own), control(sandboxOn('127.0.0.3', '/sandbox/proxy.html'))]);
    const report = new Promise<{ origin: string; frames: string[] }>((resolve) =>
      addEventListener('message', function on(e) {
        if (!e.data?.siblingReport || e.source !== attacker.shadowRoot!.querySelector('iframe')?.contentWindow) return;
        removeEventListener('message', on);
        resolve(e.data.siblingReport);
      }),
    );
    // Ask until the attacker's page has loaded and answers.
    const asking = setInterval(() => attacker.shadowRoot!.querySelector('iframe')?.contentWindow?.postMessage({ siblingCheck: true }, '*'), 100);
    const { origin, frames } = await report.finally(() => clearInterval(asking));
    expect(origin).to.equal(`${location.protocol}//127.0.0.2:${location.port}`);
    expect(frames).to.deep.equal([`document:${own}`, 'SecurityError']);
    await ask(host, { op: 'report' });
    expect(calls).to.deep.equal([]);
    expect(victim.el.status).to.equal('ready');
  });
});
