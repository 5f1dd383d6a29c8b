/**
 * Latest-wins for `targetDataPath`: every call takes a ticket for its (surface, path) when it
 * starts; when it ends it may write only if no later call on the same key started since. A search
 * box that calls a tool per keystroke thus ends with the last keystroke's result, however the
 * responses interleave.
 */
export class LatestWins {
  private readonly latest = new Map<string, number>();
  private next = 0;

  /** Takes a ticket for `key`; the returned check says whether it is still the newest. */
  take(key: string): () => boolean {
    const ticket = ++this.next;
    this.latest.set(key, ticket);
    return () => this.latest.get(key) === ticket;
  }

  /** Forgets `key` once its newest call is done, so the map does not grow with every path used. */
  release(key: string, isLatest: () => boolean): void {
    if (isLatest()) this.latest.delete(key);
  }
}

/** The key of a target path on a surface. */
export function targetKey(surfaceId: string | undefined, path: string): string {
  return `${surfaceId ?? ''}\u0000${path}`;
}
