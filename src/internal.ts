/**
 * The core's internal seam: what elements/, sandbox/, the core's own transports and tests need
 * beyond the host API (`src/index.ts`) — a store's internals (its surface registry and outbox, the
 * inbound and user-input taps). Not a package entry: a host never needs it, and it may change in
 * any release.
 */
export { storeInternals, type StoreInternals } from './store-internals.ts';
export { SurfaceRegistry } from './surface-registry.ts';
export { Outbox, type WireForm } from './outbox.ts';
// The pieces the script-tag file loads on first use, and their loader (src/lazy.ts): what the
// elements, the sandbox, the build's entries and the tests reach; a host waits with `store.settled()`.
export { lazyModule, loadError, afterFailedLoad, LoadPending, onLoadFailure, type LazyModule } from './lazy.ts';
export { PIECES } from './pieces.ts';
export { regexChecker } from './functions/basic/regex.ts';
export { basicValidators, dateFormatter, numberFunctions, preloadFunctions, templateFormatter } from './functions/basic/index.ts';
export { functionCallHandlers } from './rpc/on-demand.ts';
export { schemaValidator, schemaExplainer } from './schema/validate.ts';
export { draftUpgrader } from './draft/adapter.ts';
