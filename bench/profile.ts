/**
 * Summarises a CPU profile (DevTools protocol `Profiler.stop`) of a bench page: self time per
 * function, and inclusive time of the functions in our own sources, each mapped to its source
 * file through the `// path` module comments of the unminified esbuild bundle.
 *
 * @module
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileEntry {
  name: string;
  where: string;
  selfMs: number;
  selfPct: number;
  totalMs: number;
}

export interface ProfileReport {
  totalMs: number;
  top: ProfileEntry[];
  /** Inclusive time of functions in src/ and elements/ (what our code costs, callees included). */
  ours: ProfileEntry[];
  byFile: Array<{ file: string; pct: number }>;
}

/** Source file of each line of an esbuild bundle (from its `// path/to/file` comments). */
function lineFiles(bundle: string): string[] {
  const out: string[] = [];
  let current = '(bundle)';
  for (const line of bundle.split('\n')) {
    const m = /^\/\/ ((?:\.\.\/|[\w@.-]+\/)[^\s]*\.(?:ts|js|mjs|json))$/.exec(line);
    if (m) current = m[1];
    out.push(current);
  }
  return out;
}

/** Adds the self and inclusive times of `profile` to the maps; returns its sampled ms. */
function accumulate(profile: CpuProfile, files: string[], self: Map<string, number>, total: Map<string, number>): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (f: CallFrame): string => (f.url ? (f.url.endsWith('.js') && f.url.includes('127.0.0.1') ? files[f.lineNumber] ?? '(bundle)' : f.url) : '(native)');
  const key = (f: CallFrame) => `${f.functionName || '(anonymous)'}\u0000${where(f)}`;
  let sum = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dur = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    sum += dur;
    const node = byId.get(profile.samples[i])!;
    const k = key(node.callFrame);
    self.set(k, (self.get(k) ?? 0) + dur);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const kk = key(byId.get(id)!.callFrame);
      if (seen.has(kk)) continue;
      seen.add(kk);
      total.set(kk, (total.get(kk) ?? 0) + dur);
    }
  }
  return sum;
}

/** Summarises one or more profiles of the same page (their times add up). */
export function profileSummary(profiles: CpuProfile[], bundle: string, limit = Number(process.env.PROFILE_LIMIT ?? 25)): ProfileReport {
  const files = lineFiles(bundle);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let sum = 0;
  for (const profile of profiles) sum += accumulate(profile, files, self, total);
  const entry = (k: string): ProfileEntry => {
    const [name, file] = k.split('\u0000');
    const s = self.get(k) ?? 0;
    return { name, where: file, selfMs: s, selfPct: (100 * s) / sum, totalMs: total.get(k) ?? 0 };
  };
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([k]) => entry(k));
  const ours = [...total.entries()]
    .filter(([k]) => /\u0000(\.\.\/)*(src|elements)\//.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k]) => entry(k));
  const fileSelf = new Map<string, number>();
  for (const [k, v] of self) {
    const file = k.split('\u0000')[1].replace(/^(\.\.\/)*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$2');
    fileSelf.set(file, (fileSelf.get(file) ?? 0) + v);
  }
  const byFile = [...fileSelf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([file, v]) => ({ file, pct: (100 * v) / sum }));
  return { totalMs: sum, top, ours, byFile };
}
