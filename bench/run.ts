/**
 * `npm run bench`: ours vs the official A2UI renderer vs raw DOM and two vanilla custom-element
 * floors (light DOM, a shadow root each), in headless Chromium.
 *
 *   node --import tsx bench/run.ts [--quick] [--samples N] [--only a,b] [--profile] [--no-write]
 *                                  [--official-markdown none] [--list-items 1000,10000]
 *                                  [--networks slow-4g,4g,cable] (the "network" row: bench/network/index.ts)
 *
 * Discipline: each implementation lives in its own page (both renderers define <a2ui-surface>, the
 * floors define the same <ce-*> elements in two modes);
 * per workload, every implementation runs one warm-up, then the samples are taken round-robin
 * (the order rotates every round), each after a forced GC (DevTools protocol). The table shows the
 * median and a 95% bootstrap interval, the ratios of ours over official, raw and both floors, and
 * the floors over raw, with theirs.
 * `--profile` records a CPU profile of ours for each workload that misses a target and prints
 * where the time goes (self time per function, mapped to source files).
 *
 * @module
 */
import puppeteer from 'puppeteer-core';
import { buildPages, measureSizes, sizeBreakdown } from './build.ts';
import { ALL_IMPLS, CHROMIUM, CHURN_CYCLES, CHURN_IMPLS, IMPLS, ONLY, PROFILE, QUICK, SLOW_S, SLOW_SAMPLES, TIMEOUT_S, WORKLOADS, selected, type Impl } from './config.ts';
import { FLAGS, Timeout, churn, openPage, profileChurn, profileWorkload, reload, runOnce, serve, type ChurnResult, type OpenPage, type RunResult } from './browser.ts';
import { buildRows, report, type Samples } from './report.ts';
import type { ProfileReport } from './profile.ts';
import type { HeapReport } from './heap.ts';
import type { RegexReport } from './workloads/regex.ts';
import { runNetwork } from './network/index.ts';

