/**
 * Recursive-descent parser for the A2UI regex dialect: "a portable subset of ECMAScript `Pattern`
 * syntax, evaluated in Unicode mode (`u`) with no other flags". It follows the Unicode-mode grammar
 * (so a lone `{`, `}` or `]` is an error, as are unknown identity escapes) and refuses, by name,
 * every construct the spec lists as "Not allowed".
 */
import type { RegexNode, CharNode, QuantifierNode } from './ast.ts';
import { DOT, charSet, complement, classEscapeSet, union, type CharSet, type CodePointRange } from './char-set.ts';
import { dialectIssue, type DialectRule, type RegexIssue } from './issues.ts';

export type ParseResult =
  | { readonly ok: true; readonly ast: RegexNode; readonly groupCount: number }
  | ({ readonly ok: false } & RegexIssue);

/** V8 saturates `{n,m}` bounds at 2^31−1 to "infinity", so such bounds are unbounded in practice. */
const INFINITE_BOUND = 2 ** 31 - 1;

/** ECMAScript SyntaxCharacter: `^ $ \ . * + ? ( ) [ ] { } |`. */
const SYNTAX = new Set(Array.from('^$\\.*+?()[]{}|', (c) => c.codePointAt(0)!));
const c = (s: string): number => s.codePointAt(0)!;
const isDigit = (cp: number | undefined): boolean => cp !== undefined && cp >= 0x30 && cp <= 0x39;
const hexValue = (cp: number | undefined): number => {
  if (cp === undefined) return -1;
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  if (cp >= 0x41 && cp <= 0x46) return cp - 0x37;
  if (cp >= 0x61 && cp <= 0x66) return cp - 0x57;
  return -1;
};

class Failure {
  constructor(readonly issue: RegexIssue) {}
}

/** A class atom is either one code point (may start or end a range) or a class escape (may not). */
type ClassAtom = { cp: number } | { set: CharSet };

class Parser {
  private i = 0;
  groupCount = 0;

  constructor(private readonly cps: readonly number[]) {}

  parsePattern(): RegexNode {
    const ast = this.disjunction();
    if (this.i < this.cps.length) this.fail('syntax', "unmatched ')'");
    return ast;
  }

  private fail(rule: DialectRule, detail: string, at = this.i): never {
    throw new Failure(dialectIssue(rule, at, detail));
  }

  private peek(offset = 0): number | undefined {
    return this.cps[this.i + offset];
  }

  private disjunction(): RegexNode {
    const start = this.i;
    const branches = [this.alternative()];
    while (this.peek() === c('|')) {
      this.i++;
      branches.push(this.alternative());
    }
    return branches.length === 1 ? branches[0]! : { type: 'alternation', branches, start, end: this.i };
  }

  private alternative(): RegexNode {
    const start = this.i;
    const items: RegexNode[] = [];
    for (let cp = this.peek(); cp !== undefined && cp !== c('|') && cp !== c(')'); cp = this.peek()) {
      items.push(this.term());
    }
    return items.length === 1 ? items[0]! : { type: 'concat', items, start, end: this.i };
  }

  private term(): RegexNode {
    const start = this.i;
    const cp = this.peek()!;
    if (cp === c('^') || cp === c('$')) {
      this.i++;
      return this.noQuantifier({ type: 'assertion', kind: cp === c('^') ? 'start' : 'end', start, end: this.i });
    }
    if (cp === c('\\') && (this.peek(1) === c('b') || this.peek(1) === c('B'))) {
      this.i += 2;
      const kind = this.peek(-1) === c('b') ? 'wordBoundary' : 'notWordBoundary';
      return this.noQuantifier({ type: 'assertion', kind, start, end: this.i });
    }
    if (cp === c('(') && this.peek(1) === c('?') && (this.peek(2) === c('=') || this.peek(2) === c('!'))) {
      const negative = this.peek(2) === c('!');
      this.i += 3;
      const body = this.disjunction();
      this.closeGroup(start);
      // Unicode mode has no QuantifiableAssertion: `(?=a)*` is a SyntaxError.
      return this.noQuantifier({ type: 'lookahead', negative, body, start, end: this.i });
    }
    if (cp === c('*') || cp === c('+') || cp === c('?') || cp === c('{')) this.fail('syntax', 'nothing to repeat');
    if (cp === c('}') || cp === c(']')) this.fail('syntax', `lone '${String.fromCodePoint(cp)}' (escape it as \\${String.fromCodePoint(cp)})`);
    return this.quantified(this.atom(), start);
  }

  private noQuantifier<T extends RegexNode>(node: T): T {
    const cp = this.peek();
    if (cp === c('*') || cp === c('+') || cp === c('?') || cp === c('{')) this.fail('syntax', 'an assertion cannot be quantified');
    return node;
  }

