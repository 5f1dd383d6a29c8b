/**
 * What every demo page shares: the navigation bar with the theme switch, a store wired to the
 * browser, and the `data-ready` flag the screenshot script waits for.
 */
import { A2uiStore, type StoreOptions } from '../../src/index.ts';
import { browserHost } from '../../elements/index.ts';
import '../../elements/inspector.ts';

const PAGES = [
  ['index.html', 'Home'],
  ['gallery.html', 'Gallery'],
  ['playground.html', 'Playground'],
  ['agent.html', 'Agent functions'],
  ['chat.html', 'Streaming chat'],
  ['mcp-app.html', 'MCP App'],
] as const;

type Theme = 'auto' | 'light' | 'dark';

/** Renders the navigation bar into `<nav id="nav">`. */
export function setupPage(): void {
  const nav = document.getElementById('nav')!;
  nav.className = 'nav';
  const here = location.pathname.split('/').pop() || 'index.html';
  nav.innerHTML = `<a class="brand" href="./index.html">a2ui-elements</a>${PAGES.map(
    ([file, label]) => `<a class="page" href="./${file}"${file === here ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('')}<span class="spacer"></span>
  <label>Theme <select id="theme" class="demo" aria-label="Theme"><option value="auto">system</option><option value="light">light</option><option value="dark">dark</option></select></label>`;
  const select = nav.querySelector<HTMLSelectElement>('#theme')!;
  const saved = (new URLSearchParams(location.search).get('theme') ?? localStorage.getItem('a2ui-demo-theme') ?? 'auto') as Theme;
  select.value = saved;
  applyTheme(saved);
  select.addEventListener('change', () => {
    localStorage.setItem('a2ui-demo-theme', select.value);
    applyTheme(select.value as Theme);
  });
  // Surfaces added later follow the choice too.
  new MutationObserver(() => applyTheme(select.value as Theme)).observe(document.body, { childList: true, subtree: true });
}

function applyTheme(theme: Theme): void {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  for (const el of document.querySelectorAll('a2ui-surface, a2ui-inspector')) {
    if (theme === 'auto') el.removeAttribute('theme');
    else if (el.getAttribute('theme') !== theme) el.setAttribute('theme', theme);
  }
}

/** A store for the browser (links open in a new tab), remembering every `error` it sends. */
export function demoStore(options: StoreOptions = {}): A2uiStore {
  const store = new A2uiStore({ host: browserHost, ...options });
  store.onMessage((m) => {
    if ('error' in m) demoErrors.push(m.error);
  });
  return store;
}

/** Every `error` the demo's stores sent (the screenshot script fails a page that has any). */
export const demoErrors: unknown[] = [];
(window as unknown as { demoErrors: unknown[] }).demoErrors = demoErrors;

/** Marks the page as ready for a screenshot. */
export function ready(): void {
  document.documentElement.dataset.ready = 'true';
}

/** The same dev server under the other loopback name: a second origin for the sandbox proxy. */
export function otherOrigin(): string {
  const other = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return `${location.protocol}//${other}:${location.port}`;
}

/** Shows the last message a surface sent to the agent under it (`<div class="outbound">`). */
export function showOutbound(surface: HTMLElement, target: HTMLElement): void {
  surface.addEventListener('a2ui-message', (e) => {
    const m = e.detail.message as unknown as Record<string, Record<string, unknown>>;
    const kind = Object.keys(m).find((k) => k !== 'version')!;
    const body = m[kind];
    const what = kind === 'action' ? `action <code>${body.name}</code> ${escape(JSON.stringify(body.context))}` : `${kind} ${escape(JSON.stringify(body))}`;
    target.innerHTML = `↑ to the agent: ${what}`;
  });
}

const escape = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
