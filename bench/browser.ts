/**
 * The browser side of the harness: a tiny static server for the bundled pages, headless Chromium
 * (puppeteer-core, Debian's /usr/bin/chromium), one page per implementation, and the probes that
 * run in them: one workload run, churn with heap weighing, CPU profiles, heap snapshots.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, CDPSession, Page as PPage } from 'puppeteer-core';
import { CHROMIUM_RUNNER_FLAGS } from '../build/chromium.mjs';
import { ROOT, type Page } from './build.ts';
import { CHURN_CYCLES, CHURN_WARMUP, IMPLS, OFFICIAL_MARKDOWN, TIMEOUT_S, type Impl, type WorkloadSpec } from './config.ts';
import { profileSummary, type CpuProfile, type ProfileReport } from './profile.ts';
import { analyse, growth, takeSnapshot, type HeapReport } from './heap.ts';

export function serve(files: Map<string, string>): Promise<{ server: Server; origin: string }> {
  const html = (page: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench ${page}</title></head><body><script type="module" src="/${page}.js"></script></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = /^\/([\w-]+)\.html$/.exec(path)?.[1];
    const body = page && files.has(`/${page}.js`) ? html(page) : files.get(path);
    if (body === undefined) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res
      .writeHead(200, {
        'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html',
        'cache-control': 'no-store',
        // Cross-origin isolation: performance.now() resolution 5 µs instead of 100 µs.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** Chromium's flags for the bench: pages side by side, none slowed in the background (build/chromium.mjs). */
export const FLAGS = [...CHROMIUM_RUNNER_FLAGS];

export interface OpenPage {
  page: PPage;
  cdp: CDPSession;
  consoleErrors: string[];
}

export async function openPage(browser: Browser, origin: string, name: Page): Promise<OpenPage> {
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') consoleErrors.push(`${m.type()}: ${m.text()}`.slice(0, 300));
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${String(e)}`.slice(0, 300)));
  const query = name === 'official' && OFFICIAL_MARKDOWN === 'none' ? '?markdown=none' : '';
  await page.goto(`${origin}/${name}.html${query}`);
  await page.waitForFunction('window.bench !== undefined', { timeout: 30_000 });
  const cdp = await page.createCDPSession();
  await cdp.send('HeapProfiler.enable');
  return { page, cdp, consoleErrors };
}

export async function gc(p: OpenPage): Promise<void> {
  await p.cdp.send('HeapProfiler.collectGarbage');
}

/** Above this much live JS heap a page is reloaded before the next sample (leaks skew timing). */
export const RELOAD_HEAP = 96 * 2 ** 20;

export async function reload(p: OpenPage): Promise<void> {
  await p.page.reload();
  await p.page.waitForFunction('window.bench !== undefined', { timeout: 30_000 });
}

export interface RunResult {
  ms: Record<string, { script: number; painted: number }>;
  updates?: Record<string, number>;
  notes?: string[];
}

export class Timeout extends Error {}

/** How often a page was reloaded because its heap grew past RELOAD_HEAP, per implementation. */
export const reloads = new Map<string, number>();

/** One run in the page; a run longer than TIMEOUT_S is abandoned (and the page replaced). */
export async function runOnce(p: OpenPage, impl: Impl, w: WorkloadSpec): Promise<RunResult> {
  await p.page.bringToFront();
  await gc(p);
  const { usedSize } = (await p.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  if (usedSize > RELOAD_HEAP) {
    reloads.set(impl, (reloads.get(impl) ?? 0) + 1);
    await reload(p);
    await gc(p);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout(`longer than ${TIMEOUT_S} s`)), TIMEOUT_S * 1000)));
  try {
    return await Promise.race([
      p.page.evaluate((fn, proto, params) => (window as unknown as { bench: { run(...a: unknown[]): Promise<RunResult> } }).bench.run(fn, proto, params), w.fn, IMPLS[impl].proto, w.params),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ChurnResult {
  cycles: number;
  msPerCycle: number;
  heapBefore: number;
  heapAfter: number;
  retained: number;
  nodesRetained: number;
  listenersRetained: number;
}

export async function churn(p: OpenPage, impl: Impl): Promise<ChurnResult> {
  const { page, cdp } = p;
  await page.bringToFront();
  const call = (name: string, arg?: unknown) => page.evaluate((n, a) => (window as unknown as { bench: Record<string, (a?: unknown) => unknown> }).bench[n](a), name, arg);
  await call('churnInit', IMPLS[impl].proto);
  await call('churn', CHURN_WARMUP); // warm-up: templates, style sheets, caches, optimized code
  const measure = async () => {
    await gc(p);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
    return { heap: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
  };
  const before = await measure();
  const msPerCycle = (await call('churn', CHURN_CYCLES)) as number;
  const after = await measure();
  await call('churnDispose');
  return {
    cycles: CHURN_CYCLES,
    msPerCycle,
    heapBefore: before.heap,
    heapAfter: after.heap,
    retained: after.heap - before.heap,
    nodesRetained: after.nodes - before.nodes,
    listenersRetained: after.listeners - before.listeners,
  };
}


export async function profileWorkload(p: OpenPage, w: WorkloadSpec, bundle: string): Promise<ProfileReport> {
  const runs = 2;
  await p.page.bringToFront();
  const profiles: CpuProfile[] = [];
  const onProfile = (e: { profile: unknown }) => profiles.push(e.profile as CpuProfile);
  await p.cdp.send('Profiler.enable');
  await p.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  p.cdp.on('Profiler.consoleProfileFinished', onProfile);
  await p.page.evaluate(() => ((globalThis as { __benchProfile?: boolean }).__benchProfile = true));
  try {
    for (let i = 0; i < runs; i++) await runOnce(p, 'ours', w);
  } finally {
    await p.page.evaluate(() => ((globalThis as { __benchProfile?: boolean }).__benchProfile = false));
    p.cdp.off('Profiler.consoleProfileFinished', onProfile);
  }
  const dir = resolve(ROOT, 'bench/results/profiles');
  mkdirSync(dir, { recursive: true });
  const longest = profiles.reduce((a, b) => (b.endTime - b.startTime > a.endTime - a.startTime ? b : a), profiles[0]);
  if (longest) writeFileSync(resolve(dir, `${w.key}.cpuprofile`), JSON.stringify(longest));
  return profileSummary(profiles, bundle);
}

/**
 * Why churn retains memory: heap snapshots of ours in a fresh page after the warm-up and after
 * `cycles` more create/delete cycles; what grew in between, what is alive, and the retaining path
 * of a leaked `<a2ui-surface>`.
 */
export async function profileChurn(p: OpenPage, cycles = CHURN_CYCLES): Promise<HeapReport> {
  await p.page.bringToFront();
  const call = (name: string, arg?: unknown) => p.page.evaluate((n, a) => (window as unknown as { bench: Record<string, (a?: unknown) => unknown> }).bench[n](a), name, arg);
  await call('churnInit', 'v10');
  await call('churn', CHURN_WARMUP);
  const before = await takeSnapshot(p.cdp);
  await call('churn', cycles);
  const after = await takeSnapshot(p.cdp);
  const report = { ...analyse(after, '<a2ui-surface>'), growth: growth(before, after) };
  await call('churnDispose');
  return report;
}

