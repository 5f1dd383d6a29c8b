/**
 * The synchronous transport helpers: the SSE parser, the framing a `Content-Type` names, A2UI in
 * A2A parts and MCP content, request bodies and the renderer's transport metadata: the package's
 * `a2ui-elements/transport` entry. The `a2ui-elements` entry and the script-tag file load this
 * code on first use (a bundle of them that exported it statically would load it up front): in
 * the script-tag file `SseParser` and `formatOf` are on the module `streamReader.load()` resolves
 * with (stream.ts), the others on the one `transportHelpers.load()` resolves with (helpers.ts).
 *
 * @module
 */
export { SseParser, type SseEvent } from './sse.ts';
export { formatOf, type StreamFormat } from './format.ts';
export { A2UI_MIME_TYPE, isA2uiDataPart, isA2uiResource, feedA2aParts, feedMcpContent } from './parts.ts';
export { a2uiRendererCapabilities, a2uiRendererDataModel, rendererMetadata, requestBody, a2aMessage } from './requests.ts';
