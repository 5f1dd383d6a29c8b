/**
 * Rate limits for what an app sends: one token bucket per method family, per app. The proxy
 * enforces them before relaying (so a flood never reaches the host's thread) and the host again
 * after receiving (so a weaker or older proxy cannot lift them). Refusals are counted per burst,
 * so a flood of refusals becomes one report; size and data-model notifications over the limit
 * are held (latest wins) instead. Dependency-free: the proxy page imports it.
 */

/** Method families, each with its own bucket. */
export type MethodFamily =
  | 'message' | 'openLink' | 'tools' | 'resources' | 'download' | 'functions' | 'data' | 'context' | 'log' | 'size' | 'other' | 'focus';

/** A bucket: up to `burst` messages at once, refilled at `perSecond`. */
export interface RateLimit {
  burst: number;
  perSecond: number;
}

/** What `<a2ui-mcp-app>`'s `limits` property accepts (every key optional). */
export interface McpAppLimits {
  /** Per-family buckets; missing families keep their defaults. */
  rates?: Partial<Record<MethodFamily, Partial<RateLimit>>>;
  /** `ui/message`, `ui/open-link` and leaving inline (`ui/request-display-mode`) need a recent user activation inside the app (default true). */
  requireUserActivation?: boolean;
}

/** Fully resolved limits. */
export interface ResolvedLimits {
  rates: Record<MethodFamily, RateLimit>;
  requireUserActivation: boolean;
}

/** The defaults (documented in sandbox/README.md). */
export const DEFAULT_RATES: Readonly<Record<MethodFamily, Readonly<RateLimit>>> = {
  message: { burst: 3, perSecond: 0.5 },
  openLink: { burst: 3, perSecond: 0.5 },
  tools: { burst: 20, perSecond: 5 },
  resources: { burst: 20, perSecond: 5 },
  download: { burst: 3, perSecond: 0.5 },
  functions: { burst: 20, perSecond: 10 },
  data: { burst: 100, perSecond: 50 },
  context: { burst: 10, perSecond: 2 },
  log: { burst: 20, perSecond: 5 },
  size: { burst: 20, perSecond: 10 },
  other: { burst: 50, perSecond: 20 },
  // Not a method: focus taken without user activation (each one is taken back); past this the app is stopped.
  focus: { burst: 3, perSecond: 0.1 },
};

/** A burst ends after this long without a refusal of its kind; then it is reported once. */
export const BURST_QUIET_MS = 300;
/** A burst that never goes quiet is reported (and a new one begun) after this long. */
export const BURST_MAX_MS = 1000;

/** JSON-RPC code of a rate-limit or missing-activation refusal (the spec's example denial code). */
export const DENIED = -32000;

const FAMILIES: Record<string, MethodFamily> = {
  'ui/message': 'message',
  'ui/open-link': 'openLink',
  'tools/call': 'tools',
  'resources/read': 'resources',
  'resources/list': 'resources',
  'ui/download-file': 'download',
  'ui/requests/function-call': 'functions',
  'ui/notifications/data-model-change': 'data',
  'ui/update-model-context': 'context',
  'notifications/message': 'log',
  'ui/notifications/size-changed': 'size',
};

/** The family of a method (responses and unknown methods are `other`). */
export function familyOf(method: unknown): MethodFamily {
  return (typeof method === 'string' && Object.hasOwn(FAMILIES, method) ? FAMILIES[method] : undefined) ?? 'other';
}

/**
 * Methods that speak for the user: they need a recent user activation inside the app. Leaving
 * `inline` (fullscreen, pip) is one, like the Fullscreen API; going back to inline is not.
 */
export function needsActivation(method: unknown, params?: unknown): boolean {
  if (method === 'ui/request-display-mode') return (params as { mode?: unknown } | undefined)?.mode !== 'inline';
  return method === 'ui/message' || method === 'ui/open-link';
}

