/** Small JSON helpers shared by the core. */

/**
 * Structural equality with JSON semantics: key order is ignored and an `undefined` member equals
 * a missing one (both serialise alike). Beyond `depth` levels it gives up: not equal, no overflow.
 */
export function deepEqual(a: unknown, b: unknown, depth = Infinity): boolean {
  if (a === b) return true;
  if (depth <= 0 || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i], depth - 1));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of Object.keys(ra)) if (!deepEqual(ra[k], Object.hasOwn(rb, k) ? rb[k] : undefined, depth - 1)) return false;
  for (const k of Object.keys(rb)) if (rb[k] !== undefined && !Object.hasOwn(ra, k)) return false;
  return true;
}

/** True for a plain JSON object (not null, not an array). */
/** Own data property of a plain object, safe for `__proto__` (the one key whose assignment is not a plain write). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key !== '__proto__') obj[key] = value;
  else Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** JSON with sorted keys, so equal objects give equal text (a key for maps and comparisons). */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + stableJson(v[k])).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** A JSON-safe deep copy; drops what JSON cannot carry. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** A short, never-throwing rendering of any value for error messages. */
export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v)?.slice(0, 80) ?? typeof v;
  } catch {
    return typeof v;
  }
}

/** Deepest nesting a JSON value may have in a message (documented limit). */
export const MAX_JSON_DEPTH = 100;

/**
 * True when `v` nests objects/arrays deeper than `limit`. Recursive but bounded by `limit` (a
 * hostile depth, or a cycle, stops there: no stack overflow), and allocation-free: a large list
 * of rows is checked without a work item per row.
 */
export function tooDeep(v: unknown, limit = MAX_JSON_DEPTH): boolean {
  return v !== null && typeof v === 'object' && nestsBeyond(v, 0, limit);
}

function nestsBeyond(x: object, depth: number, limit: number): boolean {
  if (depth >= limit) return true;
  if (Array.isArray(x)) {
    for (const c of x) if (c !== null && typeof c === 'object' && nestsBeyond(c, depth + 1, limit)) return true;
  } else {
    for (const k in x) {
      const c = (x as Record<string, unknown>)[k];
      if (c !== null && typeof c === 'object' && nestsBeyond(c, depth + 1, limit)) return true;
    }
  }
  return false;
}
