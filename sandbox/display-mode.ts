/**
 * Display modes of an MCP App: which ones the host offers (`availableDisplayModes`) and how an
 * app's `ui/request-display-mode` is answered. The host decides: a mode it does not offer is
 * answered with the current one, and nothing changes. The element moves the frame
 * (`display-layer.ts`); this file has no DOM and no protocol code (it is in the element's public types).
 */
/** How the app's frame is shown: in the page's flow, over the whole viewport, or floating small. */
export type DisplayMode = 'inline' | 'fullscreen' | 'pip';

/** Every mode, in the order they are offered. */
export const DISPLAY_MODES: readonly DisplayMode[] = ['inline', 'fullscreen', 'pip'];

export const isDisplayMode = (value: unknown): value is DisplayMode => DISPLAY_MODES.includes(value as DisplayMode);

/** Whether the page can lift the frame into the top layer (the Popover API), which fullscreen and pip need. */
export const canLiftFrames = (): boolean => typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * The modes offered to the app: `inline` always (the app can always go back), the others when
 * `wanted` lists them (not an array: all of them) and the page can show them.
 */
export function offeredModes(wanted: unknown, canLift = canLiftFrames()): DisplayMode[] {
  const list: unknown[] = Array.isArray(wanted) ? wanted : [...DISPLAY_MODES];
  return DISPLAY_MODES.filter((m) => m === 'inline' || (canLift && list.includes(m)));
}

/**
 * What the session asks of the element for an app's `ui/request-display-mode` (the bridge has
 * already checked the params against the spec's schema: an unknown or missing `mode` is -32602).
 */
export interface DisplayModeHost {
  /**
   * Switches to `mode` if the host offers it, the app declared it (`declared`: its
   * `availableDisplayModes`) and {@link appModeRefusal} allows it (and the app is not being torn
   * down); returns the mode now in effect.
   */
  requestDisplayMode(mode: DisplayMode, declared: unknown): DisplayMode;
}

/**
 * How long one user activation lasts in browsers (Chromium: 5 s). An app that changed its display
 * mode once may not change it again (away from inline) for this long, and after the user put the
 * app back inline it may not leave inline again for this long: by then the activation it used has
 * expired, so only a new gesture inside the app lets it leave again.
 */
export const APP_MODE_COOLDOWN_MS = 5000;

/** What an app's request to leave inline is checked against (times from `performance.now()`). */
export interface AppModeState {
  /** `availableDisplayModes` of the app's `ui/initialize` (not an array: the app declared none). */
  declared: unknown;
  /** When the app last left inline or switched lifted modes; `-Infinity` if never. */
  appChangedAt: number;
  /** When the user last put the app back inline with the host's controls; `-Infinity` if never. */
  userReturnedAt: number;
  /** Whether an activation is required at all (`limits.requireUserActivation`). */
  perActivation: boolean;
  now: number;
}

/** Why an app may not leave inline for `mode` now, or null when the offer rules alone decide. */
export function appModeRefusal(mode: DisplayMode, s: AppModeState): string | null {
  if (mode === 'inline') return null;
  if (Array.isArray(s.declared) && !s.declared.includes(mode)) return `the app did not declare display mode '${mode}'`;
  if (!s.perActivation) return null;
  if (s.now - s.userReturnedAt < APP_MODE_COOLDOWN_MS) return 'the user just put the app back inline';
  if (s.now - s.appChangedAt < APP_MODE_COOLDOWN_MS) return 'one display-mode change per user activation';
  return null;
}
