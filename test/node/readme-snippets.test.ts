// The README's host snippets are the host test apps' code, verbatim: what a user copies is what
// test/browser/hosts-*.test.ts builds and runs. The README's plain-HTML host is its example
// (test/node/readme-example.test.ts runs it); the plain host app's page is in docs/reference.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The document must hold `code` as one fenced block's content (or a contiguous part of one). */
function assertInDoc(code: string, from: string, doc = 'README.md'): void {
  const blocks = [...read(doc).matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.some((b) => b.includes(code.trim())), `${doc} has no code block with the code of ${from}:\n${code}`);
}

test('plain HTML: docs/reference.md holds test/hosts/plain/index.html (served next to the files, not under /dist/)', () => {
  const page = read('test/hosts/plain/index.html');
  const script = page.slice(page.indexOf('    <script type="module">\n      import'), page.indexOf('    </script>\n  </body>') + '    </script>'.length);
  assert.ok(script.length > 100, 'the page script was not found');
  const dedented = script.split('\n').map((l) => l.slice(4)).join('\n').replaceAll('/dist/a2ui-elements.js', './a2ui-elements.js');
  assertInDoc(dedented, 'test/hosts/plain/index.html', 'docs/reference.md');
});

for (const file of ['test/hosts/react/src/App.tsx', 'test/hosts/vue/src/App.vue', 'test/hosts/vue/vite.config.ts']) {
  test(`the README holds ${file} verbatim`, () => assertInDoc(read(file), file));
}

test('Angular: the README holds test/hosts/angular/main.js from its first import on', () => {
  const main = read('test/hosts/angular/main.js');
  assertInDoc(main.slice(main.indexOf("import '@angular/compiler';")), 'test/hosts/angular/main.js');
});
