/**
 * Main-thread CPU of the rendering work (style, layout, pre-paint, paint, layerize) inside each
 * measured phase, from a DevTools trace per run: the sums of the `tdur` (thread time) of the
 * trace events between the phase's `bench-phase` user-timing span, per implementation. On a
 * loaded machine thread time is what resolves a change; wall-clock frames do not.
 *
 *   node --import tsx bench/frame-probe.ts <fn> [runs] [impls] [json params]
 *   node --import tsx bench/frame-probe.ts templateList 10 ours,raw,ce-light
 *   BEFORE=/tmp/before node --import tsx bench/frame-probe.ts onePath 10 ours,ours-before,raw
 *
 * `ours-before` is the `ours` page bundled from the checkout at `$BEFORE` (e.g. `git archive` of
 * main with node_modules linked), interleaved with the others in every round. `STATS=1` adds
 * Chromium's selector statistics of the phase (the costliest selectors; slows style recalc).
 * Prints per implementation and phase the medians (ms) of: task (all main-thread tasks), style,
 * layout, prepaint, paint, layerize, the elements restyled and the layout objects; and the
 * harness's own script / painted times of each phase (min / median; `WALL=1` runs without tracing
 * so these are not slowed by it). `DUMP=<dir>` writes the last trace of each implementation there.
 *
 * @module
 */
import puppeteer from 'puppeteer-core';
import { writeFileSync } from 'node:fs';
import { buildPages, oursPageFrom, type Page } from './build.ts';
import type { TraceEvent } from './trace-event.ts';
import { CHROMIUM } from './config.ts';
import { FLAGS, gc, openPage, serve, type OpenPage } from './browser.ts';

const [fn = 'templateList', runsArg = '10', implsArg = 'ours,raw,ce-light', paramsArg = '{}'] = process.argv.slice(2);
const impls = implsArg.split(',');
const params = JSON.parse(paramsArg) as Record<string, number>;
const withStats = process.env.STATS === '1';
/** `WALL=1`: no trace, only the harness's own times (script, painted; wall clock, min and median). */
const traced = process.env.WALL !== '1';

const CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline', ...(withStats ? ['disabled-by-default-blink.debug'] : [])];
/** Trace event name → the column it adds to. */
const COLUMNS: Record<string, string> = {
  RunTask: 'task',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  Layerize: 'layerize',
};


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Per phase (in order of their `bench-phase` spans): column → ms, plus counts. */
function phases(events: TraceEvent[]): Array<Record<string, number>> {
  events.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0)); // an enclosing event before what it encloses
  const spans = events.filter((e) => e.name === 'bench-phase' && (e.ph === 'b' || e.ph === 'e'));
  const pid = spans[0]?.pid;
  const main = events.find((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const out: Array<Record<string, number>> = [];
  for (let i = 0; i + 1 < spans.length; i += 2) {
    const [from, to] = [spans[i]!.ts, spans[i + 1]!.ts];
    const row: Record<string, number> = {};
    const stats = new Map<string, { us: number; attempts: number; matches: number }>();
    /** Per column, the end of the last event counted: an event nested in one of its kind (Paint in Paint) is not counted again. */
    const until = new Map<string, number>();
    for (const e of events) {
      if (e.pid !== pid || e.tid !== main || e.ts < from || e.ts > to) continue;
      const col = COLUMNS[e.name];
      if (col && e.ph === 'X' && e.ts >= (until.get(col) ?? 0)) {
        row[col] = (row[col] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
        until.set(col, e.ts + (e.dur ?? 0));
      }
      if (e.name === 'UpdateLayoutTree' && e.args?.elementCount) row.elements = (row.elements ?? 0) + e.args.elementCount;
      if (e.name === 'Layout' && e.args?.beginData) row.objects = Math.max(row.objects ?? 0, e.args.beginData.totalObjects ?? 0);
      if (e.name === 'SelectorStats')
        for (const s of e.args?.selector_stats?.selector_timings ?? []) {
          const key = String(s.selector);
          const acc = stats.get(key) ?? { us: 0, attempts: 0, matches: 0 };
          acc.us += s['elapsed (us)'] ?? 0;
          acc.attempts += s.match_attempts ?? 0;
          acc.matches += s.match_count ?? 0;
          stats.set(key, acc);
        }
    }
    if (stats.size) {
      const top = [...stats].sort((a, b) => b[1].us - a[1].us).slice(0, 12);
      (row as Record<string, unknown>).stats = top.map(([sel, s]) => `${(s.us / 1000).toFixed(2)}ms ${s.attempts}/${s.matches} ${sel.slice(0, 110)}`) as unknown as number;
    }
    out.push(row);
  }
  return out;
}

const files = await buildPages();
if (impls.includes('ours-before')) {
  if (!process.env.BEFORE) throw new Error('ours-before needs BEFORE=<checkout>');
  files.set('/ours-before.js', await oursPageFrom(process.env.BEFORE));
}
const { server, origin } = await serve(files);
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, defaultViewport: { width: 1024, height: 768 } });
try {
  const pages = new Map<string, OpenPage>();
  for (const name of impls) pages.set(name, await openPage(browser, origin, name as Page));
  const out = new Map<string, Array<Record<string, number[]>>>();
  const lastStats = new Map<string, unknown[]>();
  for (let round = -1; round < Number(runsArg); round++) {
    const order = [...impls.slice(Math.max(round, 0) % impls.length), ...impls.slice(0, Math.max(round, 0) % impls.length)];
    for (const name of order) {
      const p = pages.get(name)!;
      await p.page.bringToFront();
      await gc(p);
      if (traced) await p.page.tracing.start({ categories: CATEGORIES });
      const r = (await p.page.evaluate((f, ps) => (window as unknown as { bench: { run(...a: unknown[]): Promise<unknown> } }).bench.run(f, 'v10', ps), fn, params)) as { ms: Record<string, { script: number; painted: number }> };
      const buffer = traced ? await p.page.tracing.stop() : undefined;
      if (round < 0) continue; // warm-up
      const wall = out.get(`${name} (wall)`) ?? [{}];
      for (const [phase, t] of Object.entries(r.ms)) {
        (wall[0][`${phase} script`] ??= []).push(t.script);
        (wall[0][`${phase} painted`] ??= []).push(t.painted);
      }
      out.set(`${name} (wall)`, wall);
      if (!buffer) continue;
      if (process.env.DUMP) writeFileSync(`${process.env.DUMP}/${name}.json`, buffer);
      const { traceEvents } = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: TraceEvent[] };
      const rows = out.get(name) ?? [];
      phases(traceEvents).forEach((ph, i) => {
        const acc = (rows[i] ??= {});
        for (const [k, v] of Object.entries(ph)) {
          if (k === 'stats') lastStats.set(`${name} phase ${i}`, v as unknown as unknown[]);
          else (acc[k] ??= []).push(v);
        }
      });
      out.set(name, rows);
    }
  }
  for (const [name, rows] of out)
    rows.forEach((row, i) =>
      console.log(
        `${name.padEnd(12)} ${name.endsWith('(wall)') ? 'ms (min/median)' : `phase ${i}`}`,
        Object.entries(row).map(([k, v]) => (name.endsWith('(wall)') ? `${k} ${Math.min(...v).toFixed(1)}/${median(v).toFixed(1)}` : `${k} ${median(v).toFixed(k === 'elements' || k === 'objects' ? 0 : 2)}`)).join('  '),
      ),
    );
  for (const [key, stats] of lastStats) console.log(`\n${key} selectors (ms attempts/matches):\n  ${stats.join('\n  ')}`);
} finally {
  await browser.close();
  server.close();
}
