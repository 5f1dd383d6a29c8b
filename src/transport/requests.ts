/**
 * Renderer → agent: request bodies that carry A2UI messages with the transport metadata the spec
 * asks for (`a2uiRendererCapabilities` on every message; `a2uiRendererDataModel` for surfaces
 * created with `sendDataModel`), and a small `fetch` sender for request/response agents. Loaded
 * on first use in the script-tag file (helpers.ts).
 */
import { Catalog, type CatalogDefinition } from '../catalog/catalog.ts';
import { DRAFT_SURFACE_VERSION, DRAFT_WIRE_VERSION } from '../draft/adapter.ts';
import { thrownMessage } from '../errors.ts';
import type { OutboundMessage } from '../outbound.ts';
import type { TransportMetadata } from '../outbox.ts';
import type { A2uiStore } from '../store.ts';
import type { FeedOptions, FeedResult } from './stream.ts';
import { feedResponse } from './stream.ts';

/** Transport metadata of one request. */
export type RendererMetadata = Record<string, unknown> & {
  a2uiRendererCapabilities?: Record<string, unknown>;
  a2uiRendererDataModel?: { version: string; surfaces: Record<string, unknown> };
};

/** Options of {@link rendererMetadata} and the body builders. */
export interface MetadataOptions {
  /** Custom catalogs to advertise inline in the capabilities. */
  inlineCatalogs?: Array<Catalog | CatalogDefinition>;
  /**
   * The metadata `store.onMessage` handed over with the message(s); their data-model snapshots
   * (taken when the message was sent) win over the current ones.
   */
  metadata?: TransportMetadata | Record<string, unknown> | Array<TransportMetadata | Record<string, unknown>>;
  /** Leave out `a2uiRendererCapabilities` (for transports that send them once, at session setup). */
  capabilities?: boolean;
  /** More entries to merge in (e.g. `a2uiClientCapabilities` from `a2ui-elements/v09`). */
  extra?: Record<string, unknown>;
}

/**
 * `a2uiRendererCapabilities` for transport metadata: `{"1.0": {supportedCatalogIds, inlineCatalogs?}}`,
 * the store's v1.0 catalogs, and the catalogs given to advertise inline.
 */
export function a2uiRendererCapabilities(
  store: A2uiStore,
  options: { inlineCatalogs?: Array<Catalog | CatalogDefinition> } = {},
): { '1.0': { supportedCatalogIds: string[]; inlineCatalogs?: CatalogDefinition[] } } {
  const caps: { supportedCatalogIds: string[]; inlineCatalogs?: CatalogDefinition[] } = {
    supportedCatalogIds: store.catalogIds.filter((id) => store.catalog(id)!.protocolVersion.startsWith('1')),
  };
  if (options.inlineCatalogs?.length) caps.inlineCatalogs = options.inlineCatalogs.map((c) => (c instanceof Catalog ? c.definition : c));
  return { '1.0': caps };
}

/**
 * `a2uiRendererDataModel` for transport metadata: the data models of the v1.0 surfaces (current
 * and draft form) created with `sendDataModel`, or null. Its version is `"v1.0"` when they are all
 * draft surfaces.
 */
export function a2uiRendererDataModel(store: A2uiStore): { version: string; surfaces: Record<string, unknown> } | null {
  const surfaces: Record<string, unknown> = {};
  let current = false;
  for (const id of store.surfaceIds) {
    const s = store.peekSurface(id)!;
    if (!s.sendDataModel || (s.version !== '1.0' && s.version !== DRAFT_SURFACE_VERSION)) continue;
    surfaces[id] = s.dataModel.snapshot();
    current ||= s.version === '1.0';
  }
  return Object.keys(surfaces).length ? { version: current ? '1.0' : DRAFT_WIRE_VERSION, surfaces } : null;
}

/**
 * The metadata for a request: the store's capabilities, the data model of every surface created
 * with `sendDataModel` (current values, overridden by the snapshots passed in `metadata`), and
 * anything in `extra`.
 */
