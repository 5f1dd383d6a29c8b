import type { A2uiInspector } from '../elements/inspector.ts';
import { A2uiTextParser } from '../src/transport/index.ts';
import { demoStore, ready, setupPage, showOutbound } from './shared/page.ts';
import { tripAnswer } from './surfaces/chat.ts';

setupPage();
const surface = document.getElementById('surface') as HTMLElementTagNameMap['a2ui-surface'];
const inspector = document.getElementById('inspector') as A2uiInspector;
const before = document.getElementById('bubble')!;
const after = document.getElementById('after')!;
const progress = document.getElementById('progress')!;
const speed = document.getElementById('speed') as HTMLSelectElement;
showOutbound(surface, document.getElementById('out')!);

/** Tokens of about four characters, as a model's tokenizer would cut English and JSON. */
function tokens(text: string): string[] {
  return text.match(/[\s\S]{1,4}/g) ?? [];
}

let run = 0;

/** Streams the scripted answer at the chosen token rate into a fresh store. */
async function play(): Promise<void> {
  const mine = ++run;
  const store = demoStore();
  surface.store = store;
  inspector.store = store;
  before.textContent = '';
  after.textContent = '';
  // Prose before the block goes to the first bubble, after it to the second.
  let target = before;
  store.onInbound(() => (target = after));
  const parser = new A2uiTextParser(store, { onText: (t) => target.append(t) });
  const all = tokens(tripAnswer());
  const perToken = 1000 / Number(speed.value);
  const start = performance.now();
  for (let i = 0; i < all.length; i++) {
    if (mine !== run) return;
    parser.push(all[i]);
    if (i % 20 === 0) progress.textContent = `${i} of ${all.length} tokens`;
    const due = start + (i + 1) * perToken;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  parser.end();
  progress.textContent = `${all.length} tokens in ${((performance.now() - start) / 1000).toFixed(1)} s`;
}

document.getElementById('replay')!.addEventListener('click', () => void play());
speed.addEventListener('change', () => void play());
// The screenshot script waits for data-ready: show the finished answer at once there.
if (new URLSearchParams(location.search).has('instant')) speed.value = '400';
await play();
ready();
