/**
 * Before/after pairs of our renderer in one Chromium: the `ours` bench page bundled from this
 * tree and from another checkout of the repo (a `git archive` of the baseline commit, say), run
 * interleaved (the order alternating every round, a forced GC before each run), so both sides
 * see the same machine load. Prints, per measured phase, the minimum and median of each side
 * (script and painted) and the median of the per-pair ratio after / before with its 95% bootstrap
 * interval (bench/stats.ts: an interval that holds 1.00 is no measured change); optional floor pages
 * (`raw`, `ce-light`) run in the same rounds for ratios.
 *
 *   node --import tsx bench/ab.ts <baseline dir> [fn] [pairs] [json params] [floors]
 *   node --import tsx bench/ab.ts /tmp/base templateList 30 '{"items":1000}' raw,ce-light
 *
 * The baseline dir needs `node_modules` (a symlink to this tree's will do). `AB_PROFILE=<dir>`
 * also records a CPU profile of each side over all its runs (`<dir>/ab-before.cpuprofile`, …);
 * with `AB_PROFILE_PHASE=1`, over the measured phases only (set-up left out). `AB_PROTO_AFTER=v09`
 * feeds the after side v0.9 messages (the same tree on both sides compares the two inputs).
 *
 * @module
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { buildPages, oursPageFrom, ROOT, type Page } from './build.ts';
import type { TraceEvent } from './trace-event.ts';
import { CHROMIUM } from './config.ts';
import { FLAGS, gc, openPage, serve, type OpenPage } from './browser.ts';
import type { CpuProfile } from './profile.ts';
import { summarize } from './stats.ts';

const profiles = new Map<OpenPage, CpuProfile[]>();

const [baseDir, fn = 'templateList', pairsArg = '30', paramsArg = '{}', floorsArg = ''] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: bench/ab.ts <baseline dir> [fn] [pairs] [json params] [floors]');
const params = JSON.parse(paramsArg) as Record<string, number>;
const floors = floorsArg ? (floorsArg.split(',') as Page[]) : [];

type Times = Record<string, { script: number; painted: number }>;

const PROFILE_DIR = process.env.AB_PROFILE;
/** `AB_PROFILE_PHASE=1`: profile the measured phases only (the pages' console.profile spans), not set-up. */
const PHASE_ONLY = !!process.env.AB_PROFILE_PHASE;

async function runIn(p: OpenPage, proto: string): Promise<Times> {
  await p.page.bringToFront();
  await gc(p);
  if (PROFILE_DIR && !PHASE_ONLY) await p.cdp.send('Profiler.start');
  try {
    return await runPage(p, proto);
  } finally {
    if (PROFILE_DIR && !PHASE_ONLY) {
      const { profile } = (await p.cdp.send('Profiler.stop')) as { profile: CpuProfile };
      profiles.set(p, [...(profiles.get(p) ?? []), profile]);
    }
  }
}

/**
 * One run; its phases' times and, with `AB_CPU=1`, `last phase cpu`: the main-thread CPU (trace
 * `tdur`) inside the last measured phase's spans (`bench-script`, `bench-phase`), robust to a
 * loaded machine where the wall clock of a descheduled thread is noise.
 */
async function runPage(p: OpenPage, proto: string): Promise<Times> {
  if (!process.env.AB_CPU) return runTimes(p, proto);
  await p.cdp.send('Tracing.start', { traceConfig: { includedCategories: (process.env.AB_CATEGORIES ?? 'toplevel,blink.user_timing').split(',') }, transferMode: 'ReturnAsStream' });
  const ms = await runTimes(p, proto);
  const events = await stopTracing(p);
  return { ...ms, 'last phase cpu': phaseCpu(events) };
}


