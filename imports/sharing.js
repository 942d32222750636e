// How releases share generated data. Patch releases often carry the same CRDs, and every release so far
// the same notification catalog; the package ships each distinct file once:
//
//   src/imports/install-data/<tag>/crds.json           written for the oldest release with these CRDs
//   src/imports/install-data/<tag>/notifications.json  written for the oldest release with this catalog
//   src/imports/validators/argo-<tag>.js               written for the oldest release whose CRD schemas
//                                                      reduce (imports/crd-schema.js) to these validators
//
// so a folder or module named after a release may serve newer ones too. The version table
// (src/imports/argo-rollouts-versions.ts) points each release at the files it uses (`dataFiles`,
// `validatorModule`), and the library reads only the table's names. "Oldest" is by the order of
// imports/versions.js (newest first), so adding a release whose data equals an older one's adds no file
// and renames none.
//
// generate-install-data.js decides the sharing (it reads the release files) and writes it into the
// table; generate-validators.js reads the table back (readVersionTable), compiles one module per name
// there, and refuses a table whose sharing no longer matches the install data.
const fs = require('fs');
const crdSchema = require('./crd-schema');

/** The argoproj.io kinds a validator module exports, in its order. */
const KINDS = ['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment'];

/** The line of the version table after which its entries follow, as JSON (generate-install-data.js writes it). */
const TABLE_DECLARATION = 'export const VERSIONS: readonly GeneratedVersion[] = ';

/**
 * The release whose file each release uses: the oldest release (the last in `tags`, which lists them
 * newest first) whose `keyOf(tag)` is the same string.
 *
 * @returns tag → the tag of the release whose file it uses (itself when no older release shares it)
 */
function owners(tags, keyOf) {
  const ownerOfKey = new Map();
  const out = new Map();
  for (const tag of [...tags].reverse()) {
    const key = keyOf(tag);
    if (!ownerOfKey.has(key)) ownerOfKey.set(key, tag);
    out.set(tag, ownerOfKey.get(key));
  }
  return new Map(tags.map(tag => [tag, out.get(tag)]));
}

/** The install data files of a release that writes them itself, relative to src/imports/install-data/. */
function dataFilesOf(tag) {
  return { crds: `${tag}/crds.json`, notifications: `${tag}/notifications.json` };
}

/** The name of the compiled validator module of a release that writes it itself, in src/imports/validators/. */
function validatorModuleOf(tag) {
  return `argo-${tag}.js`;
}

/**
 * The `openAPIV3Schema` of the storage version of each kind of KINDS, from a release's CRDs (as in
 * crds.json), reduced and closed by imports/crd-schema.js: what its validator module compiles. Throws a
 * SchemaBuildError when a kind is missing or its schema cannot be reduced.
 *
 * @param crds the CustomResourceDefinitions of the release
 * @param what the release, for messages (`v1.9.1`, or the file that holds the CRDs)
 */
function reducedKindSchemas(crds, what) {
  return KINDS.map(kind => {
    const crd = crds.find(c => c.spec && c.spec.names && c.spec.names.kind === kind);
    if (!crd) {
      throw new crdSchema.SchemaBuildError(`the CRDs of ${what} have none for the kind ${kind}; every release must define ${KINDS.join(', ')}.`);
    }
    const stored = crd.spec.versions.find(v => v.storage) || crd.spec.versions[0];
    return { kind, schema: crdSchema.reduceKindSchema(stored.schema.openAPIV3Schema, { closeWith: 'propertyNames', kind: `${what} ${kind}` }) };
  });
}

/** The entries of a version table module (src/imports/argo-rollouts-versions.ts), newest first. */
function readVersionTable(file) {
  if (!fs.existsSync(file)) {
    throw new Error(`cannot find the version table ${file}; run \`node imports/generate-install-data.js\` first.`);
  }
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf(TABLE_DECLARATION);
  if (at < 0) {
    throw new Error(`${file} does not declare \`${TABLE_DECLARATION.trim()}\`; regenerate it with \`node imports/generate-install-data.js\`.`);
  }
  return JSON.parse(text.slice(at + TABLE_DECLARATION.length).replace(/;\s*$/, ''));
}

module.exports = { KINDS, TABLE_DECLARATION, owners, dataFilesOf, validatorModuleOf, reducedKindSchemas, readVersionTable };
