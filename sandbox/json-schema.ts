/**
 * A small JSON Schema (2020-12) subset validator for `allowedFunctions` argument schemas. It fails
 * closed: a schema using an assertion keyword outside the subset rejects every value, so a
 * constraint the agent meant is never silently skipped. No `pattern` (untrusted input against an
 * agent-supplied regular expression invites catastrophic backtracking), no `$ref`, no `format`.
 */
import type { JsonSchema } from './host.ts';
import { deepEqual, escapeSegment, isPlainObject } from './json.ts';

/** Keywords that only annotate; ignored. */
const ANNOTATIONS = new Set([
  '$schema', '$id', '$comment', '$anchor', 'title', 'description', 'default', 'examples',
  'deprecated', 'readOnly', 'writeOnly',
]);

/** Assertion/applicator keywords the subset implements. */
const SUPPORTED = new Set([
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'minItems',
  'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minProperties', 'maxProperties', 'anyOf', 'allOf', 'oneOf', 'not',
]);

/** One failed check: where (JSON pointer into the value) and why. */
export interface SchemaError {
  path: string;
  message: string;
}

/** Validates `value` against `schema`; an empty list means valid. */
export function validateSchema(schema: JsonSchema, value: unknown, path = ''): SchemaError[] {
  if (schema === true) return [];
  if (schema === false) return [{ path, message: 'no value is allowed here' }];
  if (!isPlainObject(schema)) return [{ path, message: 'invalid schema' }];
  const unknown = Object.keys(schema).find((k) => !ANNOTATIONS.has(k) && !SUPPORTED.has(k));
  if (unknown) return [{ path, message: `unsupported schema keyword '${unknown}'` }];
  const errors: SchemaError[] = [];
  const fail = (message: string, at = path) => errors.push({ path: at, message });
  const s = schema;

  if (s.type !== undefined && !([] as unknown[]).concat(s.type).some((t) => hasType(value, t))) {
    fail(`expected ${([] as unknown[]).concat(s.type).join(' or ')}`);
    return errors;
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, value))) fail('not one of the allowed values');
  if ('const' in s && !deepEqual(s.const, value)) fail('not the required constant');

  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) fail(`must be >= ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) fail(`must be <= ${s.maximum}`);
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) fail(`must be > ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) fail(`must be < ${s.exclusiveMaximum}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) fail(`shorter than ${s.minLength}`);
    if (typeof s.maxLength === 'number' && length > s.maxLength) fail(`longer than ${s.maxLength}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) fail(`fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail(`more than ${s.maxItems} items`);
    if (s.items !== undefined) value.forEach((v, i) => errors.push(...validateSchema(s.items as JsonSchema, v, `${path}/${i}`)));
  }
  if (isPlainObject(value)) objectChecks(s, value, path, errors);

  if (Array.isArray(s.allOf)) for (const b of s.allOf) errors.push(...validateSchema(b as JsonSchema, value, path));
  if (Array.isArray(s.anyOf) && !s.anyOf.some((b) => validateSchema(b as JsonSchema, value, path).length === 0)) {
    fail('matches none of anyOf');
  }
  if (Array.isArray(s.oneOf)) {
    const n = s.oneOf.filter((b) => validateSchema(b as JsonSchema, value, path).length === 0).length;
    if (n !== 1) fail(`matches ${n} of oneOf (exactly 1 required)`);
  }
  if (s.not !== undefined && validateSchema(s.not as JsonSchema, value, path).length === 0) fail('matches not');
  return errors;
}

function objectChecks(s: Record<string, unknown>, value: Record<string, unknown>, path: string, errors: SchemaError[]): void {
  const keys = Object.keys(value);
  const props = isPlainObject(s.properties) ? s.properties : {};
  if (Array.isArray(s.required)) {
    for (const k of s.required) if (typeof k === 'string' && !Object.hasOwn(value, k)) errors.push({ path, message: `missing '${k}'` });
  }
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) errors.push({ path, message: `fewer than ${s.minProperties} properties` });
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) errors.push({ path, message: `more than ${s.maxProperties} properties` });
  for (const k of keys) {
    const at = `${path}/${escapeSegment(k)}`;
    if (Object.hasOwn(props, k)) errors.push(...validateSchema(props[k] as JsonSchema, value[k], at));
    else if (s.additionalProperties === false) errors.push({ path: at, message: 'unexpected property' });
    else if (s.additionalProperties !== undefined) {
      errors.push(...validateSchema(s.additionalProperties as JsonSchema, value[k], at));
    }
  }
}

function hasType(v: unknown, t: unknown): boolean {
  switch (t) {
    case 'null': return v === null;
    case 'boolean': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'integer': return Number.isInteger(v);
    case 'array': return Array.isArray(v);
    case 'object': return isPlainObject(v);
    default: return false;
  }
}
