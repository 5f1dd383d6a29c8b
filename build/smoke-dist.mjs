// Smoke test of the built script-tag file, untransformed: a plain static server (no dev-server
// transforms, unlike web-test-runner) and Debian's Chromium through puppeteer-core.
//
//   1. a page with only `<script type="module" src="/dist/a2ui-elements.js">` fetches none of the
//      files loaded on demand and defines every element the custom elements manifest lists but
//      `<a2ui-inspector>` (and nothing a2ui-* it does not list), those defined on first use once
//      `preloadComponents()` and `loadSandbox()` have fetched their files;
//   2. a JSONL stream fed with the bundle's own `feedStream` renders a surface, its markdown once
//      the lazily loaded a2ui-marked-<hash>.js has arrived; typing into its TextField (real key presses)
//      and clicking its Button (a real click) sends an `action` with the typed value and the
//      `a2ui-rendererDataModel` metadata;
//   3. loading the file a second time, even from another URL, throws nothing and breaks nothing;
//   4. the MCP catalog's `jmespath` answers through the lazily loaded a2ui-jmespath-<hash>.js, and a regex
//      check, formatDate, formatCurrency, formatString, a refused component's error and the text parser through the
//      files split from the script-tag file;
//   5. an McpApp starts from dist/ alone, with no configureSandbox (proxy.html next to the
//      script-tag file, on the page's origin) and with the proxy on a second origin (page on
//      127.0.0.1, proxy on localhost): the lazily loaded bridge chunk and dist/proxy.html complete
//      the MCP Apps handshake with the published basic widget; one whose proxy never answers shows
//      that on the surface and sends the agent a TIMEOUT `error`; every file fetched from dist/ is
//      a2ui-elements.js, a file of the table of pieces (build/pieces.mjs) or a stable name the README lists;
//   6. dist/a2ui-inspector.js, loaded next to it, defines `<a2ui-inspector>` (and exports record
//      and replay, which work on a store of the script-tag file), which logs and shows
//      a store made by a2ui-elements.js.
//
// Prints `dist smoke: N passed, N failed`; exits 1 on any failure.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { ON_FIRST_USE, OWN_BUILD } from './pieces.mjs';
import { extname, join, resolve, sep } from 'node:path';
import { checkRunner, deep as deepIn, expect, launchChromium } from './chromium.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.jsonl': 'application/jsonl' };

/** dist/a2ui-<name>-<hash>.js: a file fetched on first use (build/pieces.mjs), by its name. */
const DIST_FILES = readdirSync(join(ROOT, 'dist'));
const fileOf = (name) => {
  const file = DIST_FILES.find((f) => f.startsWith(`a2ui-${name}-`) && /^[\w-]{8}\.js$/.test(f.slice(`a2ui-${name}-`.length)));
  if (!file) throw new Error(`dist/ has no a2ui-${name}-<hash>.js`);
  return file;
};
/** Fetched on first use: split from the script-tag file, or built on their own. */
const LAZY_NAMES = [...Object.values(ON_FIRST_USE), ...Object.values(OWN_BUILD).map((o) => o.name)];
const SPLIT_FILES = LAZY_NAMES.map(fileOf);
/** The files a page serves next to the script-tag file (README, "In a page, with one script tag"). */
const SERVED = ['a2ui-elements.js', ...SPLIT_FILES, 'proxy.html', 'a2ui-inspector.js'];
/** Was dist/<file of name> fetched? */
const fetched = (name) => served.includes(`/dist/${fileOf(name)}`);

const PAGE = `<!doctype html><meta charset="utf-8"><title>dist smoke</title>
<script type="module" src="/dist/a2ui-elements.js"></script>
<a2ui-surface id="s" surface-id="smoke"></a2ui-surface>
<div id="apps"></div>`;

