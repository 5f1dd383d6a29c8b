/**
 * JSON helpers for the sandbox: structural equality (the echo-suppression test), plain-object
 * checks and RFC 6901 pointer joining. Kept local so the lazily loaded bridge stays independent.
 */

/** True for a plain JSON object: not null, not an array, prototype `Object.prototype` or null. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Structural equality with JSON semantics (an `undefined` member equals a missing one). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => deepEqual(v, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!deepEqual(ra[k], rb[k])) return false;
  return true;
}

/** A JSON copy (drops `undefined` members); `undefined` stays `undefined`. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** `~` → `~0`, `/` → `~1` (RFC 6901). */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a (sub)pointer into unescaped segments; `null` when it is not a pointer. */
export function pointerSegments(pointer: string): string[] | null {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return null;
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Appends a sub-pointer to a data-model path (`/` is the model root, not the empty key). */
export function joinPointer(base: string, sub: string): string {
  if (sub === '' || sub === '/') return base;
  return base === '/' || base === '' ? sub : base.replace(/\/$/, '') + sub;
}
