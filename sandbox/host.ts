/**
 * The contract between `<a2ui-mcp-app>` and the surface it sits on, plus the shapes of the McpApp
 * component's properties (MCP catalog, `catalogs/mcp/catalog.json`). Types only.
 */

/** What <a2ui-mcp-app> needs from the surface it sits on. */
export interface McpAppHost {
  /** Reads a data-model path (absolute JSON pointer). */
  read(path: string): unknown;
  /** Writes a data-model path (creates it if missing). */
  write(path: string, value: unknown): void;
  /** Calls `cb` whenever the value at `path` (or below/above it) changes; returns an unsubscribe. */
  subscribe(path: string, cb: () => void): () => void;
  /** Sends an A2UI `action` to the agent (name, context object). */
  dispatchAction(name: string, context: Record<string, unknown>): void;
  /** Runs a catalog function of the surface (for allowedFunctions); rejects with {code,message}. */
  callFunction(name: string, args: Record<string, unknown>): Promise<unknown>;
  /**
   * The MCP client that serves tool `name`. With it (or {@link appClient}) an app's `tools/call`
   * runs only when the tool is listed by that client's `tools/list`, visible to apps
   * (`_meta.ui.visibility` includes `"app"`, the default) and served by {@link appClient}'s
   * server unless listed in {@link crossServerTools}.
   */
  clientForTool?(name: string): McpAppClient | null | undefined | Promise<McpAppClient | null | undefined>;
  /** The MCP client the app's `ui://` resource was read from. */
  appClient?: McpAppClient;
  /** Tools of other servers the host explicitly lets this app call (still visibility-checked). */
  crossServerTools?: readonly string[];
  /**
   * Older form: runs the tool itself, with no visibility or server check (prefer
   * {@link clientForTool}). Without any of these, allowed tool calls become actions.
   */
  callTool?(name: string, args: Record<string, unknown>): Promise<unknown /* MCP CallToolResult */>;
  /** Theme/locale/timezone for hostContext. */
  hostContext?(): { theme?: 'light' | 'dark'; locale?: string; timeZone?: string };
}

/** What the element needs from an MCP client (the SDK's `Client` fits). */
export interface McpAppClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  listTools?(params?: { cursor?: string }): Promise<unknown>;
  /** For `resources/read` from the app (see `allowedResources`); without it the app gets no server resources. */
  readResource?(params: { uri: string }): Promise<unknown>;
  /** For `resources/list` from the app (answers filtered to `allowedResources`). */
  listResources?(params?: { cursor?: string }): Promise<unknown>;
}

/** A JSON Schema (boolean or object form); see `json-schema.ts` for the supported subset. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** `csp`: per-resource domain allowlists (`_meta.ui.csp` of MCP Apps). */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** `permissions`: browser capabilities delegated to the app frame; `true` or `{}` grants. */
export interface McpAppPermissions {
  camera?: boolean | object;
  microphone?: boolean | object;
  geolocation?: boolean | object;
  clipboardWrite?: boolean | object;
}

/** `data`: app state keys bound to data-model paths (reserved: toolInput, toolResult, modelContext). */
export interface McpAppData {
  paths: Record<string, string>;
}

/** Lifecycle of one element: `ready` once the app sent `ui/notifications/initialized`. */
export type McpAppStatus = 'idle' | 'loading' | 'ready' | 'closed' | 'error';

/** Detail of the `mcp-app-status` event; `code` is `TIMEOUT` when the proxy or the app never answered. */
export interface McpAppStatusDetail {
  status: McpAppStatus;
  reason?: string;
  code?: 'TIMEOUT';
}

/** Detail of the `mcp-app-rejected` event: a message from the app that was refused. */
export interface McpAppRejection {
  method: string;
  reason: string;
  /** JSON-RPC code sent back for requests; absent for dropped notifications. */
  code?: number;
  /** For rate-limit and proxy refusals: how many messages this one report covers (one report per burst). */
  count?: number;
}

/**
 * A file an app offered through `ui/download-file`: either content (`blob`, always typed
 * `application/octet-stream`) or an http(s) `url` the user may open. `name` is sanitized;
 * `mimeType` is what the app declared (for display); `size` is in bytes (0 when a link's is unknown).
 */
export interface McpAppDownloadFile {
  name: string;
  mimeType: string;
  size: number;
  blob?: Blob;
  url?: string;
}

/**
 * Detail of the cancelable `mcp-app-download` event. Unless the page calls `preventDefault()`,
 * the element shows a host-owned prompt with one "Download <name>" button per file; the app
 * learns whether the user saved anything. A prevented event tells the app the download was
 * declined (`isError: true`); the page may then offer the files its own way.
 */
export interface McpAppDownloadDetail {
  files: readonly McpAppDownloadFile[];
}
