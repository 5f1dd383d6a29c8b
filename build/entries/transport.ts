/**
 * `a2ui-elements/transport`: the synchronous transport helpers — `SseParser`, `formatOf`, A2UI in
 * A2A parts and MCP content (`feedA2aParts`, `isA2uiDataPart`, …), request bodies and the
 * renderer's transport metadata (`requestBody`, `rendererMetadata`, `a2aMessage`,
 * `a2uiRendererCapabilities`, `a2uiRendererDataModel`). The asynchronous ones (`feedResponse`,
 * `sendToAgent`, …) are in `a2ui-elements`, which loads this code on first use: an entry of its
 * own, so that a bundle that does not import it does not load it up front. In the script-tag
 * file they are on the modules `streamReader.load()` and `transportHelpers.load()` resolve with.
 */
export * from '../../src/transport/sync.ts';
