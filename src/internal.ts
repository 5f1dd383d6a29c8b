/**
 * The core's internal seam: what elements/, sandbox/, the core's own transports and tests reach in
 * a store that hosts do not (its surface registry and outbox, the inbound and user-input taps).
 * Not a package entry and not part of the host API (`src/index.ts`): a host never needs it, and it
 * may change in any release.
 */
export { storeInternals, type StoreInternals } from './store-internals.ts';
export { SurfaceRegistry } from './surface-registry.ts';
export { Outbox, type WireForm } from './outbox.ts';
