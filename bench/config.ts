/**
 * Bench configuration: command-line options, the implementations compared, the workloads and
 * their sample counts (see run.ts for the command line).
 *
 * @module
 */
import type { Page } from './build.ts';

export const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(name);
export const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
export const QUICK = flag('--quick');
export const SAMPLES = option('--samples') ? Number(option('--samples')) : undefined;
export const ONLY = option('--only')?.split(',');
export const PROFILE = flag('--profile');
export const OFFICIAL_MARKDOWN = option('--official-markdown') ?? 'marked';
export const LIST_SIZES = (option('--list-items') ?? '1000,10000').split(',').map(Number);
export const CHURN_CYCLES = Number(option('--churn') ?? (QUICK ? 200 : 1000));
/**
 * Churn cycles run before the heap is weighed. Until the hot functions have tiered up, every
 * cycle may add optimized code (ours: ~100 functions, ~250 KB over the first 1,000 cycles), which
 * no surface holds; weighing after as many cycles as are measured leaves that out.
 */
export const CHURN_WARMUP = Number(option('--churn-warmup') ?? CHURN_CYCLES);
export { CHROMIUM } from '../build/chromium.mjs';
/** A single run taking longer is abandoned and reported as a lower bound. */
export const TIMEOUT_S = Number(option('--timeout') ?? 30);
/** An implementation whose warm-up run takes longer gets this many samples only. */
export const SLOW_S = 8;
export const SLOW_SAMPLES = 2;

/** Implementations: which page, which input. */
export type Impl = 'ours' | 'ours-v09' | 'official' | 'raw' | 'ce-shadow' | 'ce-light';
export const IMPLS: Record<Impl, { page: Page; proto: 'v10' | 'v09' | 'raw'; label: string }> = {
  ours: { page: 'ours', proto: 'v10', label: 'ours v1.0' },
  'ours-v09': { page: 'ours', proto: 'v09', label: 'ours v0.9' },
  official: { page: 'official', proto: 'v09', label: 'official' },
  raw: { page: 'raw', proto: 'raw', label: 'raw DOM' },
  'ce-shadow': { page: 'ce-shadow', proto: 'raw', label: 'CE shadow' },
  'ce-light': { page: 'ce-light', proto: 'raw', label: 'CE light' },
};
/** `--impls ours,raw`: compare only these (a quicker loop while working on one of them). */
export const ALL_IMPLS = (option('--impls')?.split(',') ?? Object.keys(IMPLS)).filter((i): i is Impl => i in IMPLS);
/** Churn runs every compared implementation but ours with v0.9 input unless asked (the v0.9 path renders with the same elements). */
export const CHURN_IMPLS = (option('--churn-impls')?.split(',') ?? ALL_IMPLS.filter((i) => i !== 'ours-v09')) as Impl[];

export interface WorkloadSpec {
  key: string;
  title: string;
  fn: string;
  params: Record<string, number>;
  samples: number;
  /** Only these implementations run it (default: all). */
  impls?: Impl[];
}

const n = (full: number, quick: number) => SAMPLES ?? (QUICK ? quick : full);

export const WORKLOADS: WorkloadSpec[] = [
  { key: 'stream-in', title: 'stream-in: 1,000 components in 100 messages', fn: 'streamIn', params: { components: 1000, messages: 100 }, samples: n(10, 3) },
  { key: 'one-path', title: 'one-path update on 1,000 components', fn: 'onePath', params: { components: 1000 }, samples: n(20, 5) },
  { key: 'typing', title: 'typing: 200 keystrokes, 50 bound Texts', fn: 'typing', params: { keystrokes: 200, texts: 50 }, samples: n(4, 2) },
  ...LIST_SIZES.map((items) => ({
    key: `list-${items}`,
    title: `template list, ${items.toLocaleString('en-US')} items`,
    fn: 'templateList',
    params: { items },
    samples: items > 5000 ? n(5, 2) : n(8, 3),
  })),
  { key: 'stream-text', title: 'stream-text: a 1,000-component createSurface as model text, 64-byte chunks', fn: 'streamText', params: { components: 1000, chunk: 64 }, samples: n(8, 3), impls: ['ours'] },
  { key: 'format', title: 'formatString: 500 Texts × 3 interpolations, shared path', fn: 'formatHeavy', params: { texts: 500 }, samples: n(15, 4) },
];

export const selected = (key: string) => !ONLY || ONLY.some((o) => key.startsWith(o));
