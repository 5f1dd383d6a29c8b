import { expect } from '@open-wc/testing';
import { buildAllow, buildCsp, cleanCsp, cleanDomains, permissionsParam, prepareSrcdoc } from '../../sandbox/csp.ts';
import { checkPayload, checkSubpath } from '../../sandbox/guards.ts';
import { validateSchema } from '../../sandbox/json-schema.ts';
import { checkEnvelope } from '../../sandbox/envelope.ts';
import { DEFAULT_RATES, familyOf, resolveLimits, TokenBuckets } from '../../sandbox/limits.ts';
import { visibleToApps } from '../../sandbox/tool-access.ts';
import { SizeThrottle, type Scheduler } from '../../sandbox/size.ts';
import { configureSandbox, proxyLocation } from '../../sandbox/config.ts';
import { decodeHtmlContent } from '../../sandbox/mcp-app.ts';
import { crossOriginBase, fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { deepQueryAll, descriptionOf } from './queries.ts';

// The default buffer (250 entries) fills up with the dev server's many modules; keep them all.
performance.setResourceTimingBufferSize(100_000);
const loaded = (part: string) => performance.getEntriesByType('resource').some((e) => e.name.includes(part));

describe('a2ui-mcp-app building blocks', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  describe('lazy loading', () => {
    it('loads the protocol code only when an app starts', async () => {
      expect(customElements.get('a2ui-mcp-app')).to.exist;
      expect(loaded('/sandbox/bridge.ts')).to.equal(false);
      expect(loaded('ext-apps')).to.equal(false);
      const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host: new MemoryHost() });
      await ready(el);
      expect(loaded('/sandbox/bridge.ts')).to.equal(true);
      expect(loaded('ext-apps')).to.equal(true);
    });
  });

  describe('CSP', () => {
    it('uses the MCP Apps default when no csp is given, without unsafe-eval', () => {
      expect(buildCsp(undefined)).to.equal(
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
          "img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; " +
          "base-uri 'self'; object-src 'none'; form-action 'none'",
      );
    });

    it('widens only by declared domains and drops anything that is not a plain host source', () => {
      const csp = buildCsp({
        resourceDomains: ['https://cdn.example.com', "'unsafe-eval'", '*', 'https:', 'https://a.example; script-src *'],
        connectDomains: ['wss://api.example.com:8443', 'javascript:alert(1)'],
        frameDomains: ['https://*.youtube.com'],
        baseUriDomains: ['https://base.example.com/app/'],
      });
      expect(csp).to.contain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
      expect(csp).to.contain('font-src \'self\' https://cdn.example.com;');
      expect(csp).to.contain('connect-src wss://api.example.com:8443;');
      expect(csp).to.contain('frame-src https://*.youtube.com;');
      expect(csp).to.contain('base-uri https://base.example.com/app/;');
      expect(csp).to.not.contain('unsafe-eval');
      expect(cleanDomains(['https://ok.example', 'http://localhost:3000', 'ftp://x.example', 42])).to.deep.equal([
        'https://ok.example',
        'http://localhost:3000',
      ]);
      expect(cleanCsp({ connectDomains: ['*', 'https://api.example'], frameDomains: ["'self'"] })).to.deep.equal({
        connectDomains: ['https://api.example'],
      });
    });

    it('strips author CSP metas and injects the policy as the first element of head (inert parsing)', () => {
      const w = window as unknown as { pwned?: boolean };
      const html =
        '<!DOCTYPE html><html><head><title>t</title>' +
        '<meta http-equiv="Content-Security-Policy" content="default-src *">' +
        '<meta http-equiv=" content-security-policy-report-only " content="x">' +
        '</head><body><img src=x onerror="window.top.pwned = true"><noscript><meta http-equiv="Content-Security-Policy" content="y"></noscript></body></html>';
      const out = prepareSrcdoc(html, "default-src 'none'");
      const doc = new DOMParser().parseFromString(out, 'text/html');
      const metas = [...doc.querySelectorAll('meta[http-equiv]')];
      expect(metas.map((m) => m.getAttribute('content'))).to.deep.equal(["default-src 'none'"]);
      expect(doc.head.firstElementChild).to.equal(metas[0]);
      expect(out.startsWith('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"')).to.equal(true);
      expect(w.pwned).to.equal(undefined);
    });

    it('builds a deny-all allow attribute plus the granted permissions', () => {
      const none = buildAllow(undefined);
      expect(none).to.contain("camera 'none'").and.contain("clipboard-read 'none'").and.not.contain("'src'");
      const some = buildAllow({ camera: true, geolocation: {}, microphone: false });
      expect(some).to.contain("camera 'src'").and.contain("geolocation 'src'").and.contain("microphone 'none'");
      expect(permissionsParam({ camera: true, clipboardWrite: {}, microphone: false })).to.deep.equal({ camera: {}, clipboardWrite: {} });
    });

    it('applies them inside the app frame: author CSP gone, eval blocked, only granted features allowed', async () => {
      const host = new MemoryHost();
      const { el } = mount({
        htmlContent: await fixtureHtml('probe-widget.html'),
        host,
        permissions: { clipboardWrite: true },
        data: { paths: { cmd: '/cmd', out: '/out' } },
      });
      await ready(el);
      host.set('/cmd', [{ op: 'probe', seq: 1 }]);
      await until(() => (host.read('/out') as { seq?: number } | undefined)?.seq === 1, 'no probe answer');
      const { probe } = host.read('/out') as { probe: Record<string, unknown> };
      expect(probe.eval).to.deep.equal({ ok: false, error: 'EvalError' });
      expect(probe.origin).to.deep.equal({ ok: true, value: 'null' });
      expect(probe.cspMetas).to.deep.equal([buildCsp(undefined)]);
      expect(probe.features).to.deep.equal({
        camera: false,
        microphone: false,
        geolocation: false,
        'clipboard-write': true,
        'clipboard-read': false,
        usb: false,
      });
    });
  });

  describe('payload guards', () => {
    it('accepts plain JSON within limits', () => {
      expect(checkPayload({ a: [1, 'x', null, true, { b: 2 }] })).to.equal(null);
      expect(checkPayload(undefined)).to.equal(null);
      let nine: unknown = 1;
      for (let i = 0; i < 10; i++) nine = { n: nine };
      expect(checkPayload(nine)).to.equal(null);
    });

    it('refuses prototype keys, non-JSON values, depth > 10 and more than 64 KB', () => {
      expect(checkPayload(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).to.equal("forbidden key '__proto__'");
      expect(checkPayload({ a: [{ constructor: 1 }] })).to.equal("forbidden key 'constructor'");
      expect(checkPayload({ prototype: 1 })).to.equal("forbidden key 'prototype'");
      let eleven: unknown = 1;
      for (let i = 0; i < 11; i++) eleven = [eleven];
      expect(checkPayload(eleven)).to.equal('payload nested deeper than 10');
      expect(checkPayload('x'.repeat(65535))).to.equal('payload is 65537 bytes (limit 65536)');
      expect(checkPayload('é'.repeat(40000))).to.match(/^payload (is|exceeds)/);
      expect(checkPayload({ d: new Date() })).to.equal('only plain JSON objects are accepted');
      expect(checkPayload(NaN)).to.equal('non-finite number');
      expect(checkPayload(() => 1)).to.equal('function is not JSON');
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(checkPayload(cyclic)).to.equal('payload nested deeper than 10');
    });

    it('checks sub-pointers segment by segment after unescaping', () => {
      expect(checkSubpath('/a/b~1c')).to.equal(null);
      expect(checkSubpath('/a/__proto__')).to.equal("forbidden path segment '__proto__'");
      expect(checkSubpath('/prototype')).to.equal("forbidden path segment 'prototype'");
      expect(checkSubpath('a')).to.equal('subpath must start with "/"');
      expect(checkSubpath(3)).to.equal('subpath must be a string');
    });
  });

  describe('JSON Schema subset', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, maximum: 3 },
        s: { type: 'string', minLength: 2, enum: ['ab', 'cd'] },
        l: { type: 'array', items: { type: 'boolean' }, maxItems: 2 },
        u: { anyOf: [{ type: 'null' }, { const: 'x' }] },
      },
      required: ['n'],
      additionalProperties: false,
      description: 'annotations are ignored',
    };

    it('accepts valid values and reports each failure with its path', () => {
      expect(validateSchema(schema, { n: 2, s: 'ab', l: [true], u: null })).to.deep.equal([]);
      expect(validateSchema(schema, { n: 1.5, s: 'zz', l: [true, 1, false], u: 'y', x: 1 })).to.deep.equal([
        { path: '/n', message: 'expected integer' },
        { path: '/s', message: 'not one of the allowed values' },
        { path: '/l', message: 'more than 2 items' },
        { path: '/l/1', message: 'expected boolean' },
        { path: '/u', message: 'matches none of anyOf' },
        { path: '/x', message: 'unexpected property' },
      ]);
      expect(validateSchema(schema, {})).to.deep.equal([{ path: '', message: "missing 'n'" }]);
      expect(validateSchema(true, 'anything')).to.deep.equal([]);
      expect(validateSchema(false, 1)).to.have.length(1);
    });

    it('fails closed on keywords outside the subset', () => {
      expect(validateSchema({ type: 'string', pattern: '^(a+)+$' }, 'aaa')).to.deep.equal([
        { path: '', message: "unsupported schema keyword 'pattern'" },
      ]);
      expect(validateSchema({ $ref: '#/x' }, 1)).to.have.length(1);
    });
  });

  describe('frame sizing', () => {
    function fakeTimers() {
      let now = 0;
      const queue: { at: number; cb: () => void }[] = [];
      const timers: Scheduler = {
        set: (cb, ms) => {
          const t = { at: now + ms, cb };
          queue.push(t);
          return t;
        },
        clear: (t) => queue.splice(queue.indexOf(t as never), 1),
      };
      const advance = (ms: number) => {
        now += ms;
        for (const t of queue.filter((q) => q.at <= now)) {
          queue.splice(queue.indexOf(t), 1);
          t.cb();
        }
      };
      return { timers, advance, now: () => now };
    }

    it('clamps, throttles (trailing, latest wins) and ignores changes under 5 px', () => {
      const applied: number[] = [];
      const clock = fakeTimers();
      const s = new SizeThrottle((h) => applied.push(h), clock.timers, clock.now);
      s.request(300);
      s.request(350);
      s.request(5000);
      expect(applied).to.deep.equal([300]);
      clock.advance(100);
      expect(applied).to.deep.equal([300, 2000]);
      clock.advance(200);
      s.request(2003);
      s.request('tall');
      expect(applied).to.deep.equal([300, 2000]);
      clock.advance(200);
      s.request(10);
      expect(applied).to.deep.equal([300, 2000, 100]);
    });

    it('holds requests while the element says so (a prompt open, the pointer moving), then applies the latest (issue 38 row 7)', () => {
      const applied: number[] = [];
      const clock = fakeTimers();
      let hold = 500;
      const s = new SizeThrottle((h) => applied.push(h), clock.timers, clock.now, () => hold);
      s.request(300);
      s.request(2000);
      s.request(120);
      clock.advance(400);
      expect(applied).to.deep.equal([]);
      hold = 0;
      clock.advance(100);
      expect(applied).to.deep.equal([120]);
    });
  });

  describe('configuration and properties', () => {
    it('resolves the proxy location with the host origin and detects a same-origin proxy', () => {
      const cross = proxyLocation(crossOriginBase());
      expect(cross!.sameOrigin).to.equal(false);
      expect(new URL(cross!.url).searchParams.get('host')).to.equal(location.origin);
      expect(new URL(cross!.url).pathname).to.equal('/sandbox/proxy.html');
      expect(proxyLocation('/sandbox')!.sameOrigin).to.equal(true);
      expect(proxyLocation('javascript:alert(1)//')).to.equal(null);
    });

    it('takes the global base URL from configureSandbox()', async () => {
      const before = proxyLocation()!;
      configureSandbox({ baseUrl: crossOriginBase() });
      try {
        const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host: new MemoryHost(), sandboxBaseUrl: undefined });
        await ready(el);
        expect(el.securityWarning).to.equal(null);
        expect(new URL(frameOf(el).src).origin).to.equal(new URL(crossOriginBase()).origin);
      } finally {
        configureSandbox({ baseUrl: new URL('./', before.url).href });
      }
    });

    it('decodes url_encoded htmlContent and refuses a malformed one without loading anything', async () => {
      expect(decodeHtmlContent('url_encoded:%3Cp%3Ehi%3C%2Fp%3E')).to.equal('<p>hi</p>');
      expect(decodeHtmlContent('<p>plain</p>')).to.equal('<p>plain</p>');
      expect(decodeHtmlContent('url_encoded:%E0%A4%A')).to.equal(null);
      const { el, rec } = mount({ htmlContent: 'url_encoded:%E0%A4%A', host: new MemoryHost() });
      await el.updateComplete;
      expect(el.status).to.equal('error');
      expect(rec.statuses).to.deep.equal(['error']);
      expect(deepQueryAll(el, 'iframe')).to.deep.equal([]);

      const encoded = 'url_encoded:' + encodeURIComponent(await fixtureHtml('probe-widget.html'));
      const ok = mount({ htmlContent: encoded, host: new MemoryHost() });
      await ready(ok.el);
    });

    it('names the frame from @accessibility and applies the frame CSS custom properties', async () => {
      const { el } = mount({
        htmlContent: await fixtureHtml('probe-widget.html'),
        host: new MemoryHost(),
        title: 'Weather',
        accessibilityLabel: 'Weather widget',
        accessibilityDescription: 'Shows the forecast',
      });
      el.style.setProperty('--a2ui-sandboxed-frame-height', '240px');
      el.style.setProperty('--a2ui-sandboxed-frame-border', '3px solid rgb(255, 0, 0)');
      el.style.setProperty('--a2ui-sandboxed-frame-border-radius', '7px');
      el.style.setProperty('--a2ui-sandboxed-frame-background', 'rgb(0, 0, 255)');
      await ready(el);
      const frame = frameOf(el);
      expect(frame.title).to.equal('Weather widget');
      expect(descriptionOf(frame)).to.equal('Shows the forecast');
      const cs = getComputedStyle(frame);
      expect(cs.height).to.equal('240px');
      expect(cs.borderTopWidth).to.equal('3px');
      expect(cs.borderTopColor).to.equal('rgb(255, 0, 0)');
      expect(cs.borderTopLeftRadius).to.equal('7px');
      expect(cs.backgroundColor).to.equal('rgb(0, 0, 255)');
    });
  });

  describe('proxy page', () => {
    async function proxyReady(base: string): Promise<unknown> {
      const frame = document.createElement('iframe');
      frame.src = `${new URL('proxy.html', new URL(base, location.href))}?host=${encodeURIComponent(location.origin)}`;
      const ready = new Promise((resolve) => {
        const listen = (e: MessageEvent) => {
          if (e.source !== frame.contentWindow) return;
          window.removeEventListener('message', listen);
          resolve({ origin: e.origin, data: e.data });
        };
        window.addEventListener('message', listen);
      });
      document.body.append(frame);
      const result = await ready;
      frame.remove();
      return result;
    }

    it('announces itself to the exact host origin with the result of its self-test (no dialog)', async () => {
      const cross = crossOriginBase();
      expect(await proxyReady(cross)).to.deep.equal({
        origin: new URL(cross).origin,
        data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: { selfTest: 'isolated' } },
      });
      expect(await proxyReady('/sandbox/')).to.deep.equal({
        origin: location.origin,
        data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: { selfTest: 'same-origin' } },
      });
    });
  });

  describe('rate limits', () => {
    it('gives each family its burst, then refills at its rate', () => {
      let now = 0;
      const buckets = new TokenBuckets(resolveLimits({ rates: { tools: { burst: 2, perSecond: 1 } } }).rates, 0, () => now);
      expect([buckets.take('tools'), buckets.take('tools'), buckets.take('tools')]).to.deep.equal([true, true, false]);
      expect(buckets.take('message'), 'families are independent').to.equal(true);
      now = 999;
      expect(buckets.take('tools')).to.equal(false);
      now = 1000;
      expect(buckets.take('tools')).to.equal(true);
      now = 1_000_000;
      expect([buckets.take('tools'), buckets.take('tools'), buckets.take('tools')], 'never above the burst').to.deep.equal([true, true, false]);
    });

    it('keeps the defaults for anything that is not a non-negative number, and maps methods to families', () => {
      const limits = resolveLimits({ rates: { log: { burst: -1, perSecond: 'x' }, data: { burst: 5 } }, requireUserActivation: 0 });
      expect(limits.rates.log).to.deep.equal(DEFAULT_RATES.log);
      expect(limits.rates.data).to.deep.equal({ burst: 5, perSecond: DEFAULT_RATES.data.perSecond });
      expect(limits.requireUserActivation, 'only false waives it').to.equal(true);
      expect(resolveLimits({ requireUserActivation: false }).requireUserActivation).to.equal(false);
      expect(['ui/message', 'tools/call', 'notifications/message', 'toString', undefined].map(familyOf)).to.deep.equal(['message', 'tools', 'log', 'other', 'other']);
    });
  });

  describe('envelopes and visibility', () => {
    it('refuses bad ids, methods and params with one-line reasons', () => {
      expect(checkEnvelope({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} })).to.equal(null);
      expect(checkEnvelope({ jsonrpc: '2.0', id: 1 })).to.equal(null);
      expect(checkEnvelope({ jsonrpc: '2.0', id: {}, method: 'ping' })).to.deep.equal({ code: -32600, reason: 'id must be a string or a number' });
      expect(checkEnvelope({ jsonrpc: '2.0', id: 1, method: 7 })).to.deep.equal({ code: -32600, reason: 'method must be a string' });
      expect(checkEnvelope({ jsonrpc: '2.0', method: 'x', params: [] })).to.deep.equal({ code: -32602, reason: 'params must be an object' });
      expect(checkEnvelope({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} })!.code).to.equal(-32602);
    });

    it('lets apps call a tool unless its visibility leaves "app" out', () => {
      expect(visibleToApps(undefined)).to.equal(true);
      expect(visibleToApps({ ui: {} })).to.equal(true);
      expect(visibleToApps({ ui: { visibility: ['model', 'app'] } })).to.equal(true);
      expect(visibleToApps({ ui: { visibility: ['model'] } })).to.equal(false);
      expect(visibleToApps({ ui: { visibility: [] } })).to.equal(false);
    });
  });
});
