/**
 * The workloads for renderers driven by A2UI messages (ours with v1.0 or v0.9 input, the official
 * renderer with v0.9 input). Each page module supplies a {@link Renderer}; the floors (raw DOM,
 * vanilla custom elements) have their own hand-written versions in floor.ts.
 *
 * Every workload builds its payload fresh, mounts into a fresh container, measures only the
 * phase named by the metric, checks the visible result afterwards, and tears everything down.
 *
 * @module
 */
import * as M from '../workloads/messages.ts';
import { begin, check, profileEnd, profileStart, deepText, macrotask, renderTime, rendered, settled, watchFrames, watchPaint, type Times } from './timing.ts';

/** One store / processor with its surfaces. */
export interface Session {
  process(messages: unknown[]): void;
  /** Appends a surface element for `surfaceId` to `container`. */
  mount(surfaceId: string, container: HTMLElement): void;
  /** Starts counting element updates; the returned function stops and returns the count. */
  countUpdates(): () => number;
  /** Errors the renderer reported so far (agent-bound error messages, thrown errors). */
  errors(): string[];
  dispose(): void;
  /** Model text with `<a2ui-json>` blocks, applied progressively (renderers that have a text parser). */
  text?(): { push(chunk: string): void; end(): void };
}

export interface Renderer {
  session(proto: M.Proto): Session;
}

/**
 * What one run of a workload measured: named phases (script and painted times in ms), element
 * update counts, and notes (checks that failed without invalidating the times, such as a
 * renderer's documented limit).
 */
export interface RunResult {
  ms: Record<string, Times>;
  updates?: Record<string, number>;
  notes?: string[];
}

export type Params = Record<string, number>;

function container(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'bench-container';
  document.body.append(el);
  return el;
}

/** A session of `proto` that has processed `setup` and rendered surface `s` into a fresh container. */
async function mounted(r: Renderer, proto: M.Proto, setup: unknown[]): Promise<{ c: HTMLElement; s: Session }> {
  const c = container();
  const s = r.session(proto);
  s.process(setup);
  s.mount('s', c);
  await rendered(c);
  return { c, s };
}

/** Tears down; renderer errors fail the run, or become notes when `notes` is given. */
function finish(s: Session, c: HTMLElement, notes?: string[]): void {
  const errors = s.errors();
  s.dispose();
  c.remove();
  if (notes && errors.length) notes.push(`renderer reported: ${errors[0]}`);
  else check(errors.length === 0, `renderer reported errors: ${errors.slice(0, 3).join(' | ')}`);
}

/** The first `<input>` under `root`, through shadow roots. */
export function findInput(root: Element): HTMLInputElement {
  let found: HTMLInputElement | undefined;
  const visit = (n: Element | ShadowRoot): void => {
    for (let c = n.firstElementChild; c && !found; c = c.nextElementSibling) {
      if (c instanceof HTMLInputElement) found = c;
      else {
        if (c.shadowRoot) visit(c.shadowRoot);
        if (!found) visit(c);
      }
    }
  };
  visit(root);
  if (!found) throw new Error('no <input> rendered');
  return found;
}

/** Numbers n of every "Item n" shown under `root`, in document order. */
export function shownItems(root: Element): number[] {
  return [...deepText(root).matchAll(/Item (\d+)/g)].map((m) => Number(m[1]));
}

/** Adds `t` to `sum` (both phases). */
export function add(sum: Times, t: Times): void {
  sum.script += t.script;
  sum.painted += t.painted;
}

/**
 * Counts the frames that show more Texts under `container` than the frame before (a streaming
 * surface's showings) and what their rendering cost: from the frame's start (an animation-frame
 * callback that runs before the renderer's) to its layout (a ResizeObserver callback). A probe:
 * it counts the Texts in every frame.
 */
function watchShowings(container: HTMLElement): () => Record<string, number> {
  let last = 0;
  let start = 0;
  let frames = 0;
  let cost = 0;
  let maxCost = 0;
  const each: Record<string, number> = {};
  const texts = () => container.querySelector('a2ui-surface')?.shadowRoot?.querySelectorAll('a2ui-text').length ?? 0;
  const unwatch = watchFrames(
    () => (start = performance.now()),
    () => {
      const n = texts();
      if (n <= last) return;
      last = n;
      frames++;
      const ms = performance.now() - start;
      cost += ms;
      maxCost = Math.max(maxCost, ms);
      if (frames <= 6) Object.assign(each, { [`showing ${frames}: texts`]: n, [`showing ${frames}: ms`]: ms });
    },
  );
  return () => {
    unwatch();
    return { 'showing frames': frames, 'showing frames · ms to layout': cost, 'showing frames · longest ms': maxCost, ...each };
  };
}

