/**
 * The store's internal seam: what the core's own layers reach in a store and hosts do not — its
 * surface registry and outbox, showing a message to the inbound listeners without applying it (a
 * transport that applied it itself), and noting a user's input. Component nodes, the streaming
 * text transport and tests use it; it is not part of the host API (`src/index.ts`), and elements/
 * and sandbox/ get it through `src/internal.ts`.
 *
 * Kept beside the store rather than on it, so `A2uiStore`'s type is the host API alone. The map is
 * on a global symbol, so a second copy of the core (the inspector's script-tag file) finds the
 * internals of a store made by the first.
 */
import type { Outbox } from './outbox.ts';
import type { SurfaceRegistry } from './surface-registry.ts';
import type { UserInput } from './user-input.ts';

export interface StoreInternals {
  readonly surfaces: SurfaceRegistry;
  readonly outbox: Outbox;
  /** Shows a message to the store's `onInbound` listeners without applying it. */
  notifyInbound(message: unknown): void;
  /** Reports a user's write or gesture through a component to `onUserInput` (`make` runs only when someone listens). */
  noteUserInput(make: () => UserInput): void;
  /** True while messages are held waiting for code still loading. */
  holds(): boolean;
}

const KEY = Symbol.for('a2ui-elements.store-internals');
const byStore = ((globalThis as Record<symbol, unknown>)[KEY] ??= new WeakMap<object, StoreInternals>()) as WeakMap<object, StoreInternals>;

/** The internals of `store` (an `A2uiStore`). Throws a TypeError for anything else. */
export function storeInternals(store: object): StoreInternals {
  const internals = byStore.get(store);
  if (!internals) throw new TypeError('Not an A2uiStore');
  return internals;
}

/**
 * Notes a user's input through a component of `store` (see {@link StoreInternals.noteUserInput});
 * nothing for an object that is not an `A2uiStore` (a host's own node store).
 */
export function noteUserInput(store: object, make: () => UserInput): void {
  byStore.get(store)?.noteUserInput(make);
}

/** Called once by the store's constructor. */
export function bindInternals(store: object, internals: StoreInternals): void {
  byStore.set(store, internals);
}
