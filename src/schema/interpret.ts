/**
 * Why a value is invalid: the interpreter of the JSON Schema (draft 2020-12) subset that
 * {@link validate} (validator.ts) decides with, every issue with its pointer and message. It runs
 * only for a value the compiled validator refused, and is loaded with the first one (most pages
 * never send one). Keywords: `type` (with `integer` and type lists), `enum`, `const`,
 * `properties`, `required`, `additionalProperties`, `unevaluatedProperties` (approximated, see
 * `unevaluated.ts`), `patternProperties`, `propertyNames`, `items`, `minItems`, `maxItems`,
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`,
 * `pattern` (`u` flag), `format` (`date`, `time`, `date-time`, `uri`), `allOf`, `anyOf`, `oneOf`,
 * `not`, `if`/`then`/`else`, `$ref`. Everything else (`default`, `$defs`,
 * `returnType`, `discriminator`, …) is ignored. Issues are values; hostile input (deep nesting,
 * `__proto__` keys, cyclic refs, exponential schemas) yields issues, never a throw.
 */
import { explainNoMatch, type Issue } from './alternatives.ts';
import { TOO_COMPLEX, TOO_COMPLEX_ISSUE } from './compiled.ts';
import { resolveRef } from './context.ts';
import { checkFormat } from './formats.ts';
import type { JsonSchema, JsonSchemaObject, SchemaContext, SchemaIssue } from './types.ts';
import { collectKnown, isKnown, type Known } from './unevaluated.ts';
import { childPath, compilePattern, hasOwn, isObject, jsonEqual, orList, show, typeOf } from './util.ts';

/**
 * Every issue of `value` against `schema` in `ctx`, with its pointer and message, in document
 * order; identical issues once. `test/node/schema-compiled.test.ts` holds the compiled validator to it.
 */
export function interpret(value: unknown, schema: JsonSchema, ctx: SchemaContext): SchemaIssue[] {
  try {
    const seen = new Set<string>();
    return check(value, schema, ctx.root, '', 0, { ctx, steps: 0 })
      .filter((i) => !seen.has(i.path + '\n' + i.message) && !!seen.add(i.path + '\n' + i.message))
      .map(({ path, message }) => ({ path, message }));
  } catch (e) {
    // Last resort (a stack overflow below the depth limit, a throwing getter): still an issue.
    return [e === TOO_COMPLEX ? TOO_COMPLEX_ISSUE : { path: '', message: 'Value could not be validated' }];
  }
}

/** Per-`validate` state: the context and the work done so far. */
interface State {
  readonly ctx: SchemaContext;
  steps: number;
}

/**
 * Validates `v` at `path` against `s` (local refs resolve in `doc`), appending issues to `out`.
 * Returns `out`, so a fresh array gives one branch's issues.
 */
function check(v: unknown, s: unknown, doc: object, path: string, depth: number, st: State, out: Issue[] = []): Issue[] {
  if (!isObject(s)) {
    if (s === false) out.push({ path, message: 'Value is not allowed here' });
    return out;
  }
  const ctx = st.ctx;
  if (depth > ctx.maxDepth) {
    out.push({ path, message: 'Value is nested too deeply to validate' });
    return out;
  }
  if (++st.steps > ctx.maxSteps) throw TOO_COMPLEX;
  const schema = s as JsonSchemaObject;
  /** Checks a part of the value (or the value against another schema) into `out`. */
  const sub = (v2: unknown, s2: unknown, p2 = path, doc2 = doc) => check(v2, s2, doc2, p2, depth + 1, st, out);
  /** The issues of `v` against a branch schema, kept apart. */
  const branch = (s2: unknown, doc2 = doc) => check(v, s2, doc2, path, depth + 1, st);
  if (typeof schema.$ref === 'string') {
    const r = resolveRef(schema.$ref, doc, ctx);
    if (r) sub(v, r.schema, path, r.doc);
    else out.push({ path, message: `Cannot resolve schema reference ${schema.$ref}` });
  }
  if (schema.type !== undefined) {
    const t = typeOf(v);
    const fits = (x: unknown) => x === t || (x === 'number' && t === 'integer');
    if (Array.isArray(schema.type) ? !schema.type.some(fits) : !fits(schema.type)) {
      out.push({ path, message: `Expected ${orList(([] as unknown[]).concat(schema.type).map(String))}, got ${t}`, kind: 'type' });
      return out;
    }
  }
  if (hasOwn(schema, 'const') && !jsonEqual(v, schema.const)) {
    const c = schema.const;
    const expected = typeof c === 'object' && c !== null ? `a fixed ${typeOf(c)} value` : show(c);
    out.push({ path, message: `Expected ${expected}, got ${show(v)}`, kind: 'const' });
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => jsonEqual(v, e))) {
    const e = schema.enum.map(show);
    const allowed = e.length <= 8 ? orList(e) : `one of ${e.length} values (${e.slice(0, 3).join(', ')}, …)`;
    out.push({ path, message: `Expected ${allowed}, got ${show(v)}` });
  }
  if (typeof v === 'string') checkString(v, schema, path, out);
  else if (typeof v === 'number') checkNumber(v, schema, path, out);
  else if (Array.isArray(v)) {
    const n = v.length;
    if (typeof schema.minItems === 'number' && n < schema.minItems) {
      out.push({ path, message: `Expected at least ${schema.minItems} items, got ${n}` });
    }
    if (typeof schema.maxItems === 'number' && n > schema.maxItems) {
      out.push({ path, message: `Expected at most ${schema.maxItems} items, got ${n}` });
    }
    if (isObject(schema.items) || typeof schema.items === 'boolean') {
      for (let i = 0; i < n; i++) sub(v[i], schema.items, childPath(path, i));
    }
  } else if (isObject(v)) {
    const passes = (b: JsonSchema, d: object) => !branch(b, d).length;
    const nameOk = (k: string, p: string) => !check(k, schema.propertyNames, doc, p, depth + 1, st).length;
    checkObject(v, schema, path, out, sub, nameOk, () => knownOf(schema, doc, ctx, passes));
  }
  if (Array.isArray(schema.allOf)) for (const b of schema.allOf) sub(v, b);
  if (Array.isArray(schema.anyOf)) {
    const results: Issue[][] = [];
    for (const b of schema.anyOf) {
      const r = branch(b);
      if (!r.length) break;
      results.push(r);
    }
    if (results.length === schema.anyOf.length) out.push(...explainNoMatch(v, schema.anyOf, results, path, doc, ctx));
  }
  if (Array.isArray(schema.oneOf)) {
    const results = schema.oneOf.map((b) => branch(b));
    const ok = results.filter((r) => !r.length).length;
    if (ok > 1) out.push({ path, message: `Matches ${ok} alternatives, expected exactly one` });
    else if (!ok) out.push(...explainNoMatch(v, schema.oneOf, results, path, doc, ctx));
  }
  if (schema.not !== undefined && !branch(schema.not).length) {
    out.push({ path, message: `Value ${show(v)} is not allowed here` });
  }
  if (schema.if !== undefined) {
    const next = branch(schema.if).length ? schema.else : schema.then;
    if (next !== undefined) sub(v, next);
  }
  return out;
}

