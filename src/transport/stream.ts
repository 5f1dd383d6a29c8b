/**
 * Feeding a byte or text stream from an agent into a store: JSONL (one message per line), SSE
 * (one message, an array, or JSONL lines per event) or a whole JSON body. Bytes are decoded as
 * UTF-8 with a streaming decoder (a character split across chunks stays whole), and the end of the
 * stream flushes the decoder and the last line. Each stream has its own line buffer, so several
 * streams can feed one store at once. Nothing throws: the outcome is a {@link FeedResult}, and a
 * malformed message is reported to the agent as an `error` like any other. A feed resolves once
 * what it fed is applied, also messages the store holds while a piece they need loads.
 */
import { ValidationError, thrownMessage } from '../errors.ts';
import { JsonlBuffer } from '../jsonl.ts';
import type { A2uiStore } from '../store.ts';
import { formatOf, type StreamFormat } from './format.ts';
import { SseParser, type SseEvent } from './sse.ts';

/**
 * `result` once the messages `store` holds have been applied: every feed (these, `feedText`)
 * resolves only when what it fed is on the surface.
 */
export const applied = (store: A2uiStore) => (result: FeedResult) => store.settled().then(() => result);

/** Options of {@link feedStream} and {@link feedResponse}. */
export interface FeedOptions {
  /** Framing; {@link feedResponse} reads it from `Content-Type` when omitted, {@link feedStream} defaults to `jsonl`. */
  format?: StreamFormat;
  /** Stops reading (the stream is cancelled; a partial line is dropped). */
  signal?: AbortSignal;
  /** SSE: the event types that carry A2UI messages (default: every type). */
  events?: readonly string[];
  /**
   * Unwraps a transport envelope (an A2A `DataPart`, a JSON-RPC result…) into what the store
   * takes: one message, an array, or `{messages}`. Return `undefined` to skip the payload.
   */
  unwrap?: (payload: unknown, event?: SseEvent) => unknown;
}

/** How a feed ended. */
export interface FeedResult {
  /** True when the stream was read to its end (an abort or a read failure makes it false). */
  ok: boolean;
  /** Payloads the store took (lines, events or the whole body); refused ones are in `refused`. */
  messages: number;
  /**
   * Payloads refused as they arrived: not JSON, not unwrappable, or refused by the store (an
   * `error` went to the agent). A payload the store held while a piece loads counts as taken.
   */
  refused?: number;
  /** Set when reading was aborted through `signal`. */
  aborted?: boolean;
  /** HTTP status of a response that was not `ok` (its body is not fed). */
  status?: number;
  /** Why the feed stopped early. */
  error?: string;
}

/**
 * Reads `stream` to its end and applies every message to `store` in arrival order.
 *
 * @example
 * const res = await fetch('/agent', { method: 'POST', body });
 * await feedStream(store, res.body!, { format: 'sse' });
 */
export async function feedStream(
  store: A2uiStore,
  stream: ReadableStream<Uint8Array | string>,
  options: FeedOptions = {},
): Promise<FeedResult> {
  const sink = new Sink(store, options);
  // A fault reported while the sink hands a payload over is that payload's refusal.
  const off = store.onError(() => void (sink.refusing = true));
  try {
    const read = await readText(stream, options.signal, (text) => sink.push(text));
    if (read.ok) sink.end();
    return await applied(store)({ ...read, messages: sink.count, ...(sink.refused ? { refused: sink.refused } : {}) });
  } finally {
    off();
  }
}

/**
 * Reads a stream of bytes (UTF-8, decoded across chunk boundaries) or strings to its end, handing
 * each decoded piece to `push`. Never throws: a read failure or an abort is in the result.
 */
