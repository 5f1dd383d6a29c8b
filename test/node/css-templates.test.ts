/**
 * The CSS template minifier of the self-contained bundles (build/css-templates.mjs) against every
 * CSS template of elements/ and sandbox/: each parses in Chromium to the same rules minified as
 * written, and nothing but the templates' text changes in a module.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAst } from 'vite';
import type { Browser, Page } from 'puppeteer-core';
// @ts-expect-error plain build script, no declarations
import { cssQuasis, minifyCssTemplates, minifyCssText } from '../../build/css-templates.mjs';
import { launchChromium } from '../../build/chromium.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
type Quasi = { start: number; end: number; raw: string };
const parse = (code: string) => parseAst(code, { lang: 'ts' });
const quasis = (code: string): Quasi[] => cssQuasis(parse(code), code);

/** Our .ts modules with CSS templates, with their code. */
const modules = ['elements', 'sandbox']
  .flatMap((dir) => (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).map((f) => join(dir, f)))
  .filter((f) => f.endsWith('.ts'))
  .map((file) => ({ file, code: readFileSync(join(ROOT, file), 'utf8') }))
  .filter(({ code }) => quasis(code).length > 0);

/** A module's code outside its CSS templates' text, piece by piece. */
function outside(code: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const q of quasis(code)) {
    out.push(code.slice(last, q.start));
    last = q.end;
  }
  return [...out, code.slice(last)];
}

/** Every CSS template of `code` as one style sheet text each (interpolations left out: the same on both sides). */
function sheets(code: string): string[] {
  const byTemplate = new Map<number, string>();
  // Quasis of one template touch through their interpolations only: group them by what lies between.
  let id = -1;
  let lastEnd = -Infinity;
  for (const q of quasis(code)) {
    const between = code.slice(lastEnd, q.start);
    if (!(between.startsWith('${') && between.endsWith('}'))) id++;
    byTemplate.set(id, (byTemplate.get(id) ?? '') + q.raw);
    lastEnd = q.end;
  }
  return [...byTemplate.values()];
}

describe('CSS templates minified for the bundles', () => {
  let browser: Browser;
  let page: Page;
  before(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
  });
  after(() => browser?.close());

  /** The rules Chromium makes of each text, serialized. */
  const rules = (texts: string[]): Promise<string[][]> =>
    page.evaluate((list) => list.map((t) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(t);
      return Array.from(sheet.cssRules, (r) => r.cssText);
    }), texts);

  test('every module with CSS has it minified, and only its CSS text changes', () => {
    assert.ok(modules.length >= 15, `found ${modules.length} modules with CSS templates`);
    for (const { file, code } of modules) {
      const out = minifyCssTemplates(code, parse);
      assert.notEqual(out, code, `${file}: not minified`);
      assert.deepEqual(outside(out), outside(code), file);
    }
  });

  test('every template parses to the same rules, in fewer characters', async () => {
    const written = modules.flatMap(({ code }) => sheets(code));
    const minified = modules.flatMap(({ code }) => sheets(minifyCssTemplates(code, parse)));
    assert.equal(minified.length, written.length);
    const [a, b] = [await rules(written), await rules(minified)];
    assert.ok(a.flat().length > 100, `only ${a.flat().length} rules parsed`);
    assert.deepEqual(b, a);
    const chars = (list: string[]) => list.reduce((n, t) => n + t.length, 0);
    assert.ok(chars(minified) < chars(written) * 0.8, `${chars(minified)} of ${chars(written)} characters`);
  });

  test('keeps what whitespace means: descendants, strings, separators next to an interpolation', async () => {
    assert.equal(minifyCssText('\n  a :hover > b,\n  c { color: red; }\n'), ' a :hover > b,c{color:red} ');
    assert.equal(minifyCssText(' font-family: "Segoe  UI",  x; /* note */ '), ' font-family:"Segoe  UI",x; ');
    assert.equal(minifyCssText('   '), ' ');
    assert.equal(minifyCssText("content: '\\2022';"), "content: '\\2022';");
    const css = 'a :hover, b:is(c, d) { margin: 0  auto; width: var(--w, calc(1px + 2%)); }';
    assert.equal(minifyCssText(css), 'a :hover,b:is(c, d){margin:0 auto;width:var(--w, calc(1px + 2%))}');
    assert.deepEqual(await rules([minifyCssText(css)]), await rules([css]));
  });
});
