/**
 * Exponential degree of ambiguity: some position q has two distinct paths q → q reading the same
 * text. A backtracking matcher then has 2^k ways to read k repetitions of that text, which is what
 * makes `(a+)+$`, `(?:a?a?)*$`, `(a{1,2})+$` or `(a|a){30}` explode. Without such a position the
 * number of paths is polynomial in the input length (Weber & Seidl, 1991).
 *
 * Test: inside each cyclic component, either two parallel transitions p → q, or a component of the
 * pair automaton (p, q) —c→ (p', q') holding both a diagonal pair (q, q) and an off-diagonal pair
 * (two different positions reached by the same text).
 */
import { intersects } from './char-set.ts';
import { TooComplex, type PositionAutomaton } from './positions.ts';
import { stronglyConnected } from './scc.ts';

/** Largest cyclic component whose pair automaton is built (its square must stay small). */
const MAX_COMPONENT = 512;

/** Pair-automaton edges left to examine; past zero the pattern is refused as too complex. */
export interface Budget {
  left: number;
}

/** A position with two distinct same-text cycles, or undefined. Throws `TooComplex` past the budget. */
export function exponentialPosition(pa: PositionAutomaton, comp: Int32Array, components: Map<number, number[]>, budget: Budget): number | undefined {
  for (const [id, group] of components) {
    if (!isCyclic(pa, group)) continue;
    // Two parallel transitions inside a cycle: one text, two paths, on every lap.
    for (const p of group) {
      for (const [q, paths] of pa.follow[p]!) if (paths >= 2 && comp[q] === id) return p;
    }
    if (group.length > MAX_COMPONENT) throw new TooComplex();
    const found = offDiagonalCycle(pa, comp, id, group, budget);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function isCyclic(pa: PositionAutomaton, group: readonly number[]): boolean {
  return group.length > 1 || pa.follow[group[0]!]!.has(group[0]!);
}

function offDiagonalCycle(pa: PositionAutomaton, comp: Int32Array, id: number, group: readonly number[], budget: Budget): number | undefined {
  const k = group.length;
  const local = new Map(group.map((p, i) => [p, i]));
  const next = group.map((p) => [...pa.follow[p]!.keys()].filter((q) => comp[q] === id).map((q) => local.get(q)!));
  const overlap = new Uint8Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      const o = intersects(pa.labels[group[a]!]!, pa.labels[group[b]!]!) ? 1 : 0;
      overlap[a * k + b] = overlap[b * k + a] = o;
    }
  }
  const pairSucc = (v: number): number[] => {
    const a = Math.floor(v / k);
    const b = v % k;
    const out: number[] = [];
    for (const a2 of next[a]!) for (const b2 of next[b]!) if (overlap[a2 * k + b2]) out.push(a2 * k + b2);
    budget.left -= out.length + 1;
    if (budget.left < 0) throw new TooComplex();
    return out;
  };
  const diagonals = group.map((_, i) => i * k + i);
  const pairComp = stronglyConnected(k * k, pairSucc, diagonals);
  const diagonalOf = new Map<number, number>();
  for (const d of diagonals) if (!diagonalOf.has(pairComp[d]!)) diagonalOf.set(pairComp[d]!, d);
  for (let v = 0; v < k * k; v++) {
    const c = pairComp[v]!;
    if (c >= 0 && Math.floor(v / k) !== v % k && diagonalOf.has(c)) return group[diagonalOf.get(c)! % k];
  }
  return undefined;
}
