import type { A2uiInspector } from '../elements/inspector.ts';
import { feedStream } from '../src/transport/index.ts';
import { demoStore, ready, setupPage, showOutbound } from './shared/page.ts';
import { slowStream } from './shared/stream.ts';
import { jsonl } from './surfaces/common.ts';
import { hello } from './surfaces/hello.ts';

setupPage();
const store = demoStore();
const surface = document.getElementById('hello')!;
(surface as HTMLElementTagNameMap['a2ui-surface']).store = store;
(document.getElementById('inspector') as A2uiInspector).store = store;
showOutbound(surface, document.getElementById('hello-out')!);
await feedStream(store, slowStream(jsonl(hello()), { chunk: 64, delayMs: 30 }));
ready();
