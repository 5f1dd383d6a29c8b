/**
 * The text functions for tools that answer in prose: `split`, `regexCapture` and `regexReplace`.
 * Each takes a string or an array of strings (mapping over it). Patterns are in the A2UI regex
 * dialect and pass its safety check first; a refused pattern is an EXPRESSION_ERROR. Like the
 * `regex` function, a value longer than 4,096 code points does not match. The regex checker loads
 * with the first pattern: until then `regexCapture` and `regexReplace` return a Promise.
 */
import { ExpressionError, type FunctionImplementation, type PatternCheck } from '../../src/index.ts';
import { codePointLength, MAX_VALUE_CODE_POINTS } from '../../src/index.ts';
import { regexChecker } from '../../src/internal.ts';

/**
 * Applies `f` to a string, or to each item of an array. null stays null (so a missing field flows
 * through a chain); numbers and booleans are read as their text; anything else is an error.
 */
function eachString(name: string, value: unknown, f: (s: string) => unknown): unknown {
  const one = (v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') return f(v);
    if (typeof v === 'number' || typeof v === 'boolean') return f(String(v));
    throw new ExpressionError(`${name} expects a string or an array of strings, got ${Array.isArray(v) ? 'a nested array' : typeof v}`);
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The compiled pattern, or an EXPRESSION_ERROR saying which rule refused it. */
function compile(checkPattern: (p: string) => PatternCheck, name: string, pattern: unknown): RegExp {
  const source = typeof pattern === 'string' ? pattern : '';
  const check = checkPattern(source);
  if (!check.ok) throw new ExpressionError(`${name}: pattern ${JSON.stringify(source)} is refused (${check.rule}): ${check.message}`);
  return check.regex;
}

const tooLong = (s: string): boolean => codePointLength(s, MAX_VALUE_CODE_POINTS) > MAX_VALUE_CODE_POINTS;

/** `split`: by a literal separator, or into code points when it is "". */
export const split: FunctionImplementation = (args) => {
  const separator = typeof args.separator === 'string' ? args.separator : '';
  return eachString('split', args.value, (s) => (separator === '' ? Array.from(s) : s.split(separator)));
};

/** `regexCapture`: the capture groups of the first match (unmatched groups ""), or null. */
export const regexCapture: FunctionImplementation = (args) =>
  regexChecker.with(({ checkPattern }) => {
    const regex = compile(checkPattern, 'regexCapture', args.pattern);
    return eachString('regexCapture', args.value, (s) => {
      const m = tooLong(s) ? null : regex.exec(s);
      return m ? m.slice(1).map((g) => g ?? '') : null;
    });
  });

/** `regexReplace`: every match replaced by the literal `replacement` (`$1` stays `$1`). */
export const regexReplace: FunctionImplementation = (args) =>
  regexChecker.with(({ checkPattern }) => {
    const global = new RegExp(compile(checkPattern, 'regexReplace', args.pattern).source, 'gu');
    const replacement = typeof args.replacement === 'string' ? args.replacement : '';
    return eachString('regexReplace', args.value, (s) => (tooLong(s) ? s : s.replace(global, () => replacement)));
  });
