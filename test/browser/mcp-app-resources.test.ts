import { expect } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { mountAttack, pause } from '../fixtures/mcp/attack.ts';
import { fixtureHtml, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeReport } from '../fixtures/mcp/probe.ts';

type Answer = { error: { code: number; message: string } | null; result: Record<string, unknown> | null; timeout: boolean };

/** A real MCP server with a few resources (uri → text), recording every read, linked in memory to a real client. */
async function resourceServer(extra: Record<string, string | (() => unknown)> = {}) {
  const reads: string[] = [];
  const s = new McpServer({ name: 'resource-server', version: '1.0.0' });
  const resources: Record<string, string | (() => unknown)> = {
    'ui://server/app': '<p>app</p>',
    'ui://server/secret': 'secret of the app server',
    'ui://server.evil/x': 'evil',
    'config://secret': 'config',
    ...extra,
  };
  for (const [i, [uri, body]] of Object.entries(resources).entries()) {
    s.registerResource(`r${i}`, uri, { mimeType: 'text/plain' }, async (u) => {
      reads.push(u.href);
      return typeof body === 'function' ? (body() as never) : { contents: [{ uri: u.href, mimeType: 'text/plain', text: body }] };
    });
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await Promise.all([s.connect(a), client.connect(b)]);
  return { client, reads };
}

async function withServer(props: Record<string, unknown> = {}, extra?: Record<string, string | (() => unknown)>) {
  const { client, reads } = await resourceServer(extra);
  const host = Object.assign(new MemoryHost(), { appClient: client });
  const app = await mountAttack(props, host);
  const read = (uri: unknown) => ask<Answer>(host, { op: 'request', method: 'resources/read', params: { uri } });
  return { ...app, reads, read };
}

/** Issue 20 item 2: server resources through the host, only for allowed URIs. */
describe('a2ui-mcp-app server resources', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  it('offers serverResources only when the host has a client that reads resources', async () => {
    const { client } = await resourceServer();
    const html = await fixtureHtml('probe-widget.html');
    const withClient = mount({ htmlContent: html, host: Object.assign(new MemoryHost(), { appClient: client }), data: { paths: PROBE_PATHS } });
    const without = mount({ htmlContent: html, host: new MemoryHost(), data: { paths: PROBE_PATHS } });
    await Promise.all([ready(withClient.el), ready(without.el)]);
    const caps = async (el: typeof withClient.el) => (await ask<ProbeReport>(el.host as MemoryHost, { op: 'report' })).hostCapabilities;
    expect(await caps(withClient.el)).to.have.property('serverResources');
    expect(await caps(without.el)).not.to.have.property('serverResources');
    const res = await ask<Answer>(without.el.host as MemoryHost, { op: 'request', method: 'resources/read', params: { uri: 'ui://server/app' } });
    expect(res.error?.code).to.equal(-32601);
  });

  it("reads the app's own server's ui:// resources by default, and nothing else", async () => {
    const { read, reads, rec } = await withServer();
    const ok = await read('ui://server/app');
    expect(ok.error).to.equal(null);
    expect(ok.result).to.deep.equal({ contents: [{ uri: 'ui://server/app', mimeType: 'text/plain', text: '<p>app</p>' }] });
    const refused = await read('config://secret');
    expect(refused.error).to.deep.equal({ code: -32602, message: 'Resource "config://secret" is not allowed' });
    expect(reads).to.deep.equal(['ui://server/app']);
    expect(rec.rejected).to.deep.equal([{ method: 'resources/read', reason: 'Resource "config://secret" is not allowed', code: -32602 }]);
  });

  it('passes exact URIs and ui://server/ prefixes only; prefix, case and encoding tricks never reach the server', async () => {
    const { read, reads, el } = await withServer({ allowedResources: ['ui://server/app', 'ui://server/public/'] });
    expect((await read('ui://server/app')).error).to.equal(null);
    const tricks = [
      'ui://server/secret', // not listed
      'ui://server/app/', // an exact entry is not a prefix
      'ui://server/public/../secret',
      'ui://server/public/./../secret',
      'ui://server/public/%2e%2e/secret',
      'ui://server/public/%2E%2E/secret',
      'ui://server/public/..%2fsecret',
      'ui://server/public/%252e%252e/secret',
      'ui://server/public\\..\\secret',
      'ui://server.evil/x',
      'ui://server.evil/public/x',
      'UI://server/app',
      'ui://SERVER/app',
      'ui://server/public/x y',
      'ui://server/public/\u0000',
      'ui://server/public/é',
      'ui://server/public/%zz',
    ];
    for (const uri of tricks) {
      const res = await read(uri);
      expect(res.error?.code, uri).to.equal(-32602);
      expect(res.result, uri).to.equal(null);
    }
    expect(reads).to.deep.equal(['ui://server/app']);
    // The allowlist is read live: widening it lets the next read through.
    el.allowedResources = ['ui://server/'];
    expect((await read('ui://server/secret')).result).to.have.property('contents');
    expect(reads).to.deep.equal(['ui://server/app', 'ui://server/secret']);
  });

  it('answers malformed params with -32602 and a one-line reason', async () => {
    const { host, reads, rec } = await withServer();
    for (const params of [{}, { uri: 5 }, { uri: '' }, { uri: ['ui://server/app'] }, { uri: 'ui://server/' + 'a'.repeat(3000) }]) {
      const res = await ask<Answer>(host, { op: 'request', method: 'resources/read', params });
      expect(res.error?.code, JSON.stringify(params).slice(0, 60)).to.equal(-32602);
    }
    const list = await ask<Answer>(host, { op: 'request', method: 'resources/list', params: { cursor: 5 } });
    expect(list.error).to.deep.equal({ code: -32602, message: 'resources/list cursor must be a short string' });
    expect(reads).to.deep.equal([]);
    expect(rec.rejected.every((r) => r.code === -32602)).to.equal(true);
    expect(rec.rejected).to.have.length(6);
  });

  it('guards the answers: oversized, foreign-URI or malformed contents are refused', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024 + 10);
    const { read } = await withServer({}, {
      'ui://server/huge': huge,
      'ui://server/liar': () => ({ contents: [{ uri: 'config://secret', text: 'smuggled' }] }),
      'ui://server/empty': () => ({ contents: [{ uri: 'ui://server/empty' }] }),
    });
    const big = await read('ui://server/huge');
    expect(big.error?.code).to.equal(-32603);
    expect(big.error?.message).to.match(/^Resource "ui:\/\/server\/huge" answer rejected: payload/);
    expect((await read('ui://server/liar')).error).to.deep.equal({ code: -32603, message: 'Resource "ui://server/liar" answer rejected: malformed contents' });
    expect((await read('ui://server/empty')).error?.code).to.equal(-32603);
    expect((await read('ui://server/missing')).error?.code).to.equal(-32603);
  });

  it('lists only the resources the app may read', async () => {
    const { host } = await withServer({ allowedResources: ['ui://server/app', 'config://secret'] });
    const res = await ask<Answer>(host, { op: 'request', method: 'resources/list', params: {} });
    expect(res.error).to.equal(null);
    const uris = (res.result!.resources as { uri: string }[]).map((r) => r.uri).sort();
    expect(uris).to.deep.equal(['config://secret', 'ui://server/app']);
  });

  it('rate-limits repeated reads (the resources bucket) and reports the flood once', async () => {
    const { host, reads, rec } = await withServer();
    const out = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'resources/read', params: { uri: 'ui://server/app' }, n: 40 }, 8000);
    expect(out.codes['-32000']).to.be.greaterThan(10);
    expect(out.codes.ok).to.be.within(20, 30);
    expect(reads.length).to.equal(out.codes.ok);
    await until(() => rec.rejected.some((r) => r.method === 'resources/read' && r.reason === 'rate limit exceeded'), 'no flood report');
    const reports = rec.rejected.filter((r) => r.method === 'resources/read');
    expect(reports.reduce((n, r) => n + (r.count ?? 1), 0)).to.equal(out.codes['-32000']);
  });

  it('answers nothing after teardown: requests sent then never reach the server', async () => {
    const { el, host, reads, rec } = await withServer();
    const requests = [
      { method: 'resources/read', params: { uri: 'ui://server/app' } },
      { method: 'resources/list', params: {} },
    ];
    await ask(host, { op: 'after-teardown', requests });
    expect(await el.teardown()).to.equal(true);
    await pause(300);
    expect(reads).to.deep.equal([]);
    expect(rec.rejected).to.deep.equal([]);
    expect(el.status).to.equal('closed');
  });
});
