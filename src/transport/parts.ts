/**
 * A2UI inside other protocols' envelopes: an A2A `DataPart` whose metadata says
 * `mimeType: application/a2ui+json` (A2UI A2A extension), and an MCP embedded resource (or a
 * `resources/read` content) of that MIME type (or of the legacy `application/json+a2ui`). The feeders take the envelope as it comes off the
 * wire, hand the A2UI to the store, and run the text beside it through {@link A2uiTextParser}, so
 * prose reaches `onText` and `<a2ui-json>` blocks in it are applied too.
 */
import { ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import type { A2uiStore } from '../store.ts';
import { A2uiTextParser, type TextOptions } from './text.ts';

/** The MIME type of A2UI messages in A2A parts and MCP resources. */
export const A2UI_MIME_TYPE = 'application/a2ui+json';

/**
 * The MIME type v0.9 used before v0.9.1 standardised {@link A2UI_MIME_TYPE}; v0.9 agents and the
 * official SDK's default still send it, so parts and resources of either type are A2UI.
 */
const A2UI_LEGACY_MIME_TYPE = 'application/json+a2ui';

const isA2uiType = (v: unknown) => {
  if (typeof v !== 'string') return false;
  const type = v.split(';', 1)[0].trim().toLowerCase();
  return type === A2UI_MIME_TYPE || type === A2UI_LEGACY_MIME_TYPE;
};

/** An A2A `DataPart` carrying A2UI (`metadata.mimeType`, or the part's own `mimeType` / `mediaType`). */
export function isA2uiDataPart(part: unknown): part is { data: unknown } {
  if (!isObject(part) || !Object.hasOwn(part, 'data') || (part.kind !== undefined && part.kind !== 'data')) return false;
  return (isObject(part.metadata) && isA2uiType(part.metadata.mimeType)) || isA2uiType(part.mimeType) || isA2uiType(part.mediaType);
}

/**
 * Feeds A2A content to the store: a `Message`, a `Task` (status message and artifacts), a
 * `TaskStatusUpdateEvent` / `TaskArtifactUpdateEvent`, a JSON-RPC response holding one, or a
 * parts array. A2UI DataParts are applied in order; text parts go through the text parser (pass
 * `parser` to keep one across the events of a stream, and end it yourself). Returns the number of
 * payloads applied (DataParts, and messages found in the text).
 *
 * @example
 * const parser = new A2uiTextParser(store, { onText: show });
 * for await (const event of a2aClient.sendMessageStream(params)) feedA2aParts(store, event, { parser });
 * parser.end();
 */
export function feedA2aParts(store: A2uiStore, source: unknown, options: TextOptions & { parser?: A2uiTextParser } = {}): number {
  // A parser of the caller's lives across calls: text streamed in pieces (artifact updates with `append`).
  const text = options.parser ?? new A2uiTextParser(store, options);
  const before = text.messages;
  let applied = 0;
  for (const part of a2aParts(source)) {
    if (isA2uiDataPart(part)) {
      store.process(payload(part.data));
      applied++;
    } else if (isObject(part) && typeof part.text === 'string' && (part.kind === undefined || part.kind === 'text')) {
      text.push(part.text);
    }
  }
  if (!options.parser) text.end();
  return applied + text.messages - before;
}

/** An MCP embedded resource (`{type: "resource", resource}`) or resource content of the A2UI MIME type. */
export function isA2uiResource(content: unknown): boolean {
  const resource = isObject(content) && content.type === 'resource' ? content.resource : content;
  return isObject(resource) && isA2uiType(resource.mimeType) && (typeof resource.text === 'string' || typeof resource.blob === 'string');
}

/**
 * Feeds MCP content to the store: a `CallToolResult` (`content`), a `ReadResourceResult`
 * (`contents`), or a content array. A2UI resources (JSON, a JSON array, or JSONL, as `text` or a
 * base64 `blob`) are applied in order; text content goes through the text parser. Returns the
 * number of payloads applied (resources, and messages found in the text).
 *
 * @example
 * feedMcpContent(store, await client.callTool({ name: 'open_dashboard', arguments: {} }), { onText: show });
 */
export function feedMcpContent(store: A2uiStore, source: unknown, options: TextOptions = {}): number {
  const text = new A2uiTextParser(store, options);
  let applied = 0;
  const items = Array.isArray(source) ? source : isObject(source) ? (Array.isArray(source.content) ? source.content : Array.isArray(source.contents) ? source.contents : []) : [];
  for (const item of items) {
    if (isA2uiResource(item)) {
      const resource = (isObject(item) && item.type === 'resource' ? item.resource : item) as { text?: string; blob?: string };
      const body = typeof resource.text === 'string' ? resource.text : decodeBase64(resource.blob!);
      if (body === undefined) store.report(new ValidationError('An application/a2ui+json resource blob is not valid base64 UTF-8'));
      else applyText(store, body);
      applied++;
    } else if (isObject(item) && item.type === 'text' && typeof item.text === 'string') {
      text.push(item.text);
    }
  }
  text.end();
  return applied + text.messages;
}

/** The parts of an A2A object, in order. */
function a2aParts(source: unknown): unknown[] {
  if (Array.isArray(source)) return source;
  if (!isObject(source)) return [];
  if (isObject(source.result)) return a2aParts(source.result);
  const out: unknown[] = [];
  if (Array.isArray(source.parts)) out.push(...source.parts);
  if (isObject(source.status) && isObject(source.status.message)) out.push(...a2aParts(source.status.message));
  if (isObject(source.message)) out.push(...a2aParts(source.message));
  if (isObject(source.artifact)) out.push(...a2aParts(source.artifact));
  if (Array.isArray(source.artifacts)) for (const a of source.artifacts) out.push(...a2aParts(a));
  return out;
}

/** A DataPart's `data` as the store takes it (a string is one bad message, not JSONL). */
function payload(data: unknown): unknown {
  return typeof data === 'string' ? [data] : data;
}

/** One JSON value (a message or a list), or else JSONL. */
function applyText(store: A2uiStore, body: string): void {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    store.process(body);
    return;
  }
  store.process(payload(value));
}

function decodeBase64(blob: string): string | undefined {
  try {
    const bin = atob(blob);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
