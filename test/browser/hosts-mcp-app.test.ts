/**
 * An MCP App in the React and Vue host apps (test/hosts/, built by Vite from the packed tarball),
 * with no `configureSandbox`: the package's proxy page must reach the app's build as an asset of
 * the package and run the published basic widget. Before issue 35 the default looked for
 * `assets/proxy.html`, which the app's server answered with the app's own page, and the widget
 * read "the sandbox proxy did not respond" after 15 s.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

/** The text of every MCP App frame in the page (cross-origin: read by the browser). */
const appText = async () => (await executeServerCommand<string[], undefined>('app-frames-text')).join('\n');

interface McpAppElement extends HTMLElement {
  status: string;
  statusReason: string | undefined;
  securityWarning: string | null;
}

/** Loads `/test/hosts/<name>/dist/index.html` in a frame and waits until its McpApp is ready or failed. */
async function hostedApp(name: string): Promise<{ app: McpAppElement; proxy: URL }> {
  const url = `/test/hosts/${name}/dist/index.html`;
  expect((await fetch(url)).ok, `${url} is not served (run \`npm run build\` first)`).to.equal(true);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 600px; height: 900px; border: 0';
  frame.src = url;
  document.body.append(frame);
  await new Promise((ok) => frame.addEventListener('load', ok, { once: true }));
  const doc = frame.contentDocument!;
  const find = () => doc.querySelector('a2ui-surface[surface-id="widget"]')?.shadowRoot?.querySelector<McpAppElement>('a2ui-mcp-app');
  // Up to 25 s: the start timeout is 15 s, after which a missing proxy shows as `error`.
  await waitUntil(() => ['ready', 'error'].includes(find()?.status ?? ''), `${name}: the McpApp never became ready or failed`, { timeout: 25_000 });
  const app = find()!;
  const src = app.shadowRoot?.querySelector('iframe')?.src;
  return { app, proxy: new URL(src ?? 'about:blank') };
}

for (const name of ['react', 'vue']) {
  describe(`host: ${name} app (Vite build from the packed tarball), an MCP App with no configureSandbox`, () => {
    afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

    it('runs the published basic widget through the proxy page the bundler copied from the package', async function () {
      this.timeout(40_000);
      const { app, proxy } = await hostedApp(name);
      expect(app.status, `status ${app.status}: ${app.statusReason}`).to.equal('ready');
      // The page's own origin (no separate sandbox origin configured): works, reported as weaker.
      expect(app.securityWarning).to.equal('proxy-same-origin');
      expect(proxy.origin).to.equal(location.origin);
      expect(proxy.pathname).to.match(new RegExp(`^/test/hosts/${name}/dist/assets/proxy-[\\w-]+\\.html$`));
      expect(proxy.searchParams.get('host')).to.equal(location.origin);
      // What the user sees inside the widget's frame.
      await waitUntil(async () => (await appText()).includes('Get Server Time'), `${name}: the widget's text never showed`, { timeout: 10_000 });
      expect(await appText()).to.include('Server Time:');
    });
  });
}