export function rendererMetadata(store: A2uiStore, options: MetadataOptions = {}): RendererMetadata {
  const out: RendererMetadata = {};
  if (options.capabilities !== false) out.a2uiRendererCapabilities = a2uiRendererCapabilities(store, options);
  const current = a2uiRendererDataModel(store);
  if (current) out.a2uiRendererDataModel = current;
  const given = options.metadata === undefined ? [] : Array.isArray(options.metadata) ? options.metadata : [options.metadata];
  for (const meta of given) {
    for (const [key, value] of Object.entries(meta)) {
      const prev = out[key];
      out[key] = isDataModel(prev) && isDataModel(value) ? { ...value, surfaces: { ...prev.surfaces, ...value.surfaces } } : value;
    }
  }
  Object.assign(out, options.extra);
  return out;
}

/**
 * A plain JSON request body: `{messages: [...], metadata: {...}}`.
 *
 * @example
 * store.onMessage((message, metadata) =>
 *   fetch('/agent', { method: 'POST', body: JSON.stringify(requestBody(store, message, { metadata })) }));
 */
export function requestBody(
  store: A2uiStore,
  messages: OutboundMessage | readonly OutboundMessage[],
  options: MetadataOptions = {},
): { messages: OutboundMessage[]; metadata: RendererMetadata } {
  return { messages: list(messages), metadata: rendererMetadata(store, options) };
}

/**
 * An A2A `Message` (A2UI A2A extension): the messages in one `DataPart` with
 * `mimeType: application/a2ui+json`, an optional text part first, and the renderer metadata in
 * `message.metadata`.
 */
export function a2aMessage(
  store: A2uiStore,
  messages: OutboundMessage | readonly OutboundMessage[],
  options: MetadataOptions & { text?: string; messageId?: string; contextId?: string } = {},
): Record<string, unknown> {
  const parts: unknown[] = [];
  if (options.text) parts.push({ kind: 'text', text: options.text });
  const data = list(messages);
  if (data.length) parts.push({ kind: 'data', data, metadata: { mimeType: 'application/a2ui+json' } });
  const message: Record<string, unknown> = {
    kind: 'message',
    role: 'user',
    messageId: options.messageId ?? randomId(),
    parts,
    metadata: rendererMetadata(store, options),
  };
  if (options.contextId) message.contextId = options.contextId;
  return message;
}

/** Options of {@link sendToAgent}. */
export interface SendOptions extends MetadataOptions, Omit<FeedOptions, 'signal'> {
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Builds the body (default {@link requestBody}). */
  body?: (store: A2uiStore, messages: OutboundMessage[], options: MetadataOptions) => unknown;
  /** Aborts the request and the reading of its answer. */
  signal?: AbortSignal;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
}

/**
 * POSTs messages to a request/response agent and feeds its answer (JSONL, SSE or JSON, by
 * `Content-Type`) back into the store. Never throws: a network failure is a `FeedResult` with
 * `ok: false`.
 *
 * @example
 * store.onMessage((message, metadata) => void sendToAgent(store, '/agent', message, { metadata }));
 */
export async function sendToAgent(
  store: A2uiStore,
  url: string | URL,
  messages: OutboundMessage | readonly OutboundMessage[],
  options: SendOptions = {},
): Promise<FeedResult> {
  const build = options.body ?? requestBody;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/jsonl, text/event-stream, application/json', ...options.headers },
      body: JSON.stringify(build(store, list(messages), options)),
      signal: options.signal,
    });
  } catch (e) {
    if (options.signal?.aborted) return { ok: false, messages: 0, aborted: true };
    return { ok: false, messages: 0, error: thrownMessage(e) };
  }
  return feedResponse(store, response, options);
}

function list(messages: OutboundMessage | readonly OutboundMessage[]): OutboundMessage[] {
  return Array.isArray(messages) ? [...messages] : [messages as OutboundMessage];
}

function isDataModel(v: unknown): v is { version: string; surfaces: Record<string, unknown> } {
  return typeof v === 'object' && v !== null && typeof (v as { surfaces?: unknown }).surfaces === 'object';
}

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
