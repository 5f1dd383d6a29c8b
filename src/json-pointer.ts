/**
 * JSON Pointers (RFC 6901) as the data model uses them: absolute (`/a/b`), relative to a template
 * scope (`b`), with `~0`/`~1` escapes (the only two RFC 6901 allows: `~2` or a lone `~` is refused,
 * not read as a key). Segments that would reach an object's prototype are refused, so no pointer
 * can ever pollute `Object.prototype`.
 */
import { DataError } from './errors.ts';

/** Segments no pointer may contain: writing through them would pollute prototypes. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Longest pointer accepted, in characters (a documented limit: deeper data is refused anyway). */
export const MAX_POINTER_LENGTH = 4096;

/** A `~` that does not begin `~0` or `~1`. */
const BAD_ESCAPE = /~(?![01])/;

/**
 * Why `pointer` is not a valid JSON Pointer by its escapes (RFC 6901 §3: `~` only in `~0` and `~1`),
 * or undefined when it is.
 */
export function pointerEscapeError(pointer: string): string | undefined {
  const at = pointer.includes('~') ? pointer.search(BAD_ESCAPE) : -1;
  if (at < 0) return undefined;
  return `Invalid JSON Pointer '${pointer}': '${pointer.slice(at, at + 2)}' is not an escape (only ~0 and ~1 are, RFC 6901)`;
}

const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 4096;

/**
 * Splits an absolute pointer into unescaped segments. `""` and `"/"` are the root; a trailing
 * slash is not a distinct path. Throws {@link DataError} for forbidden segments and for escapes
 * other than `~0` and `~1`.
 */
export function parsePointer(pointer: string): readonly string[] {
  const hit = cache.get(pointer);
  if (hit) return hit;
  if (pointer.length > MAX_POINTER_LENGTH) {
    throw new DataError(`A path of ${pointer.length} characters is longer than the limit of ${MAX_POINTER_LENGTH}`, { path: pointer.slice(0, 64) + '…' });
  }
  const invalid = pointerEscapeError(pointer);
  if (invalid) throw new DataError(invalid, { path: pointer });
  const full = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  // A trailing slash is not a distinct path ("/foo/" is "/foo"), but "//" still names the key "".
  const body = full.endsWith('/') ? full.slice(0, -1) : full;
  const segments = full === '' ? [] : body === '' ? [''] : body.split('/').map(unescapeSegment);
  for (const s of segments) {
    if (FORBIDDEN.has(s)) throw new DataError(`Path segment '${s}' is not allowed`, { path: pointer });
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pointer, segments);
  return segments;
}

/** `~1` → `/`, then `~0` → `~` (RFC 6901 §4 order). */
export function unescapeSegment(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}

/** `~` → `~0`, then `/` → `~1`. */
export function escapeSegment(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

/** `pointer` with one more segment, escaped: `childPointer('/a', 'b/c')` → `/a/b~1c`. */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${typeof key === 'number' ? key : escapeSegment(key)}`;
}

/** Joins unescaped segments into an absolute pointer. */
export function toPointer(segments: readonly string[]): string {
  return segments.length === 0 ? '/' : '/' + segments.map(escapeSegment).join('/');
}

/**
 * Resolves `path` against the scope `base`: absolute paths win, relative ones are appended.
 * `resolvePath('name', '/users/0')` → `/users/0/name`.
 */
export function resolvePath(path: string, base = '/'): string {
  if (path.startsWith('/')) return path;
  if (path === '' || path === '.') return base;
  return base === '/' || base === '' ? '/' + path : base.replace(/\/$/, '') + '/' + path;
}

/** True for a segment that addresses an array element (`0`, `12`, not `01` or `-1`). */
export function isIndexSegment(segment: string): boolean {
  return /^(0|[1-9]\d*)$/.test(segment);
}
