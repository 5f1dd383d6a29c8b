/**
 * The synchronous transport helpers: the SSE parser, the framing a `Content-Type` names, A2UI in
 * A2A parts and MCP content, request bodies and the renderer's transport metadata: the package's
 * `a2ui-elements/transport` entry, and part of `a2ui-elements` and the script-tag file too.
 *
 * @module
 */
export { SseParser, type SseEvent } from './sse.ts';
export { formatOf, type StreamFormat } from './format.ts';
export { A2UI_MIME_TYPE, isA2uiDataPart, isA2uiResource, feedA2aParts, feedMcpContent } from './parts.ts';
export { a2uiRendererCapabilities, a2uiRendererDataModel, rendererMetadata, requestBody, a2aMessage } from './requests.ts';
