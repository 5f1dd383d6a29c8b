/**
 * A real MCP server running in the page (`@modelcontextprotocol/server`), with the tool and the UI
 * resource of the published basic example server: `get-time`, whose `_meta.ui.resourceUri` points
 * at `ui://get-time/mcp-app.html`, the widget of `@modelcontextprotocol/server-basic-vanillajs`.
 * A client (`@modelcontextprotocol/client`) is linked to it over an in-memory transport.
 */
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';

export const CLOCK_UI = 'ui://get-time/mcp-app.html';
const APP_MIME = 'text/html;profile=mcp-app';

export async function startMcp(widgetHtml: string): Promise<{ client: Client; calls: string[] }> {
  const calls: string[] = [];
  const server = new McpServer({ name: 'a2ui-demo-clock', version: '1.0.0' });
  server.registerTool(
    'get-time',
    { title: 'Get time', description: 'Returns the current server time.', _meta: { ui: { resourceUri: CLOCK_UI } } },
    async () => {
      calls.push('get-time');
      const time = new Date().toISOString();
      return { content: [{ type: 'text', text: time }], structuredContent: { time } };
    },
  );
  server.registerResource(CLOCK_UI, CLOCK_UI, { mimeType: APP_MIME }, async () => ({
    contents: [{ uri: CLOCK_UI, mimeType: APP_MIME, text: widgetHtml }],
  }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-elements-demo', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, calls };
}
