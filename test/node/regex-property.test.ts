/**
 * Property tests of the regex safety check. Time is measured by counting: a small backtracking
 * matcher with ECMAScript semantics runs every accepted pattern over adversarial values of length
 * 20 and 40 and counts its steps, exploring every path (the worst case of a failing search). An
 * exponential pattern multiplies its steps by ~2^20 between the two lengths; we allow 50×.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkPattern, parsePattern, type RegexNode } from '../../src/regex/index.ts';
import { has, WORD } from '../../src/regex/char-set.ts';

class OverBudget extends Error {}

/** Steps a backtracking matcher takes to explore every match of `ast` in `value`. */
function countSteps(ast: RegexNode, value: string, budget: number): { matched: boolean; steps: number } {
  const input = Array.from(value, (ch) => ch.codePointAt(0)!);
  let steps = 0;
  const tick = (): void => {
    if (++steps > budget) throw new OverBudget(`more than ${budget} steps`);
  };
  const isWord = (p: number): boolean => p >= 0 && p < input.length && has(WORD, input[p]!);
  const m = (node: RegexNode, pos: number, k: (p: number) => boolean): boolean => {
    tick();
    switch (node.type) {
      case 'char':
        return pos < input.length && has(node.set, input[pos]!) && k(pos + 1);
      case 'assertion': {
        const ok = node.kind === 'start' ? pos === 0
          : node.kind === 'end' ? pos === input.length
          : (isWord(pos - 1) !== isWord(pos)) === (node.kind === 'wordBoundary');
        return ok && k(pos);
      }
      case 'lookahead': // atomic: the first way the body matches is the only one tried
        return m(node.body, pos, () => true) !== node.negative && k(pos);
      case 'group':
        return m(node.body, pos, k);
      case 'concat': {
        const seq = (i: number, p: number): boolean => (i === node.items.length ? k(p) : m(node.items[i]!, p, (q) => seq(i + 1, q)));
        return seq(0, pos);
      }
      case 'alternation':
        return node.branches.some((b) => m(b, pos, k));
      case 'quantifier': {
        const rep = (count: number, p: number): boolean => {
          tick();
          if (count >= node.max) return k(p);
          // RepeatMatcher: an iteration past the minimum that consumes nothing fails.
          const iterate = (): boolean => m(node.body, p, (q) => (count >= node.min && q === p ? false : rep(count + 1, q)));
          if (count < node.min) return iterate();
          return node.lazy ? k(p) || iterate() : iterate() || k(p);
        };
        return rep(0, pos);
      }
    }
  };
  let matched = false;
  for (let start = 0; start <= input.length; start++) {
    m(ast, start, () => {
      matched = true;
      return false; // keep exploring: count every path
    });
  }
  return { matched, steps };
}

const ADVERSARIAL: ((n: number) => string)[] = [
  (n) => 'a'.repeat(n) + '!',
  (n) => 'b'.repeat(n) + '!',
  (n) => 'ab'.repeat(n / 2) + '!',
  (n) => 'aab'.repeat(Math.floor(n / 3)) + '!',
  (n) => 'a'.repeat(n),
];
const BUDGET_20 = 500_000; // accepted patterns of this grammar stay below ~80k
const budget40 = (steps20: number): number => 50 * steps20 + 5_000;

/** Steps at length 20 and 40; throws `OverBudget` when growth looks exponential. */
function growth(ast: RegexNode, value: (n: number) => string): { s20: number; s40: number; m20: boolean; m40: boolean } {
  const r20 = countSteps(ast, value(20), BUDGET_20);
  const r40 = countSteps(ast, value(40), budget40(r20.steps));
  return { s20: r20.steps, s40: r40.steps, m20: r20.matched, m40: r40.matched };
}