async function stopTracing(p: OpenPage): Promise<TraceEvent[]> {
  const done = new Promise<string>((ok) => p.cdp.once('Tracing.tracingComplete', (e) => ok(e.stream!)));
  await p.cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = (await p.cdp.send('IO.read', { handle: stream })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await p.cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** CPU (ms) of the main thread inside the last `bench-script` and `bench-phase` spans. */
function phaseCpu(events: TraceEvent[]): { script: number; painted: number } {
  const span = (name: string): [number, number] | undefined => {
    const begins = events.filter((e) => e.name === name && e.cat.includes('blink.user_timing') && (e.ph === 'b' || e.ph === 'B'));
    const ends = events.filter((e) => e.name === name && e.cat.includes('blink.user_timing') && (e.ph === 'e' || e.ph === 'E'));
    const b = begins.at(-1);
    const e = ends.at(-1);
    return b && e ? [b.ts, e.ts] : undefined;
  };
  const phase = span('bench-phase');
  const script = span('bench-script');
  const marker = events.find((e) => e.name === 'bench-phase' && e.cat.includes('blink.user_timing'));
  if (!phase || !script || !marker) return { script: NaN, painted: NaN };
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === marker.pid);
  const complete = events.filter((e) => e.ph === 'X' && e.pid === marker.pid && (!main || e.tid === main.tid) && e.dur !== undefined && e.tdur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Nest the complete events (a child lies within its parent's wall span).
  interface Node { e: TraceEvent; children: Node[] }
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const e of complete) {
    const node = { e, children: [] };
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! < e.ts + e.dur!) stack.pop();
    (stack.length ? stack.at(-1)!.children : roots).push(node);
    stack.push(node);
  }
  const cpuIn = (nodes: Node[], [a, b]: [number, number]): number => {
    let sum = 0;
    for (const { e, children } of nodes) {
      const end = e.ts + e.dur!;
      if (end <= a || e.ts >= b) continue;
      if (e.ts >= a && end <= b) sum += e.tdur!;
      else {
        // Straddles the span: its children count by themselves, its own time by the share of wall time inside.
        const own = e.tdur! - children.reduce((t, c) => t + c.e.tdur!, 0);
        sum += cpuIn(children, [a, b]) + (Math.max(0, own) * (Math.min(end, b) - Math.max(e.ts, a))) / e.dur!;
      }
    }
    return sum;
  };
  return { script: cpuIn(roots, script) / 1000, painted: cpuIn(roots, phase) / 1000 };
}

async function runTimes(p: OpenPage, proto: string): Promise<Times> {
  const r = (await p.page.evaluate((f, pr, ps) => (window as unknown as { bench: { run(...a: unknown[]): Promise<{ ms: Times }> } }).bench.run(f, pr, ps), fn, proto, params)) as { ms: Times };
  return r.ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const min = (xs: number[]) => Math.min(...xs);

const files = await buildPages();
files.set('/before.js', await oursPageFrom(resolve(baseDir)));
files.set('/after.js', await oursPageFrom(ROOT));
const { server, origin } = await serve(files);
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, defaultViewport: { width: 1024, height: 768 } });
try {
  const sides = ['before', 'after', ...floors] as const;
  const pages = new Map<string, OpenPage>();
  for (const name of sides) {
    const p = await openPage(browser, origin, name as Page);
    if (PROFILE_DIR) {
      await p.cdp.send('Profiler.enable');
      await p.cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      if (PHASE_ONLY) {
        p.cdp.on('Profiler.consoleProfileFinished', (e: { profile: unknown }) => profiles.set(p, [...(profiles.get(p) ?? []), e.profile as CpuProfile]));
        await p.page.evaluate(() => ((globalThis as { __benchProfile?: boolean }).__benchProfile = true));
      }
    }
    pages.set(name, p);
  }
  // samples[side][phase][metric]
  const samples = new Map<string, Map<string, { script: number[]; painted: number[] }>>();
  const ratios = new Map<string, { script: number[]; painted: number[] }>();
  const pairs = Number(pairsArg);
  for (let round = -1; round < pairs; round++) {
    const order = round % 2 ? [...sides] : ['after', 'before', ...floors];
    const got = new Map<string, Times>();
    for (const name of order) got.set(name, await runIn(pages.get(name)!, floors.includes(name as Page) ? 'raw' : name === 'after' && process.env.AB_PROTO_AFTER ? process.env.AB_PROTO_AFTER : 'v10'));
    if (round < 0) continue; // warm-up
    for (const [name, ms] of got) {
      const side = samples.get(name) ?? new Map();
      samples.set(name, side);
      for (const [phase, t] of Object.entries(ms)) {
        const s = side.get(phase) ?? { script: [], painted: [] };
        side.set(phase, s);
        s.script.push(t.script);
        s.painted.push(t.painted);
      }
    }
    for (const [phase, a] of Object.entries(got.get('after')!)) {
      const b = got.get('before')![phase]!;
      const r = ratios.get(phase) ?? { script: [], painted: [] };
      ratios.set(phase, r);
      r.script.push(a.script / b.script);
      r.painted.push(a.painted / b.painted);
    }
    if ((round + 1) % 10 === 0) console.error(`  ${round + 1} pairs`);
  }
  if (PROFILE_DIR) for (const [name, p] of pages) writeFileSync(resolve(PROFILE_DIR, `ab-${name}.cpuprofile`), JSON.stringify(merge(profiles.get(p) ?? [])));
  const f = (x: number) => x.toFixed(x < 10 ? 2 : 1);
  for (const [phase, r] of ratios) {
    console.log(`${fn} ${paramsArg} · ${phase} (${pairs} pairs)`);
    for (const name of sides) {
      const s = samples.get(name)!.get(phase);
      if (!s) continue;
      console.log(`  ${name.padEnd(9)} script min ${f(min(s.script))} med ${f(median(s.script))}   painted min ${f(min(s.painted))} med ${f(median(s.painted))}`);
    }
    const ci = (xs: number[]) => {
      const { lo, hi } = summarize(xs);
      return `[${f(lo)}–${f(hi)}]`;
    };
    console.log(`  after/before per pair, median [95% CI]: script ${f(median(r.script))} ${ci(r.script)}  painted ${f(median(r.painted))} ${ci(r.painted)}`);
    for (const floor of floors) {
      const s = samples.get(floor)?.get(phase);
      const a = samples.get('after')!.get(phase)!;
      const b = samples.get('before')!.get(phase)!;
      if (!s) continue;
      console.log(`  / ${floor}: min script before ${f(min(b.script) / min(s.script))}× after ${f(min(a.script) / min(s.script))}×; min painted before ${f(min(b.painted) / min(s.painted))}× after ${f(min(a.painted) / min(s.painted))}×; med script after ${f(median(a.script) / median(s.script))}× painted ${f(median(a.painted) / median(s.painted))}×`);
    }
  }
} finally {
  await browser.close();
  server.close();
}

/** One profile of several (their samples one after the other; node ids made distinct). */
function merge(list: CpuProfile[]): CpuProfile {
  const out: CpuProfile = { nodes: [], samples: [], timeDeltas: [], startTime: 0, endTime: 0 };
  let offset = 0;
  for (const p of list) {
    let max = 0;
    for (const n of p.nodes) {
      max = Math.max(max, n.id);
      out.nodes.push({ ...n, id: n.id + offset, children: n.children?.map((c) => c + offset) });
    }
    out.samples.push(...p.samples.map((id) => id + offset));
    out.timeDeltas.push(...p.timeDeltas.map((d, i) => (i === 0 ? 0 : d)));
    out.endTime += p.endTime - p.startTime;
    offset += max + 1;
  }
  return out;
}
