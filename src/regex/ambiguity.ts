/**
 * Our conservative extension of safety rules 2–4, run after them on the pattern's position
 * automaton. Rules 2–4 are syntactic and miss patterns such as `(?:a?a?)*$` (101 s on 24 `a`s in
 * V8), `a?a?…a?b` or `\w*a\w*!` (18 s on a 4,096 code point value). Refused here:
 * - `ambiguous-repetition`: exponential backtracking (see `eda.ts`);
 * - `backtracking-cost`: an estimate of the worst case, max(M, F) · n^k steps for a failing value of
 *   n ≤ 4,096 code points, above `MAX_STEPS`; k is the longest chain of linked loops counting
 *   the search of an unanchored pattern (`degree.ts`), M the finite ambiguity and F the widest
 *   label-aware fan-out (`finite.ts`).
 */
import type { RegexNode, Span } from './ast.ts';
import { exponentialPosition, type Budget } from './eda.ts';
import { longestChain, type ChainLink } from './degree.ts';
import { fanOut, finiteAmbiguity } from './finite.ts';
import { safetyIssue, type RegexIssue } from './issues.ts';
import { buildPositions, TooComplex, type PositionAutomaton } from './positions.ts';
import { stronglyConnected } from './scc.ts';
import { anchoredAtStart } from './structure.ts';
import { MAX_VALUE_CODE_POINTS } from './limits.ts';

/** Automaton edges examined per pattern before giving up (and refusing). */
const EDGE_BUDGET = 250_000;
/**
 * Largest estimated worst case accepted: quadratic with a constant of 2. Measured in V8 (Node 20)
 * on 4,096 code points: `\w+\s+\w+` (spec example, M = F = 1) and `\s*,\s*` fail in 30–90 ms,
 * `a?b?\w*$` (M = F = 2) in 180 ms, `a{0,3}a+[ab]!` (M = 4) in 290 ms, `.*(?:ab|a)c` (F = 3) in 480 ms.
 */
export const MAX_STEPS = MAX_VALUE_CODE_POINTS ** 2 * 2;

export function findAmbiguity(ast: RegexNode, quote: (span: Span) => string): RegexIssue | undefined {
  try {
    return analyse(ast, quote);
  } catch (e) {
    if (!(e instanceof TooComplex)) throw e;
    return safetyIssue('too-complex', 0, 'the pattern has too many repeated parts to prove it safe');
  }
}

function analyse(ast: RegexNode, quote: (span: Span) => string): RegexIssue | undefined {
  const pa = buildPositions(ast);
  const n = pa.labels.length;
  const comp = stronglyConnected(n, (v) => [...pa.follow[v]!.keys()], pa.labels.keys());
  const components = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const list = components.get(comp[v]!);
    if (list) list.push(v);
    else components.set(comp[v]!, [v]);
  }
  const budget: Budget = { left: EDGE_BUDGET };

  const position = exponentialPosition(pa, comp, components, budget);
  if (position !== undefined) {
    const atom = pa.origin[position]!;
    const loop = innermostLoop(pa, position) ?? atom;
    return safetyIssue('ambiguous-repetition', loop.start,
      `${quote(loop)} can match the same text in more than one way on every repetition (around ${quote(atom)}), so matching can take exponential time`);
  }

  const chain = longestChain(pa, comp, components, anchoredAtStart(ast), budget);
  const finite = finiteAmbiguity(pa, comp, components);
  const continuations = fanOut(pa);
  // Both measure how many continuations a step may have; they overlap, so the larger one is used.
  const factor = Math.max(finite.ways, continuations);
  if (factor * MAX_VALUE_CODE_POINTS ** chain.length <= MAX_STEPS) return undefined;
  const parts: string[] = [];
  if (chain.length > 1) {
    parts.push(`${chain.map((link) => describe(pa, link, quote)).join(', then ')} can split the same text between them`);
  }
  if (finite.ways > 1) {
    parts.push(`optional or alternative parts can read the same text in up to ${formatCount(finite.ways)} ways (around ${quote(pa.origin[finite.position]!)})`);
  }
  if (continuations > 1) parts.push(`each step may go on in ${formatCount(continuations)} ways that read the same character`);
  const hint = chain[0]?.kind === 'search'
    ? 'anchor the pattern with ^, or separate repetitions by characters they cannot match'
    : 'separate repetitions by characters they cannot match, or make fewer parts optional';
  const first = chain.find((link) => link.kind === 'loop');
  const at = first?.kind === 'loop' ? pa.origin[first.positions[0]!]!.start : pa.origin[finite.position]?.start ?? 0;
  return safetyIssue('backtracking-cost', at,
    `${parts.join('; ')}, so a failing match can take up to about ${formatCount(factor)} × n^${chain.length} steps on a value of n ≤ ${MAX_VALUE_CODE_POINTS} code points (${hint})`);
}

function formatCount(n: number): string {
  return n < 1e6 ? String(Math.round(n)) : n.toExponential(1);
}

function describe(pa: PositionAutomaton, link: ChainLink, quote: (span: Span) => string): string {
  if (link.kind === 'search') return 'the search (the pattern is not anchored with ^)';
  const position = link.positions[0]!;
  return quote(innermostLoop(pa, position) ?? pa.origin[position]!);
}

/** The innermost repetition built as a loop around `position`, for messages. */
function innermostLoop(pa: PositionAutomaton, position: number): Span | undefined {
  let best: (typeof pa.loops)[number] | undefined;
  for (const loop of pa.loops) {
    if (loop.from <= position && position < loop.to && (!best || loop.to - loop.from < best.to - best.from)) best = loop;
  }
  return best?.node;
}
