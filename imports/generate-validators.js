#!/usr/bin/env node
// Regenerates the compiled schema validators in src/imports/validators/, offline.
//
// 1. The CRD schemas (rules S01–S04, S06). For each module the version table names (`validatorModule`
//    of src/imports/argo-rollouts-versions.ts) it reads the generated install data of the releases that
//    use it (their `dataFiles.crds`), takes the `openAPIV3Schema` of the storage version of each of the
//    five kinds and writes one CommonJS module,
//      src/imports/validators/argo-<tag>.js
//    exporting one ajv validate function per kind (`Rollout`, `AnalysisTemplate`, ...) and `inputSha256`.
//    Releases whose schemas reduce alike share one module, named after the oldest of them; the table
//    says which (generate-install-data.js decides it, imports/sharing.js says how), and a table that no
//    longer matches the install data is an error. A module of argo-*.js that no release uses is removed.
//    Before compiling, each schema is reduced to what validation needs and closed the way the API
//    server prunes, by imports/crd-schema.js (its header says how; the CEL rules of
//    `x-kubernetes-validations` are rule S05, out of reach). An object schema that lists its properties
//    is closed with `propertyNames: {enum: [<its properties>]}`, which in addition tells the rules the
//    known field names for their messages. Then subschemas of 50 bytes or more that occur more than
//    once (the pod template is in four kinds) become shared definitions, so that each is compiled once.
//    The code is ajv standalone output (`allErrors`, no messages: the rules write their own).
// 2. The field table of the core kinds that `kubectl argo rollouts lint` decodes strictly (rule L01):
//      src/imports/validators/k8s-fields.js
//    Service (v1) and Ingress (networking.k8s.io/v1, extensions/v1beta1, networking.k8s.io/v1beta1),
//    field names per object type, read from the `toJson_*` functions of cdk8s-plus-27's generated `k8s`
//    module (Kubernetes 1.27), with the few fields added by later Kubernetes releases, and the v1beta1
//    Ingress shapes, listed below.
//
// Every file starts with the SHA-256 of its inputs (the reduced schemas and imports/crd-schema.js, or the k8s
// module; and this script);
// a test recomputes it, so a generated file that is older than its inputs fails the tests.
// The output is deterministic: the same inputs give the same bytes.
//
// Usage: node imports/generate-validators.js [<out>] [--only argo-v1.9.1|k8s-fields] [--table <file>] [--data <folder>]
// (--table and --data read another version table and install data than src/imports/'s: for tests)
// (commit the output; never hand-edit src/imports/)
const fs = require('fs');
const path = require('path');
const crdSchema = require('./crd-schema');
const { INSTALL_DATA, ROOT, VALIDATORS, VERSION_TABLE, relative, writeGenerated } = require('./layout');
const sharing = require('./sharing');

const VERSIONS = require('./versions').tags();
/** Subschemas of at least this many bytes (as JSON) that occur twice or more are shared. */
const MIN_SHARED_BYTES = 50;

const args = process.argv.slice(2);
/** The value of an option `--name <value>`, or undefined. */
const option = name => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const only = option('--only');
const optionValues = new Set(['--only', '--table', '--data'].map(o => args.indexOf(o)).filter(i => i >= 0).map(i => i + 1));
const positional = args.filter((a, i) => !a.startsWith('--') && !optionValues.has(i));
const output = positional[0] ? path.resolve(positional[0]) : VALIDATORS;
const tableFile = option('--table') ? path.resolve(option('--table')) : VERSION_TABLE;
const dataDir = option('--data') ? path.resolve(option('--data')) : INSTALL_DATA;
const K8S_MODULE = path.join(ROOT, 'node_modules', 'cdk8s-plus-27', 'lib', 'imports', 'k8s.js');

function fail(message) {
  console.error(`imports/generate-validators.js: ${message}`);
  process.exit(1);
}

const SELF = fs.readFileSync(__filename, 'utf8');

// ---------------------------------------------------------------------------------------------
// 1. CRD schemas
// ---------------------------------------------------------------------------------------------

