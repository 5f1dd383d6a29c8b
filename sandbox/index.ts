/**
 * Public entry of the sandbox: `<a2ui-mcp-app>` and its configuration. Importing this defines the
 * element; the MCP Apps protocol code (`bridge.ts`) loads only when an element starts an app.
 */
export { A2uiMcpApp, decodeHtmlContent } from './mcp-app.ts';
export { configureSandbox, type SandboxConfig } from './config.ts';
export { A2uiMcpAppComponent, hostFor } from './component.ts';
export { configureMcpCatalog, mcpCatalogOptions, MCP_CATALOG_ID } from './functions/index.ts';
export type {
  McpAppHost, McpAppCsp, McpAppPermissions, McpAppData, McpAppStatus, McpAppStatusDetail, McpAppRejection, JsonSchema,
  McpAppDownloadFile, McpAppDownloadDetail,
} from './host.ts';
export type { DisplayMode } from './display-mode.ts';