export const workloads: Record<string, (r: Renderer, proto: M.Proto, p: Params) => Promise<RunResult>> = {
  async streamIn(r, proto, { components = 1000, messages = 100 }) {
    const data = M.streamIn(proto, 's', components, messages);
    const { c, s } = await mounted(r, proto, data.setup);
    const stop = s.countUpdates();
    const t0 = begin();
    for (const m of data.stream) {
      s.process([m]);
      await macrotask(); // the next message arrives in a later task, as from a network stream
    }
    const total = await renderTime(c, t0);
    const updates = stop();
    const shown = shownItems(c);
    check(shown.length === data.texts && shown[data.texts - 1] === data.texts - 1, `stream-in shows ${shown.length} of ${data.texts} texts`);
    finish(s, c);
    return { ms: { total }, updates: { total: updates } };
  },

  /**
   * A 1,000-component createSurface written as model text, one chunk per task. `first`: until the
   * frame that paints the first Text (found in that frame, just before its paint: watchPaint), and
   * how much of the text had arrived by then; `total`: until the last is painted; `one message`:
   * the same chunks, the finished message applied at the end. `detail` (probes) adds where the
   * first Text entered the DOM, and in `total` the frames that showed more Texts mid-stream and
   * what their rendering cost (from the frame's start to its layout); `bare` (probes) mounts no
   * surface element: the parser and the store alone.
   */
  async streamText(r, proto, { components = 1000, chunk = 64, only = 0, detail = 0, bare = 0 }) {
    const data = M.streamText(proto, 's', components, chunk);
    const firstText = M.itemText(0);
    const run = async (mode: 'first' | 'total' | 'one message') => {
      const c = container();
      const s = r.session(proto);
      if (!bare) s.mount('s', c);
      await rendered(c);
      const parser = mode === 'one message' ? undefined : s.text?.();
      if (mode !== 'one message' && !parser) throw new Error('this renderer has no text parser');
      let buffered = '';
      let bytes = 0;
      let painted: { bytes: number; at: number } | undefined;
      let inDom: { bytes: number; at: number } | undefined;
      const unwatch = mode === 'first' ? watchPaint(() => deepText(c).includes(firstText), () => (painted = { bytes, at: performance.now() })) : undefined;
      const showings = detail && mode !== 'first' ? watchShowings(c) : undefined;
      const t0 = begin();
      let pushing = 0;
      for (const piece of data.chunks) {
        const p0 = detail ? performance.now() : 0;
        if (parser) parser.push(piece);
        else buffered += piece;
        if (detail) pushing += performance.now() - p0;
        bytes += piece.length;
        await macrotask(); // the next chunk arrives in a later task, as from a network stream
        if (mode !== 'first') continue;
        if (!inDom && deepText(c).includes(firstText)) inDom = { bytes, at: performance.now() };
        if (painted) break;
      }
      const streamed = performance.now() - t0;
      if (mode === 'one message') s.process([JSON.parse(buffered.slice(buffered.indexOf('<a2ui-json>') + 11, buffered.indexOf('</a2ui-json>')))]);
      else if (mode === 'total') parser!.end();
      if (detail) pushing += performance.now() - t0 - streamed;
      let t: Times;
      if (mode === 'first') {
        if (!painted) await rendered(c);
        unwatch!();
        profileEnd();
        check(painted !== undefined, 'stream-text: the first text was never painted');
        t = { script: Math.min(inDom?.at ?? Infinity, painted!.at) - t0, painted: painted!.at - t0 };
      } else t = await renderTime(c, t0);
      const frames = detail && mode !== 'first' ? { ...showings?.(), 'in push / process ms': pushing, 'stream ms': streamed, 'end to painted ms': t.painted - streamed } : undefined;
      const shown = shownItems(c);
      if (bare) {
        finish(s, c);
        return { t, share: 0, inDom: 0, frames };
      }
      if (mode === 'first') check(shown[0] === 0, 'stream-text: the first text is not shown');
      else check(shown.length === data.texts && shown[data.texts - 1] === data.texts - 1, `stream-text shows ${shown.length} of ${data.texts} texts`);
      finish(s, c);
      return { t, share: (100 * (painted?.bytes ?? bytes)) / data.bytes, inDom: (100 * (inDom?.bytes ?? 0)) / data.bytes, frames };
    };
    // `only` (probes): 1 runs `total` alone, 2 `one message` alone.
    if (only) {
      const one = await run(only === 1 ? 'total' : 'one message');
      return { ms: { [only === 1 ? 'total' : 'one message']: one.t }, updates: one.frames };
    }
    const first = await run('first');
    const total = await run('total');
    const one = await run('one message');
    const extra = detail ? { 'first in the DOM at % of bytes': first.inDom, ...total.frames, ...Object.fromEntries(Object.entries(one.frames ?? {}).map(([k, v]) => [`one message: ${k}`, v])) } : {};
    return { ms: { first: first.t, total: total.t, 'one message': one.t }, updates: { 'first painted at % of bytes': first.share, ...extra } };
  },

  async onePath(r, proto, { components = 1000 }) {
    const data = M.onePath(proto, 's', components);
    const { c, s } = await mounted(r, proto, data.setup);
    check(shownItems(c).length === data.texts, 'one-path: initial render incomplete');
    const stop = s.countUpdates();
    const t0 = begin();
    s.process([data.update]);
    const update = await renderTime(c, t0);
    const updates = stop();
    const text = deepText(c);
    check(text.includes('changed') && !text.includes(`Item ${data.target} `), 'one-path: update not shown');
    finish(s, c);
    return { ms: { update }, updates: { update: updates } };
  },

  async typing(r, proto, { keystrokes = 200, texts = 50 }) {
    const { c, s } = await mounted(r, proto, M.typing(proto, 's', texts));
    const input = findInput(c);
    const keys = M.keystrokes(keystrokes);
    const stop = s.countUpdates();
    const total: Times = { script: 0, painted: 0 };
    profileStart(); // one profile over all keystrokes, not 200 small ones
    for (const key of keys) {
      const t0 = begin();
      input.value += key;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: key, inputType: 'insertText' }));
      add(total, await renderTime(c, t0));
    }
    profileEnd();
    const updates = stop();
    const tail = keys.join('').trim().slice(-20);
    const shownCount = deepText(c).split(tail).length - 1;
    check(shownCount >= texts, `typing: ${shownCount} of ${texts} texts show the typed value`);
    finish(s, c);
    return { ms: { total }, updates: { total: updates } };
  },

  /** `ops`: how many of the list operations follow the initial render (all by default; 0 for the initial phase alone). */
  async templateList(r, proto, { items = 1000, ops = M.LIST_OPS.length }) {
    const c = container();
    const s = r.session(proto);
    let list = M.listItems(0, items);
    const [create, ...rest] = M.templateList(proto, 's', list);
    s.process([create]);
    s.mount('s', c);
    await rendered(c);
    const ms: Record<string, Times> = {};
    const updates: Record<string, number> = {};
    const notes: string[] = [];
    const expectShown = (what: string) => {
      const shown = shownItems(c);
      const want = list.map((i) => Number(i.id.slice(1)));
      if (shown.length !== want.length || !shown.every((v, i) => v === want[i])) notes.push(`${what}: shows ${shown.length} items, expected ${want.length} in order`);
    };
    let stop = s.countUpdates();
    let t0 = begin();
    s.process(rest);
    ms.initial = await renderTime(c, t0);
    updates.initial = stop();
    expectShown('initial');
    for (const op of M.LIST_OPS.slice(0, ops)) {
      list = op.apply(list);
      const message = M.updateDataModel(proto, 's', '/items', structuredClone(list));
      stop = s.countUpdates();
      t0 = begin();
      s.process([message]);
      ms[op.name] = await renderTime(c, t0);
      updates[op.name] = stop();
      expectShown(op.name);
    }
    finish(s, c, notes);
    return { ms, updates, notes };
  },

  async formatHeavy(r, proto, { texts = 500 }) {
    const data = M.formatHeavy(proto, 's', texts);
    const { c, s } = await mounted(r, proto, data.setup);
    check(deepText(c).includes(data.expected(texts - 1, 'start')), 'formatString: initial render incomplete');
    const stop = s.countUpdates();
    const t0 = begin();
    s.process([data.update('next')]);
    const update = await renderTime(c, t0);
    const updates = stop();
    const text = deepText(c);
    check(text.includes(data.expected(0, 'next')) && text.includes(data.expected(texts - 1, 'next')) && !text.includes('start'), 'formatString: update not shown');
    finish(s, c);
    return { ms: { update }, updates: { update: updates } };
  },
};

