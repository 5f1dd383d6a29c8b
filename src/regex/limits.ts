/** The size limits of the spec's `regex` function, and how they are measured (in code points). */

/** Safety rule 1: "It is longer than 256 code points." */
export const MAX_PATTERN_CODE_POINTS = 256;

/** "A value longer than 4,096 code points does not match; `regex` returns `{"valid": false}`." */
export const MAX_VALUE_CODE_POINTS = 4096;

/** Code points in `text`, counting at most up to `limit + 1` (so huge inputs cost little). */
export function codePointLength(text: string, limit = Infinity): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= limit; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}
