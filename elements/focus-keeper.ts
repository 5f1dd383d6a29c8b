/**
 * Focus that survives the agent: when an update removes the focused control (an answer to a click
 * often replaces the Button that was pressed), focus moves to its replacement — the control of the
 * same component id, else a new control in the same place — else to the nearest remaining control,
 * else to the surface itself, and the move is announced in the surface's live region. Without it
 * focus falls to `<body>` and a screen reader or keyboard user loses their place.
 *
 * It watches the surface's tree only while focus is inside it (a `MutationObserver` from `focusin`
 * until focus leaves), so a surface nobody focused pays nothing.
 *
 * @module
 */
import { announce } from './announcer.ts';
import { deepActiveElement, focusables } from './focus.ts';

/** The focused control as last seen: the component it belongs to and its place among the controls. */
interface Focused {
  /**
   * Weakly: a control removed inside a nested surface's own shadow root is a removal this keeper
   * never sees, and must not stay reachable from here.
   */
  readonly element: WeakRef<HTMLElement>;
  /** The component id of the nearest component element around it. */
  readonly id: string | undefined;
  /** Its index among that component's controls. */
  readonly local: number;
}

/** The control an update removed, as far as finding its replacement needs. */
type Lost = Pick<Focused, 'id' | 'local'>;

/** Where a removed control was: its removed subtree's parent and neighbours. */
interface Place {
  readonly parent: Node;
  readonly before: Node | null;
  readonly after: Node | null;
}

type WithNode = Element & { node?: { id?: unknown } };

/** Keeps focus inside one surface's shadow root across agent updates (see the module doc). */
export class FocusKeeper {
  private focused: Focused | undefined;
  private readonly observer = new MutationObserver((records) => this.onMutations(records));
  private watching = false;
  private resolving = false;

  /** `fallback` gives the element to focus when no control is left (the surface's content). */
  constructor(
    private readonly root: ShadowRoot,
    private readonly fallback: () => HTMLElement | null,
  ) {
    root.addEventListener('focusin', this.onFocusIn);
    root.addEventListener('focusout', this.onFocusOut);
    // Made on the first focus inside (surface.ts): that focus is the first to keep.
    this.onFocusIn();
  }

  private readonly onFocusIn = (): void => {
    const element = deepActiveElement(this.root);
    if (!(element instanceof HTMLElement)) return;
    const owner = componentOf(element, this.root);
    const id = typeof owner?.node?.id === 'string' ? owner.node.id : undefined;
    this.focused = { element: new WeakRef(element), id, local: owner ? Math.max(0, focusables(owner).indexOf(element)) : 0 };
    if (!this.watching) {
      this.watching = true;
      this.observer.observe(this.root, { childList: true, subtree: true });
    }
  };

  private readonly onFocusOut = (): void => {
    // A removal may fire focusout too; whether focus really left is known once the removal is done.
    queueMicrotask(() => {
      const focused = this.focused;
      if (!focused || !focused.element.deref()?.isConnected || this.resolving) return;
      if (this.root.activeElement) return;
      this.stop();
    });
  };

  private stop(): void {
    this.focused = undefined;
    this.watching = false;
    this.observer.disconnect();
  }

