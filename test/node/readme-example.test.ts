/**
 * The README's example, run as written: its code blocks (each after an
 * `<!-- example: <path> -->` marker) are written to a fresh folder, the README's command starts
 * the example agent there, and Chromium opens the page: the booking form shows (found by role and
 * name), a typed name and a pressed Book button reach the agent, and its answer shows on the
 * surface. The page loads the library from the built dist/ (`npm test` builds it first), which
 * the agent serves from `../../dist/` as it does in the repository.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium } from '../../build/chromium.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The example agent's port in this test (the README's default is 8000). */
const PORT = 8733;
const BUILT = existsSync(join(ROOT, 'dist/a2ui-elements.js'));

/** The README's blocks marked `<!-- example: name -->`, by name, as written. */
function exampleBlocks(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of README.matchAll(/<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g)) blocks.set(m[1], m[2]);
  return blocks;
}

const blocks = exampleBlocks();
const files = [...blocks.keys()].filter((name) => name.startsWith('examples/'));

test('the README stays a quick start: at most 400 lines', () => {
  const lines = README.split('\n').length - (README.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= 400, `README.md has ${lines} lines; move detail to docs/ or bench/README.md`);
});

test('the README holds the example: the agent, its page and the command that starts it', () => {
  assert.deepEqual(files.sort(), ['examples/agent/agent.mjs', 'examples/agent/index.html']);
  assert.match(blocks.get('command') ?? '', /^node examples\/agent\/agent\.mjs\n/);
});

test('the README example is examples/agent/ verbatim', () => {
  for (const name of files) assert.equal(blocks.get(name), readFileSync(join(ROOT, name), 'utf8'), `README.md and ${name} differ`);
});

describe('the README example in Chromium', { skip: !BUILT && process.env.CI !== 'true' && 'no dist/ (npm run build)' }, () => {
  let dir: string;
  let agent: ChildProcess;
  let browser: Browser;
  let page: Page;
  let agentLog = '';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'a2ui-readme-'));
    for (const name of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), blocks.get(name)!);
    }
    symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
    const [cmd, ...args] = blocks.get('command')!.split('\n')[0].split(' ');
    agent = spawn(cmd, args, { cwd: dir, env: { ...process.env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`the agent did not start:\n${agentLog}`)), 10_000);
      const read = (d: Buffer) => {
        agentLog += d;
        if (agentLog.includes(`http://localhost:${PORT}/`)) clearTimeout(timer), ready();
      };
      agent.stdout!.on('data', read);
      agent.stderr!.on('data', read);
      agent.on('exit', (code) => fail(new Error(`the agent exited (${code}):\n${agentLog}`)));
    });
    browser = await launchChromium();
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
    agent?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The element with this ARIA role and accessible name, once the page shows it (polled: it renders inside a shadow root). */
  async function byRole(role: string, name: string) {
    for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const found = await page.$(`::-p-aria([name="${name}"][role="${role}"])`);
      if (found) return found;
    }
    throw new Error(`no ${role} named "${name}"; the agent logged:\n${agentLog}`);
  }

  test('the form shows; Book sends the typed name to the agent and its answer shows', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`http://localhost:${PORT}/`);
    await byRole('heading', 'Book a table');
    await (await byRole('textbox', 'Name')).type('Ada');
    const guests = await byRole('spinbutton', 'Guests');
    assert.equal(await guests.evaluate((el) => (el as HTMLInputElement).value), '2', 'the Guests field shows the data model');
    await (await byRole('button', 'Book')).click();
    // Polled: a change inside the surface's shadow root is not seen by waitForSelector's observer.
    const shown = (text: string) => page.waitForFunction((t) => document.querySelector('a2ui-surface')?.shadowRoot?.textContent?.includes(t), { polling: 100, timeout: 10_000 }, text);
    await shown('Booked: a table for 2, Ada.').catch(() => {
      throw new Error(`the agent's answer did not show; the agent logged:\n${agentLog}`);
    });
    assert.match(agentLog, /"action":\{"name":"book"/, 'the agent received the action');
    assert.match(agentLog, /"metadata":\{"a2uiRendererCapabilities"/, 'the request body is { messages, metadata }');
    assert.deepEqual(errors, []);
  });

  test('a request the agent cannot read is answered 400, and the agent keeps serving', async () => {
    const bad = await fetch(`http://localhost:${PORT}/agent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    assert.equal(bad.status, 400);
    const form = await fetch(`http://localhost:${PORT}/agent`);
    assert.match(await form.text(), /"createSurface"/);
  });

  test('a page on another origin reaches the agent: the JSON POST passes its CORS preflight', async () => {
    // The page is on localhost; 127.0.0.1 is another origin for the browser.
    const answer = await page.evaluate(async (url) => {
      const body = { messages: [{ version: '1.0', action: { name: 'book', surfaceId: 'booking', sourceComponentId: 'book', timestamp: new Date().toISOString(), context: { name: 'Grace', guests: '3' } } }], metadata: {} };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.text();
    }, `http://127.0.0.1:${PORT}/agent`).catch((e) => String(e));
    assert.match(answer, /Booked: a table for 3, Grace\./);
  });
});

// `store.process` applies synchronously in Node (issue 35): the snippet reads the surface right after it.
test('the README server-side snippet: after process() the surface, its data and the errors are there', { skip: !BUILT && process.env.CI !== 'true' && 'no dist/ (npm run build)' }, async () => {
  const snippet = blocks.get('server-side');
  assert.ok(snippet, 'README.md has no <!-- example: server-side --> block');
  const jsonlFromTheModel = [
    { version: '1.0', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json' } },
    { version: '1.0', updateComponents: { surfaceId: 'booking', components: [{ id: 'root', component: 'TextField', label: 'Name', value: { '@path': '/booking/name' } }] } },
    { version: '1.0', updateComponents: { surfaceId: 'booking', components: [{ id: 'extra', component: 'Nope' }] } },
    { version: '1.0', updateDataModel: { surfaceId: 'booking', path: '/booking/name', value: 'Ada' } },
  ].map((m) => JSON.stringify(m)).join('\n');
  const code = `const jsonlFromTheModel = ${JSON.stringify(jsonlFromTheModel)};\n` + snippet.replace(`from 'a2ui-elements'`, `from '${pathToFileURL(join(ROOT, 'dist/core.js'))}'`);
  const dir = mkdtempSync(join(tmpdir(), 'a2ui-readme-server-'));
  try {
    writeFileSync(join(dir, 'server-side.mjs'), code);
    const out = await new Promise<string>((done) => {
      let text = '';
      const child = spawn(process.execPath, [join(dir, 'server-side.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', () => done(text));
    });
    assert.match(out, /\[ 'root' \] Ada \[/, `the surface's components and data, then the errors:\n${out}`);
    assert.match(out, /code: 'VALIDATION_FAILED'/, `the refused component's error:\n${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
