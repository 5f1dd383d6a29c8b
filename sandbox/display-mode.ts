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
  /** Switches to `mode` if the host offers it (and the app is not being torn down); returns the mode now in effect. */
  requestDisplayMode(mode: DisplayMode): DisplayMode;
}
