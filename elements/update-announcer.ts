/**
 * Saying what the agent's data changed (`<a2ui-surface announce-updates>`): after an
 * `updateDataModel` for the surface, the Texts whose words changed are said in its polite live
 * region (announcer.ts), together and once per pause. Off by default: a surface that streams a
 * ticker would talk over everything; an agent can also mark one component with
 * `@accessibility.live`.
 *
 * @module
 */
import { A2uiElement } from './base.ts';
import { announce } from './announcer.ts';

/** At most this much is said per change (a long list refreshed is summarised by its start). */
const MAX_CHARS = 240;

/** Watches one surface's shadow root for the text an agent data update changes. */
export class UpdateAnnouncer {
  private observer: MutationObserver | undefined;
  private readonly changed = new Set<Element>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly root: ShadowRoot) {}

  /** An agent update is about to change the surface's data: watch what it changes on screen. */
  expect(): void {
    if (!this.observer) {
      this.observer = new MutationObserver((records) => {
        for (const r of records) {
          const text = textComponentOf(r.target);
          if (text) this.changed.add(text);
        }
      });
      this.observer.observe(this.root, { childList: true, characterData: true, subtree: true });
    }
    clearTimeout(this.timer);
    // The elements update in a microtask or at the next frame (reactive/batch.ts): look after that.
    requestAnimationFrame(() => (this.timer = setTimeout(() => this.flush())));
  }

  private flush(): void {
    this.observer?.takeRecords().forEach((r) => {
      const text = textComponentOf(r.target);
      if (text) this.changed.add(text);
    });
    this.observer?.disconnect();
    this.observer = undefined;
    const texts = [...this.changed].filter((e) => e.isConnected && !e.closest('[aria-hidden="true"]') && !e.closest('[aria-live]'));
    this.changed.clear();
    texts.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const said = texts.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean).join('. ');
    if (said) announce(this.root, said.length > MAX_CHARS ? `${said.slice(0, MAX_CHARS - 1)}…` : said, { debounce: true });
  }
}

/** The Text component a changed node belongs to, if any (an element rendered by a Text). */
function textComponentOf(node: Node): Element | undefined {
  let n: Node | null = node;
  while (n) {
    if (n instanceof A2uiElement) return n.node?.record?.type === 'Text' ? n : undefined;
    n = n.parentNode;
  }
  return undefined;
}
