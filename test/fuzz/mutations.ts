/**
 * Mutations of a valid message stream, as data: drop, duplicate, move, truncate the JSON text,
 * replace / remove / rename a value anywhere inside a message, retarget a message to another
 * surface, insert a hostile message or a junk line. Indices are taken modulo the stream length, so
 * every mutation applies to every stream and shrinks independently.
 */
import fc from 'fast-check';
import { clone, isObj, obj, type Json } from './json.ts';
import { msgSpec, resolveMessage, surfaceOf, type MsgSpec, type StreamFacts } from './messages.ts';
import { HOSTILE_KEYS, materialize, valueSpec, type Scale, type ValueSpec } from './values.ts';

export type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'duplicate'; at: number; to: number }
  | { op: 'move'; from: number; to: number }
  | { op: 'truncate'; at: number; keep: number }
  | { op: 'replace'; at: number; loc: number; value: ValueSpec }
  | { op: 'remove'; at: number; loc: number }
  | { op: 'rename'; at: number; loc: number; key: string }
  | { op: 'retarget'; at: number; surface: number }
  | { op: 'insert'; at: number; message: MsgSpec }
  | { op: 'junk'; at: number; text: string };

/** One message of a planned stream: an object, or raw text (a truncated or junk line). */
export type Wire = { kind: 'object'; value: Json } | { kind: 'text'; text: string };

export interface PlannedMessage {
  wire: Wire;
  /** Index in the unmutated stream, or null for an inserted message. */
  origin: number | null;
  /** True once any mutation touched this message's content. */
  modified: boolean;
  /** What made it (for failure reports). */
  note: string;
}

const JUNK = ['{', '}', '[', 'null', '"', '{"version":"1.0"', '{"version":"1.0",}', 'NaN', '{"a":1}{"b":2}', '\u0000', '\ufeff{"version":"1.0"}', 'undefined', '{\'version\':\'1.0\'}', '// comment', '{"version":"1.0","deleteSurface":{"surfaceId":"x"}', ']]]]', '{"__proto__":{"polluted":"yes"}}', '{"version":"1.0","updateDataModel":{"surfaceId":"x","path":"/__proto__/polluted","value":"yes"}}'];

/** One mutation (inserting hostile messages is the most frequent). */
export function mutation(scale: Scale): fc.Arbitrary<Mutation> {
  const at = fc.nat(200);
  const loc = fc.nat(400);
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), at }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('duplicate' as const), at, to: at }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), from: at, to: at }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('truncate' as const), at, keep: fc.nat(1000) }) },
    { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), at, loc, value: valueSpec(scale) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), at, loc }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('rename' as const), at, loc, key: fc.constantFrom(...HOSTILE_KEYS, 'component', 'children', 'value') }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('retarget' as const), at, surface: fc.oneof(fc.nat(5), fc.integer({ min: 100, max: 120 })) }) },
    { weight: 12, arbitrary: fc.record({ op: fc.constant('insert' as const), at, message: msgSpec(scale) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('junk' as const), at, text: fc.constantFrom(...JUNK) }) },
  );
}

