/**
 * The MCP catalog's `McpApp` component on an A2UI surface: resolves the component's properties
 * and hands `<a2ui-mcp-app>` a host adapter over the surface (data model in the component's scope,
 * actions, the surface's catalog functions, and MCP tools through `configureMcpCatalog`'s clients).
 * When the app's HTML is one a `callMcpTool` of this store resolved, the element also gets that
 * server's client (`appClient`), the resource's URI and its `_meta.ui` domain, csp and permissions
 * (`functions/resolved-apps.ts`); the component's own `csp` and `permissions` win when given.
 */
import { html } from 'lit';
import { Signal } from 'signal-polyfill';
import { A2uiError, type ComponentNode } from '../src/index.ts';
import { A2uiElement } from '../elements/base.ts';
import { registerComponent } from '../elements/registry.ts';
import { FAREWELL_MS } from '../elements/farewell.ts';
import { MCP_CATALOG_ID, mcpCatalogOptions, type McpToolClient } from './functions/index.ts';
import { resolvedApp } from './functions/resolved-apps.ts';
import type { JsonSchema, McpAppClient, McpAppCsp, McpAppData, McpAppHost, McpAppPermissions, McpAppStatusDetail } from './host.ts';
import { A2uiMcpApp } from './mcp-app.ts';

// Written out (not defineElement) for the custom elements manifest's analyzer; none in a server.
if (typeof customElements !== 'undefined' && !customElements.get('a2ui-mcp-app')) customElements.define('a2ui-mcp-app', A2uiMcpApp);

/** One host adapter per component node and app server, so re-renders never reload the app. */
const hosts = new WeakMap<ComponentNode, Map<McpToolClient | undefined, McpAppHost>>();

/**
 * The {@link McpAppHost} of a component node; with `appClient`, the client the app's resource was
 * read from (its tools only, unless mapped; its resources), as on a bare `<a2ui-mcp-app>`.
 */
export function hostFor(node: ComponentNode, appClient?: McpToolClient): McpAppHost {
  let byClient = hosts.get(node);
  if (!byClient) hosts.set(node, (byClient = new Map()));
  let host = byClient.get(appClient);
  if (host) return host;
  const { store, surface, context } = node;
  const model = surface.dataModel;
  host = {
    // Reads from the app's bridge must not become dependencies of whatever render is running.
    read: (path) => Signal.subtle.untrack(() => model.get(context.path(path))),
    write: (path, value) => model.set(context.path(path), value),
    subscribe: (path, cb) => model.subscribe(context.path(path), cb),
    dispatchAction: (name, ctx) => store.dispatchAction({ name, surfaceId: surface.id, sourceComponentId: node.id, context: ctx }),
    // Arguments are the app's data: run the function with them as values, never as bindings.
    callFunction: async (name, args) => await context.invoke(name, args, undefined, { kind: 'action', userActivated: false }),
    hostContext: () => ({
      locale: store.locale,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  };
  const clientFor = mcpCatalogOptions(store)?.clientFor;
  // The app's tools/call then runs only for tools its client lists as visible to apps.
  if (clientFor) host.clientForTool = clientFor;
  if (appClient) host.appClient = appClient as McpAppClient;
  byClient.set(appClient, host);
  return host;
}

/**
 * `<a2ui-mcp-app-component>`: the MCP catalog's `McpApp` component: an `<a2ui-mcp-app>` for the component's resource, wired to its surface.
 *
 * @csspart mcp-app - the `<a2ui-mcp-app>` (its own parts are in its shadow root)
 */
export class A2uiMcpAppComponent extends A2uiElement {
  /** Called before the component leaves the page (its surface deleted, or the agent dropped it): the app gets `ui/resource-teardown`. */
  async beforeRemove(): Promise<void> {
    await this.querySelector<A2uiMcpApp>(':scope > a2ui-mcp-app')?.teardown(FAREWELL_MS);
  }

  protected renderComponent(node: ComponentNode): unknown {
    const record = node.record!;
    const data = record.props.data as McpAppData | undefined;
    const htmlContent = node.text('htmlContent');
    // An app a tool call of this store resolved: its server, URI and `_meta.ui`, as the server gave them.
    const app = resolvedApp(node.store, htmlContent);
    const meta = app?.resource;
    return html`<a2ui-mcp-app
      part="mcp-app"
      .htmlContent=${htmlContent}
      .title=${node.text('title')}
      .allowedTools=${(record.props.allowedTools as string[] | undefined) ?? []}
      .allowedFunctions=${(record.props.allowedFunctions as Record<string, JsonSchema> | undefined) ?? {}}
      .data=${data ?? { paths: {} }}
      .csp=${(record.props.csp ?? meta?.csp ?? undefined) as McpAppCsp | undefined}
      .permissions=${(record.props.permissions ?? meta?.permissions ?? undefined) as McpAppPermissions | undefined}
      .resourceUri=${meta?.uri}
      .domain=${meta?.domain ?? undefined}
      .accessibilityLabel=${this.acc.label}
      .accessibilityDescription=${this.acc.description}
      .sandboxBaseUrl=${mcpCatalogOptions(node.store)?.sandboxBaseUrl}
      .host=${hostFor(node, app?.client)}
      @mcp-app-status=${(e: CustomEvent<McpAppStatusDetail>) => this.reportFailure(node, e.detail)}
    ></a2ui-mcp-app>`;
  }

  /** An app that cannot start (or fails) is an `error` to the agent (TIMEOUT when nothing answered). */
  private reportFailure(node: ComponentNode, { status, reason, code }: McpAppStatusDetail): void {
    if (status !== 'error') return;
    node.report(new A2uiError(code ?? 'EXECUTION_ERROR', `McpApp '${node.id}' failed: ${reason}`, { surfaceId: node.surface.id }));
  }
}

// Written out (not defineElement) for the custom elements manifest's analyzer; none in a server.
if (typeof customElements !== 'undefined' && !customElements.get('a2ui-mcp-app-component')) customElements.define('a2ui-mcp-app-component', A2uiMcpAppComponent);
registerComponent(MCP_CATALOG_ID, 'McpApp', 'a2ui-mcp-app-component');

declare global {
  interface HTMLElementTagNameMap {
    'a2ui-mcp-app-component': A2uiMcpAppComponent;
  }
}
