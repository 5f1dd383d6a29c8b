/**
 * A harness environment from two host hooks: how to yield one macrotask, and how to hear about
 * uncaught errors. Node passes `setImmediate` and `process.on('unhandledRejection')`; a browser
 * passes `setTimeout` and `window.addEventListener('unhandledrejection')`.
 */
import type { HarnessEnv } from './harness.ts';

export function createEnv(
  tick: (resume: () => void) => void,
  listen: (report: (error: unknown) => void) => void,
): HarnessEnv & { uncaught: unknown[] } {
  const uncaught: unknown[] = [];
  listen((e) => uncaught.push(e));
  const turn = () => new Promise<void>((resolve) => tick(resolve));
  return {
    uncaught,
    drain: async () => {
      for (let i = 0; i < 3; i++) await turn();
    },
    takeUncaught: () => uncaught.splice(0),
  };
}
