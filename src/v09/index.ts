/**
 * A2UI v0.9 / v0.9.1 support, kept out of the core bundle until imported.
 *
 * ```ts
 * import { A2uiStore } from 'a2ui-elements';
 * import { enableV09 } from 'a2ui-elements/v09';
 *
 * const store = new A2uiStore();
 * enableV09(store);                       // or enableV09() once, for every store
 * store.process({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_V09_CATALOG_ID } });
 * store.onMessage((m, meta) => send(m, meta)); // actions and errors of v0.9 surfaces go out as v0.9
 * ```
 *
 * How it works: the store reads the version of every envelope. `v0.9` and `v0.9.1` envelopes are
 * upgraded to v1.0 shape by this module (`{path}` → `{"@path"}`, `{call}` → `{"@call"}` in dynamic
 * positions, `checks` / `accessibility` → `@checks` / `@accessibility`) and applied by the v1.0 core;
 * the surface remembers version `0.9`, and a message of the other version for it is an error.
 * v1.0-only constructs in a v0.9 message are refused, one `error` per refused message. Outbound
 * `action` and `error` messages about v0.9 surfaces take the v0.9 shapes, and the data model rides
 * in `a2uiClientDataModel`. A v0.9 `theme` is kept in the surface metadata ({@link surfaceTheme}).
 *
 * @module
 */
import { registerProtocol } from '../protocols.ts';
import type { A2uiStore } from '../store.ts';
import { v09Adapter } from './adapter.ts';
import { BASIC_V09_CATALOG_ID, basicCatalogV09 } from './basic-catalog.ts';
import { setV09Options, type V09Options } from './options.ts';

/**
 * Turns on v0.9 / v0.9.1 streams: registers the protocol adapter (process-wide, idempotent). With a
 * store, also sets that store's {@link V09Options} and registers the v0.9 basic catalog in it (unless
 * `basicCatalog: false`); without one, every store gets the basic catalog when a v0.9 surface
 * first names it.
 */
export function enableV09(store?: A2uiStore, options: V09Options = {}): void {
  registerProtocol(v09Adapter);
  if (!store) return;
  setV09Options(store, options);
  if (options.basicCatalog !== false && !store.catalog(BASIC_V09_CATALOG_ID)) store.registerCatalog(basicCatalogV09());
}

export { v09Adapter } from './adapter.ts';
export { BASIC_V09_CATALOG_ID, basicCatalogV09, basicV09Functions } from './basic-catalog.ts';
export { v09CatalogDefinition } from './catalog.ts';
export { downgradeMessage, V09_WIRE_VERSION } from './downgrade.ts';
export { upgradeEnvelope, V09_SURFACE_VERSION } from './envelope.ts';
export { a2uiClientCapabilities, a2uiClientDataModel, inlineCatalog, type V09InlineCatalog } from './metadata.ts';
export type { V09Options } from './options.ts';
export { MAX_CALL_DEPTH } from './values.ts';
export { surfaceTheme, themeTokens, V09_THEME_EXTENSION, type V09Theme } from './theme.ts';
