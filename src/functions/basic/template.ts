/**
 * The `formatString` template language: literal text with `${...}` interpolations of data paths,
 * literals and named-argument function calls (spec, "The formatString function").
 *
 * Grammar (whitespace allowed around every token inside `${ }`):
 *   template   := ( text | '\${' | '${' expr '}' )*
 *   expr       := '${' expr '}' | string | number | 'true' | 'false' | 'null' | call | path
 *   call       := name '(' [ arg ( ',' arg )* ] ')'      name := identifier | '@' identifier
 *   arg        := identifier ':' expr
 *   path       := '/'-absolute or relative JSON Pointer made of `\p{ID_Continue}` and - . ~ /
 * Names (of functions and arguments) are Unicode identifiers, `[\p{ID_Start}_]\p{ID_Continue}*`:
 * the upstream parser's rule (a2ui#2527: `${señor}`, `${日本}`, `add(número: 10)`), which holds
 * every UAX #31 name a catalog may declare (`[\p{XID_Start}_]\p{XID_Continue}*`) and the few
 * compatibility characters NFKC would change. Paths take any `ID_Continue` character, so every
 * identifier-like data key is reachable. Letters outside the BMP and combining marks count as
 * the characters they are (the patterns read code points).
 *
 * Limits (a2ui#2389): at most {@link MAX_TEMPLATE_LENGTH} UTF-16 code units and
 * {@link MAX_TEMPLATE_PARTS} parts per template, {@link MAX_TEMPLATE_DEPTH} levels of nesting.
 */
import { ExpressionError } from '../../errors.ts';
import { BoundedCache } from './bounded-cache.ts';

/** A literal value inside a template (quoted string, number, boolean or `null`). */
export type TemplateLiteral = string | number | boolean | null;

/** A data binding: `${/abs/path}` or `${relative}`. */
export interface PathPart {
  readonly path: string;
}

/** A function call with named arguments: `${fn(a: 1, b: /x)}`; `@`-names are system functions. */
export interface CallPart {
  readonly call: string;
  readonly args: Readonly<Record<string, TemplateArg>>;
}

/** A function argument: a literal or a nested expression. */
export type TemplateArg = TemplateLiteral | PathPart | CallPart;

/** One piece of a parsed template. Adjacent string literals are always joined. */
export type TemplatePart = TemplateLiteral | PathPart | CallPart;

/** Longest template accepted, in UTF-16 code units. */
export const MAX_TEMPLATE_LENGTH = 10_000;
/**
 * Most parts accepted in one template: interpolations and runs of literal text, as the parsed
 * result has them (adjacent literals joined, so a template never has more parts here than the
 * upstream parser counts, which gives an escaped `\${` a part of its own).
 */
export const MAX_TEMPLATE_PARTS = 1_000;
/** Deepest nesting of `${...}` and calls accepted. */
export const MAX_TEMPLATE_DEPTH = 32;
/**
 * Distinct templates kept parsed, and their characters at most: every Text of a large surface
 * keeps its own parsed (past the bound, each evaluation would parse again).
 */
export const TEMPLATE_CACHE_SIZE = 4096;
export const TEMPLATE_CACHE_CHARACTERS = 256 * 1024;

