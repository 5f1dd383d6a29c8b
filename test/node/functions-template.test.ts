import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ExpressionError } from '../../src/errors.ts';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';
import { BoundedCache } from '../../src/functions/basic/bounded-cache.ts';
import {
  MAX_TEMPLATE_DEPTH,
  MAX_TEMPLATE_LENGTH,
  MAX_TEMPLATE_PARTS,
  TEMPLATE_CACHE_SIZE,
  parseTemplate,
  toConformanceParts,
} from '../../src/functions/basic/template.ts';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

const SUITE = `${SPEC_DIR}/conformance/core/expressions.yaml`;

interface ExpressionCase {
  name: string;
  input: string;
  expect?: unknown[];
  expect_error?: { category?: string; message?: string };
  expectError?: { category?: string; message?: string };
}

const suiteMissing = specSkip(!existsSync(SUITE) && 'conformance suite absent');

describe('expressions.yaml (parse_expression_template)', () => {
  if (suiteMissing) {
    test(`skipped: ${SUITE} not found`, { skip: suiteMissing }, () => {});
    return;
  }
  const cases = parse(readFileSync(SUITE, 'utf8')) as ExpressionCase[];
  test('suite is a non-empty list', () => {
    assert.ok(Array.isArray(cases) && cases.length > 0);
  });
  for (const c of cases) {
    test(c.name, () => {
      const error = c.expectError ?? c.expect_error;
      if (error) {
        assert.throws(
          () => parseTemplate(c.input),
          (e: unknown) => {
            assert.ok(e instanceof ExpressionError, 'ParseError maps to ExpressionError');
            assert.equal(e.code, 'EXPRESSION_ERROR');
            if (error.message) assert.match(e.message, new RegExp(error.message));
            return true;
          },
        );
      } else {
        assert.deepStrictEqual(toConformanceParts(parseTemplate(c.input)), c.expect);
      }
    });
  }
});

