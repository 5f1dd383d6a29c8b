/**
 * The compiled fast path of `validate` (src/schema/compiled.ts) against the interpreter it stands
 * in for: on values derived from every schema of the shipped catalogs and common types (mostly
 * valid, then mutated), and on random JSON, the fast path must accept exactly what the
 * interpreter finds no issue with, and `validate` must return the interpreter's issues, including
 * the depth and work limits.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { accepts, TOO_COMPLEX } from '../../src/schema/compiled.ts';
import { schemaExplainer, schemaValidator, createSchemaContext, resolveRef, validate, validateComponent, type JsonSchema, type SchemaContext } from '../../src/schema/index.ts';
import { interpret } from '../../src/schema/interpret.ts';
import { basicCatalog } from '../../src/catalog/definitions/basic.ts';
import { basicCatalogV09 } from '../../src/catalog/definitions/basic-v09.ts';
import { mcpCatalog } from '../../src/catalog/definitions/mcp.ts';
import { commonTypes } from '../../src/schema/common-types.ts';
// The bench's mulberry32, so a fast-check seed picks the whole value.
import { rng } from '../../bench/stats.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), schemaExplainer.load()]);

const CATALOGS = { basic: basicCatalog, v09: basicCatalogV09, mcp: mcpCatalog } as const;

/** Every schema to compare on: each component type, each common type, each catalog `$defs` and function. */
function targets(): Array<{ name: string; ctx: SchemaContext; schema: JsonSchema; component?: boolean }> {
  const out: Array<{ name: string; ctx: SchemaContext; schema: JsonSchema; component?: boolean }> = [];
  for (const [cat, doc] of Object.entries(CATALOGS)) {
    const ctx = createSchemaContext(doc);
    for (const name of Object.keys(doc.components)) {
      out.push({ name: `${cat} ${name} (component)`, ctx, schema: { $ref: `#/components/${name}` }, component: true });
    }
    for (const name of Object.keys(doc.$defs ?? {})) out.push({ name: `${cat} $defs/${name}`, ctx, schema: { $ref: `#/$defs/${name}` } });
    for (const name of Object.keys(doc.functions ?? {})) out.push({ name: `${cat} function ${name}`, ctx, schema: { $ref: `#/functions/${name}` } });
  }
  const common = createSchemaContext(basicCatalog);
  for (const name of Object.keys(commonTypes.$defs as object)) {
    out.push({ name: `common ${name}`, ctx: common, schema: { $ref: `common_types.json#/$defs/${name}` } });
  }
  return out;
}


/** Values that break schemas in interesting ways. */
const ODD: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e21, '', 'x', '@x', 'root', '1abc', 'é', '__proto__', '2024-02-30', '2024-02-29', '12:30', 'https://a.b/c', 'javascript:x',
  [], [1], ['a', 'b'], {}, { '@path': '/a' }, { '@path': 1 }, { '@call': 'formatString', args: { value: 'x' } }, { '@call': '@index' },
  { '@call': '@index', args: { offset: 'x' } }, { '@call': 'nope', args: { a: { '@path': '/x' } } }, { '@x': 1 }, { '@@x': 1 }, { componentId: 'a', path: '/x' },
  { event: { name: 'go' } }, { functionCall: { '@call': 'openUrl', args: { url: 'https://x' } } }, { condition: { '@path': '/ok' }, message: 'm' },
];

/**
 * A value for `schema`, mostly valid: follows `$ref`, picks `const`/`enum` members and `oneOf`/
 * `anyOf` branches, fills required and some optional properties; sometimes drops, adds or swaps
 * in an odd value (`mutate` is the chance per node).
 */
