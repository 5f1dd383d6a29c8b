/**
 * The core's internal seam: what elements/, sandbox/, the core's own transports and tests need
 * beyond the host API (`src/index.ts`) — a store's internals (its surface registry and outbox, the
 * inbound and user-input taps). Not a package entry: a host never needs it, and it may change in
 * any release.
 */
export { storeInternals, type StoreInternals } from './store-internals.ts';
export { SurfaceRegistry } from './surface-registry.ts';
export { Outbox, type WireForm } from './outbox.ts';