  private quantified(body: RegexNode, start: number): RegexNode {
    const cp = this.peek();
    let min: number;
    let max: number;
    if (cp === c('*')) [min, max] = [0, Infinity];
    else if (cp === c('+')) [min, max] = [1, Infinity];
    else if (cp === c('?')) [min, max] = [0, 1];
    else if (cp === c('{')) [min, max] = this.braces();
    else return body;
    if (cp !== c('{')) this.i++;
    const lazy = this.peek() === c('?');
    if (lazy) this.i++;
    const node: QuantifierNode = { type: 'quantifier', min, max, lazy, body, start, end: this.i };
    return node;
  }

  /** `{n}`, `{n,}`, `{n,m}`; in Unicode mode anything else starting with `{` is an error. */
  private braces(): [number, number] {
    const at = this.i;
    this.i++;
    const min = this.number();
    let max = min;
    if (this.peek() === c(',')) {
      this.i++;
      max = isDigit(this.peek()) ? this.number() : Infinity;
    }
    if (Number.isNaN(min) || Number.isNaN(max) || this.peek() !== c('}')) {
      this.fail('syntax', "incomplete quantifier (a literal '{' must be escaped as \\{)", at);
    }
    this.i++;
    if (min > max) this.fail('syntax', 'numbers out of order in {} quantifier', at);
    return [min, max];
  }

  private number(): number {
    if (!isDigit(this.peek())) return NaN;
    let value = 0;
    for (let d = this.peek(); isDigit(d); d = this.peek()) {
      value = Math.min(value * 10 + (d! - 0x30), INFINITE_BOUND);
      this.i++;
    }
    return value >= INFINITE_BOUND ? Infinity : value;
  }

  private atom(): RegexNode {
    const start = this.i;
    const cp = this.peek()!;
    if (cp === c('(')) return this.group();
    if (cp === c('[')) return this.charNode(this.characterClass(), start);
    if (cp === c('.')) {
      this.i++;
      return this.charNode(DOT, start);
    }
    if (cp === c('\\')) {
      this.i++;
      return this.charNode(this.atomEscape(), start);
    }
    this.i++;
    return this.charNode([[cp, cp]], start);
  }

  private charNode(set: CharSet, start: number): CharNode {
    return { type: 'char', set, start, end: this.i };
  }

  private group(): RegexNode {
    const start = this.i;
    this.i++;
    let capturing = true;
    if (this.peek() === c('?')) {
      const next = this.peek(1);
      if (next === c(':')) {
        capturing = false;
        this.i += 2;
      } else if (next === c('<') && (this.peek(2) === c('=') || this.peek(2) === c('!'))) {
        this.fail('lookbehind', 'lookbehind (?<= or (?<! is not allowed', start);
      } else if (next === c('<')) {
        this.fail('named-group', 'named groups (?<name>…) are not allowed; use ( ) or (?: )', start);
      } else if (next !== undefined && (next === c('-') || /[a-zA-Z]/.test(String.fromCodePoint(next)))) {
        this.fail('inline-flags', 'inline flags / modifiers such as (?i) or (?i:…) are not allowed', start);
      } else {
        this.fail('syntax', "invalid group: '(?' must be followed by ':', '=' or '!'", start);
      }
    }
    if (capturing) this.groupCount++;
    const body = this.disjunction();
    this.closeGroup(start);
    return { type: 'group', capturing, body, start, end: this.i };
  }

  private closeGroup(start: number): void {
    if (this.peek() !== c(')')) this.fail('syntax', "unterminated group: missing ')'", start);
    this.i++;
  }

  /** After a `\` outside a class. `\b`/`\B` were handled as assertions by `term`. */
  private atomEscape(): CharSet {
    const cp = this.peek();
    if (cp === undefined) this.fail('syntax', '\\ at end of pattern', this.i - 1);
    const set = classEscapeSet(String.fromCodePoint(cp));
    if (set) {
      this.i++;
      return set;
    }
    if (cp >= c('1') && cp <= c('9')) this.fail('backreference', 'backreferences (\\1–\\9) are not allowed', this.i - 1);
    if (cp === c('k')) this.fail('backreference', 'named backreferences (\\k<name>) are not allowed', this.i - 1);
    if (cp === c('-')) this.fail('invalid-escape', "'\\-' is only allowed inside a character class", this.i - 1);
    const value = this.characterEscape();
    return [[value, value]];
  }

