/**
 * What {@link validate} decides with: each schema compiled once (per context and document) into a
 * closure tree that only answers "valid or not", with `$ref`s resolved, property maps, patterns
 * and the `unevaluatedProperties` lookup prepared ahead. Valid input, the common case, never
 * reaches the interpreter in `interpret.ts` (loaded on first use); invalid input is re-run there
 * for its issues, so the messages, pointers and their order have one source.
 *
 * The tree decides exactly as the interpreter does, and counts the same work: it evaluates the
 * keywords the interpreter evaluates, in the same order, without stopping at a failure where the
 * interpreter does not (only a wrong `type` returns early, `anyOf` stops at the first passing
 * branch), so `maxSteps` and `maxDepth` trip on the same input. `test/node/schema-compiled.test.ts`
 * compares the two on the catalog-derived corpus and on random values.
 */
import { resolveRef } from './context.ts';
import { checkFormat } from './formats.ts';
import type { JsonSchema, JsonSchemaObject, SchemaContext, SchemaIssue } from './types.ts';
import { collectKnown, isKnown, type Known } from './unevaluated.ts';
import { compilePattern, hasOwn, isObject, jsonEqual, typeOf } from './util.ts';

/** Thrown when the work exceeds `maxSteps`; the interpreter throws at the same input. */
export const TOO_COMPLEX = {};

/** The issue of a value whose validation exceeds `maxSteps` (either validator's). */
export const TOO_COMPLEX_ISSUE: SchemaIssue = Object.freeze({ path: '', message: 'Value is too complex to validate' });

/** The work done so far in one validation. */
interface Budget {
  readonly maxDepth: number;
  readonly maxSteps: number;
  steps: number;
}

/** True iff the value passes; `depth` is the nesting of the schema evaluation. */
type Accept = (v: unknown, depth: number, b: Budget) => boolean;

const pass: Accept = () => true;
const fail: Accept = () => false;

/** Compiled schemas per context and document (local refs resolve in the document). */
const compiled = new WeakMap<SchemaContext, WeakMap<object, WeakMap<object, Accept>>>();

/**
 * True iff `value` passes `schema` in `ctx`. Throws {@link TOO_COMPLEX} where the interpreter
 * would; anything else thrown (a hostile getter) is the caller's to hand to the interpreter.
 */
export function accepts(value: unknown, schema: JsonSchema, ctx: SchemaContext): boolean {
  return compile(schema, ctx.root, ctx)(value, 0, { maxDepth: ctx.maxDepth, maxSteps: ctx.maxSteps, steps: 0 });
}

function compile(s: unknown, doc: object, ctx: SchemaContext): Accept {
  if (!isObject(s)) return s === false ? fail : pass;
  let byDoc = compiled.get(ctx);
  if (!byDoc) compiled.set(ctx, (byDoc = new WeakMap()));
  let bySchema = byDoc.get(doc);
  if (!bySchema) byDoc.set(doc, (bySchema = new WeakMap()));
  let fn = bySchema.get(s);
  if (!fn) {
    // Registered before its parts are compiled: a recursive schema reaches itself through this.
    let body: Accept | undefined;
    fn = (v, depth, b) => (body ??= compileObject(s as JsonSchemaObject, doc, ctx))(v, depth, b);
    bySchema.set(s, fn);
  }
  return fn;
}

/** A part compiled on first use (recursive schemas, rarely taken branches). */
function lazy(s: unknown, doc: object, ctx: SchemaContext): Accept {
  if (!isObject(s)) return s === false ? fail : pass;
  let fn: Accept | undefined;
  return (v, depth, b) => (fn ??= compile(s, doc, ctx))(v, depth, b);
}

/** Runs every check (no early exit: the interpreter evaluates them all, and counts them). */
function all(checks: Accept[]): Accept {
  const n = checks.length;
  if (n === 0) return pass;
  if (n === 1) return checks[0]!;
  return (v, depth, b) => {
    let ok = true;
    for (let i = 0; i < n; i++) if (!checks[i]!(v, depth, b)) ok = false;
    return ok;
  };
}

