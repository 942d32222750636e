#!/usr/bin/env node
// Regenerates the install data in src/imports/install-data/ and the version table in
// src/imports/argo-rollouts-versions.ts from the pinned upstream release files, offline.
//
// For each release listed in imports/versions.js it reads
//   <upstream>/<tag>/crds/*.yaml                  the CustomResourceDefinitions
//   <upstream>/<tag>/notifications-install.yaml   the notifications ConfigMap
//   <upstream>/<tag>/install.yaml                 the controller Deployment and ClusterRole (facts for the table)
//   <upstream>/<tag>/dashboard-install.yaml       the dashboard Deployment (its image)
// and writes deterministic, pretty-printed (2-space) JSON:
//   <out>/<tag>/crds.json           every CRD, ordered by metadata.name, exactly as upstream wrote it
//   <out>/<tag>/notifications.json  the `data` map of the notifications ConfigMap, keys sorted
// each file once: a release whose file would equal an older release's uses that one, and writes none
// (imports/sharing.js; a file of <out>/*/ that this run does not write is removed). The same goes for
// the compiled validators of generate-validators.js, whose sharing is decided here: releases whose CRD
// schemas reduce alike use one module.
// And one TypeScript module, the version table: per release its tag, images, data files and validator
// module (where the shared ones are), CRD sizes,
// the controller's readiness probe and RBAC groups (read from the files above) and the facts of
// imports/versions.js (controller flags, controller defaults, rule differences, the default release).
//
// <upstream> defaults to ../shared/argo-rollouts (relative to the repository root) and can be overridden
// with ARGO_ROLLOUTS_UPSTREAM. <out> defaults to src/imports/install-data and can be given as the first argument;
// the table goes to src/imports/argo-rollouts-versions.ts, or to the file given with --table <file>.
//
// Usage: node imports/generate-install-data.js [<out>] [--table <file>]
// (commit the output; never hand-edit src/imports/)
const fs = require('fs');
const path = require('path');
const YAML = require('yaml');
const { SchemaBuildError } = require('./crd-schema');
const { INSTALL_DATA, renderedJson, ROOT, VERSION_TABLE, writeGenerated } = require('./layout');
const { dataFilesOf, owners, reducedKindSchemas, TABLE_DECLARATION, validatorModuleOf } = require('./sharing');

const { DEFAULT, VERSIONS } = require('./versions');

const NOTIFICATIONS_CONFIGMAP = 'argo-rollouts-notification-configmap';
/** The limit of all annotations of an object together; client-side apply copies the object into one. */
const ANNOTATION_LIMIT = 262144;

const upstream = path.resolve(ROOT, process.env.ARGO_ROLLOUTS_UPSTREAM || '../shared/argo-rollouts');
const args = process.argv.slice(2);
const tableAt = args.indexOf('--table');
const positional = args.filter((a, i) => !a.startsWith('--') && (tableAt < 0 || i !== tableAt + 1));
const output = positional[0] ? path.resolve(positional[0]) : INSTALL_DATA;
const tableFile = tableAt >= 0 ? path.resolve(args[tableAt + 1]) : VERSION_TABLE;

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

/** The documents of a release file, which must exist. */
function releaseFile(tag, file) {
  const location = path.join(upstream, tag, file);
  if (!fs.existsSync(location)) {
    fail(`cannot find ${file} of ${tag} at ${location}. Set ARGO_ROLLOUTS_UPSTREAM to the folder that holds <tag>/${file}.`);
  }
  return readDocuments(location);
}

/** The one object of a kind and name in a release file. */
function objectOf(tag, file, kind, name) {
  const found = releaseFile(tag, file).find(d => d.kind === kind && d.metadata && d.metadata.name === name);
  if (!found) {
    fail(`${tag}/${file} has no ${kind} named ${name}.`);
  }
  return found;
}

/** `quay.io/argoproj/argo-rollouts:latest` → { registry, repository }. */
function imageOf(tag, file, name) {
  const image = objectOf(tag, file, 'Deployment', name).spec.template.spec.containers[0].image;
  const match = /^([^/]+)\/(.+?)(:[^/:]+)?$/.exec(image);
  if (!match) {
    fail(`${tag}/${file}: the image '${image}' of ${name} is not <registry>/<repository>[:tag].`);
  }
  return { registry: match[1], repository: match[2] };
}

