/**
 * Runs one planned stream against a fresh store and checks every invariant of issue 11:
 * nothing thrown at the host, one `error` per rejected message (none for accepted ones), rejected
 * messages leave no trace, the untouched sibling surface is exactly as before, typed values
 * survive unless the agent wrote that path, prototypes stay clean, every component resolves, and
 * the same stream fed as JSONL chunks ends in the same state with the same errors.
 *
 * Pure TypeScript: the environment (draining the event loop, catching unhandled rejections) is
 * passed in, so a browser test can run the same harness.
 */
import { type A2uiStore } from '../../src/index.ts';
import { draftUpgrader, preloadFunctions } from '../../src/internal.ts';
import { canonical, isObj, overlaps, segmentsOf, type Json } from './json.ts';
import type { Wire } from './mutations.ts';
import { errorShapeProblems, prototypeSnapshot, unsafeNavigations } from './invariants.ts';
import { render, storeState, surfaceState } from './observe.ts';
import { judge, type OracleState } from './oracle.ts';
import { SIBLING_ID, type Plan, type ResponseSpec } from './plan.ts';
import { materialize } from './values.ts';
import { firstDifference } from './report.ts';
import { describe, errorsIn, loadSibling, rig, type, type Rig, type StoreFactory, type Typed } from './rig.ts';
import { twin } from './twin.ts';

export interface HarnessEnv {
  /** Lets promise callbacks and timers run (a few macrotask turns). */
  drain(): Promise<void>;
  /** Uncaught exceptions and unhandled rejections seen since the last call. */
  takeUncaught(): unknown[];
}

export interface Violation {
  invariant: string;
  detail: string;
  /** Index of the message in the plan, when one message is to blame. */
  at?: number;
}

export interface RunStats {
  messages: number;
  streamErrors: number;
  renderedNodes: number;
  pendingCalls: number;
  typed: number;
  /** Outbound messages by kind (`error:CODE`, `action`, `callAgentFunction`, …). */
  outbound: Record<string, number>;
}

export interface RunOptions {
  /** Also feed the stream as JSONL chunks to a second store and compare (default true). */
  jsonl?: boolean;
  /** Node budget per surface render (default 3000). */
  renderBudget?: number;
  /** Max `act()` calls per stream (default 30). */
  maxActs?: number;
  /** Builds the store under test (default `new A2uiStore(options)`); the harness's own tests pass broken ones. */
  createStore?: StoreFactory;
  /** Awaited at fixed points, so a browser test can mount, type into and observe elements. */
  hooks?: RunHooks;
}

/**
 * Points where a caller may act on the store under test (a browser test mounts elements there).
 * Outbound messages sent while a hook runs are not blamed on any one message.
 */
export interface RunHooks {
  /** After the sibling loaded, before it is snapshotted (typing into it here is kept). */
  afterSibling?(store: A2uiStore): void | Promise<void>;
  /** Before message `index` is fed, after the planned typing; once more with `index` = length. */
  beforeMessage?(index: number, store: A2uiStore): void | Promise<void>;
  /** After the last render and the agent's responses, before the final checks and `dispose()`. */
  beforeDispose?(store: A2uiStore): void | Promise<void>;
}

function parsed(wire: Wire): Json | undefined {
  if (wire.kind === 'object') return wire.value;
  try {
    return JSON.parse(wire.text) as Json;
  } catch {
    return undefined;
  }
}

/** Feeds one message the way its kind says: objects through `process([m])`, text through `process(text)`. */
function feedOne(store: A2uiStore, wire: Wire): void {
  if (wire.kind === 'object') store.process([wire.value]);
  else store.process(wire.text);
}

function oracleState(store: A2uiStore): OracleState {
  return {
    hasSurface: (id) => store.surfaceIds.includes(id),
    surfaceCatalog: (id) => store.surface(id)?.catalogId,
    data: (id) => store.surface(id)?.dataModel.get('/'),
    pendingCalls: () => store.agentCalls.pendingIds,
  };
}

/** The root of every data model is an object, whatever was written or typed. */
function rootsAreObjects(store: A2uiStore, when: string, v: (i: string, d: string) => void, reported: Set<string>): void {
  for (const sid of store.surfaceIds) {
    const root = store.surface(sid)?.dataModel.get('/');
    if (!isObj(root as Json) && !reported.has(sid) && reported.add(sid)) v('the data-model root is always an object', `${sid} ${when}: root is ${canonical(root).slice(0, 60)}`);
  }
}

/** Marks typed values an accepted agent message legitimately replaced. */
function agentWrote(message: Json | undefined, typed: Typed[]): void {
  if (!isObj(message)) return;
  const upd = message.updateDataModel;
  if (isObj(upd) && typeof upd.surfaceId === 'string') {
    const segs = typeof upd.path === 'string' ? segmentsOf(upd.path) : [];
    const shifted = upd.value === null && segs.length ? segs.slice(0, -1) : undefined;
    for (const e of typed) {
      if (e.done || e.surfaceId !== upd.surfaceId) continue;
      if (overlaps(segs, e.segments) || (shifted && overlaps(shifted, e.segments))) e.done = 'agent wrote the path';
    }
  }
  const del = message.deleteSurface;
  if (isObj(del)) for (const e of typed) if (!e.done && e.surfaceId === del.surfaceId) e.done = 'agent deleted the surface';
}

