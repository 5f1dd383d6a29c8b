import { expect } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { A2uiMcpApp } from '../../sandbox/mcp-app.ts';
import type { McpAppDownloadDetail } from '../../sandbox/host.ts';
import { mountAttack, pause } from '../fixtures/mcp/attack.ts';
import { MemoryHost, until } from '../fixtures/mcp/harness.ts';
import { ask } from '../fixtures/mcp/probe.ts';
import { getByRole, queryAllByRole, queryByRole } from './queries.ts';

type Answer = { error: { code: number; message: string } | null; result: Record<string, unknown> | null; timeout: boolean };
type Download = { url: string; suggestedFilename: string; state: string; text: string | null };

const downloads = () => executeServerCommand<Download[], undefined>('downloads');
const embedded = (uri: string, body: { text?: string; blob?: string }, mimeType = 'text/plain') => ({
  type: 'resource',
  resource: { uri, mimeType, ...body },
});

/** A real MCP server serving two resources to the app's client. */
async function client() {
  const s = new McpServer({ name: 'files-server', version: '1.0.0' });
  const add = (uri: string, text: string) =>
    s.registerResource(uri, uri, { mimeType: 'text/csv' }, async (u) => ({ contents: [{ uri: u.href, mimeType: 'text/csv', text }] }));
  add('ui://server/report.csv', 'a,b\n1,2\n');
  add('ui://server/huge.csv', 'x'.repeat(2 * 1024 * 1024 + 1));
  add('config://secret', 'secret');
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await Promise.all([s.connect(a), c.connect(b)]);
  return c;
}

/** Many requests in a row need a wider download bucket than the default (3, then one per 2 s). */
const MANY = { limits: { rates: { download: { burst: 100, perSecond: 100 } } } };

async function setup(props: Partial<A2uiMcpApp> = {}) {
  await executeServerCommand('watch-downloads');
  const host = Object.assign(new MemoryHost(), { appClient: await client() });
  const app = await mountAttack({ title: 'Reports', ...props }, host);
  const events: McpAppDownloadDetail[] = [];
  app.el.addEventListener('mcp-app-download', (e) => events.push((e as CustomEvent<McpAppDownloadDetail>).detail));
  const request = (params: unknown) => ask<Answer>(host, { op: 'request', method: 'ui/download-file', params }, 8000);
  return { ...app, events, request };
}

const prompt = (el: A2uiMcpApp) => queryByRole(el.shadowRoot!, 'group', { name: 'Download from Reports' });

/** Presses a button of the prompt with the real keyboard (focus, then Enter). */
async function press(el: A2uiMcpApp, name: string | RegExp): Promise<void> {
  await until(() => prompt(el), 'no download prompt');
  getByRole<HTMLButtonElement>(prompt(el)!, 'button', { name }).focus();
  await sendKeys({ press: 'Enter' });
}

