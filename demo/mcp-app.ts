import type { A2uiInspector } from '../elements/inspector.ts';
import { configureMcpCatalog, configureSandbox, MCP_CATALOG_ID } from '../sandbox/index.ts';
import { CLOCK_UI, startMcp } from './mcp/server.ts';
import { demoStore, otherOrigin, ready, setupPage, showOutbound } from './shared/page.ts';
import { createSurface, path, text, updateComponents } from './surfaces/common.ts';
import noteWidget from './widgets/note-widget.html?raw';

setupPage();
// The sandbox proxy on the other loopback name: a second origin, as a sandbox domain would be.
const sandboxBaseUrl = `${otherOrigin()}/sandbox/`;
configureSandbox({ baseUrl: sandboxBaseUrl });
document.getElementById('proxy-origin')!.textContent = new URL(sandboxBaseUrl).origin;

const published = await (await fetch('./widgets/basic-vanillajs.html')).text();
const { client } = await startMcp(published);
const store = demoStore();
configureMcpCatalog(store, { clientFor: () => client, sandboxBaseUrl });

const surface = document.getElementById('surface')!;
(surface as HTMLElementTagNameMap['a2ui-surface']).store = store;
(document.getElementById('inspector') as A2uiInspector).store = store;
showOutbound(surface, document.getElementById('out')!);

// What an agent would send once it has read the tool's UI resource (resources/read).
const resource = (await client.readResource({ uri: CLOCK_UI })) as { contents: Array<{ text?: string }> };
const clockHtml = resource.contents[0]?.text ?? '';

const S = 'apps';
store.process([
  createSurface(S, { dataModel: { clock: { text: 'not asked yet' }, note: 'Buy oat milk' } }),
  updateComponents(S, [
    { id: 'root', component: 'Column', children: ['clock_card', 'note_card'] },
    { id: 'clock_card', component: 'Card', child: 'clock' },
    { id: 'clock', component: 'Column', children: ['clock_title', 'clock_about', 'clock_row', 'clock_app'] },
    text('clock_title', '### Server clock: the published basic widget'),
    text('clock_about', "The widget's own **Get Server Time** button calls `get-time` through the host (it is in `allowedTools`). The button below calls the same tool from the surface (`callMcpTool`) and writes the result to `/clock`, which the app sees as its `toolResult`; the Text beside it reads the same path.", { variant: 'caption' }),
    { id: 'clock_row', component: 'Row', align: 'center', children: ['ask', 'clock_text'] },
    {
      id: 'ask',
      component: 'Button',
      child: 'ask_label',
      action: { functionCall: { '@call': 'callMcpTool', catalogId: MCP_CATALOG_ID, args: { name: 'get-time', arguments: {}, targetDataPath: '/clock' } } },
    },
    text('ask_label', 'Ask the server from the surface'),
    text('clock_text', { '@call': 'formatString', args: { value: 'Server time: **${/clock/text}**' } }, { weight: 1 }),
    {
      id: 'clock_app',
      component: 'McpApp',
      '@catalogId': MCP_CATALOG_ID,
      title: 'Server clock',
      htmlContent: clockHtml,
      allowedTools: ['get-time'],
      data: { paths: { toolInput: '/clock/toolInput', toolResult: '/clock/toolResult' } },
    },
    { id: 'note_card', component: 'Card', child: 'note' },
    { id: 'note', component: 'Column', children: ['note_title', 'note_field', 'note_echo', 'note_app'] },
    text('note_title', '### Sticky note: `data.paths` both ways'),
    { id: 'note_field', component: 'TextField', label: 'The note, as an A2UI TextField', value: path('/note') },
    text('note_echo', { '@call': 'formatString', args: { value: 'Data model `/note`: *${/note}*' } }, { variant: 'caption' }),
    {
      id: 'note_app',
      component: 'McpApp',
      '@catalogId': MCP_CATALOG_ID,
      title: 'Sticky note',
      htmlContent: noteWidget,
      data: { paths: { note: '/note' } },
    },
  ]),
]);

// The agent's first move: call the tool once, so the clock shows a time from the start (the same
// call the surface's button makes; the result lands at /clock, the app's toolResult).
await store.execute(
  { '@call': 'callMcpTool', catalogId: MCP_CATALOG_ID, args: { name: 'get-time', arguments: {}, targetDataPath: '/clock' } },
  { surfaceId: S },
);

// Ready when both apps completed the MCP Apps handshake.
const apps = () => {
  const found: Array<{ status: string }> = [];
  const walk = (root: ParentNode) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'a2ui-mcp-app') found.push(el as unknown as { status: string });
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return found;
};
const deadline = Date.now() + 15_000;
while (Date.now() < deadline && !(apps().length === 2 && apps().every((a) => a.status === 'ready'))) await new Promise((r) => setTimeout(r, 100));
ready();
