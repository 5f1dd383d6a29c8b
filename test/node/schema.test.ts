import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  schemaExplainer,
  schemaValidator,
  applyDefaults,
  commonTypes,
  createSchemaContext,
  functionArgsSchema,
  validate,
  validateComponent,
  type JsonSchema,
  type SchemaIssue,
} from '../../src/schema/index.ts';
import { basicCatalog } from '../../src/catalog/definitions/basic.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), schemaExplainer.load()]);

const ctx = createSchemaContext();
const check = (value: unknown, schema: JsonSchema, c = ctx): SchemaIssue[] => validate(value, schema, c);
const common = (name: string): JsonSchema => ({ $ref: `common_types.json#/$defs/${name}` });
const basic = createSchemaContext(basicCatalog);

describe('type, enum, const', () => {
  test('reports the expected and the actual type, with integer told apart', () => {
    assert.deepEqual(check(5, { type: 'string' }), [{ path: '', message: 'Expected string, got integer' }]);
    assert.deepEqual(check(1.5, { type: 'integer' }), [{ path: '', message: 'Expected integer, got number' }]);
    assert.deepEqual(check(2, { type: 'number' }), []);
    assert.deepEqual(check(null, { type: ['boolean', 'object'] }), [
      { path: '', message: 'Expected boolean or object, got null' },
    ]);
    assert.deepEqual(check({}, { type: ['boolean', 'object'] }), []);
    assert.deepEqual(check([], { type: 'object' }), [{ path: '', message: 'Expected object, got array' }]);
    assert.equal(check(NaN, { type: 'number' }).length, 1);
  });

  test('enum and const compare JSON values', () => {
    assert.deepEqual(check('h1', { enum: ['caption', 'body'] }), [
      { path: '', message: 'Expected "caption" or "body", got "h1"' },
    ]);
    assert.deepEqual(check({ a: [1] }, { enum: [{ a: [1] }] }), []);
    assert.deepEqual(check('Text', { const: 'Text' }), []);
    assert.deepEqual(check('Row', { const: 'Text' }), [{ path: '', message: 'Expected "Text", got "Row"' }]);
    const long = check('nope', { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] });
    assert.equal(long[0]!.message, 'Expected one of 9 values ("a", "b", "c", …), got "nope"');
  });

  test('boolean schemas', () => {
    assert.deepEqual(check(1, true), []);
    assert.deepEqual(check(1, false), [{ path: '', message: 'Value is not allowed here' }]);
  });
});

describe('objects', () => {
  test('properties, required and additionalProperties point at the property', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text', 'other'],
      additionalProperties: false,
    };
    assert.deepEqual(check({ text: 1, extra: true }, schema), [
      { path: '/text', message: 'Expected string, got integer' },
      { path: '/extra', message: 'Unexpected property "extra"' },
      { path: '/other', message: 'Missing required property "other"' },
    ]);
    assert.deepEqual(check({ a: 'x' }, { additionalProperties: { type: 'number' } }), [
      { path: '/a', message: 'Expected number, got string' },
    ]);
  });

  test('pointer segments are RFC 6901-escaped', () => {
    assert.deepEqual(check({ 'a/b': 1, 'c~d': 2 }, { additionalProperties: false }), [
      { path: '/a~1b', message: 'Unexpected property "a/b"' },
      { path: '/c~0d', message: 'Unexpected property "c~d"' },
    ]);
  });

  test('patternProperties and propertyNames', () => {
    const ext = common('Extensions');
    assert.deepEqual(check({ a2ui_x: 1, ñandú: 2 }, ext), []);
    assert.deepEqual(check({ 'bad-key': 1 }, ext), [{ path: '/bad-key', message: 'Unexpected property "bad-key"' }]);
    const literal = { propertyNames: { not: { pattern: '^@([^@]|$)' } } };
    assert.deepEqual(check({ '@@path': 1, '@@': 2, path: 3 }, literal), []);
    assert.deepEqual(check({ '@if': 1, '@': 2 }, literal), [
      { path: '/@if', message: 'Property name "@if" is not allowed' },
      { path: '/@', message: 'Property name "@" is not allowed' },
    ]);
  });

  test('unevaluatedProperties knows properties from allOf, $ref and the passing oneOf branch', () => {
    const schema: JsonSchema = {
      allOf: [common('ComponentCommon'), { properties: { component: { const: 'X' } } }],
      oneOf: [
        { properties: { kind: { const: 'a' }, a: {} }, required: ['kind'] },
        { properties: { kind: { const: 'b' }, b: {} }, required: ['kind'] },
      ],
      unevaluatedProperties: false,
    };
    assert.deepEqual(check({ id: 'x', component: 'X', '@catalogId': 'c', kind: 'a', a: 1 }, schema), []);
    assert.deepEqual(check({ id: 'x', component: 'X', kind: 'a', b: 1, zzz: 0 }, schema), [
      { path: '/b', message: 'Unexpected property "b"' },
      { path: '/zzz', message: 'Unexpected property "zzz"' },
    ]);
    assert.deepEqual(check({ q: 'x' }, { properties: { p: {} }, unevaluatedProperties: { type: 'number' } }), [
      { path: '/q', message: 'Expected number, got string' },
    ]);
    // A sibling that evaluates everything (additionalProperties) leaves nothing unevaluated.
    assert.deepEqual(check({ q: 1 }, { allOf: [{ additionalProperties: true }], unevaluatedProperties: false }), []);
  });
});

