/**
 * Mistakes that speak: a developer warning in the console, once per cause (not once per frame), for
 * what would otherwise only show as a blank surface or a "Loading…" that never ends:
 *
 * - `<a2ui-surface surface-id="x">` still matches none of its store's surfaces a moment after the
 *   store has some (the warning names the id and the ids the store has);
 * - `<a2ui-surface>` still has no `store` a moment after it was added to the page;
 * - a message the store refused (its code, path, and the first line of its text);
 * - a piece that could not be loaded (what it is, and the URL the browser names).
 *
 * **The `debug` switch.** Warnings are on where the page is served from the developer's own
 * machine (`localhost`, `127.0.0.1`, `[::1]`, `*.localhost`, a `file:` page: no host name) and off elsewhere.
 * `globalThis.a2uiDebug = true` (or `false`) forces them on (or off) anywhere; it is read each time
 * a warning would be given, so it may be set before or after the package or the script-tag file
 * (`a2ui-elements.js`, which holds this module) loads:
 *
 * ```html
 * <script>window.a2uiDebug = true</script>
 * <script type="module" src="a2ui-elements.js"></script>
 * ```
 *
 * @module
 */
import type { A2uiStore } from '../src/index.ts';
import { onLoadFailure } from '../src/internal.ts';

declare global {
  /** Forces the developer warnings on (`true`) or off (`false`); unset: on for a local page. */
  var a2uiDebug: boolean | undefined;
}

/** How long a surface may wait for its store, or for its surface id to appear, before a warning. */
export const DIAGNOSTIC_DELAY_MS = 1000;

const said = new Set<string>();
const watchedStores = new WeakSet<A2uiStore>();

/** Whether developer warnings are on (see the module's `debug` switch). */
export function debugOn(): boolean {
  const forced = globalThis.a2uiDebug;
  const where = globalThis.location;
  return forced ?? (!!where && /^(localhost|127\.0\.0\.1|\[::1\]|.*\.localhost|)$/.test(where.hostname));
}

/** `console.warn(text)` once per `cause` (default: the text) for the page's life, when warnings are on. */
export function warnOnce(text: string, cause = text): void {
  if (said.has(cause) || !debugOn()) return;
  said.add(cause);
  console.warn(`a2ui-elements: ${text}`);
}

/** What a surface element shows, as far as the warnings need it. */
interface WatchedSurface {
  readonly isConnected: boolean;
  readonly status: string;
  readonly surfaceId?: string;
  readonly store?: A2uiStore;
}

/**
 * Called when surface element `el` enters the `no-store` or `unmatched` state: if it is still in
 * it a moment later, says why it shows nothing.
 */
export function noteStalled(el: WatchedSurface): void {
  const status = el.status;
  if (status === 'no-store' || status === 'unmatched') {
    setTimeout(() => {
      if (el.isConnected && el.status === status) {
        warnOnce(`<a2ui-surface surface-id="${el.surfaceId}"> ${status === 'unmatched' ? `matches no surface of its store; it has "${el.store!.surfaceIds.join('", "')}"` : 'has no store: set its `store` property'}`);
      }
    }, DIAGNOSTIC_DELAY_MS);
  }
}

/** Warns once per cause for each message `store` refuses (from now on; once per store). */
export function watchRefusals(store: A2uiStore): void {
  if (watchedStores.has(store)) return;
  watchedStores.add(store);
  // A warning to the agent is no refusal: what gives it warns the developer in its own words.
  store.onError((e) => 'severity' in e || warnOnce(`a message was refused: ${e.code} at ${e.where.path ?? '/'}: ${e.message.split('\n')[0]}`));
}

// A piece the page could not fetch: once per piece (its text names the URL; a retry's URL differs).
onLoadFailure((e) => warnOnce(e.message.split('\n')[0], e.message.split(':')[0]));
