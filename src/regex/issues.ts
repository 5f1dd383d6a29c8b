/**
 * Why a pattern is refused. Every refusal names the rule or construct, so the `EXPRESSION_ERROR`
 * the renderer reports tells the agent what to change.
 */

/** Safety refusals: the spec's rules 1–4 ("`regex` safety check"), then our conservative extension. */
export type SafetyRule =
  /** Rule 1: longer than 256 code points. */
  | 'length'
  /** Rule 2: a quantifier with upper bound above 1 over a subexpression containing an unbounded quantifier. */
  | 'nested-quantifier'
  /** Rule 3: an unbounded quantifier over an alternation whose branches can start with the same character. */
  | 'overlapping-alternation'
  /** Rule 4: two overlapping unbounded-quantified atoms adjacent in one concatenation. */
  | 'adjacent-overlap'
  /**
   * Our conservative extension: the pattern can match one text in exponentially many ways
   * although rules 2–4 do not fire, e.g. `(?:a?a?)*$` or `(a|a){30}`.
   */
  | 'ambiguous-repetition'
  /**
   * Our conservative extension: the estimated worst case is too slow for a 4,096 code point value,
   * e.g. `\w*a\w*!` (three ways to split one text: about n³ steps) or `a?a?…a?b`.
   */
  | 'backtracking-cost'
  /** The analysis itself would be too expensive; refused rather than trusted. */
  | 'too-complex';

/** Dialect rules: syntax the spec does not allow, or that does not parse in Unicode mode. */
export type DialectRule =
  | 'syntax'
  | 'backreference'
  | 'lookbehind'
  | 'named-group'
  | 'property-escape'
  | 'control-escape'
  | 'octal-escape'
  | 'inline-flags'
  | 'invalid-escape';

export type RegexRule = SafetyRule | DialectRule;

/** A refusal: the rule, a human-readable message naming it, and the code point offset it concerns. */
export interface RegexIssue {
  readonly rule: RegexRule;
  readonly message: string;
  readonly at: number;
}

const SAFETY_LABEL: Record<SafetyRule, string> = {
  'length': 'safety rule 1 (pattern length)',
  'nested-quantifier': 'safety rule 2 (nested quantifier)',
  'overlapping-alternation': 'safety rule 3 (overlapping alternation)',
  'adjacent-overlap': 'safety rule 4 (adjacent overlapping repetitions)',
  'ambiguous-repetition': 'safety check (ambiguous repetition, conservative extension of rules 2–4)',
  'backtracking-cost': 'safety check (backtracking cost, conservative extension of rules 2–4)',
  'too-complex': 'safety check (too complex to analyse)',
};

export function safetyIssue(rule: SafetyRule, at: number, detail: string): RegexIssue {
  return { rule, at, message: `regex pattern rejected by ${SAFETY_LABEL[rule]}: ${detail}` };
}

export function dialectIssue(rule: DialectRule, at: number, detail: string): RegexIssue {
  const what = rule === 'syntax' ? 'does not parse' : `uses a construct the A2UI regex dialect does not allow (${rule})`;
  return { rule, at, message: `regex pattern ${what} at offset ${at}: ${detail}` };
}
