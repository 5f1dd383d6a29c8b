/**
 * Code loaded on first use. The script-tag build keeps each lazily imported module out of its
 * first load (a file of its own next to it); a bundler splits it the same way. A piece is loaded
 * once; a failed load is an EXECUTION_ERROR and the next use tries again.
 *
 * Code that must answer synchronously while applying a message (the schema validator, the draft
 * adapter) throws {@link LoadPending}; the store holds that message and the ones after it, and
 * applies them again, in order, once the piece has arrived, or, if its load failed, inside
 * {@link afterFailedLoad}, where the piece reports its failure instead of waiting again.
 */
import { A2uiError } from './errors.ts';

/** A module imported on first use. */
export interface LazyModule<M> {
  /** The module once it has arrived, else undefined. */
  readonly loaded: M | undefined;
  /** Starts the load (once) and resolves with the module; rejects with an EXECUTION_ERROR. */
  load(): Promise<M>;
  /** `use(module)`: synchronously once loaded, else a Promise of it (after the load). */
  with<R>(use: (m: M) => R): R | Promise<R>;
  /**
   * The module, for code that runs synchronously: throws {@link LoadPending} while it loads, or,
   * inside {@link afterFailedLoad} when its last load failed, that load's EXECUTION_ERROR.
   */
  need(): M;
  /** Inside {@link afterFailedLoad}, the error of this module's failed load; else undefined. */
  readonly unavailable: A2uiError | undefined;
  /**
   * Hands over the module, statically imported by an entry that bundles it: from then on it is
   * `loaded` and {@link need} answers synchronously. The package's Node and bundler entries provide
   * every piece of the core this way; the script-tag file provides what a typical surface needs.
   */
  provide(module: M): void;
}

/**
 * Thrown by {@link LazyModule.need} while the module loads: not an A2uiError, so nothing reports
 * it as a refusal. `loading` settles when the module has arrived or its load failed.
 */
export class LoadPending {
  constructor(readonly loading: Promise<unknown>) {}
}

let releasingFailure = false;

const failureListeners = new Set<(error: A2uiError) => void>();

/**
 * Sees every failed load of a piece (its EXECUTION_ERROR names the piece and, in a browser, the
 * URL): the elements' developer warnings listen here. Returns the unsubscribe.
 */
export function onLoadFailure(listener: (error: A2uiError) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** Runs `f` (applying what waited for a load that failed) with failed modules reporting their failure. */
export function afterFailedLoad<R>(f: () => R): R {
  const outer = releasingFailure;
  releasingFailure = true;
  try {
    return f();
  } finally {
    releasingFailure = outer;
  }
}

/** `name` says what the piece is in the error a failed load reports ("the regex checker"). */
export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  let failure: A2uiError | undefined;
  let retry: string | undefined;
  let tries = 0;
  const load = (): Promise<M> =>
    loaded ? Promise.resolve(loaded) : (loading ??= (failure = undefined, retry ? (import(/* @vite-ignore */ retry) as Promise<M>) : importer()).then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = undefined;
        retry = retryUrl(e, ++tries) ?? retry;
        failure = loadError(name, e);
        for (const listener of failureListeners) listener(failure);
        throw failure;
      },
    ));
  return {
    get loaded() {
      return loaded;
    },
    get unavailable() {
      return releasingFailure && !loaded ? failure : undefined;
    },
    load,
    provide(m) {
      loaded = m;
    },
    with: (use) => (loaded ? use(loaded) : load().then(use)),
    need() {
      if (loaded) return loaded;
      if (releasingFailure && failure) throw failure;
      throw new LoadPending(load());
    },
  };
}

/**
 * Where to import a module from again after its import failed with `e`: the URL the browser
 * names in the error, with a query of its own. Chromium (150 here) keeps a failed module fetch in
 * the page's module map, so importing the same URL again fails at once without a request; another
 * URL is fetched anew, and the module's own imports resolve to the modules already there.
 * Undefined when the error names no http(s) URL (then the same import is tried again).
 */
function retryUrl(e: unknown, tries: number): string | undefined {
  const url = /\bhttps?:\/\/[^\s'"]+/.exec(e instanceof Error ? e.message : String(e))?.[0];
  if (!URL.canParse?.(url ?? '')) return undefined;
  const u = new URL(url!);
  u.searchParams.set('a2ui-retry', String(tries));
  return u.href;
}

/** The error a failed load of `name` reports (spec code EXECUTION_ERROR). */
export function loadError(name: string, cause: unknown): A2uiError {
  return new A2uiError('EXECUTION_ERROR', `The renderer could not load ${name}: ${cause instanceof Error ? cause.message : String(cause)}`);
}
