// Prints the plain `wtr: N passed, N failed, N skipped` line once the run is over.
// onTestRunFinished, not stop(): in non-watch mode the process exits before stop() runs.
function countSuite(suite, acc) {
  if (!suite) return acc;
  for (const t of suite.tests ?? []) {
    if (t.skipped) acc.skipped++;
    else if (t.passed) acc.passed++;
    else acc.failed++;
  }
  for (const s of suite.suites ?? []) countSuite(s, acc);
  return acc;
}

export function summaryReporter() {
  let line;
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = acc.failed;
        countSuite(session.testResults, acc);
        if (!session.passed && acc.failed === before) acc.failed++; // file failed to load or run
      }
      if (line === undefined) process.once('exit', () => process.stdout.write(`${line}\n`));
      line = `wtr: ${acc.passed} passed, ${acc.failed} failed, ${acc.skipped} skipped`;
    },
  };
}
