/**
 * Whose user activation is it? Browsers give a frame's transient activation to its ancestors and
 * to the activated document's same-origin descendants. With the proxy on its own origin, a click
 * in the page never activates the proxy, so the proxy's own activation is the app's. With the
 * proxy on the page's origin (the default layout) a click or key press in the page activates the
 * proxy too, and the app could speak for a user who was typing in the page. There the host counts
 * an activation as the app's only when the user's last gesture went into the app: focus entered
 * the frame by the user (a Tab from the page, or with the pointer moved onto the frame after the
 * last gesture in the page) and stayed there. The page sees its own gestures; keys and clicks
 * inside the frame never reach it. It also tells when the pointer last moved in the page, so the
 * element can hold an app's resizes while the user is aiming (`size.ts`).
 */

/** Events that give the page a transient activation (HTML's activation-triggering input events). */
const GESTURES = ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'touchend'] as const;

export class AppActivation {
  private pageGestureAt = -Infinity;
  private pointerAt = -Infinity;
  private pointerOverAt: number | null = null;
  private admittedAt: number | null = null;

  /** `frame()`: the element's proxy frame, if any. */
  constructor(private readonly frame: () => HTMLIFrameElement | null) {}

  connect(): void {
    for (const type of GESTURES) window.addEventListener(type, this.onGesture, true);
    window.addEventListener('pointerover', this.onOver, true);
    window.addEventListener('pointerout', this.onOut, true);
    window.addEventListener('pointermove', this.onMove, true);
  }

  disconnect(): void {
    for (const type of GESTURES) window.removeEventListener(type, this.onGesture, true);
    window.removeEventListener('pointerover', this.onOver, true);
    window.removeEventListener('pointerout', this.onOut, true);
    window.removeEventListener('pointermove', this.onMove, true);
    this.pointerOverAt = this.admittedAt = null;
  }

  /** Milliseconds since the user's last gesture in the page itself. */
  sincePageGesture(): number {
    return performance.now() - this.pageGestureAt;
  }

  /** Milliseconds since the pointer last moved or pressed in the page, or crossed the frame's edge. */
  sincePointer(): number {
    return performance.now() - this.pointerAt;
  }

  /** Whether focus entering the frame now is the user's doing by pointer: the pointer came onto the frame after the last page gesture. */
  pointerEntered(): boolean {
    return this.pointerOverAt !== null && this.pointerOverAt > this.pageGestureAt;
  }

  /** Focus entered the frame by the user (a Tab, a click into it, the host giving it back). */
  admitFocus(): void {
    this.admittedAt = performance.now();
  }

  /** Focus entered the frame without the user: nothing the app does now speaks for them. */
  refuseFocus(): void {
    this.admittedAt = null;
  }

  /**
   * Whether the page's transient activation is the app's, with the proxy on the page's origin:
   * focus is in the frame, and the user put it there after their last gesture in the page (a
   * focus entry admitted since, or the pointer on the frame, having come onto it since).
   */
  sameOriginActivated(): boolean {
    if (!navigator.userActivation?.isActive || !this.frameFocused()) return false;
    // Focus may have entered without the page seeing it (the page window did not have focus): the pointer on the frame then says where the click went.
    return (this.admittedAt !== null && this.admittedAt > this.pageGestureAt) || this.pointerEntered();
  }

  /** The frame holds focus (through open shadow roots). */
  frameFocused(): boolean {
    const frame = this.frame();
    if (!frame) return false;
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el === frame;
  }

  private readonly onGesture = (e: Event) => {
    // Events retargeted from inside the frame never arrive here; a key event in the page does.
    if (!e.isTrusted) return;
    this.pageGestureAt = performance.now();
    if (e.type !== 'keydown') this.pointerAt = this.pageGestureAt;
  };

  private readonly onMove = (e: PointerEvent) => {
    if (e.isTrusted) this.pointerAt = performance.now();
  };

  private readonly onOver = (e: PointerEvent) => {
    this.pointerAt = performance.now();
    if (e.composedPath()[0] === this.frame()) this.pointerOverAt ??= performance.now();
    else this.pointerOverAt = null;
  };

  private readonly onOut = (e: PointerEvent) => {
    this.pointerAt = performance.now();
    if (e.composedPath()[0] === this.frame()) this.pointerOverAt = null;
  };
}
