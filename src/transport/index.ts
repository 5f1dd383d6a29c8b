/**
 * Transport helpers a host would otherwise write by hand: agent streams (JSONL, SSE, JSON) into a
 * store, and outbound messages with their transport metadata. Framework-free; no DOM needed
 * (`fetch`, `ReadableStream` and `TextDecoder` are in browsers and Node 18+).
 *
 * What is here is asynchronous and loads its code on first use (`streamReader`,
 * `transportHelpers`); the synchronous helpers (sync.ts: `SseParser`, `feedA2aParts`,
 * `requestBody`, …) are the package's `a2ui-elements/transport` entry, and in the script-tag
 * file are on the modules those two resolve with.
 *
 * @module
 */
export { feedStream, feedResponse, readText, streamReader } from './stream-on-demand.ts';
export { sendToAgent, transportHelpers } from './helpers-on-demand.ts';
export type { FeedOptions, FeedResult } from './stream.ts';
export type { StreamFormat } from './format.ts';
export type { SseEvent } from './sse.ts';
export { A2uiTextParser, feedText, textParser, type TextOptions } from './text-on-demand.ts';
export type { RendererMetadata, MetadataOptions, SendOptions } from './requests.ts';
