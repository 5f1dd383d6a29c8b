/**
 * One sample of the "first surface painted" row: a fresh browser context (its own empty HTTP
 * cache and connections), the page's network throttled through the DevTools protocol, the time
 * the page's watcher reports, and what went over the network until then (from the protocol's
 * Network events: requests, bytes, each request's initiator).
 *
 * Cache states: `cold` is a fresh context's first visit (empty cache, no open connection); `warm`
 * the same context's second visit, in a new tab right after the first (its HTTP/2 connection may
 * still be open): stable file names are revalidated (`304`), content-hashed ones come from the
 * cache. Both visits are throttled and measured. The DevTools throttle delays each request by the
 * latency and shares the bandwidth; it does not slow the TCP and TLS handshakes (the same for every
 * implementation).
 *
 * @module
 */
import type { Browser, BrowserContext, CDPSession } from 'puppeteer-core';
import type { NetworkImpl, PageTimes } from './pages.ts';
import type { SurfaceKey } from './surfaces.ts';

export interface NetworkProfile {
  label: string;
  /** Added to every request, ms. */
  latency: number;
  /** bits per second. */
  down: number;
  up: number;
}

/** The throttled networks (DevTools `Network.emulateNetworkConditions`, Lighthouse's presets). */
export const NETWORKS: Record<string, NetworkProfile> = {
  'slow-4g': { label: 'slow 4G (150 ms, 1.6 Mbps)', latency: 150, down: 1.6e6, up: 750e3 },
  '4g': { label: '4G (50 ms, 9 Mbps)', latency: 50, down: 9e6, up: 1.5e6 },
  cable: { label: 'cable (10 ms, 50 Mbps)', latency: 10, down: 50e6, up: 10e6 },
};

export type CacheState = 'cold' | 'warm';

/** One request of a visit, as the Network events told it. */
export interface RequestRecord {
  url: string;
  /** The URL of the document or script that started it (the protocol's initiator). */
  initiator?: string;
  /** The status on the wire (`304` for a revalidation), or undefined when answered from the cache. */
  status?: number;
  protocol?: string;
  /** Answered from the browser's cache without going to the network. */
  fromCache: boolean;
  /** Bytes received over the network (headers + body as transferred). */
  bytes: number;
  /** Seconds (protocol clock) it was sent, and its answer was usable (a fetch: its headers; else its last byte). */
  sent: number;
  done?: number;
}

export interface VisitResult {
  painted: number;
  ready: number;
  /** The protocol clock's time of the navigation request, and of the paint. */
  start: number;
  paintAt: number;
  requests: RequestRecord[];
}

export type SampleResult = Record<CacheState, VisitResult>;

export class SampleFailure extends Error {}

interface StackTrace {
  callFrames: Array<{ url: string }>;
  parent?: StackTrace;
}

/** The URL that started a request: the initiator's URL, else the top script frame of its stack. */
function initiatorUrl(initiator: { url?: string; stack?: StackTrace } | undefined): string | undefined {
  if (initiator?.url) return initiator.url;
  for (let s = initiator?.stack; s; s = s.parent) {
    const frame = s.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/** Records every request of the page's next navigation. */
function recordNetwork(cdp: CDPSession): { requests(): RequestRecord[]; navigationSent(): number | undefined } {
  const byId = new Map<string, RequestRecord & { type?: string }>();
  let navigation: number | undefined;
  const on = <T>(event: string, fn: (e: T) => void) => cdp.on(event as never, fn as never);
  on<{ requestId: string; request: { url: string }; initiator: { url?: string; stack?: StackTrace }; timestamp: number; type?: string }>('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && navigation === undefined) navigation = e.timestamp;
    byId.set(e.requestId, { url: e.request.url, initiator: initiatorUrl(e.initiator), sent: e.timestamp, fromCache: false, bytes: 0, type: e.type });
  });
  // The status on the wire (a 304 shows as the cached 200 in responseReceived); this event may
  // come before requestWillBeSent, so it is kept apart.
  const wire = new Map<string, number>();
  on<{ requestId: string; statusCode: number }>('Network.responseReceivedExtraInfo', (e) => wire.set(e.requestId, e.statusCode));
  on<{ requestId: string; timestamp: number; response: { status: number; protocol?: string; fromDiskCache?: boolean } }>('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.protocol = e.response.protocol;
    r.status = e.response.status;
    if (e.response.fromDiskCache) r.fromCache = true;
    if (r.type === 'Fetch') r.done = e.timestamp;
  });
  on<{ requestId: string }>('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  // loadingFinished's total is sometimes 0 for a fetch read as a stream: the chunks' sum stands in.
  const received = new Map<string, number>();
  on<{ requestId: string; encodedDataLength: number }>('Network.dataReceived', (e) => received.set(e.requestId, (received.get(e.requestId) ?? 0) + e.encodedDataLength));
  on<{ requestId: string; encodedDataLength: number; timestamp: number }>('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.bytes = Math.max(e.encodedDataLength, received.get(e.requestId) ?? 0);
    r.done ??= e.timestamp;
  });
  return {
    requests: () =>
      [...byId.entries()].filter(([, r]) => !r.url.startsWith('data:')).map(([id, { type: _type, ...r }]) => ({ ...r, status: r.fromCache ? undefined : (wire.get(id) ?? r.status) })),
    navigationSent: () => navigation,
  };
}

