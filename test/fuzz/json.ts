/**
 * JSON helpers for the fuzz harness. Pure TypeScript (no Node APIs) so a browser test can reuse it.
 * Hostile keys (`__proto__`, `constructor`) are always created as own data properties, exactly as
 * `JSON.parse` would create them from agent text.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An object whose keys are all own data properties, even `__proto__`. */
export function obj(entries: Array<[string, Json]>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** True for a plain JSON object. */
export function isObj(v: unknown): v is { [key: string]: Json } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A deep copy that keeps own `__proto__` keys (JSON round trip). */
export function clone<T extends Json>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * A canonical, depth-bounded text of a value for comparisons. Deeper than `maxDepth` the value is
 * summarised, so a hostile 100 000-level value cannot overflow the harness's own stack.
 */
export function canonical(v: unknown, maxDepth = 400): string {
  const walk = (x: unknown, depth: number): string => {
    if (x === undefined) return 'undefined';
    if (x === null || typeof x !== 'object') return typeof x === 'string' && x.length > 256 ? `"${x.slice(0, 64)}…#${x.length}:${hash(x)}"` : JSON.stringify(x) ?? String(x);
    if (depth > maxDepth) return '…deep…';
    if (Array.isArray(x)) return '[' + x.map((e) => walk(e, depth + 1)).join(',') + ']';
    const keys = Object.keys(x).sort();
    return '{' + keys.map((k) => JSON.stringify(k) + ':' + walk((x as Record<string, unknown>)[k], depth + 1)).join(',') + '}';
  };
  return walk(v, 0);
}

/** FNV-1a over a string (to summarise long strings in canonical text). */
export function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** JSON pointer → unescaped segments, with the store's reading of `""`, `"/"` and a trailing slash. */
export function segmentsOf(pointer: string): string[] {
  let body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  if (body.endsWith('/')) body = body.slice(0, -1);
  return body === '' ? [] : body.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Segments → absolute pointer. */
export function pointerOf(segments: readonly string[]): string {
  return '/' + segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** True when one segment list is a prefix of the other (the paths overlap). */
export function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}
