#!/usr/bin/env node
// Post-compile: makes the `crds` submodule (the ~58k-line generated L1) load on first use instead
// of at `require('cdk8s-argo-rollouts')`, the way aws-cdk-lib loads its submodules. The typings
// (index.d.ts) and the jsii assembly are unchanged; only the compiled lib/index.js is rewritten.
const fs = require('fs');
const path = require('path');

const file = path.join(__dirname, '..', 'lib', 'index.js');
const eager = 'exports.crds = __importStar(require("./imports/argoproj.io"));';
const lazy = 'Object.defineProperty(exports, "crds", { enumerable: true, configurable: true, get: () => __importStar(require("./imports/argoproj.io")) });';

const text = fs.readFileSync(file, 'utf8');
if (text.includes(lazy)) process.exit(0);
if (!text.includes(eager)) {
  console.error(`build-tools/lazy-crds.js: did not find the crds export in ${file}; update this script to the compiler's output.`);
  process.exit(1);
}
fs.writeFileSync(file, text.replace(eager, lazy).replace('exports.crds = void 0;\n', ''));
