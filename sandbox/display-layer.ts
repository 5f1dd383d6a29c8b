/**
 * The host-owned layer that shows an app full screen or as a small floating frame. The frame is
 * never moved in the DOM (an iframe that moves reloads, which would end the app's session): its
 * wrapper is lifted into the top layer as a manual popover and styled to fill the viewport or
 * float in a corner. Fullscreen is modal for the keyboard: focus moves to the close control,
 * Tab cycles between the host's controls and the app, Escape closes, and focus returns to where
 * it was. The controls are the host's, outside the app's reach.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { DisplayMode } from './display-mode.ts';
import { deepActive } from './focus-guard.ts';

/** What the layer needs from the element. */
export interface DisplayLayerHooks {
  /** The wrapper around the frame (lifted into the top layer). */
  layer(): HTMLElement | null;
  frame(): HTMLIFrameElement | null;
  /** The user asked to leave (Escape in fullscreen). */
  exit(): void;
  /** The host is about to move focus into the frame itself (so the focus guard lets it stay). */
  focusingFrame(): void;
}

export class DisplayLayer {
  private shown: DisplayMode = 'inline';
  private returnTo: HTMLElement | null = null;

  constructor(private readonly hooks: DisplayLayerHooks) {}

  connect(): void {
    document.addEventListener('focusin', this.onFocusIn);
  }

  disconnect(): void {
    document.removeEventListener('focusin', this.onFocusIn);
    this.shown = 'inline';
    this.returnTo = null;
  }

  /** After each render: lifts or lowers the layer to match `mode`, moving focus in and back. */
  sync(mode: DisplayMode): void {
    const layer = this.hooks.layer();
    const was = this.shown;
    if (!layer || mode === was) return;
    this.shown = mode;
    if (was === 'inline') {
      const active = deepActive();
      this.returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
      if (!layer.matches(':popover-open')) layer.showPopover();
    } else if (mode === 'inline' && layer.matches(':popover-open')) {
      layer.hidePopover();
    }
    if (mode === 'fullscreen') this.firstControl()?.focus();
    else if (was === 'fullscreen' || mode === 'inline') this.restoreFocus(layer);
  }

  /** Escape leaves fullscreen (when the key reaches the host: keys typed inside the app go to the app). */
  readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || this.shown !== 'fullscreen') return;
    e.preventDefault();
    e.stopPropagation();
    this.hooks.exit();
  };

  /** Shift+Tab from the first control: on to the app (the last stop of the cycle). */
  readonly onStartSentinel = (): void => this.focusFrame();

  /** Tab past the app: back to the first control. */
  readonly onEndSentinel = (): void => this.firstControl()?.focus();

  private readonly onFocusIn = (e: FocusEvent): void => {
    const layer = this.hooks.layer();
    if (this.shown !== 'fullscreen' || !layer || e.composedPath().includes(layer)) return;
    this.firstControl()?.focus();
  };

  private firstControl(): HTMLElement | null {
    return this.hooks.layer()?.querySelector<HTMLElement>('button') ?? null;
  }

  private focusFrame(): void {
    this.hooks.focusingFrame();
    this.hooks.frame()?.focus();
  }

  /** Focus goes back where it was, if it is still in the lowered layer or was dropped with a removed control. */
  private restoreFocus(layer: HTMLElement): void {
    const active = deepActive();
    const lost = active === null || active === document.body || layer.contains(active);
    const to = this.returnTo;
    this.returnTo = null;
    if (!lost || !to?.isConnected) return;
    if (to === this.hooks.frame()) this.focusFrame();
    else to.focus({ preventScroll: true });
  }
}

/** Labels of the host's controls. */
export const LAYER_TEXT = {
  exitFullscreen: 'Exit full screen',
  backToPage: 'Back to page',
  close: 'Close',
  showHere: 'Show here',
  fullscreenNote: 'is open in full screen.',
  pipNote: 'is open in a floating window.',
} as const;

