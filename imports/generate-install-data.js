#!/usr/bin/env node
// Regenerates the install data in src/install/data/ from the pinned upstream release manifests, offline.
//
// For each supported version (v1.9.1, v1.8.3) it reads
//   <upstream>/<version>/crds/*.yaml                  the CustomResourceDefinitions
//   <upstream>/<version>/notifications-install.yaml   the notifications ConfigMap
// and writes deterministic, pretty-printed (2-space) JSON:
//   <out>/<version>/crds.json           every CRD, ordered by metadata.name, exactly as upstream wrote it
//   <out>/<version>/notifications.json  the `data` map of the notifications ConfigMap, keys sorted
//
// <upstream> defaults to ../shared/argo-rollouts (relative to the repository root) and can be overridden
// with ARGO_ROLLOUTS_UPSTREAM. <out> defaults to src/install/data and can be given as the first argument.
//
// Usage: node imports/generate-install-data.js [<out>]   (commit the output; never hand-edit src/install/data/)
const fs = require('fs');
const path = require('path');
const YAML = require('yaml');

const VERSIONS = ['v1.9.1', 'v1.8.3'];
const NOTIFICATIONS_CONFIGMAP = 'argo-rollouts-notification-configmap';

const root = path.resolve(__dirname, '..');
const upstream = path.resolve(root, process.env.ARGO_ROLLOUTS_UPSTREAM || '../shared/argo-rollouts');
const output = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'src', 'install', 'data');

function fail(message) {
  console.error(`imports/generate-install-data.js: ${message}`);
  process.exit(1);
}

/** Every non-empty document of a YAML file, as plain JSON values. */
function readDocuments(file) {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'));
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      fail(`cannot parse ${file}: ${doc.errors[0].message}`);
    }
  }
  return docs.map(d => d.toJS()).filter(d => d != null);
}

function crdsOf(version) {
  const dir = path.join(upstream, version, 'crds');
  if (!fs.existsSync(dir)) {
    fail(`cannot find the upstream CRDs of ${version} at ${dir}. Set ARGO_ROLLOUTS_UPSTREAM to the folder that holds <version>/crds/.`);
  }
  const files = fs.readdirSync(dir).filter(f => /\.ya?ml$/.test(f)).sort();
  const crds = files
    .flatMap(f => readDocuments(path.join(dir, f)))
    .filter(d => d.kind === 'CustomResourceDefinition');
  if (crds.length === 0) {
    fail(`${dir} holds no CustomResourceDefinition.`);
  }
  const names = crds.map(c => c.metadata.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) {
    fail(`the CRD ${duplicate} is defined twice in ${dir}.`);
  }
  return crds.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

function notificationsOf(version) {
  const file = path.join(upstream, version, 'notifications-install.yaml');
  if (!fs.existsSync(file)) {
    fail(`cannot find the upstream notifications manifest of ${version} at ${file}. Set ARGO_ROLLOUTS_UPSTREAM to the folder that holds it.`);
  }
  const configMap = readDocuments(file).find(d => d.kind === 'ConfigMap' && d.metadata && d.metadata.name === NOTIFICATIONS_CONFIGMAP);
  if (!configMap) {
    fail(`${file} has no ConfigMap named ${NOTIFICATIONS_CONFIGMAP}.`);
  }
  const data = configMap.data || {};
  const sorted = {};
  for (const key of Object.keys(data).sort()) sorted[key] = data[key];
  return sorted;
}

function write(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = JSON.stringify(value, undefined, 2) + '\n';
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file) || file} (${Buffer.byteLength(text)} bytes)`);
}

if (!fs.existsSync(upstream)) {
  fail(`cannot find the upstream Argo Rollouts release manifests at ${upstream}. `
    + 'Check out ../shared beside the project, or set ARGO_ROLLOUTS_UPSTREAM to the folder that holds <version>/crds/.');
}

for (const version of VERSIONS) {
  const crds = crdsOf(version);
  const notifications = notificationsOf(version);
  write(path.join(output, version, 'crds.json'), crds);
  write(path.join(output, version, 'notifications.json'), notifications);
}
