/**
 * Other protocol versions plug in here: an adapter turns an inbound envelope of its version into
 * the v1.0 shape the store applies, and turns outbound messages for its surfaces back into its own
 * shape. v1.0 needs none; the draft v1.0 adapter is registered by the store, v0.9 support registers
 * one when enabled (kept out of the core bundle until imported).
 */
import type { Catalog, CatalogDefinition } from './catalog/catalog.ts';
import type { OutboundMessage } from './outbound.ts';
import type { Surface } from './surface.ts';

/** What an adapter reads while it upgrades an envelope: the store's surfaces and catalogs (an `A2uiStore` is one). */
export interface ProtocolHost {
  /** The surface with `id`, without tracking. */
  peekSurface(id: string): Surface | undefined;
  catalog(id: string): Catalog | undefined;
  registerCatalog(catalog: Catalog | CatalogDefinition): Catalog;
}

export interface ProtocolAdapter {
  /** Wire version strings it accepts, e.g. `["v0.9", "v0.9.1"]`. */
  readonly versions: readonly string[];
  /** The version surfaces created through it remember, e.g. `"0.9"`. */
  readonly surfaceVersion: string;
  /**
   * Converts one inbound envelope to v1.0 shape (`version: "1.0"`). Throws an A2uiError for
   * constructs its version does not allow.
   */
  upgrade(message: Record<string, unknown>, store: ProtocolHost): Record<string, unknown>;
  /** Converts an outbound v1.0 message about one of its surfaces; undefined drops it. */
  downgrade(message: OutboundMessage): OutboundMessage | undefined;
  /** Transport metadata key for the data model (`a2uiClientDataModel` for v0.9). */
  readonly dataModelKey?: string;
}

const adapters = new Map<string, ProtocolAdapter>();

/** Registers an adapter for its versions (process-wide: versions are properties of the wire). */
export function registerProtocol(adapter: ProtocolAdapter): void {
  for (const v of adapter.versions) adapters.set(v, adapter);
}

/** The adapter for a wire version string. */
export function protocolFor(version: unknown): ProtocolAdapter | undefined {
  return typeof version === 'string' ? adapters.get(version) : undefined;
}

/** The adapter whose surfaces carry `surfaceVersion`. */
export function protocolOfSurface(surfaceVersion: string): ProtocolAdapter | undefined {
  for (const a of adapters.values()) if (a.surfaceVersion === surfaceVersion) return a;
  return undefined;
}