/** The API groups of the controller ClusterRole's rule for a resource. */
function ruleGroups(tag, resource) {
  const role = objectOf(tag, 'install.yaml', 'ClusterRole', 'argo-rollouts');
  const rule = role.rules.find(r => (r.resources || []).includes(resource));
  if (!rule) {
    fail(`${tag}/install.yaml: the ClusterRole argo-rollouts has no rule for ${resource}.`);
  }
  return rule.apiGroups;
}

/**
 * The table entry of a release: the facts of imports/versions.js and those read from its files.
 * `shared` names the releases whose files it uses: `{ crds, notifications, validators }`, tags.
 */
function tableEntry(entry, crds, shared) {
  const tag = `v${entry.version}`;
  const controller = objectOf(tag, 'install.yaml', 'Deployment', 'argo-rollouts').spec.template.spec.containers[0];
  const crdBytes = {};
  for (const crd of crds) crdBytes[crd.metadata.name] = Buffer.byteLength(JSON.stringify(crd));
  return {
    version: entry.version,
    tag,
    prerelease: entry.prerelease,
    controllerImage: imageOf(tag, 'install.yaml', 'argo-rollouts'),
    dashboardImage: imageOf(tag, 'dashboard-install.yaml', 'argo-rollouts-dashboard'),
    dataFiles: { crds: dataFilesOf(shared.crds).crds, notifications: dataFilesOf(shared.notifications).notifications },
    validatorModule: validatorModuleOf(shared.validators),
    crdBytes,
    crdsNeedServerSideApply: Object.values(crdBytes).some(n => n > ANNOTATION_LIMIT),
    controllerReadinessProbe: controller.readinessProbe,
    awsLoadBalancerApiGroups: ruleGroups(tag, 'targetgroupbindings'),
    traefikApiGroups: ruleGroups(tag, 'traefikservices'),
    controllerFlags: [...entry.controllerFlags].sort(),
    controllerDefaults: entry.controllerDefaults,
    rules: entry.rules,
    notificationServices: [...entry.notificationServices].sort(),
  };
}

/** The version table as a TypeScript module. */
function tableModule(entries) {
  const json = JSON.stringify(entries, undefined, 2);
  return `// Generated by imports/generate-install-data.js from imports/versions.js and the release files of
// ${entries.map(e => e.tag).join(', ')}. Do not edit: change imports/versions.js and run \`npx projen generate\`.
/* eslint-disable */

/** Facts of one Argo Rollouts release. */
export interface GeneratedVersion {
  /** The version number, e.g. \`1.9.1\`. */
  readonly version: string;
  /** The release tag, e.g. \`v1.9.1\`. */
  readonly tag: string;
  /** Whether the release is a candidate (\`-rc\`). */
  readonly prerelease: boolean;
  /** The controller image of install.yaml, without its tag. */
  readonly controllerImage: { readonly registry: string; readonly repository: string };
  /** The dashboard image of dashboard-install.yaml, without its tag. */
  readonly dashboardImage: { readonly registry: string; readonly repository: string };
  /**
   * The install data files, relative to src/imports/install-data/: in the folder of the oldest release
   * whose file has the same content (imports/sharing.js), so possibly another release's.
   */
  readonly dataFiles: { readonly crds: string; readonly notifications: string };
  /** The compiled validators, in src/imports/validators/: named after the oldest release whose CRD schemas compile to them. */
  readonly validatorModule: string;
  /** Each CRD's size as compact JSON: what client-side apply copies into an annotation. */
  readonly crdBytes: { readonly [name: string]: number };
  /** Whether a CRD is above the ${ANNOTATION_LIMIT}-byte annotation limit, so that only server-side apply can apply it. */
  readonly crdsNeedServerSideApply: boolean;
  /** The readiness probe of the controller container, when the release has one. */
  readonly controllerReadinessProbe?: any;
  /** API groups of the controller's ClusterRole rule for target group bindings. */
  readonly awsLoadBalancerApiGroups: readonly string[];
  /** API groups of the controller's ClusterRole rule for TraefikServices. */
  readonly traefikApiGroups: readonly string[];
  /** The controller's command-line flags (names without \`--\`), sorted. */
  readonly controllerFlags: readonly string[];
  /** What the controller uses when a flag is not given. */
  readonly controllerDefaults: { readonly traefikApiGroup: string; readonly traefikApiVersion: string };
  /** Where the controller's rules and arithmetic differ between releases. */
  readonly rules: {
    readonly pingPongRouters: readonly string[];
    readonly mirrorRouteRouters: readonly string[];
    readonly minPodsCappedAtReplicas: boolean;
    readonly abortWalksStepsBackwards: boolean;
    readonly replicaProgressThreshold: boolean;
    readonly promotesAboveReplicas: boolean;
    readonly datadogRequestTimeout: boolean;
    readonly virtualServiceSplitAtLastDot: boolean;
    readonly ingressesCheckedAsNginx: boolean;
  };
  /** The service types of the release's notifications engine, sorted. */
  readonly notificationServices: readonly string[];
}

/** The release used when none is given: the latest release that is not a candidate. */
export const DEFAULT_VERSION = ${JSON.stringify(DEFAULT)};

/** Every supported release, newest first. */
${TABLE_DECLARATION}${json};
`;
}