describe('arrays, numbers, strings', () => {
  test('items paths, minItems, maxItems', () => {
    const schema: JsonSchema = {
      properties: { args: { properties: { values: { type: 'array', items: { type: 'boolean' }, minItems: 2, maxItems: 3 } } } },
    };
    assert.deepEqual(check({ args: { values: [1] } }, schema), [
      { path: '/args/values', message: 'Expected at least 2 items, got 1' },
      { path: '/args/values/0', message: 'Expected boolean, got integer' },
    ]);
    assert.deepEqual(check({ args: { values: [true, false, true, true] } }, schema), [
      { path: '/args/values', message: 'Expected at most 3 items, got 4' },
    ]);
  });

  test('minimum, maximum, exclusive bounds', () => {
    assert.deepEqual(check(0, { minimum: 1 }), [{ path: '', message: 'Expected a number >= 1, got 0' }]);
    assert.deepEqual(check(1, { minimum: 1, maximum: 1 }), []);
    assert.deepEqual(check(2, { maximum: 1 }), [{ path: '', message: 'Expected a number <= 1, got 2' }]);
    assert.deepEqual(check(1, { exclusiveMinimum: 1 }), [{ path: '', message: 'Expected a number > 1, got 1' }]);
    assert.deepEqual(check(1, { exclusiveMaximum: 1 }), [{ path: '', message: 'Expected a number < 1, got 1' }]);
    assert.deepEqual(check('5', { minimum: 10 }), [], 'numeric keywords ignore other types');
  });

  test('minLength and maxLength count code points', () => {
    assert.deepEqual(check('𝄞', { minLength: 1, maxLength: 1 }), []);
    assert.deepEqual(check('ab', { maxLength: 1 }), [{ path: '', message: 'Expected at most 1 characters, got 2' }]);
    assert.deepEqual(check('', { minLength: 1 }), [{ path: '', message: 'Expected at least 1 characters, got 0' }]);
  });

  test('pattern is compiled with the u flag (UAX #31 component ids)', () => {
    const id = common('ComponentId');
    for (const ok of ['user_card', 'userCard', '_x', 'ñame', '名前', 'Ωmega1']) assert.deepEqual(check(ok, id), [], ok);
    for (const bad of ['user-card', '1st_item', '', 'a b']) assert.equal(check(bad, id).length, 1, bad);
    assert.deepEqual(check('x', { pattern: '(' }), [{ path: '', message: 'Schema pattern ( is invalid' }]);
  });

  test('formats: date, time, date-time, uri; unknown formats pass', () => {
    const ok: [string, string][] = [
      ['date', '2024-02-29'], ['time', '09:30:00'], ['time', '09:30'], ['time', '23:59:60.5+02:00'],
      ['date-time', '2026-08-18T10:00:00Z'], ['date-time', '2026-08-18T10:00'], ['uri', 'https://example.com/a?b'],
      ['uri', 'mailto:a@b.c'], ['email-ish', 'anything'],
    ];
    const bad: [string, string][] = [
      ['date', '2023-02-29'], ['date', '2024-13-01'], ['date', '24-01-01'], ['time', '24:00'], ['time', '9:30'],
      ['date-time', '2026-08-18'], ['date-time', 'tomorrow'], ['uri', 'not a uri'], ['uri', '/relative/path'],
    ];
    for (const [format, s] of ok) assert.deepEqual(check(s, { format }), [], `${format} ${s}`);
    for (const [format, s] of bad) {
      assert.deepEqual(check(s, { format }), [{ path: '', message: `Expected ${format} format, got ${JSON.stringify(s)}` }]);
    }
    assert.deepEqual(check(5, { format: 'date' }), [], 'format applies to strings only');
  });
});

