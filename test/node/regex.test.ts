import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ExpressionError } from '../../src/errors.ts';
import { checkPattern, parsePattern, regexTest, type RegexRule } from '../../src/regex/index.ts';
import { SPEC_DIR } from '../spec-data.ts';

/** Patterns the dialect and the safety check accept, with what they show. */
const ACCEPTED: [pattern: string, why: string][] = [
  ['^[a-z]+@[a-z]+\\.com$', 'spec example'],
  ['^(?=.*\\d).{8,}$', 'spec example'],
  ['\\w+\\s+\\w+', 'spec example'],
  ['^[0-9]+$', 'conformance suite'],
  ['^\\d{10}$', 'spec contact-form sample'],
  ['^#[0-9a-fA-F]{6}$', 'catalog colour pattern'],
  ['^[^@]+@[^@]+$', 'loops separated by a character neither can match'],
  ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'two linked loops, anchored: quadratic at worst'],
  ['^(\\d{1,3}\\.){3}\\d{1,3}$', 'counted bounds are bounded (rule 2)'],
  ['^\\d{5}(-\\d{4})?$', 'optional group'],
  ['^(?:[01]\\d|2[0-3]):[0-5]\\d$', 'alternation without repetition'],
  ['^[A-Z]{2}\\d{2}(?:[ ]?[0-9]{4}){4}$', 'fixed-count group with optional part'],
  ['^https?:\\/\\/\\S+$', '\\/ is an identity escape in Unicode mode'],
  ['\\bcat\\b', 'word boundaries'],
  ['^(?!.*password).*$', 'negative lookahead'],
  ['(?:ab|cd)+', 'rule 3: branches start differently'],
  ['(a|b)*c', 'rule 3: first sets {a} and {b} are disjoint'],
  ['(?:a{3})*', 'a fixed count inside a loop is not ambiguous'],
  ['\\s*,\\s*', 'split-style separator'],
  ['\\s*(?:Mon|Tue|Wed)', 'alternatives that read different characters'],
  ['(\\d+)-(\\d+)', 'capture-style pattern'],
  ['^\\w*a\\w*!', 'anchored: only offset 0 is tried'],
  ['a{0,3}'.repeat(6) + 'b', 'bounded choices multiply to a bounded cost'],
  ['a{2,5}?b*?c??', 'lazy quantifiers'],
  ['\\u{1F600}\\uD83D\\uDE00[\\u0041-\\u005A]\\x41', 'unicode and hex escapes'],
  ['\\0\\t\\n\\v\\f\\r', 'control escapes and \\0'],
  ['[\\b][\\-]', 'class escapes \\b (backspace) and \\-'],
  ['\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\', 'identity escapes of syntax characters'],
  ['', 'the empty pattern'],
  ['(?:)[][^]', 'empty group, empty class, negated empty class'],
  ['[[(){}]', 'syntax characters are literal inside a class'],
  ['a'.repeat(256), 'exactly 256 code points'],
  ['😀'.repeat(256), '256 code points in 512 UTF-16 units'],
];