/** Runs the plan; resolves with every violated invariant (empty when the store behaved). */
export async function runPlan(plan: Plan, env: HarnessEnv, options: RunOptions = {}): Promise<{ violations: Violation[]; stats: RunStats }> {
  // The pieces loaded on first use are here before the stream: the invariants compare snapshots
  // taken at fixed points, and a piece arriving between two of them would look like a change.
  await Promise.all([preloadFunctions(), draftUpgrader.load()]);
  const violations: Violation[] = [];
  const v = (invariant: string, detail: string, at?: number) => violations.push({ invariant, detail, at });
  const protoBefore = prototypeSnapshot();
  env.takeUncaught();
  const rg = rig(options.createStore);
  const { store, out } = rg;
  const catalogs = new Set(store.catalogIds);

  loadSibling(rg, plan, violations);
  await options.hooks?.afterSibling?.(store);
  const siblingBefore = surfaceState(store.surface(SIBLING_ID)!);
  const siblingRender = render(store, SIBLING_ID, options.renderBudget).lines.join('\n');
  if (errorsIn(out).length) v('harness: the sibling seed renders without errors', canonical(errorsIn(out)).slice(0, 300));

  const typed: Typed[] = [];
  const badRoots = new Set<string>();
  let streamErrors = 0;
  let state = storeState(store);
  for (let i = 0; i <= plan.messages.length; i++) {
    const typing = plan.typing.filter((t) => t.at === i);
    for (const t of typing) type(rg, t, typed, violations, 'objects');
    if (typing.length) {
      rootsAreObjects(store, `after typing before message ${i}`, v, badRoots);
      state = storeState(store);
    }
    if (options.hooks?.beforeMessage) {
      await options.hooks.beforeMessage(i, store);
      state = storeState(store);
    }
    if (i === plan.messages.length) break;
    const pm = plan.messages[i];
    const verdict = judge(pm.wire, oracleState(store), catalogs);
    const message = parsed(pm.wire);
    const isCall = isObj(message) && Object.hasOwn(message, 'callRendererFunction');
    const n0 = out.length;
    try {
      feedOne(store, pm.wire);
    } catch (e) {
      v('no exception reaches the host', `process() threw ${describe(e)} [${pm.note}]`, i);
    }
    const emitted = out.slice(n0);
    const errs = errorsIn(emitted);
    streamErrors += errs.length;
    const after = storeState(store);
    if (isCall && verdict.verdict === 'either') {
      const replies = errs.length + emitted.filter((m) => 'rendererFunctionResponse' in m).length;
      if (replies !== 1) v('callRendererFunction gets exactly one reply', `${replies} replies [${pm.note}]`, i);
    } else {
      if (errs.length > 1) v('a rejected message produces exactly one error', `${errs.length} errors: ${errs.map((e) => ('error' in e ? e.error.code : '')).join(', ')} [${pm.note}]`, i);
      if (errs.length === 0 && verdict.verdict === 'reject') v('every rejected message produces an error', `no error for a message the spec rejects (${verdict.why}) [${pm.note}]`, i);
      if (errs.length > 0 && (verdict.verdict === 'accept' || i < plan.pristineUntil)) {
        v('valid messages are accepted', `${errs.map((e) => canonical(e)).join(' ').slice(0, 300)} (${verdict.why}) [${pm.note}]`, i);
      }
    }
    if (errs.length > 0 && after !== state) v('a rejected message leaves no trace', `state changed although the message was rejected: ${canonical(errs[0]).slice(0, 200)} [${pm.note}]`, i);
    if (errs.length === 0) agentWrote(message, typed);
    rootsAreObjects(store, `after message ${i} [${pm.note}]`, v, badRoots);
    state = after;
  }
  const finalState = state;

  // Render every fuzzed surface, then act like a user on everything that has an action.
  const acts: Array<Promise<unknown>> = [];
  let renderedNodes = 0;
  const renderAll = (phase: string) => {
    for (const sid of store.surfaceIds) {
      if (sid === SIBLING_ID) continue;
      const r = render(store, sid, options.renderBudget);
      renderedNodes += r.visited;
      for (const t of r.thrown) v('resolving a component never throws', `${phase}: ${t.where} threw ${describe(t.error)}`);
      if (phase === 'render') {
        for (const node of r.actionable.slice(0, Math.max(0, (options.maxActs ?? 30) - acts.length))) {
          try {
            const p = node.act();
            acts.push(
              p.then(
                (ok) => {
                  if (typeof ok !== 'boolean') v('act() resolves to a boolean', `${sid}/${node.id}: ${String(ok)}`);
                },
                (e) => v('no exception reaches the host', `act() on ${sid}/${node.id} rejected: ${describe(e)}`),
              ),
            );
          } catch (e) {
            v('no exception reaches the host', `act() on ${sid}/${node.id} threw: ${describe(e)}`);
          }
        }
      }
    }
  };
  renderAll('render');
  await env.drain();
  respond(rg, plan.responses, v);
  await env.drain();
  renderAll('re-render');
  await env.drain();
  await options.hooks?.beforeDispose?.(store);

  // The sibling: same records, same data, same rendering.
  const sibling = store.surface(SIBLING_ID);
  if (!sibling) v('an untouched sibling surface is unchanged', 'the sibling surface is gone');
  else {
    const now = surfaceState(sibling);
    if (now !== siblingBefore) v('an untouched sibling surface is unchanged', `state differs:\n  before ${siblingBefore.slice(0, 300)}\n  after  ${now.slice(0, 300)}`);
    const rendered = render(store, SIBLING_ID, options.renderBudget).lines.join('\n');
    if (rendered !== siblingRender) v('an untouched sibling surface renders exactly as before', firstDifference(siblingRender, rendered));
  }

  for (const e of typed) {
    if (e.done) continue;
    const s = store.surface(e.surfaceId);
    const now = s?.dataModel.get(e.pointer);
    if (!s || now !== e.value) v('typed values survive unless the agent wrote that path', `${e.surfaceId}${e.pointer}: typed ${JSON.stringify(e.value.slice(0, 40))}, now ${canonical(now).slice(0, 80)}`);
  }
  for (const m of out) for (const p of errorShapeProblems(m, SIBLING_ID)) v('errors carry a spec code and the spec shape', `${p}: ${canonical(m).slice(0, 200)}`);
  for (const m of errorsIn(out)) {
    // The store's last-resort catch: some limit or check should have named the problem first.
    if ('error' in m && /Internal renderer error/.test(m.error.message)) v('faults are named (no internal errors)', canonical(m).slice(0, 200));
  }
  if (rg.typedErrors.length !== errorsIn(out).length) v('every typed error goes out as one wire error', `${rg.typedErrors.length} onError vs ${errorsIn(out).length} wire errors`);
  for (const u of unsafeNavigations(rg.opened)) v('only http(s) URLs are opened', JSON.stringify(u));
  const pendingCalls = store.agentCalls.pendingIds.length;
  try {
    store.dispose();
  } catch (e) {
    v('no exception reaches the host', `dispose() threw ${describe(e)}`);
  }
  await Promise.race([Promise.all(acts), env.drain()]);
  await env.drain();

  if (options.jsonl !== false) await twin(plan, env, finalState, streamErrors, v, options.createStore);

  if (prototypeSnapshot() !== protoBefore) v('Object.prototype is never polluted', firstDifference(protoBefore, prototypeSnapshot()));
  for (const u of env.takeUncaught()) v('no exception reaches the host', `uncaught: ${describe(u)}`);
  const outbound: Record<string, number> = {};
  for (const m of out) {
    const kind = Object.keys(m).find((k) => k !== 'version') ?? '?';
    const key = 'error' in m ? `error:${m.error.code}` : kind;
    outbound[key] = (outbound[key] ?? 0) + 1;
  }
  return { violations, stats: { messages: plan.messages.length, streamErrors, renderedNodes, pendingCalls, typed: typed.length, outbound } };
}

