/**
 * Redaction for logs recorded without the user's values: each value a user may have typed is
 * replaced by its type and, for strings, arrays and objects, its length (`{"$redacted": "string",
 * "length": 3}`). What the agent defined — names, ids, keys, paths — stays, so a redacted log
 * still shows which action went out, with which fields, and how long each answer was.
 *
 * @module
 */
import { isObject } from '../json.ts';
import type { UserInput } from '../user-input.ts';
import type { SessionEntry, SessionLog } from './log.ts';

/** What a redacted value becomes. */
export interface Redacted {
  $redacted: 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
  length?: number;
}

/** A value replaced by its type and length. */
export function redactValue(v: unknown): Redacted {
  if (isRedacted(v)) return v;
  if (typeof v === 'string') return { $redacted: 'string', length: v.length };
  if (Array.isArray(v)) return { $redacted: 'array', length: v.length };
  if (v === null || v === undefined) return { $redacted: 'null' };
  if (isObject(v)) return { $redacted: 'object', length: Object.keys(v).length };
  return { $redacted: typeof v === 'number' ? 'number' : 'boolean' };
}

/** True for a value {@link redactValue} made. */
export function isRedacted(v: unknown): v is Redacted {
  return isObject(v) && typeof v.$redacted === 'string';
}

const eachValue = (o: unknown): Record<string, unknown> | undefined =>
  isObject(o) ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, redactValue(v)])) : undefined;

/**
 * An outbound message (a copy) with the user's values redacted: an action's context entries and
 * `userMessage`, a function call's arguments, a function answer's value. Errors stay as they are.
 */
export function redactOutbound(message: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...message };
  for (const [key, body] of Object.entries(message)) {
    if (!isObject(body)) continue;
    const b: Record<string, unknown> = { ...body };
    if (isObject(b.context)) b.context = eachValue(b.context);
    if (b.userMessage !== undefined) b.userMessage = redactValue(b.userMessage);
    if (isObject(b.callFunction)) b.callFunction = { ...b.callFunction, args: eachValue(b.callFunction.args) ?? {} };
    if (Object.hasOwn(b, 'value')) b.value = redactValue(b.value);
    out[key] = b;
  }
  return out;
}

/** Transport metadata with every surface's data model redacted. */
export function redactMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(metadata)) {
    out[key] = isObject(v) && isObject(v.surfaces) ? { ...v, surfaces: eachValue(v.surfaces) } : v;
  }
  return out;
}

/** A user input with a write's value redacted. */
function redactInput(input: UserInput): UserInput {
  return input.type === 'write' ? { ...input, value: redactValue(input.value) } : input;
}

/**
 * One entry with the user's values redacted. Inbound messages are the agent's and stay, but for
 * the start-state snapshot (`snapshot: true`), whose data models hold what the user typed before
 * the recording began: they are left out.
 */
export function redactEntry(entry: SessionEntry): SessionEntry {
  if (entry.dir === 'user') return { ...entry, input: redactInput(entry.input) };
  if (entry.dir === 'out') return { ...entry, message: redactOutbound(entry.message), ...(entry.metadata ? { metadata: redactMetadata(entry.metadata) } : {}) };
  if (!entry.snapshot || !isObject(entry.message) || !isObject(entry.message.createSurface)) return entry;
  const { dataModel: _left, ...createSurface } = entry.message.createSurface;
  return { ...entry, message: { ...entry.message, createSurface } };
}

/** A log with the user's values redacted (what a host shares without the user's consent). */
export function redactLog(log: SessionLog): SessionLog {
  return log.userInput === 'redacted' ? log : { ...log, userInput: 'redacted', entries: log.entries.map(redactEntry) };
}
