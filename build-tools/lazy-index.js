#!/usr/bin/env node
// Post-compile: makes every export of lib/index.js load its module on first use, the way aws-cdk-lib
// loads its submodules. `require('cdk8s-argo-rollouts')` then costs almost nothing, and an app loads
// only the modules it uses: an app that installs Argo Rollouts does not load the Rollout constructs or
// the rule engine's pod checks, and nothing loads the generated L1 (`crds`) unless it is used. The
// typings (index.d.ts) and the jsii assembly are unchanged; only the compiled lib/index.js is rewritten.
//
// The compiler writes three kinds of export statements, all recognised here:
//   __exportStar(require("./m"), exports);                     export * from './m'
//   var m_1 = require("./m"); Object.defineProperty(exports, "X", { ... m_1.X ... });   export { X } from './m'
//   exports.crds = __importStar(require("./imports/argoproj.io"));                     export * as crds from ...
// Any other statement fails the build, so that a change of the compiler's output is noticed. The result
// is checked before it is written: the same names with the same values as the eager index, in a fresh
// process.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const LIB = path.join(__dirname, '..', 'lib');
const file = path.join(LIB, 'index.js');
const MARKER = '// lazy exports (build-tools/lazy-index.js)';

const text = fs.readFileSync(file, 'utf8');
if (text.includes(MARKER)) process.exit(0);

const fail = (why) => {
  console.error(`build-tools/lazy-index.js: ${why} in ${file}; update this script to the compiler's output.`);
  process.exit(1);
};

/** The export statements, in order: { module, names } (names undefined = every export of the module), or a namespace. */
const exportsInOrder = [];
const aliases = new Map(); // m_1 -> "./m"
const ES_MODULE = 'Object.defineProperty(exports, "__esModule", { value: true });';
const start = text.indexOf(ES_MODULE);
if (start < 0) fail('no __esModule line');
const body = text.slice(start);
for (const raw of body.split('\n').slice(1)) {
  const line = raw.trim();
  let m;
  if (line === '' || line.startsWith('//# sourceMappingURL=')) continue;
  if (/^exports\.[\w$]+( = exports\.[\w$]+)* = void 0;$/.test(line)) continue;
  if ((m = /^__exportStar\(require\("(\.[^"]+)"\), exports\);$/.exec(line))) {
    exportsInOrder.push({ module: m[1] });
  } else if ((m = /^var ([\w$]+) = require\("(\.[^"]+)"\);$/.exec(line))) {
    aliases.set(m[1], m[2]);
  } else if ((m = /^Object\.defineProperty\(exports, "([\w$]+)", \{ enumerable: true, get: function \(\) \{ return ([\w$]+)\.([\w$]+); \} \}\);$/.exec(line))) {
    if (!aliases.has(m[2])) fail(`unknown module variable ${m[2]}`);
    exportsInOrder.push({ module: aliases.get(m[2]), names: [[m[1], m[3]]] });
  } else if ((m = /^exports\.([\w$]+) = __importStar\(require\("(\.[^"]+)"\)\);$/.exec(line))) {
    exportsInOrder.push({ module: m[2], namespace: m[1] });
  } else {
    fail(`an export statement this script does not know: ${line}`);
  }
}

/** The names each `export *` module gives (loading them here, at build time). */
function moduleNames(module) {
  const exported = require(path.join(LIB, module));
  return Object.keys(exported).filter(k => k !== 'default' && k !== '__esModule');
}

const lines = [];
const seen = new Set();
const define = (name, getter) => {
  if (seen.has(name)) return; // `export *` does not overwrite an earlier export of the same name
  seen.add(name);
  lines.push(`lazy(${JSON.stringify(name)}, () => ${getter});`);
};
for (const e of exportsInOrder) {
  const req = `require(${JSON.stringify(e.module)})`;
  if (e.namespace) {
    define(e.namespace, `__importStar(${req})`);
  } else if (e.names) {
    for (const [name, source] of e.names) define(name, `${req}.${source}`);
  } else {
    for (const name of moduleNames(e.module)) define(name, `${req}.${name}`);
  }
}

const helpers = text.slice(0, start);
// The first read of an export loads its module and replaces the getter with the value, so that code
// compiled to `lib_1.Rollout` (every use reads the export) pays for the lookup once.
const LAZY = [
  'function lazy(name, load) {',
  '    Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => {',
  '        const value = load();',
  '        Object.defineProperty(exports, name, { enumerable: true, configurable: true, writable: false, value });',
  '        return value;',
  '    } });',
  '}',
].join('\n');
const lazy = `${helpers}${ES_MODULE}\n${MARKER}\n${LAZY}\n${lines.join('\n')}\n`;

// Check in a fresh process: the lazy index exports the same names with the same values.
const check = `
const Module = require('module');
const path = require('path');
const file = ${JSON.stringify(file)};
const load = (source) => { const m = new Module(file, null); m.filename = file; m.paths = Module._nodeModulePaths(path.dirname(file)); m._compile(source, file); return m.exports; };
const eager = load(${JSON.stringify(text)});
const lazy = load(${JSON.stringify(lazy)});
const a = Object.keys(eager).sort(), b = Object.keys(lazy).sort();
if (JSON.stringify(a) !== JSON.stringify(b)) { console.error('names differ:', JSON.stringify(a.filter(x => !b.includes(x))), JSON.stringify(b.filter(x => !a.includes(x)))); process.exit(1); }
for (const k of a) if (k !== 'crds' && eager[k] !== lazy[k]) { console.error('value differs: ' + k); process.exit(1); }
`;
try {
  execFileSync(process.execPath, ['-e', check], { stdio: 'inherit' });
} catch {
  fail('the lazy index does not export what the eager one does (see above)');
}
fs.writeFileSync(file, lazy);
