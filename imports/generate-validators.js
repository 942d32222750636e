#!/usr/bin/env node
// Regenerates the compiled schema validators in src/imports/validators/, offline.
//
// 1. The CRD schemas (rules S01–S04, S06). For each release of imports/versions.js it reads the
//    generated install data, src/imports/install-data/<version>/crds.json, takes the `openAPIV3Schema` of the
//    storage version of each of the five kinds and writes one CommonJS module,
//      src/imports/validators/argo-<version>.js
//    exporting one ajv validate function per kind (`Rollout`, `AnalysisTemplate`, ...) and `inputSha256`.
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
// Every file starts with the SHA-256 of its inputs (the schemas and imports/crd-schema.js, or the k8s
// module; and this script);
// a test recomputes it, so a generated file that is older than its inputs fails the tests.
// The output is deterministic: the same inputs give the same bytes.
//
// Usage: node imports/generate-validators.js [<out>] [--only argo-v1.9.1|k8s-fields]
// (commit the output; never hand-edit src/imports/)
const fs = require('fs');
const path = require('path');
const crdSchema = require('./crd-schema');
const { INSTALL_DATA, ROOT, VALIDATORS, relative, writeGenerated } = require('./layout');

const VERSIONS = require('./versions').tags();
const KINDS = ['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment'];
/** Subschemas of at least this many bytes (as JSON) that occur twice or more are shared. */
const MIN_SHARED_BYTES = 50;

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith('--') && (onlyAt < 0 || i !== onlyAt + 1));
const output = positional[0] ? path.resolve(positional[0]) : VALIDATORS;
const K8S_MODULE = path.join(ROOT, 'node_modules', 'cdk8s-plus-27', 'lib', 'imports', 'k8s.js');

function fail(message) {
  console.error(`imports/generate-validators.js: ${message}`);
  process.exit(1);
}

const SELF = fs.readFileSync(__filename, 'utf8');

// ---------------------------------------------------------------------------------------------
// 1. CRD schemas
// ---------------------------------------------------------------------------------------------

/** The openAPIV3Schema of each kind in a version's generated install data, in KINDS order. */
function schemasOf(version) {
  const file = path.join(INSTALL_DATA, version, 'crds.json');
  if (!fs.existsSync(file)) {
    fail(`cannot find ${file}; run \`node imports/generate-install-data.js\` first.`);
  }
  const crds = JSON.parse(fs.readFileSync(file, 'utf8'));
  return KINDS.map(kind => {
    const crd = crds.find(c => c.spec.names.kind === kind);
    if (!crd) fail(`${file} has no CRD for kind ${kind}.`);
    const stored = crd.spec.versions.find(v => v.storage) || crd.spec.versions[0];
    return { kind, schema: stored.schema.openAPIV3Schema };
  });
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

function compileVersion(version) {
  const schemas = schemasOf(version);
  const inputHash = crdSchema.sha256(SELF, crdSchema.SOURCE, ...schemas.map(s => JSON.stringify(s.schema)));
  const reduced = schemas.map(s => ({ kind: s.kind, schema: crdSchema.reduceKindSchema(s.schema, { closeWith: 'propertyNames', kind: `${version} ${s.kind}` }) }));
  // Identical kinds (AnalysisTemplate and ClusterAnalysisTemplate) share one validator.
  const firstOf = new Map();
  const unique = [];
  for (const r of reduced) {
    const text = JSON.stringify(r.schema);
    if (!firstOf.has(text)) {
      firstOf.set(text, r.kind);
      unique.push(r);
    }
  }
  const { roots, definitions } = share(unique);
  const id = `argo-rollouts-${version}`;
  const rootSchema = { $id: id, definitions: {} };
  for (const r of roots) rootSchema.definitions[r.kind] = r.schema;
  Object.assign(rootSchema.definitions, definitions);
  const exportsMap = {};
  for (const r of reduced) {
    exportsMap[r.kind] = `${id}#/definitions/${firstOf.get(JSON.stringify(r.schema))}`;
  }
  const code = crdSchema.compileStandalone([rootSchema], exportsMap, `the compiled ${version} validators`);
  const header = crdSchema.standaloneHeader('imports/generate-validators.js', relative(path.join(INSTALL_DATA, version, 'crds.json')), inputHash);
  return `${header}\n${code}\nexports.inputSha256 = ${JSON.stringify(inputHash)};\n`;
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
  for (const version of VERSIONS) {
    const name = `argo-${version}`;
    if (only === undefined || only === name) writeGenerated(path.join(output, `${name}.js`), compileVersion(version));
  }
} catch (e) {
  if (e instanceof crdSchema.SchemaBuildError) fail(e.message);
  throw e;
}
if (only === undefined || only === 'k8s-fields') writeGenerated(path.join(output, 'k8s-fields.js'), k8sFieldTable());
