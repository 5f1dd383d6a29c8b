/**
 * `a2ui-elements/transport`: the synchronous transport helpers — `SseParser`, `formatOf`, A2UI in
 * A2A parts and MCP content (`feedA2aParts`, `isA2uiDataPart`, …), request bodies and the
 * renderer's transport metadata (`requestBody`, `rendererMetadata`, `a2aMessage`,
 * `a2uiRendererCapabilities`, `a2uiRendererDataModel`). `a2ui-elements` exports them too.
 */
export * from '../../src/transport/sync.ts';
