// Debian's Chromium as every script here drives it (puppeteer-core; the browser tests through
// web-test-runner, the bench through bench/run.ts), and the small check runner the smoke test and
// the demo check print with.
import puppeteer from 'puppeteer-core';

/** The Chromium binary: `CHROME_PATH`, else Debian's. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for every headless run: no sandbox (containers), no GPU, no first-run or background work, no sound. */
export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--mute-audio',
]);

/**
 * Flags for runs that measure or test several pages side by side (web-test-runner, the bench):
 * nothing in the background is slowed, nothing updates itself.
 */
export const CHROMIUM_RUNNER_FLAGS = Object.freeze([
  ...CHROMIUM_FLAGS,
  '--headless',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
]);

/** A headless Chromium with {@link CHROMIUM_FLAGS} and `flags`; `viewport` as puppeteer's defaultViewport. */
export function launchChromium({ flags = [], viewport } = {}) {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, ...flags], ...(viewport ? { defaultViewport: viewport } : {}) });
}

/**
 * Named checks that print `✔ name` or `✘ name` and the failure as they run; `done()` prints
 * `<label>: N passed, N failed` and exits 1 on any failure.
 */
export function checkRunner(label) {
  const results = [];
  return {
    async check(name, fn) {
      try {
        await fn();
        results.push(true);
        console.log(`  ✔ ${name}`);
      } catch (e) {
        results.push(false);
        console.log(`  ✘ ${name}\n      ${String(e?.message ?? e).split('\n').join('\n      ')}`);
      }
    },
    done() {
      const passed = results.filter(Boolean).length;
      console.log(`${label}: ${passed} passed, ${results.length - passed} failed`);
      process.exit(results.length - passed ? 1 : 0);
    },
  };
}

/** Throws `message` unless `cond` holds. */
export function expect(cond, message) {
  if (!cond) throw new Error(message);
}

/**
 * Waits for the first `selector` inside an element `host`, found through shadow roots: in the
 * host's shadow root when it has one, else in its light DOM (component elements render into light
 * DOM inside their surface's shadow root).
 */
export function deep(page, host, selector, timeout = 10_000) {
  return page.waitForFunction(
    (host, selector) => {
      const find = (root) => {
        for (const n of root.querySelectorAll('*')) {
          const hit = n.localName === host ? (n.shadowRoot ?? n).querySelector(selector) : null;
          if (hit) return hit;
          const below = n.shadowRoot && find(n.shadowRoot);
          if (below) return below;
        }
        return null;
      };
      return find(document);
    },
    { timeout },
    host,
    selector,
  );
}