/** The host's toolbar over a lifted frame: the app's name and the controls to leave. */
export function layerToolbar(mode: DisplayMode, label: string, on: { close(): void; backToPage(): void }): TemplateResult | typeof nothing {
  if (mode === 'inline') return nothing;
  const controls =
    mode === 'fullscreen'
      ? html`<button type="button" class="control" part="control close" @click=${on.close}>${LAYER_TEXT.exitFullscreen}</button>`
      : html`<button type="button" class="control" part="control back" @click=${on.backToPage}>${LAYER_TEXT.backToPage}</button
          ><button type="button" class="control" part="control close" @click=${on.close}>${LAYER_TEXT.close}</button>`;
  return html`<div class="toolbar" part="toolbar"><span class="name">${label}</span>${controls}</div>`;
}

/** In fullscreen, a focus stop before the toolbar and one after the app, which keep Tab inside the layer. */
export function layerSentinel(mode: DisplayMode, onFocus: () => void): TemplateResult | typeof nothing {
  return mode === 'fullscreen' ? html`<span class="sentinel" tabindex="0" @focus=${onFocus}></span>` : nothing;
}

/** What stays in the page's flow while the frame is lifted: same height, a note and a way back. */
export function layerPlaceholder(mode: DisplayMode, label: string, height: number, showHere: () => void): TemplateResult | typeof nothing {
  if (mode === 'inline') return nothing;
  const note = mode === 'fullscreen' ? LAYER_TEXT.fullscreenNote : LAYER_TEXT.pipNote;
  return html`<div class="placeholder" part="placeholder" style="min-height:${height}px">
    <span>${label} ${note}</span>
    <button type="button" class="control" part="control show-here" @click=${showHere}>${LAYER_TEXT.showHere}</button>
  </div>`;
}

/** Styles of the layer, its toolbar and the placeholder: the surface's theme tokens where there is one, else system colours. */
export const layerStyles = css`
  .layer { display: block; }
  .layer:popover-open {
    box-sizing: border-box; display: flex; flex-direction: column; margin: 0; padding: 0; overflow: hidden;
    max-width: none; max-height: none; border: 0;
    background: var(--_a2ui-color-surface, var(--a2ui-color-surface, Canvas)); color: var(--_a2ui-color-on-surface, var(--a2ui-color-on-surface, CanvasText));
  }
  /* The viewport without its scrollbars (the initial containing block). */
  .layer[data-mode='fullscreen'] { position: fixed; inset: 0; width: auto; height: auto; }
  .layer[data-mode='pip'] {
    position: fixed; inset: auto 16px 16px auto;
    width: min(400px, calc(100vw - 32px)); height: min(300px, calc(100dvh - 32px));
    border: 1px solid var(--_a2ui-color-border, var(--a2ui-color-border, CanvasText)); border-radius: var(--_a2ui-radius-md, var(--a2ui-radius-md, 8px));
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.3);
  }
  .layer:popover-open .frame { flex: 1; min-height: 0; height: auto; border: 0; border-radius: 0; }
  .toolbar {
    display: flex; align-items: center; gap: 8px; padding: 4px 8px;
    border-block-end: 1px solid var(--_a2ui-color-border, var(--a2ui-color-border, CanvasText));
  }
  .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .control { font: inherit; min-height: 32px; padding: 0 12px; cursor: pointer; }
  .control:focus-visible { outline: 2px solid var(--_a2ui-color-focus, var(--a2ui-color-focus, Highlight)); outline-offset: 2px; }
  .placeholder {
    box-sizing: border-box; display: flex; align-items: center; align-content: center; justify-content: center; gap: 12px; flex-wrap: wrap;
    padding: 12px; border: 1px dashed var(--_a2ui-color-border, var(--a2ui-color-border, CanvasText)); border-radius: var(--_a2ui-radius-md, var(--a2ui-radius-md, 8px));
  }
  .sentinel { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  @media (forced-colors: active) {
    .layer:popover-open { border: 1px solid CanvasText; }
  }
`;
