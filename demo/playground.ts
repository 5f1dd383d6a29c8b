import type { A2uiInspector } from '../elements/inspector.ts';
import { preloadComponents, type A2uiSurfaceElement } from '../elements/index.ts';
import { type A2uiStore } from '../src/index.ts';
import { preloadFunctions } from '../src/internal.ts';
import { feedStream } from '../src/transport/index.ts';
import { demoStore, ready, setupPage } from './shared/page.ts';
import { slowStream } from './shared/stream.ts';
import { EXAMPLES } from './surfaces/playground.ts';

setupPage();
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const textarea = $<HTMLTextAreaElement>('jsonl');
const select = $<HTMLSelectElement>('example');
const status = $('status');
// No surface-id: it shows every surface the store creates, in creation order.
const surfaces = $<A2uiSurfaceElement>('surfaces');
const inspector = $<A2uiInspector>('inspector');

select.innerHTML = EXAMPLES.map((e, i) => `<option value="${i}">${e.label}</option>`).join('');
select.addEventListener('change', () => (textarea.value = EXAMPLES[Number(select.value)].text()));
textarea.value = EXAMPLES[0].text();

let store: A2uiStore;
let offErrors: (() => void) | undefined;

function reset(): void {
  offErrors?.();
  store?.dispose();
  // Model-driven input: a bad component becomes a placeholder and its own error; the rest renders.
  store = demoStore({ partialUpdates: true });
  surfaces.store = store;
  inspector.store = store;
  inspector.clear();
  status.textContent = '';
}

async function run(slow: boolean): Promise<void> {
  status.textContent = slow ? 'streaming…' : '';
  const stream = slow ? slowStream(textarea.value, { chunk: 24, delayMs: 35 }) : slowStream(textarea.value, { chunk: 1 << 20, delayMs: 0 });
  // Every fault is answered with an `error` to the agent: a refused message, an invalid component
  // (a placeholder under partialUpdates), a binding that fails when it renders. Count them live.
  offErrors?.();
  let errors = 0;
  let read = 'reading…';
  const show = () => (status.textContent = `${read}${errors ? ` · ${errors} error${errors === 1 ? '' : 's'} sent to the agent (see the inspector)` : ''}`);
  offErrors = store.onError(() => {
    errors++;
    show();
  });
  const result = await feedStream(store, stream);
  const total = result.messages + (result.refused ?? 0);
  read = `${total} message${total === 1 ? '' : 's'} read${result.refused ? ` (${result.refused} refused)` : ''}${result.ok ? '' : ` (${result.error})`}`;
  show();
}

$('apply').addEventListener('click', () => void run(false));
$('stream').addEventListener('click', () => void run(true));
$('reset').addEventListener('click', reset);

// The examples format numbers and strings and use components defined on first use: fetch those
// while the first example applies, so the page is ready (for the screenshot and axe) only once its
// texts show their values and every component shows itself (a Modal's trigger is a Button only
// once the Button has arrived; until then it wraps the placeholder in a nameless button).
const pieces = Promise.all([preloadFunctions(), preloadComponents()]);
reset();
await run(false);
await pieces;
await surfaces.updateComplete;
await new Promise(requestAnimationFrame);
ready();
