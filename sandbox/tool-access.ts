/**
 * Which MCP client runs an app's `tools/call`, and whether the app may call that tool at all
 * (MCP Apps: hosts MUST enforce visibility). A tool runs only when its client's `tools/list`
 * lists it, its `_meta.ui.visibility` includes `"app"` (the default is `["model","app"]`), and
 * the client is the one the app's resource came from, unless the host maps it explicitly.
 */
import type { McpAppClient, McpAppHost } from './host.ts';
import { isPlainObject } from './json.ts';

/** Where a call goes, or why it may not. */
export type ToolRoute = { client: McpAppClient } | { problem: string };

/** Pages of `tools/list` read per client before giving up (a hostile server cannot loop us). */
const MAX_PAGES = 20;

/** True when a tool's `_meta` lets apps call it. */
export function visibleToApps(meta: unknown): boolean {
  const ui = isPlainObject(meta) ? meta.ui : undefined;
  const visibility = isPlainObject(ui) ? ui.visibility : undefined;
  return !Array.isArray(visibility) || visibility.includes('app');
}

export class ToolAccess {
  /** Per client: tool name → `_meta`, read once per session. */
  private readonly lists = new Map<McpAppClient, Promise<Map<string, unknown>>>();

  constructor(private readonly host: McpAppHost) {}

  /** True when the host gave us a way to check tools (otherwise the older `callTool` path applies). */
  get checks(): boolean {
    return typeof this.host.clientForTool === 'function' || this.host.appClient !== undefined;
  }

  async route(name: string): Promise<ToolRoute> {
    const { appClient, crossServerTools = [] } = this.host;
    const client = (this.host.clientForTool ? await this.host.clientForTool(name) : appClient) ?? null;
    if (!client || typeof client.callTool !== 'function') return { problem: `No MCP server serves tool '${name}'` };
    if (appClient && client !== appClient && !crossServerTools.includes(name)) {
      return { problem: `Tool '${name}' belongs to another server than the app's` };
    }
    const tools = await this.list(client);
    if (!tools.has(name)) return { problem: `Tool '${name}' is not listed by its server` };
    if (!visibleToApps(tools.get(name))) return { problem: `Tool '${name}' is not visible to apps` };
    return { client };
  }

  private list(client: McpAppClient): Promise<Map<string, unknown>> {
    let list = this.lists.get(client);
    if (!list) {
      list = readAll(client);
      this.lists.set(client, list);
      // An empty or failed read is not remembered: the next call asks again.
      void list.then((tools) => tools.size === 0 && this.lists.delete(client));
    }
    return list;
  }
}

async function readAll(client: McpAppClient): Promise<Map<string, unknown>> {
  const tools = new Map<string, unknown>();
  if (typeof client.listTools !== 'function') return tools;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.listTools(cursor === undefined ? undefined : { cursor }).catch(() => null);
    const list = isPlainObject(res) && Array.isArray(res.tools) ? res.tools : [];
    for (const t of list) if (isPlainObject(t) && typeof t.name === 'string') tools.set(t.name, t._meta);
    cursor = isPlainObject(res) && typeof res.nextCursor === 'string' && res.nextCursor ? res.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return tools;
}
