/**
 * The session log: what happened between an agent and a store, as plain JSON. Entries are in
 * order, each with its time in ms since the recording started: agent → renderer messages as
 * received (`in`), renderer → agent messages with their transport metadata (`out`), and what the
 * user did through components (`user`). {@link parseSessionLog} checks a log read from a file.
 *
 * @module
 */
import { isObject } from '../json.ts';
import type { UserInput } from '../user-input.ts';

/** The log format's name and the schema version this library writes and reads. */
export const SESSION_LOG_FORMAT = 'a2ui-session-log';
export const SESSION_LOG_SCHEMA_VERSION = 1;

/** An agent → renderer message, as the store received it (any protocol version, valid or not). */
export interface InboundEntry {
  t: number;
  dir: 'in';
  message: unknown;
  /**
   * Not received but made by the recorder: the state of a surface that existed when the
   * recording began (createSurface with its data model, then its components as they came).
   */
  snapshot?: true;
}

/** A renderer → agent message with the transport metadata it travelled with. */
export interface OutboundEntry {
  t: number;
  dir: 'out';
  message: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** A user's write or gesture through a component (values redacted unless the host allowed them). */
export interface UserEntry {
  t: number;
  dir: 'user';
  input: UserInput;
}

export type SessionEntry = InboundEntry | OutboundEntry | UserEntry;

/** A recorded session. */
export interface SessionLog {
  format: typeof SESSION_LOG_FORMAT;
  schemaVersion: number;
  library: { name: string; version: string };
  /** Wall-clock start (ISO 8601); entry times are relative to it. */
  recordedAt: string;
  durationMs: number;
  /** The store settings that change what it does with the same messages. */
  options: { catalogIds: string[]; locale: string; timeZone: string; partialUpdates?: boolean };
  /**
   * `included`: values the user typed are in the log. `redacted`: each such value (action context
   * entries, function arguments and results, data-model metadata, binding writes) is replaced by
   * `{"$redacted": type, "length"?: n}`.
   */
  userInput: 'included' | 'redacted';
  entries: SessionEntry[];
}

/** A log that failed {@link parseSessionLog}: the reason, and the JSON pointer of the bad part. */
export interface SessionLogError {
  code: 'INVALID_SESSION_LOG';
  message: string;
  path: string;
}

/**
 * Checks a log (a parsed object or its JSON text). Returns the log, or an error value that says
 * what is wrong and where; never throws. Logs of a newer schema version are refused.
 */
export function parseSessionLog(input: unknown): SessionLog | SessionLogError {
  const fail = (message: string, path = ''): SessionLogError => ({ code: 'INVALID_SESSION_LOG', message, path });
  let log = input;
  if (typeof input === 'string') {
    try {
      log = JSON.parse(input);
    } catch {
      return fail('The log is not JSON');
    }
  }
  if (!isObject(log) || log.format !== SESSION_LOG_FORMAT) return fail(`Not an ${SESSION_LOG_FORMAT} (no "format" of that name)`, '/format');
  if (log.schemaVersion !== SESSION_LOG_SCHEMA_VERSION) {
    return fail(`Schema version ${JSON.stringify(log.schemaVersion)} is not ${SESSION_LOG_SCHEMA_VERSION}, the one this library reads`, '/schemaVersion');
  }
  const options = log.options;
  if (!isObject(options) || !Array.isArray(options.catalogIds) || typeof options.locale !== 'string' || typeof options.timeZone !== 'string') {
    return fail('"options" needs catalogIds, locale and timeZone', '/options');
  }
  const library = log.library;
  if (!isObject(library) || typeof library.name !== 'string' || typeof library.version !== 'string') return fail('"library" needs a name and a version', '/library');
  if (typeof log.recordedAt !== 'string' || typeof log.durationMs !== 'number') return fail('"recordedAt" (ISO time) and "durationMs" are required', '/recordedAt');
  if (log.userInput !== 'included' && log.userInput !== 'redacted') return fail('"userInput" is "included" or "redacted"', '/userInput');
  if (!Array.isArray(log.entries)) return fail('"entries" is not an array', '/entries');
  let last = 0;
  for (const [i, e] of log.entries.entries()) {
    const at = `/entries/${i}`;
    if (!isObject(e) || typeof e.t !== 'number' || !Number.isFinite(e.t) || e.t < last) return fail('An entry needs a time "t" (ms, not decreasing)', at);
    last = e.t;
    if (e.dir === 'in') continue;
    if (e.dir === 'out' && isObject(e.message)) continue;
    if (e.dir === 'user' && isUserInput(e.input)) continue;
    return fail('An entry is "in" (message), "out" (message object) or "user" (input)', at);
  }
  return log as unknown as SessionLog;
}

function isUserInput(v: unknown): v is UserInput {
  if (!isObject(v) || typeof v.surfaceId !== 'string' || typeof v.componentId !== 'string' || !Array.isArray(v.scope)) return false;
  if (!v.scope.every((s) => isObject(s) && typeof s.list === 'string' && Number.isInteger(s.index) && (s.index as number) >= 0)) return false;
  return v.type === 'act' || (v.type === 'write' && typeof v.property === 'string' && typeof v.path === 'string');
}
