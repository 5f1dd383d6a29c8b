/**
 * `<a2ui-surface>`: renders one surface of an `A2uiStore`.
 *
 * ```html
 * <a2ui-surface surface-id="main" theme="dark"><span slot="loading">Loading…</span></a2ui-surface>
 * <script type="module">
 *   document.querySelector('a2ui-surface').store = store; // a shared A2uiStore
 *   addEventListener('a2ui-action', (e) => send(e.detail.message));
 * </script>
 * ```
 *
 * - Shows the `loading` slot until the surface's `root` component exists, then renders the tree.
 *   When `surface-id` names no surface while the store holds others, it shows the `empty` slot.
 *   Both have accessible defaults (a `role="status"` "Loading…"; nothing); `renderFallback` renders
 *   these and the component-level states (unknown type, failed render, refused placeholder) instead
 *   — see fallbacks.ts.
 * - Without `surface-id` (or with `surface-id="*"`) it shows every surface of the store, in creation
 *   order, each as its own `<a2ui-surface>` (`::part(surface-item)`, in a `::part(surfaces)` column);
 *   a deleted surface is removed (after its farewells).
 * - `status` says what it shows (`waiting`, `unmatched`, `no-root`, `ready`, …; fallbacks.ts) and
 *   an `a2ui-status` event (bubbling, composed) fires when it changes: diagnostics for developers,
 *   shown in `<a2ui-inspector>`, never to end users. A surface that still has no store, or whose
 *   `surface-id` its store's surfaces still lack, a moment later, and each message its store
 *   refuses, also give one `console.warn` per cause on a local page or with `globalThis.a2uiDebug = true`
 *   (diagnostics.ts).
 * - On `deleteSurface` its content is removed (child elements disconnect and stop watching).
 * - Every outbound message of its surface (`action`, `error`, `callAgentFunction`) is also
 *   dispatched from the element as a bubbling, composed `a2ui-message` event with
 *   `detail: {message, metadata}`; actions additionally as `a2ui-action`
 *   (`detail: {action, message, metadata}`). Messages that carry no surface id (an error about a
 *   function call id, a `rendererFunctionResponse`) reach `store.onMessage` listeners only.
 * - Accessibility: when an agent update removes the focused control, focus moves to its
 *   replacement, else the nearest control, else the surface content, and the move is said in the
 *   surface's polite live region (focus-keeper.ts), where check messages and a disabled Button's
 *   reason are said too (announcer.ts). With `announce-updates`, the Texts an agent
 *   `updateDataModel` changes are said there as well (update-announcer.ts; off by default).
 * - `theme="light" | "dark"` forces a colour scheme; by default it follows `prefers-color-scheme`.
 *   The CSS custom properties of `theme.ts` restyle everything; `::part(...)` names are listed in
 *   `parts.ts`. Every component element renders into light DOM inside this element's one shadow
 *   root, which adopts the one shared sheet (styles.ts): `a2ui-surface::part(button)` reaches
 *   every Button in one step.
 *
 * @module
 */
