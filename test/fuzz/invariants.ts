/**
 * Invariants that do not depend on the stream: the shape and codes of outbound `error` messages,
 * navigation only to http(s), and an unpolluted `Object.prototype` (and friends).
 */
import type { OutboundMessage } from '../../src/index.ts';
import { isSafeNavigation } from './corpus/urls.ts';

/** The codes the v1.0 spec defines for renderer → agent `error` messages. */
export const SPEC_ERROR_CODES: ReadonlySet<string> = new Set([
  'VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD', 'INTEGRITY_ERROR', 'EXPRESSION_ERROR', 'INVALID_FUNCTION_CALL', 'EXECUTION_ERROR',
]);
const VALIDATION_CODES = new Set(['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD']);

/** Problems with one outbound `error` message (empty when it is well formed). */
export function errorShapeProblems(m: OutboundMessage, siblingId: string): string[] {
  if (!('error' in m)) return [];
  const e = m.error as unknown as Record<string, unknown>;
  const out: string[] = [];
  if (m.version !== '1.0') out.push(`version ${String(m.version)}`);
  if (typeof e.code !== 'string' || !SPEC_ERROR_CODES.has(e.code)) out.push(`code ${JSON.stringify(e.code)} is not a spec code`);
  if (typeof e.message !== 'string' || e.message === '') out.push('message missing');
  if (e.surfaceId !== undefined && e.functionCallId !== undefined) out.push('surfaceId and functionCallId together');
  if (e.surfaceId !== undefined && typeof e.surfaceId !== 'string') out.push('surfaceId not a string');
  if (e.surfaceId === siblingId) out.push('blames the untouched sibling surface');
  if (VALIDATION_CODES.has(String(e.code)) && (typeof e.path !== 'string' || !(e.path === '' || e.path.startsWith('/')))) out.push(`validation error without a JSON pointer path (${JSON.stringify(e.path)})`);
  for (const k of Object.keys(e)) if (!['code', 'message', 'surfaceId', 'path', 'functionCallId'].includes(k)) out.push(`unexpected key '${k}'`);
  return out;
}

/** URLs the host was asked to open that are not http(s). */
export function unsafeNavigations(opened: readonly string[]): string[] {
  return opened.filter((u) => !isSafeNavigation(u));
}

const PROTOTYPES: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Promise.prototype', Promise.prototype],
];
const PROBES = ['polluted', 'isAdmin', 'x', 'a', 'value', 'valid', 'then'];

/** A snapshot of the built-in prototypes' own keys and of keys a plain object must not inherit. */
export function prototypeSnapshot(): string {
  const parts = PROTOTYPES.map(([name, p]) => `${name}:${Reflect.ownKeys(p).map(String).sort().join(',')}`);
  const probe: Record<string, unknown> = {};
  parts.push(`probes:${PROBES.map((k) => typeof probe[k]).join(',')}`);
  return parts.join('\n');
}
