/**
 * The sandbox as the script-tag file has it: this small front is in its first load, and the rest
 * (`<a2ui-mcp-app>`, the McpApp component element, the MCP catalog's function bodies; see
 * index.ts) arrives on first use — with the first McpApp component rendered, the first call of an
 * MCP catalog function, or right away in the background once a page calls `configureMcpCatalog`
 * or `configureSandbox` (it is going to host apps). A bundler importing `a2ui-elements/sandbox`
 * gets index.ts itself instead.
 *
 * While it loads, an McpApp renders as the placeholder; a function call waits for it (a binding
 * shows pending). A failed load is an EXECUTION_ERROR to the agent (lazy-elements.ts, the call's
 * error) and the next use tries again.
 */
import { mcpCatalog, MCP_CATALOG_ID, type A2uiStore, type Catalog } from '../src/index.ts';
import { lazyModule } from '../src/internal.ts';
import { defineOnFirstUse } from '../elements/lazy-elements.ts';
import { registerComponent } from '../elements/registry.ts';
import { configureSandbox as configure, type SandboxConfig } from './config.ts';
import type { McpCatalogOptions } from './functions/types.ts';

/** The sandbox module (index.ts), loaded once on first use. */
const sandbox = lazyModule('the MCP Apps sandbox', () => import('./index.ts'));

export { MCP_CATALOG_ID };

defineOnFirstUse('a2ui-mcp-app-component', 'the MCP Apps sandbox', sandbox.load);
registerComponent(MCP_CATALOG_ID, 'McpApp', 'a2ui-mcp-app-component');

/**
 * Loads the sandbox now (once) and resolves with its module: `<a2ui-mcp-app>` is defined then,
 * and its classes (`A2uiMcpApp`, `A2uiMcpAppComponent`, `decodeHtmlContent`, `hostFor`) are on it.
 * For a page that writes `<a2ui-mcp-app>` itself.
 */
export function loadSandbox(): Promise<typeof import('./index.ts')> {
  return sandbox.load();
}

/** Options given before the sandbox arrived, per store (handed to the real `configureMcpCatalog` then). */
const early = new WeakMap<A2uiStore, McpCatalogOptions>();

/**
 * Registers the MCP catalog in `store` and sets options, as `configureMcpCatalog` of
 * `a2ui-elements/sandbox` does; the function bodies arrive with the sandbox, which starts loading
 * now. Returns the store's MCP catalog.
 */
export function configureMcpCatalog(store: A2uiStore, options: McpCatalogOptions = {}): Catalog {
  if (sandbox.loaded) return sandbox.loaded.configureMcpCatalog(store, options);
  early.set(store, { ...early.get(store), ...options });
  void sandbox.load().then(
    (m) => m.configureMcpCatalog(store, early.get(store)),
    () => {
      // Reported by the first use that needs it (a function call, an McpApp).
    },
  );
  const existing = store.catalog(MCP_CATALOG_ID);
  if (existing) return existing;
  // Each body loads the sandbox, whose configureMcpCatalog puts the real bodies in, then runs the real one.
  const catalog = mcpCatalog();
  for (const name of catalog.functionNames) {
    catalog.implement(name, (args, ctx) =>
      sandbox.with((m) => m.configureMcpCatalog(store, early.get(store)).function(name)!.implementation!(args, ctx)),
    );
  }
  return store.registerCatalog(catalog);
}

/** The options `configureMcpCatalog` holds for `store`, or undefined. */
export function mcpCatalogOptions(store: A2uiStore): Readonly<McpCatalogOptions> | undefined {
  return sandbox.loaded ? sandbox.loaded.mcpCatalogOptions(store) : early.get(store);
}

/** Sets where every `<a2ui-mcp-app>` loads the sandbox proxy from, and starts loading the sandbox. */
export function configureSandbox(options: Partial<SandboxConfig>): void {
  configure(options);
  void sandbox.load().catch(() => {});
}

export type { SandboxConfig } from './config.ts';
export type {
  McpAppHost, McpAppCsp, McpAppPermissions, McpAppData, McpAppStatus, McpAppStatusDetail, McpAppRejection, McpAppDownloadFile, McpAppDownloadDetail,
} from './host.ts';
export type { McpCatalogOptions } from './functions/types.ts';
