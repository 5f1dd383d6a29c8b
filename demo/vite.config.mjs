// The demo's dev server: `npm start` (vite --config demo/vite.config.mjs).
//
// It serves the repository root so the demo runs on the sources (src/, elements/, sandbox/) and the
// MCP App sandbox proxy is sandbox/proxy.html. It listens on 127.0.0.1 only, and the same server is
// reached under two origins: the pages on http://localhost:<port>, the sandbox proxy on
// http://127.0.0.1:<port> (or the other way round): two origins, so the sandbox is isolated as it
// would be on a dedicated sandbox domain. Nothing leaves the machine; no API key.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASIC_WIDGET = resolve(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html');

/** `/` → the demo; the published MCP App widget served as plain text (Vite would inject its client into HTML). */
const demoRoutes = {
  name: 'a2ui-demo-routes',
  configureServer(server) {
    server.httpServer?.once('listening', () => {
      const { port } = server.httpServer.address();
      setTimeout(() => server.config.logger.info(`\n  demo: http://localhost:${port}/demo/   (MCP App sandbox proxy on http://127.0.0.1:${port})\n`), 0);
    });
    server.middlewares.use(async (req, res, next) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/' || path === '/index.html') {
        res.writeHead(302, { location: '/demo/' }).end();
      } else if (path === '/demo/widgets/basic-vanillajs.html') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(await readFile(BASIC_WIDGET));
      } else {
        next();
      }
    });
  },
  configurePreviewServer(server) {
    this.configureServer(server);
  },
};

export default defineConfig({
  root: ROOT,
  publicDir: false,
  appType: 'mpa',
  server: {
    host: '127.0.0.1',
    port: 5173,
    // Both loopback names are this machine.
    allowedHosts: ['localhost', '127.0.0.1'],
  },
  // jmespath is CommonJS: pre-bundled for the browser like the other dependencies.
  optimizeDeps: { include: ['jmespath', 'marked', 'lit', 'signal-polyfill'] },
  plugins: [demoRoutes],
});
