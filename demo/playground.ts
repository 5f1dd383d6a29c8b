import type { A2uiInspector } from '../elements/inspector.ts';
import { onInbound } from '../elements/inspector.ts';
import type { A2uiStore } from '../src/index.ts';
import { feedStream } from '../src/transport/index.ts';
import { demoStore, ready, setupPage } from './shared/page.ts';
import { slowStream } from './shared/stream.ts';
import { EXAMPLES } from './surfaces/playground.ts';

setupPage();
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const textarea = $<HTMLTextAreaElement>('jsonl');
const select = $<HTMLSelectElement>('example');
const status = $('status');
const surfaces = $('surfaces');
const inspector = $<A2uiInspector>('inspector');

select.innerHTML = EXAMPLES.map((e, i) => `<option value="${i}">${e.label}</option>`).join('');
select.addEventListener('change', () => (textarea.value = EXAMPLES[Number(select.value)].text()));
textarea.value = EXAMPLES[0].text();

let store: A2uiStore;
let stop: (() => void) | undefined;

/** One `<a2ui-surface>` per live surface of the store, in creation order. */
function syncSurfaces(): void {
  const ids = store.surfaceIds;
  for (const el of [...surfaces.querySelectorAll('a2ui-surface')]) if (!ids.includes(el.surfaceId!)) el.remove();
  for (const id of ids) {
    if (surfaces.querySelector(`a2ui-surface[surface-id="${CSS.escape(id)}"]`)) continue;
    const el = document.createElement('a2ui-surface');
    el.setAttribute('surface-id', id);
    el.store = store;
    surfaces.append(el);
  }
  $('empty').hidden = ids.length > 0;
}

function reset(): void {
  stop?.();
  store?.dispose();
  store = demoStore();
  for (const el of surfaces.querySelectorAll('a2ui-surface')) el.remove();
  inspector.store = store;
  inspector.clear();
  stop = onInbound(store, () => queueMicrotask(syncSurfaces));
  syncSurfaces();
  status.textContent = '';
}

async function run(slow: boolean): Promise<void> {
  status.textContent = slow ? 'streaming…' : '';
  const stream = slow ? slowStream(textarea.value, { chunk: 24, delayMs: 35 }) : slowStream(textarea.value, { chunk: 1 << 20, delayMs: 0 });
  // Each refused message gets exactly one `error` (sent to the agent): count them apart.
  let refused = 0;
  const off = store.onError(() => refused++);
  const result = await feedStream(store, stream);
  off();
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  const applied = Math.max(0, result.messages - refused);
  status.textContent = result.ok
    ? `${n(result.messages, 'message')}: ${applied} applied${refused ? `, ${refused} refused (${n(refused, 'error')} sent to the agent)` : ''}`
    : `${n(result.messages, 'message')} (${result.error})`;
}

$('apply').addEventListener('click', () => void run(false));
$('stream').addEventListener('click', () => void run(true));
$('reset').addEventListener('click', reset);

reset();
await run(false);
ready();
