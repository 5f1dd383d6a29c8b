/**
 * Our conservative extension of safety rules 2–4, run after them on the pattern's position
 * automaton. Rules 2–4 are syntactic and miss patterns such as `(?:a?a?)*$` (101 s on 24 `a`s in
 * V8) or `\w*a\w*!` (18 s on a 4,096 code point value). Refused here:
 * - `ambiguous-repetition`: exponential backtracking (see `eda.ts`);
 * - `polynomial-backtracking`: a chain of three or more linked loops, counting the search loop of
 *   an unanchored pattern, i.e. about n³ steps or more (see `degree.ts`).
 */
import type { RegexNode, Span } from './ast.ts';
import { exponentialPosition, type Budget } from './eda.ts';
import { longestChain, type ChainLink } from './degree.ts';
import { safetyIssue, type RegexIssue } from './issues.ts';
import { buildPositions, TooComplex, type PositionAutomaton } from './positions.ts';
import { stronglyConnected } from './scc.ts';
import { anchoredAtStart } from './structure.ts';

/** Automaton edges examined per pattern before giving up (and refusing). */
const EDGE_BUDGET = 1_000_000;
/** Longest accepted chain of linked loops: n² steps on a failing value of length n. */
export const MAX_LINKED_LOOPS = 2;

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
  if (chain.length <= MAX_LINKED_LOOPS) return undefined;
  const first = chain.find((link) => link.kind === 'loop');
  const at = first?.kind === 'loop' ? pa.origin[first.positions[0]!]!.start : 0;
  return safetyIssue('polynomial-backtracking', at,
    `${chain.map((link) => describe(pa, link, quote)).join(', then ')} can split the same text between them in many ways, so a failing match can take up to about n^${chain.length} steps on a value of n code points (anchor the pattern with ^ or separate the repetitions by characters they cannot match)`);
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
