// Prints the plain closing line CI reads in any language: "N passed, N failed[, N skipped]", after one line per
// skipped test naming it (a skipped suite's name says why, e.g. the real statement files not beside the checkout).
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skippedNames = results.testResults.flatMap((file) =>
      file.testResults.filter((t) => t.status === 'pending' || t.status === 'todo').map((t) => t.fullName),
    );
    for (const name of skippedNames) process.stdout.write(`\nskipped: ${name}`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
module.exports = SummaryReporter;