/** Paths served so far, in order: which files the page fetched. */
const served = [];
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  served.push(url.pathname);
  if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
  const file = resolve(ROOT, '.' + decodeURIComponent(url.pathname));
  const allowed = [join(ROOT, 'dist') + sep, join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist') + sep];
  if (!allowed.some((dir) => file.startsWith(dir))) return void res.writeHead(404).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const port = server.address().port;

const browser = await launchChromium();
const { check, done } = checkRunner('dist smoke');
const errors = [];

try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(String(e?.message ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => customElements.get('a2ui-surface'), { timeout: 10_000 });
  const LAZY_FILES = SPLIT_FILES.map((f) => `/dist/${f}`);
  await check('loading the script-tag file fetches none of the files it loads on demand', async () => {
    const early = served.filter((p) => LAZY_FILES.includes(p));
    expect(early.length === 0, `fetched up front: ${early.join(', ')}`);
  });

  const manifest = JSON.parse(await readFile(join(ROOT, 'dist/custom-elements.json'), 'utf8'));
  const listed = manifest.modules.flatMap((m) => (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name));
  /** Defined by dist/a2ui-inspector.js, not by the script-tag file (the timeline is part of the inspector). */
  const INSPECTOR = 'a2ui-inspector';
  const INSPECTOR_TAGS = [INSPECTOR, 'a2ui-inspector-timeline'];

  /** Defined on first use (elements/components/on-demand.ts, sandbox/on-demand.ts). */
  const ON_DEMAND_TAGS = ['a2ui-video', 'a2ui-audio-player', 'a2ui-tabs', 'a2ui-modal', 'a2ui-mcp-app', 'a2ui-mcp-app-component'];

  await check('every element of custom-elements.json but the inspector ones is defined (those defined on first use once loaded), and no other a2ui-* tag', async () => {
    const undefinedTags = () => page.evaluate((tags) => tags.filter((t) => !customElements.get(t)), listed.filter((t) => !INSPECTOR_TAGS.includes(t)));
    const later = await undefinedTags();
    expect(JSON.stringify(later.sort()) === JSON.stringify([...ON_DEMAND_TAGS].sort()), `not defined on load: ${later.join(', ')}`);
    const fetched = served.filter((p) => LAZY_FILES.includes(p));
    expect(fetched.length === 0, `fetched up front: ${fetched.join(', ')}`);
    await page.evaluate(async () => {
      const api = await import('/dist/a2ui-elements.js');
      await Promise.all([api.preloadComponents(), api.loadSandbox()]);
    });
    const missing = await undefinedTags();
    expect(missing.length === 0, `not defined: ${missing.join(', ')}`);
    const early = await page.evaluate((tags) => tags.filter((t) => !!customElements.get(t)), INSPECTOR_TAGS);
    expect(early.length === 0, `${early.join(', ')} defined by the script-tag file`);
    const probe = ['a2ui-surface', INSPECTOR, 'a2ui-mcp-app', 'a2ui-mcp-app-component'];
    const unlisted = probe.filter((t) => !listed.includes(t));
    expect(unlisted.length === 0, `defined but not in the manifest: ${unlisted.join(', ')}`);
  });


  await check('a streamed surface renders; typing and clicking send the action with its metadata', async () => {
    await page.evaluate(async () => {
      const { A2uiStore, browserHost, feedStream } = await import('/dist/a2ui-elements.js');
      const B = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
      const lines = [
        { version: '1.0', createSurface: { surfaceId: 'smoke', catalogId: B, sendDataModel: true } },
        { version: '1.0', updateComponents: { surfaceId: 'smoke', components: [
          { id: 'root', component: 'Column', children: ['title', 'icon', 'name', 'go'] },
          { id: 'title', component: 'Text', text: 'Smoke **test** ~~draft~~' }, // strikethrough: beyond the subset, so marked
          { id: 'icon', component: 'Icon', name: 'star' },
          { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' } },
          { id: 'go_label', component: 'Text', text: 'Go' },
          { id: 'go', component: 'Button', child: 'go_label', action: { event: { name: 'go', context: { name: { '@path': '/name' } } } } },
        ] } },
      ].map((m) => JSON.stringify(m) + '\n').join('');
      // Bytes in 7-byte chunks: the stream decoder and line buffer of the bundle at work.
      const bytes = new TextEncoder().encode(lines);
      let i = 0;
      const stream = new ReadableStream({ pull: (c) => (i < bytes.length ? c.enqueue(bytes.slice(i, (i += 7))) : c.close()) });
      const store = new A2uiStore({ host: browserHost });
      const el = document.getElementById('s');
      el.store = store;
      window.smokeActions = [];
      el.addEventListener('a2ui-action', (e) => window.smokeActions.push(e.detail));
      window.smokeFeed = await feedStream(store, stream);
    });
    const deep = (host, inner) => deepIn(page, host, inner);
    const strong = await deep('a2ui-text', 'strong');
    expect((await strong.evaluate((n) => n.textContent)) === 'test', 'markdown did not render');
    expect(fetched('marked'), 'markdown rendered without fetching a2ui-marked-<hash>.js');
    const path = await deep('a2ui-icon', 'path');
    expect(/^M/.test(await path.evaluate((n) => n.getAttribute('d'))), 'the icon drew no glyph');
    expect(fetched('icons'), 'the icon drew without fetching a2ui-icons-<hash>.js');
    const input = await deep('a2ui-text-field', 'input');
    await input.type('Ada Lovelace');
    const button = await deep('a2ui-button', 'button');
    await button.click();
    await page.waitForFunction(() => window.smokeActions.length > 0, { timeout: 5_000 });
    const [detail] = await page.evaluate(() => window.smokeActions);
    expect(detail.action.name === 'go', `action name ${detail.action.name}`);
    expect(detail.action.context.name === 'Ada Lovelace', `context ${JSON.stringify(detail.action.context)}`);
    expect(detail.metadata.a2uiRendererDataModel?.surfaces?.smoke?.name === 'Ada Lovelace', `metadata ${JSON.stringify(detail.metadata)}`);
    const feed = await page.evaluate(() => window.smokeFeed);
    expect(feed.ok && feed.messages === 2, `feed ${JSON.stringify(feed)}`);
  });

  await check('loading the file again (same URL, then another URL) throws nothing and keeps working', async () => {
    const before = errors.length;
    const outcome = await page.evaluate(async () => {
      const out = [];
      for (const url of ['/dist/a2ui-elements.js', '/dist/a2ui-elements.js?copy=2']) {
        try {
          await import(url);
          out.push('ok');
        } catch (e) {
          out.push(String(e));
        }
      }
      return out;
    });
    expect(outcome.every((o) => o === 'ok'), `second load: ${outcome.join(' | ')}`);
    expect(errors.length === before, `errors: ${errors.slice(before).join(' | ')}`);
    // The first copy's surface still reacts: a data change re-renders its TextField.
    const value = await page.evaluate(async () => {
      const deepFind = (root, tag) => {
        for (const n of root.querySelectorAll('*')) {
          if (n.localName === tag) return n;
          const hit = n.shadowRoot && deepFind(n.shadowRoot, tag);
          if (hit) return hit;
        }
        return null;
      };
      const surface = document.getElementById('s');
      surface.store.surface('smoke').dataModel.set('/name', 'Grace');
      await new Promise((r) => setTimeout(r, 100));
      return deepFind(surface.shadowRoot, 'a2ui-text-field')?.querySelector('input')?.value;
    });
    expect(value === 'Grace', `the first copy stopped updating: TextField shows ${value}`);
  });

  await check('jmespath answers through the lazily loaded a2ui-jmespath-<hash>.js', async () => {
    expect(!fetched('jmespath'), 'a2ui-jmespath-<hash>.js was fetched before any call');
    const answers = await page.evaluate(async () => {
      const { A2uiStore, configureMcpCatalog, MCP_CATALOG_ID } = await import('/dist/a2ui-elements.js');
      const store = new A2uiStore();
      configureMcpCatalog(store, {});
      const call = (expression, data) => store.execute({ '@call': 'jmespath', catalogId: MCP_CATALOG_ID, args: { expression, data } });
      const out = [await call('a.b[1]', { a: { b: [1, 2] } }), await call('missing', {})];
      try {
        await call('a[?', {});
        out.push('no error');
      } catch (e) {
        out.push(e.code);
      }
      return out;
    });
    expect(JSON.stringify(answers) === '[2,null,"EXPRESSION_ERROR"]', `answers ${JSON.stringify(answers)}`);
    expect(fetched('jmespath'), 'a2ui-jmespath-<hash>.js was not fetched');
  });

  await check('a regex check, email, formatDate, formatCurrency, formatString, a refused component, a draft v1.0 message, a callRendererFunction, sendToAgent and the text parser answer through their split files', async () => {
    // (the validators and formatters are in the first load)
    const names = ['function-calls', 'regex', 'schema-issues', 'draft'];
    const fetchedBefore = names.filter(fetched);
    expect(fetchedBefore.length === 0, `fetched before first use: ${fetchedBefore.join(', ')}`);
    const out = await page.evaluate(async () => {
      const { A2uiStore, A2uiTextParser, sendToAgent, requestBody } = await import('/dist/a2ui-elements.js');
      const B = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
      const store = new A2uiStore({ locale: 'en-US' });
      const regex = await store.execute({ '@call': 'regex', args: { value: 'ab12', pattern: '^[a-z]+\\d+$' }, catalogId: B });
      const email = await store.execute({ '@call': 'email', args: { value: 'ada@example.com' }, catalogId: B });
      // The agent here answers with nothing.
      let body;
      const agent = async (_url, init) => ((body = JSON.parse(init.body)), new Response('', { headers: { 'content-type': 'application/jsonl' } }));
      const sent = await sendToAgent(store, '/agent', [], { fetch: agent });
      const caps = body?.metadata.a2uiRendererCapabilities['1.0'].supportedCatalogIds[0];
      const sync = typeof requestBody;
      const date = await store.execute({ '@call': 'formatDate', args: { value: '2024-03-05T10:00:00Z', format: 'yyyy/MM/dd' }, catalogId: B });
      const price = await store.execute({ '@call': 'formatCurrency', args: { value: 1234.5, currency: 'EUR' }, catalogId: B });
      const greeting = await store.execute({ '@call': 'formatString', args: { value: "Hi ${'there'}" }, catalogId: B });
      const refusals = [];
      store.onMessage((m) => m.error && refusals.push(m.error.path));
      store.process({ version: '1.0', createSurface: { surfaceId: 'refused', catalogId: B, components: [{ id: 'root', component: 'Text', text: 1 }] } });
      const wait = Date.now() + 10_000;
      while (!refusals.length && Date.now() < wait) await new Promise((r) => setTimeout(r, 20));
      store.process({ version: 'v1.0', createSurface: { surfaceId: 'draft', catalogId: 'basic' } });
      while (!store.surface('draft') && Date.now() < wait) await new Promise((r) => setTimeout(r, 20));
      const draft = store.surface('draft')?.version;
      const answers = [];
      store.onMessage((m) => m.rendererFunctionResponse && answers.push(m.rendererFunctionResponse));
      // The basic functions are rendererOnly: the agent's call is refused, through the lazily loaded handler.
      store.process({ version: '1.0', callRendererFunction: { functionCallId: 'c', callFunction: { '@call': 'required', args: { value: 'x' }, catalogId: B } } });
      while (!answers.length && Date.now() < wait) await new Promise((r) => setTimeout(r, 20));
      const prose = [];
      const parser = new A2uiTextParser(store, { onText: (t) => prose.push(t) });
      parser.push(`Hi <a2ui-json>{"version":"1.0","createSurface":{"surfaceId":"from-text","catalogId":"${B}"}}</a2ui-json> bye`);
      parser.end();
      const deadline = Date.now() + 10_000;
      while (!store.surface('from-text') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return { regex: regex.valid, email: email.valid, sent: sent.ok, caps, sync, date, price, greeting, refusals, draft, answered: answers[0]?.error?.code, prose: prose.join(''), surface: !!store.surface('from-text') };
    });
    expect(JSON.stringify(out) === JSON.stringify({ regex: true, email: true, sent: true, caps: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json', sync: 'function', date: '2024/03/05', price: '€1,234.50', greeting: 'Hi there', refusals: ['/components/0/text'], draft: '1.0-draft', answered: 'INVALID_FUNCTION_CALL', prose: 'Hi  bye', surface: true }), `answers ${JSON.stringify(out)}`);
    const missing = names.filter((f) => !fetched(f));
    expect(missing.length === 0, `not fetched: ${missing.join(', ')}`);
  });

  const html = await readFile(join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html'), 'utf8');
  /**
   * Streams a surface `id` holding the published basic widget as an McpApp; `setup` runs first
   * in the page (as `setup(api, port)`, a function's source). Resolves once the app is `ready` or
   * in `error`, with what a user and the agent were told.
   */
  const startApp = (id, setup = '() => {}') =>
    page.evaluate(
      async (html, port, id, setup) => {
        const api = await import('/dist/a2ui-elements.js');
        const { A2uiStore, configureMcpCatalog, MCP_CATALOG_ID } = api;
        const store = new A2uiStore();
        const errors = [];
        store.onError((e) => errors.push(e.code));
        configureMcpCatalog(store, (0, eval)(`(${setup})`)(api, port) ?? {});
        const el = document.createElement('a2ui-surface');
        el.surfaceId = id;
        el.store = store;
        document.getElementById('apps').append(el);
        store.process([
          { version: '1.0', createSurface: { surfaceId: id, catalogId: MCP_CATALOG_ID, dataModel: { html } } },
          { version: '1.0', updateComponents: { surfaceId: id, components: [
            { id: 'root', component: 'McpApp', htmlContent: { '@path': '/html' }, title: 'Clock', allowedTools: ['get-time'] },
          ] } },
        ]);
        const app = () => el.shadowRoot?.querySelector('a2ui-mcp-app-component > a2ui-mcp-app');
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && !['ready', 'error'].includes(app()?.status)) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
        const a = app();
        const alert = a?.shadowRoot?.querySelector('[role="alert"]')?.textContent ?? null;
        return { status: a?.status, reason: a?.statusReason, warning: a?.securityWarning, frame: a?.shadowRoot?.querySelector('iframe')?.src, alert, errors };
      },
      html,
      port,
      id,
      String(setup),
    );

  await check('with no configureSandbox, an McpApp starts from the proxy.html next to the script-tag file (page origin)', async () => {
    const app = await startApp('default-proxy');
    expect(app.status === 'ready', `McpApp status ${app.status} (${app.reason}), frame ${app.frame}`);
    expect(app.frame.startsWith(`http://127.0.0.1:${port}/dist/proxy.html`), `proxy ${app.frame}`);
    expect(app.warning === 'proxy-same-origin', `security warning ${app.warning}`);
    expect(app.errors.length === 0, `errors to the agent: ${app.errors.join(', ')}`);
  });

  await check('an McpApp whose proxy URL answers with something else (a 404) fails at once, names the URL and tells the agent', async () => {
    const before = errors.length;
    const started = Date.now();
    const app = await startApp('no-proxy', () => ({ sandboxBaseUrl: '/nowhere/' }));
    // The browser's own line for the missing /nowhere/proxy.html; nothing else may be logged.
    const logged = errors.splice(before);
    expect(logged.every((e) => /404/.test(e)), `logged: ${logged.join(' | ')}`);
    expect(app.status === 'error', `McpApp status ${app.status}`);
    expect(/Clock is unavailable: the sandbox proxy URL \S*\/nowhere\/proxy\.html\S* loaded a page that is not the A2UI proxy/.test(app.alert ?? ''), `shown: ${app.alert}`);
    expect(Date.now() - started < 10_000, `took ${Date.now() - started} ms (the start timeout is 15 s)`);
    expect(app.frame === undefined, `a frame is still shown: ${app.frame}`);
    expect(JSON.stringify(app.errors) === '["EXECUTION_ERROR"]', `errors to the agent: ${app.errors.join(', ')}`);
  });

  await check('an McpApp starts from dist/ alone: lazy bridge chunk + proxy.html on a second origin', async () => {
    const app = await startApp('second-origin', (api, port) => void api.configureSandbox({ baseUrl: `http://localhost:${port}/dist/` }));
    expect(app.status === 'ready', `McpApp status ${app.status} (${app.reason}), frame ${app.frame}`);
    expect(app.warning === null, `security warning ${app.warning}`);
    expect(app.frame.startsWith(`http://localhost:${port}/dist/proxy.html`), `proxy ${app.frame}`);
  });

  await check('dist/a2ui-inspector.js defines <a2ui-inspector>, which shows a store of the script-tag file', async () => {
    const shown = await page.evaluate(async () => {
      const { A2uiStore } = await import('/dist/a2ui-elements.js');
      await import('/dist/a2ui-inspector.js');
      const B = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
      const store = new A2uiStore();
      const el = document.createElement('a2ui-inspector');
      el.store = store;
      document.body.append(el);
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      store.process([
        { version: '1.0', createSurface: { surfaceId: 'watched', catalogId: B } },
        { version: '1.0', updateDataModel: { surfaceId: 'watched', path: '/who', value: 'Ada' } },
      ]);
      await frame();
      const tabs = () => [...el.shadowRoot.querySelectorAll('button[role="tab"]')];
      const rows = el.shadowRoot.querySelectorAll('details.entry').length;
      tabs().find((b) => b.textContent.startsWith('Data'))?.click();
      await frame();
      const model = el.shadowRoot.querySelector('section[data-surface="watched"] pre')?.textContent ?? '';
      // A write that sends no message: the data pane follows the data model itself.
      store.surface('watched').dataModel.set('/who', 'Grace');
      await frame();
      const updated = el.shadowRoot.querySelector('section[data-surface="watched"] pre')?.textContent ?? '';
      el.remove();
      const exported = await import('/dist/a2ui-inspector.js');
      // Record and replay of a store of the script-tag file, with the inspector file's functions.
      const recorded = new A2uiStore();
      const rec = exported.recordSession(recorded, { includeUserInput: true });
      recorded.process({ version: '1.0', updateDataModel: { surfaceId: 'nowhere', path: '/x', value: 1 } });
      const log = rec.stop();
      const replay = await exported.replaySession(log, new A2uiStore(), { speed: Infinity });
      const session = { entries: log.entries.length, differences: replay.differences.length, timeline: !!customElements.get('a2ui-inspector-timeline') };
      return { defined: !!customElements.get('a2ui-inspector'), rows, model, updated, tabs: tabs().map((b) => b.textContent.trim()), session };
    });
    expect(shown.defined, '<a2ui-inspector> is not defined');
    expect(shown.rows === 2, `${shown.rows} message rows, expected 2`);
    expect(shown.model.includes('"who": "Ada"'), `data pane: ${shown.model}`);
    expect(shown.updated.includes('"who": "Grace"'), `data pane after a write: ${shown.updated}`);
    expect(shown.tabs.includes('Data model (1)'), `tabs: ${shown.tabs.join(' | ')}`);
    expect(shown.session.entries === 2 && shown.session.differences === 0 && shown.session.timeline, `record and replay from a2ui-inspector.js: ${JSON.stringify(shown.session)}`);
  });

  await check(`every file the page fetched from dist/ is a2ui-elements.js, a file next to it from the table of pieces, or a stable name the README lists`, async () => {
    const fetched = [...new Set(served.filter((p) => p.startsWith('/dist/')).map((p) => p.slice('/dist/'.length)))];
    const unlisted = fetched.filter((f) => !SERVED.includes(f));
    expect(unlisted.length === 0, `fetched but not listed: ${unlisted.join(', ')}`);
    // Every stable file is used by this page; a file of the table only when its first use came.
    const missing = SERVED.filter((f) => !SPLIT_FILES.includes(f) && !fetched.includes(f));
    expect(missing.length === 0, `listed but never fetched: ${missing.join(', ')}`);
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    // The files fetched on first use change names with their content: the README says to serve dist/ whole.
    const undocumented = SERVED.filter((f) => !SPLIT_FILES.includes(f) && !readme.includes(`\`${f}\``));
    expect(undocumented.length === 0, `not in the README: ${undocumented.join(', ')}`);
  });

  await check('no page errors', async () => {
    expect(errors.length === 0, errors.join('\n'));
  });
} finally {
  await browser.close();
  server.close();
}
done();
