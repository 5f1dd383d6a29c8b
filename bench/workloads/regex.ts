/**
 * Workload 7, regex safety (ours only): the worst time of one `regex` check over a corpus of
 * real-world validation patterns, classic catastrophic-backtracking patterns (which the safety
 * check must refuse) and seeded random patterns, each accepted pattern run against adversarial
 * inputs of the maximum length a value may have (4,096 code points).
 *
 * @module
 */
import { MAX_VALUE_CODE_POINTS } from '../../src/index.ts';
import { checkPattern, regexTest } from '../../src/regex/index.ts';
import { rng } from '../stats.ts';

/** Validation patterns as agents write them. */
export const REAL_WORLD = [
  '^[0-9]+$',
  '^\\d{5}(-\\d{4})?$',
  '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$',
  '^\\+?[0-9 ()-]{7,20}$',
  '^https?://[^\\s/$.?#][^\\s]*$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$',
  '^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,64}$',
  '\\b\\w+\\b',
  '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  '^[a-z0-9-]+$',
  '^[A-Za-z]+( [A-Za-z]+)?$',
  '^\\d{1,3}(,\\d{3})*(\\.\\d+)?$',
  '^[0-9]{3}-[0-9]{2}-[0-9]{4}$',
  '^(0?[1-9]|1[0-2]):[0-5][0-9] ?(AM|PM)$',
  '^[\\w.+-]+@[a-z0-9-]+(\\.[a-z0-9-]+)*$',
  '^\\s*$',
  '^.{0,280}$',
  '[aeiou]{3}',
  '^(?!\\s)[\\s\\S]{1,500}$',
];

/** Patterns with exponential or polynomial backtracking: the safety check must refuse them all. */
export const CATASTROPHIC = [
  '(a+)+$',
  '^(a+)+$',
  '(a|a)*$',
  '(a|aa)+$',
  '(.*a){12}',
  '^(\\w+\\s?)*$',
  '(\\d+)*x',
  'a*a*b',
  '(x+x+)+y',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '([a-zA-Z]+)*$',
  '(a|b|ab)*c',
  '\\s*\\s*$',
  '.*.*=.*',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '^(\\s*\\w+\\s*)+$',
  '(\\w+\\d*)+!',
  '^(a?){25}a{25}$',
  '(.+)+\\s',
  '([^,]+,?)*;',
];

const ATOMS = ['a', 'b', 'x', '.', '\\d', '\\w', '\\s', '[ab]', '[^a]', '[a-z]', '\\b', ' ', '0'];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{2,}', '*?', '+?', '{0,8}'];

/** A random pattern in the dialect (it may still be refused by the safety check). */
export function randomPattern(next: () => number, depth = 0): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const parts: string[] = [];
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) {
    const r = next();
    let atom: string;
    if (depth < 3 && r < 0.25) {
      const branches = 1 + Math.floor(next() * 3);
      const inner = Array.from({ length: branches }, () => randomPattern(next, depth + 1)).join('|');
      atom = `${pick(['(', '(?:', '(?:', '(?=', '(?!'])}${inner})`;
    } else atom = pick(ATOMS);
    const q = atom === '\\b' || atom.startsWith('(?=') || atom.startsWith('(?!') ? '' : pick(QUANTIFIERS);
    parts.push(atom + q);
  }
  let p = parts.join('');
  if (depth === 0 && next() < 0.3) p = '^' + p;
  if (depth === 0 && next() < 0.3) p = p + '$';
  return p;
}

/** Inputs of the maximum length that tend to make a backtracking engine work hardest. */
export function adversarialInputs(next: () => number): string[] {
  const max = MAX_VALUE_CODE_POINTS;
  const fill = (unit: string, tail: string) => unit.repeat(Math.ceil((max - tail.length) / unit.length)).slice(0, max - tail.length) + tail;
  const mixed = Array.from({ length: max }, () => 'abx0 _'[Math.floor(next() * 6)]).join('');
  return [fill('a', '!'), fill('ab', '!'), fill(' ', '!'), fill('0', 'a'), fill('x', '\n'), fill('a b ', '='), fill('a,', ';'), mixed, fill('a', 'a')];
}

export interface RegexReport {
  realWorld: { patterns: number; accepted: number };
  catastrophic: { patterns: number; refused: number; accepted: string[] };
  random: { patterns: number; accepted: number; refused: number };
  matches: number;
  worstMatchMs: number;
  worstPattern: string;
  worstInput: string;
  worstCheckMs: number;
  worstCheckPattern: string;
  totalMs: number;
}

/** Runs the workload: `random` seeded random patterns besides the two fixed corpora. */
export function regexSafety({ random = 3000, seed = 10 }: { random?: number; seed?: number } = {}): RegexReport {
  // Deterministic, so every run checks the same random patterns.
  const next = rng(seed);
  const inputs = adversarialInputs(next);
  const report: RegexReport = {
    realWorld: { patterns: REAL_WORLD.length, accepted: 0 },
    catastrophic: { patterns: CATASTROPHIC.length, refused: 0, accepted: [] },
    random: { patterns: 0, accepted: 0, refused: 0 },
    matches: 0,
    worstMatchMs: 0,
    worstPattern: '',
    worstInput: '',
    worstCheckMs: 0,
    worstCheckPattern: '',
    totalMs: 0,
  };
  const start = performance.now();
  const seen = new Set<string>();
  const run = (pattern: string): boolean => {
    const t0 = performance.now();
    const check = checkPattern(pattern);
    const dt = performance.now() - t0;
    if (dt > report.worstCheckMs) Object.assign(report, { worstCheckMs: dt, worstCheckPattern: pattern });
    if (!check.ok) return false;
    for (const input of inputs) {
      const t = performance.now();
      regexTest(pattern, input);
      const ms = performance.now() - t;
      report.matches++;
      if (ms > report.worstMatchMs) Object.assign(report, { worstMatchMs: ms, worstPattern: pattern, worstInput: `${JSON.stringify(input.slice(0, 12))}… (${input.length} chars)` });
    }
    return true;
  };
  for (const p of REAL_WORLD) if (run(p)) report.realWorld.accepted++;
  for (const p of CATASTROPHIC) {
    if (run(p)) report.catastrophic.accepted.push(p);
    else report.catastrophic.refused++;
  }
  while (report.random.patterns < random) {
    const p = randomPattern(next);
    if (seen.has(p)) continue;
    seen.add(p);
    report.random.patterns++;
    if (run(p)) report.random.accepted++;
    else report.random.refused++;
  }
  report.totalMs = performance.now() - start;
  return report;
}
