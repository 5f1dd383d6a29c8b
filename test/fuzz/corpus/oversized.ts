/**
 * Oversized messages (test data, built on demand so the corpus does not sit in memory): too many
 * components, huge strings and lists, long ids and pointers, deep nesting, runaway templates.
 */
import type { Json } from '../json.ts';
import { nested } from '../values.ts';

/** `n` Text components under one Column `root`. */
export function manyComponents(n: number, prefix = 't'): Json[] {
  const out: Json[] = [];
  for (let i = 0; i < n; i++) out.push({ id: `${prefix}${i}`, component: 'Text', text: `item ${i}` });
  return out;
}

/** A string of `n` characters (a repeating, mildly hostile pattern). */
export function hugeString(n: number): string {
  const unit = '<b>x</b>${/a}é😀';
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** A list of `n` keyed items for templates. */
export function hugeItems(n: number): Json[] {
  return Array.from({ length: n }, (_, i) => ({ id: `i${i}`, name: `Item ${i}` }));
}

/** Objects nested `depth` levels. */
export function deepObject(depth: number): Json {
  return nested(depth, 'object');
}

/** Raw JSONL text for a value nested `depth` levels (no recursion, so any depth can be written). */
export function deepArrayText(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}
