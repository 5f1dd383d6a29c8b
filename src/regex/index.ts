/**
 * The A2UI regex dialect and its static safety check ("The `regex` function" in the v1.0 spec).
 * "Any catalog function that accepts a regular expression pattern (`regex`, `regexCapture`,
 * `split`) SHOULD use this dialect and safety check": call `checkPattern` and use its `RegExp`.
 */
import { ExpressionError } from '../errors.ts';
import { parsePattern } from './parse.ts';
import { checkLength, checkSafety } from './safety.ts';
import { codePointLength, MAX_VALUE_CODE_POINTS } from './limits.ts';
import type { RegexRule } from './issues.ts';

export { parsePattern, type ParseResult } from './parse.ts';
export { MAX_PATTERN_CODE_POINTS, MAX_VALUE_CODE_POINTS, codePointLength } from './limits.ts';
export type { RegexRule, SafetyRule, DialectRule, RegexIssue } from './issues.ts';
export type { RegexNode } from './ast.ts';

/**
 * Result of checking a pattern. On success, `regex` is compiled with the `u` flag only, shared
 * through a cache: do not mutate it; for global matching build `new RegExp(regex.source, 'gu')`.
 */
export type PatternCheck =
  | { readonly ok: true; readonly regex: RegExp }
  | { readonly ok: false; readonly rule: RegexRule; readonly message: string };

const CACHE_SIZE = 256;
const cache = new Map<string, PatternCheck>();

/**
 * Parses `pattern` in the A2UI regex dialect, applies safety rules 1–4 (and our conservative
 * ambiguity check), and compiles it with `new RegExp(pattern, 'u')` only when it passes.
 * Never throws; results are cached (256 most recently used patterns).
 */
export function checkPattern(pattern: string): PatternCheck {
  const cached = cache.get(pattern);
  if (cached) {
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  const result = compute(pattern);
  cache.set(pattern, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

function compute(pattern: string): PatternCheck {
  if (typeof pattern !== 'string') return { ok: false, rule: 'syntax', message: 'regex pattern must be a string' };
  const tooLong = checkLength(pattern);
  if (tooLong) return refuse(tooLong);
  const parsed = parsePattern(pattern);
  if (!parsed.ok) return refuse(parsed);
  const unsafe = checkSafety(parsed.ast, Array.from(pattern));
  if (unsafe) return refuse(unsafe);
  try {
    return { ok: true, regex: new RegExp(pattern, 'u') };
  } catch (e) {
    // Our grammar should be a subset of what the engine accepts; if not, the engine has the last word.
    return { ok: false, rule: 'syntax', message: `regex pattern does not parse: ${(e as Error).message}` };
  }
}

function refuse(issue: { rule: RegexRule; message: string }): PatternCheck {
  return { ok: false, rule: issue.rule, message: issue.message };
}

/**
 * The `regex` function: whether `value` contains a match of `pattern` (search semantics, like
 * `RegExp.prototype.test`). A value longer than 4,096 code points is `{valid: false}` with no
 * error; a pattern outside the dialect or refused by the safety check is an `EXPRESSION_ERROR`.
 */
export function regexTest(pattern: string, value: string): { valid: boolean } | { error: ExpressionError } {
  const check = checkPattern(pattern);
  if (!check.ok) return { error: new ExpressionError(check.message) };
  if (codePointLength(value, MAX_VALUE_CODE_POINTS) > MAX_VALUE_CODE_POINTS) return { valid: false };
  return { valid: check.regex.test(value) };
}
