/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent inclusive ranges. The dialect is
 * evaluated in Unicode mode, so every set is over code points 0..0x10FFFF, never UTF-16 units.
 */

/** An inclusive range of code points. */
export type CodePointRange = readonly [lo: number, hi: number];

/** A normalised set: ranges sorted by `lo`, disjoint and not touching. */
export type CharSet = readonly CodePointRange[];

export const MAX_CODE_POINT = 0x10ffff;

/** Sorts and merges arbitrary ranges into a normalised set. */
export function charSet(ranges: readonly CodePointRange[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function union(...sets: CharSet[]): CharSet {
  return charSet(sets.flat());
}

export function complement(set: CharSet): CharSet {
  const out: CodePointRange[] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** The smallest code point in both sets, if any. */
export function firstShared(a: CharSet, b: CharSet): number | undefined {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i]!;
    const [blo, bhi] = b[j]!;
    if (alo <= bhi && blo <= ahi) return Math.max(alo, blo);
    if (ahi < bhi) i++;
    else j++;
  }
  return undefined;
}

export function intersection(a: CharSet, b: CharSet): CharSet {
  const out: CodePointRange[] = [];
  for (const [alo, ahi] of a) {
    for (const [blo, bhi] of b) {
      if (alo <= bhi && blo <= ahi) out.push([Math.max(alo, blo), Math.min(ahi, bhi)]);
    }
  }
  return charSet(out);
}

export function intersects(a: CharSet, b: CharSet): boolean {
  return firstShared(a, b) !== undefined;
}

/** A readable name for a code point in messages: the character itself, or U+XXXX. */
export function describeCodePoint(cp: number): string {
  return cp > 0x20 && cp < 0x7f ? `'${String.fromCodePoint(cp)}'` : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function has(set: CharSet, cp: number): boolean {
  for (const [lo, hi] of set) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}

const ch = (c: string): number => c.codePointAt(0)!;

export const EMPTY: CharSet = [];
export const ANY: CharSet = [[0, MAX_CODE_POINT]];
/** `.` without the `s` flag: everything but the ECMAScript LineTerminators. */
export const DOT: CharSet = complement(charSet([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));
/** `\d` — ASCII only, as the spec requires (and as JS does without the `i` flag). */
export const DIGIT: CharSet = [[ch('0'), ch('9')]];
/** `\w` — ASCII only: `[A-Za-z0-9_]`. */
export const WORD: CharSet = charSet([[ch('0'), ch('9')], [ch('A'), ch('Z')], [ch('_'), ch('_')], [ch('a'), ch('z')]]);
/** `\s` — ECMAScript WhiteSpace (incl. every Zs code point) and LineTerminator. */
export const SPACE: CharSet = charSet([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);

/** The set a class escape letter (`d D w W s S`) denotes. */
export function classEscapeSet(letter: string): CharSet | undefined {
  switch (letter) {
    case 'd': return DIGIT;
    case 'D': return complement(DIGIT);
    case 'w': return WORD;
    case 'W': return complement(WORD);
    case 's': return SPACE;
    case 'S': return complement(SPACE);
    default: return undefined;
  }
}
