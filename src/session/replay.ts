/**
 * `replaySession(log, store)`: plays a recorded session into a store and compares what the store
 * sends with what was recorded.
 *
 * - Agent → renderer messages are fed with `store.process`, at their recorded times divided by
 *   `speed` (`Infinity`: as fast as possible). The replay answers nothing itself: the agent's
 *   recorded answers (`agentFunctionResponse`) are inbound entries like any other.
 * - The user's inputs are repeated through the same code the elements use: a write goes through
 *   the component's two-way binding (`ComponentNode.write`), a gesture runs the component's action
 *   (`ComponentNode.act`), in the template scope where it happened. So an `action` is not copied
 *   from the log: its context is evaluated again, and a renderer that now resolves it differently
 *   shows up as a difference. A redacted log has no written values; its writes are skipped (and
 *   counted), and its outbound messages are compared by type only.
 * - Every outbound message is collected and the lists are aligned; differences are values with a
 *   readable {@link formatDifferences} text, never an exception. An action's `timestamp` (the wall
 *   clock) is left out of the comparison, and in `outbound` it is the log's clock (start + the
 *   entry's time), so two replays of one log give identical messages.
 *
 * @module
 */
import { isObject } from '../json.ts';
import type { A2uiStore } from '../store.ts';
import type { UserInput } from '../user-input.ts';
import { compareOutbound, formatDifferences, type OutboundDifference, type Recorded, type Sent } from './diff.ts';
import { parseSessionLog, type SessionLog, type SessionLogError } from './log.ts';
import { isRedacted, redactMetadata, redactOutbound } from './redact.ts';
import { localTimeZone } from './record.ts';
import { LIBRARY_VERSION } from '../version.ts';

/** How to replay. */
export interface ReplayOptions {
  /** 1: the recorded pace (default); 2: twice as fast; `Infinity`: no waiting. */
  speed?: number;
  /** First entry to play (default 0); outbound messages recorded before it are not compared. */
  from?: number;
  /** Last entry to play, inclusive (default: the last one). */
  until?: number;
  /**
   * Waits until the renderer has done what an entry causes (elements render, and a rendered
   * binding may call an agent function). Default: one macrotask, which drains Lit's updates.
   */
  settle?: () => Promise<void>;
  /** Called after each entry has been played and settled (a timeline's position). */
  onProgress?: (entry: number) => void;
  /** Stops the replay early; the result covers what was played. */
  signal?: AbortSignal;
}

