/**
 * `<a2ui-inspector>`: a developer panel to drop next to a surface. It shows, live, the message log
 * in both directions (agent → renderer and renderer → agent, with the transport metadata of
 * outbound ones), the data model of every surface of the store, and the renderer → agent function
 * calls still waiting for an answer.
 *
 * ```html
 * <a2ui-surface surface-id="main"></a2ui-surface>
 * <a2ui-inspector></a2ui-inspector>
 * <script type="module">
 *   for (const el of document.querySelectorAll('a2ui-surface, a2ui-inspector')) el.store = store;
 * </script>
 * ```
 *
 * Attach it before the stream starts to see every message; it keeps the last `max-entries` (500).
 * Inbound messages are observed with `store.onInbound`.
 *
 * Above the panes, a diagnostics list names what leaves a page blank without a console line: an
 * `<a2ui-surface>` whose `surface-id` matches none of the store's surfaces, a surface whose `root`
 * has not arrived, and components shown as placeholders (refused under `partialUpdates`).
 *
 * @module
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Reactive } from './reactive/index.ts';
import type { A2uiStore } from '../src/index.ts';
import { tokens } from './theme.ts';
import { surfaceElements } from './fallbacks.ts';
import './inspector-timeline.ts';

/** One logged message. */
export interface InspectorEntry {
  /** Arrival order, from 1. */
  seq: number;
  /** `in`: agent → renderer; `out`: renderer → agent. */
  direction: 'in' | 'out';
  time: Date;
  /** The message's type key (`createSurface`, `action`, …) or `invalid`. */
  kind: string;
  surfaceId: string | undefined;
  /** One line about it (component count, path, action name, error code…). */
  summary: string;
  message: unknown;
  /** Transport metadata of an outbound message. */
  metadata?: Record<string, unknown>;
}

/** Which pane is shown. */
export type InspectorView = 'messages' | 'data' | 'calls';
const VIEWS: readonly InspectorView[] = ['messages', 'data', 'calls'];

const KINDS = [
  'createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse',
  'action', 'error', 'callAgentFunction', 'rendererFunctionResponse',
];

