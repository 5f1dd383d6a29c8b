/**
 * Payload guards for everything an untrusted app sends: only JSON values, no keys that could
 * reach a prototype, bounded depth and size. A structured-clone message may carry cycles, Maps,
 * Dates or an own `__proto__` key; all of those are refused here, before anything parses them.
 */
import { PAYLOAD_LIMITS } from './protocol.ts';
import { isPlainObject, pointerSegments } from './json.ts';

/** Keys (and pointer segments) that are never accepted from an app. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Limits for {@link checkPayload}. */
export interface PayloadLimits {
  readonly maxDepth: number;
  readonly maxBytes: number;
}

/**
 * Returns why `value` is not an acceptable payload, or `null` when it is. Depth counts container
 * nesting (a flat object is depth 1); size is the UTF-8 length of its JSON text.
 */
export function checkPayload(value: unknown, limits: PayloadLimits = PAYLOAD_LIMITS): string | null {
  // The running estimate stops the walk early on huge payloads; the exact size is measured after.
  const budget = { bytes: 0 };
  const problem = walk(value, 0, limits, budget);
  if (problem) return problem;
  if (value === undefined) return null;
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  return bytes > limits.maxBytes ? `payload is ${bytes} bytes (limit ${limits.maxBytes})` : null;
}

function walk(v: unknown, depth: number, limits: PayloadLimits, budget: { bytes: number }): string | null {
  if (budget.bytes > limits.maxBytes) return `payload exceeds ${limits.maxBytes} bytes`;
  switch (typeof v) {
    case 'undefined':
    case 'boolean':
      budget.bytes += 4;
      return null;
    case 'number':
      budget.bytes += 1;
      return Number.isFinite(v) ? null : 'non-finite number';
    case 'string':
      budget.bytes += v.length + 2;
      return null;
    case 'object':
      break;
    default:
      return `${typeof v} is not JSON`;
  }
  if (v === null) return null;
  if (depth >= limits.maxDepth) return `payload nested deeper than ${limits.maxDepth}`;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return 'array with a foreign prototype';
    for (const item of v) {
      const p = walk(item, depth + 1, limits, budget);
      if (p) return p;
    }
    return null;
  }
  if (!isPlainObject(v)) return 'only plain JSON objects are accepted';
  for (const key of Object.keys(v)) {
    if (FORBIDDEN_KEYS.has(key)) return `forbidden key '${key}'`;
    budget.bytes += key.length + 3;
    const p = walk(v[key], depth + 1, limits, budget);
    if (p) return p;
  }
  return null;
}

/** Checks a sub-pointer from an app: a pointer with no forbidden segment. Returns why not, or null. */
export function checkSubpath(subpath: unknown): string | null {
  if (subpath === undefined) return null;
  if (typeof subpath !== 'string') return 'subpath must be a string';
  const segments = pointerSegments(subpath);
  if (!segments) return 'subpath must start with "/"';
  const bad = segments.find((s) => FORBIDDEN_KEYS.has(s));
  return bad === undefined ? null : `forbidden path segment '${bad}'`;
}