/** Patterns refused, with the rule named in the refusal. */
const REJECTED: [pattern: string, rule: RegexRule][] = [
  // Rule 1
  ['a'.repeat(257), 'length'],
  ['😀'.repeat(257), 'length'],
  // Rule 2
  ['(a+)+$', 'nested-quantifier'],
  ['(a*)*', 'nested-quantifier'],
  ['(.*a){12}', 'nested-quantifier'],
  ['(\\w+\\s?)+$', 'nested-quantifier'],
  ['^(a+)+b', 'nested-quantifier'],
  ['(x+x+)+y', 'nested-quantifier'],
  ['(?:a{2,})+', 'nested-quantifier'],
  ['^[a-z0-9]+(?:-[a-z0-9]+)*$', 'nested-quantifier'],
  ['(?:(?=\\w+)x){2}', 'nested-quantifier'],
  // Rule 3
  ['(a|ab)*c', 'overlapping-alternation'],
  ['(a|a)*', 'overlapping-alternation'],
  ['(?:(a)|(ab))+', 'overlapping-alternation'],
  ['(?:x|\\w)+', 'overlapping-alternation'],
  ['(?:\\d|[0-9a-f]){2,}', 'overlapping-alternation'],
  ['(a|)*', 'overlapping-alternation'],
  ['(?:(?=b)a|a)+', 'overlapping-alternation'],
  // Rule 4
  ['\\d+\\s*\\d+', 'adjacent-overlap'],
  ['\\w+\\d+', 'adjacent-overlap'],
  ['(\\d+)(\\d+)', 'adjacent-overlap'],
  ['(?:x\\d+)\\d+', 'adjacent-overlap'],
  ['a*\\b(?:b?)a+', 'adjacent-overlap'],
  ['.*\\w+', 'adjacent-overlap'],
  // Conservative extension: exponential although rules 2–4 pass
  ['(?:a?a?)*$', 'ambiguous-repetition'],
  ['(a{1,2})+$', 'ambiguous-repetition'],
  ['(?:a|a){25}$', 'ambiguous-repetition'],
  ['(?:a(?:|))*$', 'ambiguous-repetition'],
  ['((?:a|a)c)*$', 'ambiguous-repetition'],
  ['(?:aa?)+$', 'ambiguous-repetition'],
  ['(?:a?){30}b', 'ambiguous-repetition'],
  ['(?:a|){30}b', 'ambiguous-repetition'],
  // Conservative extension: estimated worst case too slow although rules 2–4 pass
  ['a?'.repeat(30) + 'b', 'backtracking-cost'],
  ['\\w*a\\w*!', 'backtracking-cost'],
  ['.*x.*y', 'backtracking-cost'],
  ['^\\d*1\\d*2\\d*!', 'backtracking-cost'],
  ['a{0,50}b?a{0,50}', 'backtracking-cost'],
  ['.*(?:ab|a)c', 'backtracking-cost'],
  // Not allowed by the dialect
  ['(\\w)\\1', 'backreference'],
  ['(a)\\9', 'backreference'],
  ['\\k<a>', 'backreference'],
  ['(?<=a)b', 'lookbehind'],
  ['(?<!a)b', 'lookbehind'],
  ['(?<year>\\d{4})', 'named-group'],
  ['\\p{L}', 'property-escape'],
  ['[\\P{Lu}]', 'property-escape'],
  ['\\cJ', 'control-escape'],
  ['\\01', 'octal-escape'],
  ['[\\1]', 'octal-escape'],
  ['(?i)abc', 'inline-flags'],
  ['(?i:abc)', 'inline-flags'],
  ['(?-i:a)', 'inline-flags'],
  ['\\a', 'invalid-escape'],
  ['\\-', 'invalid-escape'],
  ['[\\B]', 'invalid-escape'],
  // Does not parse in Unicode mode
  ['[invalid(', 'syntax'],
  ['(abc', 'syntax'],
  ['abc)', 'syntax'],
  ['a**', 'syntax'],
  ['*a', 'syntax'],
  ['a{2,1}', 'syntax'],
  ['a{', 'syntax'],
  ['a{,3}', 'syntax'],
  ['}', 'syntax'],
  [']', 'syntax'],
  ['(?=a)*', 'syntax'],
  ['^*', 'syntax'],
  ['\\', 'syntax'],
  ['\\x4', 'syntax'],
  ['\\u12', 'syntax'],
  ['\\u{110000}', 'syntax'],
  ['[z-a]', 'syntax'],
  ['[\\d-z]', 'syntax'],
  ['(?', 'syntax'],
];