import { LitElement, css, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { Reactive } from './reactive/index.ts';
import type { A2uiStore, ChildEntry, DataContext, NodeStore, OutboundMessage, Surface } from '../src/index.ts';
import { tokens } from './theme.ts';
import { farewellHooks, sayFarewell } from './farewell.ts';
import { Children } from './render-child.ts';
import { loadNamedTypes } from './lazy-elements.ts';
import { createElementFor } from './element-registry.ts';
import { keyedNodes } from './keyed-nodes.ts';
import { baseStyles } from './base.ts';
import { setPrelude, surfaceSheet } from './styles.ts';
import { PART_NAMES } from './parts.ts';
import { noteStalled, watchRefusals } from './diagnostics.ts';
import { LIVE_CLASS } from './announcer.ts';
import type { UpdateAnnouncer } from './update-announcer.ts';
import { headingOffset, offsetHeadings } from './heading-offset.ts';
import { hostFallback, registerHost, type A2uiStatusEventDetail, type FallbackHost, type FallbackRenderer, type SurfaceStatus } from './fallbacks.ts';

/** `detail` of the `a2ui-message` event. */
export interface A2uiMessageEventDetail {
  message: OutboundMessage;
  metadata: Record<string, unknown>;
}

/** `detail` of the `a2ui-action` event. */
export interface A2uiActionEventDetail extends A2uiMessageEventDetail {
  action: Extract<OutboundMessage, { action: unknown }>['action'];
}

/** The surface an outbound message belongs to, if it names one. */
export function messageSurfaceId(m: OutboundMessage): string | undefined {
  if ('action' in m) return m.action.surfaceId;
  if ('error' in m) return m.error.surfaceId;
  if ('callAgentFunction' in m) return m.callAgentFunction.surfaceId;
  return undefined;
}

/** The surface's own rules (on its host), and its fallbacks'. */
const surfaceStyles = css`
  :host {
    display: block;
    color: var(--_a2ui-color-on-surface);
    background: var(--_a2ui-color-surface);
    font-family: var(--_a2ui-font-family);
    font-size: var(--_a2ui-font-size-body);
    line-height: var(--_a2ui-line-height);
    /* The page's alignment is not the agent's: a centred page must not centre every Text. */
    text-align: start;
  }
  :host([hidden]) {
    display: none;
  }
  .every {
    display: flex;
    flex-direction: column;
    gap: var(--_a2ui-space-md);
  }
  .a2ui-live {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  [part='surface']:focus-visible {
    outline: 2px solid var(--_a2ui-color-focus);
    outline-offset: 2px;
  }
  .loading {
    color: var(--_a2ui-color-muted);
    font-size: var(--_a2ui-font-size-caption);
  }
`;

/**
 * What a surface element shown inside another (every-surface mode) exports: its own parts are in
 * its own shadow root, one level down (the only `exportparts` left).
 */
const NESTED_PARTS = `surface-item, ${PART_NAMES.join(', ')}`;

setPrelude([tokens, surfaceStyles, baseStyles].map((s) => s.cssText).join('\n'), [tokens, baseStyles]);

/**
 * `<a2ui-surface>`: renders one surface of an `A2uiStore` (set `store`; `surface-id` picks the
 * surface, absent or `*` shows every surface). It shows the `loading` slot until the surface's
 * `root` exists and the `empty` slot when `surface-id` names no surface while the store holds
 * others; `renderFallback` replaces these and the component-level fallbacks. Every outbound
 * message of its surface is also dispatched from it (`a2ui-message`, and `a2ui-action` for
 * actions); `status` and `a2ui-status` are developer diagnostics. `theme="light" | "dark"` forces
 * a colour scheme. Every component element renders into light DOM inside its one shadow root, so
 * `a2ui-surface::part(button)` reaches every Button in one step, and the tokens below, set on the
 * surface or an ancestor, restyle everything.
 *
 * @slot loading - shown until the surface's `root` component exists (default: a `role="status"` "Loading…")
 * @slot empty - shown when `surface-id` names no surface while the store holds others (default: nothing)
 * @fires a2ui-message - every outbound message of this surface: `detail: {message, metadata}` (bubbles, composed)
 * @fires a2ui-action - an action of this surface: `detail: {action, message, metadata}` (bubbles, composed)
 * @fires a2ui-status - `status` changed: `detail: {status, surfaceId}` (bubbles, composed)
 * @fires a2ui-surface-gone - internal: a surface shown in every-surface mode has said its farewells
 * @csspart surface - the wrapper of the rendered tree
 * @csspart surfaces - every-surface mode: the column of surfaces
 * @csspart surface-item - every-surface mode: one surface (each an `<a2ui-surface>` exporting its parts)
 * @cssprop --a2ui-color-primary - buttons, links, selected state (light `#0b57d0`, dark `#a8c7fa`)
 * @cssprop --a2ui-color-on-primary - text and icons on primary (`#ffffff`, `#062e6f`)
 * @cssprop --a2ui-color-surface - background (`#ffffff`, `#1f1f1f`)
 * @cssprop --a2ui-color-on-surface - text on surface (`#1f1f1f`, `#e3e3e3`)
 * @cssprop --a2ui-color-surface-variant - cards, code, tracks (`#f0f4f9`, `#2d2f31`)
 * @cssprop --a2ui-color-muted - captions, placeholders, hints (`#5e5e5e`, `#b4b4b4`)
 * @cssprop --a2ui-color-border - input outlines, dividers, ≥ 3:1 (`#757575`, `#8e918f`)
 * @cssprop --a2ui-color-error - check messages, invalid outlines (`#b3261e`, `#f2b8b5`)
 * @cssprop --a2ui-color-on-error - text on error (`#ffffff`, `#601410`)
 * @cssprop --a2ui-color-focus - focus ring (`#0b57d0`, `#a8c7fa`)
 * @cssprop --a2ui-color-scrim - modal backdrop (`rgb(0 0 0 / 0.5)`, `rgb(0 0 0 / 0.7)`)
 * @cssprop --a2ui-font-family - all text (`system-ui, …`)
 * @cssprop --a2ui-font-family-mono - code (`ui-monospace, …`)
 * @cssprop --a2ui-font-size-h1 - Text h1 (`2rem`)
 * @cssprop --a2ui-font-size-h2 - Text h2 (`1.5rem`)
 * @cssprop --a2ui-font-size-h3 - Text h3 (`1.25rem`)
 * @cssprop --a2ui-font-size-h4 - Text h4 (`1.125rem`)
 * @cssprop --a2ui-font-size-h5 - Text h5 (`1rem`)
 * @cssprop --a2ui-font-size-body - body text, inputs (`1rem`)
 * @cssprop --a2ui-font-size-caption - captions, helper text (`0.8125rem`)
 * @cssprop --a2ui-line-height - body line height (`1.5`)
 * @cssprop --a2ui-space-xs - gaps and padding (`0.25rem`)
 * @cssprop --a2ui-space-sm - gaps and padding (`0.5rem`)
 * @cssprop --a2ui-space-md - gaps and padding (`1rem`)
 * @cssprop --a2ui-space-lg - gaps and padding (`1.5rem`)
 * @cssprop --a2ui-space-xl - gaps and padding (`2rem`)
 * @cssprop --a2ui-radius-sm - corners (`4px`)
 * @cssprop --a2ui-radius-md - corners (`8px`)
 * @cssprop --a2ui-radius-lg - corners (`16px`)
 * @cssprop --a2ui-radius-full - pill corners (`9999px`)
 * @cssprop --a2ui-elevation-1 - cards (a box-shadow)
 * @cssprop --a2ui-elevation-2 - menus (a box-shadow)
 * @cssprop --a2ui-elevation-3 - modals (a box-shadow)
 */
export class A2uiSurfaceElement extends Reactive(LitElement) implements FallbackHost {
  // Reactive properties as a static table, not decorators: the decorator helpers would cost every
  // page's first load ~0.4 KB gzip (no first-load element uses them).
  static override properties: PropertyDeclarations = {
    store: { attribute: false },
    surfaceId: { attribute: 'surface-id' },
    renderFallback: { attribute: false },
    theme: { reflect: true },
    announceUpdates: { attribute: 'announce-updates', type: Boolean },
    headingOffset: { attribute: 'heading-offset', type: Number },
  };

  /** The store holding the surface. */
  store?: A2uiStore;

  /** Which surface of the store to render; absent or `*`: every surface, in creation order. */
  surfaceId?: string;

  /**
   * Renders the fallback states (`loading`, `empty`, `unknown`, `failed`, `placeholder`) instead
   * of the defaults: return a Lit template, a string or a new Node, or `undefined` for the default.
   * Set it before the surface renders. See fallbacks.ts.
   */
  renderFallback?: FallbackRenderer;

  /** What the element shows (diagnostics; see {@link SurfaceStatus}). */
  get status(): SurfaceStatus {
    return this.status_;
  }
  private status_: SurfaceStatus = 'no-store';
  private announced: SurfaceStatus | undefined;
  /** With every surface shown: one element per surface id, in the order first shown. */
  private readonly every = new Map<string, A2uiSurfaceElement>();
  private order: string[] = [];
  private readonly gone = new Set<string>();
  private everyStore: A2uiStore | undefined;

  /** `light` or `dark` forces a colour scheme; unset follows the user's preference. */
  theme?: 'light' | 'dark';

  /**
   * `announce-updates`: say the Texts an agent's `updateDataModel` changes in the surface's polite
   * live region, together and once per pause (off by default: a live ticker would talk over
   * everything; `@accessibility.live` marks a single component instead).
   */
  announceUpdates = false;

  /**
   * `heading-offset`: how many levels the agent's headings move down for the host page (0–5; a
   * markdown `#` under `heading-offset="2"` is a level-3 heading; capped at 6). heading-offset.ts.
   */
  headingOffset = 0;
  /** Loaded once `announce-updates` is on (update-announcer.ts, a file of its own). */
  private updates: UpdateAnnouncer | undefined;
  private updatesLoading = false;

  private readonly root_ = new Children(this);
  private context: { surface: Surface; context: DataContext } | undefined;
  /** The surface shown last (so a deleted one leaves nothing, not the loading slot). */
  private shown: { store: A2uiStore; id: string } | undefined;
  private unsubscribe: (() => void) | undefined;
  private subscribedTo: A2uiStore | undefined;
  /** The last tree rendered, kept on screen while components say goodbye after deleteSurface. */
  private lastTree: unknown = nothing;
  private farewell: { surface: Surface; done: boolean } | undefined;

  protected override createRenderRoot(): ShadowRoot {
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [surfaceSheet()];
    // Focus kept across agent updates (focus-keeper.ts, a file of its own), from the first focus
    // inside on: a surface nobody focuses never loads it. With no control left after an update,
    // focus lands on the content itself.
    root.addEventListener(
      'focusin',
      () =>
        void import('./focus-keeper.ts').then(
          (m) =>
            new m.FocusKeeper(root, () => {
              const content = root.querySelector<HTMLElement>('[part="surface"]');
              content?.setAttribute('tabindex', '-1');
              return content;
            }),
          () => undefined,
        ),
      { once: true },
    );
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    registerHost(this, true);
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    registerHost(this, false);
    this.unsubscribe?.();
    this.unsubscribe = this.subscribedTo = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.subscribe();
    if (this.announceUpdates && !this.updatesLoading) {
      this.updatesLoading = true;
      const root = this.renderRoot as ShadowRoot;
      import('./update-announcer.ts').then(
        (m) => (this.updates = new m.UpdateAnnouncer(root)),
        () => (this.updatesLoading = false),
      );
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Headings already shown take a new offset (those rendered later read it themselves).
    if (changed.has('headingOffset') && changed.get('headingOffset') !== undefined) offsetHeadings(this.renderRoot, headingOffset(this.renderRoot));
    if (this.announced === this.status_) return;
    this.announced = this.status_;
    noteStalled(this);
    const detail: A2uiStatusEventDetail = { status: this.status_, surfaceId: this.surfaceId };
    this.dispatchEvent(new CustomEvent<A2uiStatusEventDetail>('a2ui-status', { detail, bubbles: true, composed: true }));
  }

  /** @internal True when this element renders surface `id` of `store` itself. */
  renders(store: NodeStore, id: string): boolean {
    return this.store === store && this.surfaceId === id;
  }

  protected override render(): unknown {
    const store = this.store;
    const id = this.surfaceId;
    if (store && (id === undefined || id === '*')) return this.renderEvery(store);
    const surface = store && id !== undefined ? store.surface(id) : undefined;
    if (this.shown && (this.shown.store !== store || this.shown.id !== id)) this.shown = undefined;
    const deleted = this.context?.surface;
    if (deleted?.isDeleted && this.farewell?.surface !== deleted) {
      // Components that hold remote state (an MCP App) get a bounded moment to close it first.
      const farewell: { surface: Surface; done: boolean } = (this.farewell = { surface: deleted, done: false });
      void sayFarewell(farewellHooks(this.renderRoot)).then(() => {
        farewell.done = true;
        this.requestUpdate();
        this.dispatchEvent(new Event('a2ui-surface-gone'));
      });
    }
    if (this.farewell && !this.farewell.done) return this.lastTree;
    if (!store || !surface || surface.isDeleted) {
      this.context = undefined;
      this.lastTree = nothing;
      // Before the surface exists: loading (or empty, for an id the store's surfaces do not have). After deleteSurface: nothing.
      if (this.shown) {
        this.status_ = 'deleted';
        return nothing;
      }
      const unmatched = !!store && store.surfaceIds.length > 0;
      this.status_ = !store ? 'no-store' : unmatched ? 'unmatched' : 'waiting';
      return this.fallback(unmatched ? 'empty' : 'loading');
    }
    this.shown = { store, id: surface.id };
    if (this.context?.surface !== surface) this.context = { surface, context: store.context(surface.id)! };
    const entry: ChildEntry = { key: 'root', id: 'root', context: this.context.context };
    const root = this.root_.render({ store, surface }, [entry]);
    // The tag is a small computed: the surface re-renders when root arrives, not when it changes.
    const noRoot = this.root_.tag('root') === undefined;
    this.status_ = noRoot ? 'no-root' : 'ready';
    const loading = noRoot ? this.fallback('loading') : nothing;
    this.farewell = undefined;
    // The live region is in the page before anything is said in it (announcer.ts).
    return (this.lastTree = html`${loading}<div part="surface">${root}</div><div class=${LIVE_CLASS} role="status"></div>`);
  }

  /** The host's rendering of a surface-level state, else its slot with the default inside. */
  private fallback(state: 'loading' | 'empty'): unknown {
    const custom = hostFallback(this, { state, surfaceId: this.surfaceId });
    if (custom !== undefined) return custom;
    return state === 'loading' ? html`<slot name="loading"><span role="status" class="loading">Loading…</span></slot>` : html`<slot name="empty"></slot>`;
  }

  /**
   * Every surface of the store, in creation order, each as its own surface element. A deleted one
   * stays until it has said its farewells (its element fires `a2ui-surface-gone`).
   */
  private renderEvery(store: A2uiStore): unknown {
    this.context = undefined;
    if (this.everyStore !== store) {
      // Another store: its surfaces replace the old ones at once.
      this.everyStore = store;
      this.every.clear();
      this.order = [];
      this.gone.clear();
    }
    const live = store.surfaceIds;
    for (const id of live) this.gone.delete(id);
    const keep = new Set([...live, ...this.order.filter((id) => !this.gone.has(id) && this.every.get(id)?.holdsSurface())]);
    this.order = [...this.order.filter((id) => keep.has(id)), ...live.filter((id) => !this.order.includes(id))];
    for (const id of [...this.every.keys()]) if (!keep.has(id)) this.every.delete(id);
    this.status_ = live.length ? 'all' : 'waiting';
    const elements = this.order.map((id) => this.surfaceElement(store, id));
    return html`${live.length ? nothing : this.fallback('loading')}<div part="surfaces" class="every">${keyedNodes(elements)}</div>`;
  }

  private surfaceElement(store: A2uiStore, id: string): A2uiSurfaceElement {
    let el = this.every.get(id);
    if (!el) {
      el = createElementFor(this, this.localName) as A2uiSurfaceElement;
      el.surfaceId = id;
      // Styleable from the page: `a2ui-surface::part(surface-item)`, and every inner part as usual.
      el.setAttribute('part', 'surface-item');
      el.setAttribute('exportparts', NESTED_PARTS);
      el.addEventListener('a2ui-surface-gone', () => {
        this.gone.add(id);
        this.requestUpdate();
      });
      this.every.set(id, el);
    }
    el.store = store;
    el.renderFallback = this.renderFallback;
    el.theme = this.theme;
    el.headingOffset = this.headingOffset;
    return el;
  }

  /** @internal True while it shows a surface, or a deleted one's last tree during farewells. */
  holdsSurface(): boolean {
    return this.context !== undefined;
  }

  private subscribe(): void {
    if (!this.isConnected || this.subscribedTo === this.store) return;
    if (this.store) loadNamedTypes(this.store);
    this.unsubscribe?.();
    this.subscribedTo = this.store;
    if (this.store) watchRefusals(this.store);
    const inbound = this.store?.onInbound((message) => {
      if (this.announceUpdates && this.surfaceId !== undefined && updatesDataOf(message) === this.surfaceId) this.updates?.expect();
    });
    const outbound = this.store?.onMessage((message, metadata) => {
      if (this.surfaceId === undefined || messageSurfaceId(message) !== this.surfaceId) return;
      const detail = { message, metadata: metadata as Record<string, unknown> };
      this.dispatchEvent(new CustomEvent<A2uiMessageEventDetail>('a2ui-message', { detail, bubbles: true, composed: true }));
      if ('action' in message) {
        this.dispatchEvent(new CustomEvent<A2uiActionEventDetail>('a2ui-action', { detail: { ...detail, action: message.action }, bubbles: true, composed: true }));
      }
    });
    this.unsubscribe = () => {
      inbound?.();
      outbound?.();
    };
  }
}

/** The surface an inbound `updateDataModel` is for. */
function updatesDataOf(message: unknown): string | undefined {
  const body = (message as { updateDataModel?: { surfaceId?: unknown } } | null)?.updateDataModel;
  return typeof body?.surfaceId === 'string' ? body.surfaceId : undefined;
}

declare global {
  interface HTMLElementEventMap {
    'a2ui-message': CustomEvent<A2uiMessageEventDetail>;
    'a2ui-action': CustomEvent<A2uiActionEventDetail>;
    'a2ui-status': CustomEvent<A2uiStatusEventDetail>;
  }
}
