// Saves a PNG of each demo page (light and dark) into screenshots/demo/, for a person to look at:
//
//   npm run screenshots            # every page
//   npm run screenshots -- agent   # only pages whose name contains "agent"
//
// Starts the demo's Vite dev server on a free port (demo/vite.config.mjs), opens each page in
// Debian's Chromium (puppeteer-core) on http://localhost:<port>, so the MCP App sandbox proxy is
// on the second origin http://127.0.0.1:<port>, waits for the page's `data-ready` flag, and
// exits 1 if any page logged an error, threw, or had its store send an `error` to the agent.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { createServer } from 'vite';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const OUT = join(ROOT, 'screenshots', 'demo');
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const PAGES = ['index', 'gallery', 'playground', 'chat', 'agent', 'mcp-app'];
const THEMES = ['light', 'dark'];
const filter = process.argv.slice(2);
const pages = PAGES.filter((p) => !filter.length || filter.some((f) => p.includes(f)));

const server = await createServer({ configFile: join(ROOT, 'demo/vite.config.mjs'), server: { port: 0, strictPort: false }, logLevel: 'warn' });
await server.listen();
const port = server.httpServer.address().port;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--hide-scrollbars', '--mute-audio'],
  defaultViewport: { width: 1400, height: 900, deviceScaleFactor: 1 },
});
await mkdir(OUT, { recursive: true });
const problems = [];
const saved = [];
try {
  for (const name of pages) {
    for (const theme of THEMES) {
      const page = await browser.newPage();
      const issues = [];
      page.on('pageerror', (e) => issues.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        // Chromium reports the sandboxed app frames' CSP refusals as console errors; they are the sandbox working.
        if (m.type() === 'error' && !/Content Security Policy/.test(m.text())) issues.push(`console: ${m.text()}`);
      });
      // A media element aborts its own range requests once it has what it needs: not a failure.
      page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && issues.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await page.goto(`http://localhost:${port}/demo/${name}.html?theme=${theme}`, { waitUntil: 'load' });
      try {
        await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', { timeout: 30_000 });
      } catch {
        issues.push('never became ready (data-ready)');
      }
      // marked and the icon paths load on demand (texts show as plain text, icons empty until then):
      // have them before the capture.
      await page.evaluate(() => import('/elements/index.ts').then((m) => Promise.all([m.preloadMarkdown(), m.preloadIcons()])));
      // Let late renders (images, the apps' size reports) settle, then grow the viewport to the whole
      // page: a `fullPage` capture can miss the out-of-process sandbox frames.
      await new Promise((r) => setTimeout(r, 700));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewport({ width: 1400, height: Math.min(height, 6000) });
      await new Promise((r) => setTimeout(r, 700));
      const errors = await page.evaluate(() => window.demoErrors ?? []);
      for (const e of errors) issues.push(`error sent to the agent: ${JSON.stringify(e)}`);
      const file = join(OUT, `${name}.${theme}.png`);
      await writeFile(file, await page.screenshot());
      saved.push(file);
      for (const i of issues) problems.push(`${name} (${theme}): ${i}`);
      console.log(`${issues.length ? '✘' : '✔'} ${name}.${theme}.png${issues.length ? `  ${issues.length} problem(s)` : ''}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`\n${saved.length} screenshots in ${OUT}`);
if (problems.length) {
  console.log(problems.map((p) => `  ${p}`).join('\n'));
  process.exit(1);
}
