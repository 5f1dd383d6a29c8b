/**
 * Transport helpers a host would otherwise write by hand: agent streams (JSONL, SSE, JSON) into a
 * store, A2UI in A2A parts and MCP content, request bodies with the renderer's transport metadata,
 * and outbound messages to the agent. Framework-free; no DOM needed (`fetch`, `ReadableStream`
 * and `TextDecoder` are in browsers and Node 18+).
 *
 * @module
 */
export { feedStream, feedResponse, readText, type FeedOptions, type FeedResult } from './stream.ts';
export { sendToAgent, type RendererMetadata, type MetadataOptions, type SendOptions } from './requests.ts';
export * from './sync.ts';
export type { StreamFormat } from './format.ts';
export { A2uiTextParser, feedText, type TextOptions } from './text.ts';