/** The CRDs of a data file of the install data (relative to src/imports/install-data/), which the table names for `release`. */
function crdsIn(dataFile, release) {
  const file = path.join(dataDir, dataFile);
  if (!fs.existsSync(file)) {
    fail(`cannot find ${path.relative(process.cwd(), file)}, which the version table names for ${release}; run \`node imports/generate-install-data.js\` first.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The modules to write, in the table's order: per name, the releases that use it (newest first), the
 * data file it is compiled from (the oldest release's) and the reduced schema of each kind.
 */
function validatorModules() {
  let table;
  try {
    table = sharing.readVersionTable(tableFile);
  } catch (e) {
    fail(e.message);
  }
  const tags = table.map(e => e.tag);
  if (tags.join() !== VERSIONS.join()) {
    fail(`the version table ${path.relative(process.cwd(), tableFile)} lists ${tags.join(', ')}, imports/versions.js ${VERSIONS.join(', ')}; run \`node imports/generate-install-data.js\` first.`);
  }
  const reducedByFile = new Map();
  const reducedOf = entry => {
    const file = entry.dataFiles.crds;
    if (!reducedByFile.has(file)) reducedByFile.set(file, sharing.reducedKindSchemas(crdsIn(file, entry.tag), entry.tag));
    return reducedByFile.get(file);
  };
  const owners = sharing.owners(tags, tag => JSON.stringify(reducedOf(table.find(e => e.tag === tag))));
  const modules = new Map();
  for (const entry of table) {
    const expected = sharing.validatorModuleOf(owners.get(entry.tag));
    if (entry.validatorModule !== expected) {
      fail(`the version table ${path.relative(process.cwd(), tableFile)} names ${entry.validatorModule} for ${entry.tag}, `
        + `where its CRD schemas call for ${expected} (the module of the oldest release whose schemas reduce alike); `
        + 'the table and the install data are not from one run: run `node imports/generate-install-data.js` first.');
    }
    const module = modules.get(expected) || { releases: [] };
    module.releases.push(entry.tag);
    module.dataFile = entry.dataFiles.crds; // the oldest release's, which is the last
    module.kinds = reducedOf(entry);
    modules.set(expected, module);
  }
  return modules;
}

/** Replaces repeated subschemas by `$ref`s to shared definitions; returns the rewritten roots and the definitions. */
function share(roots) {
  const counts = new Map();
  const count = node => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(count);
      return;
    }
    const text = JSON.stringify(node);
    if (text.length >= MIN_SHARED_BYTES && node.type === 'object') counts.set(text, (counts.get(text) || 0) + 1);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties') Object.values(value).forEach(count);
      else if (key !== 'propertyNames' && key !== 'enum' && key !== 'required') count(value);
    }
  };
  roots.forEach(r => count(r.schema));
  const names = new Map();
  const definitions = {};
  const rewrite = (node, top) => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(n => rewrite(n, false));
    const text = JSON.stringify(node);
    if (!top && node.type === 'object' && counts.get(text) > 1) {
      if (!names.has(text)) {
        const name = `s${names.size}`;
        names.set(text, name);
        definitions[name] = rewrite(node, true);
      }
      return { $ref: `#/definitions/${names.get(text)}` };
    }
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties') {
        out.properties = {};
        for (const [name, child] of Object.entries(value)) out.properties[name] = rewrite(child, false);
      } else if (key === 'propertyNames' || key === 'enum' || key === 'required') {
        out[key] = value;
      } else {
        out[key] = rewrite(value, false);
      }
    }
    return out;
  };
  const rewritten = roots.map(r => ({ kind: r.kind, schema: rewrite(r.schema, true) }));
  return { roots: rewritten, definitions };
}

