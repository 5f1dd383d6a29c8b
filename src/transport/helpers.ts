/**
 * Transport helpers loaded on first use (`a2ui-transport.js` in the script-tag build): A2UI in A2A
 * parts and MCP content (parts.ts), request bodies with the renderer's transport metadata, and
 * `sendToAgent` (requests.ts). stream-on-demand.ts is their front (`transportHelpers`); in the
 * script-tag file the synchronous ones are only on this module.
 *
 * @module
 */
export { A2UI_MIME_TYPE, isA2uiDataPart, isA2uiResource, feedA2aParts, feedMcpContent } from './parts.ts';
export { a2uiRendererCapabilities, a2uiRendererDataModel, rendererMetadata, requestBody, a2aMessage, sendToAgent } from './requests.ts';
