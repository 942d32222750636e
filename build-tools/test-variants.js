#!/usr/bin/env node
// CI's second command (`npm run test:variants`): for each cdk8s-plus line but the base, the packed-package
// test on that line — its package built and packed from this checkout (build-tools/variants.js), installed
// with that line into a new cdk8s app that passes the line's own types into the library, `cdk8s synth`
// on Node.js 20 and 22, the installed commands. The whole suite runs on the base line (`npm test`), and
// on any line with CDK8S_PLUS_LINE=NN.
//
//   node build-tools/test-variants.js [LINE...]     jest's JSON results go to test-reports/variants/plus-NN.json
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { BASE_LINE, lineNumbers, parseLine } = require('./plus-lines');

const ROOT = path.join(__dirname, '..');
const REPORTS = path.join(ROOT, 'test-reports', 'variants');

const given = process.argv.slice(2).map(a => parseLine(a, 'build-tools/test-variants.js'));
const lines = given.length > 0 ? given : lineNumbers().filter(l => l !== BASE_LINE);
fs.mkdirSync(REPORTS, { recursive: true });
let failed = 0;
for (const line of lines) {
  const started = Date.now();
  const outputFile = path.join(REPORTS, `plus-${line}.json`);
  fs.rmSync(outputFile, { force: true });
  const result = spawnSync('npx', ['jest', 'test/packed-package.test.ts', '--ci', '--json', `--outputFile=${outputFile}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CDK8S_PLUS_LINE: String(line), JSII_SILENCE_SUPPORT_WARNING: '1', JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20' },
  });
  console.log(`cdk8s-plus-${line}: the packed-package test ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
