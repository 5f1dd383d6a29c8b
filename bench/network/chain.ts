/**
 * The critical request chain of one visit: which requests ran before the paint, in how many
 * round trips one after the other.
 *
 * The protocol's initiator says which document or script asked for a request, but not what it
 * waited for: ours' component files are all asked for by `a2ui-elements.js`, each only after the
 * message naming it could be applied, which waited for other files. So a request's level is
 * counted from what had just arrived when it was sent: the request whose answer was usable last
 * before it (a script: its last byte; a fetch: its headers) is its trigger, and the request is one
 * round trip after it, or none when the cache answered it. The page is level 1.
 *
 * @module
 */
import type { RequestRecord, VisitResult } from './measure.ts';

export interface Chain {
  /** Round trips one after the other until the paint (the page's included). */
  depth: number;
  /** e.g. `page → a2ui-elements.js → (agent-form.jsonl ∥ a2ui-schema.js) → … → paint`. */
  text: string;
  /** Requests that went to the network before the paint (revalidations included). */
  requests: number;
  /** Of those, answered `304`. */
  revalidated: number;
  /** Answered from the browser's cache without a request. */
  cached: number;
  /** Bytes over the network before the paint. */
  bytes: number;
}

const nameOf = (r: RequestRecord, page: string) => (r.url === page ? 'page' : decodeURIComponent(new URL(r.url).pathname.split('/').pop() ?? r.url));

export function chainOf(v: VisitResult): Chain {
  const before = v.requests.filter((r) => r.sent <= v.paintAt).sort((a, b) => a.sent - b.sent);
  const page = before[0]?.url ?? '';
  const level = new Map<RequestRecord, number>();
  for (const r of before) {
    let trigger: RequestRecord | undefined;
    for (const o of before) if (o !== r && o.done !== undefined && o.done <= r.sent && (!trigger || o.done > trigger.done!)) trigger = o;
    level.set(r, (trigger ? level.get(trigger)! : 0) + (r.fromCache ? 0 : 1));
  }
  // Cache hits are shown after the network requests of their level (they cost no round trip).
  const groups = new Map<number, string[]>();
  for (const r of before) {
    const key = level.get(r)! + (r.fromCache ? 0.5 : 0);
    const label = nameOf(r, page) + (r.fromCache ? ' (cache)' : r.status === 304 ? ' ·304' : '');
    groups.set(key, [...(groups.get(key) ?? []), label]);
  }
  const steps = [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, names]) => (names.length > 1 ? `(${names.join(' ∥ ')})` : names[0]));
  const network = before.filter((r) => !r.fromCache);
  return {
    depth: Math.max(0, ...level.values()),
    text: [...steps, 'paint'].join(' → '),
    requests: network.length,
    revalidated: network.filter((r) => r.status === 304).length,
    cached: before.length - network.length,
    bytes: network.reduce((n, r) => n + r.bytes, 0),
  };
}