/** Issue 20 item 3: `ui/download-file` needs the user's own click on a host-owned prompt. */
describe('a2ui-mcp-app downloads', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  it('saves an embedded file only when the user presses the host\'s "Download <name>" button', async () => {
    const { el, events, request } = await setup();
    const answer = request({ contents: [embedded('ui://server/report.csv', { text: 'a,b\n1,2\n' }, 'text/csv')] });
    await until(() => prompt(el), 'no download prompt');
    expect(events).to.have.length(1);
    expect(events[0]!.files.map(({ name, mimeType, size }) => ({ name, mimeType, size }))).to.deep.equal([{ name: 'report.csv', mimeType: 'text/csv', size: 8 }]);
    expect(events[0]!.files[0]!.blob?.type).to.equal('application/octet-stream');
    await expect(el).to.be.accessible();
    await pause(300);
    expect(await downloads(), 'nothing is saved before the user acts').to.deep.equal([]);
    await press(el, 'Download report.csv (8 B)');
    expect((await answer).result).to.deep.equal({});
    await until(async () => (await downloads())[0]?.state === 'completed', 'the file never reached the disk');
    const [saved] = await downloads();
    expect(saved).to.include({ suggestedFilename: 'report.csv', text: 'a,b\n1,2\n' });
    expect(saved!.url).to.match(/^blob:/);
    await press(el, 'Done');
    expect(prompt(el)).to.equal(null);
    expect(document.activeElement, 'focus stays with the element, not lost to <body>').to.equal(el);
  });

  it('decodes base64 blobs and sanitizes file names', async () => {
    const { el, request } = await setup();
    const answer = request({ contents: [embedded('ui://x/..%2F..%2Fetc/pa\u202Ess<wd>.txt', { blob: btoa('hello') }, 'text/html')] });
    await press(el, /^Download pass_wd_\.txt/);
    expect((await answer).result).to.deep.equal({});
    await until(async () => (await downloads())[0]?.state === 'completed', 'the file never reached the disk');
    expect((await downloads())[0]).to.include({ suggestedFilename: 'pass_wd_.txt', text: 'hello' });
  });

  it('reads a resource link through allowedResources; other links are refused with -32602', async () => {
    const { el, request, rec } = await setup(MANY);
    const link = (uri: string, name = 'file.txt') => ({ contents: [{ type: 'resource_link', uri, name }] });
    const answer = request(link('ui://server/report.csv', 'report.csv'));
    await press(el, /^Download report\.csv/);
    expect((await answer).result).to.deep.equal({});
    await press(el, 'Done');
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/plain,hi',
      'blob:http://localhost/x',
      'file:///etc/passwd',
      'config://secret', // not in allowedResources (default: ui://)
      'ui://server/huge.csv', // over the size limit
      'ui://server/../secret',
      'relative/path',
    ];
    for (const uri of refused) {
      const res = await request(link(uri));
      expect(res.error?.code, uri).to.equal(-32602);
      expect(res.error?.message, uri).to.match(/^Download refused: /);
    }
    expect(prompt(el)).to.equal(null);
    expect(rec.rejected.filter((r) => r.method === 'ui/download-file')).to.have.length(refused.length);
  });

  it('answers malformed requests with -32602 and shows nothing', async () => {
    const { el, request, events } = await setup(MANY);
    const bad = [
      {},
      { contents: 'file' },
      { contents: [] },
      { contents: [null] },
      { contents: [{ type: 'image', data: 'x' }] },
      { contents: [embedded('ui://x/a.txt', {})] },
      { contents: [embedded('ui://x/a.txt', { blob: 'not base64!' })] },
      { contents: Array.from({ length: 11 }, (_, i) => embedded(`ui://x/${i}.txt`, { text: 'x' })) },
    ];
    for (const params of bad) expect((await request(params)).error?.code, JSON.stringify(params).slice(0, 80)).to.equal(-32602);
    expect(events).to.deep.equal([]);
    expect(prompt(el)).to.equal(null);
  });

  it('tells the app it was declined when the user dismisses or the page cancels the event', async () => {
    const { el, request } = await setup();
    const dismissed = request({ contents: [embedded('ui://x/a.txt', { text: 'a' })] });
    await press(el, 'Dismiss');
    expect((await dismissed).result).to.deep.equal({ isError: true });
    el.addEventListener('mcp-app-download', (e) => e.preventDefault(), { once: true });
    expect((await request({ contents: [embedded('ui://x/b.txt', { text: 'b' })] })).result).to.deep.equal({ isError: true });
    expect(prompt(el)).to.equal(null);
    expect(await downloads()).to.deep.equal([]);
  });

  it('keeps one prompt at a time: repeated requests are busy or rate-limited, never a second prompt', async () => {
    const { el, host } = await setup();
    const params = { contents: [embedded('ui://x/a.txt', { text: 'a' })] };
    const out = await ask<{ codes: Record<string, number> }>(host, { op: 'flood', method: 'ui/download-file', params, n: 6 }, 8000);
    // One waits for the user (and times out in the widget); the rest: busy (-32000) or over the download bucket (-32000).
    expect(out.codes).to.deep.equal({ '-32000': 5, timeout: 1 });
    expect(queryAllByRole(el.shadowRoot!, 'group', { name: 'Download from Reports' })).to.have.length(1);
    await press(el, 'Dismiss');
    expect(await downloads()).to.deep.equal([]);
  });

  it('removes an open prompt on teardown, and shows nothing for a download requested after it', async () => {
    const { el, host, events, request } = await setup();
    request({ contents: [embedded('ui://x/first.txt', { text: 'a' })] }).catch(() => {}); // never answered: the app is torn down
    await until(() => prompt(el), 'no download prompt');
    events.length = 0;
    await ask(host, { op: 'after-teardown', requests: [{ method: 'ui/download-file', params: { contents: [embedded('ui://x/a.txt', { text: 'a' })] } }] });
    expect(await el.teardown()).to.equal(true);
    await pause(300);
    expect(events).to.deep.equal([]);
    expect(prompt(el)).to.equal(null);
    expect(await downloads()).to.deep.equal([]);
  });
});