describe('applicators', () => {
  test('allOf collects every member, not and if/then/else', () => {
    assert.equal(check(5, { allOf: [{ type: 'string' }, { minimum: 10 }] }).length, 2);
    assert.deepEqual(check('x', { allOf: [{ type: 'string' }, { minLength: 1 }] }), []);
    assert.deepEqual(check('Surface', { not: { const: 'Surface' } }), [
      { path: '', message: 'Value "Surface" is not allowed here' },
    ]);
    const cond: JsonSchema = { if: { type: 'string' }, then: { minLength: 2 }, else: { minimum: 0 } };
    assert.equal(check('a', cond).length, 1);
    assert.equal(check(-1, cond).length, 1);
    assert.deepEqual(check('ab', cond), []);
  });

  test('anyOf passes on any branch; oneOf needs exactly one', () => {
    assert.deepEqual(check(1, { anyOf: [{ type: 'string' }, { type: 'number' }] }), []);
    assert.deepEqual(check(1, { oneOf: [{ type: 'number' }, { type: 'integer' }] }), [
      { path: '', message: 'Matches 2 alternatives, expected exactly one' },
    ]);
  });

  test('a failed oneOf reports the branch whose discriminator matched', () => {
    const action = common('Action');
    assert.deepEqual(check({ event: { name: 1 } }, action), [
      { path: '/event/name', message: 'Expected string, got integer' },
    ]);
    assert.deepEqual(check({ functionCall: { '@call': 'x', extra: 1 } }, action), [
      { path: '/functionCall/extra', message: 'Unexpected property "extra"' },
    ]);
    // `@path` is present, so the binding branch is the meant one, not the literal object.
    assert.deepEqual(check({ '@path': 5 }, common('DynamicValue')), [
      { path: '/@path', message: 'Expected string, got integer' },
    ]);
  });

  test('a failed oneOf with no standout branch gives one summary line', () => {
    assert.deepEqual(check(5, common('DynamicString')), [
      { path: '', message: 'Expected string, DataBinding or FunctionCall, got 5' },
    ]);
    assert.deepEqual(check({ path: '/x' }, common('DynamicString')), [
      { path: '', message: 'Expected string, DataBinding or FunctionCall, got object' },
    ]);
  });
});

