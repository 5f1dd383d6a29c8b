/**
 * Hostile JSON values as compact specs. A spec prints small in a counterexample (`{repeat:'A', n:
 * 200000}` instead of 200 000 characters) and shrinks well; {@link materialize} turns it into the
 * JSON an agent would send.
 */
import fc from 'fast-check';
import { CATASTROPHIC_INPUTS, CATASTROPHIC_PATTERNS, INVALID_PATTERNS, SAFE_PATTERNS } from './corpus/regexes.ts';
import { PATHOLOGICAL_TEMPLATES } from './corpus/templates.ts';
import { HOSTILE_URLS, SAFE_URLS } from './corpus/urls.ts';
import { XSS_VECTORS } from './corpus/xss.ts';
import { obj, type Json } from './json.ts';

export type ValueSpec =
  | { lit: Json }
  | { repeat: string; n: number }
  | { list: ValueSpec; n: number }
  | { nest: number; kind: NestKind }
  | { own: string; value: ValueSpec }
  | { bind: string; extra?: boolean }
  | { call: string; args: Array<[string, ValueSpec]>; catalogId?: string; extra?: boolean }
  | { fields: Array<[string, ValueSpec]> };

export type NestKind = 'array' | 'object' | 'call' | 'template' | 'formatString';

/** Size knobs: the quick pass keeps values small, the long run goes big. */
export interface Scale {
  /** Longest generated string. */
  maxString: number;
  /** Longest generated array. */
  maxArray: number;
  /** Deepest generated nesting. */
  maxDepth: number;
}

export const QUICK: Scale = { maxString: 20_000, maxArray: 2_000, maxDepth: 200 };
export const LONG: Scale = { maxString: 400_000, maxArray: 12_000, maxDepth: 1_500 };

/** Keys that reach prototypes, directives, and other names a careless `obj[key]` trips over. */
export const HOSTILE_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__',
  '@', '@foo', '@path', '@call', '@index', '@checks', '@@escaped', '@@', '', ' ', 'a/b', '~', '~1', '\u0000', 'é', '𝒳',
] as const;

/** JSON pointers that are malformed, reach prototypes, or are merely odd. */
export const HOSTILE_POINTERS = [
  '', '/', '//', '/a//b', 'relative', 'a/b', '.', '..', '../x', '#/a', ' /a', '/a/', '/~', '/~2', '/~0~1', '/a~',
  '/__proto__', '/__proto__/polluted', '/constructor/prototype/polluted', '/a/prototype', '/toString', '/hasOwnProperty/x',
  '/-', '/list/-', '/list/-/x', '/list/999', '/list/-1', '/list/01', '/list/1e3', '/list/0/x', '/0/1/2', '/%2F',
  '/\u0000', '/' + 'a/'.repeat(300) + 'z', '/' + 'x'.repeat(5000),
] as const;

export const FUNCTION_NAMES = [
  'required', 'regex', 'length', 'numeric', 'email', 'formatString', 'formatNumber', 'formatCurrency', 'formatDate',
  'pluralize', 'openUrl', 'and', 'or', 'not',
  'mystery', 'fetchUser', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '@index', '@unknown', '@', '',
] as const;

const ARG_NAMES = [
  'value', 'pattern', 'url', 'min', 'max', 'values', 'format', 'decimals', 'currency', 'offset', 'other', 'one', 'grouping',
  '__proto__', 'constructor', '@path', '',
] as const;

const TEMPLATE_TOKENS = ['${', '}', '/a', '/list/0', 'name', '(', ')', ':', ',', "'", '"', '\\', '\\${', 'now()', 'formatDate(value:', 'format:', '@index(', 'x', ' ', '$'];
const REGEX_TOKENS = ['a', 'a+', '(', ')', '|', '*', '+', '?', '{2,}', '{1,9}', '[a-z]', '.', '\\d', '\\w', '^', '$', '(?:', '(?=', '\\'];

/** Strings agents get wrong or use to attack: corpus entries, odd Unicode, lookalike numbers. */
export function hostileString(scale: Scale): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...XSS_VECTORS, ...HOSTILE_URLS, ...SAFE_URLS, ...HOSTILE_POINTERS, ...HOSTILE_KEYS),
    fc.constantFrom(...PATHOLOGICAL_TEMPLATES.filter((t) => t.length <= scale.maxString)),
    fc.constantFrom(...CATASTROPHIC_PATTERNS, ...INVALID_PATTERNS, ...SAFE_PATTERNS, ...CATASTROPHIC_INPUTS),
    fc.array(fc.constantFrom(...TEMPLATE_TOKENS), { maxLength: 12 }).map((t) => t.join('')),
    fc.array(fc.constantFrom(...REGEX_TOKENS), { maxLength: 10 }).map((t) => t.join('')),
    // Any UTF-16 code units, lone surrogates included (built by hand: fc.string's binary unit is slow to set up).
    fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units)),
    fc.constantFrom('true', 'false', 'null', '0', '-0', 'NaN', 'Infinity', '1e400', '\ud800', '\udfff', '\ufeff', '\u2028', 'Ω'.repeat(3)),
  );
}

