// The spec's coercion tables, row by row, through the one implementation (src/coerce.ts) — the
// rows the basic functions' own copy was tested with included — and
// through the store: a Text bound to a value and a formatString interpolating it show the same
// text; a CheckBox bound to it (read as the element reads it) and `not` of it agree.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toBoolean, toCheckResult, toDisplayString } from '../../src/coerce.ts';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode } from '../../src/index.ts';
import { basicFunctions } from '../../src/functions/basic/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load()]);

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

/** "DynamicBoolean and CheckRule Coercion", rule 3, one row per table line (and the cases between). */
const BOOLEAN_ROWS: [string, unknown, boolean][] = [
  ['boolean true: unchanged', true, true],
  ['boolean false: unchanged', false, false],
  ['ValidationResult: result.valid (true)', { valid: true }, true],
  ['ValidationResult: result.valid (false)', { valid: false, code: 'required' }, false],
  ['string "true"', 'true', true],
  ['string "TRUE" (any letter case)', 'TRUE', true],
  ['string "False" (any letter case)', 'False', false],
  ['any other string: ""', '', false],
  ['any other string: "hello"', 'hello', false],
  ['any other string: " true"', ' true', false],
  ['number 0', 0, false],
  ['number -0', -0, false],
  ['any other number: 1', 1, true],
  ['any other number: -3.5', -3.5, true],
  ['any other number: NaN is not 0', Number.NaN, true],
  ['a host bigint is a number: 0n', 0n, false],
  ['a host bigint is a number: 10n', 10n, true],
  ['null', null, false],
  ['absent', undefined, false],
  ['any other object', {}, false],
  ['an object whose valid is not a boolean', { valid: 'true' }, false],
  ['any other array', [], false],
  ['an array of true', [true], false],
  ['an array is no ValidationResult', Object.assign([], { valid: true }), false],
  ['a function (no JSON type)', () => true, false],
];

/** "Type conversion" (bindings) and "formatString type conversion": the same four lines. */
const STRING_ROWS: [string, unknown, string][] = [
  ['a string: itself', 'héllo', 'héllo'],
  ['numbers: standard form (42)', 42, '42'],
  ['numbers: standard form (1.5)', 1.5, '1.5'],
  ['numbers: standard form (-0)', -0, '0'],
  ['numbers: standard form (1e21)', 1e21, '1e+21'],
  ['a host bigint: standard form', 10n, '10'],
  ['booleans: standard form (true)', true, 'true'],
  ['booleans: standard form (false)', false, 'false'],
  ['null: ""', null, ''],
  ['undefined: ""', undefined, ''],
  ['objects: JSON', { a: [1, 'x'] }, '{"a":[1,"x"]}'],
  ['arrays: JSON', [1, null], '[1,null]'],
  ['an empty object: JSON', {}, '{}'],
  ['an object with toJSON: its JSON', { toJSON: () => ({ b: 2 }) }, '{"b":2}'],
  ['an object whose toJSON gives nothing: "" (no JSON form)', { toJSON: () => undefined }, ''],
  ['a cyclic object: "" (no JSON form, no throw)', cyclic, ''],
  ['a function: "" (no JSON form, not its source)', () => 1, ''],
  ['a symbol: ""', Symbol('s'), ''],
];

describe('DynamicBoolean coercion (spec table)', () => {
  for (const [name, input, expected] of BOOLEAN_ROWS) test(`${name} → ${expected}`, () => assert.equal(toBoolean(input), expected));
});

describe('string conversion (spec "Type conversion")', () => {
  for (const [name, input, expected] of STRING_ROWS) test(`${name} → ${JSON.stringify(expected)}`, () => assert.equal(toDisplayString(input), expected));
});

describe('CheckRule coercion (spec rule 2)', () => {
  test('true → {valid: true}; false → the rule message with severity error', () => {
    assert.deepEqual(toCheckResult(true, 'Needed'), { valid: true });
    assert.deepEqual(toCheckResult(false, 'Needed'), { valid: false, message: 'Needed', severity: 'error' });
  });
  test('a failed ValidationResult keeps its own message and severity, else takes the fallbacks', () => {
    assert.deepEqual(toCheckResult({ valid: false, message: 'Own', severity: 'warning' }, 'Needed'), { valid: false, message: 'Own', severity: 'warning' });
    assert.deepEqual(toCheckResult({ valid: false, code: 'x' }, 'Needed'), { valid: false, code: 'x', message: 'Needed', severity: 'error' });
  });
});

/** A surface on a copy of the basic catalog with one more function, `hostValue`, that returns `current`. */
function surfaceShowing() {
  const store = new A2uiStore({ locale: 'en-US' });
  const basic = store.catalog(BASIC_CATALOG_ID)!.definition;
  const id = 'https://example.com/coerce-catalog.json';
  let current: unknown;
  const hostValue = { type: 'object', returnType: 'any', properties: { '@call': { const: 'hostValue' } }, required: ['@call'] };
  store.registerCatalog({ ...basic, catalogId: id, functions: { ...basic.functions, hostValue } }, { ...basicFunctions, hostValue: () => current });
  const errors: unknown[] = [];
  store.onMessage((m) => 'error' in m && errors.push(m.error));
  const call = { '@call': 'hostValue' };
  store.process({
    version: '1.0',
    createSurface: {
      surfaceId: 's',
      catalogId: id,
      components: [
        { id: 'root', component: 'Column', children: ['bound', 'formatted', 'box', 'negated'] },
        { id: 'bound', component: 'Text', text: call },
        { id: 'formatted', component: 'Text', text: { '@call': 'formatString', args: { value: '${hostValue()}' } } },
        { id: 'box', component: 'CheckBox', label: 'x', value: call },
        { id: 'negated', component: 'CheckBox', label: 'y', value: { '@call': 'not', args: { value: call } } },
      ],
    },
  });
  const surface = store.surface('s')!;
  const node = (cid: string) => new ComponentNode(store, surface, cid, store.context('s')!);
  return {
    errors,
    show(v: unknown) {
      current = v;
      const [bound, formatted, box, negated] = ['bound', 'formatted', 'box', 'negated'].map(node);
      return { bound: bound.text('text'), formatted: formatted.text('text'), box: toBoolean(box.value('value')), negated: toBoolean(negated.value('value')) };
    },
  };
}

describe('a Text, a formatString, a CheckBox and `not` read a value the same way', () => {
  const { show, errors } = surfaceShowing();
  for (const [name, input, expected] of STRING_ROWS) {
    test(`text: ${name}`, () => {
      const { bound, formatted } = show(input);
      assert.equal(bound, expected, 'the Text bound to the value');
      assert.equal(formatted, expected, 'the formatString interpolating it');
    });
  }
  for (const [name, input, expected] of BOOLEAN_ROWS) {
    test(`boolean: ${name}`, () => {
      const { box, negated } = show(input);
      assert.equal(box, expected, 'the CheckBox bound to the value');
      assert.equal(negated, !expected, '`not` of it');
    });
  }
  test('no errors along the way', () => assert.deepEqual(errors, []));
});
