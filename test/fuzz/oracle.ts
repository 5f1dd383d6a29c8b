/**
 * What the spec says must happen to one message, judged from the message and the store's state
 * just before it: `reject` (exactly one `error`), `accept` (no error), or `either` when the rules
 * that decide it (schemas, graph checks) are the store's job and not re-implemented here.
 */
import { MAX_POINTER_LENGTH } from '../../src/index.ts';
import { isObj, segmentsOf, type Json } from './json.ts';
import type { Wire } from './mutations.ts';

export type Verdict = { verdict: 'reject' | 'accept' | 'either'; why: string };

const MESSAGE_KEYS = new Set(['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse']);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const BASIC_TYPES = new Set([
  'Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Modal', 'Divider', 'Button',
  'TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput',
]);
const IDENTIFIER = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** The store state the oracle looks at. */
export interface OracleState {
  hasSurface(id: string): boolean;
  surfaceCatalog(id: string): string | undefined;
  /** The current data model of a surface (for predicting data writes). */
  data(id: string): unknown;
  pendingCalls(): readonly string[];
}

const reject = (why: string): Verdict => ({ verdict: 'reject', why });
const accept = (why: string): Verdict => ({ verdict: 'accept', why });
const either = (why: string): Verdict => ({ verdict: 'either', why });

/**
 * Above these, a message is in the territory of the store's own limits (nesting depth, message
 * size), whatever they are set to; the oracle then only insists on "at most one error".
 */
const LIMIT_DEPTH = 20;
const LIMIT_BYTES = 64 * 1024;

export function judge(wire: Wire, state: OracleState, catalogs: ReadonlySet<string>): Verdict {
  const verdict = judgeRules(wire, state, catalogs);
  if (verdict.verdict !== 'accept') return verdict;
  const size = wire.kind === 'text' ? wire.text.length : JSON.stringify(wire.value).length;
  return size > LIMIT_BYTES ? either(`large message (${size} characters)`) : verdict;
}

function judgeRules(wire: Wire, state: OracleState, catalogs: ReadonlySet<string>): Verdict {
  let m: Json;
  if (wire.kind === 'text') {
    if (wire.text.trim() === '') return accept('blank line is skipped');
    try {
      m = JSON.parse(wire.text) as Json;
    } catch {
      return reject('not JSON');
    }
  } else m = wire.value;
  if (!isObj(m)) return reject('message is not an object');
  if (!Object.hasOwn(m, 'version')) return reject('no version');
  if (m.version !== '1.0') return reject('wrong version');
  const keys = Object.keys(m).filter((k) => k !== 'version');
  if (keys.length !== 1) return reject(`${keys.length} message keys`);
  const key = keys[0];
  if (!MESSAGE_KEYS.has(key)) return reject(`unknown message key '${key}'`);
  const body = m[key];
  if (!isObj(body)) return reject('message body is not an object');
  const sid = body.surfaceId;
  switch (key) {
    case 'createSurface': {
      if (typeof sid !== 'string' || sid === '') return reject('bad surfaceId');
      if (state.hasSurface(sid)) return reject('surface exists');
      if (Object.hasOwn(body, 'theme')) return reject('theme is not v1.0');
      if (body.catalogId !== undefined && typeof body.catalogId !== 'string') return reject('catalogId not a string');
      if (body.dataModel !== undefined && !isObj(body.dataModel)) return reject('dataModel not an object');
      return either('createSurface');
    }
    case 'updateComponents': {
      if (typeof sid !== 'string' || sid === '') return reject('bad surfaceId');
      if (!state.hasSurface(sid)) return reject('unknown surface');
      if (!Array.isArray(body.components)) return reject('components not an array');
      for (const c of body.components) {
        if (!isObj(c)) return reject('component not an object');
        if (typeof c.id !== 'string' || !IDENTIFIER.test(c.id)) return reject('bad component id');
        if (typeof c.component !== 'string') return reject('no component type');
        const catalog = typeof c['@catalogId'] === 'string' ? c['@catalogId'] : state.surfaceCatalog(sid);
        if (catalog === undefined || !catalogs.has(catalog)) return reject('catalog does not resolve');
        if (!BASIC_TYPES.has(c.component)) return reject(`unknown component type '${c.component}'`);
      }
      return either('updateComponents');
    }
    case 'updateDataModel':
      return judgeData(body, state);
    case 'deleteSurface':
      return typeof sid === 'string' && sid !== '' ? accept('deleteSurface is idempotent') : reject('bad surfaceId');
    case 'agentFunctionResponse': {
      if (typeof body.functionCallId !== 'string') return reject('no functionCallId');
      if (Object.hasOwn(body, 'value') === Object.hasOwn(body, 'error')) return reject('needs exactly one of value and error');
      if (!state.pendingCalls().includes(body.functionCallId)) return reject('no such pending call');
      return either('agentFunctionResponse');
    }
    default:
      return either(key);
  }
}

