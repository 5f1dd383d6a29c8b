/**
 * Dev-server middleware for the browser tests: the published example servers of
 * `@modelcontextprotocol/server-budget-allocator` and `server-system-monitor`, run unchanged in
 * this Node process and served over Streamable HTTP at `/__mcp/<name>` (same origin as the test
 * page). Stateless: every request gets a fresh server from the package's own `createServer()`,
 * as their `main.ts` does per session; the tools keep no state between calls.
 */
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const PACKAGES = {
  'budget-allocator': '@modelcontextprotocol/server-budget-allocator',
  'system-monitor': '@modelcontextprotocol/server-system-monitor',
};
const PREFIX = '/__mcp/';

/** Koa middleware answering MCP requests for the servers above. */
export async function mcpWidgetServers(ctx, next) {
  if (!ctx.path.startsWith(PREFIX)) return next();
  const name = ctx.path.slice(PREFIX.length);
  if (!Object.hasOwn(PACKAGES, name)) {
    ctx.status = 404;
    return;
  }
  const { createServer } = await import(PACKAGES[name]);
  const server = createServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  ctx.respond = false;
  ctx.res.on('close', () => void transport.close().then(() => server.close()));
  await server.connect(transport);
  await transport.handleRequest(ctx.req, ctx.res);
}
