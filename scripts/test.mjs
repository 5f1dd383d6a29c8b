// Runs every test suite (Node unit tests, the conformance runner, browser tests in Chromium)
// and ends with one plain `N passed, N failed` line summing them all.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

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

// Node's spec reporter ends with `ℹ pass N` / `ℹ fail N`; ours print `N passed, N failed`.
function counts(out) {
  const plain = [...out.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  if (plain) return { passed: +plain[1], failed: +plain[2] };
  const pass = out.match(/ℹ pass (\d+)/);
  const fail = out.match(/ℹ fail (\d+)/);
  return { passed: pass ? +pass[1] : 0, failed: fail ? +fail[1] : 0 };
}

let passed = 0;
let failed = 0;
let exit = 0;
for (const [cmd, args] of steps) {
  const { code, out } = await run(cmd, args);
  const c = counts(out);
  passed += c.passed;
  failed += c.failed;
  if (code !== 0) {
    exit = 1;
    if (c.failed === 0) failed++; // the step failed without a counted test failure
  }
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(exit);