/** What a schema evaluates, for `unevaluatedProperties`; remembered per schema when no branch depended on the value. */
const knownBySchema = new WeakMap<object, Known>();

function knownOf(schema: JsonSchemaObject, doc: object, ctx: SchemaContext, passes: (s: JsonSchema, d: object) => boolean): Known {
  const hit = knownBySchema.get(schema);
  if (hit) return hit;
  const known = collectKnown(schema, doc, ctx, passes);
  if (!known.valueDependent) knownBySchema.set(schema, known);
  return known;
}

function checkString(v: string, s: JsonSchemaObject, path: string, out: Issue[]): void {
  if (typeof s.minLength === 'number' || typeof s.maxLength === 'number') {
    let n = 0;
    for (const _ of v) n++; // code points, as JSON Schema counts them
    if (n < (s.minLength ?? 0)) out.push({ path, message: `Expected at least ${s.minLength} characters, got ${n}` });
    if (n > (s.maxLength ?? Infinity)) out.push({ path, message: `Expected at most ${s.maxLength} characters, got ${n}` });
  }
  if (typeof s.pattern === 'string') {
    const re = compilePattern(s.pattern);
    if (!re) out.push({ path, message: `Schema pattern ${s.pattern} is invalid` });
    else if (!re.test(v)) out.push({ path, message: `Expected a string matching ${s.pattern}, got ${show(v)}` });
  }
  if (typeof s.format === 'string' && !checkFormat(s.format, v)) {
    out.push({ path, message: `Expected ${s.format} format, got ${show(v)}` });
  }
}

function checkNumber(v: number, s: JsonSchemaObject, path: string, out: Issue[]): void {
  const bound = (ok: boolean, rel: string, limit: unknown) => {
    if (!ok) out.push({ path, message: `Expected a number ${rel} ${limit}, got ${v}` });
  };
  if (typeof s.minimum === 'number') bound(v >= s.minimum, '>=', s.minimum);
  if (typeof s.maximum === 'number') bound(v <= s.maximum, '<=', s.maximum);
  if (typeof s.exclusiveMinimum === 'number') bound(v > s.exclusiveMinimum, '>', s.exclusiveMinimum);
  if (typeof s.exclusiveMaximum === 'number') bound(v < s.exclusiveMaximum, '<', s.exclusiveMaximum);
}

function checkObject(
  v: Record<string, unknown>,
  s: JsonSchemaObject,
  path: string,
  out: Issue[],
  sub: (v: unknown, s: unknown, path: string) => void,
  nameOk: (key: string, path: string) => boolean,
  known: () => Known,
): void {
  const props = isObject(s.properties) ? s.properties : undefined;
  const patterns = isObject(s.patternProperties)
    ? Object.entries(s.patternProperties).map(([p, ps]) => [compilePattern(p), ps] as const)
    : [];
  const extra = (key: string, rule: unknown, p: string) => {
    if (rule === false) out.push({ path: p, message: `Unexpected property ${show(key)}` });
    else sub(v[key], rule, p);
  };
  const keys = Object.keys(v);
  for (const k of keys) {
    const p = childPath(path, k);
    let seen = false;
    if (props && hasOwn(props, k)) {
      seen = true;
      sub(v[k], props[k], p);
    }
    for (const [re, ps] of patterns) {
      if (re?.test(k)) {
        seen = true;
        sub(v[k], ps, p);
      }
    }
    if (!seen && s.additionalProperties !== undefined) extra(k, s.additionalProperties, p);
    if (s.propertyNames !== undefined && !nameOk(k, p)) out.push({ path: p, message: `Property name ${show(k)} is not allowed` });
  }
  if (Array.isArray(s.required)) {
    for (const r of s.required) {
      if (typeof r === 'string' && !hasOwn(v, r)) out.push({ path: childPath(path, r), message: `Missing required property ${show(r)}` });
    }
  }
  if (s.unevaluatedProperties !== undefined) {
    const k = known();
    for (const key of keys) if (!isKnown(k, key)) extra(key, s.unevaluatedProperties, childPath(path, key));
  }
}
