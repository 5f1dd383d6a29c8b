// The demo pages as the demo check and the demo screenshots open them: the demo's own Vite dev
// server on a free port (demo/vite.config.mjs; pages on localhost, the MCP App sandbox proxy on
// 127.0.0.1), each page in a colour scheme, ready once it sets `data-ready`.
import { join, resolve } from 'node:path';
import { createServer } from 'vite';

const ROOT = resolve(new URL('..', import.meta.url).pathname);

/** Every demo page, by file name. */
export const DEMO_PAGES = Object.freeze(['index', 'gallery', 'playground', 'chat', 'agent', 'mcp-app']);

/** Starts the demo's dev server; `{ port, close }`. */
export async function startDemoServer(logLevel = 'error') {
  const server = await createServer({ configFile: join(ROOT, 'demo/vite.config.mjs'), server: { port: 0, strictPort: false }, logLevel });
  await server.listen();
  return { port: server.httpServer.address().port, close: () => server.close() };
}

/**
 * Opens demo page `name` in `theme` and waits for its `data-ready` flag. `issues` collects page
 * errors and console errors (but the sandboxed app frames' CSP refusals: those are the sandbox
 * working), and `never became ready` when it did not within 30 s; `watch(page, issues)` runs
 * before the page loads, to listen for more.
 */
export async function openDemoPage(browser, port, name, theme = 'light', watch = () => {}) {
  const page = await browser.newPage();
  const issues = [];
  page.on('pageerror', (e) => issues.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/Content Security Policy/.test(m.text()) && issues.push(`console: ${m.text()}`));
  watch(page, issues);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await page.goto(`http://localhost:${port}/demo/${name}.html?theme=${theme}`, { waitUntil: 'load' });
  try {
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', { timeout: 30_000 });
  } catch {
    issues.push('never became ready (data-ready)');
  }
  return { page, issues };
}
