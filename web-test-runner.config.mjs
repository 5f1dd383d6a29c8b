import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { summaryReporter } from './scripts/wtr-summary-reporter.mjs';
import { lazyModules, lazyModulesCommand } from './scripts/wtr-lazy-modules.mjs';
import { CHROMIUM, CHROMIUM_RUNNER_FLAGS } from './build/chromium.mjs';
import { mcpWidgetServers } from './test/servers/mcp-widgets.mjs';

const SPEC = process.env.A2UI_SPEC_DIR ? resolve(process.env.A2UI_SPEC_DIR) : resolve(dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'spec');
// Browser tests that read the protocol's data skip without it; a CI run must not pass that way.
if (process.env.CI === 'true' && !existsSync(SPEC)) {
  throw new Error(`web-test-runner: no protocol data at ${SPEC} (../shared/spec, or A2UI_SPEC_DIR); CI=true requires it`);
}

async function specData(ctx, next) {
  if (!ctx.path.startsWith('/__spec/')) return next();
  const file = resolve(SPEC, '.' + decodeURIComponent(ctx.path.slice('/__spec'.length)));
  if (!file.startsWith(SPEC + sep)) return next();
  try {
    ctx.body = await readFile(file);
    ctx.type = extname(file);
  } catch {
    ctx.status = 404;
  }
}

/**
 * The host apps' agent (test/hosts/): `GET /test/hosts/agent` streams contact.jsonl; `POST` takes a
 * request body (`{ messages, metadata }`), remembers it for `GET /test/hosts/agent/last`, and
 * answers an action with a JSONL `updateDataModel` that thanks the sender by name.
 */
let lastAgentRequest = null;
async function hostAgent(ctx, next) {
  if (!ctx.path.startsWith('/test/hosts/agent')) return next();
  if (ctx.path === '/test/hosts/agent/last') {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(lastAgentRequest);
    return;
  }
  if (ctx.method === 'GET') {
    ctx.type = 'application/jsonl';
    ctx.body = await readFile(resolve(dirname(fileURLToPath(import.meta.url)), 'test/hosts/contact.jsonl'));
    return;
  }
  let text = '';
  for await (const chunk of ctx.req) text += chunk;
  lastAgentRequest = JSON.parse(text);
  const action = lastAgentRequest.messages?.find((m) => m.action)?.action;
  ctx.type = 'application/jsonl';
  ctx.body = action ? JSON.stringify({ version: '1.0', updateDataModel: { surfaceId: action.surfaceId, path: '/reply', value: `Thanks, ${action.context?.name}!` } }) + '\n' : '';
}

// jmespath ships CommonJS only: serve it to the browser as an ES module.
const cjsAsEsm = {
  name: 'cjs-as-esm',
  async transform(context) {
    if (!/\/node_modules\/jmespath\/jmespath\.js$/.test(context.path)) return undefined;
    const out = await transform(context.body, { format: 'esm', loader: 'js', target: 'chrome130' });
    return { body: out.code };
  },
};

// Server commands over the DevTools protocol, for what the stock commands do not do:
// - `emulate-forced-colors` {active}: `emulateMedia` of @web/test-runner-commands passes
//   `forcedColors` to Playwright only, and Puppeteer's emulateMediaFeatures does not know the
//   feature (elements-forced-colors.test.ts);
// - `collect-garbage`: a full GC, so a test can show that something was (not) collected
//   (reactive-leak.test.ts);
// - `app-frames-text`: the visible text of every MCP App frame (srcdoc frames inside a proxy
//   page), which the test page cannot read across origins (mcp-app-widgets.test.ts);
// - `watch-errors` {start}: uncaught errors and console errors/warnings in the page and all its
//   frames (proxy and app included), from `start: true` until the next call, which returns them;
// - `watch-downloads`: saves this page's downloads into a fresh temporary folder, and `downloads`
//   lists them ({url, suggestedFilename, state, text}) so a test sees what really reached the disk
//   (mcp-app-downloads.test.ts).
// - `ax-paragraphs`: the text of every paragraph in the page's accessibility tree, as Chromium
//   gives it to assistive technology (`Accessibility.getFullAXTree`), in tree order
//   (text-paragraph.test.ts: a Text is a paragraph to a user, whatever the boxes).
// - `ax-tree`: every node of the page's accessibility tree that assistive technology is given
//   (ignored nodes left out), in tree order: `{role, name, description, text, depth, props}`, where
//   `text` joins its static text descendants and `props` holds the node's properties (`focused`,
//   `live`, `hidden`, `haspopup`, `level`, …) by name (a11y-*.test.ts).
// A protocol override lasts as long as its session, so one session per page is kept.
const sessions = new WeakMap();
const downloadLists = new WeakMap();
const devtools = {
  name: 'devtools-commands',
  async executeCommand({ command, payload, session }) {
    if (!['emulate-forced-colors', 'collect-garbage', 'watch-downloads', 'downloads', 'app-frames-text', 'watch-errors', 'ax-paragraphs', 'ax-tree'].includes(command)) return undefined;
    const page = session.browser.getPage(session.id);
    if (command === 'app-frames-text') {
      const frames = page.frames().filter((f) => f.url() === 'about:srcdoc' && /\/proxy[\w-]*\.html\?/.test(f.parentFrame()?.url() ?? ''));
      return Promise.all(frames.map((f) => f.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
    }
    if (command === 'watch-errors') return watchErrors(page, payload?.start === true);
    let cdp = sessions.get(page);
    if (!cdp) sessions.set(page, (cdp = await page.createCDPSession()));
    if (command === 'watch-downloads') {
      const state = { dir: await mkdtemp(join(tmpdir(), 'wtr-downloads-')), list: [] };
      if (!downloadLists.has(cdp)) {
        cdp.on('Browser.downloadWillBegin', (e) => downloadLists.get(cdp).list.push({ guid: e.guid, url: e.url, suggestedFilename: e.suggestedFilename, state: 'begun' }));
        cdp.on('Browser.downloadProgress', (e) => {
          const d = downloadLists.get(cdp).list.find((x) => x.guid === e.guid);
          if (d) d.state = e.state;
        });
      }
      downloadLists.set(cdp, state);
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: state.dir, eventsEnabled: true });
      return true;
    }
    if (command === 'downloads') {
      const state = downloadLists.get(cdp) ?? { list: [] };
      return Promise.all(
        state.list.map(async ({ guid, ...d }) => ({ ...d, text: d.state === 'completed' ? await readFile(join(state.dir, guid), 'utf8') : null })),
      );
    }
    if (command === 'ax-paragraphs') return axParagraphs(cdp);
    if (command === 'ax-tree') return axTree(cdp);
    if (command === 'collect-garbage') await cdp.send('HeapProfiler.collectGarbage');
    else await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }] });
    return true;
  },
};

