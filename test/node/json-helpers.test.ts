// The core's one copy of the JSON, pointer and error helpers that the schema validator, the v0.9
// adapter, the elements and the sandbox share.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneJson, deepEqual, isObject, tooDeep } from '../../src/json.ts';
import { childPointer, escapeSegment, toPointer, parsePointer, unescapeSegment } from '../../src/json-pointer.ts';
import { A2uiError, ExpressionError, IntegrityError, asA2uiError, thrownMessage } from '../../src/errors.ts';

describe('deepEqual: JSON semantics', () => {
  const rows: [string, unknown, unknown, boolean][] = [
    ['same primitives', 1, 1, true],
    ['different primitives', 1, '1', false],
    ['key order ignored', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    ['an undefined member equals a missing one', { a: 1, b: undefined }, { a: 1 }, true],
    ['… either way round', { a: 1 }, { a: 1, b: undefined }, true],
    ['a null member does not', { a: 1, b: null }, { a: 1 }, false],
    ['array vs object with the same keys', [1], { 0: 1 }, false],
    ['arrays of different length', [1, 2], [1], false],
    ['null vs an object', null, {}, false],
    ['an own __proto__ key counts', JSON.parse('{"__proto__": 1}'), {}, false],
  ];
  for (const [name, a, b, expected] of rows) test(`${name} → ${expected}`, () => assert.equal(deepEqual(a, b), expected));
  test('gives up (not equal) beyond the depth limit instead of overflowing', () => {
    let a: unknown = 1;
    let b: unknown = 1;
    for (let i = 0; i < 10; i++) [a, b] = [[a], [b]];
    assert.equal(deepEqual(a, b), true);
    assert.equal(deepEqual(a, b, 9), false);
    assert.equal(deepEqual(a, b, 10), true);
  });
  test('tooDeep: nesting past the limit, through objects and arrays alike, however wide', () => {
    const nest = (levels: number, wrap: (v: unknown) => unknown): unknown => {
      let v: unknown = 'leaf';
      for (let i = 0; i < levels; i++) v = wrap(v);
      return v;
    };
    const mixed = (v: unknown) => ({ list: [v] });
    assert.equal(tooDeep(nest(5, (v) => [v]), 5), false);
    assert.equal(tooDeep(nest(6, (v) => [v]), 5), true);
    assert.equal(tooDeep(nest(5, (v) => ({ a: v })), 5), false);
    assert.equal(tooDeep(nest(6, (v) => ({ a: v })), 5), true);
    assert.equal(tooDeep(nest(3, mixed), 6), false, 'object and array levels count one each');
    assert.equal(tooDeep(nest(4, mixed), 7), true);
    // Levels: the root, rows, a row, its tags (4); the root and five under `deep` (6).
    const wide = { rows: Array.from({ length: 1000 }, (_, i) => ({ id: i, tags: ['a'] })), deep: nest(5, (v) => ({ a: v })) };
    assert.equal(tooDeep(wide, 6), false, 'siblings do not add up');
    assert.equal(tooDeep(wide, 5), true, 'the deepest branch counts, wherever it is');
    assert.equal(tooDeep({ ...wide, deep: 0 }, 4), false);
    assert.equal(tooDeep({ ...wide, deep: 0 }, 3), true);
    assert.equal(tooDeep('text', 0), false);
    assert.equal(tooDeep({}, 0), true, 'an object is one level');
  });
  test('isObject: objects only, not arrays or null', () => {
    assert.deepEqual([{}, [], null, 'x', Object.create(null)].map(isObject), [true, false, false, false, true]);
  });
});

describe('cloneJson: a copy exactly as a JSON round trip makes it', () => {
  const roundTrip = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  class Point {
    constructor(
      public x: number,
      public y: number,
    ) {}
  }
  const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
  const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "b": 2}') as unknown;
  // eslint-disable-next-line no-sparse-arrays
  const holes = [1, , 3];
  const rows: [string, unknown][] = [
    ['plain rows', { items: Array.from({ length: 50 }, (_, i) => ({ id: `k${i}`, name: `Item ${i}`, tags: ['a', i, true, null] })) }],
    ['an undefined member is dropped', { a: 1, b: undefined }],
    ['undefined in an array becomes null', [1, undefined, 3]],
    ['a hole becomes null', holes],
    ['non-finite numbers become null', { a: NaN, b: [Infinity, -Infinity] }],
    ['-0 becomes 0', { z: -0 }],
    ['a Date becomes its ISO string', { when: new Date(0) }],
    ['a class instance becomes its own fields', { p: new Point(1, 2) }],
    ['a boxed string becomes the string', { s: new String('x') }],
    ['functions are dropped or null', { f: () => 1, list: [() => 1] }],
    ['a null-prototype object', { n: nullProto }],
    ['a "__proto__" key stays an own member', protoKey],
  ];
  for (const [name, value] of rows) {
    test(name, () => {
      const copy = cloneJson(value);
      assert.equal(JSON.stringify(copy), JSON.stringify(roundTrip(value)));
      assert.ok(Object.is((copy as { z?: number }).z, (roundTrip(value) as { z?: number }).z));
      if (value !== null && typeof value === 'object') assert.notEqual(copy, value, 'a copy, not the value');
    });
  }
  test('no object of the copy is shared with the original; the "__proto__" member sets no prototype', () => {
    const original = { a: { b: [{ c: 1 }] } };
    const copy = cloneJson(original);
    copy.a.b[0].c = 2;
    assert.equal(original.a.b[0].c, 1);
    const viaKey = cloneJson(protoKey) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(viaKey), Object.prototype);
    assert.deepEqual(Object.keys(viaKey), ['__proto__', 'b']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
  test('a cycle throws as JSON does (TypeError), without overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    assert.throws(() => cloneJson(cyclic), TypeError);
  });
});

describe('JSON pointer segments (RFC 6901)', () => {
  const rows: [string, string][] = [
    ['plain', 'plain'],
    ['a/b', 'a~1b'],
    ['m~n', 'm~0n'],
    ['~1', '~01'],
    ['/~/', '~1~0~1'],
    ['', ''],
  ];
  for (const [raw, escaped] of rows) {
    test(`${JSON.stringify(raw)} ↔ ${JSON.stringify(escaped)}`, () => {
      assert.equal(escapeSegment(raw), escaped);
      assert.equal(unescapeSegment(escaped), raw);
    });
  }
  test('childPointer escapes string keys and writes indexes as they are', () => {
    assert.equal(childPointer('/a', 'b/c'), '/a/b~1c');
    assert.equal(childPointer('', 3), '/3');
    assert.deepEqual(parsePointer(toPointer(['x/y', '~z'])), ['x/y', '~z']);
  });
});

describe('re-typing what was thrown', () => {
  test('thrownMessage: an Error gives its message, anything else its text, and never throws', () => {
    assert.equal(thrownMessage(new TypeError('bad')), 'bad');
    assert.equal(thrownMessage('plain'), 'plain');
    assert.equal(thrownMessage(42), '42');
    assert.equal(thrownMessage(Object.create(null)), 'object');
    assert.equal(thrownMessage({ toString: () => { throw new Error('no'); } }), 'object');
  });
  test('asA2uiError keeps an A2uiError and wraps anything else', () => {
    const own = new IntegrityError('dup');
    assert.equal(asA2uiError(own, (m) => new ExpressionError(m)), own);
    const wrapped = asA2uiError(new Error('boom'), (m) => new ExpressionError(`failed: ${m}`));
    assert.ok(wrapped instanceof A2uiError);
    assert.equal(wrapped.code, 'EXPRESSION_ERROR');
    assert.equal(wrapped.message, 'failed: boom');
  });
});