/** The code of one validator module: `name` and `module` as validatorModules() gives them. */
function compileModule(name, { releases, dataFile, kinds }) {
  const inputHash = crdSchema.sha256(SELF, crdSchema.SOURCE, ...kinds.map(k => JSON.stringify(k.schema)));
  // Identical kinds (AnalysisTemplate and ClusterAnalysisTemplate) share one validator.
  const firstOf = new Map();
  const unique = [];
  for (const r of kinds) {
    const text = JSON.stringify(r.schema);
    if (!firstOf.has(text)) {
      firstOf.set(text, r.kind);
      unique.push(r);
    }
  }
  const { roots, definitions } = share(unique);
  const id = `argo-rollouts-${releases[releases.length - 1]}`;
  const rootSchema = { $id: id, definitions: {} };
  for (const r of roots) rootSchema.definitions[r.kind] = r.schema;
  Object.assign(rootSchema.definitions, definitions);
  const exportsMap = {};
  for (const r of kinds) {
    exportsMap[r.kind] = `${id}#/definitions/${firstOf.get(JSON.stringify(r.schema))}`;
  }
  const code = crdSchema.compileStandalone([rootSchema], exportsMap, `the compiled validators of ${releases.join(', ')}`);
  const header = crdSchema.standaloneHeader('imports/generate-validators.js', relative(path.join(INSTALL_DATA, dataFile)), inputHash);
  const used = `// Used by Argo Rollouts ${releases.join(', ')} (their \`validatorModule\` in src/imports/argo-rollouts-versions.ts).`;
  return `${header}\n${used}\n${code}\nexports.inputSha256 = ${JSON.stringify(inputHash)};\n`;
}

// ---------------------------------------------------------------------------------------------
// 2. Field table of Service and Ingress (rule L01)
// ---------------------------------------------------------------------------------------------

/**
 * Fields that Kubernetes releases after 1.27 added to the types of the table (cdk8s-plus-27 predates
 * them): type → field → descriptor.
 */
const LATER_FIELDS = {
  ServiceSpec: { trafficDistribution: '' }, // Kubernetes 1.30
};

/**
 * The Ingress types of extensions/v1beta1 and networking.k8s.io/v1beta1 (removed in Kubernetes 1.22),
 * which differ from networking.k8s.io/v1 only here: the default backend is `backend`, and a backend
 * names its Service with `serviceName` and `servicePort`.
 */
const V1BETA1_TYPES = {
  IngressSpecV1beta1: { backend: 'IngressBackendV1beta1', ingressClassName: '', rules: '[IngressRuleV1beta1]', tls: '[IngressTls]' },
  IngressRuleV1beta1: { host: '', http: 'HttpIngressRuleValueV1beta1' },
  HttpIngressRuleValueV1beta1: { paths: '[HttpIngressPathV1beta1]' },
  HttpIngressPathV1beta1: { backend: 'IngressBackendV1beta1', path: '', pathType: '' },
  IngressBackendV1beta1: { resource: 'TypedLocalObjectReference', serviceName: '', servicePort: '' },
};

/** Top-level fields of each checked kind; `status` is not checked (the server ignores it on create and update). */
const ROOTS = {
  'v1/Service': { apiVersion: '', kind: '', metadata: 'ObjectMeta', spec: 'ServiceSpec', status: '' },
  'networking.k8s.io/v1/Ingress': { apiVersion: '', kind: '', metadata: 'ObjectMeta', spec: 'IngressSpec', status: '' },
  'networking.k8s.io/v1beta1/Ingress': { apiVersion: '', kind: '', metadata: 'ObjectMeta', spec: 'IngressSpecV1beta1', status: '' },
  'extensions/v1beta1/Ingress': { apiVersion: '', kind: '', metadata: 'ObjectMeta', spec: 'IngressSpecV1beta1', status: '' },
};

/**
 * The descriptor of one field from the expression that cdk8s-plus writes for it in `toJson_<Type>`:
 * '' a scalar or a value not descended into, 'T' an object of type T, '[T]' a list of T, '{}' a map
 * of scalars, '{T}' a map of T.
 */
function descriptorOf(type, field, expression) {
  let m;
  if ((m = /^toJson_(\w+)\(obj\.\w+\)$/.exec(expression))) return m[1];
  if ((m = /^obj\.\w+\?\.map\(y => toJson_(\w+)\(y\)\)$/.exec(expression))) return `[${m[1]}]`;
  if (/^obj\.\w+(\?\.map\(y => y\)|\?\.value|\?\.toISOString\(\))?$/.test(expression)) return '';
  if (expression.includes('Object.entries(obj.')) {
    if ((m = /\[i\[0\]\]: toJson_(\w+)\(i\[1\]\)/.exec(expression))) return `{${m[1]}}`;
    return '{}';
  }
  fail(`cannot read the field ${type}.${field} from ${JSON.stringify(expression)}; teach descriptorOf() about it.`);
  return '';
}

