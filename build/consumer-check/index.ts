// Type-checked by build/hosts.mjs against dist/*.d.ts, as a TypeScript user of the package would
// see them (strict, no experimentalDecorators, declarations of dependencies checked too).
import { A2uiStore, feedResponse, type OutboundMessage } from 'a2ui-elements';
import { requestBody } from 'a2ui-elements/transport';
import { browserHost, type A2uiSurfaceElement } from 'a2ui-elements/elements';
import type { A2uiInspector } from 'a2ui-elements/inspector';
import { configureMcpCatalog, configureSandbox } from 'a2ui-elements/sandbox';
import { enableV09 } from 'a2ui-elements/v09';

const store = new A2uiStore({ host: browserHost });
enableV09(store);
configureSandbox({ baseUrl: 'https://sandbox.example.com/a2ui/' });
configureMcpCatalog(store, {});

// HTMLElementTagNameMap and HTMLElementEventMap entries.
const surface: A2uiSurfaceElement = document.createElement('a2ui-surface');
surface.store = store;
surface.surfaceId = 'main';
surface.addEventListener('a2ui-action', (e) => {
  const name: string = e.detail.action.name;
  const message: OutboundMessage = e.detail.message;
  void fetch('/agent', { method: 'POST', body: JSON.stringify(requestBody(store, message, { metadata: e.detail.metadata })) });
  void name;
});
const inspector: A2uiInspector = document.createElement('a2ui-inspector');
inspector.store = store;
document.createElement('a2ui-mcp-app').htmlContent = '<p>app</p>';
document.createElement('a2ui-text-field').node = undefined;

// The types are real, not `any`:
// @ts-expect-error surfaceId is a string
surface.surfaceId = 1;
// @ts-expect-error feedResponse needs a store and a Response
void feedResponse(store);

export async function load(url: string): Promise<number> {
  const result = await feedResponse(store, await fetch(url));
  return result.ok ? result.messages : -1;
}
