/**
 * The built-in v1.0 MCP catalog (`McpApp` and the MCP functions), without function bodies: the
 * sandbox gives them (`configureMcpCatalog`). The store's first load holds its index
 * (definitions/mcp-index.ts); the schemas arrive with the schema validator (definitions/mcp.ts).
 */
import { schemaValidator } from '../schema/validate.ts';
import { builtInCatalog, type Catalog, type CatalogDefinition } from './catalog.ts';
import type { FunctionImplementation } from '../functions/types.ts';
import { mcpCatalogIndex } from './definitions/mcp-index.ts';

/** The MCP catalog id (`https://a2ui.org/specification/v1_0/catalogs/mcp/catalog.json`). */
export const MCP_CATALOG_ID: string = mcpCatalogIndex.catalogId;

const whole = () => schemaValidator.loaded?.mcpCatalogDefinition as unknown as CatalogDefinition | undefined;

/**
 * A fresh MCP catalog with these function bodies (register it with `store.registerCatalog`, or let
 * `configureMcpCatalog` do it). Its `definition` and the `schema` of its component and functions
 * are there once the schema validator has arrived.
 */
export function mcpCatalog(implementations: Record<string, FunctionImplementation> = {}): Catalog {
  return builtInCatalog(mcpCatalogIndex, whole, implementations);
}