/**
 * `<a2ui-inspector>`: a developer panel next to a surface: the message log both ways, every surface's data model, the calls waiting for an answer, diagnostics, and record and replay.
 *
 * @csspart header - the tab row and controls
 * @csspart tab - a view tab
 * @csspart clear - the clear button
 * @csspart body - the selected view
 * @csspart timeline - the `<a2ui-inspector-timeline>`
 * @csspart diagnostics - the diagnostics list
 * @csspart entry - a message entry (with `entry-in` or `entry-out`)
 * @csspart json - pretty-printed JSON
 * @csspart metadata - the transport metadata (with `json`)
 * @csspart model - one surface's data model
 * @csspart calls - the function calls table
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-color-error
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-color-on-surface
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-color-surface
 * @cssprop --a2ui-color-surface-variant
 * @cssprop --a2ui-font-family
 * @cssprop --a2ui-font-family-mono
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-radius-md
 * @cssprop --a2ui-radius-sm
 * @cssprop --a2ui-space-md
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export class A2uiInspector extends Reactive(LitElement) {
  static override styles = [
    tokens,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
        font-family: var(--_a2ui-font-family);
        font-size: var(--_a2ui-font-size-caption);
        color: var(--_a2ui-color-on-surface);
        background: var(--_a2ui-color-surface);
        border: 1px solid var(--_a2ui-color-border);
        border-radius: var(--_a2ui-radius-md);
        overflow: hidden;
        color-scheme: light dark;
      }
      :host([theme='light']) { color-scheme: light; }
      :host([theme='dark']) { color-scheme: dark; }
      :host([hidden]) { display: none; }
      header {
        display: flex;
        align-items: center;
        gap: var(--_a2ui-space-xs);
        padding: var(--_a2ui-space-xs);
        background: var(--_a2ui-color-surface-variant);
        border-bottom: 1px solid var(--_a2ui-color-border);
        flex-wrap: wrap;
      }
      button {
        font: inherit;
        color: inherit;
        background: transparent;
        border: 1px solid transparent;
        border-radius: var(--_a2ui-radius-sm);
        padding: 2px var(--_a2ui-space-sm);
        cursor: pointer;
      }
      button[aria-selected='true'] {
        border-color: var(--_a2ui-color-border);
        background: var(--_a2ui-color-surface);
        font-weight: 600;
      }
      button:focus-visible { outline: 2px solid var(--_a2ui-color-focus); outline-offset: 1px; }
      .tabs { display: flex; gap: var(--_a2ui-space-xs); }
      .body:focus-visible { outline: 2px solid var(--_a2ui-color-focus); outline-offset: -2px; }
      .spacer { flex: 1; }
      .body { flex: 1; min-height: 0; overflow: auto; padding: var(--_a2ui-space-xs); }
      .empty { color: var(--_a2ui-color-muted); padding: var(--_a2ui-space-sm); }
      .diagnostics { margin: 0; padding: var(--_a2ui-space-xs) var(--_a2ui-space-md); list-style: '⚠ '; color: var(--_a2ui-color-on-surface); border-bottom: 1px solid var(--_a2ui-color-border); }
      details { border-bottom: 1px solid color-mix(in srgb, var(--_a2ui-color-border) 30%, transparent); }
      summary {
        display: flex;
        gap: var(--_a2ui-space-sm);
        align-items: baseline;
        padding: 2px var(--_a2ui-space-xs);
        cursor: pointer;
        white-space: nowrap;
        overflow: hidden;
      }
      .dir { font-weight: 700; width: 1.2em; text-align: center; }
      .in .dir { color: var(--_a2ui-color-primary); }
      .out .dir { color: var(--_a2ui-color-error); }
      .out.action .dir, .out.rendererFunctionResponse .dir, .out.callAgentFunction .dir { color: var(--_a2ui-color-on-surface); }
      .time, .surface { color: var(--_a2ui-color-muted); font-family: var(--_a2ui-font-family-mono); }
      .kind { font-weight: 600; }
      .error .kind { color: var(--_a2ui-color-error); }
      .summary { overflow: hidden; text-overflow: ellipsis; }
      pre {
        margin: 0 0 var(--_a2ui-space-xs);
        padding: var(--_a2ui-space-xs) var(--_a2ui-space-sm);
        font-family: var(--_a2ui-font-family-mono);
        font-size: 12px;
        background: var(--_a2ui-color-surface-variant);
        border-radius: var(--_a2ui-radius-sm);
        white-space: pre-wrap;
        word-break: break-word;
      }
      h3 { font-size: inherit; margin: var(--_a2ui-space-sm) 0 var(--_a2ui-space-xs); display: flex; gap: var(--_a2ui-space-sm); }
      .badge { font-weight: 400; color: var(--_a2ui-color-muted); }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; padding: 2px var(--_a2ui-space-xs); vertical-align: top; }
      td code { font-family: var(--_a2ui-font-family-mono); }
    `,
  ];

  /** The store to watch. */
  @property({ attribute: false }) store?: A2uiStore;

  /** The pane shown. */
  @property({ reflect: true }) view: InspectorView = 'messages';

  /** How many messages the log keeps (oldest dropped first). */
  @property({ type: Number, attribute: 'max-entries' }) maxEntries = 500;

  /** `light` or `dark` forces a colour scheme. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  @state() private entries: InspectorEntry[] = [];
  @state() private filter: 'all' | 'in' | 'out' = 'all';
  @state() private open = new Set<number>();

  private seq = 0;
  /** Set by `clear()`: surfaces whose createSurface was cleared from the log are not news. */
  private cleared = false;
  private watching: A2uiStore | undefined;
  private unhook: Array<() => void> = [];
  private models = new Map<string, () => void>();
  private readonly calls = new Map<string, { name: string; surfaceId: string; args: unknown; since: Date }>();

  /** The log, oldest first (a copy). */
  get log(): readonly InspectorEntry[] {
    return [...this.entries];
  }

  /** Empties the log. */
  clear(): void {
    this.cleared = true;
    this.entries = [];
    this.open = new Set();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.watch();
    document.addEventListener('a2ui-status', this.onStatus);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unwatch();
    document.removeEventListener('a2ui-status', this.onStatus);
  }

  /** A surface element's status changed: the diagnostics may have. */
  private readonly onStatus = (): void => this.requestUpdate();

  /** What would leave a page blank: mismatched surface ids, missing roots, placeholders. */
  private diagnostics(ids: readonly string[]): string[] {
    const store = this.store;
    if (!store) return [];
    const out: string[] = [];
    for (const el of surfaceElements(store)) {
      if (el.status === 'unmatched') out.push(`<a2ui-surface surface-id="${el.surfaceId}"> matches no surface; the store has ${ids.map((id) => `"${id}"`).join(', ')}`);
    }
    // A message still streaming shows its components as they close, but is logged once it closes.
    const logged = new Set(this.entries.flatMap((e) => (e.direction === 'in' && e.kind === 'createSurface' && e.surfaceId !== undefined ? [e.surfaceId] : [])));
    for (const id of ids) {
      const s = store.surface(id);
      if (!s) continue;
      if (!this.cleared && !logged.has(id)) out.push(`Surface "${id}": ${s.size} component${s.size === 1 ? '' : 's'} shown before its createSurface is in this log (a message still streaming is logged when it closes)`);
      if (!s.component('root')) out.push(`Surface "${id}": no root component yet (${s.size} component${s.size === 1 ? '' : 's'} received)`);
      const refused = s.rejectedIds();
      if (refused.length) out.push(`Surface "${id}": ${refused.length} refused component${refused.length === 1 ? '' : 's'} shown as placeholder (${refused.join(', ')})`);
    }
    return out;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.watch();
    if (changed.has('maxEntries') && this.entries.length > this.maxEntries) this.entries = this.entries.slice(-this.maxEntries);
  }

  protected override updated(): void {
    this.syncModels();
  }

  protected override render(): unknown {
    const ids = this.store?.surfaceIds ?? [];
    const pending = this.pendingIds();
    // APG tabs: one tab stop (roving tabindex), arrows/Home/End move between tabs and select.
    const tab = (view: InspectorView, label: string) =>
      html`<button
        role="tab"
        part="tab"
        id="tab-${view}"
        aria-controls="panel"
        aria-selected=${this.view === view ? 'true' : 'false'}
        tabindex=${this.view === view ? 0 : -1}
        @click=${() => (this.view = view)}
      >${label}</button>`;
    return html`<header part="header">
        <div role="tablist" aria-label="Inspector views" class="tabs" @keydown=${this.onTabKey}>
          ${tab('messages', `Messages (${this.entries.length})`)} ${tab('data', `Data model (${ids.length})`)}
          ${tab('calls', `Pending calls (${pending.length})`)}
        </div>
        <span class="spacer"></span>
        ${this.view === 'messages'
          ? html`<label
                >Show
                <select aria-label="Direction" @change=${(e: Event) => (this.filter = (e.target as HTMLSelectElement).value as 'all')}>
                  <option value="all">both ways</option>
                  <option value="in">↓ from agent</option>
                  <option value="out">↑ to agent</option>
                </select></label
              >
              <button part="clear" @click=${() => this.clear()}>Clear</button>`
          : nothing}
      </header>
      ${this.renderDiagnostics(ids)}
      <div class="body" part="body" role="tabpanel" id="panel" aria-labelledby="tab-${this.view}" tabindex="0">
        ${!this.store
          ? html`<div class="empty">No store attached.</div>`
          : this.view === 'messages'
            ? this.renderMessages()
            : this.view === 'data'
              ? this.renderModels(ids)
              : this.renderCalls(pending)}
      </div>
      <a2ui-inspector-timeline part="timeline" .store=${this.store}></a2ui-inspector-timeline>`;
  }

  private async onTabKey(e: KeyboardEvent): Promise<void> {
    const i = VIEWS.indexOf(this.view);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: VIEWS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.view = VIEWS[(next + VIEWS.length) % VIEWS.length]!;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>(`#tab-${this.view}`)?.focus();
  }

  private renderDiagnostics(ids: readonly string[]): unknown {
    const found = this.diagnostics(ids);
    if (!found.length) return nothing;
    return html`<ul part="diagnostics" class="diagnostics" aria-label="Diagnostics">
      ${found.map((d) => html`<li>${d}</li>`)}
    </ul>`;
  }

  private renderMessages(): unknown {
    const shown = this.entries.filter((e) => this.filter === 'all' || e.direction === this.filter).reverse();
    if (!shown.length) return html`<div class="empty">No messages yet.</div>`;
    return shown.map(
      (e) => html`<details
        class="entry ${e.direction} ${e.kind}"
        part="entry entry-${e.direction}"
        data-seq=${e.seq}
        .open=${this.open.has(e.seq)}
        @toggle=${(ev: Event) => this.toggle(e.seq, (ev.target as HTMLDetailsElement).open)}
      >
        <summary>
          <span class="dir" title=${e.direction === 'in' ? 'agent → renderer' : 'renderer → agent'}>${e.direction === 'in' ? '↓' : '↑'}</span>
          <span class="time">${clock(e.time)}</span>
          <span class="kind">${e.kind}</span>
          ${e.surfaceId !== undefined ? html`<span class="surface">${e.surfaceId}</span>` : nothing}
          <span class="summary">${e.summary}</span>
        </summary>
        ${this.open.has(e.seq)
          ? html`<pre part="json">${pretty(e.message)}</pre>
              ${e.metadata && Object.keys(e.metadata).length ? html`<pre part="json metadata">${pretty({ metadata: e.metadata })}</pre>` : nothing}`
          : nothing}
      </details>`,
    );
  }

  private renderModels(ids: readonly string[]): unknown {
    if (!ids.length) return html`<div class="empty">No surfaces.</div>`;
    return ids.map((id) => {
      const s = this.store!.peekSurface(id);
      if (!s) return nothing;
      return html`<section part="model" data-surface=${id}>
        <h3>${id} <span class="badge">v${s.version}${s.sendDataModel ? ' · sendDataModel' : ''}${s.catalogId ? ` · ${shortId(s.catalogId)}` : ''}</span></h3>
        <pre part="json">${pretty(s.dataModel.snapshot())}</pre>
      </section>`;
    });
  }

  private renderCalls(pending: string[]): unknown {
    if (!pending.length) return html`<div class="empty">No function calls waiting for the agent.</div>`;
    return html`<table part="calls">
      <thead><tr><th>Call id</th><th>Function</th><th>Surface</th><th>Arguments</th><th>Since</th></tr></thead>
      <tbody>
        ${pending.map((id) => {
          const c = this.calls.get(id);
          return html`<tr data-call=${id}>
            <td><code>${id}</code></td><td>${c?.name ?? '?'}</td><td>${c?.surfaceId ?? ''}</td>
            <td><code>${c ? JSON.stringify(c.args) : ''}</code></td><td>${c ? clock(c.since) : ''}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private toggle(seq: number, open: boolean): void {
    if (open === this.open.has(seq)) return;
    const next = new Set(this.open);
    if (open) next.add(seq);
    else next.delete(seq);
    this.open = next;
  }

  private pendingIds(): string[] {
    return this.store?.agentCalls.pendingIds ?? [];
  }

  private watch(): void {
    if (!this.isConnected || this.watching === this.store) return;
    this.unwatch();
    const store = (this.watching = this.store);
    this.cleared = false;
    if (!store) return;
    this.unhook.push(
      onInbound(store, (m) => this.add('in', m)),
      store.onMessage((m, meta) => this.add('out', m, meta as Record<string, unknown>)),
    );
  }

  private unwatch(): void {
    for (const off of this.unhook) off();
    this.unhook = [];
    for (const off of this.models.values()) off();
    this.models.clear();
    this.calls.clear();
    this.watching = undefined;
  }

  /** One data-model subscription per live surface: a write anywhere re-renders the pane. */
  private syncModels(): void {
    const store = this.watching;
    const live = new Set(store?.surfaceIds ?? []);
    for (const [id, off] of this.models) {
      if (!live.has(id)) {
        off();
        this.models.delete(id);
      }
    }
    for (const id of live) {
      const s = store!.peekSurface(id);
      if (s && !this.models.has(id)) this.models.set(id, s.dataModel.subscribe('/', () => this.view === 'data' && this.requestUpdate()));
    }
  }

  private add(direction: 'in' | 'out', message: unknown, metadata?: Record<string, unknown>): void {
    const kind = kindOf(message);
    const body = kind === 'invalid' ? undefined : ((message as Record<string, unknown>)[kind] as Record<string, unknown> | undefined);
    if (kind === 'callAgentFunction' && body) {
      // (A draft surface's call writes `call`.)
      const call = body.callFunction as { '@call'?: string; call?: string; args?: unknown } | undefined;
      this.calls.set(String(body.functionCallId), { name: String(call?.['@call'] ?? call?.call), surfaceId: String(body.surfaceId ?? ''), args: call?.args ?? {}, since: new Date() });
    }
    const entry: InspectorEntry = {
      seq: ++this.seq,
      direction,
      time: new Date(),
      kind,
      surfaceId: typeof body?.surfaceId === 'string' ? body.surfaceId : undefined,
      summary: summarize(kind, body),
      message: snapshot(message),
      metadata: metadata && Object.keys(metadata).length ? snapshot(metadata) as Record<string, unknown> : undefined,
    };
    const next = [...this.entries, entry];
    this.entries = next.length > this.maxEntries ? next.slice(-this.maxEntries) : next;
    // Settled calls leave the table (kept while the store still lists them as pending).
    this.dropSettled(String(body?.functionCallId));
    // An inbound message is seen before it applies, and one the store holds (a piece it needs is
    // loading) applies later: while calls are listed, look again once it has.
    const store = this.store;
    if (direction === 'in' && store && this.calls.size) {
      queueMicrotask(() =>
        void store.settled().then(() => {
          this.dropSettled();
          this.requestUpdate();
        }),
      );
    }
  }

  /** Drops the calls the store no longer lists as pending (but `keep`, a call just sent). */
  private dropSettled(keep?: string): void {
    const pending = new Set(this.pendingIds());
    for (const id of this.calls.keys()) if (!pending.has(id) && id !== keep) this.calls.delete(id);
  }
}

