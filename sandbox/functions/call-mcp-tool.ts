/**
 * `callMcpTool`: runs an MCP tool through the host's client and returns the response object;
 * with `targetDataPath` it also writes it there, latest call per path winning. A failed call
 * (`isError`, a thrown request, no client) is an EXPRESSION_ERROR and changes nothing.
 */
import { ExpressionError, isObject, thrownMessage, type A2uiStore, type FunctionImplementation } from '../../src/index.ts';
import { forwardA2ui } from './a2ui-messages.ts';
import { targetKey, type LatestWins } from './latest-wins.ts';
import { asCallToolResult, toolErrorText, toolResponse } from './tool-result.ts';
import type { McpCatalogOptions, McpToolClient, McpToolResponse } from './types.ts';
import { rememberApp } from './resolved-apps.ts';
import { resolveUiResources } from './ui-resources.ts';

/** What the implementation shares with `configureMcpCatalog`. */
export interface CallMcpToolState {
  readonly store: A2uiStore;
  readonly options: McpCatalogOptions;
  readonly latest: LatestWins;
}

async function clientFor(options: McpCatalogOptions, toolName: string, surfaceId: string | undefined): Promise<McpToolClient> {
  if (!options.clientFor) {
    throw new ExpressionError(
      `Cannot call MCP tool '${toolName}': no MCP client is configured (configureMcpCatalog(store, { clientFor }))`,
      { surfaceId },
    );
  }
  let client: McpToolClient | null | undefined;
  try {
    client = await options.clientFor(toolName);
  } catch (e) {
    throw new ExpressionError(`Cannot call MCP tool '${toolName}': finding its client failed: ${thrownMessage(e)}`, { surfaceId });
  }
  if (!client || typeof client.callTool !== 'function') {
    throw new ExpressionError(`Cannot call MCP tool '${toolName}': no MCP client serves it`, { surfaceId });
  }
  return client;
}

/** A JSON-only copy, so the data model never shares objects with the returned value. */
function jsonCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** The `callMcpTool` body for one store. */
export function callMcpTool(state: CallMcpToolState): FunctionImplementation {
  return async (args, ctx): Promise<McpToolResponse> => {
    const surfaceId = ctx.surfaceId;
    const toolName = typeof args.name === 'string' ? args.name : '';
    if (!toolName) throw new ExpressionError('callMcpTool needs the name of a tool', { surfaceId });
    const toolInput = isObject(args.arguments) ? jsonCopy(args.arguments) : {};
    const target = typeof args.targetDataPath === 'string' && args.targetDataPath !== '' ? args.targetDataPath : undefined;
    const key = target === undefined ? undefined : targetKey(surfaceId, target);
    const isLatest = key === undefined ? () => true : state.latest.take(key);
    try {
      const client = await clientFor(state.options, toolName, surfaceId);
      let raw: unknown;
      try {
        raw = await client.callTool({ name: toolName, arguments: toolInput });
      } catch (e) {
        throw new ExpressionError(`MCP tool '${toolName}' failed: ${thrownMessage(e)}`, { surfaceId });
      }
      const result = asCallToolResult(raw);
      if (!result) throw new ExpressionError(`MCP tool '${toolName}' did not return a CallToolResult`, { surfaceId });
      if (result.isError) throw new ExpressionError(`MCP tool '${toolName}' returned an error: ${toolErrorText(result)}`, { surfaceId });
      const response = toolResponse(toolName, toolInput, result);
      const ui = await resolveUiResources(client, toolName, result);
      if (ui.app) {
        Object.assign(response, ui.app);
        // The McpApp component showing it finds its server and metadata here, not in the data model.
        rememberApp(state.store, ui.app, client);
      }
      // A call overtaken by a newer one on the same path has no effects: its value is only returned.
      if (!isLatest()) return response;
      forwardA2ui(state.store, ui.a2ui);
      if (target !== undefined) ctx.write(target, jsonCopy(response));
      if (ui.app) notifyApp(state.options, ui.app, { surfaceId, toolName, targetDataPath: target });
      return response;
    } finally {
      if (key !== undefined) state.latest.release(key, isLatest);
    }
  };
}

function notifyApp(options: McpCatalogOptions, ...args: Parameters<NonNullable<McpCatalogOptions['onMcpAppResource']>>): void {
  try {
    options.onMcpAppResource?.(...args);
  } catch {
    // The host's callback fault is the host's; the call itself succeeded.
  }
}