function sample(s: unknown, doc: object, ctx: SchemaContext, r: () => number, mutate: number, depth = 0): unknown {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  if (r() < mutate || depth > 12) return structuredClone(pick(ODD));
  if (typeof s !== 'object' || s === null) return pick(ODD);
  const o = s as Record<string, unknown>;
  if (typeof o.$ref === 'string') {
    const t = resolveRef(o.$ref, doc, ctx);
    if (t && !('type' in o) && !('properties' in o)) return sample(t.schema, t.doc, ctx, r, mutate, depth + 1);
  }
  if ('const' in o) return structuredClone(o.const);
  if (Array.isArray(o.enum)) return structuredClone(pick(o.enum));
  const branches = [o.oneOf, o.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (branches?.length && !o.properties) return sample(pick(branches), doc, ctx, r, mutate, depth + 1);
  if (Array.isArray(o.allOf) && !o.properties) {
    const parts = o.allOf.map((b) => sample(b, doc, ctx, r, mutate, depth + 1));
    const merged = parts.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
    if (Array.isArray(o.allOf) && o.allOf.length) return merged;
  }
  const type = Array.isArray(o.type) ? pick(o.type) : o.type;
  switch (type) {
    case 'string':
      return o.format === 'date' ? '2025-01-31' : o.format === 'uri' ? 'https://example.com/x' : pick(['a', 'Item 1', 'x'.repeat(3), 'id_1']);
    case 'number':
      return pick([0, 1, 2.5, 100, typeof o.minimum === 'number' ? o.minimum : 3]);
    case 'integer':
      return pick([0, 1, 7]);
    case 'boolean':
      return r() < 0.5;
    case 'array': {
      const n = Math.floor(r() * 4);
      return Array.from({ length: n }, () => sample(o.items, doc, ctx, r, mutate, depth + 1));
    }
    case 'object':
    case undefined: {
      const props = (o.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(o.required) ? (o.required as string[]) : [];
      const out: Record<string, unknown> = {};
      for (const [k, ps] of Object.entries(props)) {
        if (required.includes(k) ? r() < 0.95 : r() < 0.4) out[k] = sample(ps, doc, ctx, r, mutate, depth + 1);
      }
      if (Array.isArray(o.allOf)) for (const b of o.allOf) Object.assign(out, sample(b, doc, ctx, r, mutate, depth + 1));
      if (r() < mutate) out[pick(['extra', '@x', 'component', 'id', '__proto__'])] = pick(ODD);
      return type === undefined && !o.properties && !o.allOf ? pick(ODD) : out;
    }
    default:
      return pick(ODD);
  }
}

/** The fast path's verdict, `TOO_COMPLEX` when it gave up. */
function verdict(v: unknown, schema: JsonSchema, ctx: SchemaContext): boolean | 'too complex' {
  try {
    return accepts(v, schema, ctx);
  } catch (e) {
    if (e === TOO_COMPLEX) return 'too complex';
    throw e;
  }
}

/** Fails with the value and both answers when the fast path and the interpreter disagree. */
function agree(v: unknown, schema: JsonSchema, ctx: SchemaContext, name: string): boolean {
  const issues = interpret(v, schema, ctx);
  const fast = verdict(v, schema, ctx);
  const expected = issues.length === 0 ? true : issues.length === 1 && issues[0]!.message === 'Value is too complex to validate' ? 'too complex' : false;
  if (fast !== expected) {
    assert.fail(`${name}: fast path ${String(fast)}, interpreter ${JSON.stringify(issues)} for ${JSON.stringify(v)}`);
  }
  assert.deepEqual(validate(v, schema, ctx), issues, `${name}: validate differs from the interpreter for ${JSON.stringify(v)}`);
  return issues.length === 0;
}

const all = targets();

describe('compiled validation agrees with the interpreter', () => {
  test('on schema-derived values of every shipped schema (valid and mutated)', () => {
    let valid = 0;
    let invalid = 0;
    for (const { name, ctx, schema } of all) {
      for (let seed = 0; seed < 60; seed++) {
        const v = sample(schema, ctx.root, ctx, rng(seed * 7919 + name.length), seed < 20 ? 0 : seed < 40 ? 0.05 : 0.25);
        if (agree(v, schema, ctx, name)) valid++;
        else invalid++;
      }
    }
    // Both verdicts are exercised in bulk, or the comparison proves little.
    assert.ok(valid > 500 && invalid > 500, `valid ${valid}, invalid ${invalid}`);
  });

  test('on wire components, as the store validates them', () => {
    for (const [cat, doc] of Object.entries(CATALOGS)) {
      const ctx = createSchemaContext(doc);
      for (const name of Object.keys(doc.components)) {
        for (let seed = 0; seed < 40; seed++) {
          const r = rng(seed * 31 + name.length);
          const body = sample({ $ref: `#/components/${name}` }, doc, ctx, r, seed < 10 ? 0 : 0.1);
          const wire = typeof body === 'object' && body !== null && !Array.isArray(body) ? { id: 'c1', ...body, component: name } : body;
          const wrapper: JsonSchema = { allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, { $ref: `#/components/${name}` }], unevaluatedProperties: false };
          const issues = interpret(wire, wrapper, ctx);
          assert.deepEqual(validateComponent(wire, ctx), issues, `${cat} ${name}: ${JSON.stringify(wire)}`);
        }
      }
    }
  });

  test('on random JSON against random shipped schemas (fast-check)', () => {
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.jsonValue({ maxDepth: 4 }), (i, v) => {
        const { name, ctx, schema } = all[i]!;
        agree(v, schema, ctx, name);
      }),
      { numRuns: 3000 },
    );
  });

  test('on schema-derived values under tight depth and work limits', () => {
    const seen = new Set<unknown>();
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 80 }), fc.double({ min: 0, max: 0.3, noNaN: true }), (i, seed, maxDepth, maxSteps, mutate) => {
        const { name, ctx, schema } = all[i]!;
        const tight = createSchemaContext(ctx.root, { maxDepth, maxSteps });
        const v = sample(schema, tight.root, tight, rng(seed), mutate);
        // The interpreter trips at exactly the same work: the verdicts (too complex included) agree.
        const issues = interpret(v, schema, tight);
        const fast = verdict(v, schema, tight);
        const expected = issues.length === 0 ? true : issues.length === 1 && issues[0]!.message === 'Value is too complex to validate' ? 'too complex' : false;
        if (fast !== expected) {
          assert.fail(`${name} (depth ${maxDepth}, steps ${maxSteps}): fast ${String(fast)}, interpreter ${JSON.stringify(issues)} for ${JSON.stringify(v)}`);
        }
        assert.deepEqual(validate(v, schema, tight), issues);
        seen.add(expected);
      }),
      { numRuns: 3000 },
    );
    assert.deepEqual([...seen].sort(), [false, true, 'too complex'].sort(), 'every verdict is exercised');
  });

  test('hand-made schemas: every keyword, recursion, boolean schemas, unevaluatedProperties through branches', () => {
    const ctx = createSchemaContext({ $defs: { tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/tree' } } }, additionalProperties: false } } });
    const schemas: JsonSchema[] = [
      true,
      false,
      { $ref: '#/$defs/tree' },
      { $ref: '#/$defs/missing' },
      { type: ['string', 'null'], minLength: 2, maxLength: 3, pattern: '^a' },
      { type: 'integer', minimum: 1, exclusiveMaximum: 5 },
      { enum: [1, 'a', null, { x: 1 }] },
      { const: { a: [1, 2] } },
      { not: { type: 'string' } },
      { if: { type: 'string' }, then: { format: 'date' }, else: { type: 'number', maximum: 3 } },
      { anyOf: [] },
      { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      { type: 'array', minItems: 1, maxItems: 2, items: false },
      { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, patternProperties: { '^x': { type: 'string' } }, additionalProperties: { type: 'number' } },
      { pattern: '(' },
      { type: 'object', oneOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: {} }, required: ['b'] }], unevaluatedProperties: false },
      { type: 'object', if: { properties: { k: { const: 1 } } }, then: { properties: { one: true } }, else: { properties: { other: true } }, unevaluatedProperties: { type: 'string' } },
    ];
    fc.assert(
      fc.property(fc.nat(schemas.length - 1), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...ODD), fc.record({ a: fc.string(), b: fc.jsonValue({ maxDepth: 1 }), k: fc.constantFrom(1, 2), one: fc.string(), x1: fc.string() }, { requiredKeys: [] })), (i, v) => {
        agree(v, schemas[i]!, ctx, `schema ${i}`);
      }),
      { numRuns: 4000 },
    );
    agree({ kids: [{ kids: [{ kids: [] }] }, { kids: [{ bad: 1 }] }] }, { $ref: '#/$defs/tree' }, ctx, 'tree');
  });
});
