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
 * - On `deleteSurface` its content is removed (child elements disconnect and stop watching).
 * - Every outbound message of its surface (`action`, `error`, `callAgentFunction`) is also
 *   dispatched from the element as a bubbling, composed `a2ui-message` event with
 *   `detail: {message, metadata}`; actions additionally as `a2ui-action`
 *   (`detail: {action, message, metadata}`). Messages that carry no surface id (an error about a
 *   function call id, a `rendererFunctionResponse`) reach `store.onMessage` listeners only.
 * - `theme="light" | "dark"` forces a colour scheme; by default it follows `prefers-color-scheme`.
 *   The CSS custom properties of `theme.ts` restyle everything; `::part(...)` names are listed in
 *   `parts.ts`. Every component element renders into light DOM inside this element's one shadow
 *   root, which adopts the one shared sheet (styles.ts): `a2ui-surface::part(button)` reaches
 *   every Button in one step.
 *
 * @module
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { Reactive } from './reactive/index.ts';
import type { A2uiStore, ChildEntry, DataContext, OutboundMessage, Surface } from '../src/index.ts';
import { tokens } from './theme.ts';
import { farewellHooks, sayFarewell } from './farewell.ts';
import { Children } from './render-child.ts';
import { baseStyles } from './base.ts';
import { setPrelude, surfaceSheet } from './styles.ts';

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

/** The surface's own rules (on its host). */
const surfaceStyles = css`
  :host {
    display: block;
    color: var(--_a2ui-color-on-surface);
    background: var(--_a2ui-color-surface);
    font-family: var(--_a2ui-font-family);
    font-size: var(--_a2ui-font-size-body);
    line-height: var(--_a2ui-line-height);
  }
  :host([hidden]) {
    display: none;
  }
`;

setPrelude([tokens, surfaceStyles, baseStyles].map((s) => s.cssText).join('\n'), [tokens, baseStyles]);

export class A2uiSurfaceElement extends Reactive(LitElement) {
  /** The store holding the surface. */
  @property({ attribute: false }) store?: A2uiStore;

  /** Which surface of the store to render. */
  @property({ attribute: 'surface-id' }) surfaceId?: string;

  /** `light` or `dark` forces a colour scheme; unset follows the user's preference. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

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
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = this.subscribedTo = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.subscribe();
  }

  protected override render(): unknown {
    const store = this.store;
    const id = this.surfaceId;
    const surface = store && id !== undefined ? store.surface(id) : undefined;
    if (this.shown && (this.shown.store !== store || this.shown.id !== id)) this.shown = undefined;
    const deleted = this.context?.surface;
    if (deleted?.isDeleted && this.farewell?.surface !== deleted) {
      // Components that hold remote state (an MCP App) get a bounded moment to close it first.
      const farewell: { surface: Surface; done: boolean } = (this.farewell = { surface: deleted, done: false });
      void sayFarewell(farewellHooks(this.renderRoot)).then(() => {
        farewell.done = true;
        this.requestUpdate();
      });
    }
    if (this.farewell && !this.farewell.done) return this.lastTree;
    if (!store || !surface || surface.isDeleted) {
      this.context = undefined;
      this.lastTree = nothing;
      // Before the surface exists: loading. After deleteSurface: nothing.
      return this.shown ? nothing : html`<slot name="loading"></slot>`;
    }
    this.shown = { store, id: surface.id };
    if (this.context?.surface !== surface) this.context = { surface, context: store.context(surface.id)! };
    const entry: ChildEntry = { key: 'root', id: 'root', context: this.context.context };
    const root = this.root_.render({ store, surface }, [entry]);
    // The tag is a small computed: the surface re-renders when root arrives, not when it changes.
    const loading = this.root_.tag('root') === undefined ? html`<slot name="loading"></slot>` : nothing;
    this.farewell = undefined;
    return (this.lastTree = html`${loading}<div part="surface">${root}</div>`);
  }

  private subscribe(): void {
    if (!this.isConnected || this.subscribedTo === this.store) return;
    this.unsubscribe?.();
    this.subscribedTo = this.store;
    this.unsubscribe = this.store?.onMessage((message, metadata) => {
      if (this.surfaceId === undefined || messageSurfaceId(message) !== this.surfaceId) return;
      const detail = { message, metadata: metadata as Record<string, unknown> };
      this.dispatchEvent(new CustomEvent<A2uiMessageEventDetail>('a2ui-message', { detail, bubbles: true, composed: true }));
      if ('action' in message) {
        this.dispatchEvent(new CustomEvent<A2uiActionEventDetail>('a2ui-action', { detail: { ...detail, action: message.action }, bubbles: true, composed: true }));
      }
    });
  }
}

declare global {
  interface HTMLElementEventMap {
    'a2ui-message': CustomEvent<A2uiMessageEventDetail>;
    'a2ui-action': CustomEvent<A2uiActionEventDetail>;
  }
}
