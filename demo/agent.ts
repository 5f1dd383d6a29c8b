import type { A2uiInspector } from '../elements/inspector.ts';
import type { OutboundMessage } from '../src/index.ts';
import { feedResponse, sendToAgent, type MetadataOptions } from '../src/transport/index.ts';
import { requestBody } from '../src/transport/sync.ts';
import { ScriptedAgent } from './agent/scripted-agent.ts';
import { demoStore, ready, setupPage, showOutbound } from './shared/page.ts';
import { restaurantCatalog } from './surfaces/booking.ts';

setupPage();
const store = demoStore();
// The page implements `localTime`; `checkAvailability` has no body here, so calls go to the agent.
store.registerCatalog(restaurantCatalog, {
  localTime: () => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, time: new Date().toISOString() }),
});
const agent = new ScriptedAgent('2026-06-12');
const surface = document.getElementById('surface')!;
(surface as HTMLElementTagNameMap['a2ui-surface']).store = store;
(document.getElementById('inspector') as A2uiInspector).store = store;
showOutbound(surface, document.getElementById('out')!);
const shown = document.getElementById('request')!;

/** Builds the request body and shows it on the page. */
const body = (s: typeof store, messages: OutboundMessage[], options: MetadataOptions) => {
  const b = requestBody(s, messages, options);
  shown.textContent = JSON.stringify(b, null, 2);
  return b;
};
const options = { fetch: agent.fetch as typeof fetch, inlineCatalogs: [restaurantCatalog], body };

// Everything the renderer sends goes to the agent; its answer streams back into the store.
store.onMessage((message, metadata) => void sendToAgent(store, '/agent', message, { ...options, metadata }));

// The first turn: no messages, just the capabilities (with the inline catalog).
await feedResponse(store, await agent.fetch('/agent', { method: 'POST', body: JSON.stringify(body(store, [], options)) }));
// Ready once the first availability answer arrived.
const deadline = Date.now() + 10_000;
while (store.agentCalls.pendingIds.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
while (store.agentCalls.pendingIds.length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
ready();
