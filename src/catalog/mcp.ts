/**
 * The built-in v1.0 MCP catalog (`McpApp` and the MCP functions), without function bodies: the
 * sandbox gives them (`configureMcpCatalog`). The store's first load holds its head (id, version,
 * function schemas) and component index; the component schemas arrive with the schema validator
 * (definitions/mcp.ts, validation.ts).
 */
import { schemaValidator } from '../schema/validate.ts';
import { builtInCatalog, type Catalog, type CatalogDefinition } from './catalog.ts';
import type { FunctionImplementation } from '../functions/types.ts';
import { mcpCatalogHead, mcpComponentIndex } from './definitions/mcp-head.ts';

/** The MCP catalog id (`https://a2ui.org/specification/v1_0/catalogs/mcp/catalog.json`). */
export const MCP_CATALOG_ID: string = mcpCatalogHead.catalogId;

const parts = {
  head: mcpCatalogHead as unknown as CatalogDefinition,
  components: mcpComponentIndex,
  whole: () => schemaValidator.loaded?.mcpCatalogDefinition as unknown as CatalogDefinition | undefined,
};

/**
 * A fresh MCP catalog with these function bodies (register it with `store.registerCatalog`, or let
 * `configureMcpCatalog` do it). Its `definition` and component `schema`s are there once the schema
 * validator has arrived.
 */
export function mcpCatalog(implementations: Record<string, FunctionImplementation> = {}): Catalog {
  return builtInCatalog(parts, implementations);
}
