/**
 * Keeps an app from taking focus without the user's activation inside it. When focus moves into
 * the app's frame, it is allowed if the user just pressed Tab in the page (keyboard path in) or
 * the proxy frame — the app's parent, which a click or key press inside the app activates — has
 * a transient user activation. Otherwise focus goes back to where it was. With no activation in
 * the page at all, that happens at once; otherwise after the proxy answered.
 */
import type { BurstReporter } from './limits.ts';

/** A Tab press in the page counts as the way in for this long (focus crosses processes asynchronously). */
export const TAB_WINDOW_MS = 500;
/** How long the proxy may take to answer a focus check before focus is returned anyway. */
export const FOCUS_CHECK_MS = 1000;

/** What the guard needs from the element. */
export interface FocusGuardHooks {
  /** The element's proxy frame, if any. */
  frame(): HTMLIFrameElement | null;
  /** Asks the proxy for its activation; the answer comes back through {@link FocusGuard.answer}. */
  check(): void;
  /** Focus was taken back; reported once per burst. */
  reporter: BurstReporter;
}

/** The focused element, through open shadow roots. */
function deepActive(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

export class FocusGuard {
  private previous: HTMLElement | null = null;
  private tabbedAt = -Infinity;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly hooks: FocusGuardHooks) {}

  connect(): void {
    window.addEventListener('keydown', this.onKey, true);
    document.addEventListener('focusin', this.onFocusIn, true);
    window.addEventListener('blur', this.onBlur);
  }

  disconnect(): void {
    window.removeEventListener('keydown', this.onKey, true);
    document.removeEventListener('focusin', this.onFocusIn, true);
    window.removeEventListener('blur', this.onBlur);
    clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
  }

  /** The proxy's answer to a focus check. */
  answer(activated: boolean): void {
    if (this.checkTimer === undefined) return;
    clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
    if (!activated) this.refuse();
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Tab') this.tabbedAt = performance.now();
  };

  private readonly onFocusIn = () => {
    const el = deepActive();
    if (el instanceof HTMLElement && el !== this.hooks.frame()) this.previous = el;
  };

  private readonly onBlur = () => {
    if (!this.inFrame() || performance.now() - this.tabbedAt < TAB_WINDOW_MS) return;
    if (!navigator.userActivation?.isActive) return this.refuse();
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.answer(false), FOCUS_CHECK_MS);
    this.hooks.check();
  };

  private inFrame(): boolean {
    const frame = this.hooks.frame();
    return frame !== null && deepActive() === frame;
  }

  private refuse(): void {
    if (!this.inFrame()) return;
    const to = this.previous;
    if (to?.isConnected) to.focus({ preventScroll: true });
    if (this.inFrame()) this.hooks.frame()?.blur();
    this.hooks.reporter.refused('focus', 'focus taken without user activation');
  }
}