/** Observes every agent → renderer message a store applies (`store.onInbound`). Returns the unsubscribe. */
export function onInbound(store: A2uiStore, listener: (message: unknown) => void): () => void {
  return store.onInbound(listener);
}

function kindOf(m: unknown): string {
  if (typeof m !== 'object' || m === null) return 'invalid';
  return KINDS.find((k) => Object.hasOwn(m, k)) ?? 'invalid';
}

function summarize(kind: string, b: Record<string, unknown> | undefined): string {
  if (!b) return '';
  switch (kind) {
    case 'createSurface':
      return [b.catalogId ? shortId(String(b.catalogId)) : '', b.sendDataModel ? 'sendDataModel' : ''].filter(Boolean).join(' · ');
    case 'updateComponents':
      return Array.isArray(b.components) ? `${b.components.length} component${b.components.length === 1 ? '' : 's'}` : '';
    case 'updateDataModel':
      return `${b.path ?? '/'}${Object.hasOwn(b, 'value') ? ' = ' + clip(JSON.stringify(b.value)) : ' (delete)'}`;
    case 'action':
      return `${b.name}${b.sourceComponentId ? ` from ${b.sourceComponentId}` : ''} ${clip(JSON.stringify(b.context ?? {}))}`;
    case 'error':
      return `${b.code}: ${b.message}`;
    case 'callAgentFunction':
    case 'callRendererFunction': {
      const call = b.callFunction as { '@call'?: string; args?: unknown } | undefined;
      return `${call?.['@call']}(${clip(JSON.stringify(call?.args ?? {}))}) #${b.functionCallId}`;
    }
    case 'agentFunctionResponse':
    case 'rendererFunctionResponse':
      return `#${b.functionCallId} → ${b.error ? `error ${(b.error as { code?: string }).code}` : clip(JSON.stringify(b.value))}`;
    default:
      return '';
  }
}

function snapshot(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    return v;
  }
}

/** Pretty JSON; strings longer than {@link LONG_STRING} (an app's HTML…) are cut, with their length. */
function pretty(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'string' && x.length > LONG_STRING ? `${x.slice(0, 80)}… (${x.length} characters)` : x), 2) ?? String(v);
  } catch {
    return String(v);
  }
}

const LONG_STRING = 400;

function clip(s: string | undefined, n = 60): string {
  return s === undefined ? '' : s.length > n ? s.slice(0, n - 1) + '…' : s;
}

function shortId(catalogId: string): string {
  const m = /catalogs\/([^/]+)\//.exec(catalogId);
  return m ? `${m[1]} catalog` : catalogId;
}

function clock(d: Date): string {
  return `${d.toTimeString().slice(0, 8)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

// Written out (not defineElement) for the custom elements manifest's analyzer; none in a server.
if (typeof customElements !== 'undefined' && !customElements.get('a2ui-inspector')) customElements.define('a2ui-inspector', A2uiInspector);

declare global {
  interface HTMLElementTagNameMap {
    'a2ui-inspector': A2uiInspector;
  }
}