export async function readText(
  source: ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string>,
  signal: AbortSignal | undefined,
  push: (text: string) => void,
): Promise<{ ok: boolean; aborted?: boolean; error?: string }> {
  const decoder = new TextDecoder('utf-8');
  const decode = (value: Uint8Array | string) => (typeof value === 'string' ? value : decoder.decode(value, { stream: true }));
  if (signal?.aborted) {
    if (isStream(source)) void source.cancel(signal.reason).catch(() => {});
    return { ok: false, aborted: true };
  }
  if (!isStream(source)) {
    try {
      for await (const value of source) {
        if (signal?.aborted) return { ok: false, aborted: true };
        push(decode(value));
      }
      push(decoder.decode());
      return { ok: true };
    } catch (e) {
      return signal?.aborted ? { ok: false, aborted: true } : { ok: false, error: thrownMessage(e) };
    }
  }
  let reader: ReadableStreamDefaultReader<Uint8Array | string>;
  try {
    reader = source.getReader();
  } catch (e) {
    return { ok: false, error: thrownMessage(e) };
  }
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) return { ok: false, aborted: true };
      if (done) break;
      push(decode(value));
    }
    push(decoder.decode());
    return { ok: true };
  } catch (e) {
    if (signal?.aborted) return { ok: false, aborted: true };
    return { ok: false, error: thrownMessage(e) };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // Already released by a cancel: nothing left to free.
    }
  }
}

function isStream(v: unknown): v is ReadableStream<Uint8Array | string> {
  return typeof (v as { getReader?: unknown }).getReader === 'function';
}

/**
 * Feeds a `fetch` response: the framing comes from its `Content-Type` unless `options.format`
 * says otherwise. A response that is not `ok` is not fed; its status is returned.
 *
 * @example
 * const result = await feedResponse(store, await fetch('/agent.jsonl'));
 * if (!result.ok) showOffline(result);
 */
export async function feedResponse(store: A2uiStore, response: Response, options: FeedOptions = {}): Promise<FeedResult> {
  if (!response.ok) return { ok: false, messages: 0, status: response.status, error: `HTTP ${response.status}` };
  const format = options.format ?? formatOf(response.headers.get('content-type'));
  if (!response.body) return { ok: true, messages: 0 };
  return feedStream(store, response.body, { ...options, format });
}

/** Turns decoded text into payloads for the store, by framing. */
class Sink {
  count = 0;
  refused = 0;
  /** Set by the store's error listener while a payload is handed over. */
  refusing = false;
  private readonly lines = new JsonlBuffer();
  private readonly sse = new SseParser();
  private whole = '';

  constructor(
    private readonly store: A2uiStore,
    private readonly options: FeedOptions,
  ) {}

  push(text: string): void {
    const format = this.options.format ?? 'jsonl';
    if (format === 'json') this.whole += text;
    else if (format === 'sse') for (const e of this.sse.push(text)) this.event(e);
    else for (const line of this.lines.push(text)) this.text(line);
  }

  end(): void {
    const format = this.options.format ?? 'jsonl';
    if (format === 'json') {
      if (this.whole.trim()) this.text(this.whole);
    } else if (format === 'sse') for (const e of this.sse.end()) this.event(e);
    else for (const line of this.lines.end()) this.text(line);
  }

  private event(e: SseEvent): void {
    if (this.options.events && !this.options.events.includes(e.event)) return;
    if (!e.data.trim()) return;
    const parsed = parse(e.data);
    // One event may carry several JSONL lines.
    if (parsed === INVALID && e.data.includes('\n')) {
      for (const line of e.data.split('\n')) if (line.trim()) this.text(line, e);
    } else {
      this.deliver(parsed, e.data, e);
    }
  }

  private text(text: string, e?: SseEvent): void {
    this.deliver(parse(text), text, e);
  }

  private deliver(payload: unknown, raw: string, e?: SseEvent): void {
    if (payload === INVALID) {
      this.refused++;
      this.store.report(new ValidationError(`Message is not valid JSON: ${raw.slice(0, 60)}`));
      return;
    }
    let unwrapped = payload;
    if (this.options.unwrap) {
      try {
        unwrapped = this.options.unwrap(payload, e);
      } catch (err) {
        this.refused++;
        this.store.report(new ValidationError(`Payload could not be unwrapped: ${thrownMessage(err)}`));
        return;
      }
    }
    if (unwrapped === undefined) return;
    this.refusing = false;
    // A string is a (bad) message, not JSONL text for the store's own line buffer.
    this.store.process(typeof unwrapped === 'string' ? [unwrapped] : unwrapped);
    if (this.refusing) this.refused++;
    else this.count++;
  }
}

/** What {@link parse} returns for text that is not JSON. */
export const INVALID = Symbol('invalid');

/** `JSON.parse`, with {@link INVALID} instead of a throw. */
export function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}
