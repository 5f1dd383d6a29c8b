/**
 * `a2ui-elements/sandbox`: `<a2ui-mcp-app>`, the McpApp surface component and the MCP catalog
 * functions. The MCP Apps protocol code loads only when an app starts.
 */
import '../../src/eager.ts';
export * from '../../sandbox/index.ts';
