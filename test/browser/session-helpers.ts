/** Helpers of the session record/replay browser tests (not a test file itself). */
import { fixture, html } from '@open-wc/testing';
import { A2uiStore, type StoreOptions } from '../../src/index.ts';
import '../../elements/index.ts';
import { preloadComponents, preloadIcons, preloadMarkdown, type A2uiSurfaceElement } from '../../elements/index.ts';
import { settle } from './elements-helpers.ts';
import { LIVE_CLASS } from '../../elements/announcer.ts';

/**
 * What a person sees in a surface: its text through every shadow root (not the visually hidden
 * live region), plus the state of each
 * form control (value, checked), in document order, one line per piece.
 */
export function surfaceText(root: Element): string {
  const out: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = node.textContent!.replace(/\s+/g, ' ').trim();
      if (t) out.push(t);
      return;
    }
    if (!(node instanceof Element)) return;
    if (node instanceof HTMLStyleElement || node.localName === 'script') return;
    // The surface's live region is heard, not seen (visually hidden).
    if (node.classList.contains(LIVE_CLASS)) return;
    if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
      out.push(`[${node.localName}${'type' in node ? ` ${node.type}` : ''} value=${JSON.stringify(node.value)}${node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio') ? ` checked=${node.checked}` : ''}]`);
    }
    if (node.shadowRoot) for (const c of node.shadowRoot.childNodes) walk(c);
    // Slotted light-DOM children render where their slot is; the light tree is walked once here.
    for (const c of node.childNodes) walk(c);
  };
  walk(root);
  return out.join('\n');
}

/** A fresh store and `<a2ui-surface>` for `surfaceId`, with markdown, icons and the elements defined on first use loaded first. */
export async function freshSurface(surfaceId: string, setup: (store: A2uiStore) => void = () => {}, options: StoreOptions = {}) {
  await Promise.all([preloadMarkdown(), preloadIcons(), preloadComponents()]);
  const store = new A2uiStore({ locale: 'en-US', ...options });
  setup(store);
  const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id=${surfaceId}></a2ui-surface>`);
  return { store, el, settle: () => settle(el) };
}

/** Waits (polling, up to 5 s) until `check` holds. */
export async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
