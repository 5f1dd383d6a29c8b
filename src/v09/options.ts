/** Per-store v0.9 options (the adapter itself is process-wide: versions are properties of the wire). */
import type { ProtocolHost } from '../protocols.ts';
import type { A2uiStore } from '../store.ts';

/** How a store treats v0.9 streams. */
export interface V09Options {
  /**
   * Validator mode: every updateComponents must leave a complete tree (root present, no
   * dangling, circular or unreachable components), and schema failures read
   * "Validation failed for component …". Default false: trees may arrive progressively.
   */
  strict?: boolean;
  /**
   * Register the v0.9 basic catalog the first time a v0.9 surface names it (default true), as the
   * store has the v1.0 basic catalog built in. False: only catalogs the host registers are used.
   */
  basicCatalog?: boolean;
}

const DEFAULTS: Required<V09Options> = { strict: false, basicCatalog: true };
const byStore = new WeakMap<object, Required<V09Options>>();

/** Sets the options of one store (unset keys keep their defaults). */
export function setV09Options(store: A2uiStore, options: V09Options): void {
  byStore.set(store, { ...DEFAULTS, ...byStore.get(store), ...options });
}

/** The options of a store. */
export function v09Options(store: ProtocolHost): Required<V09Options> {
  return byStore.get(store) ?? DEFAULTS;
}
