/**
 * The polite live region of a surface: one visually hidden `role="status"` element in each
 * `<a2ui-surface>`'s shadow root that components write short announcements into (focus moved by
 * an agent update, a check message that appeared, a disabled Button's new reason). Screen readers
 * read a change of a live region that was already in the page, so the region is rendered with the
 * surface and only its text changes.
 *
 * @module
 */

/** The class of the region (styled visually hidden by the surface). */
export const LIVE_CLASS = 'a2ui-live';

/** How long a message waits for a newer one (typing): only the last of a burst is read. */
const QUIET_MS = 600;

/** Messages waiting for a quiet moment in one region, by the node that said them. */
interface Held {
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly texts: Map<Node, string>;
}
const held = new WeakMap<HTMLElement, Held>();
/** What each region says at its next frame (messages of one moment are read together). */
const queued = new WeakMap<HTMLElement, string[]>();

/** The live region of the surface `from` is rendered in (through shadow roots), if any. */
export function liveRegion(from: Node): HTMLElement | null {
  let node: Node | null = from;
  while (node) {
    const root = node.getRootNode();
    if (!(root instanceof ShadowRoot)) return null;
    // The surface's region sits at the top of its shadow root; a component's own shadow root has none.
    for (const el of root.children) if (el.classList.contains(LIVE_CLASS)) return el as HTMLElement;
    node = root.host;
  }
  return null;
}

/**
 * Says `text` politely through the surface `from` is rendered in; messages said in the same moment
 * are read together. The same text said again is read again. With `debounce`, the message waits
 * until the surface's messages have been quiet for a moment (every debounced message restarts the
 * wait), so messages that change per keystroke are read once, together, when the typing pauses;
 * a newer message of `from` replaces its older one, and an empty `text` withdraws it.
 */
export function announce(from: Node, text: string, { debounce = false } = {}): void {
  const region = liveRegion(from);
  if (!region) return;
  let h = held.get(region);
  h?.texts.delete(from);
  if (!text) {
    if (h && !h.texts.size) {
      clearTimeout(h.timer);
      held.delete(region);
    }
    return;
  }
  if (!debounce) return say(region, text);
  if (!h) held.set(region, (h = { timer: undefined, texts: new Map() }));
  const waiting = h;
  waiting.texts.set(from, text);
  clearTimeout(waiting.timer);
  waiting.timer = setTimeout(() => {
    held.delete(region);
    say(region, [...waiting.texts.values()].join(' '));
  }, QUIET_MS);
}

/** True while a debounced message of `from` waits to be said. */
export function waiting(from: Node): boolean {
  const region = liveRegion(from);
  return !!region && !!held.get(region)?.texts.has(from);
}

function say(region: HTMLElement, text: string): void {
  const queue = queued.get(region);
  if (queue) return void queue.push(text);
  queued.set(region, [text]);
  // A screen reader reads a change; clearing first makes a repeated text a change too.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = queued.get(region)!.join(' ');
    queued.delete(region);
  });
}