/** Applies mutations in order to a copy of the stream. */
export function applyMutations(stream: readonly Json[], mutations: readonly Mutation[], facts: StreamFacts): PlannedMessage[] {
  const out: PlannedMessage[] = stream.map((m, i) => ({ wire: { kind: 'object', value: clone(m) }, origin: i, modified: false, note: `seed#${i}` }));
  const idx = (n: number, len = out.length) => (len === 0 ? 0 : n % len);
  for (const mu of mutations) {
    switch (mu.op) {
      case 'drop':
        if (out.length) out.splice(idx(mu.at), 1);
        break;
      case 'duplicate':
        if (out.length) {
          const m = out[idx(mu.at)];
          out.splice(idx(mu.to, out.length + 1), 0, { ...m, wire: copyWire(m.wire), origin: null, note: `dup(${m.note})` });
        }
        break;
      case 'move':
        if (out.length) {
          const [m] = out.splice(idx(mu.from), 1);
          out.splice(idx(mu.to, out.length + 1), 0, { ...m, origin: null, note: `moved(${m.note})` });
        }
        break;
      case 'truncate':
        if (out.length) {
          const m = out[idx(mu.at)];
          const text = m.wire.kind === 'text' ? m.wire.text : JSON.stringify(m.wire.value);
          m.wire = { kind: 'text', text: text.slice(0, Math.floor((text.length * mu.keep) / 1000)) };
          m.modified = true;
          m.note = `truncated(${m.note})`;
        }
        break;
      case 'replace':
      case 'remove':
      case 'rename': {
        const m = out[idx(mu.at)];
        if (!m || m.wire.kind !== 'object') break;
        m.wire = { kind: 'object', value: edit(m.wire.value, mu) };
        m.modified = true;
        m.note = `${mu.op}(${m.note})`;
        break;
      }
      case 'retarget': {
        const m = out[idx(mu.at)];
        if (!m || m.wire.kind !== 'object' || !isObj(m.wire.value)) break;
        const to = surfaceOf(mu.surface, facts);
        const value = clone(m.wire.value) as { [k: string]: Json };
        for (const k of Object.keys(value)) {
          const body = value[k];
          if (isObj(body) && Object.hasOwn(body, 'surfaceId')) body.surfaceId = to;
        }
        m.wire = { kind: 'object', value };
        m.modified = true;
        m.note = `retarget(${m.note}→${to.slice(0, 20)})`;
        break;
      }
      case 'insert':
        out.splice(idx(mu.at, out.length + 1), 0, { wire: { kind: 'object', value: resolveMessage(mu.message, facts) }, origin: null, modified: true, note: `insert(${mu.message.m})` });
        break;
      case 'junk':
        out.splice(idx(mu.at, out.length + 1), 0, { wire: { kind: 'text', text: mu.text }, origin: null, modified: true, note: 'junk' });
        break;
    }
  }
  return out;
}

function copyWire(w: Wire): Wire {
  return w.kind === 'text' ? { ...w } : { kind: 'object', value: clone(w.value) };
}

/** Every container position in a value (DFS, bounded), as key paths. */
function locations(root: Json, limit = 400): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [[]];
  const stack: Array<{ v: Json; path: Array<string | number> }> = [{ v: root, path: [] }];
  while (stack.length && out.length < limit) {
    const { v, path } = stack.pop()!;
    if (path.length > 60) continue;
    const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : isObj(v) ? Object.keys(v) : [];
    for (const k of keys.slice(0, 50)) {
      const p = [...path, k];
      out.push(p);
      stack.push({ v: (v as Record<string | number, Json>)[k as never], path: p });
    }
  }
  return out;
}

function edit(value: Json, mu: Extract<Mutation, { op: 'replace' | 'remove' | 'rename' }>): Json {
  const root = clone(value);
  const locs = locations(root);
  const path = locs[mu.loc % locs.length];
  if (path.length === 0) return mu.op === 'replace' ? materialize(mu.value) : mu.op === 'remove' ? {} : root;
  let parent: Json = root;
  for (const k of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[k as never];
  const key = path[path.length - 1];
  if (Array.isArray(parent)) {
    const i = key as number;
    if (mu.op === 'replace') parent[i] = materialize(mu.value);
    else if (mu.op === 'remove') parent.splice(i, 1);
    else parent[i] = obj([[mu.key, parent[i]]]);
  } else if (isObj(parent)) {
    const k = key as string;
    if (mu.op === 'replace') Object.defineProperty(parent, k, { value: materialize(mu.value), enumerable: true, writable: true, configurable: true });
    else if (mu.op === 'remove') delete parent[k];
    else {
      const v = parent[k];
      delete parent[k];
      Object.defineProperty(parent, mu.key, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}
