import { feedStream } from '../src/transport/index.ts';
import { demoStore, ready, setupPage, showOutbound } from './shared/page.ts';
import { slowStream } from './shared/stream.ts';
import { jsonl } from './surfaces/common.ts';
import { GALLERY } from './surfaces/gallery.ts';

setupPage();
const store = demoStore();
const grid = document.getElementById('gallery')!;

for (const example of GALLERY) {
  const panel = document.createElement('section');
  panel.className = 'panel';
  panel.innerHTML = `<h2></h2><p class="hint"></p><a2ui-surface surface-id="${example.id}"></a2ui-surface>
    <div class="outbound"></div>
    <details><summary class="status">The messages (JSONL)</summary><pre class="code"></pre></details>`;
  panel.querySelector('h2')!.textContent = example.title;
  panel.querySelector('.hint')!.textContent = example.about;
  panel.querySelector('pre')!.textContent = jsonl(example.messages());
  const surface = panel.querySelector('a2ui-surface')!;
  surface.store = store;
  showOutbound(surface, panel.querySelector('.outbound')!);
  grid.append(panel);
}

// All four arrive as one stream, the way an agent would send them.
await feedStream(store, slowStream(jsonl(GALLERY.flatMap((g) => g.messages())), { chunk: 512, delayMs: 5 }));
ready();
