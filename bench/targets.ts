/**
 * Issue 15's targets, checked on one run's rows: ours against raw DOM on the rows it names, and
 * against the official renderer on every row. Each check says which row it read, the ratio with its
 * interval, and, when missed, by how much, so the table in bench/README.md shows every target met or missed
 * and by what margin (the misses' explanations are in bench/README.md, "The latest full run in short").
 *
 * Painted rows are the `ms` rows without ` · script`; the official checks read ours with v1.0 and
 * with v0.9 input (the official renderer takes v0.9 only) and count the worse of the two.
 *
 * @module
 */
import type { Summary } from './stats.ts';

/** What the checks read of a report row (bench/report.ts `Row`). */
export interface TargetRow {
  workload: string;
  metric: string;
  unit: string;
  values: { official?: Summary; raw?: Summary };
  oursOfficial?: Summary & { upper?: boolean };
  oursV09Official?: Summary & { upper?: boolean };
  oursRaw?: Summary;
  /** The official run was abandoned after this many ms (its ratios are upper bounds). */
  officialAtLeast?: number;
  flagged: string[];
}

/** One checked target. */
export interface TargetCheck {
  target: string;
  /** `workload metric` the check read. */
  row: string;
  /** The ratio (ours v1.0; for the official checks the worse input's). */
  value: (Summary & { upper?: boolean }) | undefined;
  met: boolean;
  /** `MISS by 14%` (over the bound), or why the check could not be made. */
  status: string;
}

const RAW_BOUNDS: ReadonlyArray<[workload: string, metric: string, bound: number]> = [
  ['stream-in', 'total', 2],
  ['list-1000', 'initial', 2],
  ['list-10000', 'initial', 2],
  ['format', 'update', 2],
  ['one-path', 'update', 1.5],
  ['typing', 'total', 1.5],
];

const painted = (r: TargetRow) => r.unit === 'ms' && !r.metric.endsWith(' · script');
const name = (r: TargetRow) => `${r.workload} ${r.metric}`;
const worse = (r: TargetRow) => [r.oursOfficial, r.oursV09Official].filter((s) => s?.n).sort((a, b) => b!.median - a!.median)[0];
const statusOf = (met: boolean, value: number, bound: number) => (met ? 'met' : `MISS by ${Math.round((value / bound - 1) * 100)}%`);

/** Checks every issue-15 target the rows allow; a row whose ours run failed a check is a miss (†). */
export function issue15Targets(rows: readonly TargetRow[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  const find = (w: string, m: string) => rows.find((r) => r.workload === w && r.metric === m && r.unit === 'ms');
  const flaggedOurs = (r: TargetRow) => r.flagged.some((i) => i.startsWith('ours'));
  for (const [w, m, bound] of RAW_BOUNDS) {
    const r = find(w, m);
    const v = r?.oursRaw;
    const target = `ours ≤ ${bound}× raw DOM (painted)`;
    if (!r || !v?.n) {
      out.push({ target, row: `${w} ${m}`, value: undefined, met: false, status: 'not measured' });
      continue;
    }
    const met = v.median <= bound && !flaggedOurs(r);
    out.push({ target, row: name(r), value: v, met, status: flaggedOurs(r) ? 'MISS † (a check failed)' : statusOf(met, v.median, bound) });
  }
  for (const r of rows.filter(painted)) {
    const v = worse(r);
    if (!v) continue;
    // An abandoned official run gives an upper bound on the ratio: below 1 whatever the interval.
    const met = (v.upper ? v.median < 1 : v.hi < 1) && !flaggedOurs(r);
    out.push({ target: 'ours faster than official (upper CI bound < 1)', row: name(r), value: v, met, status: met ? 'met' : v.upper ? 'MISS' : `MISS (upper bound ${v.hi.toFixed(3)})` });
    const official = r.values.official?.median ?? r.officialAtLeast;
    const raw = r.values.raw?.median;
    if (official !== undefined && raw !== undefined && official > 2 * raw) {
      const half = v.median <= 0.5 && !flaggedOurs(r);
      out.push({ target: `ours ≤ 0.5× official (official ${(official / raw).toFixed(1)}× raw)`, row: name(r), value: v, met: half, status: statusOf(half, v.median, 0.5) });
    }
  }
  const script = rows.filter((r) => r.unit === 'ms' && r.metric.endsWith(' · script') && worse(r));
  const slow = script.filter((r) => {
    const v = worse(r)!;
    return v.upper ? v.median >= 1 : v.hi >= 1;
  });
  if (script.length) {
    out.push({
      target: 'ours faster than official (upper CI bound < 1)',
      row: `the ${script.length} script rows`,
      value: undefined,
      met: slow.length === 0,
      status: slow.length ? `MISS on ${slow.map(name).join(', ')}` : 'met on every one',
    });
  }
  return out;
}
