/**
 * The text parser loaded on first use: {@link A2uiTextParser} here has the API of the parser in
 * text.ts (which, with the block scanner and the provisional rendering, is a file of its own in
 * the script-tag build) and hands everything to one as soon as that has loaded — synchronously
 * once it is there (`await textParser.load()` makes it so from the first chunk). Chunks pushed
 * before keep their order. A failed load is one EXECUTION_ERROR to the agent, and that parser's
 * text is dropped (the store and the page go on).
 *
 * @module
 */
import { lazyModule } from '../lazy.ts';
import type { A2uiStore } from '../store.ts';
import type { FeedResult } from './stream.ts';
import { applied } from './stream.ts';
import type { A2uiTextParser as Parser, TextOptions } from './text.ts';

/** The text parser module (text.ts), loaded once on first use. */
export const textParser = lazyModule('the text parser', () => import('./text.ts'));

/**
 * Splits model text into prose and A2UI, incrementally: `push` chunks as they come, `end()` once.
 * See text.ts for what it does with them.
 *
 * @example
 * const parser = new A2uiTextParser(store, { onText: (t) => chat.append(t) });
 * for await (const token of modelStream) parser.push(token);
 * parser.end();
 */
export class A2uiTextParser {
  private parser: Parser | undefined;
  /** What was asked before the parser arrived, in order; undefined after a failed load. */
  private waiting: Array<(p: Parser) => void> | undefined = [];

  constructor(store: A2uiStore, options: TextOptions = {}) {
    const loaded = textParser.loaded;
    if (loaded) this.parser = new loaded.A2uiTextParser(store, options);
    else {
      textParser.load().then(
        (m) => {
          const parser = (this.parser = new m.A2uiTextParser(store, options));
          for (const op of this.waiting!.splice(0)) op(parser);
        },
        (e) => {
          this.waiting = undefined;
          store.report(e);
        },
      );
    }
  }

  /** Messages handed to the store so far. */
  get messages(): number {
    return this.parser?.messages ?? 0;
  }

  /** Adds a chunk of model text. */
  push(chunk: string): void {
    this.run((p) => p.push(chunk));
  }

  /** Ends the text: held-back prose is delivered; a block left open is reported and undone where unfinished. */
  end(): void {
    this.run((p) => p.end());
  }

  /** Stops without an end: an unfinished message's staging is undone, nothing is reported or emitted. */
  cancel(): void {
    this.run((p) => p.cancel());
  }

  private run(op: (p: Parser) => void): void {
    if (this.parser) op(this.parser);
    else this.waiting?.push(op);
  }
}

/**
 * Feeds model text (a `fetch` Response, a `ReadableStream` of bytes or strings, or an async
 * iterable of strings) through an {@link A2uiTextParser}; resolves once what it fed is applied. Never throws.
 *
 * @example
 * await feedText(store, await fetch('/chat', { method: 'POST', body }), { onText: (t) => out.append(t) });
 */
export async function feedText(
  store: A2uiStore,
  source: Response | ReadableStream<Uint8Array | string> | AsyncIterable<string | Uint8Array>,
  options: TextOptions & { signal?: AbortSignal } = {},
): Promise<FeedResult> {
  let m: typeof import('./text.ts');
  try {
    m = await textParser.load();
  } catch (e) {
    store.report(e as Parameters<A2uiStore['report']>[0]);
    return { ok: false, messages: 0, error: (e as Error).message };
  }
  return m.feedText(store, source, options).then(applied(store));
}

export type { TextOptions } from './text.ts';
