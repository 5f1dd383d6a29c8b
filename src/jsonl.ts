/**
 * Splits JSONL text that arrives in arbitrary chunks into complete lines. Partial lines wait in a
 * buffer until their newline (or `end()`) arrives. Each chunk is scanned once (never the whole
 * pending text again), and a line longer than the limit is dropped rather than buffered forever.
 */

/** Longest JSONL line (one message) accepted, in UTF-16 code units. */
export const MAX_LINE_LENGTH = 8 * 1024 * 1024;

export class JsonlBuffer {
  private parts: string[] = [];
  private pendingLength = 0;
  private overflowed = false;

  /** @param onOverflow called once for each line dropped for its length */
  constructor(private readonly onOverflow: (length: number) => void = () => {}) {}

  /** Adds a chunk; returns the complete, non-blank lines it finished. */
  push(chunk: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.add(chunk.slice(start, nl));
      const line = this.take();
      if (line !== undefined && line.trim() !== '') lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    this.add(chunk.slice(start));
    return lines;
  }

  /** Returns whatever is left (a last line without a trailing newline). */
  end(): string[] {
    const rest = this.take();
    return rest === undefined || rest.trim() === '' ? [] : [rest];
  }

  /** Characters waiting for a newline. */
  get size(): number {
    return this.pendingLength;
  }

  private add(text: string): void {
    if (!text) return;
    this.pendingLength += text.length;
    if (this.overflowed) return;
    if (this.pendingLength > MAX_LINE_LENGTH) {
      this.overflowed = true;
      this.parts = [];
      return;
    }
    this.parts.push(text);
  }

  /** The pending line, or undefined when it was dropped for its length. */
  private take(): string | undefined {
    const length = this.pendingLength;
    const line = this.overflowed ? undefined : this.parts.join('');
    if (this.overflowed) this.onOverflow(length);
    this.parts = [];
    this.pendingLength = 0;
    this.overflowed = false;
    return line;
  }
}
