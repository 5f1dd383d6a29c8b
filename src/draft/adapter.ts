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
import { lazyModule } from '../lazy.ts';
import type { ProtocolAdapter, ProtocolHost } from '../protocols.ts';
import type { OutboundMessage } from '../outbound.ts';
import { DRAFT_SURFACE_VERSION, DRAFT_WIRE_VERSION } from './versions.ts';

export { DRAFT_WIRE_VERSION, DRAFT_SURFACE_VERSION, DRAFT_BASIC_ALIAS } from './versions.ts';

/** The draft rewriting rules (envelope.ts, upgrade.ts), loaded with the first draft message. */
export const draftUpgrader = lazyModule('the draft v1.0 adapter', () => import('./envelope.ts'));

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
  // Until the rules have arrived the store holds the message (and the ones after it).
  upgrade: (message: Record<string, unknown>, store: ProtocolHost) => draftUpgrader.need().upgradeDraftEnvelope(message, store),
  downgrade: downgradeToDraft,
});
