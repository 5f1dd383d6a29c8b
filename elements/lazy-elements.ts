/**
 * Component elements defined on first use: a tag registered with a loader here (see
 * {@link defineOnFirstUse}) renders as `<a2ui-placeholder>` until its module has arrived and
 * defined it, then as itself. Loaded once; a failed load is reported to the agent (EXECUTION_ERROR)
 * once per surface that waited, and those components show the `failed` fallback. The page goes on.
 *
 * @module
 */
import { Signal } from 'signal-polyfill';
import { lazyModule, type A2uiError, type ComponentNode, type LazyModule } from '../src/index.ts';
import { PLACEHOLDER_TAG } from './registry.ts';

interface Pending {
  readonly module: LazyModule<unknown>;
  /** Bumped when the load settles: slots showing the placeholder look again. */
  readonly settled: Signal.State<number>;
  failure?: A2uiError;
  /** The load was started and its settling is handled (once, however many nodes wait). */
  started?: boolean;
  /** Nodes that waited, reported to once the load fails. */
  readonly waiting: Set<ComponentNode>;
}

const pending = new Map<string, Pending>();

/**
 * Defines `tag` on first use by importing `load` (a module that defines it). `name` says what the
 * piece is in the error a failed load reports.
 */
export function defineOnFirstUse(tag: string, name: string, load: () => Promise<unknown>): void {
  if (!pending.has(tag)) pending.set(tag, { module: lazyModule(name, load), settled: new Signal.State(0), waiting: new Set() });
}

/**
 * The tag to render `node` with now: `tag` itself when it is defined (or not lazy), else the
 * placeholder, starting the load (reactive: re-evaluates when the load settles).
 */
export function readyTag(tag: string, node: ComponentNode): string {
  const p = pending.get(tag);
  if (!p || customElements.get(tag)) return tag;
  p.settled.get();
  if (p.failure) return PLACEHOLDER_TAG;
  p.waiting.add(node);
  if (!p.started) {
    p.started = true;
    void p.module.load().then(
      () => settle(p),
      (e: A2uiError) => {
        p.failure = e;
        settle(p);
      },
    );
  }
  return PLACEHOLDER_TAG;
}

/** Why `tag` could not be loaded, or undefined (reactive; the placeholder shows the `failed` fallback then). */
export function loadFailure(tag: string | undefined): A2uiError | undefined {
  const p = tag === undefined ? undefined : pending.get(tag);
  p?.settled.get();
  return p?.failure;
}

function settle(p: Pending): void {
  const surfaces = new Set<string>();
  for (const node of p.waiting) {
    // Once per surface, and only to surfaces still there.
    if (!p.failure || surfaces.has(node.surface.id) || node.store.peekSurface(node.surface.id) !== node.surface) continue;
    surfaces.add(node.surface.id);
    node.store.report(p.failure, node.surface.id);
  }
  p.waiting.clear();
  // Outside the computation that started the load: a microtask after it, or later.
  p.settled.set(p.settled.get() + 1);
}
