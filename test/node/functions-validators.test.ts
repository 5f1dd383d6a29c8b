import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ExpressionError } from '../../src/errors.ts';
import { email, length, numeric, required, VALIDATION_MESSAGES } from '../../src/functions/basic/validators.ts';
import { and, not, or } from '../../src/functions/basic/logic.ts';
import { parseNumber } from '../../src/functions/basic/numbers.ts';

describe('required', () => {
  test('empty values fail with code "required" and no message', () => {
    for (const v of [null, undefined, '', []]) {
      assert.deepEqual(required(v), { valid: false, code: 'required' }, JSON.stringify(v));
    }
  });
  test('present values pass, including {}, 0, false and whitespace', () => {
    for (const v of ['hello', [1], {}, 0, false, ' ']) assert.deepEqual(required(v), { valid: true });
  });
  test('every failure code has a default message', () => {
    assert.equal(VALIDATION_MESSAGES.required, 'This field is required.');
  });
});

describe('length', () => {
  test('strings are measured in code points', () => {
    assert.equal(length('😀😀', { max: 2 }).valid, true);
    assert.equal(length('😀😀😀', { max: 2 }).valid, false);
  });
  test('arrays count elements', () => {
    assert.equal(length(['a', 'b', 'c'], { min: 2, max: 4 }).valid, true);
    assert.deepEqual(length(['a'], { min: 2 }), { valid: false, code: 'too_short' });
  });
  test('bounds are inclusive and either may be missing', () => {
    assert.equal(length('abc', { min: 3 }).valid, true);
    assert.equal(length('abc', { max: 3 }).valid, true);
    assert.deepEqual(length('abcd', { max: 3 }), { valid: false, code: 'too_long' });
    assert.equal(length('anything', {}).valid, true);
  });
  test('empty and null values have length 0', () => {
    assert.equal(length('', { min: 1 }).valid, false);
    assert.equal(length(null, { min: 1 }).valid, false);
    assert.equal(length(null, { max: 0 }).valid, true);
  });
  test('non-numeric bounds are ignored rather than comparing against NaN', () => {
    assert.equal(length('ab', { min: 'x', max: null }).valid, true);
  });
});

describe('numeric', () => {
  test('numbers and numeric strings in range pass', () => {
    assert.equal(numeric(42.5, { min: 0, max: 100 }).valid, true);
    assert.equal(numeric(' 42.5 ', { min: 0, max: 100 }).valid, true);
    assert.equal(numeric('-1e2', { min: -100 }).valid, true);
    assert.equal(numeric(0, { min: 0, max: 0 }).valid, true);
  });
  test('out of range', () => {
    assert.deepEqual(numeric(-5, { min: 0 }), { valid: false, code: 'too_small' });
    assert.deepEqual(numeric(150, { max: 100 }), { valid: false, code: 'too_large' });
  });
  test('non-numeric values fail without throwing', () => {
    for (const v of ['not_a_number', '', '  ', '0x10', 'Infinity', '1,5', null, undefined, true, [], {}, NaN, Infinity]) {
      assert.deepEqual(numeric(v, { min: 0 }), { valid: false, code: 'not_a_number' }, String(v));
    }
  });
  test('missing min and max: any number passes', () => {
    assert.equal(numeric(-1e300, {}).valid, true);
  });
  test('parseNumber reads decimal literals only', () => {
    assert.equal(parseNumber('007'), 7);
    assert.equal(parseNumber('.5'), 0.5);
    assert.equal(parseNumber('5.'), 5);
    assert.equal(parseNumber('1e999'), undefined);
  });
});

describe('email', () => {
  test('accepts ordinary addresses', () => {
    for (const v of ['user@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@x-y.org"]) {
      assert.equal(email(v).valid, true, v);
    }
  });
  test('rejects malformed ones', () => {
    for (const v of ['invalid-email', 'test@test.c', '@example.com', 'a@', 'a@b', 'a..b@example.com', 'a@-x.com', 'a b@example.com', 'a@example.com ', '', null, 42]) {
      assert.deepEqual(email(v), { valid: false, code: 'invalid_email' }, String(v));
    }
  });
  test('rejects overlong addresses', () => {
    assert.equal(email(`${'a'.repeat(65)}@example.com`).valid, false);
    assert.equal(email(`a@${'b'.repeat(250)}.com`).valid, false);
  });
});

describe('and / or / not', () => {
  test('plain booleans', () => {
    assert.equal(and([true, true]), true);
    assert.equal(and([true, false]), false);
    assert.equal(or([false, false]), false);
    assert.equal(or([false, true]), true);
    assert.equal(not(true), false);
    assert.equal(not(false), true);
  });
  test('ValidationResult operands count by validity', () => {
    assert.equal(and([{ valid: true }, { valid: false, code: 'required' }]), false);
    assert.equal(or([{ valid: false }, { valid: true }]), true);
    assert.equal(not({ valid: false }), true);
  });
  test('other values follow the spec table, not JavaScript truthiness', () => {
    // functions.yaml (D26) expects JS truthiness here; the spec table says any string other than
    // "true"/"false" is false: "Any other `string`, including `""` and `"hello"` | `false`".
    assert.equal(and([1, 'non-empty']), false);
    assert.equal(or([0, 'yes']), false);
    assert.equal(not('hello'), true);
    assert.equal(and([1, 'TRUE']), true);
    assert.equal(not(''), true);
  });
  test('fewer than two values is an ExpressionError', () => {
    for (const values of [[true], [], undefined, 'true,true', { 0: true, 1: true }]) {
      assert.throws(() => and(values), ExpressionError);
      assert.throws(() => or(values), ExpressionError);
    }
  });
});
