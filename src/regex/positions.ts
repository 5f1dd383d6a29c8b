/**
 * A position automaton (Glushkov construction) of a pattern, for the backtracking analyses. Each
 * state is one character-consuming atom; `follow[p]` maps each position that can come next to the
 * number of distinct backtracking paths from `p` to it (capped at 10^9). Paths are
 * counted the way an ECMAScript backtracking matcher explores them: alternation branches and
 * optional parts are separate paths, and an iteration past the minimum that matches nothing fails
 * (RepeatMatcher's empty check), so loops only go back from a consuming end.
 *
 * Over-approximations (they only add paths, so the analyses stay safe):
 * - Assertions always pass.
 * - A lookahead body is a dead-end side branch: reached from wherever the lookahead stands, never
 *   leading back, because a lookahead is atomic and its match is discarded.
 * - Counted repetitions of a fixed-shape body are unrolled exactly when small and with at most
 *   `MAX_EXACT_CHOICES` repetition counts; otherwise `X{n,m}` becomes `X{n,}` or, if even the
 *   mandatory copies are too big, `X+`/`X*`.
 */
import type { CharNode, QuantifierNode, RegexNode } from './ast.ts';
import type { CharSet } from './char-set.ts';

type Counts = Map<number, number>;

interface Fragment {
  readonly first: Counts;
  readonly last: Counts;
  /** Entries of lookahead bodies standing at the start of this fragment. */
  readonly side: Counts;
  /** Number of paths that match empty. */
  readonly nullable: number;
}

export interface PositionAutomaton {
  readonly labels: readonly CharSet[];
  readonly origin: readonly CharNode[];
  readonly follow: readonly Counts[];
  /** Positions a match attempt can begin with (including lookahead bodies at the start), with path counts. */
  readonly start: ReadonlyMap<number, number>;
  /** Repetitions built as loops, with the positions [from, to) created inside them. */
  readonly loops: readonly { readonly node: QuantifierNode; readonly from: number; readonly to: number }[];
}

/** The construction refused to grow further; the pattern is refused rather than trusted. */
export class TooComplex {}

export const MAX_POSITIONS = 4096;
/** Largest exact unrolling of one counted repetition, in positions. */
const MAX_EXPANSION = 256;
/**
 * Most repetition counts unrolled exactly (`\d{1,3}` has 3). Each count multiplies the ways to
 * split a text, so `a{0,50}` is analysed as the loop `a*` it behaves like.
 */
const MAX_EXACT_CHOICES = 4;

const NONE: Counts = new Map();
const EPSILON: Fragment = { first: NONE, last: NONE, side: NONE, nullable: 1 };
const cap = (n: number): number => Math.min(n, 1e9);

function merge(a: Counts, b: Counts, bTimes = 1): Counts {
  if (bTimes === 0 || b.size === 0) return a;
  const out = new Map(a);
  for (const [p, n] of b) out.set(p, cap((out.get(p) ?? 0) + n * bTimes));
  return out;
}

/** Builds the position automaton of `ast`. Throws `TooComplex` past `MAX_POSITIONS`. */
export function buildPositions(ast: RegexNode): PositionAutomaton {
  const builder = new Builder();
  const top = builder.build(ast);
  const { labels, origin, follow, loops } = builder;
  return { labels, origin, follow, loops, start: merge(top.first, top.side) };
}

class Builder {
  readonly labels: CharSet[] = [];
  readonly origin: CharNode[] = [];
  readonly follow: Counts[] = [];
  readonly loops: { node: QuantifierNode; from: number; to: number }[] = [];
  private readonly lookaheadEntries = new Map<RegexNode, Counts>();

  build(node: RegexNode): Fragment {
    switch (node.type) {
      case 'char':
        return this.position(node);
      case 'assertion':
        return EPSILON;
      case 'lookahead':
        return { ...EPSILON, side: this.lookahead(node.body) };
      case 'group':
        return this.build(node.body);
      case 'concat':
        return node.items.reduce((acc: Fragment, item) => this.seq(acc, this.build(item)), EPSILON);
      case 'alternation':
        return node.branches.map((br) => this.build(br)).reduce((x, y) => ({
          first: merge(x.first, y.first),
          last: merge(x.last, y.last),
          side: merge(x.side, y.side),
          nullable: cap(x.nullable + y.nullable),
        }));
      case 'quantifier':
        return this.repeat(node);
    }
  }

