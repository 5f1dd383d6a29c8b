/**
 * Main-thread CPU of one workload per implementation (`Performance.getMetrics` ThreadTime, and the
 * style / layout / script durations), robust to a loaded machine where wall-clock times are noise:
 *
 *   node --import tsx bench/cpu-probe.ts <fn> [runs] [impls] [json params]
 *   node --import tsx bench/cpu-probe.ts streamIn 15 ours,raw,ce-light
 *   node --import tsx bench/cpu-probe.ts streamText 15 ours '{"only":1};{"only":2}'
 *
 * Several parameter sets (`;` apart) run in turn every round, for paired comparisons. Prints
 * medians per implementation and parameter set. The harness's own work in the page (checks) is included.
 *
 * @module
 */
import puppeteer from 'puppeteer-core';
import { buildPages, type Page } from './build.ts';
import { CHROMIUM } from './config.ts';
import { FLAGS, gc, openPage, serve, type OpenPage } from './browser.ts';

const [fn = 'streamIn', runsArg = '15', implsArg = 'ours,raw,ce-light', paramsArg = '{}'] = process.argv.slice(2);
const impls = implsArg.split(',') as Page[];
const paramSets = paramsArg.split(';').map((p) => JSON.parse(p) as Record<string, number>);
const METRICS = ['ProcessTime', 'ThreadTime', 'TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'LayoutCount'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function metrics(p: OpenPage): Promise<Record<string, number>> {
  const { metrics: list } = (await p.cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(list.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value]));
}

const files = await buildPages();
const { server, origin } = await serve(files);
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, defaultViewport: { width: 1024, height: 768 } });
try {
  const pages = new Map<Page, OpenPage>();
  for (const name of impls) {
    const p = await openPage(browser, origin, name);
    await p.cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    pages.set(name, p);
  }
  const out = new Map<string, Record<string, number[]>>();
  for (let round = -1; round < Number(runsArg); round++) {
    for (const [set, params] of paramSets.entries())
    for (const name of impls) {
      const p = pages.get(name)!;
      await p.page.bringToFront();
      await gc(p);
      const before = await metrics(p);
      const r = (await p.page.evaluate((f, ps) => (window as unknown as { bench: { run(...a: unknown[]): Promise<unknown> } }).bench.run(f, 'v10', ps), fn, params)) as { ms: Record<string, { painted: number }>; updates?: Record<string, number> };
      const after = await metrics(p);
      if (round < 0) continue; // warm-up
      const key = paramSets.length > 1 ? `${name} ${set}` : name;
      const row = out.get(key) ?? {};
      for (const m of METRICS) (row[m] ??= []).push((after[m]! - before[m]!) * (m === 'LayoutCount' ? 1 : 1000));
      for (const [k, v] of Object.entries(r.updates ?? {})) (row[k] ??= []).push(v);
      for (const [k, v] of Object.entries(r.ms)) (row[`${k} (wall)`] ??= []).push(v.painted);
      out.set(key, row);
    }
  }
  for (const [name, row] of out) console.log(name.padEnd(11), Object.entries(row).map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join('  '));
} finally {
  await browser.close();
  server.close();
}