function judgeData(body: { [k: string]: Json }, state: OracleState): Verdict {
  const sid = body.surfaceId;
  if (typeof sid !== 'string' || sid === '') return reject('bad surfaceId');
  for (const k of Object.keys(body)) if (!['surfaceId', 'path', 'value'].includes(k)) return reject(`unknown key '${k}'`);
  if (!state.hasSurface(sid)) return reject('unknown surface');
  const path = body.path ?? '/';
  if (typeof path !== 'string') return reject('path not a string');
  if (path !== '' && !path.startsWith('/')) return reject('relative path');
  if (!Object.hasOwn(body, 'value')) return reject('no value');
  if (path.length > MAX_POINTER_LENGTH) return reject('path longer than the pointer limit');
  const segments = segmentsOf(path);
  if (segments.some((s) => FORBIDDEN_SEGMENTS.has(s))) return reject('prototype segment');
  if (/~(?![01])/.test(path)) return reject('an escape other than ~0 and ~1 (RFC 6901)');
  const value = body.value;
  if (value === null) return accept('delete');
  if (depthOf(value) > LIMIT_DEPTH) return either('deeply nested value (limit territory)');
  // Only "" and "/" are the root by every reading; other spellings ("//") are the store's call, and
  // the harness's "root is always an object" invariant judges the outcome.
  if (path === '' || path === '/') return isObj(value) ? accept('root replace') : reject('root must be an object');
  if (segments.length === 0) return either('a pointer that may or may not name the root');
  return writable(state.data(sid), segments) ? accept('write along a writable path') : either('write through a primitive or list');
}

const INDEX = /^(0|[1-9]\d*)$/;

/** Whether the store's upsert can create `segments` without hitting a primitive or a list rule. */
function writable(root: unknown, segments: readonly string[]): boolean {
  let cur: unknown = root !== null && typeof root === 'object' ? root : {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (Array.isArray(cur)) {
      if (!(s === '-' || INDEX.test(s))) return false;
      const n = s === '-' ? cur.length : Number(s);
      if (n > cur.length) return false;
      cur = n < cur.length ? cur[n] : undefined;
    } else {
      cur = Object.hasOwn(cur as object, s) ? (cur as Record<string, unknown>)[s] : undefined;
    }
    if (i === segments.length - 1) return true;
    if (cur === undefined || cur === null) {
      // Missing from here on: the store creates containers; a list made for an index must start at 0.
      for (let j = i + 1; j < segments.length; j++) if (INDEX.test(segments[j]) && segments[j] !== '0') return false;
      return true;
    }
    if (typeof cur !== 'object') return false;
  }
  return true;
}

/** Nesting depth of a JSON value (iterative, so a hostile value cannot overflow the oracle). */
export function depthOf(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    max = Math.max(max, d + 1);
    for (const c of Object.values(v)) stack.push([c, d + 1]);
  }
  return max;
}
