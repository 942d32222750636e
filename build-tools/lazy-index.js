#!/usr/bin/env node
// Post-compile: makes every export of lib/index.js load its module on first use, the way aws-cdk-lib
// loads its submodules. `require('cdk8s-argo-rollouts')` then costs almost nothing, and an app loads
// only the modules it uses: an app that installs Argo Rollouts does not load the Rollout constructs or
// the rule engine's pod checks, and nothing loads the generated L1 (`crds`) unless it is used. The
// typings (index.d.ts) and the jsii assembly are unchanged; only the compiled lib/index.js is rewritten.
//
// The doors of the layers' internals (lib/<layer>/private/index.js, DESIGN: other layers import a
// layer's internals only through its door) are rewritten the same way: a door re-exports every internal
// module of its layer, and a layer that needs one name of another layer's internals would otherwise load
// them all (the install layer's data modules, cdk8s-plus, the rule engine) into paths that avoid them
// today. Every `lib/**/private/index.js` is a door.
//
// The compiler writes three kinds of export statements, all recognised here:
//   __exportStar(require("./m"), exports);                     export * from './m'
//   var m_1 = require("./m"); Object.defineProperty(exports, "X", { ... m_1.X ... });   export { X } from './m'
//   exports.crds = __importStar(require("./imports/argoproj.io"));                     export * as crds from ...
// Any other statement fails the build, so that a change of the compiler's output is noticed. Each result
// is checked before anything is written: the same names with the same values as the eager index, in a
// fresh process.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const LIB = path.join(__dirname, '..', 'lib');
const MARKER = '// lazy exports (build-tools/lazy-index.js)';
const ES_MODULE = 'Object.defineProperty(exports, "__esModule", { value: true });';
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

const fail = (file, why) => {
  console.error(`build-tools/lazy-index.js: ${why} in ${file}; update this script to the compiler's output.`);
  process.exit(1);
};

/** The doors: every lib/**\/private/index.js. */
function doors(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    if (!e.isDirectory()) return [];
    const sub = path.join(dir, e.name);
    const door = path.join(sub, 'index.js');
    return [...(e.name === 'private' && fs.existsSync(door) ? [door] : []), ...doors(sub)];
  });
}

/** The lazy text of an index whose statements are all exports from modules; undefined when it is lazy already. */
function lazyText(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes(MARKER)) return undefined;

  /** The export statements, in order: { module, names } (names undefined = every export of the module), or a namespace. */
  const exportsInOrder = [];
  const aliases = new Map(); // m_1 -> "./m"
  const start = text.indexOf(ES_MODULE);
  if (start < 0) fail(file, 'no __esModule line');
  const body = text.slice(start);
  for (const raw of body.split('\n').slice(1)) {
    const line = raw.trim();
    let m;
    if (line === '' || line.startsWith('//')) continue; // a comment of the source, or the source map's
    if (/^exports\.[\w$]+( = exports\.[\w$]+)* = void 0;$/.test(line)) continue;
    if ((m = /^__exportStar\(require\("(\.[^"]+)"\), exports\);$/.exec(line))) {
      exportsInOrder.push({ module: m[1] });
    } else if ((m = /^var ([\w$]+) = require\("(\.[^"]+)"\);$/.exec(line))) {
      aliases.set(m[1], m[2]);
    } else if ((m = /^Object\.defineProperty\(exports, "([\w$]+)", \{ enumerable: true, get: function \(\) \{ return ([\w$]+)\.([\w$]+); \} \}\);$/.exec(line))) {
      if (!aliases.has(m[2])) fail(file, `unknown module variable ${m[2]}`);
      exportsInOrder.push({ module: aliases.get(m[2]), names: [[m[1], m[3]]] });
    } else if ((m = /^exports\.([\w$]+) = __importStar\(require\("(\.[^"]+)"\)\);$/.exec(line))) {
      exportsInOrder.push({ module: m[2], namespace: m[1] });
    } else {
      fail(file, `an export statement this script does not know: ${line}`);
    }
  }

  /** The names each `export *` module gives (loading them here, at build time). */
  const moduleNames = (module) => {
    const exported = require(path.join(path.dirname(file), module));
    return Object.keys(exported).filter(k => k !== 'default' && k !== '__esModule');
  };

  // A name exported by name wins over the same name from an `export *`, wherever it stands (the
  // compiler declares those names before the first statement, and __exportStar skips declared names).
  const seen = new Set(exportsInOrder.flatMap(e => e.namespace ? [e.namespace] : (e.names ?? []).map(([name]) => name)));
  const lines = [];
  const define = (name, getter) => lines.push(`lazy(${JSON.stringify(name)}, () => ${getter});`);
  for (const e of exportsInOrder) {
    const req = `require(${JSON.stringify(e.module)})`;
    if (e.namespace) {
      define(e.namespace, `__importStar(${req})`);
    } else if (e.names) {
      for (const [name, source] of e.names) define(name, `${req}.${source}`);
    } else {
      for (const name of moduleNames(e.module)) {
        if (seen.has(name)) continue; // `export *` does not overwrite an earlier export of the same name
        seen.add(name);
        define(name, `${req}.${name}`);
      }
    }
  }
  const namespaces = exportsInOrder.filter(e => e.namespace).map(e => e.namespace);
  const helpers = text.slice(0, start);
  return { text, lazy: `${helpers}${ES_MODULE}\n${MARKER}\n${LAZY}\n${lines.join('\n')}\n`, namespaces };
}

// Check in a fresh process: the lazy index exports the same names with the same values (a namespace
// export is a new object on each `__importStar`, so only its presence is compared).
function check(file, { text, lazy, namespaces }) {
  const script = `
const Module = require('module');
const path = require('path');
const file = ${JSON.stringify(file)};
const load = (source) => { const m = new Module(file, null); m.filename = file; m.paths = Module._nodeModulePaths(path.dirname(file)); m._compile(source, file); return m.exports; };
const eager = load(${JSON.stringify(text)});
const lazy = load(${JSON.stringify(lazy)});
const namespaces = ${JSON.stringify(namespaces)};
const a = Object.keys(eager).sort(), b = Object.keys(lazy).sort();
if (JSON.stringify(a) !== JSON.stringify(b)) { console.error('names differ:', JSON.stringify(a.filter(x => !b.includes(x))), JSON.stringify(b.filter(x => !a.includes(x)))); process.exit(1); }
for (const k of a) if (!namespaces.includes(k) && eager[k] !== lazy[k]) { console.error('value differs: ' + k); process.exit(1); }
`;
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: 'inherit' });
  } catch {
    fail(file, 'the lazy index does not export what the eager one does (see above)');
  }
}

// Every index is made and checked before any is written: a failure leaves lib/ as the compiler wrote it.
const results = [path.join(LIB, 'index.js'), ...doors(LIB)].map(file => [file, lazyText(file)]).filter(([, r]) => r !== undefined);
for (const [file, result] of results) check(file, result);
for (const [file, result] of results) fs.writeFileSync(file, result.lazy);
