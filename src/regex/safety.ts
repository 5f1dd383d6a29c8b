/**
 * The static safety check of the spec ("`regex` safety check"), applied to a parsed pattern before
 * any matching. Rules 1–4 are the spec's, quoted where they are applied. After them runs our
 * conservative extension (`ambiguity.ts`), which refuses the slow patterns rules 2–4 miss.
 */
import { findNode, type QuantifierNode, type RegexNode, type Span } from './ast.ts';
import { describeCodePoint, firstShared } from './char-set.ts';
import { safetyIssue, type RegexIssue } from './issues.ts';
import { branchFirstSet, consumedSet, findUnbounded, isUnbounded, nullable, unwrapGroups } from './structure.ts';
import { findAmbiguity } from './ambiguity.ts';
import { codePointLength, MAX_PATTERN_CODE_POINTS } from './limits.ts';

/** Rule 1, checked on the raw text before parsing. */
export function checkLength(pattern: string): RegexIssue | undefined {
  const length = codePointLength(pattern, MAX_PATTERN_CODE_POINTS);
  if (length <= MAX_PATTERN_CODE_POINTS) return undefined;
  return safetyIssue('length', MAX_PATTERN_CODE_POINTS, `the pattern is longer than ${MAX_PATTERN_CODE_POINTS} code points`);
}

/**
 * Rules 2–4 and the ambiguity extension on a parsed pattern. `source` is the pattern split into
 * code points (for quoting). Returns the first refusal in rule order, or undefined when safe.
 */
export function checkSafety(ast: RegexNode, source: readonly string[]): RegexIssue | undefined {
  const quote = (span: Span): string => JSON.stringify(source.slice(span.start, span.end).join(''));
  return nestedQuantifier(ast, quote) ?? overlappingAlternation(ast, quote) ?? adjacentOverlap(ast, quote) ?? findAmbiguity(ast, quote);
}

type Quote = (span: Span) => string;

/**
 * Rule 2: "A quantifier whose upper bound is above 1 applies to a subexpression that contains an
 * unbounded quantifier (`*`, `+`, `{n,}`). `?` and `{0,1}` count as upper bound 1. Counted bounds
 * such as `{1,1000}` are bounded." Lookahead bodies inside the subexpression count too ("contains").
 */
function nestedQuantifier(ast: RegexNode, quote: Quote): RegexIssue | undefined {
  return findNode(ast, (node) => {
    if (node.type !== 'quantifier' || node.max <= 1) return undefined;
    const inner = findUnbounded(node.body);
    if (!inner) return undefined;
    return safetyIssue('nested-quantifier', node.start, `${quote(node)} repeats ${quote(inner)}, which already repeats without bound`);
  });
}

/**
 * Rule 3: "An unbounded quantifier applies to an alternation where two branches can start with the
 * same character. … Rule 3 compares the first-character sets of the branches after unwrapping
 * groups." Assertions at a branch start are skipped; a branch that can match empty is treated as
 * able to start with anything (conservative: `(a|)*` is refused).
 */
function overlappingAlternation(ast: RegexNode, quote: Quote): RegexIssue | undefined {
  return findNode(ast, (node) => {
    if (!isUnbounded(node)) return undefined;
    const body = unwrapGroups(node.body);
    if (body.type !== 'alternation') return undefined;
    const firsts = body.branches.map(branchFirstSet);
    for (let i = 0; i < firsts.length; i++) {
      for (let j = i + 1; j < firsts.length; j++) {
        const shared = firstShared(firsts[i]!, firsts[j]!);
        if (shared === undefined) continue;
        const [a, b] = [body.branches[i]!, body.branches[j]!];
        const empty = [a, b].find(nullable);
        const why = empty
          ? `the branch ${quote(empty)} can match the empty string, so it may overlap the other branch`
          : `the branches ${quote(a)} and ${quote(b)} can both start with ${describeCodePoint(shared)}`;
        return safetyIssue('overlapping-alternation', node.start, `in ${quote(node)} ${why}`);
      }
    }
    return undefined;
  });
}

/**
 * Rule 4: "Two unbounded-quantified atoms with overlapping character sets are adjacent in one
 * concatenation, where only zero-width assertions or items that can match the empty string lie
 * between them." "A group whose only content is one quantified atom counts as that atom."
 * Conservatively, an atom also counts when it ends (or begins) an item of the concatenation, e.g.
 * the `\d+` ending `(?:x\d+)` or a branch of `(?:a|\d+)`; an atom's set is every character it can consume.
 */
function adjacentOverlap(ast: RegexNode, quote: Quote): RegexIssue | undefined {
  return findNode(ast, (node) => {
    if (node.type !== 'concat') return undefined;
    const { items } = node;
    for (let i = 0; i < items.length; i++) {
      const tails = edgeAtoms(items[i]!, 'tail');
      for (let j = i + 1; tails.length > 0 && j < items.length; j++) {
        for (const head of edgeAtoms(items[j]!, 'head')) {
          for (const tail of tails) {
            const shared = firstShared(consumedSet(tail.body), consumedSet(head.body));
            if (shared === undefined) continue;
            const between = j > i + 1 ? ` with only ${quote({ start: items[i + 1]!.start, end: items[j - 1]!.end })} between them` : '';
            return safetyIssue('adjacent-overlap', tail.start,
              `${quote(tail)} and ${quote(head)} both repeat without bound, can both match ${describeCodePoint(shared)}, and are adjacent${between}`);
          }
        }
        if (!nullable(items[j]!)) break;
      }
    }
    return undefined;
  });
}

/** Unbounded-quantified atoms a match of `node` can begin (`head`) or end (`tail`) with. */
function edgeAtoms(node: RegexNode, side: 'head' | 'tail'): QuantifierNode[] {
  switch (node.type) {
    case 'quantifier':
      if (node.max === Infinity) return [node];
      return node.max === 0 ? [] : edgeAtoms(node.body, side);
    case 'group':
      return edgeAtoms(node.body, side);
    case 'alternation':
      return node.branches.flatMap((b) => edgeAtoms(b, side));
    case 'concat': {
      const ordered = side === 'head' ? node.items : [...node.items].reverse();
      const out: QuantifierNode[] = [];
      for (const item of ordered) {
        out.push(...edgeAtoms(item, side));
        if (!nullable(item)) break;
      }
      return out;
    }
    default:
      return [];
  }
}
