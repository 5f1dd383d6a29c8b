/**
 * The MCP catalog's functions: `callMcpTool` (MCP tools straight from a surface, no agent turn),
 * `jmespath` (the guide's `transformData`), `split`, `regexCapture`, `regexReplace` and
 * `updateDataModel`. Register them with {@link configureMcpCatalog}.
 */
export { configureMcpCatalog, mcpCatalogOptions, MCP_CATALOG_ID } from './configure.ts';
export type {
  McpCatalogOptions,
  McpToolClient,
  McpToolResponse,
  McpAppResource,
  McpAppResourceContext,
  McpCallToolResult,
  McpContentBlock,
  McpResourceContents,
} from './types.ts';
