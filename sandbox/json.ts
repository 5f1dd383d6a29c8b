/**
 * JSON helpers for the sandbox: plain-object checks and RFC 6901 pointer joining, on top of the
 * core's equality, copy and escaping.
 *
 * The one place the sandbox reads core modules directly rather than through src/index.ts: the
 * proxy page and the lazily loaded bridge are bundled on their own (vite.config.mjs), and the
 * barrel would pull the store into them (proxy 8 KB → 67 KB). These two leaves import nothing
 * but errors.ts.
 */
import { unescapeSegment } from '../src/json-pointer.ts';

export { cloneJson, deepEqual } from '../src/json.ts';
export { escapeSegment } from '../src/json-pointer.ts';

/** True for a plain JSON object: not null, not an array, prototype `Object.prototype` or null. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Splits a (sub)pointer into unescaped segments; `null` when it is not a pointer. */
export function pointerSegments(pointer: string): string[] | null {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) return null;
  return pointer
    .slice(1)
    .split('/')
    .map(unescapeSegment);
}

/** Appends a sub-pointer to a data-model path (`/` is the model root, not the empty key). */
export function joinPointer(base: string, sub: string): string {
  if (sub === '' || sub === '/') return base;
  return base === '/' || base === '' ? sub : base.replace(/\/$/, '') + sub;
}
