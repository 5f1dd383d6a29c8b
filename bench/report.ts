/**
 * The bench report: summary rows with the issue's targets, the printed tables, and the JSON
 * written to bench/results/<date>.json.
 *
 * @module
 */
import { FIRST_LOAD_TARGET } from '../build/size-budget.mjs';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, type } from 'node:os';
import { resolve } from 'node:path';
import { ROOT, type SizeEntry, type SizeShare } from './build.ts';
import { ALL_IMPLS, CHURN_CYCLES, CHURN_WARMUP, IMPLS, LIST_SIZES, OFFICIAL_MARKDOWN, ONLY, QUICK, SAMPLES, WORKLOADS, flag, selected, type Impl } from './config.ts';
import { RELOAD_HEAP, reloads, type ChurnResult } from './browser.ts';
import { ratio, summarize, type Summary } from './stats.ts';
import type { ProfileReport } from './profile.ts';
import type { HeapReport } from './heap.ts';
import type { RegexReport } from './workloads/regex.ts';
import { issue15Targets } from './targets.ts';
import { NETWORK_DEFAULTS, type NetworkReport } from './network/index.ts';

/** samples[workload][metric][impl] */
export type Samples = Record<string, Record<string, Partial<Record<Impl, number[]>>>>;

const fmt = (v: number): string => (!Number.isFinite(v) ? '–' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3));
const cell = (s: Summary | undefined): string => (s && s.n ? `${fmt(s.median)} [${fmt(s.lo)}–${fmt(s.hi)}]` : '–');
const ratioCell = (s: Bounded | undefined): string => (s && s.n ? (s.upper ? `< ${fmt(s.median)}×` : `${fmt(s.median)}× [${fmt(s.lo)}–${fmt(s.hi)}]`) : '–');

type Bounded = Summary & { upper?: boolean };

export interface Row {
  /** Implementations whose runs failed a check in this phase (cells marked †, see the notes). */
  flagged: Impl[];
  officialAtLeast?: number;
  workload: string;
  metric: string;
  unit: string;
  values: Partial<Record<Impl, Summary>>;
  oursOfficial?: Bounded;
  oursV09Official?: Bounded;
  oursRaw?: Summary;
  /** Ours over the floors (what our code costs on top of the architecture each floor stands for). */
  oursCeLight?: Summary;
  oursCeShadow?: Summary;
  /** The floors over raw DOM (what custom elements, and a shadow root each, cost by themselves). */
  ceLightRaw?: Summary;
  ceShadowRaw?: Summary;
  target?: string;
  met?: boolean;
}

/** The issue's targets, checked on ours with v1.0 input and with v0.9 input. */
function target(workloadKey: string, metric: string, unit: string, r: Row): void {
  const vsOfficial = (factor: number) => {
    r.target = `≤ ${fmt(1 / factor)}× official`;
    r.met = [r.oursOfficial, r.oursV09Official].every((s) => s !== undefined && s.median <= 1 / factor);
  };
  if (workloadKey === 'stream-in' && unit === 'ms') {
    r.target = '≤ 0.333× official, ≤ 1.5× raw';
    r.met = [r.oursOfficial, r.oursV09Official].every((s) => s !== undefined && s.median <= 1 / 3) && r.oursRaw !== undefined && r.oursRaw.median <= 1.5;
  } else if (workloadKey === 'one-path' && unit === 'ms') vsOfficial(3);
  else if (workloadKey === 'one-path' && unit === 'updates') vsOfficial(10);
  else if ((workloadKey === 'typing' || workloadKey === 'format') && unit === 'ms') vsOfficial(3);
  else if (workloadKey.startsWith('list-') && Number(workloadKey.slice(5)) >= 10000 && unit === 'ms') {
    r.target = '≤ 2× raw';
    r.met = r.oursRaw !== undefined && r.oursRaw.median <= 2;
  }
  void metric;
}

