import { expect } from '@open-wc/testing';
import { sameSite } from '../../sandbox/site.ts';
import { crossOriginBase, fixtureHtml, MemoryHost, mount, until } from '../fixtures/mcp/harness.ts';
import { PROBE_PATHS } from '../fixtures/mcp/probe.ts';

const other = new URL(crossOriginBase()).origin;

async function probe(sandboxBaseUrl: string) {
  return mount({ htmlContent: await fixtureHtml('probe-widget.html'), host: new MemoryHost(), data: { paths: PROBE_PATHS }, sandboxBaseUrl });
}

/** Issue 38 (with 35/36): a wrong proxy URL fails at once and says which URL; a proxy on the page's site is reported. */
describe('a2ui-mcp-app proxy URL', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  // The default start timeout is 15 s: an error within 5 s came from the proxy frame's load.
  for (const [what, base] of [
    ['a 404', `${other}/no-such-folder/`],
    ['a page that is not the proxy (a dev server answering index.html)', `${other}/test/fixtures/mcp/not-a-proxy/`],
  ] as const) {
    it(`fails at once, naming the URL, when the proxy URL answers with ${what}`, async () => {
      const { el, rec } = await probe(base);
      await until(() => el.status === 'error', 'the app stayed loading', 5000);
      expect(el.statusReason).to.equal(
        `the sandbox proxy URL ${base}proxy.html loaded a page that is not the A2UI proxy (a 404, another page at that URL, or a proxy that does not serve this origin)`,
      );
      expect(rec.statuses).to.deep.equal(['loading', 'error']);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[role="alert"]')?.textContent).to.contain(`${base}proxy.html`);
    });
  }

  it('reports a proxy on another origin of the page\'s site (proxy-same-site), not one on another site', async () => {
    const port = location.port === '8659' ? '8658' : '8659';
    const sameSiteBase = `${location.protocol}//${location.hostname}:${port}/sandbox/`;
    const events: { warning: string; message: string }[] = [];
    document.addEventListener('mcp-app-security-warning', (e) => events.push((e as CustomEvent).detail), { once: true });
    const { el } = await probe(sameSiteBase);
    expect(el.securityWarning).to.equal('proxy-same-site');
    expect(events.map((e) => e.warning)).to.deep.equal(['proxy-same-site']);
    expect(events[0]!.message).to.match(/different registrable domain/);
    el.remove();
    const cross = await probe(crossOriginBase());
    expect(cross.el.securityWarning).to.equal(null);
  });

  it('knows sites: registrable domain and scheme, any port', () => {
    expect(sameSite('https://app.example.com', 'https://sandbox.example.com:8443')).to.equal(true);
    expect(sameSite('https://app.example.com', 'https://example.com')).to.equal(true);
    expect(sameSite('https://app.example.com', 'http://sandbox.example.com')).to.equal(false);
    expect(sameSite('https://app.example.com', 'https://sandbox.example.net')).to.equal(false);
    expect(sameSite('http://localhost:8000', 'http://localhost:9000')).to.equal(true);
    expect(sameSite('http://localhost:8000', 'http://app-a.localhost:8000')).to.equal(false);
    expect(sameSite('http://localhost:8000', 'http://127.0.0.1:8000')).to.equal(false);
    expect(sameSite('http://127.0.0.1:8000', 'http://127.0.0.2:8000')).to.equal(false);
    expect(sameSite('about:blank', 'about:blank')).to.equal(false);
  });
});
