/**
 * A Server-Sent Events parser (the WHATWG `text/event-stream` rules) for text that arrives in
 * arbitrary chunks: CRLF, LF and CR line ends (a CR at the end of one chunk and the LF at the
 * start of the next are one line end), `:` comments, `data` lines joined with `\n`, `event`, `id`,
 * a leading byte-order mark stripped. Unlike `EventSource`, a last event whose closing blank line
 * never came is still delivered by {@link SseParser.end}: an agent's final message is not lost.
 */

/** One dispatched event. */
export interface SseEvent {
  /** The `event` field, `"message"` when absent. */
  event: string;
  /** The `data` lines joined with `\n`. */
  data: string;
  /** The last `id` field seen so far, if any. */
  id?: string;
}

export class SseParser {
  private pending = '';
  private started = false;
  private afterCr = false;
  private data: string[] = [];
  private event = '';
  private lastId: string | undefined;

  /** Adds a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    if (chunk === '') return [];
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    // The LF of a CRLF split across chunks: the CR already ended the line.
    if (this.afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.afterCr = chunk.endsWith('\r');
    const lines = (this.pending + chunk).split(/\r\n|\r|\n/);
    this.pending = lines.pop() ?? '';
    const out: SseEvent[] = [];
    for (const line of lines) this.line(line, out);
    return out;
  }

  /** Ends the stream: a last line without its line end, and an event without its blank line, are delivered. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.pending) this.line(this.pending, out);
    this.pending = '';
    this.dispatch(out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    // `retry` and unknown fields are ignored, as the standard says.
  }

  private dispatch(out: SseEvent[]): void {
    const data = this.data;
    const event = this.event || 'message';
    this.data = [];
    this.event = '';
    if (data.length === 0) return;
    const e: SseEvent = { event, data: data.join('\n') };
    if (this.lastId !== undefined) e.id = this.lastId;
    out.push(e);
  }
}