function compileObject(s: JsonSchemaObject, doc: object, ctx: SchemaContext): Accept {
  const ref = typeof s.$ref === 'string' ? refCheck(s.$ref, doc, ctx) : undefined;
  const type = s.type === undefined ? undefined : typeCheck(s.type);
  const rest: Accept[] = [];
  if (hasOwn(s, 'const')) {
    const c = s.const;
    rest.push((v) => jsonEqual(v, c));
  }
  if (Array.isArray(s.enum)) rest.push(enumCheck(s.enum));
  const str = stringCheck(s);
  const num = numberCheck(s);
  const arr = arrayCheck(s, doc, ctx);
  const obj = objectCheck(s, doc, ctx);
  if (str || num || arr || obj) {
    rest.push((v, depth, b) => {
      if (typeof v === 'string') return str ? str(v, depth, b) : true;
      if (typeof v === 'number') return num ? num(v) : true;
      if (Array.isArray(v)) return arr ? arr(v, depth, b) : true;
      if (isObject(v)) return obj ? obj(v, depth, b) : true;
      return true;
    });
  }
  const sub = (x: unknown): Accept => {
    const f = lazy(x, doc, ctx);
    return (v, depth, b) => f(v, depth + 1, b);
  };
  if (Array.isArray(s.allOf)) rest.push(...s.allOf.map(sub));
  if (Array.isArray(s.anyOf)) {
    const branches = s.anyOf.map(sub);
    rest.push((v, depth, b) => {
      for (const f of branches) if (f(v, depth, b)) return true;
      return false;
    });
  }
  if (Array.isArray(s.oneOf)) {
    const branches = s.oneOf.map(sub);
    rest.push((v, depth, b) => {
      let ok = 0;
      for (const f of branches) if (f(v, depth, b)) ok++;
      return ok === 1;
    });
  }
  if (s.not !== undefined) {
    const not = sub(s.not);
    rest.push((v, depth, b) => !not(v, depth, b));
  }
  if (s.if !== undefined) {
    const cond = sub(s.if);
    const then = s.then === undefined ? pass : sub(s.then);
    const otherwise = s.else === undefined ? pass : sub(s.else);
    rest.push((v, depth, b) => (cond(v, depth, b) ? then(v, depth, b) : otherwise(v, depth, b)));
  }
  const others = all(rest);
  return (v, depth, b) => {
    if (depth > b.maxDepth) return false;
    if (++b.steps > b.maxSteps) throw TOO_COMPLEX;
    const refOk = ref ? ref(v, depth, b) : true;
    if (type && !type(v)) return false;
    return others(v, depth, b) && refOk;
  };
}

function refCheck(ref: string, doc: object, ctx: SchemaContext): Accept {
  let target: Accept | undefined;
  return (v, depth, b) => {
    if (!target) {
      const r = resolveRef(ref, doc, ctx);
      target = r ? lazy(r.schema, r.doc, ctx) : fail;
    }
    return target(v, depth + 1, b);
  };
}

function typeCheck(type: unknown): (v: unknown) => boolean {
  const names = new Set((Array.isArray(type) ? type : [type]).filter((x) => typeof x === 'string'));
  const number = names.has('number');
  if (names.size === 1 && names.has('string')) return (v) => typeof v === 'string';
  if (names.size === 1 && names.has('object')) return isObject;
  return (v) => {
    const t = typeOf(v);
    return names.has(t) || (number && t === 'integer');
  };
}

function enumCheck(values: readonly unknown[]): (v: unknown) => boolean {
  if (values.every((e) => typeof e !== 'object' || e === null)) {
    const set = new Set(values);
    return (v) => v === v && set.has(v); // NaN equals nothing, as jsonEqual has it
  }
  return (v) => values.some((e) => jsonEqual(v, e));
}

function stringCheck(s: JsonSchemaObject): ((v: string, depth: number, b: Budget) => boolean) | undefined {
  const checks: Array<(v: string) => boolean> = [];
  if (typeof s.minLength === 'number' || typeof s.maxLength === 'number') {
    const { minLength, maxLength } = s;
    checks.push((v) => {
      let n = 0;
      for (const _ of v) n++;
      return !(n < (minLength ?? 0)) && !(n > (maxLength ?? Infinity));
    });
  }
  if (typeof s.pattern === 'string') {
    const re = compilePattern(s.pattern);
    checks.push(re ? (v) => re.test(v) : () => false);
  }
  if (typeof s.format === 'string') {
    const format = s.format;
    checks.push((v) => checkFormat(format, v));
  }
  if (!checks.length) return undefined;
  return (v) => {
    let ok = true;
    for (const c of checks) if (!c(v)) ok = false;
    return ok;
  };
}

