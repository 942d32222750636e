#!/usr/bin/env node
// Regenerates the L1 bindings, src/imports/argoproj.io.ts, from the pinned upstream CRDs, offline.
// Input: the CRDs of <upstream>/<version>/install.yaml (non-CRD documents are skipped by cdk8s import).
// <upstream> defaults to ../shared/argo-rollouts and can be overridden with ARGO_ROLLOUTS_UPSTREAM.
// Usage: npx projen import, or node imports/generate.js [<out folder>]   (never hand-edit src/imports/)
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { GENERATED, ROOT } = require('./layout');

// the L1 bindings follow the default release
const VERSION = `v${require('./versions').DEFAULT}`;
const upstream = path.resolve(ROOT, process.env.ARGO_ROLLOUTS_UPSTREAM || '../shared/argo-rollouts');
const input = path.join(upstream, VERSION, 'install.yaml');
const output = process.argv[2] ? path.resolve(process.argv[2]) : GENERATED;

if (!fs.existsSync(input)) {
  console.error(`imports/generate.js: cannot find the upstream install manifest at ${input}.`);
  console.error('Set ARGO_ROLLOUTS_UPSTREAM to the folder that holds <version>/install.yaml.');
  process.exit(1);
}
const cli = path.join(ROOT, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');
execFileSync(process.execPath, [cli, 'import', input, '--language', 'typescript', '--output', output,
  '--no-check-upgrade', '--no-save'], { stdio: 'inherit', cwd: ROOT });
