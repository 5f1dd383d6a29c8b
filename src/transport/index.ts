/**
 * Transport helpers a host would otherwise write by hand: agent streams (JSONL, SSE, JSON) into a
 * store, and outbound messages with their transport metadata. Framework-free; no DOM needed
 * (`fetch`, `ReadableStream` and `TextDecoder` are in browsers and Node 18+).
 *
 * @module
 */
export { feedStream, feedResponse, readText, streamReader } from './stream-on-demand.ts';
export { formatOf, type StreamFormat } from './format.ts';
export type { FeedOptions, FeedResult } from './stream.ts';
export { SseParser, type SseEvent } from './sse.ts';
export { A2uiTextParser, feedText, textParser, type TextOptions } from './text-on-demand.ts';
export { A2UI_MIME_TYPE, isA2uiDataPart, isA2uiResource, feedA2aParts, feedMcpContent } from './parts.ts';
export {
  rendererMetadata,
  requestBody,
  a2aMessage,
  sendToAgent,
  type RendererMetadata,
  type MetadataOptions,
  type SendOptions,
} from './requests.ts';