/** A data file's text: in the form the library renders without walking it (see `renderedJson`). */
function jsonText(value) {
  return renderedJson(value, 2) + '\n';
}

/** Removes the data files in the folders of <out> that this run did not write (a release that now shares an older one's), and folders left empty. */
function removeStale(written) {
  if (!fs.existsSync(output)) return;
  for (const folder of fs.readdirSync(output, { withFileTypes: true }).filter(e => e.isDirectory())) {
    const dir = path.join(output, folder.name);
    for (const file of ['crds.json', 'notifications.json']) {
      const location = path.join(dir, file);
      if (fs.existsSync(location) && !written.has(location)) {
        fs.rmSync(location);
        console.log(`removed ${path.relative(process.cwd(), location) || location} (not written by this run)`);
      }
    }
    if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
}

if (!fs.existsSync(upstream)) {
  fail(`cannot find the upstream Argo Rollouts release manifests at ${upstream}. `
    + 'Check out ../shared beside the project, or set ARGO_ROLLOUTS_UPSTREAM to the folder that holds <version>/crds/.');
}

const releases = new Map(VERSIONS.map(entry => {
  const tag = `v${entry.version}`;
  const crds = crdsOf(tag);
  return [tag, { entry, crds, crdsText: jsonText(crds), notificationsText: jsonText(notificationsOf(tag)) }];
}));
const tags = [...releases.keys()];
const crdsOwners = owners(tags, tag => releases.get(tag).crdsText);
const notificationsOwners = owners(tags, tag => releases.get(tag).notificationsText);
// the validators compile the reduced schemas: releases whose CRDs differ only where reducing drops (descriptions) share them
const reduced = new Map();
const reducedOf = tag => {
  const from = crdsOwners.get(tag);
  if (!reduced.has(from)) {
    try {
      reduced.set(from, JSON.stringify(reducedKindSchemas(releases.get(from).crds, from)));
    } catch (e) {
      if (e instanceof SchemaBuildError) fail(e.message);
      throw e;
    }
  }
  return reduced.get(from);
};
const validatorOwners = owners(tags, reducedOf);

const written = new Set();
const write = (file, text) => {
  writeGenerated(file, text);
  written.add(file);
};
const entries = [];
for (const [tag, { entry, crds, crdsText, notificationsText }] of releases) {
  if (crdsOwners.get(tag) === tag) write(path.join(output, tag, 'crds.json'), crdsText);
  if (notificationsOwners.get(tag) === tag) write(path.join(output, tag, 'notifications.json'), notificationsText);
  entries.push(tableEntry(entry, crds, { crds: crdsOwners.get(tag), notifications: notificationsOwners.get(tag), validators: validatorOwners.get(tag) }));
}
removeStale(written);
writeGenerated(tableFile, tableModule(entries));
