// Lazily loaded modules on the test server, under a test's control (test/browser/lazy-*.test.ts):
// the server command `lazy-modules` `{ hold?: paths, release?: paths, fail?: paths, reset?: true }`
// makes requests for those paths (`/src/regex/index.ts`, …) wait until released, or answer 503.
// A held request waits at most 20 s (then it is served), so a failing test cannot hang the run.

const held = new Map(); // path → { promise, release }
const failing = new Set();

function hold(path) {
  if (held.has(path)) return;
  let release;
  const promise = new Promise((r) => (release = r));
  const timer = setTimeout(() => release(), 20_000);
  held.set(path, { promise, release: () => (clearTimeout(timer), release()) });
}

function release(path) {
  held.get(path)?.release();
  held.delete(path);
}

/** Koa middleware: delays or fails the requests of held / failing paths. */
export async function lazyModules(ctx, next) {
  if (failing.has(ctx.path)) {
    ctx.status = 503;
    ctx.body = 'unavailable (test)';
    return;
  }
  const h = held.get(ctx.path);
  if (h) await h.promise;
  return next();
}

/**
 * The `lazy-modules` server command. The page's HTTP cache is turned off first: another test
 * file's page may have fetched the module already, and a cached copy never reaches this server.
 */
export const lazyModulesCommand = {
  name: 'lazy-modules',
  async executeCommand({ command, payload, session }) {
    if (command !== 'lazy-modules') return undefined;
    await session.browser.getPage(session.id).setCacheEnabled(false);
    if (payload?.reset) {
      for (const path of [...held.keys()]) release(path);
      failing.clear();
    }
    for (const path of payload?.hold ?? []) hold(path);
    for (const path of payload?.release ?? []) release(path);
    for (const path of payload?.fail ?? []) failing.add(path);
    return true;
  },
};