async function main(): Promise<void> {
  const started = Date.now();
  const log = (s: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${s}`);
  // First surface painted (bench/network/): its own server and Chromium, before anything else runs.
  const network = selected('network') ? await runNetwork(log) : undefined;
  if (network) log(`network: ${network.seconds.toFixed(0)} s`);
  if (!WORKLOADS.some((w) => selected(w.key)) && !['churn', 'regex', 'size'].some(selected)) {
    report({ shares: [], heap: undefined, notes: [], samples: {}, updates: {}, rows: [], sizes: {}, churnResults: {}, regex: undefined, failures: [], browserVersion: network?.browser ?? '', started, profiles: {}, consoleErrors: {}, network });
    return;
  }
  const files = await buildPages();
  const sizes = selected('size') ? await measureSizes() : {};
  const shares = selected('size') ? await sizeBreakdown() : [];
  log('pages built');
  const { server, origin } = await serve(files);
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, defaultViewport: { width: 1024, height: 768 } });
  const browserVersion = await browser.version();
  // A tab per implementation (ours with v0.9 input too): every run follows a switch of tabs, as every
  // other does. (Sharing ours' tab, v0.9 input ran right after v1.0 in it and read 10–30% faster.)
  const pages = {} as Record<Impl, OpenPage>;
  const samples: Samples = {};
  const updates: Samples = {};
  const failures: string[] = [];
  const notes = new Set<string>();
  const flagged = new Set<string>();
  const lowerBounds: Record<string, number> = {};
  let churnResults: Partial<Record<Impl, ChurnResult>> = {};
  let regex: RegexReport | undefined;
  const profiles: Record<string, ProfileReport> = {};
  try {
    for (const impl of Object.keys(IMPLS) as Impl[]) pages[impl] = await openPage(browser, origin, IMPLS[impl].page);
    log(`browser ${browserVersion}`);

    for (const w of WORKLOADS) {
      if (!selected(w.key)) continue;
      for (const p of Object.values(pages)) await reload(p); // every workload starts from fresh pages
      const store = (impl: Impl, r: RunResult) => {
        for (const [metric, t] of Object.entries(r.ms)) {
          (((samples[w.key] ??= {})[metric] ??= {})[impl] ??= []).push(t.painted);
          (((samples[w.key] ??= {})[`${metric} · script`] ??= {})[impl] ??= []).push(t.script);
        }
        for (const [metric, v] of Object.entries(r.updates ?? {})) (((updates[w.key] ??= {})[metric] ??= {})[impl] ??= []).push(v);
        // A note names its phase ("append 100: …"); a renderer error without one flags the whole run.
        const phaseNotes = (r.notes ?? []).filter((note) => Object.keys(r.ms).some((m) => note.startsWith(`${m}:`)));
        for (const note of r.notes ?? []) {
          notes.add(`${w.key} / ${IMPLS[impl].label}: ${note}`);
          for (const metric of Object.keys(r.ms)) if (note.startsWith(`${metric}:`) || (!phaseNotes.length && note.startsWith('renderer reported'))) flagged.add(`${w.key}/${impl}/${metric}`);
        }
      };
      const dropped = new Set<Impl>();
      const budget = new Map<Impl, number>();
      const attempt = async (impl: Impl, keep: boolean) => {
        if (dropped.has(impl) || (keep && (budget.get(impl) ?? Infinity) <= 0)) return;
        const t = Date.now();
        try {
          const r = await runOnce(pages[impl], impl, w);
          if (keep) store(impl, r);
          if (keep) budget.set(impl, (budget.get(impl) ?? w.samples) - 1);
          else if (Date.now() - t > SLOW_S * 1000) budget.set(impl, SLOW_SAMPLES);
        } catch (e) {
          dropped.add(impl);
          if (e instanceof Timeout) {
            lowerBounds[`${w.key}/${impl}`] = TIMEOUT_S * 1000;
            failures.push(`${w.key} / ${IMPLS[impl].label}: one run took longer than ${TIMEOUT_S} s; abandoned (shown as > ${TIMEOUT_S * 1000} ms)`);
            await pages[impl].page.close().catch(() => undefined);
            pages[impl] = await openPage(browser, origin, IMPLS[impl].page);
          } else failures.push(`${w.key} / ${IMPLS[impl].label}: ${String(e).split('\n')[0].slice(0, 400)}`);
          log(`FAILED ${w.key} / ${impl}: ${String(e).split('\n')[0].slice(0, 200)}`);
        }
      };
      const impls = ALL_IMPLS.filter((i) => !w.impls || w.impls.includes(i));
      for (const impl of impls) await attempt(impl, false); // warm-up
      for (let round = 0; round < w.samples; round++) {
        const order = impls.map((_, i) => impls[(i + round) % impls.length]);
        for (const impl of order) await attempt(impl, true);
      }
      log(`${w.key}: ${w.samples} samples`);
    }

    if (selected('churn')) {
      for (const impl of CHURN_IMPLS) {
        try {
          churnResults[impl] = await churn(pages[impl], impl);
        } catch (e) {
          failures.push(`churn / ${IMPLS[impl].label}: ${String(e).split('\n')[0].slice(0, 400)}`);
        }
      }
      log(`churn: ${CHURN_CYCLES} cycles`);
    }

    if (selected('regex')) {
      await pages.ours.page.bringToFront();
      regex = (await pages.ours.page.evaluate((random) => (window as unknown as { bench: { regex(o: unknown): RegexReport } }).bench.regex({ random }), QUICK ? 1000 : 3000)) as RegexReport;
      log('regex safety');
    }

    const rows = buildRows(samples, updates, lowerBounds, flagged);
    let heap: HeapReport | undefined;
    if (PROFILE) {
      const missed = new Set(rows.filter((r) => r.met === false).map((r) => r.workload));
      for (const w of WORKLOADS.filter((x) => selected(x.key) && (missed.has(x.key) || ONLY?.includes(x.key)))) {
        try {
          await reload(pages.ours);
          profiles[w.key] = await profileWorkload(pages.ours, w, files.get('/ours.js')!);
          log(`profiled ${w.key}`);
        } catch (e) {
          failures.push(`profile of ${w.key}: ${String(e).split('\n')[0].slice(0, 300)}`);
          pages.ours = await openPage(browser, origin, 'ours');
        }
      }
      if (churnResults.ours && churnResults.ours.retained > 150 * 1024) {
        const fresh = await openPage(browser, origin, 'ours'); // nothing left over from other workloads
        heap = await profileChurn(fresh);
        await fresh.page.close();
        log('churn heap snapshot analysed');
      }
    }

    report({ network, shares, heap, notes: [...notes], samples, updates, rows, sizes, churnResults, regex, failures, browserVersion, started, profiles, consoleErrors: Object.fromEntries(Object.entries(pages).map(([k, p]) => [k, [...new Set(p.consoleErrors)].slice(0, 10)])) });
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * CPU profiles of ours (v1.0 input) over the measured phases only: the page wraps each phase in
 * console.profile / console.profileEnd, which the Profiler domain hands over as events.
 */

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
