/**
 * The syntax tree of an A2UI regex dialect pattern. Every node carries its span in code points
 * (`start` inclusive, `end` exclusive) so that safety messages can quote the offending part.
 */
import type { CharSet } from './char-set.ts';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Anything that consumes exactly one code point: a literal, `.`, a class, a class escape. */
export interface CharNode extends Span {
  readonly type: 'char';
  readonly set: CharSet;
}

/** Zero-width `^`, `$`, `\b`, `\B`. */
export interface AssertionNode extends Span {
  readonly type: 'assertion';
  readonly kind: 'start' | 'end' | 'wordBoundary' | 'notWordBoundary';
}

/** `(?= )` or `(?! )`. Zero-width and never quantified (Unicode mode forbids it). */
export interface LookaheadNode extends Span {
  readonly type: 'lookahead';
  readonly negative: boolean;
  readonly body: RegexNode;
}

/** `( )` or `(?: )`. */
export interface GroupNode extends Span {
  readonly type: 'group';
  readonly capturing: boolean;
  readonly body: RegexNode;
}

/** `* + ? {n} {n,} {n,m}`, optionally lazy. `max` is `Infinity` when unbounded. */
export interface QuantifierNode extends Span {
  readonly type: 'quantifier';
  readonly min: number;
  readonly max: number;
  readonly lazy: boolean;
  readonly body: RegexNode;
}

/** A sequence of terms; an empty sequence matches the empty string. Never has exactly one item. */
export interface ConcatNode extends Span {
  readonly type: 'concat';
  readonly items: readonly RegexNode[];
}

/** `a|b|…` with at least two branches. */
export interface AlternationNode extends Span {
  readonly type: 'alternation';
  readonly branches: readonly RegexNode[];
}

export type RegexNode =
  | CharNode
  | AssertionNode
  | LookaheadNode
  | GroupNode
  | QuantifierNode
  | ConcatNode
  | AlternationNode;

/** Direct children of a node, in pattern order. */
export function children(node: RegexNode): readonly RegexNode[] {
  switch (node.type) {
    case 'lookahead':
    case 'group':
    case 'quantifier':
      return [node.body];
    case 'concat':
      return node.items;
    case 'alternation':
      return node.branches;
    default:
      return [];
  }
}

/** Calls `visit` on every node, parents before children, in pattern order. Stops at the first non-undefined result. */
export function findNode<T>(node: RegexNode, visit: (n: RegexNode) => T | undefined): T | undefined {
  const here = visit(node);
  if (here !== undefined) return here;
  for (const child of children(node)) {
    const found = findNode(child, visit);
    if (found !== undefined) return found;
  }
  return undefined;
}
