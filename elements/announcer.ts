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

const pending = new WeakMap<Element, ReturnType<typeof setTimeout>>();

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
 * Says `text` politely through the surface `from` is rendered in. `text` replaces what the region
 * said before; the same text said again is read again. With `debounce`, a message waits until no
 * newer one came for a moment, so a message that changes per keystroke is read once, at the end.
 */
export function announce(from: Node, text: string, { debounce = false } = {}): void {
  const region = liveRegion(from);
  if (!region || !text) return;
  const last = pending.get(region);
  if (last) clearTimeout(last);
  const say = (): void => {
    pending.delete(region);
    // A screen reader reads a change; clearing first makes a repeated text a change too.
    region.textContent = '';
    requestAnimationFrame(() => (region.textContent = text));
  };
  if (!debounce) return say();
  pending.set(region, setTimeout(say, QUIET_MS));
}