const finite = (v: unknown, fallback: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(v, max) : fallback;

/** Resolves (and sanitizes) limits: anything that is not a non-negative number keeps the default. */
export function resolveLimits(input: unknown): ResolvedLimits {
  const given = typeof input === 'object' && input !== null ? (input as McpAppLimits) : {};
  const rates = {} as Record<MethodFamily, RateLimit>;
  for (const family of Object.keys(DEFAULT_RATES) as MethodFamily[]) {
    const own = typeof given.rates === 'object' && given.rates !== null ? given.rates[family] : undefined;
    const d = DEFAULT_RATES[family];
    rates[family] = { burst: finite(own?.burst, d.burst, 100_000), perSecond: finite(own?.perSecond, d.perSecond, 100_000) };
  }
  return { rates, requireUserActivation: given.requireUserActivation !== false };
}

/** One token bucket per family. */
export class TokenBuckets {
  private readonly tokens = new Map<MethodFamily, { level: number; at: number }>();

  constructor(
    private readonly rates: Record<MethodFamily, RateLimit>,
    /** Extra tokens on top of every burst (the host's slack for relay delays). */
    private readonly slack = 0,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token from `family`'s bucket; false when it is empty. */
  take(family: MethodFamily): boolean {
    const { burst, perSecond } = this.rates[family];
    const cap = burst + this.slack;
    const t = this.now();
    const b = this.tokens.get(family) ?? { level: cap, at: t };
    b.level = Math.min(cap, b.level + ((t - b.at) / 1000) * perSecond);
    b.at = t;
    this.tokens.set(family, b);
    if (b.level < 1) return false;
    b.level -= 1;
    return true;
  }
}

/** A coalesced refusal: how many messages of one kind were refused in one burst. */
export interface BurstReport {
  method: string;
  reason: string;
  code?: number;
  count: number;
}

/**
 * Counts refusals per key (method + reason) and reports each burst once, {@link BURST_QUIET_MS}
 * after its last refusal.
 */
export class BurstReporter {
  private readonly open = new Map<string, { report: BurstReport; start: number; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly report: (r: BurstReport) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  refused(method: string, reason: string, code?: number): void {
    const key = `${method}\n${reason}`;
    const t = this.now();
    const burst = this.open.get(key);
    if (burst) clearTimeout(burst.timer);
    const entry = burst ?? { report: { method, reason, ...(code === undefined ? {} : { code }), count: 0 }, start: t, timer: 0 as never };
    entry.report.count++;
    const wait = Math.max(0, Math.min(BURST_QUIET_MS, entry.start + BURST_MAX_MS - t));
    entry.timer = setTimeout(() => {
      this.open.delete(key);
      this.report(entry.report);
    }, wait);
    this.open.set(key, entry);
  }

  /** Drops every open burst unreported. */
  dispose(): void {
    for (const { timer } of this.open.values()) clearTimeout(timer);
    this.open.clear();
  }
}

/** Most distinct held notifications per family; past this, the rest are refused. */
export const MAX_HELD = 64;

/**
 * For notifications whose latest value matters (`size-changed`, `data-model-change`), the key under
 * which a later one supersedes an earlier one; null for every other message. Over the limit these
 * are held, latest wins, rather than dropped, so an app dragging a slider loses no final value.
 */
export function holdKey(msg: Message): string | null {
  if (msg.id !== undefined) return null;
  if (msg.method === 'ui/notifications/size-changed') return 'size';
  if (msg.method !== 'ui/notifications/data-model-change') return null;
  const p = typeof msg.params === 'object' && msg.params !== null ? (msg.params as Record<string, unknown>) : {};
  return `${String(p.key)}\n${String(p.subpath ?? '')}`;
}

type Message = { id?: unknown; method?: unknown; params?: unknown };

/**
 * An app's rate limits in one place: each message takes a token of its family's bucket and is
 * sent; without a token it is refused, except the kinds {@link holdKey} names, which are held (one
 * per key, the latest) and released in the order of their latest write as tokens come back. Once
 * anything of a family is held, newer ones of that family queue behind it, so order is kept.
 */
export class RateGate<M extends Message> {
  private readonly buckets: TokenBuckets;
  private readonly held = new Map<MethodFamily, Map<string, M>>();
  private readonly timers = new Map<MethodFamily, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly rates: Record<MethodFamily, RateLimit>,
    private readonly send: (msg: M) => void,
    /** Extra tokens on top of every burst (see {@link TokenBuckets}). */
    slack = 0,
  ) {
    this.buckets = new TokenBuckets(rates, slack);
  }

  /** Sends `msg` (now, or later when held); false when it is refused. */
  admit(msg: M): boolean {
    const family = familyOf(msg.method);
    const key = holdKey(msg);
    if (key !== null) return this.offer(family, key, msg);
    if (!this.buckets.take(family)) return false;
    this.send(msg);
    return true;
  }

  private offer(family: MethodFamily, key: string, msg: M): boolean {
    const queue = this.held.get(family);
    if (!queue?.size && this.buckets.take(family)) {
      this.send(msg);
      return true;
    }
    const q = queue ?? new Map<string, M>();
    if (!q.has(key) && q.size >= MAX_HELD) return false;
    q.delete(key);
    q.set(key, msg);
    this.held.set(family, q);
    this.schedule(family);
    return true;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.held.clear();
  }

  private schedule(family: MethodFamily): void {
    if (this.timers.has(family)) return;
    const ms = Math.min(60_000, 1000 / Math.max(this.rates[family].perSecond, 1 / 60));
    this.timers.set(family, setTimeout(() => this.release(family), ms));
  }

  private release(family: MethodFamily): void {
    this.timers.delete(family);
    const q = this.held.get(family);
    if (!q) return;
    for (const [key, msg] of q) {
      if (!this.buckets.take(family)) break;
      q.delete(key);
      this.send(msg);
    }
    if (q.size) this.schedule(family);
  }
}