/** Phase two: the agent answers (or fails to answer) the calls that rendering sent. */
function respond(rg: Rig, responses: readonly ResponseSpec[], v: (i: string, d: string) => void): void {
  const { store, out } = rg;
  const send = (body: Record<string, Json>, expectErrors: number, what: string) => {
    const n0 = out.length;
    try {
      store.process([{ version: '1.0', agentFunctionResponse: body }]);
    } catch (e) {
      v('no exception reaches the host', `agentFunctionResponse threw ${describe(e)}`);
    }
    const errs = errorsIn(out.slice(n0));
    const codesOk = errs.every((m) => 'error' in m && m.error.code === 'INVALID_FUNCTION_CALL');
    if (errs.length !== expectErrors || !codesOk) v('agentFunctionResponse: one INVALID_FUNCTION_CALL for an unknown call, none otherwise', `${what}: ${canonical(errs).slice(0, 200)}`);
  };
  for (const r of responses) {
    const pending = store.agentCalls.pendingIds.filter((id) => !id.startsWith(`${SIBLING_ID}.`));
    if (r.r === 'unknown') {
      if (!store.agentCalls.pendingIds.includes(r.id)) send({ functionCallId: r.id, value: 1 }, 1, `unknown id ${JSON.stringify(r.id)}`);
      continue;
    }
    if (!pending.length) continue;
    const id = pending[r.pick % pending.length];
    if (r.r === 'value') send({ functionCallId: id, value: materialize(r.value) }, 0, `value for ${id}`);
    else if (r.r === 'error') send({ functionCallId: id, error: { code: r.code, message: 'agent failed' } }, 0, `error for ${id}`);
    else if (r.r === 'errorPayload') send({ functionCallId: id, error: materialize(r.error) }, 0, `error payload for ${id}`);
    else {
      send({ functionCallId: id, value: null }, 0, `first answer for ${id}`);
      send({ functionCallId: id, value: null }, 1, `second answer for ${id}`);
    }
  }
}

