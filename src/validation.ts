/**
 * What arrives with the schema validator (`schemaValidator`, schema/validate.ts; the script-tag
 * file's first load; the Node and bundler entries' too): the code that runs
 * only while a message's components or a function call's arguments are checked, and the documents
 * it checks against. A message with components waits for it (the store holds it and the messages
 * after it, in order); a function call before it (from the host or the agent) answers after it.
 *
 * - the component rules (component-check.ts), reading child references (child-references.ts) and
 *   the graph rules (topology-check.ts);
 * - the argument coercions, checks and defaults of declared functions (rpc/check-args.ts);
 * - validating against a catalog (catalog-schemas.ts): the compiled JSON Schema validator, schema
 *   contexts, the common types;
 * - the built-in catalogs' definitions (their component and function schemas; the first load has
 *   their indexes: catalog/basic.ts, catalog/mcp.ts);
 * - the catalog rules (catalog/rules.ts), given to catalog.ts here: a catalog made before they
 *   arrived is checked when the validator first uses it.
 */
import { provideCatalogRules } from './catalog/catalog.ts';
import { catalogRules } from './catalog/rules.ts';

provideCatalogRules(catalogRules);

export { checkComponent } from './component-check.ts';
export { checkTopology } from './topology-check.ts';
export { checkArgs, checkAgentArgs } from './rpc/check-args.ts';
export { validateAgainst, validateComponentSchema } from './catalog-schemas.ts';
export { basicCatalog as basicCatalogDefinition } from './catalog/definitions/basic.ts';
export { mcpCatalog as mcpCatalogDefinition } from './catalog/definitions/mcp.ts';
