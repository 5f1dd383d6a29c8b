/**
 * The "first surface painted" row's summaries and printed table: per network × cache × surface,
 * each implementation's median (min–max) time to the painted surface, ours over official, and what
 * it fetched (requests, KB over the network, chain depth), then the chain of one visit per cell.
 *
 * @module
 */
import { median } from '../stats.ts';
import type { Built } from './assets.ts';
import type { Chain } from './chain.ts';
import { NETWORKS, type CacheState, type SampleResult } from './measure.ts';
import type { NetworkImpl } from './pages.ts';
import { SURFACES, type SurfaceKey } from './surfaces.ts';

export interface NetworkCell {
  network: string;
  cache: CacheState;
  surface: SurfaceKey;
  impl: NetworkImpl;
  n: number;
  /** ms from navigation start until the surface was painted. */
  median: number;
  min: number;
  max: number;
  requests: number;
  revalidated: number;
  cached: number;
  bytes: number;
  depth: number;
  /** The chain of the visit whose time is nearest the median. */
  chain: string;
}

type Samples = Record<string, Partial<Record<SurfaceKey, Partial<Record<NetworkImpl, Array<SampleResult & { chains: Record<CacheState, Chain> }>>>>>>;
interface Options {
  networks: string[];
  surfaces: SurfaceKey[];
  impls: NetworkImpl[];
  samples: number;
}

const CACHES: CacheState[] = ['cold', 'warm'];

export function summarizeNetwork(samples: Samples, o: Options): NetworkCell[] {
  const cells: NetworkCell[] = [];
  for (const network of o.networks)
    for (const cache of CACHES)
      for (const surface of o.surfaces)
        for (const impl of o.impls) {
          const runs = samples[network]?.[surface]?.[impl];
          if (!runs?.length) continue;
          const times = runs.map((r) => r[cache].painted);
          const m = median(times);
          const nearest = runs.reduce((a, b) => (Math.abs(b[cache].painted - m) < Math.abs(a[cache].painted - m) ? b : a));
          const of = (f: (c: Chain) => number) => median(runs.map((r) => f(r.chains[cache])));
          cells.push({
            network, cache, surface, impl, n: runs.length, median: m, min: Math.min(...times), max: Math.max(...times),
            requests: of((c) => c.requests), revalidated: of((c) => c.revalidated), cached: of((c) => c.cached), bytes: of((c) => c.bytes), depth: of((c) => c.depth),
            chain: nearest.chains[cache].text,
          });
        }
  return cells;
}

const ms = (v: number) => Math.round(v).toLocaleString('en-US');
const LABELS: Record<NetworkImpl, string> = { official: 'official 0.11 (one file)', ours: 'ours as shipped (dist/)', 'ours-one-file': 'ours as one file' };

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** The printed section: how it was measured, the table, the chains, the files. */
export function networkTable(cells: NetworkCell[], sizes: Built['sizes'], o: Options): string {
  const out: string[] = [];
  out.push(`first surface painted: ms from navigation start until the frame after the one in which every expected text of the surface has a layout box (median [min–max] of ${o.samples}, implementations interleaved); HTTP/2 + TLS from a local server, brotli 11 for every file, hashed names immutable, others no-cache + ETag, the JSONL no-store; network throttled with the DevTools protocol; cold = a fresh browser context, warm = its second visit`);
  out.push('requests · KB · depth: requests that went to the network before the paint (304s included), KB transferred, round trips one after the other (bench/network/chain.ts)');
  const impls = (['official', 'ours', 'ours-one-file'] as const).filter((i) => o.impls.includes(i));
  const header = ['network', 'cache', 'surface', ...impls.map((i) => LABELS[i]), ...impls.filter((i) => i !== 'official').map((i) => `${i}/official`), ...impls.map((i) => `${i}: requests · KB · depth`)];
  const body: string[][] = [];
  for (const network of o.networks)
    for (const cache of CACHES)
      for (const surface of o.surfaces) {
        const at = (impl: NetworkImpl) => cells.find((c) => c.network === network && c.cache === cache && c.surface === surface && c.impl === impl);
        const official = at('official');
        body.push([
          NETWORKS[network].label,
          cache,
          SURFACES[surface].title,
          ...impls.map((i) => {
            const c = at(i);
            return c ? `${ms(c.median)} [${ms(c.min)}–${ms(c.max)}]` : '–';
          }),
          ...impls
            .filter((i) => i !== 'official')
            .map((i) => {
              const c = at(i);
              return c && official ? `${(c.median / official.median).toFixed(2)}×` : '–';
            }),
          ...impls.map((i) => {
            const c = at(i);
            return c ? `${c.requests}${c.revalidated ? ` (${c.revalidated}×304)` : ''}${c.cached ? ` +${c.cached} cached` : ''} · ${(c.bytes / 1024).toFixed(1)} · ${c.depth}` : '–';
          }),
        ]);
      }
  out.push(table(header, body));
  out.push('');
  out.push('critical request chain of one visit per cell (the one nearest the median; "·304" a revalidation, "(cache)" no request):');
  for (const c of cells) out.push(`- ${NETWORKS[c.network].label.split(' (')[0]} · ${c.cache} · ${c.surface} · ${c.impl} (depth ${c.depth}): ${c.chain}`);
  out.push('');
  const files = (i: NetworkImpl) => (i === 'ours' ? `dist/a2ui-*.js, ${sizes.ours.length} files, a2ui-elements.js ${(sizes.ours.find((f) => f.file === 'a2ui-elements.js')!.bytes / 1024).toFixed(1)} KB` : sizes[i].map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)} KB`).join(', '));
  out.push(`files (minified, before brotli): ${impls.map((i) => `${i}: ${files(i)}`).join('; ')}`);
  return out.join('\n');
}
