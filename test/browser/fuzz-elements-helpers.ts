/**
 * The browser side of the fuzz harness (issue 11): runs a planned stream (test/fuzz/) against a
 * store whose surfaces are all mounted as `<a2ui-surface>` elements, settling the elements before
 * messages, and checks what only a page can show (see {@link runMounted}). Not a test file itself.
 */
import { sendKeys } from '@web/test-runner-commands';
import { type A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader, preloadFunctions } from '../../src/internal.ts';
import { messageSurfaceId, preloadComponents, preloadIcons, preloadMarkdown, type A2uiElement, type A2uiSurfaceElement } from '../../elements/index.ts';
import { runPlan, type RunOptions, type RunStats, type Violation } from '../fuzz/harness.ts';
import { canonical } from '../fuzz/json.ts';
import { SIBLING_ID, type FuzzCase, type Plan } from '../fuzz/plan.ts';
import { prepareSeeds, type Seed } from '../fuzz/seeds.ts';
import { allElements, EXAMPLES, rendered } from './elements-helpers.ts';
import { focused as focusedElement, textOf } from './queries.ts';
import { describeValue, domText, expectedTree, fallbacks, settleAll, shownTree, treeDifference, unsafeMarkup } from './fuzz-elements-checks.ts';
import type { PageWatch } from './fuzz-elements-page.ts';
import { poke, textFields, typeInto } from './fuzz-elements-user.ts';

export { pageWatch, type PageWatch } from './fuzz-elements-page.ts';

const EXAMPLE_URL = (name: string) => `/__spec/v1_0-current/catalogs/basic/examples/${name}.json`;

/** The basic-catalog examples as seeds (sorted like the Node test's), or why they are missing. */
export async function loadSeeds(): Promise<Seed[] | string> {
  const examples: Array<{ name: string; messages: unknown }> = [];
  for (const name of [...EXAMPLES].sort()) {
    const res = await fetch(EXAMPLE_URL(name));
    if (!res.ok) return `example ${EXAMPLE_URL(name)} is not served (HTTP ${res.status}): shared/spec is absent`;
    examples.push({ name: `${name}.json`, messages: ((await res.json()) as { messages: unknown }).messages });
  }
  return prepareSeeds(examples);
}

/**
 * Where the elements settle, from the case: with an even number of JSONL split points before every
 * message; with an odd number only at those points (the messages between arrive as one batch).
 */
export function batches(c: FuzzCase, length: number): ((index: number) => boolean) | undefined {
  if (c.splits.length % 2 === 0) return undefined;
  const at = new Set(c.splits.map((p) => Math.floor((p * length) / 1000)));
  return (i) => at.has(i);
}

/** What the host does to the mounted elements around one message. */
export type LifecycleAct = 'none' | 'detach' | 'move' | 'swap' | 'yield';

/**
 * Host-side lifecycle moves, from the case: around some messages the elements are detached from
 * the document while the message is processed (re-attached before the next one), moved (removed and
 * re-appended at once), two of them swap `surface-id`s, or the message comes after a single
 * microtask instead of a full settle (parents updated, children still pending).
 */
export function lifecycle(c: FuzzCase): (index: number) => LifecycleAct {
  const acts: LifecycleAct[] = ['detach', 'move', 'swap', 'yield', 'none', 'none', 'none', 'none', 'none'];
  return (i) => (c.order.length ? acts[(c.order[i % c.order.length] * 7 + c.splits.length + i) % acts.length] : 'none');
}

export interface BrowserRunOptions {
  /** Type into the sibling's first TextField with real key presses (slow; otherwise `input` events). */
  realTyping?: boolean;
  /** Settle rounds before "still updating" is a violation. */
  rounds?: number;
  /**
   * Which messages the elements settle before (default all). Skipping some feeds several
   * messages to the elements in one batch, as a fast agent would.
   */
  settleBefore?: (index: number) => boolean;
  /**
   * Act on the fuzzed surfaces like a user at the end; data-writing acts only with `writes`
   * (default: writes when the plan types nothing, so the harness's typed values stay its own).
   */
  user?: { writes: boolean } | false;
  /** Host-side lifecycle moves around each message (default none). */
  lifecycle?: (index: number) => LifecycleAct;
  /** Builds the store under test (the self-tests register a catalog of faulty components). */
  createStore?: RunOptions['createStore'];
}

