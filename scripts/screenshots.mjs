// Renders every v1.0 basic-catalog example with <a2ui-surface> in headless Chromium and saves one
// PNG per example (light and dark) into screenshots/, plus screenshots/index.html to browse them.
//
//   npm run screenshots                 # all examples
//   npm run screenshots -- 36_modal     # only names containing "36_modal"
//
// The elements are bundled with esbuild (no server); examples are read from ../shared/spec.
// Remote images are answered with a grey placeholder, so no network is needed.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../build/chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = resolve(ROOT, '..', 'shared', 'spec', 'v1_0-current', 'catalogs', 'basic', 'examples');
const OUT = join(ROOT, 'screenshots');
const THEMES = ['light', 'dark'];
// A 1×1 grey PNG, stretched by object-fit: stands in for every remote image.
const PLACEHOLDER = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mO4cePGfwAHvwN8Xh6ReQAAAABJRU5ErkJggg==', 'base64');

const ENTRY = `
import { A2uiStore } from './src/index.ts';
import { preloadFunctions } from './src/internal.ts';
import { browserHost, preloadComponents, preloadIcons, preloadMarkdown } from './elements/index.ts';
import { LitElement } from 'lit';

function all(root) {
  const out = [];
  const walk = (n) => { for (const el of n.children) { out.push(el); if (el.shadowRoot) walk(el.shadowRoot); walk(el); } };
  walk(root.shadowRoot ?? root);
  return out;
}

window.renderExample = async (messages, theme) => {
  // marked, the icon paths, the elements and functions defined on first use load on demand; loaded first, everything renders in one pass.
  await Promise.all([preloadMarkdown(), preloadIcons(), preloadComponents(), preloadFunctions()]);
  document.body.replaceChildren();
  const store = new A2uiStore({ host: browserHost, locale: 'en-US' });
  const errors = [];
  store.onMessage((m) => { if (m.error) errors.push(m.error); });
  const surfaceId = messages.find((m) => m.createSurface).createSurface.surfaceId;
  const el = document.createElement('a2ui-surface');
  el.store = store;
  el.surfaceId = surfaceId;
  el.theme = theme;
  document.body.append(el);
  for (const m of messages) {
    store.process(m);
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r));
      const pending = [el, ...all(el)].filter((e) => e instanceof LitElement && e.isUpdatePending);
      if (!pending.length) break;
      await Promise.all(pending.map((e) => e.updateComplete));
    }
  }
  const images = all(el).filter((e) => e instanceof HTMLImageElement && !e.complete);
  await Promise.all(images.map((img) => new Promise((r) => { img.addEventListener('load', r); img.addEventListener('error', r); })));
  await document.fonts.ready;
  return errors;
};
`;

async function bundle() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'screenshots-entry.ts' },
    bundle: true,
    format: 'esm',
    target: 'chrome130',
    tsconfig: join(ROOT, 'tsconfig.json'),
    conditions: ['production'],
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

async function main() {
  const filter = process.argv.slice(2);
  const names = (await readdir(EXAMPLES))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .filter((n) => !filter.length || filter.some((f) => n.includes(f)))
    .sort();
  await mkdir(OUT, { recursive: true });
  const code = await bundle();
  const browser = await launchChromium({ flags: ['--hide-scrollbars'] });
  const shots = [];
  let failures = 0;
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 720, height: 900, deviceScaleFactor: 1 });
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url().startsWith('data:') || req.url() === 'about:blank') return req.continue();
      if (req.resourceType() === 'image') return req.respond({ status: 200, contentType: 'image/png', body: PLACEHOLDER });
      return req.abort();
    });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;padding:16px;background:#888}</style></head><body></body></html>');
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => typeof window.renderExample === 'function');
    for (const name of names) {
      const example = JSON.parse(await readFile(join(EXAMPLES, `${name}.json`), 'utf8'));
      for (const theme of THEMES) {
        const errors = await page.evaluate((m, t) => window.renderExample(m, t), example.messages, theme);
        const surface = await page.$('a2ui-surface');
        const file = `${name}.${theme}.png`;
        await surface.screenshot({ path: join(OUT, file) });
        shots.push({ name, theme, file, title: example.name ?? name, errors });
        if (errors.length) {
          failures++;
          console.error(`${name} (${theme}): ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
        }
      }
      console.log(`${name}`);
    }
  } finally {
    await browser.close();
  }
  await writeFile(join(OUT, 'index.html'), gallery(shots));
  console.log(`${shots.length} screenshots in ${OUT} (open index.html)${failures ? `, ${failures} with errors` : ''}`);
  if (failures) process.exitCode = 1;
}

function gallery(shots) {
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const rows = [...new Set(shots.map((s) => s.name))].map((name) => {
    const cells = shots.filter((s) => s.name === name).map((s) => `<figure><img src="${esc(s.file)}" alt="${esc(s.title)} (${s.theme})"><figcaption>${s.theme}${s.errors.length ? ' — errors!' : ''}</figcaption></figure>`);
    return `<section><h2>${esc(name)}: ${esc(shots.find((s) => s.name === name).title)}</h2><div class="row">${cells.join('')}</div></section>`;
  });
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>a2ui-elements: basic catalog examples</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;background:#eee}.row{display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}figure{margin:0}img{max-width:720px;box-shadow:0 1px 4px #0004}h2{font-size:1rem}</style>
<h1>a2ui-elements: basic catalog examples</h1>${rows.join('\n')}</html>`;
}

await main();
