import type { A2uiInspector } from '../elements/inspector.ts';
import { feedStream } from '../src/transport/index.ts';
import { demoStore, ready, setupPage, showOutbound } from './shared/page.ts';
import { slowStream } from './shared/stream.ts';
import { jsonl } from './surfaces/common.ts';
import { hello, helloReply } from './surfaces/hello.ts';

setupPage();
const store = demoStore();
const surface = document.getElementById('hello')!;
(surface as HTMLElementTagNameMap['a2ui-surface']).store = store;
(document.getElementById('inspector') as A2uiInspector).store = store;
showOutbound(surface, document.getElementById('hello-out')!);
// The scripted agent answers an order a moment later, as a real one would over the wire.
surface.addEventListener('a2ui-action', (e) => {
  const { action } = e.detail;
  if (action.name === 'order_coffee') setTimeout(() => store.process(helloReply(action.context)), 400);
});
await feedStream(store, slowStream(jsonl(hello()), { chunk: 64, delayMs: 30 }));
ready();