export function buildRows(samples: Samples, updates: Samples, lowerBounds: Record<string, number>, flagged: Set<string>): Row[] {
  const rows: Row[] = [];
  for (const w of WORKLOADS) {
    for (const [kind, data] of [['ms', samples], ['updates', updates]] as const) {
      const metrics = data[w.key];
      if (!metrics) continue;
      for (const [metric, byImpl] of Object.entries(metrics)) {
        const values: Row['values'] = {};
        for (const impl of ALL_IMPLS) if (byImpl[impl]?.length) values[impl] = summarize(byImpl[impl]!);
        const base = metric.replace(/ · script$/, '');
        const row: Row = { workload: w.key, metric, unit: kind, values, flagged: ALL_IMPLS.filter((i) => flagged.has(`${w.key}/${i}/${base}`)) };
        if (byImpl.ours && byImpl.official) row.oursOfficial = ratio(byImpl.ours, byImpl.official);
        if (byImpl['ours-v09'] && byImpl.official) row.oursV09Official = ratio(byImpl['ours-v09'], byImpl.official);
        const bound = lowerBounds[`${w.key}/official`];
        if (bound !== undefined && !byImpl.official && kind === 'ms') {
          // The official run was abandoned: its time is a lower bound, the ratios upper bounds.
          row.officialAtLeast = bound;
          const upper = (xs?: number[]) => (xs?.length ? { n: xs.length, median: summarize(xs).median / bound, lo: NaN, hi: NaN, upper: true } : undefined);
          row.oursOfficial = upper(byImpl.ours);
          row.oursV09Official = upper(byImpl['ours-v09']);
        }
        if (kind === 'ms') {
          const over = (a: Impl, b: Impl) => (byImpl[a] && byImpl[b] ? ratio(byImpl[a], byImpl[b]) : undefined);
          Object.assign(row, {
            oursRaw: over('ours', 'raw'),
            oursCeLight: over('ours', 'ce-light'),
            oursCeShadow: over('ours', 'ce-shadow'),
            ceLightRaw: over('ce-light', 'raw'),
            ceShadowRaw: over('ce-shadow', 'raw'),
          });
        }
        target(w.key, metric, kind, row);
        // A target cannot be met by a run that did not show what it should (see the notes).
        if (row.met && row.flagged.some((i) => i.startsWith('ours'))) row.met = false;
        rows.push(row);
      }
    }
  }
  streamTextTargets(rows);
  return rows;
}

/** stream-text (ours only): total ≤ 1.3× the finished message applied at once; first paint after ≤ 5% of the bytes. */
function streamTextTargets(rows: Row[]): void {
  const of = (metric: string) => rows.find((r) => r.workload === 'stream-text' && r.metric === metric)?.values.ours?.median;
  const total = rows.find((r) => r.workload === 'stream-text' && r.metric === 'total');
  const one = of('one message');
  if (total && one !== undefined && total.values.ours) {
    total.target = `≤ 1.3× one message (${fmt(total.values.ours.median / one)}×)`;
    total.met = total.values.ours.median <= 1.3 * one;
  }
  const share = rows.find((r) => r.workload === 'stream-text' && r.metric === 'first painted at % of bytes');
  if (share?.values.ours) {
    share.target = '≤ 5% of the bytes';
    share.met = share.values.ours.median <= 5;
  }
}

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

function renderTable(rows: Row[]): string {
  const header = ['workload', 'metric', 'ours v1.0', 'ours v0.9', 'official v0.9', 'raw DOM', 'CE light', 'CE shadow', 'ours/official (v1.0 | v0.9 input)', 'ours/raw', 'ours/CE light', 'ours/CE shadow', 'target', ''];
  const value = (r: Row, impl: Impl) => cell(r.values[impl]) + (r.flagged.includes(impl) ? ' †' : '');
  const body = rows.map((r) => [
    r.workload,
    metricCell(r),
    value(r, 'ours'),
    value(r, 'ours-v09'),
    r.officialAtLeast !== undefined ? `> ${fmt(r.officialAtLeast)} (abandoned)` + (r.flagged.includes('official') ? ' †' : '') : value(r, 'official'),
    value(r, 'raw'),
    value(r, 'ce-light'),
    value(r, 'ce-shadow'),
    r.oursOfficial || r.oursV09Official ? `${ratioCell(r.oursOfficial)} | ${ratioCell(r.oursV09Official)}` : '–',
    ratioCell(r.oursRaw),
    ratioCell(r.oursCeLight),
    ratioCell(r.oursCeShadow),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'met' : r.flagged.some((i) => i.startsWith('ours')) ? 'MISS †' : 'MISS',
  ]);
  return table(header, body);
}

const metricCell = (r: Row): string => (r.unit === 'ms' ? `${r.metric} (ms)` : r.metric.includes('%') ? r.metric : `${r.metric} (updates)`);

