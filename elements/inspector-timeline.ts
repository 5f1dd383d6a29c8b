/**
 * `<a2ui-inspector-timeline>`: record and replay for a store, with the session's timeline. It is
 * part of `<a2ui-inspector>` and works on its own too:
 *
 * ```html
 * <a2ui-inspector-timeline></a2ui-inspector-timeline>
 * <script type="module">document.querySelector('a2ui-inspector-timeline').store = store;</script>
 * ```
 *
 * - **Recording** starts when the element gets a store (unless `manual`), so the log of what just
 *   went wrong is there; **Stop** ends it, **Record** starts a new one (which begins with a snapshot
 *   of the surfaces shown). **Download log** saves the log as JSON — with what the user typed only
 *   when "Include user input" is ticked (off by default; else `redactLog`); **Load log…** reads one.
 * - **Replay** plays the log into a fresh store at the chosen speed and shows it in the page's
 *   `<a2ui-surface>` elements that showed the live store (an `a2ui-replay-store` event, composed,
 *   announces the store first; `preventDefault()` keeps the surfaces as they are). **Back to live**
 *   puts them back. The replay answers nothing and nothing reaches the live agent.
 * - **The timeline** lists every entry: ↓ from the agent, ↑ to the agent, • the user; errors and
 *   outbound messages that differ from the recording are marked. Pressing an entry jumps the replay
 *   there (a fresh store, played as fast as possible up to that entry), also while recording (the
 *   log so far); Replay then plays on. The list is one tab stop: arrows, Home and End move in it.
 *
 * @module
 */
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import {
  describeMessage,
  formatDifferences,
  messageKind,
  parseSessionLog,
  recordSession,
  redactLog,
  replaySession,
  type OutboundDifference,
  type SessionEntry,
  type SessionLog,
  type SessionRecorder,
} from '../src/session/index.ts'; // its own entry, like src/v09: the index would pull the whole core into the inspector's file
import type { A2uiStore } from '../src/index.ts';
import { tokens } from './theme.ts';

/** Detail of the `a2ui-replay-store` event. */
export interface ReplayStoreDetail {
  /** The store the surfaces are about to show: a replay's, or the live one again. */
  store: A2uiStore;
  /** The store the surfaces showed until now. */
  previous: A2uiStore;
}

const SPEEDS: Array<[string, number]> = [
  ['1× (recorded pace)', 1],
  ['4×', 4],
  ['as fast as possible', Infinity],
];

/** Entries shown at most (the log itself keeps all). */
const MAX_SHOWN = 2000;