export interface BrowserStats extends RunStats {
  mounted: number;
  elements: number;
  fallbacks: number;
  siblingFields: number;
  pokes: number;
  events: number;
}

let markdownReady: Promise<unknown> | undefined;

/**
 * Runs `plan` through the harness (its store invariants, JSONL twin off) with every surface
 * mounted, and checks after settling: no failed or endless element update; no uncaught error,
 * unhandled rejection, console.error or dialog; no script-capable markup; each surface's element
 * tree shows exactly the components the store resolves; no error fallback, and each one reported
 * once; every outbound message of a mounted surface dispatched once as `a2ui-message`; the sibling
 * (typed into through its inputs first, focus left in one) keeps its DOM, its typed values and
 * its focus.
 */
export async function runMounted(plan: Plan, watch: PageWatch, options: BrowserRunOptions = {}): Promise<{ violations: Violation[]; stats: BrowserStats }> {
  // Every lazy piece up front: one arriving mid-run would change a sibling's DOM (an icon's path, a formatted date).
  await (markdownReady ??= Promise.all([preloadMarkdown(), preloadIcons(), preloadComponents(), preloadFunctions(), draftUpgrader.load()]));
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const v = (invariant: string, detail: string, at?: number) => violations.push({ invariant, detail, at });
  /** Once per invariant and detail: a fault that persists is reported where it appears. */
  const once = (invariant: string, detail: string, at?: number) => seen.has(invariant + detail) || (seen.add(invariant + detail), v(invariant, detail, at));
  const container = document.createElement('div');
  document.body.append(container);
  const mounted = new Map<string, A2uiSurfaceElement>();
  const out: OutboundMessage[] = [];
  const expectedEvents: OutboundMessage[] = [];
  const events = new Map<OutboundMessage, { message: number; action: number }>();
  const onEvent = (kind: 'message' | 'action') => (e: Event) => {
    const m = (e as CustomEvent<{ message: OutboundMessage }>).detail.message;
    const n = events.get(m) ?? { message: 0, action: 0 };
    n[kind]++;
    events.set(m, n);
  };
  container.addEventListener('a2ui-message', onEvent('message'));
  container.addEventListener('a2ui-action', onEvent('action'));
  const typed: Array<{ key: string; pointer: string; stored: string; shown: string }> = [];
  let focused: Element | undefined;
  let siblingDom = '';
  let elements = 0;
  let pokes = 0;
  let store: A2uiStore | undefined;
  const seenFallbacks = new Map<A2uiElement, string>();

  const mount = (id: string) => {
    if (!store || mounted.has(id)) return;
    const el = document.createElement('a2ui-surface');
    el.store = store;
    el.surfaceId = id;
    container.append(el);
    mounted.set(id, el);
  };
  /** Puts detached surface elements back (in mount order). */
  const reattach = () => {
    for (const el of mounted.values()) if (!el.isConnected) container.append(el);
  };
  const swap = (a: string, b: string) => {
    const ea = mounted.get(a)!;
    const eb = mounted.get(b)!;
    ea.surfaceId = b;
    eb.surfaceId = a;
    mounted.set(a, eb);
    mounted.set(b, ea);
  };
  const settle = async (when: string, at?: number) => {
    for (const p of await settleAll(container, options.rounds)) v('elements settle without failing', `${when}: ${p}`, at);
    for (const el of fallbacks(container)) if (!seenFallbacks.has(el)) seenFallbacks.set(el, `${el.node!.surface.id}/${el.node!.id} (${el.node!.record?.type})`);
    for (const u of unsafeMarkup(container)) once('no script-capable markup reaches the page', u, at);
    for (const [id, el] of mounted) {
      const expected = expectedTree(store!, id);
      const difference = expected && treeDifference(expected, shownTree(el));
      if (difference) once('the elements show exactly the components the store resolves', `${when}, surface ${JSON.stringify(id.slice(0, 40))}: ${difference}`, at);
    }
  };

  watch.start();
  let run: Awaited<ReturnType<typeof runPlan>> | undefined;
  try {
    run = await runPlan(plan, watch.env, {
      // The JSONL twin is a store-only check (Node runs it); here it would not see the typed sibling.
      jsonl: false,
      createStore: options.createStore,
      hooks: {
        afterSibling: async (s) => {
          store = s;
          s.onMessage((m) => {
            out.push(m);
            const sid = messageSurfaceId(m);
            if (sid !== undefined && mounted.get(sid)?.isConnected) expectedEvents.push(m);
          });
          // The sibling and every surface the plan names are mounted before any of them exists.
          mount(SIBLING_ID);
          for (const id of plan.facts.surfaces) mount(id);
          await settle('sibling mounted');
          const sibling = mounted.get(SIBLING_ID)!;
          let k = 0;
          for (const f of textFields(sibling)) {
            const text = f.input.type === 'number' ? String(40 + k) : `typed ${k} é/~`;
            f.input.focus();
            if (options.realTyping && k === 0 && f.input.type !== 'number') {
              f.input.select();
              await sendKeys({ type: text });
            } else typeInto(f.input, text);
            focused = f.input;
            k++;
            await settle('typing into the sibling');
          }
          // Recorded after all typing: two fields may share a path.
          for (const f of textFields(sibling)) {
            typed.push({ key: f.key, pointer: f.pointer, stored: canonical(s.surface(SIBLING_ID)?.dataModel.get(f.pointer)), shown: f.input.value });
          }
          await settle('sibling typed');
          siblingDom = domText(sibling);
        },
        beforeMessage: async (i, s) => {
          reattach();
          for (const id of s.surfaceIds) mount(id);
          const last = i === plan.messages.length;
          const act = last ? 'none' : (options.lifecycle?.(i) ?? 'none');
          if (act === 'yield') {
            await Promise.resolve();
            return;
          }
          if (!last && options.settleBefore && !options.settleBefore(i)) return;
          await settle(last ? 'after the last message' : `before message ${i}`, last ? undefined : i);
          const fuzzed = [...mounted.keys()].filter((id) => id !== SIBLING_ID);
          if (act === 'detach') for (const id of fuzzed) mounted.get(id)!.remove();
          if (act === 'move' && fuzzed.length) container.append(mounted.get(fuzzed[i % fuzzed.length])!);
          if (act === 'swap' && fuzzed.length >= 2) swap(fuzzed[i % fuzzed.length], fuzzed[(i + 1) % fuzzed.length]);
        },
        beforeDispose: async (s) => {
          reattach();
          await settle('after the responses');
          const sibling = mounted.get(SIBLING_ID)!;
          if (focused && focusedElement() !== focused) v('the fuzzed surfaces never take focus from the sibling', `focus is on ${describeValue(focusedElement()?.localName)}`);
          const user = options.user ?? { writes: plan.typing.length === 0 };
          if (user) {
            const fuzzed = [...mounted.entries()].filter(([id]) => id !== SIBLING_ID).map(([, el]) => el);
            pokes = await poke(fuzzed, out, user.writes, (when) => settle(when), v);
          }
          const now = domText(sibling);
          if (now !== siblingDom) v('the untouched sibling renders exactly as before (DOM)', firstLineDifference(siblingDom, now));
          const fields = new Map(textFields(sibling).map((f) => [f.key, f]));
          for (const t of typed) {
            const f = fields.get(t.key);
            const stored = canonical(s.surface(SIBLING_ID)?.dataModel.get(t.pointer));
            if (stored !== t.stored) v('what was typed into the sibling is still in its data model', `${t.key} ${t.pointer}: ${t.stored} then, ${stored} now`);
            if (!f) v('what was typed into the sibling is still shown', `${t.key} is no longer rendered`);
            else if (f.input.value !== t.shown) v('what was typed into the sibling is still shown', `${t.key}: showed ${JSON.stringify(t.shown)}, now ${JSON.stringify(f.input.value)}`);
          }
          elements = allElements(container).length;
          checkFallbacks(seenFallbacks, out, v);
          checkEvents(expectedEvents, events, v);
        },
      },
    });
  } catch (e) {
    v('the harness completes', describeValue(e));
  } finally {
    container.remove();
    await settleAll(document.body, 5);
    await new Promise((r) => setTimeout(r, 0));
    watch.stop();
  }
  for (const u of watch.env.takeUncaught()) v('no exception reaches the page', describeValue(u));
  for (const args of watch.consoleErrors.splice(0)) v('nothing is logged with console.error', args.map(describeValue).join(' '));
  for (const d of watch.dialogs.splice(0)) v('no dialog or window is opened', d);
  const stats = run?.stats ?? { messages: plan.messages.length, streamErrors: 0, renderedNodes: 0, pendingCalls: 0, typed: 0, outbound: {} };
  return {
    violations: [...(run?.violations ?? []), ...violations],
    stats: { ...stats, mounted: mounted.size, elements, fallbacks: seenFallbacks.size, siblingFields: typed.length, pokes, events: expectedEvents.length },
  };
}

