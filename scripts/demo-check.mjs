// The demo pages as a user meets them, in Debian's Chromium (puppeteer-core) on the demo's own Vite
// dev server (demo/vite.config.mjs; pages on localhost, the MCP App sandbox proxy on 127.0.0.1):
//
//   - every page becomes ready with no page error and no `error` sent to the agent;
//   - axe-core (the engine of the browser tests' `to.be.accessible()`) finds no violation on any
//     page, light and dark, shadow roots included;
//   - at 360, 768 and 1280 px wide, no component's box extends past its parent component's, no two
//     children of a Row or Column overlap, nothing is wider than the viewport (the check of the
//     browser tests: test/support/geometry.ts);
//   - Home: typing a name and pressing Order shows the scripted agent's answer on the surface;
//   - Playground: the "Mistakes" example reports the messages read, how many were refused, and the
//     errors sent (all of them);
//   - the inspector's view tabs follow the APG tabs pattern (arrow keys move and select).
//
// Prints `demo: N passed, N failed`; exits 1 on any failure. Part of `npm test`.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { checkRunner, deep, expect, launchChromium } from '../build/chromium.mjs';
import { DEMO_PAGES, openDemoPage, startDemoServer } from './demo-pages.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const AXE = await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
// The browser tests' geometry check, as a script that sets `window.a2uiGeometry`.
const GEOMETRY = (
  await build({ entryPoints: [join(ROOT, 'test/support/geometry.ts')], bundle: true, format: 'iife', globalName: 'a2uiGeometry', target: 'chrome130', write: false, logLevel: 'warning' })
).outputFiles[0].text;
/** The widths a person meets: a phone, a tablet, a laptop. */
const WIDTHS = [360, 768, 1280];

const server = await startDemoServer();
const browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
const { check, done } = checkRunner('demo');

/** Runs `fn({page, issues})` on a demo page that must become ready, then closes the page. */
async function onPage(name, theme, fn) {
  const opened = await openDemoPage(browser, server.port, name, theme);
  let timer;
  // A page that stops answering fails its check instead of holding the run (seen once under load).
  const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} (${theme}): no answer within 120 s`)), 120_000)));
  try {
    expect(!opened.issues.includes('never became ready (data-ready)'), `${name} never became ready: ${opened.issues.join(' | ')}`);
    return await Promise.race([fn(opened), limit]);
  } finally {
    clearTimeout(timer);
    await opened.page.close().catch(() => {});
  }
}

/** axe-core on the whole page; the sandboxed app frames are another origin (tested by their own tests). */
async function axe(page) {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' › ')).slice(0, 3).join(', ')}`);
  });
}

/** Geometry problems at each width (test/support/geometry.ts), each line prefixed with the width. */
async function geometry(page) {
  await page.evaluate(GEOMETRY);
  const issues = [];
  for (const width of WIDTHS) {
    await page.setViewport({ width, height: 900 });
    // Two frames for layout and the renders a resize causes, then a moment for late images.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await new Promise((r) => setTimeout(r, 100));
    issues.push(...(await page.evaluate(() => window.a2uiGeometry.geometryIssues(document))).map((i) => `${width}px: ${i}`));
  }
  return issues;
}

/** Text a user sees, shadow roots included. */
const pageText = (page) =>
  page.evaluate(() => {
    const walk = (root) => [...root.querySelectorAll('*')].map((n) => (n.shadowRoot ? walk(n.shadowRoot) : n.children.length ? '' : n.textContent)).join(' ');
    return walk(document);
  });

try {
  for (const name of DEMO_PAGES) {
    for (const theme of ['light', 'dark']) {
      await check(`${name} (${theme}): ready, axe-clean, no errors, every box fits at ${WIDTHS.join(', ')} px`, async () => {
        await onPage(name, theme, async ({ page, issues }) => {
          const violations = await axe(page);
          const errors = await page.evaluate(() => window.demoErrors ?? []);
          const boxes = await geometry(page);
          expect(violations.length === 0, `axe: ${violations.join(' | ')}`);
          expect(boxes.length === 0, `geometry (${boxes.length}):\n${boxes.join('\n')}`);
          expect(errors.length === 0, `errors sent to the agent: ${JSON.stringify(errors)}`);
          expect(issues.length === 0, issues.join(' | '));
        });
      });
    }
  }

  await check("Home: pressing Order shows the scripted agent's answer", async () => {
    await onPage('index', 'light', async ({ page }) => {
      const input = await deep(page, 'a2ui-text-field', 'input');
      await input.type('Ada');
      const order = await deep(page, 'a2ui-button', 'button');
      await order.click();
      await page.waitForFunction(() => true);
      const deadline = Date.now() + 5000;
      let text = '';
      while (Date.now() < deadline && !(text = await pageText(page)).includes('Thanks, Ada!')) await new Promise((r) => setTimeout(r, 100));
      expect(text.includes('☕ Thanks, Ada! A medium coffee is on its way.'), 'no answer shown');
    });
  });

  await check('Playground: the "Mistakes" example says how many messages it read and how many errors went to the agent', async () => {
    await onPage('playground', 'light', async ({ page }) => {
      const before = await page.evaluate(() => window.demoErrors.length);
      await page.select('#example', await page.evaluate(() => [...document.querySelectorAll('#example option')].find((o) => o.textContent.startsWith('Mistakes')).value));
      await page.click('#reset');
      await page.click('#apply');
      await page.waitForFunction(() => /read/.test(document.getElementById('status').textContent), { timeout: 5000 });
      await new Promise((r) => setTimeout(r, 500)); // render-time errors (a failing binding) arrive after the feed
      const status = await page.$eval('#status', (n) => n.textContent);
      const errors = (await page.evaluate(() => window.demoErrors.length)) - before;
      expect(errors >= 3, `${errors} errors`);
      expect(status === `4 messages read (3 refused) · ${errors} errors sent to the agent (see the inspector)`, `status: ${status} (${errors} errors sent)`);
    });
  });

  await check("the inspector's tabs: arrow keys move focus and selection", async () => {
    await onPage('index', 'light', async ({ page }) => {
      const first = await deep(page, 'a2ui-inspector', '[role="tab"][aria-selected="true"]');
      await first.focus();
      await page.keyboard.press('ArrowRight');
      const selected = await deep(page, 'a2ui-inspector', '[role="tab"][aria-selected="true"]');
      const label = await selected.evaluate((n) => n.textContent);
      const focused = await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent);
      expect(label.startsWith('Data model'), `selected: ${label}`);
      expect(focused === label, `focus on: ${focused}`);
    });
  });
} finally {
  await browser.close();
  await server.close();
}
done();
