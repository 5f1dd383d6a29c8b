/**
 * Constant factors of backtracking, for the cost estimate in `ambiguity.ts`.
 *
 * Finite ambiguity: how many paths can read one text without going round a loop. Optional and
 * alternative parts multiply them: `a?a?…a?b` (30 times) has C(30, 15) ways to read 15 `a`s and
 * V8 needs a minute to fail on it, yet it has no loop for the other checks to see.
 *
 * Bound, over the components in topological order (a loop counts as one node: inside a loop
 * without exponential ambiguity, one text has at most one path between two positions):
 * M(C) = start paths into C + max over characters d of Σ count(p → C) · M(p) for the
 * predecessors p whose set contains d (the text's previous character selects the predecessors);
 * for a single position outside loops the larger of the two terms suffices.
 */
import { isCyclic } from './eda.ts';
import type { PositionAutomaton } from './positions.ts';

/** The largest bound M of one position, and a position where it is reached. */
export function finiteAmbiguity(
  pa: PositionAutomaton,
  comp: Int32Array,
  components: Map<number, number[]>,
): { ways: number; position: number } {
  const ways = new Map<number, number>();
  // Incoming edges per component, from other components: [predecessor, count].
  const incoming = new Map<number, [number, number][]>();
  for (let p = 0; p < pa.follow.length; p++) {
    for (const [q, count] of pa.follow[p]!) {
      if (comp[p] === comp[q]) continue;
      const list = incoming.get(comp[q]!);
      if (list) list.push([p, count]);
      else incoming.set(comp[q]!, [[p, count]]);
    }
  }
  const weightOf = (p: number): number => ways.get(comp[p]!) ?? 0;
  let best = { ways: 0, position: 0 };
  // Tarjan numbers components sinks first: the highest id has no predecessors left to wait for.
  const order = [...components.keys()].sort((a, b) => b - a);
  for (const id of order) {
    const members = components.get(id)!;
    const fromStart = members.reduce((sum, p) => sum + (pa.start.get(p) ?? 0), 0);
    const fromBefore = heaviestCharacter(pa, incoming.get(id) ?? [], weightOf);
    // A lone position is entered by its first character either at the start or after others, never
    // both for one text; a loop can be entered both ways and then read on, so its entries add up.
    const m = isCyclic(pa, members) ? fromStart + fromBefore : Math.max(fromStart, fromBefore);
    ways.set(id, m);
    if (m > best.ways) best = { ways: m, position: members[0]! };
  }
  return best;
}

/**
 * The widest label-aware fan-out F: after one position (or at the start), how many next positions
 * can read the same character. Each is a continuation the matcher tries in turn from every path
 * reaching that position: 3 after the `.` of `.*(?:ab|a)c`, 1 after the `\w` of `\w+\s+\w+`.
 */
export function fanOut(pa: PositionAutomaton): number {
  const one = (): number => 1;
  let widest = heaviestCharacter(pa, [...pa.start], one);
  for (const next of pa.follow) widest = Math.max(widest, heaviestCharacter(pa, [...next], one));
  return widest;
}

/** max over characters d of Σ count · weight(p) over the positions p whose set contains d (a sweep). */
function heaviestCharacter(pa: PositionAutomaton, edges: readonly [number, number][], weightOf: (p: number) => number): number {
  const events: [at: number, delta: number][] = [];
  for (const [p, count] of edges) {
    const weight = count * weightOf(p);
    for (const [lo, hi] of pa.labels[p]!) events.push([lo, weight], [hi + 1, -weight]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let sum = 0;
  let max = 0;
  for (const [, delta] of events) {
    sum += delta;
    max = Math.max(max, sum);
  }
  return max;
}