const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{0,2}', '{1,3}', '{2,}', '*?', '+?', '??', '{3}', '{1,2}'];
// Groups are never empty: V8 (Node 20) native code mis-matches `/(?:(?=a)a())+[ab]a/u` on "abab".
const { pattern: patternArb } = fc.letrec<{ pattern: string; seq: string; term: string; atom: string }>((tie) => ({
  pattern: fc.oneof({ maxDepth: 3, depthIdentifier: 're' },
    { arbitrary: tie('seq'), weight: 3 },
    { arbitrary: fc.array(tie('seq'), { minLength: 2, maxLength: 3 }).map((b) => b.join('|')), weight: 1 }),
  seq: fc.array(tie('term'), { minLength: 1, maxLength: 4 }).map((t) => t.join('')),
  term: fc.oneof(
    { arbitrary: fc.tuple(tie('atom'), fc.constantFrom(...QUANTIFIERS)).map(([a, q]) => a + q), weight: 8 },
    { arbitrary: fc.constantFrom('^', '$', '\\b'), weight: 1 },
    { arbitrary: tie('pattern').map((p) => `(?=${p})`), weight: 1 }),
  atom: fc.oneof({ maxDepth: 3, depthIdentifier: 're' },
    { arbitrary: fc.constantFrom('a', 'a', 'b', '[ab]', '[^a]', '.', '\\w'), weight: 4 },
    { arbitrary: tie('pattern').map((p) => `(${p})`), weight: 1 },
    { arbitrary: tie('pattern').map((p) => `(?:${p})`), weight: 1 }),
}));

describe('the step counter', () => {
  test('flags the catastrophic classics, so the property can fail', () => {
    for (const p of ['(a+)+$', '(a|a)*$', '(?:a?a?)*$', '(a{1,2})+$', '(\\w+\\s?)+$']) {
      const parsed = parsePattern(p);
      assert.ok(parsed.ok);
      assert.throws(() => growth(parsed.ast, (n) => 'a'.repeat(n) + '!'), OverBudget, p);
    }
  });

  test('linear and quadratic patterns stay within the ratio', () => {
    for (const p of ['^a*$', 'a*b', '^[^@]+@[^@]+$']) {
      const parsed = parsePattern(p);
      assert.ok(parsed.ok);
      const g = growth(parsed.ast, (n) => 'a'.repeat(n) + '!');
      assert.ok(g.s40 < 5 * g.s20, `${p}: ${g.s20} → ${g.s40}`);
    }
  });
});

describe('property: accepted patterns do not backtrack exponentially', () => {
  test('random patterns over a/b with groups, alternation, lookahead and quantifiers', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(patternArb, (pattern) => {
        const check = checkPattern(pattern);
        if (!check.ok) {
          rejected++;
          return;
        }
        accepted++;
        const parsed = parsePattern(pattern);
        assert.ok(parsed.ok);
        for (const value of ADVERSARIAL) {
          const g = growth(parsed.ast, value);
          // The counter is only evidence if it matches like the engine does.
          assert.equal(g.m20, check.regex.test(value(20)), `${pattern} on ${value(20)}`);
          assert.equal(g.m40, check.regex.test(value(40)), `${pattern} on ${value(40)}`);
        }
      }),
      { seed: 20260101, numRuns: 300 },
    );
    assert.ok(accepted >= 60, `only ${accepted} of 300 patterns accepted`);
    assert.ok(rejected >= 30, `only ${rejected} of 300 patterns rejected`);
  });
});

describe('property: the checker always answers', () => {
  const syntaxUnit = fc.constantFrom(...'ab()[]{}?*+|\\^$.-,0129dDwsbBuxkpc<=!:i/'.split(''), '\uD83D', '\uDE00', '😀');

  test('arbitrary full-Unicode strings give a result, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const r = checkPattern(s);
        assert.equal(typeof r.ok, 'boolean');
        if (!r.ok) assert.equal(typeof r.rule, 'string');
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  test('regex-like strings: our parser never accepts what V8 rejects in Unicode mode', () => {
    fc.assert(
      fc.property(fc.string({ unit: syntaxUnit, maxLength: 16 }), (s) => {
        const ours = parsePattern(s);
        let v8 = true;
        try {
          new RegExp(s, 'u');
        } catch {
          v8 = false;
        }
        if (ours.ok) assert.ok(v8, `we accept ${JSON.stringify(s)}, V8 does not`);
        else if (v8) assert.notEqual(ours.rule, 'syntax', `V8 parses ${JSON.stringify(s)}: ${ours.message}`);
        const checked = checkPattern(s);
        if (checked.ok) assert.equal(checked.regex.source, new RegExp(s, 'u').source);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });
});
