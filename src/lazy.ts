/**
 * Code loaded on first use. The script-tag build keeps each lazily imported module out of its
 * first load (a file of its own next to it); a bundler splits it the same way. A piece is loaded
 * once; a failed load is an EXECUTION_ERROR and the next use tries again.
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
}

/** `name` says what the piece is in the error a failed load reports ("the regex checker"). */
export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = (): Promise<M> =>
    (loading ??= importer().then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = undefined;
        throw loadError(name, e);
      },
    ));
  return {
    get loaded() {
      return loaded;
    },
    load,
    with: (use) => (loaded ? use(loaded) : load().then(use)),
  };
}

/** The error a failed load of `name` reports (spec code EXECUTION_ERROR). */
export function loadError(name: string, cause: unknown): A2uiError {
  return new A2uiError('EXECUTION_ERROR', `The renderer could not load ${name}: ${cause instanceof Error ? cause.message : String(cause)}`);
}