export function scalar(scale: Scale): fc.Arbitrary<Json> {
  return fc.oneof(
    fc.constantFrom<Json>(null, true, false, 0, -1, 1, 0.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 4294967296, 1e-320),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    hostileString(scale),
  );
}

/** A hostile value spec (recursive). */
export function valueSpec(scale: Scale): fc.Arbitrary<ValueSpec> {
  const { spec } = fc.letrec<{ spec: ValueSpec }>((tie) => ({
    spec: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalar(scale).map((lit): ValueSpec => ({ lit })) },
      { weight: 2, arbitrary: fc.record({ bind: fc.oneof(fc.constantFrom(...HOSTILE_POINTERS), fc.constantFrom('/a', '/list', 'name', '/user/name')), extra: fc.boolean() }) },
      {
        weight: 2,
        arbitrary: fc.record({
          call: fc.constantFrom(...FUNCTION_NAMES),
          args: fc.array(fc.tuple(fc.constantFrom(...ARG_NAMES), tie('spec')), { maxLength: 3 }),
          catalogId: fc.option(fc.constantFrom('https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json', 'urn:unknown', ''), { nil: undefined }),
          extra: fc.boolean(),
        }),
      },
      { weight: 2, arbitrary: fc.record({ own: fc.constantFrom(...HOSTILE_KEYS), value: tie('spec') }) },
      { weight: 2, arbitrary: fc.record({ fields: fc.array(fc.tuple(fc.constantFrom('a', 'name', 'id', 'key', 'valid', 'message', 'text', ...HOSTILE_KEYS), tie('spec')), { maxLength: 4 }) }) },
      { weight: 1, arbitrary: fc.record({ list: tie('spec'), n: fc.integer({ min: 0, max: scale.maxArray }) }) },
      { weight: 1, arbitrary: fc.record({ repeat: fc.constantFrom('A', '${/a}', '<', 'é', '😀', '\\', '%', '&#'), n: fc.integer({ min: 0, max: scale.maxString }) }) },
      { weight: 1, arbitrary: fc.record({ nest: fc.integer({ min: 1, max: scale.maxDepth }), kind: fc.constantFrom<NestKind>('array', 'object', 'call', 'template', 'formatString') }) },
    ),
  }));
  return spec;
}

/** Characters one materialised value may take in all (a fuzz case, not a memory test). */
export const VALUE_BUDGET = 2_000_000;

/** The JSON a spec stands for, within a size budget shared by all its parts. */
export function materialize(spec: ValueSpec, budget = { left: VALUE_BUDGET }): Json {
  const m = (x: ValueSpec) => materialize(x, budget);
  if ('lit' in spec) return spec.lit;
  if ('repeat' in spec) {
    const n = Math.min(Math.max(0, Math.floor(spec.n / Math.max(1, spec.repeat.length))), Math.floor(budget.left / Math.max(1, spec.repeat.length)));
    budget.left -= n * spec.repeat.length;
    return spec.repeat.repeat(n);
  }
  if ('list' in spec) {
    const item = m(spec.list);
    const size = Math.max(1, JSON.stringify(item).length);
    const n = Math.min(spec.n, Math.floor(budget.left / size));
    budget.left -= n * size;
    return Array.from({ length: n }, () => item);
  }
  if ('nest' in spec) {
    budget.left -= spec.nest * 8;
    return nested(spec.nest, spec.kind);
  }
  if ('own' in spec) return obj([[spec.own, m(spec.value)]]);
  if ('bind' in spec) return obj(spec.extra ? [['@path', spec.bind], ['x', 1]] : [['@path', spec.bind]]);
  if ('call' in spec) {
    const entries: Array<[string, Json]> = [['@call', spec.call], ['args', obj(spec.args.map(([k, v]) => [k, m(v)]))]];
    if (spec.catalogId !== undefined) entries.push(['catalogId', spec.catalogId]);
    if (spec.extra) entries.push(['@foo', 1]);
    return obj(entries);
  }
  return obj(spec.fields.map(([k, v]) => [k, m(v)]));
}

/** A value nested `depth` levels deep, built bottom-up (no recursion). */
export function nested(depth: number, kind: NestKind): Json {
  if (kind === 'template') return '${'.repeat(depth) + '/a' + '}'.repeat(depth);
  let v: Json = kind === 'formatString' ? { '@path': '/a' } : 1;
  for (let i = 0; i < depth; i++) {
    if (kind === 'array') v = [v];
    else if (kind === 'object') v = { a: v };
    else if (kind === 'call') v = { '@call': 'not', args: { value: v } };
    else v = { '@call': 'formatString', args: { value: v } };
  }
  return v;
}
