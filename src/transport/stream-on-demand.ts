/**
 * The stream readers' front: `feedStream`, `feedResponse` and `readText` (stream.ts) are async,
 * so their code loads with the first call. As the readers themselves, nothing throws: a failed
 * load ends the feed with `ok: false` and the load's error. A feed resolves once its messages
 * are applied, also those the store holds while code they need loads (the schema validator, …).
 */
import { lazyModule } from '../lazy.ts';
import type { A2uiStore } from '../store.ts';
import { storeInternals } from '../store-internals.ts';
import type * as Stream from './stream.ts';
import type { FeedResult } from './stream.ts';

/** stream.ts, loaded with the first feed: the stream readers, and `SseParser` and `formatOf`. */
export const streamReader = lazyModule('the stream reader', () => import('./stream.ts'));

/** A feed that could not start: its code did not load. */
export const failed = (e: unknown) => ({ ok: false, messages: 0, error: e instanceof Error ? e.message : String(e) });

/**
 * `result` once the messages `store` holds have been applied: every feed (these, `feedText`)
 * resolves only when what it fed is on the surface.
 */
export const applied = (store: A2uiStore) => (result: FeedResult) => storeInternals(store).applied().then(() => result);

/** See stream.ts. */
export const feedStream: typeof Stream.feedStream = (...args) => streamReader.load().then((m) => m.feedStream(...args), failed).then(applied(args[0]));
/** See stream.ts. */
export const feedResponse: typeof Stream.feedResponse = (...args) => streamReader.load().then((m) => m.feedResponse(...args), failed).then(applied(args[0]));
/** See stream.ts. */
export const readText: typeof Stream.readText = (...args) => streamReader.load().then((m) => m.readText(...args), failed);
