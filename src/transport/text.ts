/**
 * Model text with A2UI in it: prose, and `<a2ui-json> … </a2ui-json>` blocks holding one message,
 * an array of messages or JSONL. The prose goes to `onText` as it arrives; the blocks go to the
 * store, and the components of a `createSurface` / `updateComponents` show as soon as each one's
 * JSON closes, long before the message does (see provisional.ts for how the end state still equals
 * processing the finished messages at once). A `dataModel` or `updateDataModel` value is applied
 * only when complete. Nothing throws: a malformed block is one `error`, and the parser resumes at
 * the next block.
 */
import { ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import type { A2uiStore } from '../store.ts';
import { BlockScanner, type BlockSink } from './block-scanner.ts';
import { Provisional } from './provisional.ts';
import { INVALID, applied, parse, readText, type FeedResult } from './stream.ts';

const OPEN = '<a2ui-json>';

/** Options of {@link A2uiTextParser} and {@link feedText}. */
export interface TextOptions {
  /** Receives the prose outside the blocks, in order, as it arrives (never part of a sentinel). */
  onText?: (text: string) => void;
  /**
   * Base wait, in ms, before a streamed component is shown (default 250; 0 shows every component
   * at once). The components that close soon after the last showing are checked and handed to
   * the elements together, which spares a fast stream a render and a layout pass per component.
   * The first seven show the moment each closes; then the wait grows with the message (half a
   * millisecond per component, up to this), and once the surface is large, with what showing it
   * costs the page (see pace.ts): showing takes about a fifth of the time at most, and a
   * component waits at most 4 × this, or 2 ms per component if longer. The message's end is
   * never delayed.
   */
  publishMs?: number;
}

/**
 * Splits model text into prose and A2UI, incrementally: `push` chunks as they come, `end()` once.
 *
 * @example
 * const parser = new A2uiTextParser(store, { onText: (t) => chat.append(t) });
 * for await (const token of modelStream) parser.push(token);
 * parser.end();
 */
export class A2uiTextParser {
  /** Messages handed to the store so far. */
  messages = 0;
  private held = '';
  private inBlock = false;
  private ended = false;
  private readonly scanner: BlockScanner;
  private readonly provisional: Provisional;

  constructor(
    private readonly store: A2uiStore,
    private readonly options: TextOptions = {},
  ) {
    this.provisional = new Provisional(store, options.publishMs ?? 250);
    this.scanner = new BlockScanner(this.sink());
  }

  /** Adds a chunk of model text. */
  push(chunk: string): void {
    if (this.ended || chunk === '') return;
    this.provisional.chunkStart(performance.now());
    try {
      this.scan(chunk);
    } finally {
      this.provisional.chunkEnd();
    }
  }

  private scan(chunk: string): void {
    let text = chunk;
    if (!this.inBlock && this.held) {
      text = this.held + chunk;
      this.held = '';
    }
    let pos = 0;
    while (pos < text.length) {
      if (this.inBlock) {
        const end = this.scanner.push(text, pos);
        if (end < 0) return;
        this.inBlock = false;
        pos = end;
        continue;
      }
      const open = text.indexOf(OPEN, pos);
      if (open >= 0) {
        this.emit(text.slice(pos, open));
        this.inBlock = true;
        pos = open + OPEN.length;
        continue;
      }
      const keep = heldBack(text, pos);
      this.emit(text.slice(pos, text.length - keep));
      this.held = text.slice(text.length - keep);
      return;
    }
  }

  /** Ends the text: held-back prose is delivered; a block left open is reported and undone where unfinished. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.inBlock) {
      const skipping = this.scanner.skipping;
      this.provisional.abort();
      if (!skipping) this.store.report(new ValidationError(`An ${OPEN} block was not closed: the text ended before </a2ui-json>`));
    } else this.emit(this.held);
    this.held = '';
  }

  /** Stops without an end: an unfinished message's staging is undone, nothing is reported or emitted. */
  cancel(): void {
    if (this.ended) return;
    this.ended = true;
    this.provisional.abort();
    this.held = '';
  }

  private emit(text: string): void {
    if (!text || !this.options.onText) return;
    try {
      this.options.onText(text);
    } catch {
      // The host's text sink cannot break the stream.
    }
  }

  private sink(): BlockSink {
    const p = this.provisional;
    return {
      messageStart: () => {},
      version: (text) => p.setVersion(parse(text)),
      body: (kind) => p.setKind(kind),
      header: (key, text) => {
        const v = parse(text);
        if (v === INVALID) p.taint();
        else p.setHeader(key, v);
      },
      component: (index, text) => p.component(index, text),
      repeatedKey: () => p.taint(),
      malformed: (why) => this.malformed(why),
      message: (text, top) => {
        const v = parse(text);
        if (v === INVALID) {
          this.malformed(`not valid JSON: ${text.slice(0, 60)}`);
          return false;
        }
        this.messages++;
        // As the store takes a JSONL line: an object (or `{messages}`) as it is, anything else as one message.
        p.settle(v, () => this.store.process(top && isObject(v) ? v : [v]));
        return true;
      },
    };
  }

  private malformed(why: string): void {
    this.provisional.abort();
    this.store.report(new ValidationError(`An ${OPEN} block is malformed (${why}); the rest of the block is skipped`));
  }
}

/**
 * Feeds model text (a `fetch` Response, a `ReadableStream` of bytes or strings, or an async
 * iterable of strings) through an {@link A2uiTextParser}. Never throws.
 *
 * @example
 * await feedText(store, await fetch('/chat', { method: 'POST', body }), { onText: (t) => out.append(t) });
 */
export async function feedText(
  store: A2uiStore,
  source: Response | ReadableStream<Uint8Array | string> | AsyncIterable<string | Uint8Array>,
  options: TextOptions & { signal?: AbortSignal } = {},
): Promise<FeedResult> {
  const parser = new A2uiTextParser(store, options);
  let stream: ReadableStream<Uint8Array | string> | AsyncIterable<string | Uint8Array>;
  if (isResponse(source)) {
    if (!source.ok) return { ok: false, messages: 0, status: source.status, error: `HTTP ${source.status}` };
    if (!source.body) return { ok: true, messages: 0 };
    stream = source.body;
  } else stream = source;
  const read = await readText(stream, options.signal, (text) => parser.push(text));
  if (read.ok) parser.end();
  else parser.cancel();
  return applied(store)({ ...read, messages: parser.messages });
}

function isResponse(v: unknown): v is Response {
  return typeof Response !== 'undefined' && v instanceof Response;
}

/** How many characters at the end of `text` (from `pos`) could be the start of `<a2ui-json>` or half a surrogate pair. */
function heldBack(text: string, pos: number): number {
  for (let k = Math.min(OPEN.length - 1, text.length - pos); k > 0; k--) {
    if (text.startsWith(OPEN.slice(0, k), text.length - k)) return k;
  }
  const last = text.charCodeAt(text.length - 1);
  return text.length > pos && last >= 0xd800 && last <= 0xdbff ? 1 : 0;
}