/** What a replay did and how it differs from the recording. */
export interface ReplayResult {
  /** Outbound messages of the replay, in order (action timestamps on the log's clock). */
  outbound: Sent[];
  /** Each outbound message that differs from the recording. Empty: a faithful replay. */
  differences: OutboundDifference[];
  /** Where the replaying store is set up differently from the recording one (locale, catalogs, time zone). */
  warnings: string[];
  /** Entries played. */
  played: number;
  /** User writes that could not be repeated (redacted values, or the component is gone). */
  skipped: number;
  /** The differences and warnings as readable text ('' when there are none). */
  report: string;
  /** Set when `log` is not a session log this library reads (then nothing was played). */
  error?: SessionLogError;
}

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Replays `log` into `store` (best a fresh one, set up like the recording one). Never throws. */
export async function replaySession(log: SessionLog, store: A2uiStore, options: ReplayOptions = {}): Promise<ReplayResult> {
  const checked = parseSessionLog(log);
  if ('code' in checked) return { outbound: [], differences: [], warnings: [], played: 0, skipped: 0, report: `not replayed: ${checked.message} (at ${checked.path || '/'})`, error: checked };
  const speed = options.speed ?? 1;
  const settle = options.settle ?? macrotask;
  const from = Math.max(0, options.from ?? 0);
  const until = Math.min(log.entries.length - 1, options.until ?? Infinity);
  const redacted = log.userInput === 'redacted';
  const startedAt = Date.parse(log.recordedAt) || 0;
  const outbound: Sent[] = [];
  const during: number[] = [];
  let at = from;
  let clock = log.entries[from]?.t ?? 0;
  const off = store.onMessage((message, metadata) => {
    const m = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
    if (isObject(m.action)) m.action = { ...m.action, timestamp: new Date(startedAt + clock).toISOString() };
    during.push(at);
    outbound.push(Object.keys(metadata).length ? { message: m, metadata: JSON.parse(JSON.stringify(metadata)) } : { message: m });
  });
  const recorded: Recorded[] = [];
  let played = 0;
  let skipped = 0;
  const began = Date.now();
  const base = log.entries[from]?.t ?? 0;
  try {
    for (let i = from; i <= until && !options.signal?.aborted; i++) {
      const entry = log.entries[i];
      if (entry.dir === 'out') {
        recorded.push({ entry: i, t: entry.t, message: entry.message, ...(entry.metadata ? { metadata: entry.metadata } : {}) });
        continue;
      }
      if (Number.isFinite(speed) && speed > 0) {
        const wait = (entry.t - base) / speed - (Date.now() - began);
        if (wait > 0) await sleep(wait, options.signal);
        if (options.signal?.aborted) break;
      }
      clock = entry.t;
      at = i;
      if (entry.dir === 'in') store.process(entry.message);
      else if (!repeat(store, entry.input, redacted)) skipped++;
      played++;
      await settle();
      if (!options.signal?.aborted) options.onProgress?.(i);
    }
    await settle();
  } finally {
    off();
  }
  const ignore = redacted ? (s: Sent) => typeOnly(withoutTimestamp(s)) : withoutTimestamp;
  const differences = compareOutbound(recorded, outbound, during, ignore);
  const warnings = setupWarnings(log, store);
  const report = [formatDifferences(differences), ...warnings.map((w) => `warning: ${w}`)].filter(Boolean).join('\n');
  return { outbound, differences, warnings, played, skipped, report };
}

/** Repeats one user input through a component node in its scope; false when it cannot. */
function repeat(store: A2uiStore, input: UserInput, redacted: boolean): boolean {
  let context = store.context(input.surfaceId);
  if (!context) return false;
  for (const step of input.scope) context = context.child(step.list, step.index);
  const node = store.componentNode(input.surfaceId, input.componentId, context)!;
  if (input.type === 'write') {
    if (redacted || isRedacted(input.value)) return false;
    return node.write(input.property, input.value);
  }
  void node.act(...(input.action === undefined ? [] : [input.action]));
  return true;
}

function withoutTimestamp(s: Sent): Sent {
  if (!isObject(s.message.action)) return s;
  const { timestamp: _ignored, ...action } = s.message.action;
  return { ...s, message: { ...s.message, action } };
}

/** A redacted log holds types and lengths; lengths depend on what was typed, so only types are compared. */
function typeOnly(s: Sent): Sent {
  const strip = (v: unknown): unknown => (Array.isArray(v) ? v.map(strip) : isObject(v) ? (isRedacted(v) ? { $redacted: v.$redacted } : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x)]))) : v);
  return { message: strip(redactOutbound(s.message)) as Record<string, unknown>, ...(s.metadata ? { metadata: strip(redactMetadata(s.metadata)) as Record<string, unknown> } : {}) };
}

function setupWarnings(log: SessionLog, store: A2uiStore): string[] {
  const out: string[] = [];
  const o = log.options;
  if (log.library.version !== LIBRARY_VERSION) out.push(`the log was recorded with ${log.library.name} ${log.library.version}, this is ${LIBRARY_VERSION}`);
  if (o.locale !== store.locale) out.push(`the log was recorded with locale ${o.locale}, this store uses ${store.locale}`);
  const missing = o.catalogIds.filter((id) => !store.catalogIds.includes(id));
  if (missing.length) out.push(`catalogs of the recording this store lacks: ${missing.join(', ')}`);
  if ((o.partialUpdates ?? false) !== store.partialUpdates) out.push(`the log was recorded with partialUpdates ${o.partialUpdates ?? false}, this store has ${store.partialUpdates}`);
  const zone = localTimeZone();
  if (o.timeZone !== zone) out.push(`the log was recorded in time zone ${o.timeZone}, this replay runs in ${zone}`);
  return out;
}
