/**
 * `recordSession(store)`: records what passes through a store, in order, into a
 * {@link SessionLog}: every agent → renderer message as received (`onInbound`), every
 * renderer → agent message with its transport metadata (`onMessage`; the agent's answers to
 * function calls are inbound `agentFunctionResponse` messages), and every write and gesture the
 * user makes through a component (`onUserInput`). Surfaces already shown when it starts open the
 * log as a snapshot (`snapshot: true` entries), so a log begun mid-session replays into a fresh
 * store. Public store API only; no DOM.
 *
 * @module
 */
import type { A2uiStore } from '../store.ts';
import { LIBRARY_VERSION } from '../version.ts';
import { SESSION_LOG_FORMAT, SESSION_LOG_SCHEMA_VERSION, type SessionEntry, type SessionLog } from './log.ts';
import { redactEntry } from './redact.ts';

/** How to record. */
export interface RecordOptions {
  /**
   * Keep the values the user typed (binding writes, action contexts, function arguments and
   * answers, data-model metadata). Off by default: they are replaced by type and length, and the
   * log says `"userInput": "redacted"`. Only a host that has the user's consent should turn it on.
   */
  includeUserInput?: boolean;
  /** Called with each entry as it is recorded (a live timeline). */
  onEntry?: (entry: SessionEntry, index: number) => void;
}

/** A running recording. */
export interface SessionRecorder {
  /** Ends the recording and returns the log (later calls return the same log). */
  stop(): SessionLog;
  /** The log so far, without stopping. */
  snapshot(): SessionLog;
  readonly recording: boolean;
}

/** Starts recording `store`'s traffic. */
export function recordSession(store: A2uiStore, options: RecordOptions = {}): SessionRecorder {
  const include = options.includeUserInput === true;
  const clock = globalThis.performance ?? Date;
  const start = clock.now();
  const recordedAt = new Date().toISOString();
  const entries: SessionEntry[] = [];
  const t = () => Math.round((clock.now() - start) * 10) / 10;
  const add = (entry: SessionEntry) => {
    entries.push(include ? entry : redactEntry(entry));
    try {
      options.onEntry?.(entries[entries.length - 1], entries.length - 1);
    } catch {
      // A timeline's fault cannot stop the recording.
    }
  };
  // Surfaces already there: a log that begins mid-session still starts from what the page showed.
  for (const message of startState(store)) add({ t: 0, dir: 'in', message, snapshot: true });
  const offs = [
    store.onInbound((message) => add({ t: t(), dir: 'in', message: jsonCopy(message) })),
    store.onMessage((message, metadata) => {
      const meta = Object.keys(metadata).length ? (jsonCopy(metadata) as Record<string, unknown>) : undefined;
      add({ t: t(), dir: 'out', message: jsonCopy(message) as Record<string, unknown>, ...(meta ? { metadata: meta } : {}) });
    }),
    store.onUserInput((input) => add({ t: t(), dir: 'user', input: jsonCopy(input) as typeof input })),
  ];
  let done: SessionLog | undefined;
  const log = (): SessionLog => ({
    format: SESSION_LOG_FORMAT,
    schemaVersion: SESSION_LOG_SCHEMA_VERSION,
    library: { name: 'a2ui-elements', version: LIBRARY_VERSION },
    recordedAt,
    durationMs: t(),
    options: { catalogIds: store.catalogIds, locale: store.locale, timeZone: localTimeZone(), partialUpdates: store.partialUpdates },
    userInput: include ? 'included' : 'redacted',
    entries: [...entries],
  });
  return {
    stop() {
      if (!done) {
        for (const off of offs) off();
        done = log();
      }
      return done;
    },
    snapshot: () => done ?? log(),
    get recording() {
      return !done;
    },
  };
}

/**
 * The v1.0 surfaces of `store` as messages that rebuild them: createSurface with the data model,
 * then the components in arrival order as they were sent. (Answers the agent gave to function
 * calls before are not state a message can carry: a replay asks again. v0.9 surfaces are left out.)
 */
function startState(store: A2uiStore): unknown[] {
  const out: unknown[] = [];
  for (const id of store.surfaceIds) {
    const s = store.surface(id);
    if (!s || s.version !== '1.0') continue;
    const create: Record<string, unknown> = { surfaceId: id };
    if (s.catalogId !== undefined) create.catalogId = s.catalogId;
    if (s.sendDataModel) create.sendDataModel = true;
    if (s.metadata) create.metadata = jsonCopy(s.metadata);
    create.dataModel = s.dataModel.snapshot();
    out.push({ version: '1.0', createSurface: create });
    const components = s.ids().flatMap((c) => {
      const source = s.peek(c)?.source;
      return source === undefined ? [] : [JSON.parse(source) as unknown];
    });
    if (components.length) out.push({ version: '1.0', updateComponents: { surfaceId: id, components } });
  }
  return out;
}

/** The time zone the formatting functions see (the process's or page's). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** A JSON copy; what JSON cannot hold (a host's odd input) becomes its string form. */
function jsonCopy(v: unknown): unknown {
  try {
    return v === undefined ? null : JSON.parse(JSON.stringify(v));
  } catch {
    return String(v);
  }
}
