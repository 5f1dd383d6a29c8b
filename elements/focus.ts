/**
 * Focus helpers that see through shadow roots: where focus really is, keeping it across a
 * re-render that moves DOM (a keyed reorder), and the focusable elements of a subtree (the Modal's
 * focus trap).
 *
 * @module
 */

/** The innermost focused element, descending through open shadow roots. */
export function deepActiveElement(root: DocumentOrShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** What to put back after a DOM move: the focused element and its text selection. */
export interface SavedFocus {
  readonly element: HTMLElement;
  readonly selection?: { start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null };
}

/**
 * Remembers the focused element if it is `within` (in its tree, or below it through shadow
 * roots). With nothing focused on the page this is one check.
 */
export function saveFocus(within: Element): SavedFocus | undefined {
  const top = document.activeElement;
  if (!top || top === document.body) return undefined;
  const tree = within.getRootNode() as Document | ShadowRoot;
  const here = tree.activeElement;
  if (!here || !within.contains(here)) return undefined;
  const element = deepActiveElement(tree);
  if (!(element instanceof HTMLElement)) return undefined;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    try {
      return { element, selection: { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection } };
    } catch {
      // Inputs without selection (number, date): focus only.
    }
  }
  return { element };
}

/**
 * Puts focus back where it was when a re-render moved the focused element (removing a node from
 * the document drops its focus, and `repeat` moves nodes by re-inserting them).
 */
export function restoreFocus(saved: SavedFocus | undefined): void {
  if (!saved || !saved.element.isConnected || deepActiveElement() === saved.element) return;
  // Lay the re-inserted input out first: Chromium rebuilds its inner editor at layout and would
  // put the caret at the end, after we restored it.
  void saved.element.offsetHeight;
  saved.element.focus({ preventScroll: true });
  const s = saved.selection;
  if (s && s.start !== null && s.end !== null) {
    const el = saved.element as HTMLInputElement | HTMLTextAreaElement;
    try {
      el.setSelectionRange(s.start, s.end, s.direction ?? undefined);
    } catch {
      // The input type changed in between; focus is what matters.
    }
  }
}

const FOCUSABLE = 'a[href], button, input, select, textarea, audio[controls], video[controls], [tabindex], summary';

/** Focusable elements under `root` in tab order of the flat tree (shadow roots included). */
export function focusables(root: Element | ShadowRoot): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (node: Element | ShadowRoot): void => {
    const kids = node instanceof HTMLSlotElement ? node.assignedElements({ flatten: true }) : Array.from(node.children);
    for (const el of kids) {
      if (el instanceof HTMLElement && el.matches(FOCUSABLE) && isFocusable(el)) out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
      else walk(el);
    }
  };
  walk(root);
  return out;
}

function isFocusable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.hidden || el.inert) return false;
  return el.getClientRects().length > 0;
}