  private onMutations(records: MutationRecord[]): void {
    const focused = this.focused;
    const element = focused?.element.deref();
    if (!focused || !element || element.isConnected || this.resolving) return;
    let place: Place | undefined;
    for (const r of records) {
      for (const removed of r.removedNodes) {
        if (composedContains(removed, element)) place = { parent: r.target, before: r.previousSibling, after: r.nextSibling };
      }
    }
    if (!place) return;
    // What was lost, without the element itself: a removed subtree must not stay reachable from here.
    const lost: Lost = { id: focused.id, local: focused.local };
    this.focused = undefined;
    this.resolving = true;
    // The replacement renders in the same batch or the next frame (reactive/batch.ts): look after it.
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.resolving = false;
        this.resolve(lost, place);
      }),
    );
  }

  private resolve(lost: Lost, place: Place): void {
    const active = deepActiveElement();
    // Somebody (the user, the page, a component) put focus somewhere meanwhile: theirs wins.
    if (active && active !== document.body) return this.stop();
    const controls = focusables(this.root);
    const target = this.replacement(lost, place, controls) ?? nearest(place, controls, this.root) ?? this.fallback();
    if (!target) return this.stop();
    target.focus();
    const name = nameOf(target);
    announce(this.root, name ? `Content updated. Focus moved to ${name}.` : 'Content updated. Focus moved to the start of the content.');
  }

  /** The control of the same component id, else a new control in the same place. */
  private replacement(lost: Lost, place: Place, controls: HTMLElement[]): HTMLElement | undefined {
    if (lost.id !== undefined) {
      const same = controls.filter((c) => componentOf(c, this.root)?.node?.id === lost.id);
      const owner = same[0] && componentOf(same[0], this.root);
      if (owner) {
        const own = focusables(owner);
        return own[lost.local] ?? own[0];
      }
    }
    if (!place.parent.isConnected) return undefined;
    return controls.find((c) => {
      const top = inTree(c, this.root);
      if (!top || !place.parent.contains(top) || top === place.parent) return false;
      const afterBefore = !place.before?.isConnected || follows(top, place.before);
      const beforeAfter = !place.after?.isConnected || follows(place.after, top);
      return afterBefore && beforeAfter && !(place.before?.contains(top) ?? false) && !(place.after?.contains(top) ?? false);
    });
  }
}

/** The nearest control after the place (else before it) when the place is still in the page. */
function nearest(place: Place, controls: HTMLElement[], root: ShadowRoot): HTMLElement | undefined {
  const anchor = [place.after, place.before, place.parent].find((n): n is Node => !!n?.isConnected);
  if (!anchor || !controls.length) return controls[0];
  const tops = controls.map((c) => inTree(c, root));
  const i = tops.findIndex((t) => !!t && (follows(t, anchor) || (anchor === place.after && anchor.contains(t))));
  return i >= 0 ? controls[i] : controls[controls.length - 1];
}

/** True when `a` comes after `b` in document order (and is not inside it). */
const follows = (a: Node, b: Node): boolean => (b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && !b.contains(a);

/** `el`, or the shadow host around it that lives in `root`'s tree. */
function inTree(el: Element, root: ShadowRoot): Element | undefined {
  let node: Element | undefined = el;
  while (node && node.getRootNode() !== root) node = (node.getRootNode() as ShadowRoot).host;
  return node;
}

/** True when `node` is `ancestor` or inside it, through shadow roots. */
function composedContains(ancestor: Node, node: Node): boolean {
  let n: Node | null = node;
  while (n) {
    if (ancestor === n || ancestor.contains(n)) return true;
    const r = n.getRootNode();
    n = r instanceof ShadowRoot ? r.host : null;
  }
  return false;
}

/** The nearest component element around `el` (one with a `node`), up to the surface's root. */
function componentOf(el: Element, root: ShadowRoot): WithNode | undefined {
  let n: Node | null = el;
  while (n && n !== root) {
    if (n instanceof Element && (n as WithNode).node) return n as WithNode;
    n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null);
  }
  return undefined;
}

/** A short name for the announcement: the control's label, else its text. */
function nameOf(el: HTMLElement): string {
  const labelled = el.getAttribute('aria-labelledby');
  const root = el.getRootNode() as ShadowRoot | Document;
  const byRef = labelled
    ?.split(/\s+/)
    .map((id) => root.getElementById(id)?.textContent ?? '')
    .join(' ');
  const label = (el as HTMLInputElement).labels?.[0]?.textContent;
  return (el.getAttribute('aria-label') || byRef || label || el.textContent || el.title || '').replace(/\s+/g, ' ').trim().slice(0, 80);
}
