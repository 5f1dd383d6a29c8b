/**
 * The "first surface painted" row (issue 35): from navigation start until the first surface is
 * painted, over HTTP/2 on throttled networks, cold and warm cache, for ours as shipped (dist/),
 * ours as one file and the official renderer, on a booking form and a 20-card list; with the
 * requests, bytes and critical request chain of each visit. Run by `npm run bench` and
 * `npm run bench -- --only network`.
 *
 * Options: `--samples N` (default 7; `--quick`: 3), `--networks slow-4g,4g,cable` (default
 * `slow-4g,4g`), `--network-impls ours,ours-one-file,official`, `--network-surfaces form,list`,
 * `--network-port P` (default: any free port), `--network-timeout S` (a visit not painted by then
 * fails the sample, default 30). Per sample and network, every surface × implementation is one
 * fresh browser context with a cold and a warm visit, the implementations in an order that rotates
 * every sample.
 *
 * @module
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM, QUICK, SAMPLES, option } from '../config.ts';
import { FLAGS } from '../browser.ts';
import { networkAssets, type Built } from './assets.ts';
import { chainOf, type Chain } from './chain.ts';
import { NETWORKS, SampleFailure, sample, type CacheState, type SampleResult } from './measure.ts';
import type { NetworkImpl } from './pages.ts';
import { serveHttp2 } from './server.ts';
import { SURFACES, type SurfaceKey } from './surfaces.ts';
import { networkTable, summarizeNetwork, type NetworkCell } from './table.ts';

const list = <T extends string>(name: string, fallback: string, allowed: readonly T[]): T[] => (option(name) ?? fallback).split(',').filter((x): x is T => (allowed as readonly string[]).includes(x));

export const NETWORK_IMPLS_ALL = ['ours', 'ours-one-file', 'official'] as const;
export const NETWORK_OPTIONS = {
  samples: SAMPLES ?? (QUICK ? 3 : 7),
  networks: list('--networks', 'slow-4g,4g', Object.keys(NETWORKS)),
  impls: list<NetworkImpl>('--network-impls', NETWORK_IMPLS_ALL.join(','), NETWORK_IMPLS_ALL),
  surfaces: list<SurfaceKey>('--network-surfaces', 'form,list', ['form', 'list']),
  port: Number(option('--network-port') ?? 0),
  timeoutMs: 1000 * Number(option('--network-timeout') ?? 30),
};

/** Whether this run used the defaults (only then does it refresh the README tables). */
export const NETWORK_DEFAULTS = option('--networks') === undefined && option('--network-impls') === undefined && option('--network-surfaces') === undefined && SAMPLES === undefined && !QUICK;

export interface NetworkReport {
  options: typeof NETWORK_OPTIONS;
  browser: string;
  /** The renderer's files per implementation, raw bytes. */
  sizes: Built['sizes'];
  cells: NetworkCell[];
  /** Every visit: samples[network][surface][impl] */
  samples: Record<string, Partial<Record<SurfaceKey, Partial<Record<NetworkImpl, Array<SampleResult & { chains: Record<CacheState, Chain> }>>>>>>;
  failures: string[];
  table: string;
  seconds: number;
}

export async function runNetwork(log: (s: string) => void): Promise<NetworkReport> {
  const started = Date.now();
  const o = NETWORK_OPTIONS;
  const built = await networkAssets();
  const server = await serveHttp2(built.files, o.port);
  let browser: Browser | undefined;
  const samples: NetworkReport['samples'] = {};
  const failures: string[] = [];
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: [...FLAGS, `--ignore-certificate-errors-spki-list=${server.spki}`], defaultViewport: { width: 1024, height: 768 } });
    const version = await browser.version();
    log(`network: ${server.origin}, ${o.samples} samples × ${o.networks.join(', ')} × ${o.surfaces.join(', ')} × ${o.impls.join(', ')}`);
    // Warm-up: the server compresses each file on its first request, Chromium starts its processes.
    for (const surface of o.surfaces) for (const impl of o.impls) await sample(browser, server.origin, impl, surface, NETWORKS[o.networks[o.networks.length - 1]], o.timeoutMs).catch(() => undefined);
    const failed = new Map<string, number>();
    for (let s = 0; s < o.samples; s++) {
      for (const key of o.networks) {
        for (const surface of o.surfaces) {
          for (let k = 0; k < o.impls.length; k++) {
            const impl = o.impls[(k + s) % o.impls.length];
            const id = `${key}/${surface}/${impl}`;
            if ((failed.get(id) ?? 0) >= 3) continue;
            try {
              const r = await sample(browser, server.origin, impl, surface, NETWORKS[key], o.timeoutMs);
              const chains = { cold: chainOf(r.cold), warm: chainOf(r.warm) };
              ((((samples[key] ??= {})[surface] ??= {})[impl] ??= []) as unknown[]).push({ ...r, chains });
            } catch (e) {
              failed.set(id, (failed.get(id) ?? 0) + 1);
              failures.push(`${id}: ${e instanceof SampleFailure ? e.message : String(e).split('\n')[0].slice(0, 300)}`);
            }
          }
        }
      }
      log(`network: sample ${s + 1} of ${o.samples}`);
    }
    const cells = summarizeNetwork(samples, o);
    const table = networkTable(cells, built.sizes, o);
    return { options: o, browser: version, sizes: built.sizes, cells, samples, failures, table, seconds: (Date.now() - started) / 1000 };
  } finally {
    await browser?.close();
    await server.close();
  }
}

export { SURFACES };
