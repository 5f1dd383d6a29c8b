/**
 * Keeps an app from taking focus without the user's activation inside it. When focus moves into
 * the app's frame, it is allowed if the user just pressed Tab in the page (keyboard path in) or
 * the proxy frame — the app's parent, which a click or key press inside the app activates — has
 * a transient user activation. Otherwise focus goes back to where it was: at once when nothing in
 * the page was activated or the user was just working in the page (a stolen key press would
 * otherwise activate the app before the proxy could answer), else once the proxy answered.
 * With the proxy on the page's origin the proxy shares the page's activation, so there focus may
 * stay only after a Tab or when the pointer came onto the frame after the last gesture in the page
 * (`app-activation.ts`). Browsers give no way to stop a cross-origin frame from taking focus, only
 * to take it back, so an app that keeps doing it is reported as abusive (the element then stops it).
 */
import type { AppActivation } from './app-activation.ts';
import { TokenBuckets, type BurstReporter, type RateLimit } from './limits.ts';

/** A Tab press in the page counts as the way in for this long (focus crosses processes asynchronously). */
export const TAB_WINDOW_MS = 500;
/** How long the proxy may take to answer a focus check before focus is returned anyway. */
export const FOCUS_CHECK_MS = 1000;
/** A key press or pointer press in the page this recent means focus was taken from a working user. */
export const PAGE_GESTURE_MS = 300;

/** What the guard needs from the element. */
export interface FocusGuardHooks {
  /** The element's proxy frame, if any. */
  frame(): HTMLIFrameElement | null;
  /** Asks the proxy for its activation; the answer comes back through {@link FocusGuard.answer}. */
  check(): void;
  /** Focus was taken back; reported once per burst. */
  reporter: BurstReporter;
  /** How many grabs are tolerated (the `focus` rate limit), read at each {@link FocusGuard.reset}. */
  limit(): RateLimit;
  /** The app took focus more often than {@link limit} allows. */
  abusive(): void;
  /** Where the user's gestures went; told which focus entries were the user's. */
  activation: AppActivation;
  /** Whether the proxy shares the page's origin (and so its activation). */
  sameOrigin(): boolean;
}

/** The focused element, through open shadow roots. */
export function deepActive(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

export class FocusGuard {
  private previous: HTMLElement | null = null;
  private tabbedAt = -Infinity;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private grabs: TokenBuckets;

  constructor(private readonly hooks: FocusGuardHooks) {
    this.grabs = this.newBucket();
  }

  /** Starts counting grabs afresh (a new app). */
  reset(): void {
    this.grabs = this.newBucket();
  }

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

  /** The host itself moves focus into the frame now (giving it back after fullscreen): like a Tab press, it may stay. */
  admitHostFocus(): void {
    this.tabbedAt = performance.now();
    this.hooks.activation.admitFocus();
  }

  /** The proxy's answer to a focus check. */
  answer(activated: boolean): void {
    if (this.checkTimer === undefined) return;
    clearTimeout(this.checkTimer);
    this.checkTimer = undefined;
    if (!activated) this.refuse();
    else if (this.inFrame()) this.hooks.activation.admitFocus();
  }

  private newBucket(): TokenBuckets {
    const rates = { focus: this.hooks.limit() } as ConstructorParameters<typeof TokenBuckets>[0];
    return new TokenBuckets(rates);
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Tab') this.tabbedAt = performance.now();
  };

  private readonly onFocusIn = () => {
    const el = deepActive();
    if (el instanceof HTMLElement && el !== this.hooks.frame()) this.previous = el;
  };

  private readonly onBlur = () => {
    if (!this.inFrame()) return;
    const { activation } = this.hooks;
    if (performance.now() - this.tabbedAt < TAB_WINDOW_MS) return activation.admitFocus();
    // Focus moved inside a blur handler does not stick: take it back in the next task.
    const fromPage = activation.sincePageGesture() < PAGE_GESTURE_MS;
    if (this.hooks.sameOrigin()) {
      // The proxy's activation is the page's too: only the pointer on the frame says the user clicked into it.
      if (!fromPage && activation.pointerEntered()) return activation.admitFocus();
      return void setTimeout(() => this.refuse(), 0);
    }
    if (fromPage || !navigator.userActivation?.isActive) return void setTimeout(() => this.refuse(), 0);
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.answer(false), FOCUS_CHECK_MS);
    this.hooks.check();
  };

  private inFrame(): boolean {
    const frame = this.hooks.frame();
    return frame !== null && deepActive() === frame;
  }

  private refuse(): void {
    this.hooks.activation.refuseFocus();
    if (!this.inFrame()) return;
    const to = this.previous;
    if (to?.isConnected) to.focus({ preventScroll: true });
    if (this.inFrame()) this.hooks.frame()?.blur();
    this.hooks.reporter.refused('focus', 'focus taken without user activation');
    if (!this.grabs.take('focus')) this.hooks.abusive();
  }
}