const IDENTIFIER = /[\p{ID_Start}_]\p{ID_Continue}*/uy;
const WHOLE_IDENTIFIER = /^[\p{ID_Start}_]\p{ID_Continue}*$/u;
const PATH = /[\p{ID_Continue}\-.~/]+/uy;
const PATH_CHAR = /[\p{ID_Continue}\-.~/]/u;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /\s*/y;
const PLAIN_TEXT = /[^$\\]+/y;
const SINGLE_QUOTED_TEXT = /[^'\\]+/y;
const DOUBLE_QUOTED_TEXT = /[^"\\]+/y;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

// Parse results (or the parse error's message) per template text.
const cache = new BoundedCache<string, readonly TemplatePart[] | { error: string }>(TEMPLATE_CACHE_SIZE, TEMPLATE_CACHE_CHARACTERS, (template) => template.length);

/**
 * Parses a `formatString` template into parts. Results are cached and deeply frozen.
 * @throws ExpressionError for a malformed template, one longer than {@link MAX_TEMPLATE_LENGTH},
 *   with more than {@link MAX_TEMPLATE_PARTS} parts or nested deeper than {@link MAX_TEMPLATE_DEPTH}.
 */
export function parseTemplate(input: string): readonly TemplatePart[] {
  if (typeof input !== 'string') throw new ExpressionError('Template must be a string');
  if (input.length > MAX_TEMPLATE_LENGTH) {
    throw new ExpressionError(`Template is longer than ${MAX_TEMPLATE_LENGTH} characters`);
  }
  const cached = cache.getOrCreate(input, () => {
    try {
      return deepFreeze(new TemplateParser(input).parse());
    } catch (e) {
      if (e instanceof ExpressionError) return { error: e.message };
      throw e;
    }
  });
  // A fresh error per throw: callers may attach where-information to it.
  if (!Array.isArray(cached)) throw new ExpressionError((cached as { error: string }).error);
  return cached;
}

/** A part in the conformance suite's shape (`expressions.yaml`): calls carry `returnType: "any"`. */
export type ConformancePart =
  | TemplateLiteral
  | { path: string }
  | { call: string; args: Record<string, ConformancePart>; returnType: 'any' };

/** Converts parsed parts to the shape `expressions.yaml` expects, for the conformance runner. */
export function toConformanceParts(parts: readonly TemplatePart[]): ConformancePart[] {
  return parts.map(toConformancePart);
}

function toConformancePart(part: TemplateArg): ConformancePart {
  if (part === null || typeof part !== 'object') return part;
  if ('path' in part) return { path: part.path };
  const args = Object.fromEntries(Object.entries(part.args).map(([k, v]) => [k, toConformancePart(v)]));
  return { call: part.call, args, returnType: 'any' };
}

class TemplateParser {
  #pos = 0;
  #depth = 0;

  constructor(readonly input: string) {}

  parse(): TemplatePart[] {
    const parts: TemplatePart[] = [];
    let text = '';
    const { input } = this;
    while (this.#pos < input.length) {
      if (input.startsWith('\\${', this.#pos)) {
        text += '${';
        this.#pos += 3;
      } else if (input.startsWith('${', this.#pos)) {
        const value = this.#interpolation();
        if (typeof value === 'string') {
          text += value;
        } else {
          if (text) this.#push(parts, text);
          text = '';
          this.#push(parts, value);
        }
      } else {
        // Copy the run of plain text up to the next possible marker in one step.
        text += input[this.#pos++];
        text += this.#match(PLAIN_TEXT) ?? '';
      }
    }
    if (text || parts.length === 0) this.#push(parts, text);
    return parts;
  }

  /** Adds a part; one past {@link MAX_TEMPLATE_PARTS} ends the parse (the limit bounds every evaluation's work). */
  #push(parts: TemplatePart[], part: TemplatePart): void {
    if (parts.length >= MAX_TEMPLATE_PARTS) this.#fail(`Template has more than ${MAX_TEMPLATE_PARTS} parts`);
    parts.push(part);
  }

  /** `${ expr }`, positioned at `$`. */
  #interpolation(): TemplateArg {
    const start = this.#pos;
    this.#pos += 2;
    this.#enter();
    const value = this.#expression();
    this.#skipWhitespace();
    if (this.#atEnd()) this.#fail(`Unclosed interpolation starting at position ${start}`);
    if (this.input[this.#pos] !== '}') this.#fail('Unexpected characters after expression');
    this.#pos++;
    this.#depth--;
    return value;
  }

  #expression(): TemplateArg {
    this.#skipWhitespace();
    const { input } = this;
    if (this.#atEnd()) this.#fail('Unclosed interpolation');
    const c = input[this.#pos];
    if (input.startsWith('${', this.#pos)) return this.#interpolation();
    if (c === "'" || c === '"') return this.#string(c);
    if (/[-\d]/.test(c) && /\d/.test(input[c === '-' ? this.#pos + 1 : this.#pos] ?? '')) return this.#number();
    if (c === '@') return this.#systemCall();
    if (c === '}') this.#fail(`Expected an expression at position ${this.#pos}`);
    return this.#pathOrCall();
  }

  #string(quote: string): string {
    const start = this.#pos++;
    let out = '';
    const { input } = this;
    const plain = quote === "'" ? SINGLE_QUOTED_TEXT : DOUBLE_QUOTED_TEXT;
    while (this.#pos < input.length) {
      out += this.#match(plain) ?? '';
      if (this.#atEnd()) break;
      const c = input[this.#pos++];
      if (c === quote) return out;
      if (this.#atEnd()) break;
      const e = input[this.#pos++];
      if (e === 'u' || e === 'x') out += this.#codeEscape(e);
      else out += SIMPLE_ESCAPES[e] ?? e;
    }
    this.#fail(`Unterminated string literal starting at position ${start}`);
  }

  /** `\xHH`, `\uHHHH` or `\u{H...}` after the letter. */
  #codeEscape(kind: 'u' | 'x'): string {
    const rest = this.input.slice(this.#pos);
    const m = kind === 'x' ? /^[0-9a-fA-F]{2}/.exec(rest) : /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(rest);
    if (!m) this.#fail(`Invalid \\${kind} escape at position ${this.#pos - 2}`);
    const code = parseInt(m[0].replace(/[{}]/g, ''), 16);
    if (code > 0x10ffff) this.#fail(`Invalid \\${kind} escape at position ${this.#pos - 2}`);
    this.#pos += m[0].length;
    return String.fromCodePoint(code);
  }

  #number(): number {
    const start = this.#pos;
    const text = this.#match(NUMBER) ?? '';
    const next = this.input[this.#pos];
    const value = Number(text);
    if (!Number.isFinite(value) || (next !== undefined && PATH_CHAR.test(next))) {
      this.#fail(`Invalid number literal at position ${start}`);
    }
    return value;
  }

  /** `@name(...)`: a system function, which has no catalog. */
  #systemCall(): CallPart {
    const start = this.#pos++;
    const name = this.#match(IDENTIFIER);
    if (!name) this.#fail(`Invalid system function name at position ${start}`);
    this.#skipWhitespace();
    if (this.input[this.#pos] !== '(') this.#fail(`System function '@${name}' must be called with ()`);
    return this.#call(`@${name}`);
  }

  #pathOrCall(): TemplateArg {
    const start = this.#pos;
    const token = this.#match(PATH);
    if (!token) this.#fail(`Unexpected character '${this.input[start]}' at position ${start}`);
    const afterToken = this.#pos;
    this.#skipWhitespace();
    if (this.input[this.#pos] === '(') {
      if (!WHOLE_IDENTIFIER.test(token)) this.#fail(`Invalid function name '${token}'`);
      return this.#call(token);
    }
    this.#pos = afterToken;
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    return { path: token };
  }

  /** The argument list of `name`, positioned at `(`. */
  #call(name: string): CallPart {
    this.#pos++;
    this.#enter();
    const args = new Map<string, TemplateArg>();
    this.#skipWhitespace();
    if (this.input[this.#pos] === ')') {
      this.#pos++;
    } else {
      for (;;) {
        this.#skipWhitespace();
        if (this.#atEnd()) this.#fail('Unclosed interpolation');
        const argStart = this.#pos;
        const argName = this.#match(IDENTIFIER);
        if (!argName) this.#fail(`Expected argument name at position ${argStart}`);
        if (args.has(argName)) this.#fail(`Duplicate argument '${argName}' in call to '${name}'`);
        this.#skipWhitespace();
        if (this.input[this.#pos] !== ':') this.#fail(`Expected ':' after argument name '${argName}'`);
        this.#pos++;
        args.set(argName, this.#expression());
        this.#skipWhitespace();
        if (this.#atEnd()) this.#fail('Unclosed interpolation');
        const c = this.input[this.#pos++];
        if (c === ')') break;
        if (c !== ',') this.#fail(`Expected ',' or ')' after function arguments of '${name}'`);
      }
    }
    this.#depth--;
    // fromEntries defines own properties, so an argument named `__proto__` stays data.
    return { call: name, args: Object.fromEntries(args) };
  }

  #enter(): void {
    if (++this.#depth > MAX_TEMPLATE_DEPTH) {
      this.#fail(`Template nesting exceeds ${MAX_TEMPLATE_DEPTH} levels`);
    }
  }

  #match(re: RegExp): string | undefined {
    re.lastIndex = this.#pos;
    const m = re.exec(this.input);
    if (!m || m[0] === '') return undefined;
    this.#pos += m[0].length;
    return m[0];
  }

  #skipWhitespace(): void {
    this.#match(WHITESPACE);
  }

  #atEnd(): boolean {
    return this.#pos >= this.input.length;
  }

  #fail(message: string): never {
    throw new ExpressionError(message);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
