/**
 * JSON-RPC envelope checks for app messages, before the protocol library sees them: `method` a
 * string, `id` a string or number when present, `params` an object when present, and a
 * well-formed `tools/call`. Each failure has a one-line reason and the code its error gets.
 */
import { isPlainObject } from './json.ts';
import { INVALID_PARAMS, INVALID_REQUEST } from './protocol.ts';

/** The loose shape of anything that arrived. */
export type RawMessage = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/** A refused envelope: its JSON-RPC code and why. */
export interface EnvelopeProblem {
  code: number;
  reason: string;
}

/** True when `id` is a usable JSON-RPC id. */
export const isId = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/** Why `msg` is not an acceptable envelope, or null. */
export function checkEnvelope(msg: RawMessage): EnvelopeProblem | null {
  if (msg.method !== undefined && typeof msg.method !== 'string') return { code: INVALID_REQUEST, reason: 'method must be a string' };
  if (msg.id !== undefined && !isId(msg.id)) return { code: INVALID_REQUEST, reason: 'id must be a string or a number' };
  if (msg.method === undefined) return null;
  if (msg.params !== undefined && !isPlainObject(msg.params)) return { code: INVALID_PARAMS, reason: 'params must be an object' };
  if (msg.method === 'tools/call') {
    const { name, arguments: args } = (msg.params ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') return { code: INVALID_PARAMS, reason: 'tools/call needs a tool name (a string)' };
    if (args !== undefined && !isPlainObject(args)) return { code: INVALID_PARAMS, reason: `Tool '${name}' arguments must be an object` };
  }
  return null;
}