  /** Builds a lookahead body once (even inside unrolled copies) and returns its entries. */
  private lookahead(body: RegexNode): Counts {
    let entries = this.lookaheadEntries.get(body);
    if (!entries) {
      const inner = this.build(body);
      entries = merge(inner.first, inner.side);
      this.lookaheadEntries.set(body, entries);
    }
    return entries;
  }

  private position(node: CharNode): Fragment {
    if (this.labels.length >= MAX_POSITIONS) throw new TooComplex();
    const id = this.labels.length;
    this.labels.push(node.set);
    this.origin.push(node);
    this.follow.push(new Map());
    const self = new Map([[id, 1]]);
    return { first: self, last: self, side: NONE, nullable: 0 };
  }

  private link(from: Counts, to: Counts, times = 1): void {
    for (const [p, a] of from) {
      const next = this.follow[p]!;
      for (const [q, b] of to) next.set(q, cap((next.get(q) ?? 0) + a * b * times));
    }
  }

  private seq(x: Fragment, y: Fragment): Fragment {
    this.link(x.last, merge(y.first, y.side));
    return {
      first: merge(x.first, y.first, x.nullable),
      last: merge(y.last, x.last, y.nullable),
      side: merge(x.side, y.side, x.nullable),
      nullable: cap(x.nullable * y.nullable),
    };
  }

  /** `X?`: one more path that skips X. */
  private optional(x: Fragment): Fragment {
    return { ...x, nullable: cap(x.nullable + 1) };
  }

  /**
   * `X+` as one copy whose consuming ends lead back to its starts; `X*` adds the skip path only.
   * When X can match empty and at least two iterations are mandatory, those iterations may be
   * empty (the empty check spares them), so the text can shift between iterations: `(?:a?){30}b`
   * takes V8 a minute on 18 `a`s. The way back then counts as two paths.
   */
  private loop(node: QuantifierNode, min: number): Fragment {
    const from = this.labels.length;
    const x = this.build(node.body);
    this.loops.push({ node, from, to: this.labels.length });
    this.link(x.last, merge(x.first, x.side), min >= 2 && x.nullable > 0 ? 2 : 1);
    return min === 0 ? { ...x, nullable: 1 } : x;
  }

  private repeat(node: QuantifierNode): Fragment {
    const { body, min, max } = node;
    if (max === 0) return EPSILON; // the body never runs
    if (max === 1) {
      const x = this.build(body);
      return min === 0 ? this.optional(x) : x;
    }
    const weight = rigidWeight(body);
    if (weight === 0) {
      // A fixed body that consumes nothing: extra iterations fail the empty check. Built once so
      // that lookaheads inside it are still analysed.
      return { ...this.build(body), nullable: 1 };
    }
    if (weight !== undefined && max - min < MAX_EXACT_CHOICES && weight * max <= MAX_EXPANSION) {
      return this.unroll(body, min, max);
    }
    if (weight !== undefined && weight * min <= MAX_EXPANSION) {
      // X{n,m} ⊑ X{n,} = X^(n-1) X+ (or X* when n = 0): exact mandatory copies, then a loop.
      const head = this.unroll(body, Math.max(min - 1, 0), Math.max(min - 1, 0));
      return this.seq(head, this.loop(node, min));
    }
    return this.loop(node, min);
  }

  /** Exact unrolling `X{n,m}` = X^n (X (X …)?)? for finite m. */
  private unroll(body: RegexNode, min: number, max: number): Fragment {
    let head = EPSILON;
    for (let k = 0; k < min; k++) head = this.seq(head, this.build(body));
    let tail: Fragment | undefined;
    for (let k = min; k < max; k++) {
      const x = this.build(body);
      tail = this.optional(tail ? this.seq(x, tail) : x);
    }
    return tail ? this.seq(head, tail) : head;
  }
}

/**
 * Positions one match of `node` consumes when the node has a single fixed shape (no alternation,
 * no variable repetition): such a body matches any text in at most one way. Undefined otherwise.
 */
function rigidWeight(node: RegexNode): number | undefined {
  switch (node.type) {
    case 'char':
      return 1;
    case 'assertion':
    case 'lookahead':
      return 0;
    case 'group':
      return rigidWeight(node.body);
    case 'concat': {
      let sum = 0;
      for (const item of node.items) {
        const w = rigidWeight(item);
        if (w === undefined) return undefined;
        sum += w;
      }
      return sum;
    }
    case 'quantifier': {
      if (node.min !== node.max || node.max === Infinity) return undefined;
      const w = rigidWeight(node.body);
      return w === undefined ? undefined : w * node.min;
    }
    case 'alternation':
      return undefined;
  }
}