describe('$ref', () => {
  const doc = {
    $defs: { A: { type: 'string' }, 'we/ird': { type: 'number' }, Loop: { $ref: '#/$defs/Loop' } },
    components: { T: { properties: { text: { $ref: 'common_types.json#/$defs/DynamicString' } } } },
  };
  const c = createSchemaContext(doc, { documents: { 'other.json': { $defs: { B: { const: 1 } } } } });

  test('local refs resolve in the root document, common_types refs in the common types', () => {
    assert.deepEqual(check('x', { $ref: '#/$defs/A' }, c), []);
    assert.deepEqual(check('x', { $ref: '#/$defs/we~1ird' }, c), [{ path: '', message: 'Expected number, got string' }]);
    assert.deepEqual(check({ text: { '@path': '/a' } }, { $ref: '#/components/T' }, c), []);
    assert.equal(check({ text: 1 }, { $ref: '#/components/T' }, c).length, 1);
    const absolute = { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/DataBinding' };
    assert.deepEqual(check({ '@path': '/a' }, absolute, c), []);
    assert.deepEqual(check(2, { $ref: 'other.json#/$defs/B' }, c), [{ path: '', message: 'Expected 1, got 2' }]);
  });

  test('unresolvable and cyclic refs are issues, not throws', () => {
    assert.deepEqual(check(1, { $ref: '#/$defs/Missing' }, c), [
      { path: '', message: 'Cannot resolve schema reference #/$defs/Missing' },
    ]);
    assert.equal(check(1, { $ref: 'elsewhere.json#/x' }, c).length, 1);
    assert.deepEqual(check(1, { $ref: '#/$defs/Loop' }, c), [
      { path: '', message: 'Value is nested too deeply to validate' },
    ]);
    assert.deepEqual(check(1, { $ref: '#/$defs/__proto__' }, c).length, 1);
  });
});

describe('hostile input', () => {
  const deep = (n: number, wrap: (v: unknown) => unknown) => {
    let v: unknown = 'leaf';
    for (let i = 0; i < n; i++) v = wrap(v);
    return v;
  };

  test('100 000-deep nesting against a recursive schema is an issue, not a stack overflow', () => {
    const tree = { $defs: { Node: { type: ['array', 'string'], items: { $ref: '#/$defs/Node' } } } };
    const c = createSchemaContext(tree);
    const issues = validate(deep(1e5, (v) => [v]), { $ref: '#/$defs/Node' }, c);
    assert.equal(issues.length, 1);
    assert.match(issues[0]!.message, /nested too deeply/);
    assert.deepEqual(validate(deep(20, (v) => [v]), { $ref: '#/$defs/Node' }, c), []);
  });

  test('100 000-deep values in dynamic positions validate without recursion into literals', () => {
    const value = deep(1e5, (v) => ({ a: v }));
    assert.deepEqual(check(value, common('DynamicValue')), []);
    assert.deepEqual(check({ event: { name: 'x', context: { v: value } } }, common('Action')), []);
    assert.deepEqual(check(deep(1e5, (v) => [v]), { const: deep(1e5, (v) => [v]) }), [
      { path: '', message: 'Expected a fixed array value, got array' },
    ]);
  });

  test('__proto__ and other Object.prototype names are ordinary keys', () => {
    const evil = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 1, "toString": 2}');
    assert.deepEqual(check(evil, { type: 'object', additionalProperties: false }), [
      { path: '/__proto__', message: 'Unexpected property "__proto__"' },
      { path: '/constructor', message: 'Unexpected property "constructor"' },
      { path: '/toString', message: 'Unexpected property "toString"' },
    ]);
    assert.deepEqual(check({}, { required: ['__proto__', 'toString'] }).map((i) => i.path), ['/__proto__', '/toString']);
    assert.deepEqual(check(evil, { properties: { __proto__: { type: 'string' } } as never }), []);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('nested calls cost linear work, and a step budget bounds any validation', () => {
    let v: unknown = 1;
    for (let i = 0; i < 40; i++) v = { '@call': '@index', args: { offset: v } };
    assert.deepEqual(check(v, common('DynamicNumber')), []);
    const small = createSchemaContext(undefined, { maxSteps: 50 });
    assert.deepEqual(validate(v, common('DynamicNumber'), small), [{ path: '', message: 'Value is too complex to validate' }]);
    const wide = Array.from({ length: 1e5 }, () => 'x');
    assert.deepEqual(check(wide, { items: common('DynamicString') }), [{ path: '', message: 'Value is too complex to validate' }]);
    assert.deepEqual(check(wide.slice(0, 1000), { items: common('DynamicString') }), []);
  });

  test('a value that throws while being read yields an issue', () => {
    const trap = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    assert.deepEqual(check(trap, { properties: { x: { type: 'string' } } }), [
      { path: '', message: 'Value could not be validated' },
    ]);
  });
});

describe('common types', () => {
  test('FunctionCall checks only the envelope; args values are DynamicValue', () => {
    const call = common('FunctionCall');
    assert.deepEqual(check({ '@call': 'anything', catalogId: 'c', args: { a: { '@path': '/x' }, b: [1] } }, call), []);
    assert.deepEqual(check({ '@call': 'f', returnType: 'string' }, call), [
      { path: '/returnType', message: 'Unexpected property "returnType"' },
    ]);
    assert.deepEqual(check({ '@call': 'f', args: { o: { '@if': 1 } } }, call), [
      { path: '/args/o/@if', message: 'Property name "@if" is not allowed' },
    ]);
    assert.deepEqual(check({ call: 'f' }, call), [
      { path: '/call', message: 'Unexpected property "call"' },
      { path: '/@call', message: 'Missing required property "@call"' },
    ]);
  });

  test('@index is checked in full: numeric offset, no catalogId', () => {
    const call = common('FunctionCall');
    assert.deepEqual(check({ '@call': '@index', args: { offset: 1 } }, call), []);
    assert.deepEqual(check({ '@call': '@index', args: { offset: 'one' } }, call), [
      { path: '/args/offset', message: 'Expected number, DataBinding or FunctionCall, got "one"' },
    ]);
    assert.deepEqual(check({ '@call': '@index', catalogId: 'c' }, call), [
      { path: '/catalogId', message: 'Unexpected property "catalogId"' },
    ]);
  });

  test('ChildList template keeps a plain path; CheckRule needs a binding or call', () => {
    assert.deepEqual(check({ componentId: 'row', path: '/items' }, common('ChildList')), []);
    assert.equal(check({ componentId: 'row', '@path': '/items' }, common('ChildList')).length, 2);
    assert.deepEqual(check({ condition: true }, common('CheckRule')), [
      { path: '/condition', message: 'Expected DataBinding or FunctionCall, got true' },
    ]);
  });

  test('the common types document carries no descriptions', () => {
    assert.ok(!JSON.stringify(commonTypes).includes('"title"'));
    const walk = (n: unknown, inMap = false): boolean =>
      typeof n !== 'object' || n === null
        ? true
        : Object.entries(n).every(([k, v]) => (inMap || k !== 'description') && walk(v, k === 'properties' || k === '$defs'));
    assert.ok(walk(commonTypes));
  });
});

describe('applyDefaults', () => {
  test('fills missing top-level properties, following $ref and allOf, without mutating', () => {
    const c = createSchemaContext({ $defs: { Live: { type: 'string', default: 'off' } } });
    const schema: JsonSchema = {
      properties: { a: { default: 1 }, live: { $ref: '#/$defs/Live' }, keep: { default: 'x' } },
      allOf: [{ properties: { list: { default: [1, 2] } } }],
    };
    const input = { keep: null };
    const out = applyDefaults(input, schema, c);
    assert.deepEqual(out, { keep: null, a: 1, live: 'off', list: [1, 2] });
    assert.deepEqual(input, { keep: null });
    (out as { list: number[] }).list.push(3);
    assert.deepEqual(applyDefaults({}, schema, c), { a: 1, live: 'off', keep: 'x', list: [1, 2] }, 'defaults are copied');
  });

  test('returns the same value when nothing is missing or the value is not an object', () => {
    const v = { a: 2 };
    assert.equal(applyDefaults(v, { properties: { a: { default: 1 } } }, ctx), v);
    assert.equal(applyDefaults('s', { properties: { a: { default: 1 } } }, ctx), 's');
    assert.deepEqual(applyDefaults([], { properties: { a: { default: 1 } } }, ctx), []);
  });

  test('function arguments: @index offset and catalog defaults', () => {
    assert.deepEqual(applyDefaults({}, functionArgsSchema('@index', basic)!, basic), { offset: 0 });
    const schema = functionArgsSchema('formatNumber', basic)!;
    assert.deepEqual(validate(applyDefaults({ value: 3 }, schema, basic), schema, basic), []);
    assert.equal(functionArgsSchema('notDeclared', basic), undefined);
  });
});

describe('validateComponent', () => {
  test('accepts a component with its envelope keys', () => {
    const c = {
      id: 'name_field',
      component: 'TextField',
      label: 'Name',
      value: { '@path': '/name' },
      '@catalogId': basicCatalog.catalogId,
      '@accessibility': { label: 'Name', live: 'polite' },
      '@metadata': { extensions: { a2ui_x: 1 } },
      '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/name' } } }, message: 'Required' }],
    };
    assert.deepEqual(validateComponent(c, basic), []);
  });

  test('rejects unknown properties, bare envelope keys and @checks on non-checkable components', () => {
    assert.deepEqual(validateComponent({ id: 'b', component: 'Button', child: 't', action: { event: { name: 'go' } }, enabled: true }, basic), [
      { path: '/enabled', message: 'Unexpected property "enabled"' },
    ]);
    assert.deepEqual(validateComponent({ id: 't', component: 'Text', text: 'x', checks: [] }, basic), [
      { path: '/checks', message: 'Unexpected property "checks"' },
    ]);
    assert.deepEqual(validateComponent({ id: 't', component: 'Text', text: 'x', '@checks': [] }, basic), [
      { path: '/@checks', message: 'Unexpected property "@checks"' },
    ]);
    assert.deepEqual(validateComponent({ id: 't', component: 'Text', text: 'x', '@accessibility': { role: 'x' } }, basic), [
      { path: '/@accessibility/role', message: 'Unexpected property "role"' },
    ]);
  });

  test('names the component type problem', () => {
    assert.deepEqual(validateComponent(null, basic), [{ path: '', message: 'Expected object, got null' }]);
    assert.deepEqual(validateComponent({ id: 'a' }, basic), [{ path: '/component', message: 'Missing required property "component"' }]);
    assert.deepEqual(validateComponent({ id: 'a', component: 'Surface' }, basic), [{ path: '/component', message: 'Unknown component "Surface"' }]);
    assert.deepEqual(validateComponent({ id: 'a', component: 'toString' }, basic), [{ path: '/component', message: 'Unknown component "toString"' }]);
    assert.deepEqual(validateComponent({ component: 'Divider' }, basic), [{ path: '/id', message: 'Missing required property "id"' }]);
  });

  test('messages are one short sentence', () => {
    const issues = validateComponent({ id: '1x', component: 'Slider', value: 'a', max: '9', steps: 0, weight: 'heavy' }, basic);
    assert.ok(issues.length >= 4);
    for (const i of issues) assert.match(i.message, /^[A-Z][^\n]{5,120}$/);
  });
});