function k8sFieldTable() {
  if (!fs.existsSync(K8S_MODULE)) fail(`cannot find ${K8S_MODULE}; run npm ci first.`);
  const source = fs.readFileSync(K8S_MODULE, 'utf8');
  const functions = new Map();
  const fnPattern = /^function toJson_(\w+)\(obj\) \{\n([\s\S]*?)^\}/gm;
  let m;
  while ((m = fnPattern.exec(source))) functions.set(m[1], m[2]);
  const fieldsOf = type => {
    const body = functions.get(type);
    if (body === undefined) fail(`${K8S_MODULE} has no toJson_${type}.`);
    const fields = {};
    for (const line of body.split('\n')) {
      const f = /^\s+'([^']+)': (.*),$/.exec(line);
      if (f) fields[f[1]] = descriptorOf(type, f[1], f[2]);
    }
    return fields;
  };
  const types = {};
  const visit = type => {
    if (types[type] || V1BETA1_TYPES[type]) return;
    const fields = { ...fieldsOf(type), ...(LATER_FIELDS[type] || {}) };
    types[type] = fields;
    for (const d of Object.values(fields)) {
      const inner = d.replace(/^[[{]|[\]}]$/g, '');
      if (inner !== '') visit(inner);
    }
  };
  for (const fields of [...Object.values(ROOTS), ...Object.values(V1BETA1_TYPES)]) {
    for (const d of Object.values(fields)) {
      const inner = d.replace(/^[[{]|[\]}]$/g, '');
      if (inner !== '') visit(inner);
    }
  }
  Object.assign(types, V1BETA1_TYPES);
  const sorted = {};
  for (const type of Object.keys(types).sort()) {
    sorted[type] = {};
    for (const field of Object.keys(types[type]).sort()) sorted[type][field] = types[type][field];
  }
  const table = { roots: ROOTS, types: sorted };
  const inputHash = crdSchema.sha256(SELF, source);
  return [
    '// Generated by imports/generate-validators.js from the toJson_* functions of cdk8s-plus-27/lib/imports/k8s.js. Do not edit.',
    `// input sha256: ${inputHash}`,
    '// Field names of Service and Ingress per object type (rule L01). Descriptors: "" scalar or not descended into,',
    '// "T" object of type T, "[T]" list of T, "{}" map of scalars, "{T}" map of T.',
    '/* eslint-disable */',
    '"use strict";',
    `exports.table = ${JSON.stringify(table, undefined, 1)};`,
    `exports.inputSha256 = ${JSON.stringify(inputHash)};`,
    '',
  ].join('\n');
}

try {
  const modules = validatorModules();
  const names = [...modules.keys()].map(file => file.replace(/\.js$/, ''));
  if (only !== undefined && only !== 'k8s-fields' && !names.includes(only)) {
    fail(`--only ${only}: there is no such module; the modules are ${[...names, 'k8s-fields'].join(', ')}.`);
  }
  for (const [file, module] of modules) {
    if (only === undefined || `${only}.js` === file) writeGenerated(path.join(output, file), compileModule(file.replace(/\.js$/, ''), module));
  }
  if (only === undefined && fs.existsSync(output)) {
    // a release that now shares an older release's module leaves its own behind
    for (const file of fs.readdirSync(output).filter(f => /^argo-.*\.js$/.test(f) && !modules.has(f))) {
      fs.rmSync(path.join(output, file));
      console.log(`removed ${path.relative(process.cwd(), path.join(output, file))} (no release uses it)`);
    }
  }
} catch (e) {
  if (e instanceof crdSchema.SchemaBuildError) fail(e.message);
  throw e;
}
if (only === undefined || only === 'k8s-fields') writeGenerated(path.join(output, 'k8s-fields.js'), k8sFieldTable());
