/** Small helpers shared by the component elements. */
export { isObject } from '../../src/index.ts';

/** A finite number from a number or numeric string, else `fallback`. */
export function toNumber(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A list of strings from a string list (or a single string). */
export function toStringList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' && v !== '' ? [v] : [];
}