describe('checkPattern: accepted patterns', () => {
  for (const [pattern, why] of ACCEPTED) {
    test(`${JSON.stringify(pattern.length > 40 ? pattern.slice(0, 40) + '…' : pattern)} (${why})`, () => {
      const result = checkPattern(pattern);
      assert.equal(result.ok, true, result.ok ? '' : result.message);
      if (result.ok) assert.equal(result.regex.flags, 'u');
    });
  }
});

describe('checkPattern: refused patterns name the rule', () => {
  for (const [pattern, rule] of REJECTED) {
    test(`${JSON.stringify(pattern.length > 40 ? pattern.slice(0, 40) + '…' : pattern)} → ${rule}`, () => {
      const result = checkPattern(pattern);
      assert.equal(result.ok, false);
      if (!result.ok) {
        assert.equal(result.rule, rule, result.message);
        assert.match(result.message, /^regex pattern /);
      }
    });
  }
});

describe('checkPattern: messages quote the rule and the offending part', () => {
  const message = (p: string): string => {
    const r = checkPattern(p);
    assert.equal(r.ok, false);
    return r.ok ? '' : r.message;
  };
  test('rule numbers appear in safety refusals', () => {
    assert.match(message('a'.repeat(300)), /safety rule 1/);
    assert.match(message('(a+)+$'), /safety rule 2 .*"\(a\+\)\+" repeats "a\+"/);
    assert.match(message('(a|ab)*c'), /safety rule 3 .*"a" and "ab" can both start with 'a'/);
    assert.match(message('\\d+\\s*\\d+'), /safety rule 4 .*only "\\\\s\*" between them/);
  });
  test('dialect refusals name the construct and the offset', () => {
    assert.match(message('(\\w)\\1'), /backreference.*offset 4/);
    assert.match(message('ab(?<=a)'), /lookbehind.*offset 2/);
  });
});

describe('regexTest: the regex function', () => {
  const valid = (pattern: string, value: string): boolean => {
    const r = regexTest(pattern, value);
    assert.ok('valid' in r, 'error' in r ? r.error.message : '');
    return r.valid;
  };

  test('search semantics, like RegExp.prototype.test', () => {
    assert.equal(valid('b', 'abc'), true);
    assert.equal(valid('^b', 'abc'), false);
    assert.equal(valid('^[0-9]+$', '12345'), true);
    assert.equal(valid('^[0-9]+$', '12a45'), false);
  });

  test('matching is case-sensitive', () => {
    assert.equal(valid('abc', 'ABC'), false);
  });

  test('^ and $ match only at the ends: no multiline, $ not before a trailing newline', () => {
    assert.equal(valid('^abc$', 'abc\n'), false);
    assert.equal(valid('^b', 'a\nb'), false);
    assert.equal(valid('a$', 'a\nb'), false);
  });

  test('\\d, \\w and \\b are ASCII-only', () => {
    assert.equal(valid('^\\d$', '\u0663'), false); // ARABIC-INDIC DIGIT THREE
    assert.equal(valid('^\\d$', '7'), true);
    assert.equal(valid('^\\w+$', 'café'), false);
    assert.equal(valid('\\bé', ' é'), false);
  });

  test('\\s is ECMAScript WhiteSpace and LineTerminator', () => {
    for (const ch of ['\t', '\v', '\f', ' ', '\u00a0', '\u1680', '\u2003', '\u2028', '\u2029', '\u202f', '\u3000', '\ufeff']) {
      assert.equal(valid('^\\s$', ch), true, `U+${ch.codePointAt(0)!.toString(16)}`);
    }
    assert.equal(valid('^\\s$', '\u200b'), false); // ZERO WIDTH SPACE is not Zs
  });

  test('. is one code point except the four line terminators', () => {
    for (const ch of ['\n', '\r', '\u2028', '\u2029']) assert.equal(valid('^.$', ch), false);
    assert.equal(valid('^.$', '😀'), true);
    assert.equal(valid('^\\u{1F600}$', '😀'), true);
  });

  test('a value longer than 4,096 code points does not match and reports no error', () => {
    assert.deepEqual(regexTest('a', 'a'.repeat(4096)), { valid: true });
    assert.deepEqual(regexTest('a', 'a'.repeat(4097)), { valid: false });
    assert.deepEqual(regexTest('😀', '😀'.repeat(4096)), { valid: true });
    assert.deepEqual(regexTest('😀', '😀'.repeat(4097)), { valid: false });
  });

  test('an unsafe or invalid pattern is an EXPRESSION_ERROR naming the rule', () => {
    const r = regexTest('(a+)+$', 'aaaa');
    assert.ok('error' in r);
    assert.ok(r.error instanceof ExpressionError);
    assert.equal(r.error.code, 'EXPRESSION_ERROR');
    assert.match(r.error.message, /safety rule 2/);
    const long = regexTest('(\\w)\\1', 'x'.repeat(5000));
    assert.ok('error' in long, 'the pattern is checked before the value length');
  });

  test('the unsafe spec examples are refused before any matching', () => {
    for (const p of ['(a+)+$', '(a|ab)*c', '\\d+\\s*\\d+', '(\\w)\\1']) assert.ok('error' in regexTest(p, 'a'.repeat(30) + '!'));
  });
});

