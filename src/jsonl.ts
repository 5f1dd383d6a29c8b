/**
 * Splits JSONL text that arrives in arbitrary chunks into complete lines. Partial lines wait in a
 * buffer until their newline (or `end()`) arrives.
 */
export class JsonlBuffer {
  private pending = '';

  /** Adds a chunk; returns the complete, non-blank lines it finished. */
  push(chunk: string): string[] {
    this.pending += chunk;
    const parts = this.pending.split(/\r?\n/);
    this.pending = parts.pop() ?? '';
    return parts.filter((l) => l.trim() !== '');
  }

  /** Returns whatever is left (a last line without a trailing newline). */
  end(): string[] {
    const rest = this.pending;
    this.pending = '';
    return rest.trim() === '' ? [] : [rest];
  }

  /** Characters waiting for a newline. */
  get size(): number {
    return this.pending.length;
  }
}
