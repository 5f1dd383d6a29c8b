/**
 * Regex patterns (test data): catastrophic backtracking shapes with the inputs that trigger them,
 * constructs outside the A2UI dialect, and the length limits.
 */

/** Patterns that backtrack exponentially (or polynomially) in a backtracking engine. */
export const CATASTROPHIC_PATTERNS: readonly string[] = [
  '(a+)+$',
  '(a*)*$',
  '(a|a)*$',
  '(a|aa)+$',
  '(a|a?)+$',
  '(.*a){20}',
  '(.*){1,32000}[bc]',
  '^(\\w+\\s?)*$',
  '^([a-zA-Z0-9]+)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(x+x+)+y',
  '(\\d+)*\\d+x',
  '^(a+)+b',
  '\\d*\\d*\\d*\\d*\\d*x',
  '.*.*.*.*.*.*=',
  '(?:a+){2,}$',
  '([^x]+)+$',
  '(a{1,10}){1,10}$',
  '^(\\s*,*)*$',
  '(ab|a)*c',
  '^(.+)+@',
  '(\\w|\\d)+$',
];

/** Inputs that make the patterns above explode, plus the value length limit (4,096 code points). */
export const CATASTROPHIC_INPUTS: readonly string[] = [
  'a'.repeat(40) + '!',
  '1'.repeat(40) + '!',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  ' '.repeat(5000) + 'x',
  'x'.repeat(4096),
  'x'.repeat(4097),
  '😀'.repeat(4097),
];

/** Patterns outside the dialect (lookbehind, backreferences, inline flags, \p, \c, octal, bad syntax) and over-length. */
export const INVALID_PATTERNS: readonly string[] = [
  '(?<=a)b',
  '(?<!a)b',
  '(a)\\1',
  '(?<n>a)\\k<n>',
  '(?i)abc',
  '\\p{L}+',
  '\\P{L}',
  '\\cA',
  '\\012',
  '[',
  '(',
  ')',
  '*',
  'a{2,1}',
  '\\',
  '[z-a]',
  'a'.repeat(257),
  '(?:' + 'a|'.repeat(200) + 'b)*',
];

/** Odd but valid patterns (huge counted bounds, control characters): accepted, bounded. */
export const ODD_PATTERNS: readonly string[] = ['a{99999999999}', '\\u0000', '\\x00', '\u0000', '[\\s\\S]{0,4096}', '^$', ''];

/** Patterns that are safe and valid (must keep working). */
export const SAFE_PATTERNS: readonly string[] = ['^[0-9]{5}$', '^\\+?[0-9]{10,15}$', '^[a-z]+$', 'abc', '^(?:ab|cd)+$'];