  /** CharacterEscape, shared by atoms and class atoms. `this.i` is on the letter after `\`. */
  private characterEscape(): number {
    const at = this.i - 1;
    const cp = this.peek()!;
    this.i++;
    switch (cp) {
      case c('t'): return 0x09;
      case c('n'): return 0x0a;
      case c('v'): return 0x0b;
      case c('f'): return 0x0c;
      case c('r'): return 0x0d;
      case c('0'):
        // "`\0` not followed by a digit"; `\00`, `\01`… are legacy octal.
        if (isDigit(this.peek())) this.fail('octal-escape', 'legacy octal escapes are not allowed (\\0 must not be followed by a digit)', at);
        return 0;
      case c('x'): {
        const hi = hexValue(this.peek());
        const lo = hexValue(this.peek(1));
        if (hi < 0 || lo < 0) this.fail('syntax', '\\x must be followed by exactly two hex digits', at);
        this.i += 2;
        return hi * 16 + lo;
      }
      case c('u'): return this.unicodeEscape(at);
      case c('c'): return this.fail('control-escape', 'control escapes (\\cX) are not allowed', at);
      case c('p'):
      case c('P'): return this.fail('property-escape', 'Unicode property escapes (\\p{…}, \\P{…}) are not allowed', at);
    }
    // Identity escapes: the spec allows "identity escapes of syntax characters"; `\/` is the one
    // other identity escape of Unicode-mode ECMAScript and is kept (harmless, common in copied patterns).
    if (SYNTAX.has(cp) || cp === c('/')) return cp;
    if (isDigit(cp)) return this.fail('octal-escape', 'legacy octal / decimal escapes are not allowed', at);
    return this.fail('invalid-escape', `unknown escape '\\${String.fromCodePoint(cp)}'`, at);
  }

  /** `\uHHHH`, `\uLead\uTrail` (one code point), `\u{H…}` up to 10FFFF. */
  private unicodeEscape(at: number): number {
    if (this.peek() === c('{')) {
      this.i++;
      let value = 0;
      let digits = 0;
      for (let h = hexValue(this.peek()); h >= 0; h = hexValue(this.peek())) {
        value = value * 16 + h;
        digits++;
        this.i++;
        if (value > 0x10ffff) this.fail('syntax', '\\u{…} code point above 10FFFF', at);
      }
      if (digits === 0 || this.peek() !== c('}')) this.fail('syntax', 'invalid \\u{…} escape', at);
      this.i++;
      return value;
    }
    const unit = this.hex4(this.i);
    if (unit < 0) this.fail('syntax', '\\u must be followed by four hex digits or {…}', at);
    this.i += 4;
    if (unit >= 0xd800 && unit <= 0xdbff && this.peek() === c('\\') && this.peek(1) === c('u')) {
      const trail = this.hex4(this.i + 2);
      if (trail >= 0xdc00 && trail <= 0xdfff) {
        this.i += 6;
        return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00);
      }
    }
    return unit;
  }

  private hex4(from: number): number {
    let value = 0;
    for (let k = 0; k < 4; k++) {
      const h = hexValue(this.cps[from + k]);
      if (h < 0) return -1;
      value = value * 16 + h;
    }
    return value;
  }

  /** `[…]` / `[^…]` with ranges; a class escape cannot be a range end point (Unicode mode). */
  private characterClass(): CharSet {
    const start = this.i;
    this.i++;
    const negated = this.peek() === c('^');
    if (negated) this.i++;
    const parts: CharSet[] = [];
    for (;;) {
      const cp = this.peek();
      if (cp === undefined) this.fail('syntax', "unterminated character class: missing ']'", start);
      if (cp === c(']')) break;
      const first = this.classAtom();
      if (this.peek() === c('-') && this.peek(1) !== undefined && this.peek(1) !== c(']')) {
        const dash = this.i;
        this.i++;
        const last = this.classAtom();
        if (!('cp' in first) || !('cp' in last)) this.fail('syntax', 'a class escape cannot be a range end point', dash);
        if (first.cp > last.cp) this.fail('syntax', 'range out of order in character class', dash);
        parts.push([[first.cp, last.cp] as CodePointRange]);
      } else {
        parts.push('cp' in first ? [[first.cp, first.cp]] : first.set);
      }
    }
    this.i++;
    const set = parts.length === 0 ? [] : union(...parts);
    return negated ? complement(set) : charSet(set);
  }

  private classAtom(): ClassAtom {
    const cp = this.peek()!;
    this.i++;
    if (cp !== c('\\')) return { cp };
    const next = this.peek();
    if (next === undefined) this.fail('syntax', '\\ at end of pattern', this.i - 1);
    const set = classEscapeSet(String.fromCodePoint(next));
    if (set) {
      this.i++;
      return { set };
    }
    if (next === c('b')) {
      this.i++;
      return { cp: 0x08 }; // ClassEscape `b` is backspace, as in ECMAScript.
    }
    if (next === c('-')) {
      this.i++;
      return { cp: next }; // ClassEscape `-` exists only in Unicode mode, only inside classes.
    }
    if (next === c('B') || next === c('k')) this.fail('invalid-escape', `'\\${String.fromCodePoint(next)}' is not allowed in a character class`, this.i - 1);
    return { cp: this.characterEscape() };
  }
}

/**
 * Parses a pattern of the A2UI regex dialect. Never throws: a refusal is a value naming the rule
 * (`syntax` or the forbidden construct) and the code point offset. Does not apply safety rule 1;
 * callers check the length first (`checkPattern` does), which also bounds nesting depth.
 */
export function parsePattern(pattern: string): ParseResult {
  const parser = new Parser(Array.from(pattern, (ch) => ch.codePointAt(0)!));
  try {
    const ast = parser.parsePattern();
    return { ok: true, ast, groupCount: parser.groupCount };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, ...e.issue };
    throw e;
  }
}
