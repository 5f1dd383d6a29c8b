/**
 * The front of the transport helpers (helpers.ts), which load with the first `sendToAgent`:
 * A2A / MCP parts, request bodies and the renderer's transport metadata. As the stream readers,
 * `sendToAgent` never throws: a failed load is a `FeedResult` with `ok: false` and the reason.
 */
import { lazyModule } from '../lazy.ts';
import type * as Requests from './requests.ts';
import { failed } from './stream-on-demand.ts';

/**
 * helpers.ts, loaded with the first `sendToAgent`: A2A / MCP parts (`feedA2aParts`, …), request
 * bodies (`requestBody`, `rendererMetadata`, `a2aMessage`, `a2uiRendererCapabilities`, …) and
 * `sendToAgent`. In the script-tag file the synchronous ones are only on this module.
 */
export const transportHelpers = lazyModule('the transport helpers', () => import('./helpers.ts'));

/** See requests.ts (it feeds the answer through `feedResponse`). */
export const sendToAgent: typeof Requests.sendToAgent = (...args) => transportHelpers.load().then((m) => m.sendToAgent(...args), failed);
