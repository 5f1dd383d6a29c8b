/** Small helpers shared by the validator files. */

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A non-null, non-array object. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON Schema type name of a value (`integer` for whole numbers); other JS types by `typeof`. */
export function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : Number.isFinite(v) ? 'number' : 'non-finite number';
  return typeof v;
}

/** Appends one RFC 6901-escaped segment to a JSON pointer. */
export const childPath = (path: string, key: string | number): string =>
  `${path}/${typeof key === 'number' || !/[~/]/.test(key) ? key : key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Number of segments in a JSON pointer (`""` → 0). */
export const pointerDepth = (p: string): number => (p ? p.split('/').length - 1 : 0);

/** A short rendering of a value for messages: primitives as JSON (long strings cut), others by type. */
export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return typeOf(v);
}

/** `a, b or c`, cut after `max` items. */
export function orList(items: readonly string[], max = 6): string {
  const list = items.length > max ? [...items.slice(0, max), '…'] : items;
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/** JSON equality (key order ignored). Gives up (not equal) beyond `depth` levels instead of overflowing. */
export function jsonEqual(a: unknown, b: unknown, depth = 64): boolean {
  if (a === b) return true;
  if (depth <= 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (k) => hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth - 1),
  );
}

const regexCache = new Map<string, RegExp | null>();

/** Compiles a schema pattern with the `u` flag (patterns come from trusted catalogs); `null` if invalid. */
export function compilePattern(p: string): RegExp | null {
  let re = regexCache.get(p);
  if (re === undefined) {
    try {
      re = new RegExp(p, 'u');
    } catch {
      re = null;
    }
    regexCache.set(p, re);
  }
  return re;
}