/** Churn (workload 6) keeps its session between calls, so the harness can weigh the heap. */
let churnState: { s: Session; c: HTMLElement; proto: M.Proto; next: number } | undefined;

export const churn = {
  init(r: Renderer, proto: M.Proto): void {
    churnState = { s: r.session(proto), c: container(), proto, next: 0 };
  },
  /** Creates, renders and deletes `cycles` surfaces; returns the mean ms per cycle. */
  async run(cycles: number): Promise<number> {
    const st = churnState!;
    const t0 = performance.now();
    for (let i = 0; i < cycles; i++) {
      const id = `c${st.next++}`;
      st.s.process(M.churnSurface(st.proto, id));
      st.s.mount(id, st.c);
      await settled(st.c);
      if (i === 0) check(deepText(st.c).includes(id), `churn: surface ${id} not shown`);
      st.s.process([M.deleteSurface(st.proto, id)]);
      st.c.replaceChildren();
      await settled(st.c);
    }
    const errors = st.s.errors();
    check(errors.length === 0, `renderer reported errors: ${errors.slice(0, 3).join(' | ')}`);
    return (performance.now() - t0) / cycles;
  },
  dispose(): void {
    if (!churnState) return;
    churnState.s.dispose();
    churnState.c.remove();
    churnState = undefined;
  },
};

/**
 * Publishes `renderer` as `window.bench` under `name`, the API bench/browser.ts drives: every
 * workload, the churn phases, and any `extra` probes (ours adds the regex safety run).
 */
export function exposeBench(name: string, renderer: Renderer, extra: Record<string, unknown> = {}): void {
  Object.assign(window, {
    bench: {
      name,
      run: (workload: string, proto: M.Proto, params: Params) => workloads[workload](renderer, proto, params),
      churnInit: (proto: M.Proto) => churn.init(renderer, proto),
      churn: (cycles: number) => churn.run(cycles),
      churnDispose: () => churn.dispose(),
      ...extra,
    },
  });
}
