// A jest reporter: when the conformance suites were skipped because the upstream Argo Rollouts files
// are absent (see describeUpstream in test/util.ts), it prints one line that says how many tests were
// skipped, why, and how to run them. A test skipped for another reason carries
// `[skipped: <why>; to run it: <how>]` in its title, and is listed with it. A run on another cdk8s-plus
// line (CDK8S_PLUS_LINE) is named. It never changes the result of the run.
const fs = require('fs');
const path = require('path');

const MARK = '[skipped: no upstream files]';

class UpstreamSkipsReporter {
  onRunComplete(_contexts, results) {
    let skipped = 0;
    const others = [];
    for (const file of results.testResults) {
      for (const t of file.testResults) {
        if (t.status !== 'pending') continue;
        if ([t.title, ...t.ancestorTitles].some(title => title.endsWith(MARK))) skipped++;
        else if (t.title.includes('[skipped: ')) others.push(`${path.relative(process.cwd(), file.testFilePath)}: ${t.title}`);
      }
    }
    for (const title of others) process.stderr.write(`\nSkipped: ${title}\n`);
    // a run on another cdk8s-plus line says so (test/plus-line-resolver.js)
    if (process.env.CDK8S_PLUS_LINE) process.stderr.write(`\nThe suite ran on cdk8s-plus-${process.env.CDK8S_PLUS_LINE} (CDK8S_PLUS_LINE).\n`);
    if (skipped === 0) return;
    const where = process.env.ARGO_ROLLOUTS_UPSTREAM
      ? path.resolve(process.env.ARGO_ROLLOUTS_UPSTREAM)
      : path.resolve(__dirname, '..', '..', '..', 'shared', 'argo-rollouts');
    const thirdParty = process.env.THIRD_PARTY_CRDS ? path.resolve(process.env.THIRD_PARTY_CRDS) : path.resolve(where, '..', 'third-party-crds');
    const missing = [where, thirdParty].filter(dir => !fs.existsSync(dir));
    process.stderr.write(`\n${skipped} upstream conformance tests skipped: the upstream files they compare with are missing`
      + ` (${missing.length > 0 ? `no ${missing.join(', no ')}` : 'a file in them'}).\n`
      + `To run them, put the upstream Argo Rollouts release files at ${where} (one folder per tag: v1.8.3, v1.8.4, v1.9.1,\n`
      + 'v1.10.0-rc1, each with crds/*.yaml, install.yaml, namespace-install.yaml, dashboard-install.yaml,\n'
      + "notifications-install.yaml; and examples/ with upstream's example manifests) or set ARGO_ROLLOUTS_UPSTREAM, and the\n"
      + `third-party CRDs at ${thirdParty} (or set THIRD_PARTY_CRDS). See docs/maintaining.md.\n`);
  }
}

module.exports = UpstreamSkipsReporter;
