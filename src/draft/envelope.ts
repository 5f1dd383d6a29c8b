/**
 * The draft v1.0 adapter's inbound half (adapter.ts has the rules it follows), loaded with the
 * first draft message: one draft envelope rewritten to the current v1.0 wire.
 */
import { BASIC_CATALOG_ID } from '../catalog/basic.ts';
import { isObject } from '../json.ts';
import type { ProtocolHost } from '../protocols.ts';
import { DRAFT_BASIC_ALIAS } from './versions.ts';
import { upgradeMessage } from './upgrade.ts';

/** Rewrites one draft envelope to the current v1.0 wire. */
export function upgradeDraftEnvelope(message: Record<string, unknown>, store: ProtocolHost): Record<string, unknown> {
  const catalogs = new Map<string, string | undefined>();
  for (const body of Object.values(message)) {
    if (!isObject(body) || typeof body.surfaceId !== 'string') continue;
    const surface = store.peekSurface(body.surfaceId);
    if (surface) catalogs.set(surface.id, surface.catalogId);
  }
  const options = {
    draftBindings: true,
    declaredProperties: (catalogId: string | undefined, type: string) => (catalogId === undefined ? undefined : store.catalog(alias(catalogId, store))?.component(type)?.properties),
  };
  const out = upgradeMessage(message, options, catalogs) as Record<string, unknown>;
  if (isObject(out.createSurface)) {
    const { theme: _dropped, ...body } = out.createSurface;
    if (typeof body.catalogId === 'string') body.catalogId = alias(body.catalogId, store);
    out.createSurface = body;
  }
  for (const key of ['createSurface', 'updateComponents'] as const) {
    const body = out[key];
    if (isObject(body) && Array.isArray(body.components)) out[key] = { ...body, components: body.components.map((c) => aliasCatalogs(c, store, 0)) };
  }
  if (isObject(out.callRendererFunction)) out.callRendererFunction = aliasCatalogs(out.callRendererFunction, store, 0);
  return out;
}

/** The catalog id `id` stands for on a draft surface. */
function alias(id: string, store: ProtocolHost): string {
  return id === DRAFT_BASIC_ALIAS && !store.catalog(DRAFT_BASIC_ALIAS) ? BASIC_CATALOG_ID : id;
}

/** Rule 3 on a component: its `@catalogId` and the `catalogId` of every call in it. */
function aliasCatalogs(value: unknown, store: ProtocolHost, depth: number): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => aliasCatalogs(v, store, depth + 1));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const named = (depth === 0 && k === '@catalogId') || (k === 'catalogId' && typeof value['@call'] === 'string');
    Object.defineProperty(out, k, { value: named && typeof v === 'string' ? alias(v, store) : aliasCatalogs(v, store, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