describe('parseTemplate beyond the suite', () => {
  test('system calls keep their @ name and take named args', () => {
    assert.deepStrictEqual(parseTemplate('#${@index(offset: 1)}'), ['#', { call: '@index', args: { offset: 1 } }]);
  });

  test('an @ name without parentheses is rejected', () => {
    assert.throws(() => parseTemplate('${@index}'), /must be called/);
  });

  test('the spec example with a nested binding as argument', () => {
    assert.deepStrictEqual(parseTemplate("${formatDate(value:${/currentDate}, format:'yyyy-MM-dd')}"), [
      { call: 'formatDate', args: { value: { path: '/currentDate' }, format: 'yyyy-MM-dd' } },
    ]);
  });

  test('UAX #31 identifiers: non-ASCII function, argument and path names', () => {
    assert.deepStrictEqual(parseTemplate('${größe(wert: /données/prix)} ${名前}'), [
      { call: 'größe', args: { wert: { path: '/données/prix' } } },
      ' ',
      { path: '名前' },
    ]);
  });

  test('Unicode identifiers as the upstream parser reads them (a2ui#2527): paths and named arguments', () => {
    assert.deepStrictEqual(parseTemplate('${señor}'), [{ path: 'señor' }]);
    assert.deepStrictEqual(parseTemplate('${café/precio}'), [{ path: 'café/precio' }]);
    assert.deepStrictEqual(parseTemplate('hola ${señor} qué tal'), ['hola ', { path: 'señor' }, ' qué tal']);
    assert.deepStrictEqual(parseTemplate('${日本}'), [{ path: '日本' }]);
    // Letters outside the BMP (surrogate pairs) and combining marks are read as code points.
    assert.deepStrictEqual(parseTemplate('${𝒳/𐐨𐐯}'), [{ path: '𝒳/𐐨𐐯' }]);
    assert.deepStrictEqual(parseTemplate('${cafe\u0301/n\u0303}'), [{ path: 'cafe\u0301/n\u0303' }]);
    assert.deepStrictEqual(parseTemplate('${add(número: 10, 日本: 20)}'), [{ call: 'add', args: { número: 10, 日本: 20 } }]);
    assert.deepStrictEqual(parseTemplate('${f(𝒳: 1, e\u0301: 2)}'), [{ call: 'f', args: { '𝒳': 1, 'e\u0301': 2 } }]);
    // ID_Continue, not only XID_Continue: a compatibility character NFKC would change (U+309B).
    assert.deepStrictEqual(parseTemplate('${カ\u309B/値}'), [{ path: 'カ\u309B/値' }]);
    assert.deepStrictEqual(parseTemplate('${f(カ\u309B: 1)}'), [{ call: 'f', args: { 'カ\u309B': 1 } }]);
    // Still no symbols or spaces in names.
    assert.throws(() => parseTemplate('${a(b c: 1)}'), ExpressionError);
    assert.throws(() => parseTemplate('${😀}'), ExpressionError);
  });

  test(`at most ${MAX_TEMPLATE_PARTS} parts per template (a2ui#2389); one more is an EXPRESSION_ERROR`, () => {
    assert.equal(parseTemplate('${x}'.repeat(MAX_TEMPLATE_PARTS)).length, MAX_TEMPLATE_PARTS);
    assert.equal(parseTemplate('${x}-'.repeat(MAX_TEMPLATE_PARTS / 2)).length, MAX_TEMPLATE_PARTS);
    for (const template of ['${x}'.repeat(MAX_TEMPLATE_PARTS + 1), '${x}-'.repeat(MAX_TEMPLATE_PARTS / 2) + '${x}']) {
      assert.throws(
        () => parseTemplate(template),
        (e: unknown) => e instanceof ExpressionError && e.code === 'EXPRESSION_ERROR' && /more than 1000 parts/.test(e.message),
      );
    }
    // Literals inside ${} join the text around them: they are not parts of their own.
    assert.equal(parseTemplate("${'a'}".repeat(MAX_TEMPLATE_PARTS + 1)).length, 1);
  });

  test('a function name that is not an identifier is rejected', () => {
    assert.throws(() => parseTemplate('${my-fn()}'), /Invalid function name/);
    assert.throws(() => parseTemplate('${a(1x: 2)}'), /Expected argument name/);
  });

  test('quoted strings: double quotes, unicode escapes, other quote kind inside', () => {
    assert.deepStrictEqual(parseTemplate('${"say \\"hi\\" it\'s"}'), ['say "hi" it\'s']);
    assert.deepStrictEqual(parseTemplate("${'\\u00e9\\u{1F600}\\x41\\t'}"), ['é😀A\t']);
    assert.throws(() => parseTemplate("${'open}"), /Unterminated string literal/);
    assert.throws(() => parseTemplate("${'\\u12'}"), /Invalid \\u escape/);
  });

  test('string literals join with neighbouring text; numbers, booleans and null stay values', () => {
    assert.deepStrictEqual(parseTemplate("a${'b'}c"), ['abc']);
    assert.deepStrictEqual(parseTemplate('n=${-2.5e1}${null}'), ['n=', -25, null]);
  });

  test('the literal text outside ${} is untouched: lone $, braces, other backslashes', () => {
    assert.deepStrictEqual(parseTemplate('cost $5 {x} a\\b }'), ['cost $5 {x} a\\b }']);
  });

  test('empty and malformed interpolations', () => {
    assert.throws(() => parseTemplate('${}'), /Expected an expression/);
    assert.throws(() => parseTemplate('${ '), /Unclosed interpolation/);
    assert.throws(() => parseTemplate('${f(a: 1'), /Unclosed interpolation/);
    assert.throws(() => parseTemplate('${f(a: 1,)}'), /Expected argument name/);
    assert.throws(() => parseTemplate('${f(a: 1, a: 2)}'), /Duplicate argument 'a'/);
    assert.throws(() => parseTemplate('${42abc}'), /Invalid number literal/);
    assert.throws(() => parseTemplate('${1e999}'), /Invalid number literal/);
  });

  test('an argument named __proto__ is an own data property, not a prototype', () => {
    const [call] = parseTemplate('${f(__proto__: 1)}') as [{ call: string; args: Record<string, unknown> }];
    assert.equal(Object.getPrototypeOf(call.args), Object.prototype);
    assert.deepEqual(Object.keys(call.args), ['__proto__']);
    assert.equal(Object.getOwnPropertyDescriptor(call.args, '__proto__')?.value, 1);
  });

  test(`nesting deeper than ${MAX_TEMPLATE_DEPTH} levels is an ExpressionError`, () => {
    const nested = (n: number) => '${'.repeat(n) + "'x'" + '}'.repeat(n);
    assert.deepStrictEqual(parseTemplate(nested(MAX_TEMPLATE_DEPTH)), ['x']);
    assert.throws(() => parseTemplate(nested(MAX_TEMPLATE_DEPTH + 1)), (e: unknown) => e instanceof ExpressionError && /nesting/.test(e.message));
    const calls = (n: number) => '${' + 'f(a: '.repeat(n) + '1' + ')'.repeat(n) + '}';
    assert.doesNotThrow(() => parseTemplate(calls(MAX_TEMPLATE_DEPTH - 1)));
    assert.throws(() => parseTemplate(calls(MAX_TEMPLATE_DEPTH)), /nesting/);
  });

  test(`templates longer than ${MAX_TEMPLATE_LENGTH} characters are an ExpressionError`, () => {
    assert.equal(parseTemplate('a'.repeat(MAX_TEMPLATE_LENGTH))[0], 'a'.repeat(MAX_TEMPLATE_LENGTH));
    assert.throws(() => parseTemplate('a'.repeat(MAX_TEMPLATE_LENGTH + 1)), (e: unknown) => e instanceof ExpressionError && e.code === 'EXPRESSION_ERROR');
    // Counted in UTF-16 code units, as upstream: 5,001 astral letters are 10,002 units.
    assert.throws(() => parseTemplate('𝒳'.repeat(MAX_TEMPLATE_LENGTH / 2 + 1)), ExpressionError);
  });

  test('results are cached and frozen; cached errors throw fresh ExpressionErrors', () => {
    const first = parseTemplate('hi ${/name}');
    assert.equal(parseTemplate('hi ${/name}'), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first[1]));
    let e1: unknown;
    let e2: unknown;
    try { parseTemplate('${x'); } catch (e) { e1 = e; }
    try { parseTemplate('${x'); } catch (e) { e2 = e; }
    assert.ok(e1 instanceof ExpressionError && e2 instanceof ExpressionError);
    assert.notEqual(e1, e2);
    assert.equal((e1 as Error).message, (e2 as Error).message);
  });

  test('the template cache is a bounded LRU', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1); // a is now the most recent
    cache.set('c', 3);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 1);
    assert.equal(cache.getOrCreate('c', () => 99), 3);
    assert.equal(TEMPLATE_CACHE_SIZE, 4096);
  });

  test('the cache is also bounded by the weight of its keys, and keeps the newest entry however heavy', () => {
    const cache = new BoundedCache<string, number>(10, 6, (k) => k.length);
    cache.set('aa', 1);
    cache.set('bb', 2);
    cache.set('cc', 3);
    assert.equal(cache.size, 3);
    cache.set('dd', 4); // 8 > 6: the oldest goes
    assert.deepEqual([cache.get('aa'), cache.get('bb'), cache.get('cc'), cache.get('dd')], [undefined, 2, 3, 4]);
    cache.set('bb', 5); // replacing an entry does not count it twice
    assert.equal(cache.size, 3);
    cache.set('x'.repeat(20), 6);
    assert.deepEqual([cache.size, cache.get('x'.repeat(20))], [1, 6]);
  });

  test('a surface with more than 512 distinct templates keeps each parsed (no parse per evaluation)', () => {
    const templates = Array.from({ length: 1500 }, (_, i) => `\${/rows/${i}/name}: \${/shared} (\${/rows/${i}/count})`);
    const first = templates.map((t) => parseTemplate(t));
    for (let round = 0; round < 2; round++) templates.forEach((t, i) => assert.equal(parseTemplate(t), first[i], `template ${i} parsed again`));
  });

  test('through formatString as an agent sends it: Unicode keys render, a template past the parts limit is one EXPRESSION_ERROR', async () => {
    await Promise.all([schemaValidator.load(), templateFormatter.load()]);
    const store = new A2uiStore({ locale: 'en-US' });
    const sent: OutboundMessage[] = [];
    store.onMessage((m) => sent.push(m));
    const format = (value: string) => ({ '@call': 'formatString', args: { value } });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { señor: 'Diego', café: { precio: 3 }, 日本: '東京' } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['greeting', 'flood'] },
            { id: 'greeting', component: 'Text', text: format('hola ${señor}: ${café/precio} € · ${/日本}') },
            { id: 'flood', component: 'Text', text: format('${/señor}'.repeat(MAX_TEMPLATE_PARTS + 1)) },
          ],
        },
      },
    ]);
    const text = (id: string) => new ComponentNode(store, store.surface('s')!, id, store.context('s')!).value('text');
    assert.equal(text('greeting'), 'hola Diego: 3 € · 東京');
    text('flood');
    const errors = sent.flatMap((m) => ('error' in m ? [m.error] : []));
    assert.deepEqual(
      errors.map((e) => [e.code, /1000 parts/.test(e.message)]),
      [['EXPRESSION_ERROR', true]],
    );
  });
});