/** No element shows an error fallback; each one that did was reported once (grouped by component). */
function checkFallbacks(seen: ReadonlyMap<A2uiElement, string>, out: readonly OutboundMessage[], v: (i: string, d: string) => void): void {
  const errors = out.flatMap((m) => ('error' in m ? [m.error] : []));
  const groups = new Map<string, { surfaceId: string; id: string; what: string; n: number }>();
  for (const [el, what] of seen) {
    const key = `${el.node!.surface.id}\u0000${el.node!.id}`;
    const g = groups.get(key) ?? { surfaceId: el.node!.surface.id, id: el.node!.id, what, n: 0 };
    g.n++;
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const m = errors.filter((e) => e.surfaceId === g.surfaceId && e.message.includes(`'${g.id}'`) && /failed to render|No element is registered/.test(e.message)).length;
    if (m !== g.n) v('every error fallback is reported to the agent once', `${g.what}: ${g.n} fallback element(s), ${m} error(s) naming it`);
  }
  if (seen.size) {
    const list = [...seen.entries()].map(([el, what]) => `${what}: ${rendered(el, '[part="error"]').map((e) => textOf(e))[0]}`);
    v('no element shows an error fallback', list.slice(0, 5).join('; '));
  }
}

/** Each outbound message of a mounted surface went out once as `a2ui-message` (actions also as `a2ui-action`). */
function checkEvents(expected: readonly OutboundMessage[], events: ReadonlyMap<OutboundMessage, { message: number; action: number }>, v: (i: string, d: string) => void): void {
  const want = new Set(expected);
  for (const m of expected) {
    const n = events.get(m) ?? { message: 0, action: 0 };
    const actions = 'action' in m ? 1 : 0;
    if (n.message !== 1 || n.action !== actions) {
      v('every outbound message of a mounted surface is dispatched once from its element', `${n.message} a2ui-message, ${n.action} a2ui-action for ${canonical(m).slice(0, 160)}`);
      return;
    }
  }
  for (const m of events.keys()) {
    if (!want.has(m)) {
      v('every outbound message of a mounted surface is dispatched once from its element', `dispatched although no mounted surface owns it: ${canonical(m).slice(0, 160)}`);
      return;
    }
  }
}

/** The first differing line of two texts, with a line of context. */
export function firstLineDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const show = (l: string[]) => l.slice(Math.max(0, i - 1), i + 2).map((s) => s.slice(0, 200)).join(' ⏎ ');
  return `line ${i}:\n  before ${show(x)}\n  after  ${show(y)}`;
}
