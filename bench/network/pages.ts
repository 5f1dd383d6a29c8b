/**
 * The pages of the "first surface painted" row: one per implementation and surface, the same shape
 * for all. A classic inline script watches the frames; then a `<script type="module">` imports the
 * implementation the way its README tells a user, creates the renderer, fetches the agent's JSONL
 * from the same server and feeds it.
 *
 * The watcher (run from the start of the body, the same for every implementation): in every frame,
 * after its animation-frame callbacks, style and layout (a ResizeObserver callback on a 1-pixel
 * probe that changes width every frame, as bench/pages/timing.ts `watchFrames`), it looks through
 * the document and every open shadow root for each expected text as a text node with a non-empty
 * layout box (and, for the list, the expected number of `<img>` elements); the first frame in
 * which all are there is painted right after, and `painted` is `performance.now()` (from
 * navigation start) at the next frame's start.
 *
 * @module
 */
import type { NetworkSurface } from './surfaces.ts';

export type NetworkImpl = 'ours' | 'ours-one-file' | 'official';

/** What the watcher leaves in `window.__firstSurface`. */
export interface PageTimes {
  /** The frame in which every expected text had a layout box (its ResizeObserver callback). */
  ready: number;
  /** The next frame's start: the frame above has been painted. */
  painted: number;
  /** Texts still missing when the page gave up (only when it did). */
  missing?: string[];
  errors: string[];
}

function watcher(surface: NetworkSurface): string {
  const expected = JSON.stringify({ texts: surface.texts, images: surface.images });
  return `(() => {
  const expected = ${expected};
  const state = (window.__firstSurface = { errors: [] });
  addEventListener('error', (e) => state.errors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => state.errors.push(String(e.reason)));
  const range = document.createRange();
  const missing = () => {
    const want = new Set(expected.texts);
    let images = 0;
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.nodeType === 3) {
          const text = n.data.replace(/\\s+/g, ' ').trim();
          if (!text || !want.has(text)) continue;
          range.selectNodeContents(n);
          const box = range.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) want.delete(text);
        } else {
          if (n.localName === 'img') images++;
          if (n.shadowRoot) visit(n.shadowRoot);
        }
      }
    };
    visit(document.body);
    return images >= expected.images ? [...want] : [...want, images + ' of ' + expected.images + ' images'];
  };
  const probe = document.createElement('div');
  probe.style.cssText = 'position: fixed; left: 0; top: 0; height: 1px; width: 1px; pointer-events: none';
  document.body.append(probe);
  let done = false;
  const observer = new ResizeObserver(() => {
    if (done || missing().length) return;
    done = true;
    state.ready = performance.now();
    requestAnimationFrame(() => {
      state.painted = performance.now();
      observer.disconnect();
      probe.remove();
    });
  });
  observer.observe(probe);
  const tick = () => {
    if (done) return;
    probe.style.width = probe.style.width === '1px' ? '2px' : '1px';
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  state.missing = missing;
})();`;
}

/** The module script and the surface's host element, per implementation. */
function implementation(impl: NetworkImpl, surface: NetworkSurface, officialFile: string): { host: string; module: string } {
  const jsonl = `./agent-${surface.key}.jsonl`;
  if (impl === 'official') {
    // @a2ui/lit has no script-tag file: a bundler's one file with what its README's setup uses
    // (MessageProcessor, the basic catalog, the markdown context given `marked`).
    return {
      host: `<div id="surface"></div>`,
      module: `import { MessageProcessor, basicCatalog, Context, ContextProvider, marked } from './${officialFile}';
const processor = new MessageProcessor([basicCatalog]);
const host = document.getElementById('surface');
new ContextProvider(host, { context: Context.markdown, initialValue: async (md) => marked.parse(md, { async: false }) });
const response = await fetch('${jsonl}');
const messages = (await response.text()).split('\\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
processor.processMessages(messages);
const surface = document.createElement('a2ui-surface');
surface.surface = processor.model.getSurface('${surface.surfaceId}');
host.append(surface);`,
    };
  }
  // Ours, as README "In a page, with one script tag" tells a user.
  return {
    host: `<a2ui-surface id="surface" surface-id="${surface.surfaceId}"></a2ui-surface>`,
    module: `import { A2uiStore, browserHost, feedResponse } from './a2ui-elements.js';
const store = new A2uiStore({ host: browserHost });
store.onMessage((message) => { if ('error' in message) window.__firstSurface.errors.push(JSON.stringify(message.error)); });
document.getElementById('surface').store = store;
await feedResponse(store, await fetch('${jsonl}'));`,
  };
}

/** The page for `impl` showing `surface`; `officialFile`: the official bundle's (hashed) file name. */
export function page(impl: NetworkImpl, surface: NetworkSurface, officialFile: string): string {
  const { host, module } = implementation(impl, surface, officialFile);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${surface.title}</title></head>
<body>
<script>${watcher(surface)}</script>
${host}
<script type="module">
${module}
</script>
</body>
</html>
`;
}