describe('checkPattern: caching and robustness', () => {
  test('a pattern is checked once and its result reused', () => {
    const first = checkPattern('^cache-me\\d$');
    assert.equal(checkPattern('^cache-me\\d$'), first);
  });

  test('the cache is bounded: old entries are evicted', () => {
    const first = checkPattern('^evict-me$');
    for (let i = 0; i < 300; i++) checkPattern(`^filler${i}$`);
    assert.notEqual(checkPattern('^evict-me$'), first);
  });

  test('a non-string pattern is refused, not thrown', () => {
    const r = checkPattern(42 as unknown as string);
    assert.equal(r.ok, false);
  });
});

describe('parsePattern: the syntax tree', () => {
  test('quantifier bounds and laziness', () => {
    const r = parsePattern('a{2,5}?');
    assert.ok(r.ok);
    assert.deepEqual(r.ast, {
      type: 'quantifier', min: 2, max: 5, lazy: true, start: 0, end: 7,
      body: { type: 'char', set: [[0x61, 0x61]], start: 0, end: 1 },
    });
  });

  test('a surrogate-pair escape is one code point; classes are code point ranges', () => {
    const r = parsePattern('[\\uD83D\\uDE00a-c\\d]');
    assert.ok(r.ok);
    assert.deepEqual(r.ast.type === 'char' && r.ast.set, [[0x30, 0x39], [0x61, 0x63], [0x1f600, 0x1f600]]);
  });

  test('bounds of 2^31−1 and above are unbounded, as V8 saturates them', () => {
    const r = parsePattern('a{0,2147483647}');
    assert.ok(r.ok);
    assert.equal(r.ast.type === 'quantifier' && r.ast.max, Infinity);
  });

  test('capturing groups are counted', () => {
    const r = parsePattern('(a)(?:b)(c(d))');
    assert.ok(r.ok);
    assert.equal(r.groupCount, 3);
  });
});

describe('conformance suite: regex cases', () => {
  const SUITE = `${SPEC_DIR}/conformance/core/functions.yaml`;
  type Case = { name: string; function?: string; args?: { pattern: string; value: string }; expect?: unknown; expectError?: { category: string } };
  const cases = (existsSync(SUITE) ? (parse(readFileSync(SUITE, 'utf8')) as Case[]) : []).filter((c) => c.function === 'regex');
  test('the suite has regex cases', () => assert.ok(cases.length >= 3));
  for (const c of cases) {
    test(c.name, () => {
      const r = regexTest(c.args!.pattern, c.args!.value);
      if (c.expectError) {
        assert.ok('error' in r);
        assert.equal(r.error.constructor.name, c.expectError.category);
      } else {
        assert.deepEqual(r, { valid: c.expect });
      }
    });
  }
});
