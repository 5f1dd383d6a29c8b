/**
 * The store's share of the bench workloads, in Node (no DOM): the same payloads fed to an
 * `A2uiStore` (and through an `A2uiTextParser` for stream-text), timed per run, plus validation
 * alone per 1,000 components. Quick to profile: `node --cpu-prof --import tsx bench/node-store.ts`.
 *
 * @module
 */
import { A2uiStore, ComponentNode } from '../src/index.ts';
import { preloadFunctions } from '../src/internal.ts';
// The parser itself, not the first-use loader of src/index.ts (which would only queue the chunks here).
import { A2uiTextParser } from '../src/transport/text.ts';
import { validateComponentSchema } from '../src/schema-check.ts';
import * as M from './workloads/messages.ts';

const runs = Number(process.argv[2] ?? 20);
const only = process.argv[3];

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function store(): A2uiStore {
  const s = new A2uiStore({ locale: 'en-US' });
  s.onMessage((m) => {
    if ('error' in m) throw new Error(JSON.stringify(m));
  });
  return s;
}

const cases: Record<string, () => number> = {
  'stream-in (1,000 components, 100 messages)': () => {
    const d = M.streamIn('v10', 's', 1000, 100);
    const s = store();
    s.process(d.setup);
    return time(() => {
      for (const m of d.stream) s.process([m]);
    });
  },
  'list-1000 initial': () => {
    const msgs = M.templateList('v10', 's', M.listItems(0, 1000));
    const s = store();
    return time(() => s.process(msgs));
  },
  'format setup (500 Texts)': () => {
    const d = M.formatHeavy('v10', 's', 500);
    const s = store();
    return time(() => s.process(d.setup));
  },
  'format update (500 Texts re-evaluated)': () => {
    const d = M.formatHeavy('v10', 's', 500);
    const s = store();
    s.process(d.setup);
    const surface = s.surface('s')!;
    const nodes = Array.from({ length: 500 }, (_, i) => new ComponentNode(s, surface, `t${i}`, s.context('s')!));
    for (const n of nodes) n.text('text');
    return time(() => {
      s.process([d.update('changed')]);
      for (const n of nodes) n.text('text');
    });
  },
  'list-1000 initial (1,000 items expanded)': () => {
    const msgs = M.templateList('v10', 's', M.listItems(0, 1000));
    const s = store();
    return time(() => {
      s.process(msgs);
      const root = new ComponentNode(s, s.surface('s')!, 'root', s.context('s')!);
      for (const e of root.childList('children')) new ComponentNode(s, s.surface('s')!, e.id, e.context).text('text');
    });
  },
  'stream-text one message': () => {
    const d = M.streamText('v10', 's', 1000, 64);
    const text = d.chunks.join('');
    const s = store();
    return time(() => s.process([JSON.parse(text.slice(text.indexOf('<a2ui-json>') + 11, text.indexOf('</a2ui-json>')))]));
  },
  'stream-text parser (64-byte chunks)': () => {
    const d = M.streamText('v10', 's', 1000, 64);
    const s = store();
    const p = new A2uiTextParser(s, { publishMs: 0 });
    return time(() => {
      for (const c of d.chunks) p.push(c);
      p.end();
    });
  },
  'validateComponentSchema per 1,000 grid components': () => {
    const g = M.grid(1000, 9, (i) => M.itemText(i));
    const catalog = store().catalog(M.CATALOG.v10)!;
    return time(() => {
      for (const c of g.components) validateComponentSchema(c, catalog);
    });
  },
  'validateComponentSchema per 1,000 formatString Texts': () => {
    const d = M.formatHeavy('v10', 's', 999);
    const comps = (d.setup[2] as { updateComponents: { components: Record<string, unknown>[] } }).updateComponents.components;
    const catalog = store().catalog(M.CATALOG.v10)!;
    return time(() => {
      for (const c of comps) validateComponentSchema(c, catalog);
    });
  },
};

// The pieces loaded on first use first (the schema validator above all): without them the store
// holds the messages (LoadPending) and a case would time messages that were never applied.
void preloadFunctions().then(() => {
  for (const [name, fn] of Object.entries(cases)) {
    if (only && !name.startsWith(only)) continue;
    for (let i = 0; i < 3; i++) fn(); // warm up
    const xs = Array.from({ length: runs }, fn);
    console.log(`${name.padEnd(55)} ${median(xs).toFixed(2).padStart(8)} ms median ${Math.min(...xs).toFixed(2).padStart(8)} ms min`);
  }
});
