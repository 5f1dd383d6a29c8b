/**
 * One store under test with its outbound log, plus the user-side actions the harness performs on
 * it: loading the sibling surface and typing into inputs.
 */
import { A2uiStore, ComponentNode, type A2uiError, type OutboundMessage, type StoreOptions } from '../../src/index.ts';
import { canonical, isObj, overlaps, segmentsOf, type Json } from './json.ts';
import { SIBLING_ID, type Plan } from './plan.ts';
import type { Violation } from './harness.ts';

/** Builds the store under test (the harness's own tests pass broken ones). */
export type StoreFactory = (options: StoreOptions) => A2uiStore;

/** A value the user typed, and whether something legitimately replaced it since. */
export interface Typed {
  surfaceId: string;
  pointer: string;
  segments: string[];
  value: string;
  done: string | undefined;
}

/** A store with everything it sent: wire messages, typed errors, URLs the host was asked to open. */
export interface Rig {
  store: A2uiStore;
  out: OutboundMessage[];
  typedErrors: A2uiError[];
  opened: string[];
}

/** A fresh store (locale en-US, no call timeouts) wired to record its output. */
export function rig(create: StoreFactory | undefined): Rig {
  const opened: string[] = [];
  const options: StoreOptions = { locale: 'en-US', timeoutMs: 0, host: { openUrl: (u) => opened.push(u) } };
  const store = create ? create(options) : new A2uiStore(options);
  const out: OutboundMessage[] = [];
  const typedErrors: A2uiError[] = [];
  store.onMessage((m) => out.push(m));
  store.onError((e) => typedErrors.push(e));
  return { store, out, typedErrors, opened };
}

/** The `error` messages among outbound messages. */
export const errorsIn = (ms: readonly OutboundMessage[]) => ms.filter((m) => 'error' in m);

/** A short text for any thrown value. */
export function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e).slice(0, 300);
}

/** Types into a TextField bound with `{"@path"}` (not on the sibling), like a user would. */
export function type(rg: Rig, t: { field: number; text: string }, typed: Typed[], violations: Violation[], mode: string): void {
  const fields: Array<{ surfaceId: string; id: string }> = [];
  for (const sid of rg.store.surfaceIds) {
    if (sid === SIBLING_ID) continue;
    const s = rg.store.surface(sid)!;
    for (const id of s.ids()) {
      const r = s.peek(id);
      const v = r?.props.value;
      if (r?.type === 'TextField' && isObj(v as Json) && typeof (v as { '@path'?: unknown })['@path'] === 'string') fields.push({ surfaceId: sid, id });
    }
  }
  if (!fields.length) return;
  const f = fields[t.field % fields.length];
  const surface = rg.store.surface(f.surfaceId)!;
  try {
    const node = new ComponentNode(rg.store, surface, f.id, rg.store.context(f.surfaceId)!);
    const pointer = node.boundPath('value');
    if (pointer === undefined || !node.write('value', t.text)) return;
    const now = surface.dataModel.get(pointer);
    if (now !== t.text) violations.push({ invariant: 'typed value is readable right after write', detail: `${mode}: ${f.surfaceId}${pointer} holds ${canonical(now).slice(0, 80)}` });
    const segments = segmentsOf(pointer);
    for (const e of typed) if (!e.done && e.surfaceId === f.surfaceId && overlaps(e.segments, segments)) e.done = 'typed over';
    typed.push({ surfaceId: f.surfaceId, pointer, segments, value: t.text, done: undefined });
  } catch (e) {
    violations.push({ invariant: 'no exception reaches the host', detail: `${mode}: typing into ${f.surfaceId}/${f.id} threw ${describe(e)}` });
  }
}

/** Creates the sibling surface; a valid seed must produce no error. */
export function loadSibling(rg: Rig, plan: Plan, violations: Violation[]): void {
  for (const m of plan.sibling.messages) {
    const n0 = rg.out.length;
    rg.store.process([m]);
    for (const e of errorsIn(rg.out.slice(n0))) violations.push({ invariant: 'harness: the sibling seed is valid', detail: canonical(e).slice(0, 300) });
  }
}

