/**
 * `configureMcpCatalog`: the one call that gives a store the MCP catalog's function bodies and
 * tells them how to reach MCP clients. Options live per store; calling again updates them.
 */
import type { A2uiStore, Catalog, FunctionImplementation, NodeStore } from '../../src/index.ts';
import { callMcpTool, type CallMcpToolState } from './call-mcp-tool.ts';
import { mcpCatalog, MCP_CATALOG_ID } from '../../src/index.ts';
import { jmespathFunction } from './jmespath.ts';
import { LatestWins } from './latest-wins.ts';
import { regexCapture, regexReplace, split } from './text.ts';
import type { McpCatalogOptions } from './types.ts';
import { updateDataModel } from './update-data-model.ts';

export { MCP_CATALOG_ID };

interface StoreState extends CallMcpToolState {
  readonly implementations: Record<string, FunctionImplementation>;
}
const states = new WeakMap<NodeStore, StoreState>();

function stateOf(store: A2uiStore): StoreState {
  let state = states.get(store);
  if (state) return state;
  const base: CallMcpToolState = { store, options: {}, latest: new LatestWins() };
  const bodies: Record<string, FunctionImplementation> = {
    callMcpTool: callMcpTool(base),
    jmespath: jmespathFunction,
    split,
    regexCapture,
    regexReplace,
    updateDataModel,
  };
  // Only what the catalog declares: a catalog rejects bodies for functions it does not have.
  const declared = mcpCatalog().functionNames;
  const implementations = Object.fromEntries(Object.entries(bodies).filter(([name]) => declared.includes(name)));
  states.set(store, (state = { ...base, implementations }));
  return state;
}

/**
 * Registers the MCP catalog in `store` (or, if it is already registered, gives it our function
 * bodies) and sets options. Options given replace the earlier ones key by key; a key present with
 * `undefined` clears that option. Returns the store's MCP catalog.
 *
 * @example
 * configureMcpCatalog(store, { clientFor: () => client, onMcpAppResource: (app) => show(app) });
 */
export function configureMcpCatalog(store: A2uiStore, options: McpCatalogOptions = {}): Catalog {
  const state = stateOf(store);
  for (const key of Object.keys(options) as Array<keyof McpCatalogOptions>) {
    (state.options as Record<string, unknown>)[key] = options[key];
  }
  const existing = store.catalog(MCP_CATALOG_ID);
  if (!existing) {
    return store.registerCatalog(mcpCatalog({ ...state.implementations }));
  }
  for (const [name, body] of Object.entries(state.implementations)) {
    const decl = existing.function(name);
    if (decl && decl.implementation !== body) existing.implement(name, body);
  }
  return existing;
}

/** The options `configureMcpCatalog` holds for `store` (for the McpApp element), or undefined. */
export function mcpCatalogOptions(store: NodeStore): Readonly<McpCatalogOptions> | undefined {
  return states.get(store)?.options;
}
