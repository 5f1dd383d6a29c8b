/**
 * The draft-v1.0 protocol adapter, on by default: envelopes that say `"version": "v1.0"` (the
 * published draft of v1.0, which today's models and the official SDK's compiler emit) are
 * rewritten to the current v1.0 wire and applied by the core. The surface remembers it was created
 * in draft form ({@link DRAFT_SURFACE_VERSION}); a current-form message to it, or a draft message
 * to a current-form surface, is an error, as with v0.9. The rules accepted for draft input:
 *
 * 1. `{"path": …}` in a dynamic position is a binding (`@path`), `{"call": …}` a function call
 *    (`@call`; a wire `returnType` / `allowedCallers` is dropped), in component properties, check
 *    conditions, accessibility attributes, action contexts, `userMessage`, `functionCall` and
 *    `callRendererFunction.callFunction`; ChildList templates keep their plain `path`
 *    (`upgrade.ts`).
 * 2. Bare `checks`, `accessibility`, `metadata`, `catalogId` at a component's root are the envelope
 *    keys, unless the component's schema declares a property of that name (the evolution guide's
 *    transition rule; a component with both the bare and the `@` key is refused).
 * 3. `catalogId: "basic"` (on `createSurface`, a component or a function call) names the basic
 *    catalog, unless the host registered a catalog whose id is literally `basic`.
 * 4. Component ids (and child references) may be any non-empty string of at most 256 characters,
 *    as the draft's `ComponentId` (a plain string) allowed: `booking-title`, `1st_item`. They are
 *    kept verbatim, so an action's `sourceComponentId` is the agent's own id. Current-form surfaces
 *    keep the UAX #31 rule.
 * 5. A `theme` on `createSurface` is dropped (the evolution guide: "relaxed renderers drop it").
 *
 * Answers about draft surfaces (and refusals of draft messages) are in draft form: `"version":
 * "v1.0"`, and a `callAgentFunction` writes its call as `{"call", "args", "catalogId"}`; the data
 * model travels in `a2uiRendererDataModel` with `"version": "v1.0"`.
 *
 * @module
 */
import { BASIC_CATALOG_ID } from '../catalog/basic.ts';
import { isObject } from '../json.ts';
import type { ProtocolAdapter, ProtocolHost } from '../protocols.ts';
import type { OutboundMessage } from '../outbound.ts';
import { upgradeMessage } from './upgrade.ts';

/** The wire version of draft envelopes. */
export const DRAFT_WIRE_VERSION = 'v1.0';
/** The version draft surfaces remember (its major version is 1: v1.0 catalogs apply). */
export const DRAFT_SURFACE_VERSION = '1.0-draft';
/** The draft's short name for the basic catalog. */
export const DRAFT_BASIC_ALIAS = 'basic';

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

/** An outbound message about a draft surface, in draft form. */
export function downgradeToDraft(message: OutboundMessage): OutboundMessage {
  if ('callAgentFunction' in message) {
    const { '@call': call, ...rest } = message.callAgentFunction.callFunction;
    const callFunction = { call, ...rest } as unknown as typeof message.callAgentFunction.callFunction;
    return { version: DRAFT_WIRE_VERSION, callAgentFunction: { ...message.callAgentFunction, callFunction } };
  }
  return { ...message, version: DRAFT_WIRE_VERSION };
}

export const draftAdapter: ProtocolAdapter = Object.freeze({
  versions: Object.freeze([DRAFT_WIRE_VERSION]),
  surfaceVersion: DRAFT_SURFACE_VERSION,
  upgrade: upgradeDraftEnvelope,
  downgrade: downgradeToDraft,
});
