/**
 * UI resources a tool call can lead to: a `ui://` MCP App (`text/html;profile=mcp-app`) for an
 * McpApp component, and A2UI messages (`application/a2ui+json`) for the store. They come inline in
 * the result (`resource` blocks), as links (`resource_link` blocks, `_meta.ui.resourceUri` on the
 * result), or from the tool's own `_meta.ui.resourceUri` in `tools/list`; links are read with
 * `resources/read`. An app's `_meta.ui` (csp, permissions, domain) is the read item's, over its
 * `resources/list` entry's (MCP Apps lets servers declare it in either place).
 */
import { ExpressionError, isObject, thrownMessage } from '../../src/index.ts';
import type { McpAppResource, McpCallToolResult, McpResourceContents, McpToolClient, McpToolInfo } from './types.ts';

/** What a result's UI resources resolved to. */
export interface UiResources {
  app: McpAppResource | undefined;
  /** A2UI payloads (message objects, arrays of them, or JSONL text), in the order found. */
  a2ui: unknown[];
}

const APP_MIME = 'text/html;profile=mcp-app';
const A2UI_MIMES = new Set(['application/a2ui+json', 'application/json+a2ui']);

/** Lower-case, no spaces or quotes: `text/html; profile="mcp-app"` → `text/html;profile=mcp-app`. */
function normalizeMime(mime: unknown): string {
  return typeof mime === 'string' ? mime.toLowerCase().replace(/[\s"]/g, '') : '';
}

const isAppMime = (mime: unknown): boolean => normalizeMime(mime) === APP_MIME;
const isA2uiMime = (mime: unknown): boolean => A2UI_MIMES.has(normalizeMime(mime));

/** `_meta.ui.resourceUri` (or the older flat `_meta["ui/resourceUri"]`), if any. */
export function metaResourceUri(meta: unknown): string | undefined {
  if (!isObject(meta)) return undefined;
  const ui = meta.ui;
  if (isObject(ui) && typeof ui.resourceUri === 'string' && ui.resourceUri) return ui.resourceUri;
  const flat = meta['ui/resourceUri'];
  return typeof flat === 'string' && flat ? flat : undefined;
}

/** The text of a resource (decoding a base64 `blob` as UTF-8), or undefined. */
function resourceText(c: McpResourceContents): string | undefined {
  if (typeof c.text === 'string') return c.text;
  if (typeof c.blob !== 'string') return undefined;
  try {
    const bytes = Uint8Array.from(atob(c.blob), (ch) => ch.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** `_meta.ui` of a resource item or listing entry, or an empty object. */
const metaUi = (meta: unknown): Record<string, unknown> => (isObject(meta) && isObject(meta.ui) ? meta.ui : {});

/** An McpApp payload from resource contents, or undefined if they are not a `ui://` app. */
function appFrom(c: McpResourceContents): McpAppResource | undefined {
  if (!isAppMime(c.mimeType) || typeof c.uri !== 'string' || !c.uri.startsWith('ui://')) return undefined;
  const html = resourceText(c);
  if (html === undefined) return undefined;
  return withMeta({ uri: c.uri, resourceUri: c.uri, htmlContent: html, html, csp: null, permissions: null, domain: null }, metaUi(c._meta));
}

/** The app with its `_meta.ui` fields set from `ui`. */
function withMeta(app: McpAppResource, ui: Record<string, unknown>): McpAppResource {
  return {
    ...app,
    csp: isObject(ui.csp) ? ui.csp : null,
    permissions: isObject(ui.permissions) ? ui.permissions : null,
    domain: typeof ui.domain === 'string' && ui.domain ? ui.domain : null,
  };
}

/** The read item's own `_meta.ui` per app found, for merging with the listing. */
const itemUi = new WeakMap<McpAppResource, Record<string, unknown>>();

/** Sorts resource contents into the app and A2UI payloads. */
function collect(contents: readonly McpResourceContents[], out: UiResources): void {
  for (const c of contents) {
    if (!isObject(c)) continue;
    if (isA2uiMime(c.mimeType)) {
      const text = resourceText(c);
      if (text !== undefined) out.a2ui.push(text);
    } else if (!out.app) {
      out.app = appFrom(c);
      if (out.app) itemUi.set(out.app, metaUi(c._meta));
    }
  }
}

/** A small LRU of resource reads that are stable per tool (a tool's declared UI template). */
class ReadCache {
  private readonly entries = new Map<string, Promise<McpResourceContents[]>>();
  constructor(private readonly limit = 100) {}

  get(key: string, load: () => Promise<McpResourceContents[]>): Promise<McpResourceContents[]> {
    let hit = this.entries.get(key);
    if (hit) this.entries.delete(key);
    else {
      // A failed read is not remembered: the next call tries again.
      hit = load().catch((e: unknown) => {
        this.entries.delete(key);
        throw e;
      });
    }
    this.entries.set(key, hit);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return hit;
  }
}

/** Per-client caches: the tool list, the resource list's `_meta.ui` per URI, and declared-UI reads. */
interface ClientCache {
  tools?: Promise<Map<string, McpToolInfo>>;
  listedUi?: Promise<Map<string, Record<string, unknown>>>;
  /** Tools the list was refetched for and still lacked (not refetched again). */
  unlisted: Set<string>;
  reads: ReadCache;
}
const caches = new WeakMap<McpToolClient, ClientCache>();

function cacheOf(client: McpToolClient): ClientCache {
  let c = caches.get(client);
  if (!c) caches.set(client, (c = { unlisted: new Set(), reads: new ReadCache() }));
  return c;
}

/** The tool's `_meta.ui.resourceUri` from `tools/list` (cached; refetched once for an unknown tool). */
async function declaredUri(client: McpToolClient, toolName: string): Promise<string | undefined> {
  if (typeof client.listTools !== 'function') return undefined;
  const cache = cacheOf(client);
  const load = (): Promise<Map<string, McpToolInfo>> =>
    client.listTools!().then((r) => {
      const tools = isObject(r) && Array.isArray(r.tools) ? (r.tools as McpToolInfo[]) : [];
      return new Map(tools.filter((t) => isObject(t) && typeof t.name === 'string').map((t) => [t.name, t]));
    });
  try {
    let tools = await (cache.tools ??= load());
    if (!tools.has(toolName) && !cache.unlisted.has(toolName)) {
      // A tool added since the list was read: read it again, once.
      cache.unlisted.add(toolName);
      tools = await (cache.tools = load());
    }
    return metaResourceUri(tools.get(toolName)?._meta);
  } catch {
    // No list, no declared UI; the call itself succeeded.
    cache.tools = undefined;
    return undefined;
  }
}

/** Pages of `resources/list` read per client (a hostile server cannot loop us). */
const MAX_LIST_PAGES = 20;

/** `_meta.ui` of every `resources/list` entry that has one (cached per client; a failed list is not remembered). */
function listedUi(client: McpToolClient): Promise<Map<string, Record<string, unknown>>> {
  const cache = cacheOf(client);
  if (typeof client.listResources !== 'function') return Promise.resolve(new Map());
  const load = async () => {
    const found = new Map<string, Record<string, unknown>>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const r = await client.listResources!(cursor === undefined ? undefined : { cursor });
      for (const entry of isObject(r) && Array.isArray(r.resources) ? r.resources : []) {
        if (isObject(entry) && typeof entry.uri === 'string' && isObject(entry._meta) && isObject(entry._meta.ui)) found.set(entry.uri, entry._meta.ui);
      }
      cursor = isObject(r) && typeof r.nextCursor === 'string' && r.nextCursor ? r.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    return found;
  };
  return (cache.listedUi ??= load().catch(() => {
    cache.listedUi = undefined;
    return new Map();
  }));
}

/** The app with the `_meta.ui` of its listing entry under its own (the read item's keys win). */
async function withListing(client: McpToolClient, app: McpAppResource, item: Record<string, unknown>): Promise<McpAppResource> {
  const listed = (await listedUi(client)).get(app.uri);
  return listed ? withMeta(app, { ...listed, ...item }) : app;
}

/** Reads a resource; a failure is an EXPRESSION_ERROR naming the URI. */
async function read(client: McpToolClient, uri: string): Promise<McpResourceContents[]> {
  if (typeof client.readResource !== 'function') {
    throw new ExpressionError(`Cannot read UI resource '${uri}': the MCP client has no readResource`);
  }
  try {
    const r = await client.readResource({ uri });
    return isObject(r) && Array.isArray(r.contents) ? (r.contents as McpResourceContents[]) : [];
  } catch (e) {
    throw new ExpressionError(`Cannot read UI resource '${uri}': ${thrownMessage(e)}`);
  }
}

/**
 * Finds and reads the UI resources of a successful tool call: inline resources need no read;
 * links (`resource_link` blocks, the result's `_meta.ui.resourceUri`) are read in the order found.
 * When the result carries no app, the tool's declared UI (`tools/list` `_meta.ui.resourceUri`) is
 * read too — cached per client, at most 100 URIs — and its A2UI messages come first (a layout
 * before the data the result brings).
 */
export async function resolveUiResources(client: McpToolClient, toolName: string, result: McpCallToolResult): Promise<UiResources> {
  const found: UiResources = { app: undefined, a2ui: [] };
  const links: string[] = [];
  for (const block of result.content ?? []) {
    if (!isObject(block)) continue;
    if (block.type === 'resource' && isObject(block.resource)) collect([block.resource], found);
    else if (block.type === 'resource_link' && typeof block.uri === 'string') {
      if (isA2uiMime(block.mimeType) || isAppMime(block.mimeType)) links.push(block.uri);
    }
  }
  const resultUri = metaResourceUri(result._meta);
  if (resultUri) links.push(resultUri);
  for (const uri of links) collect(await read(client, uri), found);
  if (found.app) return { ...found, app: await withListing(client, found.app, itemUi.get(found.app) ?? {}) };
  const declared: UiResources = { app: undefined, a2ui: [] };
  const uri = await declaredUri(client, toolName);
  if (uri && !links.includes(uri)) collect(await cacheOf(client).reads.get(uri, () => read(client, uri)), declared);
  const app = declared.app && (await withListing(client, declared.app, itemUi.get(declared.app) ?? {}));
  return { app, a2ui: [...declared.a2ui, ...found.a2ui] };
}
