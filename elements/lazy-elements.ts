/**
 * Component elements defined on first use: a tag registered with a loader here (see
 * {@link defineOnFirstUse}) renders as `<a2ui-placeholder>` until its module has arrived and
 * defined it, then as itself. Loaded once; a failed load is reported to the agent (EXECUTION_ERROR)
 * once per surface that waited, and those components show the `failed` fallback. The page goes on.
 *
 * @module
 */
import { Signal } from 'signal-polyfill';
import type { A2uiError, A2uiStore, ComponentNode } from '../src/index.ts';
import { lazyModule, type LazyModule } from '../src/internal.ts';
import { PLACEHOLDER_TAG, tagsForType } from './registry.ts';

interface Pending {
  readonly module: LazyModule<unknown>;
  /** Bumped when the load settles: slots showing the placeholder look again. */
  readonly settled: Signal.State<number>;
  failure?: A2uiError;
  /** The load was started and its settling is handled (once, however many nodes wait). */
  started?: boolean;
  /** Nodes that waited, reported to once the load fails. */
  readonly waiting: Set<ComponentNode>;
  /** Surfaces told of the failure (once each), also those whose nodes came after it. */
  readonly told: WeakSet<object>;
}

const pending = new Map<string, Pending>();
/** How many tags of `pending` have not started loading. */
let unstarted = 0;

/**
 * Defines `tag` on first use by importing `load` (a module that defines it). `name` says what the
 * piece is in the error a failed load reports.
 */
export function defineOnFirstUse(tag: string, name: string, load: () => Promise<unknown>): void {
  if (pending.has(tag)) return;
  unstarted++;
  pending.set(tag, { module: lazyModule(name, load), settled: new Signal.State(0), waiting: new Set(), told: new WeakSet() });
}

/**
 * Starts loading the elements of the component types a message names, the moment it arrives (not
 * when its parent renders): a surface that arrives whole then waits one round trip for them, not
 * one per level of the tree. For every store a `<a2ui-surface>` shows.
 */
export function loadNamedTypes(store: A2uiStore): void {
  if (watched.has(store)) return;
  watched.add(store);
  store.onInbound((message) => {
    // Once every lazy tag is loading or loaded, messages need no scan (the common case: a hot path).
    if (unstarted === 0) return;
    const body = (message as { updateComponents?: { components?: unknown }; createSurface?: { components?: unknown } } | null) ?? {};
    const list = body.updateComponents?.components ?? body.createSurface?.components;
    if (!Array.isArray(list)) return;
    for (const c of list) {
      const type = (c as { component?: unknown } | null)?.component;
      if (typeof type !== 'string') continue;
      for (const tag of tagsForType(type)) start(tag);
    }
  });
}

const watched = new WeakSet<A2uiStore>();

/** Starts the load of a pending `tag` (once; its settling is handled by the nodes that render it). */
function start(tag: string): void {
  const p = pending.get(tag);
  if (!p || p.started || p.failure) return;
  p.started = true;
  unstarted--;
  // Defined by an entry that bundles it (the script-tag file's first load): nothing to fetch.
  if (typeof customElements !== 'undefined' && customElements.get(tag)) return;
  void p.module.load().then(
    () => settle(p),
    (e: A2uiError) => {
      p.failure = e;
      settle(p);
    },
  );
}

/**
 * The tag to render `node` with now: `tag` itself when it is defined (or not lazy), else the
 * placeholder, starting the load (reactive: re-evaluates when the load settles).
 */
export function readyTag(tag: string, node: ComponentNode): string {
  const p = pending.get(tag);
  if (!p || customElements.get(tag)) return tag;
  p.settled.get();
  if (p.failure) {
    // The load may have failed before this node rendered (it starts when a message names the type);
    // told after this render, not inside it.
    queueMicrotask(() => tell(p, node));
    return PLACEHOLDER_TAG;
  }
  p.waiting.add(node);
  start(tag);
  return PLACEHOLDER_TAG;
}

/** Why `tag` could not be loaded, or undefined (reactive; the placeholder shows the `failed` fallback then). */
export function loadFailure(tag: string | undefined): A2uiError | undefined {
  const p = tag === undefined ? undefined : pending.get(tag);
  p?.settled.get();
  return p?.failure;
}

function settle(p: Pending): void {
  if (p.failure) for (const node of p.waiting) tell(p, node);
  p.waiting.clear();
  // Outside the computation that started the load: a microtask after it, or later.
  p.settled.set(p.settled.get() + 1);
}

/** Reports `p`'s failed load to `node`'s surface, once per surface and only while it is there. */
function tell(p: Pending, node: ComponentNode): void {
  const surface = node.surface;
  if (p.told.has(surface) || node.store.peekSurface(surface.id) !== surface) return;
  p.told.add(surface);
  node.store.report(p.failure!, surface.id);
}
