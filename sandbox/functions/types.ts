/**
 * The shapes the MCP catalog functions exchange with an MCP client and with the host. The client
 * is typed structurally (the few methods we call), so the official SDK's `Client` fits and the
 * catalog itself never imports the SDK.
 */

/** One MCP content block of a tool result (the kinds we read; others pass through untouched). */
export interface McpContentBlock {
  type: string;
  text?: string;
  uri?: string;
  mimeType?: string;
  resource?: McpResourceContents;
  [extra: string]: unknown;
}

/** The contents of a resource: inline in a `resource` block or returned by `resources/read`. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  /** Base64 bytes, for binary resources. */
  blob?: string;
  _meta?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** An MCP `CallToolResult`. */
export interface McpCallToolResult {
  content?: McpContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** A tool as `tools/list` describes it (we read only its name and `_meta.ui`). */
export interface McpToolInfo {
  name: string;
  _meta?: Record<string, unknown>;
  [extra: string]: unknown;
}

/**
 * What the catalog needs from an MCP client: `callTool`, and optionally `readResource` (for
 * `ui://` and A2UI resources) and `listTools` (for a tool's `_meta.ui.resourceUri`). The SDK's
 * `Client` from `@modelcontextprotocol/client` (or `@modelcontextprotocol/sdk`) has all three.
 */
export interface McpToolClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  readResource?(params: { uri: string }): Promise<unknown>;
  listTools?(): Promise<unknown>;
  /** For the `_meta.ui` a server declares on a resource's `resources/list` entry (merged under the read item's). */
  listResources?(params?: { cursor?: string }): Promise<unknown>;
}

/** A resolved `ui://` MCP App resource (`text/html;profile=mcp-app`). */
export interface McpAppResource {
  /** The resource URI (the catalog's name for it). */
  uri: string;
  /** Same as `uri` (the name for it). */
  resourceUri: string;
  /** The app's HTML, ready for the McpApp component's `htmlContent`. */
  htmlContent: string;
  /** Same as `htmlContent`. */
  html: string;
  /**
   * `_meta.ui.csp` of the resource, or null. Each `_meta.ui` key comes from the `resources/read`
   * item, else from the resource's `resources/list` entry (MCP Apps allows both; the item wins).
   */
  csp: Record<string, unknown> | null;
  /** `_meta.ui.permissions` of the resource, or null. */
  permissions: Record<string, unknown> | null;
  /** `_meta.ui.domain` of the resource (the app's own proxy origin, see sandbox/origins.ts), or null. */
  domain: string | null;
}

/**
 * What `callMcpTool` returns (and writes at `targetDataPath`). When the tool points at a `ui://`
 * MCP App, the {@link McpAppResource} fields are added.
 */
export interface McpToolResponse extends Partial<McpAppResource> {
  /** The server's structured content, or null when it sent none. */
  structuredContent: unknown;
  /** `text` parsed as JSON when it is an object or array (or an array of per-block JSON values); else null. */
  json: unknown;
  /** Every text block, joined with `\n` ("" when there is none). */
  text: string;
  toolName: string;
  /** The resolved arguments sent to the tool. */
  toolInput: Record<string, unknown>;
  /** The raw `CallToolResult`. */
  toolResult: McpCallToolResult;
}

/** Where a `ui://` resource was resolved, for {@link McpCatalogOptions.onMcpAppResource}. */
export interface McpAppResourceContext {
  surfaceId: string | undefined;
  toolName: string;
  /** The call's `targetDataPath`, if it had one. */
  targetDataPath: string | undefined;
}

/** Options of {@link configureMcpCatalog}; every one may be changed by calling it again. */
export interface McpCatalogOptions {
  /**
   * Returns the MCP client that runs `toolName` (sync or async). Returning null/undefined, or not
   * configuring this at all, makes `callMcpTool` fail with `EXPRESSION_ERROR`.
   */
  clientFor?: (toolName: string) => McpToolClient | null | undefined | Promise<McpToolClient | null | undefined>;
  /** Called when a tool call resolved a `ui://` MCP App resource (after the data model write). */
  onMcpAppResource?: (resource: McpAppResource, context: McpAppResourceContext) => void;
  /** Where the sandbox proxy for McpApp is served; kept here for the McpApp element to read. */
  sandboxBaseUrl?: string;
}
