// Runs every test suite (Node unit tests, the conformance runner, browser tests in Chromium)
// and ends with one plain `N passed, N failed, N skipped` line summing them all.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const SPEC = process.env.A2UI_SPEC_DIR ? resolve(process.env.A2UI_SPEC_DIR) : resolve('..', 'shared', 'spec');
if (!existsSync(SPEC)) {
  console.log(
    process.env.CI === 'true'
      ? `test: no protocol data at ${SPEC} (../shared/spec, or A2UI_SPEC_DIR): under CI=true the conformance suites and the tests that read it fail`
      : `test: no protocol data at ${SPEC} (../shared/spec, or A2UI_SPEC_DIR): the conformance suites and the tests that read it are skipped`,
  );
}

// Node 20's test runner takes no globs: list the Node test files ourselves.
const nodeTests = readdirSync('test/node', { recursive: true })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/node/${f}`);

const steps = [
  // The host-embedding and dist smoke tests run against the built files.
  ['node', ['build/build.mjs']],
  ['node', ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests]],
  ['node', ['--import', 'tsx', 'scripts/conformance.ts']],
  ['npx', ['web-test-runner']],
  // The demo pages in Chromium: axe-clean, feedback to every action (scripts/demo-check.mjs).
  ['node', ['scripts/demo-check.mjs']],
];

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

// Node's spec reporter ends with `ℹ pass N` / `ℹ fail N` / `ℹ skipped N`; ours print
// `N passed, N failed[, N skipped]`.
function counts(out) {
  const plain = [...out.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)].pop();
  if (plain) return { passed: +plain[1], failed: +plain[2], skipped: +(plain[3] ?? 0) };
  const n = (re) => +(out.match(re)?.[1] ?? 0);
  return { passed: n(/ℹ pass (\d+)/), failed: n(/ℹ fail (\d+)/), skipped: n(/ℹ skipped (\d+)/) };
}

let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
for (const [cmd, args] of steps) {
  const { code, out } = await run(cmd, args);
  const c = counts(out);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  if (code !== 0) {
    exit = 1;
    if (c.failed === 0) failed++; // the step failed without a counted test failure
  }
}
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(exit);