async function throttle(cdp: CDPSession, n: NetworkProfile): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: n.latency, downloadThroughput: n.down / 8, uploadThroughput: n.up / 8 });
}

type Watched = Omit<PageTimes, 'missing'> & { missing: () => string[] };

/** Opens `url` in a new tab of `context`, throttled, and waits for the watcher's paint. */
async function visit(context: BrowserContext, url: string, network: NetworkProfile, timeoutMs: number, settle: boolean): Promise<VisitResult> {
  const page = await context.newPage();
  try {
    const cdp = await page.createCDPSession();
    const net = recordNetwork(cdp);
    await cdp.send('Network.enable');
    await throttle(cdp, network);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    try {
      await page.waitForFunction('window.__firstSurface && window.__firstSurface.painted !== undefined', { timeout: timeoutMs, polling: 100 });
    } catch {
      const why = await page
        .evaluate(() => {
          const s = (window as unknown as { __firstSurface?: Watched }).__firstSurface;
          return s ? { missing: s.missing(), errors: s.errors } : { missing: ['(no watcher)'], errors: [] };
        })
        .catch((e: unknown) => ({ missing: [String(e)], errors: [] as string[] }));
      throw new SampleFailure(`not painted within ${timeoutMs} ms: missing ${why.missing.slice(0, 6).join(', ')}${why.errors.length ? `; errors: ${why.errors.slice(0, 3).join(' | ')}` : ''}`.slice(0, 500));
    }
    const times = await page.evaluate(() => {
      const s = (window as unknown as { __firstSurface: Watched }).__firstSurface;
      return { ready: s.ready, painted: s.painted, errors: s.errors };
    });
    if (times.errors.length) throw new SampleFailure(`painted, but the page reported: ${times.errors.slice(0, 3).join(' | ')}`.slice(0, 500));
    if (settle) await new Promise((ok) => setTimeout(ok, 300)); // what is fetched right after the paint lands in the cache too
    const start = net.navigationSent() ?? 0;
    return { painted: times.painted, ready: times.ready, start, paintAt: start + times.painted / 1000, requests: net.requests() };
  } finally {
    await page.close();
  }
}

/**
 * One sample of `impl`'s page for `surface` in a fresh browser context (an empty cache, no open
 * connection): the cold visit, then the warm one in a new tab of the same context.
 */
export async function sample(browser: Browser, origin: string, impl: NetworkImpl, surface: SurfaceKey, network: NetworkProfile, timeoutMs: number): Promise<SampleResult> {
  const url = `${origin}/${impl}/${surface}.html`;
  const context = await browser.createBrowserContext();
  try {
    const cold = await visit(context, url, network, timeoutMs, true);
    const warm = await visit(context, url, network, timeoutMs, false);
    return { cold, warm };
  } finally {
    await context.close();
  }
}
