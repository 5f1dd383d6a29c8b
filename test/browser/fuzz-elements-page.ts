/**
 * What the browser fuzz pass (issue 11) hears from the page while a stream runs: uncaught errors,
 * unhandled rejections, console.error calls and dialogs (alert, confirm, prompt, print,
 * window.open). Not a test file itself.
 */
import { createEnv } from '../fuzz/env.ts';
import type { HarnessEnv } from '../fuzz/harness.ts';
import { describeValue } from './fuzz-elements-checks.ts';

/** What the page reported while a stream ran: uncaught errors, rejections, console.error, dialogs. */
export interface PageWatch {
  env: HarnessEnv;
  consoleErrors: unknown[][];
  /** Calls of alert/confirm/prompt/print/window.open (nothing an agent sends may make any). */
  dialogs: string[];
  /** Starts watching (mocha's own `onerror` is set aside so the harness sees every error). */
  start(): void;
  stop(): void;
}

/** One watcher per page: window `error` / `unhandledrejection` listeners, wrapped console.error and dialogs. */
export function pageWatch(): PageWatch {
  let report: ((e: unknown) => void) | undefined;
  const env = createEnv(
    (resume) => setTimeout(resume, 0),
    (r) => {
      report = r;
    },
  );
  const consoleErrors: unknown[][] = [];
  const dialogs: string[] = [];
  const onError = (e: ErrorEvent) => {
    report?.(e.error ?? e.message);
    e.preventDefault();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    report?.(e.reason);
    e.preventDefault();
  };
  const DIALOGS = ['alert', 'confirm', 'prompt', 'print', 'open'] as const;
  let saved: { onerror: OnErrorEventHandler; error: typeof console.error; dialogs: unknown[] } | undefined;
  return {
    env,
    consoleErrors,
    dialogs,
    start() {
      if (saved) return;
      const w = window as unknown as Record<string, unknown>;
      saved = { onerror: window.onerror, error: console.error, dialogs: DIALOGS.map((d) => w[d]) };
      window.onerror = null;
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onRejection);
      console.error = (...args: unknown[]) => void consoleErrors.push(args);
      for (const d of DIALOGS) w[d] = (...args: unknown[]) => void dialogs.push(`${d}(${args.map(describeValue).join(', ')})`);
    },
    stop() {
      if (!saved) return;
      const w = window as unknown as Record<string, unknown>;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.onerror = saved.onerror;
      console.error = saved.error;
      DIALOGS.forEach((d, i) => (w[d] = saved!.dialogs[i]));
      saved = undefined;
    },
  };
}
