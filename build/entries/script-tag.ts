/**
 * The script-tag build (`dist/a2ui-elements.js`): one self-contained ES module. Loading it defines
 * every element (`<a2ui-surface>`, the basic components, `<a2ui-inspector>`, `<a2ui-mcp-app>` and
 * the McpApp surface component) and exports the whole public API, so a page needs no bundler:
 *
 * ```html
 * <script type="module">
 *   import { A2uiStore, browserHost, feedResponse } from './a2ui-elements.js';
 * </script>
 * ```
 *
 * The MCP Apps protocol code is a separate chunk, fetched only when an McpApp starts. The sandbox
 * proxy page (`proxy.html`) sits next to this file, which is where `<a2ui-mcp-app>` looks for it
 * by default (same origin: works, reported as weaker; see `configureSandbox`).
 */
export * from './core.ts';
export * from '../../elements/index.ts';
export { A2uiInspector, onInbound, type InspectorEntry, type InspectorView } from '../../elements/inspector.ts';
export {
  A2uiMcpApp,
  A2uiMcpAppComponent,
  decodeHtmlContent,
  configureSandbox,
  configureMcpCatalog,
  mcpCatalogOptions,
  MCP_CATALOG_ID,
  hostFor,
  type SandboxConfig,
  type McpAppHost,
  type McpAppCsp,
  type McpAppPermissions,
  type McpAppData,
  type McpAppStatus,
  type McpAppRejection,
} from '../../sandbox/index.ts';
