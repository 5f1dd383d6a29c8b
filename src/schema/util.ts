/** Small helpers shared by the validator files. */
import { childPointer } from '../json-pointer.ts';
import { deepEqual } from '../json.ts';

export { isObject } from '../json.ts';

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The JSON Schema type name of a value (`integer` for whole numbers); other JS types by `typeof`. */
export function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : Number.isFinite(v) ? 'number' : 'non-finite number';
  return typeof v;
}

/** Appends one RFC 6901-escaped segment to a JSON pointer. */
export const childPath = childPointer;

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

/** JSON equality (key order ignored), giving up (not equal) beyond 64 levels instead of overflowing. */
export const jsonEqual = (a: unknown, b: unknown): boolean => deepEqual(a, b, 64);

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
