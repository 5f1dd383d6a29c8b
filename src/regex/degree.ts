/**
 * Polynomial degree of backtracking. Loops (cyclic components) L1, L2 are *linked* when one text
 * can be read both by staying in L1, by staying in L2, and by going from L1 to L2; then the matcher
 * tries every split of that text between them. A chain of k linked loops costs about n^k steps on
 * a failing value of length n. The search itself is a loop: unless the pattern is anchored with
 * `^`, a match is attempted at every offset, modelled as a prefix loop over any character.
 *
 * Links are over-approximated: every character on the way from L1 to L2 (and in the text) must be
 * in the alphabets of both loops, so we look for a path from L1 to L2 through positions whose sets
 * meet the intersection of the two alphabets (Weber & Seidl's IDA condition, relaxed).
 */
import { intersection, intersects, union, type CharSet } from './char-set.ts';
import { isCyclic, type Budget } from './eda.ts';
import { TooComplex, type PositionAutomaton } from './positions.ts';

/** A loop of the chain: positions of a cyclic component, or the implicit search loop. */
export type ChainLink = { readonly kind: 'search' } | { readonly kind: 'loop'; readonly positions: readonly number[] };

interface Loop {
  readonly id: number;
  readonly positions: readonly number[];
  readonly alphabet: CharSet;
}

/** The longest chain of linked loops, first loop first. */
export function longestChain(
  pa: PositionAutomaton,
  comp: Int32Array,
  components: Map<number, number[]>,
  anchored: boolean,
  budget: Budget,
): ChainLink[] {
  const loops: Loop[] = [];
  for (const [id, positions] of components) {
    if (isCyclic(pa, positions)) loops.push({ id, positions, alphabet: union(...positions.map((p) => pa.labels[p]!)) });
  }
  // Tarjan numbers components sinks first, so a loop can only link to loops with smaller ids.
  loops.sort((a, b) => a.id - b.id);
  const stamp = new Int32Array(pa.labels.length);
  let generation = 0;
  /** Whether `to` is reachable from the candidate positions through positions meeting `shared`. */
  const reaches = (candidates: Iterable<number>, shared: CharSet, to: Loop): boolean => {
    if (shared.length === 0) return false;
    generation++;
    const queue: number[] = [];
    const visit = (q: number): boolean => {
      if (--budget.left < 0) throw new TooComplex();
      if (stamp[q] === generation || !intersects(pa.labels[q]!, shared)) return false;
      stamp[q] = generation;
      queue.push(q);
      return comp[q] === to.id;
    };
    for (const q of candidates) if (visit(q)) return true;
    while (queue.length > 0) {
      for (const q of pa.follow[queue.pop()!]!.keys()) if (visit(q)) return true;
    }
    return false;
  };
  const successors = (positions: readonly number[]): number[] => positions.flatMap((p) => [...pa.follow[p]!.keys()]);

  const best = new Map<number, ChainLink[]>();
  for (const loop of loops) {
    let chain: ChainLink[] = [];
    for (const target of loops) {
      if (target.id >= loop.id) break;
      const rest = best.get(target.id)!;
      if (rest.length > chain.length && reaches(successors(loop.positions), intersection(loop.alphabet, target.alphabet), target)) {
        chain = rest;
      }
    }
    best.set(loop.id, [{ kind: 'loop', positions: loop.positions }, ...chain]);
  }
  let longest = [...best.values()].reduce((a, b) => (b.length > a.length ? b : a), [] as ChainLink[]);
  if (!anchored) {
    // The search loop reads any character, so it links to a loop reachable from the start positions
    // through positions meeting that loop's own alphabet.
    let chain: ChainLink[] = [];
    for (const target of loops) {
      const rest = best.get(target.id)!;
      if (rest.length > chain.length && reaches(pa.start.keys(), target.alphabet, target)) chain = rest;
    }
    const withSearch: ChainLink[] = [{ kind: 'search' }, ...chain];
    if (withSearch.length > longest.length) longest = withSearch;
  }
  return longest;
}
