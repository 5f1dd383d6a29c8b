/**
 * Heap-snapshot analysis for the churn workload: counts of live A2UI objects, and the shortest
 * strong retaining path from the GC roots to a leaked object. When the path goes through a
 * WeakMap entry (an ephemeron), the entry's key is alive, so the path to the key follows.
 *
 * @module
 */
import type { CDPSession } from 'puppeteer-core';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapReport {
  /** Live objects per constructor / element name (A2UI-related names only). */
  counts: Array<[string, number]>;
  /** Retaining paths: the leaked object's, then its ephemeron key's, and so on. */
  paths: Array<{ target: string; path: string[] }>;
  /** What grew between the two snapshots, when there were two ({@link growth}). */
  growth?: HeapGrowth;
}

/** Growth of self sizes between two snapshots of one page, by kind, and the largest entries. */
export interface HeapGrowth {
  /** Bytes: compiled code (V8 `code` nodes), engine tables (V8's `system / …` and hidden arrays, Blink's `blink::…`), the rest. */
  kinds: { code: number; engine: number; objects: number };
  /** `[kind|name, count change, bytes change]`, largest change first. */
  top: Array<[string, number, number]>;
}

export async function takeSnapshot(cdp: CDPSession): Promise<Snapshot> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return JSON.parse(chunks.join('')) as Snapshot;
}

/** Analyses `snap`: what is alive, and why `targetName` (e.g. `<a2ui-surface>`) is. */
export function analyse(snap: Snapshot, targetName: string, interesting = /a2ui|A2ui|^Surface$|ComponentNode|^DataModel$|^Binding$|^Watcher$|^Computed$/): HeapReport {
  const { node_fields, edge_fields, node_types, edge_types } = snap.snapshot.meta;
  const NF = node_fields.length;
  const EF = edge_fields.length;
  const nTypes = node_types[0];
  const eTypes = edge_types[0];
  const { nodes, edges, strings } = snap;
  const N = nodes.length / NF;
  const iName = node_fields.indexOf('name');
  const iType = node_fields.indexOf('type');
  const iEdges = node_fields.indexOf('edge_count');
  const iId = node_fields.indexOf('id');
  const eType = edge_fields.indexOf('type');
  const eName = edge_fields.indexOf('name_or_index');
  const eTo = edge_fields.indexOf('to_node');
  const firstEdge = new Uint32Array(N + 1);
  for (let i = 0; i < N; i++) firstEdge[i + 1] = firstEdge[i] + nodes[i * NF + iEdges] * EF;
  const name = (i: number) => strings[nodes[i * NF + iName]];
  const isObject = (i: number) => ['object', 'native'].includes(nTypes[nodes[i * NF + iType]]);
  const idOf = (i: number) => nodes[i * NF + iId];
  const index = new Map<number, number>();
  for (let i = 0; i < N; i++) index.set(idOf(i), i);

  const counts = new Map<string, number>();
  for (let i = 0; i < N; i++) {
    if (!isObject(i)) continue;
    const k = name(i).replace(/ exportparts=.*$/, '>');
    if (interesting.test(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
  }

  const edgeLabel = (e: number) => {
    const t = eTypes[edges[e + eType]];
    const n = t === 'element' || t === 'hidden' ? edges[e + eName] : strings[edges[e + eName]];
    return `${t}:${String(n).slice(0, 140)}`;
  };
  /** Shortest strong path from the roots to `target` that does not pass through `avoid`. */
  const pathTo = (target: number, avoid: Set<number>): string[] => {
    const prev = new Int32Array(N).fill(-1);
    const via = new Int32Array(N).fill(-1);
    const queue = [0];
    prev[0] = 0;
    for (let h = 0; h < queue.length && prev[target] < 0; h++) {
      const n = queue[h];
      for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) {
        if (eTypes[edges[e + eType]] === 'weak') continue;
        const to = edges[e + eTo] / NF;
        if (prev[to] !== -1 || avoid.has(to)) continue;
        prev[to] = n;
        via[to] = e;
        queue.push(to);
      }
    }
    const out: string[] = [];
    for (let n = target; n > 0 && prev[n] >= 0; n = prev[n]) out.push(`--[${edgeLabel(via[n])}]--> ${name(n).replace(/ exportparts=.*$/, '>').slice(0, 60)} @${idOf(n)}`);
    return out.reverse();
  };

  const paths: HeapReport['paths'] = [];
  let target = -1;
  for (let i = 0; i < N && target < 0; i++) if (isObject(i) && name(i).replace(/ exportparts=.*$/, '>') === targetName) target = i;
  // The object explained so far is avoided, so a key's path cannot run back through its own value.
  const explained = new Set<number>();
  for (let round = 0; round < 4 && target >= 0 && !explained.has(target); round++) {
    const path = pathTo(target, explained);
    paths.push({ target: `${name(target).replace(/ exportparts=.*$/, '>')} @${idOf(target)}`, path });
    explained.add(target);
    const key = path.map((p) => /part of key \(\w+ @(\d+)\)/.exec(p)).filter((m): m is RegExpExecArray => m !== null).pop();
    target = key ? index.get(Number(key[1])) ?? -1 : -1;
  }
  return { counts: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20), paths };
}

/**
 * What `after` holds that `before` did not (self sizes per node kind and name; an object that grew
 * in place counts by its growth). Compiled code and engine tables are split from the objects a
 * page's code allocates: optimized code and caches such as V8's number-string cache are bounded
 * and held by no surface.
 */
export function growth(before: Snapshot, after: Snapshot): HeapGrowth {
  const sum = (snap: Snapshot) => {
    const { node_fields, node_types } = snap.snapshot.meta;
    const NF = node_fields.length;
    const [iName, iType, iSize] = ['name', 'type', 'self_size'].map((f) => node_fields.indexOf(f));
    const out = new Map<string, { n: number; size: number }>();
    for (let i = 0; i < snap.nodes.length; i += NF) {
      const type = node_types[0][snap.nodes[i + iType]];
      const name = /string/.test(type) ? '(strings)' : snap.strings[snap.nodes[i + iName]].replace(/ exportparts=.*$/, '>').slice(0, 80);
      const e = out.get(`${type}|${name}`) ?? { n: 0, size: 0 };
      e.n++;
      e.size += snap.nodes[i + iSize];
      out.set(`${type}|${name}`, e);
    }
    return out;
  };
  const a = sum(before);
  const b = sum(after);
  const kinds = { code: 0, engine: 0, objects: 0 };
  const top: HeapGrowth['top'] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key) ?? { n: 0, size: 0 };
    const y = b.get(key) ?? { n: 0, size: 0 };
    if (x.n === y.n && x.size === y.size) continue;
    const [type, name] = key.split('|');
    const kind = type === 'code' ? 'code' : /^(system \/|blink::)/.test(name) || (type === 'array' && name === '') || type === 'hidden' ? 'engine' : 'objects';
    kinds[kind] += y.size - x.size;
    top.push([key, y.n - x.n, y.size - x.size]);
  }
  top.sort((p, q) => Math.abs(q[2]) - Math.abs(p[2]));
  return { kinds, top: top.slice(0, 12) };
}
