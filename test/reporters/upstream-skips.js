// A jest reporter: when the conformance suites were skipped because the upstream Argo Rollouts files
// are absent (see describeUpstream in test/util.ts), it prints one line that says how many tests were
// skipped, why, and how to run them. It never changes the result of the run.
const path = require('path');

const MARK = '[skipped: no upstream files]';

class UpstreamSkipsReporter {
  onRunComplete(_contexts, results) {
    let skipped = 0;
    for (const file of results.testResults) {
      for (const t of file.testResults) {
        if (t.status === 'pending' && [t.title, ...t.ancestorTitles].some(title => title.endsWith(MARK))) skipped++;
      }
    }
    if (skipped === 0) return;
    const where = process.env.ARGO_ROLLOUTS_UPSTREAM
      ? path.resolve(process.env.ARGO_ROLLOUTS_UPSTREAM)
      : path.resolve(__dirname, '..', '..', '..', 'shared', 'argo-rollouts');
    process.stderr.write(`\n${skipped} upstream conformance tests skipped: the upstream Argo Rollouts files are not at ${where}.\n`
      + 'To run them, put the upstream release files there (one folder per tag: v1.8.3, v1.8.4, v1.9.1, v1.10.0-rc1, each with\n'
      + 'crds/*.yaml, install.yaml, namespace-install.yaml, dashboard-install.yaml, notifications-install.yaml; and examples/ with\n'
      + "upstream's example manifests), or set ARGO_ROLLOUTS_UPSTREAM to such a folder. See docs/maintaining.md.\n");
  }
}

module.exports = UpstreamSkipsReporter;