function numberCheck(s: JsonSchemaObject): ((v: number) => boolean) | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = s;
  if (typeof minimum !== 'number' && typeof maximum !== 'number' && typeof exclusiveMinimum !== 'number' && typeof exclusiveMaximum !== 'number') {
    return undefined;
  }
  return (v) =>
    !(typeof minimum === 'number' && !(v >= minimum)) &&
    !(typeof maximum === 'number' && !(v <= maximum)) &&
    !(typeof exclusiveMinimum === 'number' && !(v > exclusiveMinimum)) &&
    !(typeof exclusiveMaximum === 'number' && !(v < exclusiveMaximum));
}

function arrayCheck(s: JsonSchemaObject, doc: object, ctx: SchemaContext): ((v: unknown[], depth: number, b: Budget) => boolean) | undefined {
  const { minItems, maxItems } = s;
  const items = isObject(s.items) || typeof s.items === 'boolean' ? lazy(s.items, doc, ctx) : undefined;
  if (typeof minItems !== 'number' && typeof maxItems !== 'number' && !items) return undefined;
  return (v, depth, b) => {
    const n = v.length;
    let ok = !(typeof minItems === 'number' && n < minItems) && !(typeof maxItems === 'number' && n > maxItems);
    if (items) for (let i = 0; i < n; i++) if (!items(v[i], depth + 1, b)) ok = false;
    return ok;
  };
}

type ObjectAccept = (v: Record<string, unknown>, depth: number, b: Budget) => boolean;

function objectCheck(s: JsonSchemaObject, doc: object, ctx: SchemaContext): ObjectAccept | undefined {
  const props = isObject(s.properties) ? new Map(Object.keys(s.properties).map((k) => [k, lazy(s.properties![k], doc, ctx)])) : undefined;
  const patterns = isObject(s.patternProperties)
    ? Object.entries(s.patternProperties).map(([p, ps]) => [compilePattern(p), lazy(ps, doc, ctx)] as const)
    : [];
  const additional = s.additionalProperties === undefined ? undefined : lazy(s.additionalProperties, doc, ctx);
  const names = s.propertyNames === undefined ? undefined : lazy(s.propertyNames, doc, ctx);
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  const unevaluated = s.unevaluatedProperties === undefined ? undefined : lazy(s.unevaluatedProperties, doc, ctx);
  const known = unevaluated ? knownCheck(s, doc, ctx) : undefined;
  if (!props && !patterns.length && !additional && !names && !required.length && !unevaluated) return undefined;
  return (v, depth, b) => {
    let ok = true;
    const d = depth + 1;
    const keys = Object.keys(v);
    for (const k of keys) {
      let seen = false;
      const p = props?.get(k);
      if (p) {
        seen = true;
        if (!p(v[k], d, b)) ok = false;
      }
      for (const [re, ps] of patterns) {
        if (re?.test(k)) {
          seen = true;
          if (!ps(v[k], d, b)) ok = false;
        }
      }
      if (!seen && additional && !additional(v[k], d, b)) ok = false;
      if (names && !names(k, d, b)) ok = false;
    }
    for (const r of required) if (!hasOwn(v, r)) ok = false;
    if (unevaluated) {
      const k = known!(v, depth, b);
      for (const key of keys) if (!isKnown(k, key) && !unevaluated(v[key], d, b)) ok = false;
    }
    return ok;
  };
}

/** The properties `s` evaluates for a value: fixed when no branch depends on the value. */
function knownCheck(s: JsonSchemaObject, doc: object, ctx: SchemaContext): (v: unknown, depth: number, b: Budget) => Known {
  let dependent = false;
  const fixed = collectKnown(s, doc, ctx, () => ((dependent = true), false));
  if (!dependent) return () => fixed;
  return (v, depth, b) => collectKnown(s, doc, ctx, (branch, d) => compile(branch, d, ctx)(v, depth + 1, b));
}
