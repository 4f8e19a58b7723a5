// Mocha's spec reporter, plus the closing line CI reads: "N passed, N failed[, N skipped]".
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const s = runner.stats;
      const skipped = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`${s.passes} passed, ${s.failures} failed${skipped}\n`);
    });
  }
}
module.exports = SpecWithTotals;