/** The text of each `paragraph` node of the accessibility tree: its static text descendants' names, joined. */
async function axParagraphs(cdp) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const text = (n) => (n.role?.value === 'StaticText' ? (n.name?.value ?? '') : (n.childIds ?? []).map((id) => byId.get(id)).filter(Boolean).map(text).join(''));
  return nodes.filter((n) => !n.ignored && n.role?.value === 'paragraph').map(text);
}

/** The accessibility tree as assistive technology gets it: the nodes not ignored, in tree order (see `ax-tree`). */
async function axTree(cdp) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const kids = (n) => (n.childIds ?? []).map((id) => byId.get(id)).filter(Boolean);
  const text = (n) => (n.role?.value === 'StaticText' ? (n.name?.value ?? '') : kids(n).map(text).join(''));
  const out = [];
  const walk = (n, depth) => {
    if (!n.ignored) {
      const props = Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value?.value]));
      out.push({ role: n.role?.value ?? '', name: n.name?.value ?? '', description: n.description?.value ?? '', text: text(n), depth, props });
    }
    for (const k of kids(n)) walk(k, n.ignored ? depth : depth + 1);
  };
  const root = nodes.find((n) => !n.parentId) ?? nodes[0];
  if (root) walk(root, 0);
  return out;
}

const watched = new WeakMap();
function watchErrors(page, start) {
  const previous = watched.get(page);
  if (previous) {
    page.off('console', previous.onConsole);
    page.off('pageerror', previous.onError);
    watched.delete(page);
  }
  if (!start) return previous?.errors ?? [];
  const errors = [];
  const where = (url = '') => (url.startsWith('about:srcdoc') ? 'app' : url.includes('/sandbox/') || /\/proxy[\w-]*\.html/.test(url) ? 'proxy' : 'page');
  const onConsole = (m) => ['error', 'warn', 'warning'].includes(m.type()) && errors.push(`${where(m.location()?.url)} ${m.type()}: ${m.text()}`);
  const onError = (e) => errors.push(`uncaught: ${e.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  watched.set(page, { errors, onConsole, onError });
  return true;
}

export default {
  files: ['test/browser/**/*.test.ts'],
  // `browser` first: the MCP client's dependencies resolve to their browser builds.
  nodeResolve: { exportConditions: ['browser', 'production'] },
  // Tests fetch the protocol's own data from ../shared/spec under /__spec/ (never copied here);
  // the host apps talk to their agent under /test/hosts/agent; lazily loaded modules can be held
  // back or failed by a test (scripts/wtr-lazy-modules.mjs); the published MCP App example
  // servers answer under /__mcp/<name> (test/servers/mcp-widgets.mjs).
  middleware: [specData, hostAgent, lazyModules, mcpWidgetServers],
  plugins: [
    // chrome130 lowers decorators but keeps import attributes; tsconfig makes esbuild honour
    // legacy decorators (see ../shared/notes/toolchain.md §4).
    esbuildPlugin({ ts: true, target: 'chrome130', tsconfig: './tsconfig.json' }),
    cjsAsEsm,
    devtools,
    lazyModulesCommand,
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          ...CHROMIUM_RUNNER_FLAGS,
          // element.computedRole / computedName: test/browser/queries.ts finds things by role and name.
          '--enable-blink-features=ComputedAccessibilityInfo',
        ],
      },
    }),
  ],
  // One page at a time: the published MCP App widget is driven by real mouse clicks, which need the
  // page in front; two pages side by side made those tests flaky under load.
  concurrency: 1,
  reporters: [defaultReporter(), summaryReporter()],
  testFramework: { config: { timeout: 10000 } },
};
