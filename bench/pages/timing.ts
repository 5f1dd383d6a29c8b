/**
 * In-page timing helpers shared by every implementation.
 *
 * "Rendered" means: every pending update has run (Lit updates and signal effects are microtasks,
 * waited for without yielding to the event loop), no element under the container still has an
 * update pending, and the next frame has been painted. See {@link renderTime} for how the idle wait for that frame
 * is left out (otherwise every sample would be rounded up to the 16.7 ms frame grid).
 *
 * @module
 */

const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Resolves in a fresh macrotask (all microtasks queued before have run). */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

/** Whether the harness asked for CPU profiles of the measured phases (`--profile`). */
const profiling = (): boolean => (globalThis as { __benchProfile?: boolean }).__benchProfile === true;

let profileDepth = 0;

/** Starts a CPU profile when profiling (nested calls extend the outermost one). */
export function profileStart(): void {
  if (profiling() && profileDepth++ === 0) console.profile('bench-phase');
}

/** Ends the profile started by the matching {@link profileStart}. */
export function profileEnd(): void {
  if (profiling() && profileDepth > 0 && --profileDepth === 0) console.profileEnd('bench-phase');
}

/** Starts a measured phase: returns its start time (and starts a CPU profile when profiling). */
export function begin(): number {
  profileStart();
  return performance.now();
}

/** Two animation frames: the current content has been painted. */
export function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Calls `onStart` at the start of every frame (an animation-frame callback that runs before the
 * ones requested during the tasks since the last frame) and `onLayout` after the frame's
 * animation-frame callbacks, style and layout, just before its paint (a ResizeObserver callback:
 * a 1-pixel fixed element changes width in every frame so that the observer is called in each).
 * Returns a function that stops it.
 */
export function watchFrames(onStart: () => void, onLayout: () => void): () => void {
  const probe = document.createElement('div');
  probe.style.cssText = 'position: fixed; left: 0; top: 0; height: 1px; width: 1px; pointer-events: none';
  document.body.append(probe);
  const observer = new ResizeObserver(onLayout);
  observer.observe(probe);
  let frame = 0;
  const tick = () => {
    frame = requestAnimationFrame(tick);
    probe.style.width = probe.style.width === '1px' ? '2px' : '1px';
    onStart();
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    probe.remove();
  };
}

/**
 * Watches for the first frame that paints what `shown()` checks for: it is asked in every frame
 * just before the paint (see {@link watchFrames}); `onPaint` runs in the first frame it holds in.
 */
export function watchPaint(shown: () => boolean, onPaint: () => void): () => void {
  let done = false;
  return watchFrames(
    () => {},
    () => {
      if (done || !shown()) return;
      done = true;
      onPaint();
    },
  );
}

/** Every element under `root`, through open shadow roots. */
export function walk(root: Element | ShadowRoot, visit: (el: Element) => boolean | void): boolean {
  const stack: Array<Element | ShadowRoot> = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof Element) {
      if (visit(node)) return true;
      if (node.shadowRoot) stack.push(node.shadowRoot);
    }
    for (let c = node.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
  }
  return false;
}

/** Forces style and layout of the document. */
export function layout(el: Element): void {
  el.getBoundingClientRect();
  void document.body.offsetHeight;
}

/** Time of one measured phase: until the updates were applied, and until they were painted. */
export interface Times {
  /** From `t0` until no update is pending (script: processing, rendering, DOM writes). */
  script: number;
  /** `script` plus the main-thread work of the frame that painted the result. */
  painted: number;
}

/**
 * Waits until everything under `container` is rendered and painted, and returns how long that
 * took since `t0`, without the idle wait for the frame: the time until the updates were applied,
 * plus the main-thread work of the frame that painted them (animation-frame callbacks, style,
 * layout, paint), measured from the frame's start to a task posted from its rAF callback.
 */
export async function renderTime(container: Element, t0: number): Promise<Times> {
  const done = await settled(container);
  const late = () => pendingElements(container).length > 0;
  const frame = await new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const start = performance.now();
      layout(container); // in case nothing else asked for it this frame
      macrotask().then(() => resolve(performance.now() - start));
    }),
  );
  if (late()) throw new Error('an update was still pending after the frame (settle missed it)');
  // A user-timing span over the measured phase, for traces (bench/README.md, profiling).
  performance.measure('bench-phase', { start: t0, end: performance.now() });
  performance.measure('bench-script', { start: t0, end: done });
  profileEnd();
  return { script: done - t0, painted: done - t0 + frame };
}

/** The (Lit) elements under `root` with an update pending. */
export function pendingElements(root: Element): Array<{ updateComplete: Promise<unknown> }> {
  const out: Array<{ updateComplete: Promise<unknown> }> = [];
  walk(root, (el) => {
    if ((el as { isUpdatePending?: boolean }).isUpdatePending === true) out.push(el as unknown as { updateComplete: Promise<unknown> });
  });
  return out;
}

/** Microtask turns drained before looking for pending updates (signal effects hop a few). */
const DRAIN = 50;

/**
 * Waits, in microtasks only (so no frame can run in between), until no update is pending under
 * `container`, and returns the time that was reached, minus the time spent looking for pending
 * elements. Lit updates and signal effects are microtasks, so this sees all of a renderer's work.
 */
export async function settled(container: Element): Promise<number> {
  let overhead = 0;
  // A renderer may hold updates for the next animation frame (ours, while messages keep coming);
  // awaiting its element's updateComplete asks for them now, in microtasks like the rest.
  const top = container.firstElementChild as { updateComplete?: Promise<unknown> } | null;
  for (let round = 0; round < 100_000; round++) {
    await top?.updateComplete;
    for (let i = 0; i < DRAIN; i++) await Promise.resolve();
    const w0 = performance.now();
    const pending = pendingElements(container);
    if (!pending.length) return w0 - overhead;
    overhead += performance.now() - w0;
    await Promise.all(pending.map((e) => e.updateComplete));
  }
  throw new Error('renderer did not settle');
}

/** Waits until everything under `container` is rendered and painted (nothing measured). */
export async function rendered(container: Element): Promise<void> {
  await renderTime(container, performance.now());
}

/** The visible text under `root` (through shadow roots), whitespace collapsed. */
export function deepText(root: Element): string {
  const parts: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.nodeValue ?? '');
    if (node instanceof HTMLStyleElement || node instanceof HTMLSlotElement) return;
    if (node instanceof Element && node.shadowRoot) visit(node.shadowRoot);
    for (let c = node.firstChild; c; c = c.nextSibling) visit(c);
  };
  visit(root);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Fails the run (the harness reports it) when a renderer did not show what it should. */
export function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`check failed: ${message}`);
}