/**
 * `<a2ui-inspector-timeline>`: record and replay for a store, with the session's timeline (part of `<a2ui-inspector>`, usable alone).
 *
 * @csspart record - the record / stop button
 * @csspart download - the download button
 * @csspart load - the load button
 * @csspart play - the replay button
 * @csspart live - the back-to-live button
 * @csspart status - the status line
 * @csspart differences - the replay differences
 * @csspart timeline - the list of entries
 * @fires a2ui-replay-store - cancelable, `detail: {store}`: a replay made a store; unless prevented, the element shows it
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
 * @cssprop --a2ui-radius-sm
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export class A2uiInspectorTimeline extends LitElement {
  static override styles = [
    tokens,
    css`
      :host { display: block; font-family: var(--_a2ui-font-family); font-size: var(--_a2ui-font-size-caption); color: var(--_a2ui-color-on-surface); }
      :host([hidden]) { display: none; }
      .bar { display: flex; flex-wrap: wrap; gap: var(--_a2ui-space-xs); align-items: center; padding: var(--_a2ui-space-xs); border-top: 1px solid var(--_a2ui-color-border); }
      button, select { font: inherit; color: inherit; background: var(--_a2ui-color-surface); border: 1px solid var(--_a2ui-color-border); border-radius: var(--_a2ui-radius-sm); padding: 2px var(--_a2ui-space-sm); cursor: pointer; }
      button:disabled { opacity: 0.6; cursor: not-allowed; }
      button[aria-pressed='true'] { color: var(--_a2ui-color-error); font-weight: 600; }
      button:focus-visible, select:focus-visible { outline: 2px solid var(--_a2ui-color-focus); outline-offset: 1px; }
      .status { margin: 0; padding: 0 var(--_a2ui-space-xs) var(--_a2ui-space-xs); color: var(--_a2ui-color-muted); }
      ol { list-style: none; margin: 0; padding: 0 var(--_a2ui-space-xs); max-height: 16em; overflow: auto; }
      li button { display: flex; gap: var(--_a2ui-space-sm); width: 100%; text-align: start; border-color: transparent; background: transparent; white-space: nowrap; overflow: hidden; }
      li[aria-current='step'] button { border-color: var(--_a2ui-color-primary); font-weight: 600; }
      li.played button { color: var(--_a2ui-color-on-surface); }
      li:not(.played) button { color: var(--_a2ui-color-muted); }
      .dir { width: 1.2em; text-align: center; font-weight: 700; }
      .t { font-family: var(--_a2ui-font-family-mono); }
      .error .what, .differs .what { color: var(--_a2ui-color-error); }
      .mark { color: var(--_a2ui-color-error); font-weight: 700; }
      pre { margin: var(--_a2ui-space-xs); padding: var(--_a2ui-space-xs); font-family: var(--_a2ui-font-family-mono); font-size: 12px; white-space: pre-wrap; background: var(--_a2ui-color-surface-variant); border-radius: var(--_a2ui-radius-sm); }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    `,
  ];

  /** The live store: the one recorded, and the one the replay's fresh store is set up like. */
  @property({ attribute: false }) store?: A2uiStore;

  /**
   * Makes the store a replay plays into. Default: a store of the live store's class with its
   * locale, host and catalogs (their implementations included), so page functions answer alike.
   */
  @property({ attribute: false }) createReplayStore?: (log: SessionLog) => A2uiStore;

  /** The log recorded or loaded last (set it to replay a log you have). */
  @property({ attribute: false }) log?: SessionLog;

  /** Record only when Record is pressed, not from the moment a store is attached. */
  @property({ type: Boolean, reflect: true }) manual = false;

  @state() private recorder?: SessionRecorder;
  @state() private live: SessionEntry[] = [];
  @state() private includeUserInput = false;
  @state() private speed = 1;
  /** The store a replay plays into while the surfaces show it. */
  @state() private replayStore?: A2uiStore;
  /** The last entry played, -1 before the first. */
  @state() private position = -1;
  @state() private playing = false;
  @state() private differences: OutboundDifference[] = [];
  @state() private message = '';
  /** Stops the replay running now (a jump or Back to live starts another or none). */
  private running?: AbortController;

  private recorded?: A2uiStore;

  override connectedCallback(): void {
    super.connectedCallback();
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.recorder?.stop();
    this.recorder = undefined;
    this.recorded = undefined;
  }

  protected override willUpdate(): void {
    this.follow();
  }

  /** A new store (or this element connected again): its recording starts, unless `manual`. */
  private follow(): void {
    if (!this.isConnected || this.recorded === this.store) return;
    this.recorder?.stop();
    this.recorder = undefined;
    this.recorded = this.store;
    if (this.store && !this.manual) this.record();
  }

  /** Starts recording the store. */
  record(): void {
    if (!this.store || this.recorder) return;
    this.live = [];
    // Everything is kept in memory (the inspector shows it all anyway); redaction applies to the download.
    this.recorder = recordSession(this.store, {
      includeUserInput: true,
      onEntry: (e) => {
        this.live.push(e);
        this.requestUpdate();
      },
    });
    this.message = 'Recording…';
  }

  /** Stops recording; the log becomes the one shown, downloaded and replayed. */
  stop(): SessionLog | undefined {
    if (!this.recorder) return undefined;
    this.setLog(this.recorder.stop(), 'Recorded');
    this.recorder = undefined;
    return this.log;
  }

  /**
   * Reads a log (JSON text or object) in place of the current one (a running recording ends);
   * returns false, with the reason shown, when it is not one.
   */
  load(input: unknown): boolean {
    const parsed = parseSessionLog(input);
    if ('code' in parsed) {
      this.message = `Not loaded: ${parsed.message}${parsed.path ? ` (at ${parsed.path})` : ''}.`;
      return false;
    }
    this.recorder?.stop();
    this.recorder = undefined;
    this.setLog(parsed, 'Loaded');
    return true;
  }

  /** Saves the log as a JSON file. */
  download(): void {
    const full = this.recorder?.snapshot() ?? this.log;
    if (!full) return;
    const log = this.includeUserInput ? full : redactLog(full);
    const url = URL.createObjectURL(new Blob([JSON.stringify(log, null, 1)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `a2ui-session-${log.recordedAt.replace(/[:.]/g, '-')}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Plays the log on from the current position (from the start into a fresh store when at the end). */
  async play(): Promise<void> {
    const log = this.current();
    if (!log) return;
    if (!this.replayStore || this.position >= log.entries.length - 1) {
      if (!this.fresh(log)) return;
      this.differences = [];
    }
    await this.replay(log, this.position + 1, undefined, this.speed);
  }

  /** Jumps the replay to entry `index`: a fresh store with everything up to it played at once. */
  async jump(index: number): Promise<void> {
    const log = this.current();
    if (!log || index < 0 || index >= log.entries.length || !this.fresh(log)) return;
    this.differences = [];
    await this.replay(log, 0, index, Infinity);
  }

  /** The log to replay: the recording so far while one runs, else the last recorded or loaded. */
  private current(): SessionLog | undefined {
    return this.recorder?.snapshot() ?? this.log;
  }

  /** Ends a replay: the surfaces show the live store again. */
  backToLive(): void {
    this.running?.abort();
    this.playing = false;
    const replay = this.replayStore;
    if (!replay) return;
    if (this.store) this.show(this.store, replay);
    replay.dispose();
    this.replayStore = undefined;
    this.position = -1;
    this.message = 'Showing the live store.';
  }

  protected override render(): unknown {
    const log = this.log;
    const recording = !!this.recorder;
    const entries = recording ? this.live : (log?.entries ?? []);
    return html`<div class="bar" role="toolbar" aria-label="Record and replay">
        <button part="record" aria-pressed=${recording ? 'true' : 'false'} ?disabled=${!this.store} @click=${() => (recording ? this.stop() : this.record())}>
          ${recording ? '■ Stop' : '● Record'}
        </button>
        <label><input type="checkbox" .checked=${this.includeUserInput} @change=${(e: Event) => (this.includeUserInput = (e.target as HTMLInputElement).checked)} /> Include user input</label>
        <button part="download" ?disabled=${!log && !recording} @click=${() => this.download()}>Download log</button>
        <button part="load" @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')!.click()}>Load log…</button>
        <input type="file" accept=".json,application/json" hidden aria-label="Session log file" @change=${this.onFile} />
        <button part="play" ?disabled=${(!log && !recording) || this.playing || !this.store} @click=${() => this.play()}>
          ${this.replayStore && this.position < entries.length - 1 ? 'Play on' : 'Replay'}
        </button>
        <select aria-label="Replay speed" @change=${(e: Event) => (this.speed = SPEEDS[(e.target as HTMLSelectElement).selectedIndex][1])}>
          ${SPEEDS.map(([label, s]) => html`<option ?selected=${s === this.speed}>${label}</option>`)}
        </select>
        <button part="live" ?disabled=${!this.replayStore} @click=${() => this.backToLive()}>Back to live</button>
      </div>
      <p class="status" part="status" role="status">${this.message}</p>
      ${entries.length ? this.renderTimeline(entries) : nothing}
      ${this.differences.length ? html`<pre part="differences">${formatDifferences(this.differences)}</pre>` : nothing}`;
  }

  private renderTimeline(entries: readonly SessionEntry[]): unknown {
    const differing = new Set(this.differences.map((d) => d.entry));
    const first = Math.max(0, entries.length - MAX_SHOWN);
    // One tab stop for the list (the current entry, else the last); arrows, Home and End move along it.
    const stop = this.position >= first ? this.position : entries.length - 1;
    return html`<ol part="timeline" aria-label="Session timeline" @keydown=${this.onListKey}>
      ${entries.slice(first).map((e, k) => {
        const i = first + k;
        const { dir, what, error } = label(e);
        const differs = differing.has(i);
        return html`<li
          class="${e.dir} ${error ? 'error' : ''} ${differs ? 'differs' : ''} ${i <= this.position ? 'played' : ''}"
          data-entry=${i}
          aria-current=${i === this.position ? 'step' : nothing}
        >
          <button ?disabled=${!this.store} tabindex=${i === stop ? 0 : -1} title="Jump the replay here" @click=${() => this.jump(i)}>
            <span class="dir" aria-hidden="true">${dir}</span>
            <span class="visually-hidden">${e.dir === 'in' ? 'from the agent' : e.dir === 'out' ? 'to the agent' : 'user'}</span>
            <span class="t">${(e.t / 1000).toFixed(3)} s</span>
            <span class="what">${what}</span>
            ${error ? html`<span class="mark" aria-hidden="true">✕</span><span class="visually-hidden">(an error)</span>` : nothing}
            ${differs ? html`<span class="mark" aria-hidden="true">≠</span><span class="visually-hidden">(differs from the recording)</span>` : nothing}
          </button>
        </li>`;
      })}
    </ol>`;
  }

  private onListKey(e: KeyboardEvent): void {
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('li button')];
    const at = buttons.indexOf(e.target as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (at < 0 || to === undefined || !buttons[to]) return;
    e.preventDefault();
    buttons[at].tabIndex = -1;
    buttons[to].tabIndex = 0;
    buttons[to].focus();
  }

  private setLog(log: SessionLog, how: string): void {
    if (this.replayStore) this.backToLive();
    this.log = log;
    this.live = [];
    this.differences = [];
    const loaded = how === 'Loaded' ? `, user input ${log.userInput}` : '';
    this.message = `${how} ${log.entries.length} entries (${(log.durationMs / 1000).toFixed(1)} s${loaded}).`;
  }

  private async onFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) this.load(await file.text());
  }

  /** A fresh replay store, shown in the surfaces in place of the current one. */
  private fresh(log: SessionLog): boolean {
    const live = this.store;
    if (!live) return false;
    const next = this.createReplayStore?.(log) ?? cloneSetup(live);
    const previous = this.replayStore ?? live;
    this.show(next, previous);
    if (this.replayStore) this.replayStore.dispose();
    this.replayStore = next;
    this.position = -1;
    return true;
  }

  private async replay(log: SessionLog, from: number, until: number | undefined, speed: number): Promise<void> {
    const store = this.replayStore!;
    this.running?.abort();
    const run = (this.running = new AbortController());
    this.playing = true;
    this.message = 'Replaying…';
    const result = await replaySession(log, store, { speed, from, until, signal: run.signal, onProgress: (i) => (this.position = i) });
    if (run.signal.aborted) return;
    this.playing = false;
    this.differences = [...this.differences, ...result.differences];
    const n = this.differences.length;
    const warnings = result.warnings.length ? ` Warnings: ${result.warnings.join('; ')}.` : '';
    this.message = `Replayed to entry ${this.position + 1} of ${log.entries.length}: ${n ? `${n} outbound message${n === 1 ? ' differs' : 's differ'} from the recording` : 'no differences'}.${warnings}`;
  }

  /** Shows `next` in the page's surfaces that showed `previous`, unless the host takes it over. */
  private show(next: A2uiStore, previous: A2uiStore): void {
    const detail: ReplayStoreDetail = { store: next, previous };
    const go = this.dispatchEvent(new CustomEvent('a2ui-replay-store', { detail, bubbles: true, composed: true, cancelable: true }));
    if (!go) return;
    for (const el of document.querySelectorAll('a2ui-surface')) if (el.store === previous) el.store = next;
  }
}

/**
 * A store set up like `live`: same class (so this file need not bundle its own copy of the core),
 * locale, host, partial updates and catalogs with their implementations.
 */
function cloneSetup(live: A2uiStore): A2uiStore {
  const Store = live.constructor as new (options: { locale: string; host: A2uiStore['host']; withoutBasicCatalog: boolean; partialUpdates: boolean }) => A2uiStore;
  const next = new Store({ locale: live.locale, host: live.host, withoutBasicCatalog: true, partialUpdates: live.partialUpdates });
  for (const id of live.catalogIds) next.registerCatalog(live.catalog(id)!);
  return next;
}

/** The arrow, the one-line description and whether it is an error, for one entry. */
function label(e: SessionEntry): { dir: string; what: string; error: boolean } {
  if (e.dir === 'user') {
    const where = `${e.input.componentId}${e.input.scope.length ? ` (item ${e.input.scope.map((s) => s.index).join('.')})` : ''}`;
    return { dir: '•', what: e.input.type === 'write' ? `user writes ${e.input.path} in ${where}` : `user runs the action of ${where}`, error: false };
  }
  const message = (typeof e.message === 'object' && e.message !== null ? e.message : {}) as Record<string, unknown>;
  const what = describeMessage(message);
  return { dir: e.dir === 'in' ? '↓' : '↑', what: e.dir === 'in' && e.snapshot ? `state at start: ${what}` : what, error: messageKind(message) === 'error' };
}

// Written out (not defineElement) for the custom elements manifest's analyzer; none in a server.
if (typeof customElements !== 'undefined' && !customElements.get('a2ui-inspector-timeline')) customElements.define('a2ui-inspector-timeline', A2uiInspectorTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'a2ui-inspector-timeline': A2uiInspectorTimeline;
  }
  interface HTMLElementEventMap {
    'a2ui-replay-store': CustomEvent<ReplayStoreDetail>;
  }
}
