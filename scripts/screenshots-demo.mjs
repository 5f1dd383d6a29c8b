// Saves a PNG of each demo page (light and dark, 360 and 1280 px wide: a phone and a laptop) into
// screenshots/demo/ as <page>.<theme>.<width>.png, for a person to look at:
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
import { launchChromium } from '../build/chromium.mjs';
import { DEMO_PAGES, openDemoPage, startDemoServer } from './demo-pages.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const OUT = join(ROOT, 'screenshots', 'demo');
const THEMES = ['light', 'dark'];
const WIDTHS = [360, 1280];
const filter = process.argv.slice(2);
const pages = DEMO_PAGES.filter((p) => !filter.length || filter.some((f) => p.includes(f)));

const server = await startDemoServer('warn');
const browser = await launchChromium({ flags: ['--hide-scrollbars'], viewport: { width: WIDTHS[0], height: 900, deviceScaleFactor: 1 } });
await mkdir(OUT, { recursive: true });
const problems = [];
const saved = [];
try {
  for (const name of pages) {
    for (const theme of THEMES) {
      const { page, issues } = await openDemoPage(browser, server.port, name, theme, (page, issues) =>
        // A media element aborts its own range requests once it has what it needs: not a failure.
        page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && issues.push(`request failed: ${r.url()} ${r.failure()?.errorText}`)),
      );
      // marked and the icon paths load on demand (texts show as plain text, icons empty until then):
      // have them before the capture.
      await page.evaluate(() => import('/elements/index.ts').then((m) => Promise.all([m.preloadMarkdown(), m.preloadIcons()])));
      // Let late renders (images, the apps' size reports) settle, then grow the viewport to the whole
      // page: a `fullPage` capture can miss the out-of-process sandbox frames.
      await new Promise((r) => setTimeout(r, 700));
      for (const width of WIDTHS) {
        await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
        await new Promise((r) => setTimeout(r, 300));
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewport({ width, height: Math.min(height, 6000), deviceScaleFactor: 1 });
        await new Promise((r) => setTimeout(r, 700));
        const file = join(OUT, `${name}.${theme}.${width}.png`);
        await writeFile(file, await page.screenshot());
        saved.push(file);
      }
      const errors = await page.evaluate(() => window.demoErrors ?? []);
      for (const e of errors) issues.push(`error sent to the agent: ${JSON.stringify(e)}`);
      for (const i of issues) problems.push(`${name} (${theme}): ${i}`);
      console.log(`${issues.length ? '✘' : '✔'} ${name}.${theme}.{${WIDTHS.join(',')}}.png${issues.length ? `  ${issues.length} problem(s)` : ''}`);
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
