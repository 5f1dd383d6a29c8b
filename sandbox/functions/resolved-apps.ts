/**
 * The MCP Apps `callMcpTool` resolved, per store, so the McpApp component showing one knows where
 * it came from: the client that read it (its `appClient`: same-server tools, its resources), its
 * `ui://` URI and its `_meta.ui` (domain, csp, permissions). Keyed by the app's HTML, the one
 * value a surface passes on to the component (`htmlContent` bound to the response); what the
 * data model says about the app is never trusted for any of this.
 */
import type { NodeStore } from '../../src/index.ts';
import type { McpAppResource, McpToolClient } from './types.ts';

/** An app as a tool call resolved it, with the client that read it. */
export interface ResolvedApp {
  resource: McpAppResource;
  client: McpToolClient;
}

/** Apps remembered per store (the most recent ones; older ones lose their server link). */
const LIMIT = 32;
const apps = new WeakMap<NodeStore, Map<string, ResolvedApp>>();

/** Remembers an app `callMcpTool` resolved through `client`. */
export function rememberApp(store: NodeStore, resource: McpAppResource, client: McpToolClient): void {
  let byHtml = apps.get(store);
  if (!byHtml) apps.set(store, (byHtml = new Map()));
  byHtml.delete(resource.html);
  byHtml.set(resource.html, { resource, client });
  if (byHtml.size > LIMIT) byHtml.delete(byHtml.keys().next().value!);
}

/** The app a tool call of `store` resolved to this HTML, if any. */
export function resolvedApp(store: NodeStore, html: string): ResolvedApp | undefined {
  return apps.get(store)?.get(html);
}