/** The floors against each other: what custom elements cost, and what a shadow root each adds. */
function floorTable(rows: Row[]): string | undefined {
  const body = rows.filter((r) => r.ceLightRaw || r.ceShadowRaw).map((r) => [r.workload, metricCell(r), ratioCell(r.ceLightRaw), ratioCell(r.ceShadowRaw), ratioCell(r.oursRaw)]);
  return body.length ? table(['workload', 'metric', 'CE light/raw', 'CE shadow/raw', 'ours/raw'], body) : undefined;
}


export function report(r: {
  shares: SizeShare[];
  heap: HeapReport | undefined;
  notes: string[];
  samples: Samples;
  updates: Samples;
  rows: Row[];
  sizes: Record<string, SizeEntry>;
  churnResults: Partial<Record<Impl, ChurnResult>>;
  regex: RegexReport | undefined;
  failures: string[];
  browserVersion: string;
  started: number;
  profiles: Record<string, ProfileReport>;
  consoleErrors: Record<string, string[]>;
  /** The "first surface painted" row (bench/network/), when it ran. */
  network?: NetworkReport;
}): void {
  const now = new Date();
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
  const out: string[] = [];
  out.push(`A2UI renderer benchmark — ${now.toISOString()}`);
  out.push(`machine: ${machine}; browser: ${r.browserVersion} (headless); node ${process.version}`);
  if (r.rows.length) {
    out.push('times in ms, median [95% bootstrap CI]; "X" = until painted (updates applied + the main-thread work of the frame that shows them), "X · script" = until the updates were applied (bench/README.md)');
    out.push('ratios: median ours / median other [95% CI]; † = a check failed in that phase (see the notes), the time is not comparable');
  }
  out.push(`official renderer: @a2ui/lit 0.11.0 + @a2ui/web_core 0.11.0, markdown renderer: ${OFFICIAL_MARKDOWN}`);
  if (r.rows.length) {
    out.push('');
    out.push(renderTable(r.rows));
  }
  const floors = floorTable(r.rows);
  if (floors) {
    out.push('');
    out.push('floors: vanilla custom elements in light DOM (CE light) and with a shadow root each (CE shadow), over raw DOM (bench/README.md)');
    out.push(floors);
  }

  const targets = r.rows.length ? issue15Targets(r.rows) : [];
  if (targets.length) {
    out.push('');
    out.push("issue 15's targets (medians of this run; a miss says by how much over the bound; what the profile shows: bench/README.md \"The latest full run in short\")");
    out.push(table(['target', 'row', 'ratio [95% CI]', 'status'], targets.map((t) => [t.target, t.row, ratioCell(t.value), t.status])));
  }

  const CHURN_TARGET = '≤ 150 KB, 0 nodes, 0 listeners';
  const churnMet = (c: ChurnResult) => c.retained <= 150 * 1024 && c.nodesRetained <= 0 && c.listenersRetained <= 0;
  const churnRows = (Object.entries(r.churnResults) as Array<[Impl, ChurnResult]>).map(([impl, c]) => [
    IMPLS[impl].label,
    String(c.cycles),
    fmt(c.msPerCycle),
    `${(c.retained / 1024).toFixed(0)} KB`,
    String(c.nodesRetained),
    String(c.listenersRetained),
    impl.startsWith('ours') ? (churnMet(c) ? `met (${CHURN_TARGET})` : `MISS (${CHURN_TARGET})`) : '',
  ]);
  if (churnRows.length) {
    out.push('');
    out.push('churn: create + render + delete surfaces (heap after forced GC, DevTools protocol)');
    out.push(table(['impl', 'cycles', 'ms/cycle', 'retained heap', 'DOM nodes', 'listeners', 'target'], churnRows));
  }

  const sizeRows = Object.values(r.sizes).map((s) => [s.label, `${(s.minified / 1024).toFixed(1)} KB`, `${(s.gzip / 1024).toFixed(1)} KB`]);
  if (sizeRows.length) {
    const ours = r.sizes.ours?.gzip ?? NaN;
    const official = r.sizes.official?.gzip ?? NaN;
    const target = FIRST_LOAD_TARGET / 1024;
    const met = ours <= FIRST_LOAD_TARGET && ours < official;
    out.push('');
    out.push(`size: gzip -9 per file, first load = the entry and its static imports; ours as npm run build ships dist/ (Vite), its other entries as one esbuild file (lazy imports left out), official with esbuild --splitting — target: ours ≤ ${target} KB gzip and < official: ${met ? 'met' : 'MISS'} (ours/official ${fmt(ours / official)}×; ≤ ${target} KB ${ours <= FIRST_LOAD_TARGET ? 'met' : 'missed'}, < official ${ours < official ? 'met' : 'missed'})`);
    out.push(table(['bundle', 'minified', 'gzip'], sizeRows));
    if (r.shares.length) out.push(`gzip KB the script-tag build saves without each piece (leave-one-out): ${r.shares.map((x) => `${x.piece} ${(x.gzipSaved / 1024).toFixed(1)}`).join('; ')}`);
  }

  if (r.regex) {
    const x = r.regex;
    out.push('');
    out.push('regex safety (ours only): checkPattern + regexTest against 9 adversarial 4,096-code-point inputs per accepted pattern');
    out.push(
      table(
        ['corpus', 'patterns', 'accepted', 'refused'],
        [
          ['real-world validation patterns', String(x.realWorld.patterns), String(x.realWorld.accepted), String(x.realWorld.patterns - x.realWorld.accepted)],
          ['catastrophic-backtracking patterns', String(x.catastrophic.patterns), String(x.catastrophic.patterns - x.catastrophic.refused), String(x.catastrophic.refused)],
          ['seeded random patterns', String(x.random.patterns), String(x.random.accepted), String(x.random.refused)],
        ],
      ),
    );
    out.push(`worst match: ${fmt(x.worstMatchMs)} ms over ${x.matches} matches (pattern ${JSON.stringify(x.worstPattern)}, input ${x.worstInput}); worst checkPattern: ${fmt(x.worstCheckMs)} ms (${JSON.stringify(x.worstCheckPattern)}); total ${fmt(x.totalMs / 1000)} s`);
    if (x.catastrophic.accepted.length) out.push(`ACCEPTED catastrophic patterns: ${x.catastrophic.accepted.join('  ')}`);
  }

  if (reloads.size) {
    out.push('');
    out.push(`pages reloaded between samples because their JS heap grew past ${RELOAD_HEAP / 2 ** 20} MB: ${[...reloads].map(([k, v]) => `${k} ${v}×`).join(', ')}`);
  }
  if (r.notes.length) {
    out.push('');
    out.push('notes († in the table: checks that failed in a run whose times are still shown):');
    for (const n of r.notes) out.push(`- ${n}`);
  }
  if (r.failures.length) {
    out.push('');
    out.push('FAILURES (these implementations were dropped from the workload):');
    for (const f of r.failures) out.push(`- ${f}`);
  }
  const noisy = Object.entries(r.consoleErrors).filter(([, e]) => e.length);
  if (noisy.length) {
    out.push('');
    out.push('console warnings/errors seen:');
    for (const [page, errors] of noisy) for (const e of errors) out.push(`- ${page}: ${e}`);
  }
  const summaryEnd = out.length; // what bench/README.md shows: everything above the profiles
  for (const [key, p] of Object.entries(r.profiles)) {
    const pct = (ms: number) => `${((100 * ms) / p.totalMs).toFixed(1)}%`;
    out.push('');
    out.push(`profile of ours (v1.0) on ${key}, measured phases only: ${fmt(p.totalMs)} ms sampled`);
    out.push(`by file (self): ${p.byFile.map((f) => `${f.file} ${f.pct.toFixed(0)}%`).join(', ')}`);
    out.push(table(['self ms', 'self %', 'function (top self time)', 'where'], p.top.filter((t) => !t.where.startsWith('bench/') && t.name !== '(idle)').slice(0, 15).map((t) => [fmt(t.selfMs), pct(t.selfMs), t.name, t.where])));
    out.push(table(['incl. ms', 'incl. %', 'our function (top inclusive time)', 'where'], p.ours.slice(0, 15).map((t) => [fmt(t.totalMs), pct(t.totalMs), t.name, t.where])));
  }
  if (r.heap) {
    out.push('');
    out.push(`churn heap snapshots (ours, fresh page, after ${CHURN_WARMUP} and ${CHURN_WARMUP + CHURN_CYCLES} create/delete cycles, forced GC): live ${r.heap.counts.map(([k, v]) => `${v} ${k}`).join(', ')}`);
    const g = r.heap.growth;
    if (g) {
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      out.push(`grew in between: compiled code ${kb(g.kinds.code)}, engine tables ${kb(g.kinds.engine)}, objects ${kb(g.kinds.objects)}; largest: ${g.top.map(([k, n, b]) => `${k} ${n >= 0 ? '+' : ''}${n} (${kb(b)})`).join('; ')}`);
    }
    for (const { target, path } of r.heap.paths) {
      // Runs of the same hop (a FinalizationRegistry's chain of WeakCells) are shown once.
      const shown: string[] = [];
      for (let i = 0; i < path.length; ) {
        const label = path[i].replace(/ @\d+/g, '');
        let j = i;
        while (j < path.length && path[j].replace(/ @\d+/g, '') === label) j++;
        shown.push(j - i > 1 ? `${label}  (× ${j - i})` : path[i]);
        i = j;
      }
      out.push(`retaining path of ${target}:`);
      for (const hop of shown) out.push(`    ${hop}`);
    }
  }

  // The network row is printed last, with a README region of its own (<!-- network-table -->).
  const networkBlock = r.network ? networkSection(r.network) : [];
  out.push(...networkBlock);
  out.push('');
  out.push(`total ${((Date.now() - r.started) / 1000).toFixed(0)} s`);
  const text = out.join('\n');
  console.log(text);

  if (!flag('--no-write')) {
    const dir = resolve(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    // A run of the network row alone does not replace the day's full run.
    const alone = r.network && !r.rows.length && !Object.keys(r.sizes).length && !r.regex && !Object.keys(r.churnResults).length;
    const file = resolve(dir, `${now.toISOString().slice(0, 10)}${alone ? '-network' : ''}.json`);
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: now.toISOString(),
          machine,
          browser: r.browserVersion,
          node: process.version,
          official: { '@a2ui/lit': pkg.devDependencies['@a2ui/lit'], '@a2ui/web_core': pkg.devDependencies['@a2ui/web_core'], markdown: OFFICIAL_MARKDOWN },
          options: { quick: QUICK, samples: SAMPLES, only: ONLY, churnCycles: CHURN_CYCLES, churnWarmup: CHURN_WARMUP, listSizes: LIST_SIZES },
          workloads: WORKLOADS.filter((w) => selected(w.key)).map(({ key, title, params, samples }) => ({ key, title, params, samples })),
          rows: r.rows,
          targets,
          samples: r.samples,
          updates: r.updates,
          churn: r.churnResults,
          size: r.sizes,
          sizeShares: r.shares,
          regex: r.regex,
          profiles: r.profiles,
          heap: r.heap,
          network: r.network,
          failures: r.failures,
          notes: r.notes,
          table: text,
        },
        null,
        1,
      ),
    );
    console.error(`wrote ${file}`);
    // A full run (all workloads and implementations, default samples) refreshes the table in the
    // README and in bench/README.md.
    if (r.network && NETWORK_DEFAULTS) {
      const block = ['<!-- network-table -->', '```text', `${now.toISOString()} · ${r.network.browser} (headless) · ${machine}`, ...networkBlock.slice(1), '```', '<!-- /network-table -->'].join('\n');
      refresh('<!-- network-table -->', '<!-- /network-table -->', block);
    }
    if (!ONLY && !QUICK && SAMPLES === undefined && !flag('--impls')) {
      const block = ['<!-- table -->', '```text', ...out.slice(0, summaryEnd), '```', '<!-- /table -->'].join('\n');
      refresh('<!-- table -->', '<!-- /table -->', block);
    }
  }
}


/** Replaces the region between `open` and `close` in README.md and bench/README.md (where there is one) with `block`. */
function refresh(open: string, close: string, block: string): void {
  for (const readme of [resolve(ROOT, 'README.md'), resolve(ROOT, 'bench/README.md')]) {
    const md = readFileSync(readme, 'utf8');
    // A marker counts on a line of its own only (prose may name it).
    const at = (marker: string, from = 0) => {
      const i = md.indexOf(`\n${marker}\n`, from);
      return i < 0 ? i : i + 1;
    };
    const start = at(open);
    const end = at(close, start);
    if (start < 0) continue;
    writeFileSync(readme, md.slice(0, start) + block + (end >= 0 ? md.slice(end + close.length) : '\n'));
    console.error(`updated ${open} in ${readme}`);
  }
}

/** The network row's printed lines (the first is blank). */
function networkSection(n: NetworkReport): string[] {
  const lines = ['', n.table];
  if (n.failures.length) lines.push('', 'network samples that failed:', ...n.failures.map((f) => `- ${f}`));
  return lines;
}
