// Mocha's spec reporter, plus three things: a failure's reason printed the moment it fails (a long
// run that is stopped, or a CI log read while it runs, still says why), the slowest test files
// with their durations (SLOWEST_FILES=n lines, default 10; 0 prints none), and the closing line CI
// reads: "N passed, N failed[, N skipped]".
const Mocha = require('mocha');

const REASON_LINES = 12;
const SLOWEST_FILES = process.env.SLOWEST_FILES === undefined ? 10 : Number(process.env.SLOWEST_FILES);

function reasonOf(err) {
  const message = String((err && (err.message || err)) || 'unknown failure');
  const lines = message.split('\n');
  const shown = lines.slice(0, REASON_LINES);
  if (lines.length > REASON_LINES) shown.push(`… (${lines.length - REASON_LINES} more lines in the summary)`);
  const where =
    err && typeof err.stack === 'string'
      ? (err.stack.split('\n').find((l) => /^\s+at /.test(l) && !/node_modules|node:internal/.test(l)) || '').trim()
      : '';
  return [...shown, ...(where ? [where] : [])];
}

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    // Registered after the spec reporter's own: the reason follows the failing title.
    runner.on('fail', (test, err) => {
      const indent = '      ';
      const text = reasonOf(err)
        .map((l) => `${indent}${l}`)
        .join('\n');
      process.stdout.write(`${Mocha.reporters.Base.color('fail', text)}\n`);
    });
    // Wall time per test file: from its first top-level suite's start to its last one's end.
    const files = new Map();
    runner.on('suite', (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      const f = files.get(suite.file) || { ms: 0, tests: 0 };
      f.started = Date.now();
      files.set(suite.file, f);
    });
    runner.on('suite end', (suite) => {
      const f = suite.file && suite.parent && suite.parent.root ? files.get(suite.file) : undefined;
      if (f && f.started) {
        f.ms += Date.now() - f.started;
        f.started = 0;
        f.tests += suite.total();
      }
    });
    runner.once('end', () => {
      if (SLOWEST_FILES > 0 && files.size > 1) {
        const slowest = [...files.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, SLOWEST_FILES);
        const rel = (file) => require('node:path').relative(process.cwd(), file);
        process.stdout.write(
          `\n  slowest files:\n${slowest.map(([file, f]) => `  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${rel(file)} (${f.tests} tests)`).join('\n')}\n\n`,
        );
      }
      const s = runner.stats;
      const skipped = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`${s.passes} passed, ${s.failures} failed${skipped}\n`);
    });
  }
}
module.exports = SpecWithTotals;
