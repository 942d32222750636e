#!/usr/bin/env node
// Regenerates the compiled validator of the Argo CD Application CRD, offline:
//   src/imports/argocd/application-<tag>.js
// from ../shared/third-party-crds/argo-cd/<tag>/application-crd.yaml (ARGO_CD_CRDS=<folder holding
// <tag>/application-crd.yaml> overrides the folder). The module exports `Application`, an ajv
// standalone validate function (`allErrors`, no messages: the construct writes its own), `tag`, and
// `inputSha256`, the SHA-256 of the CRD, of imports/crd-schema.js and of this script (a test
// recomputes it).
//
// Before compiling, the schema of the storage version is reduced to what validation needs and closed
// the way the API server prunes, by imports/crd-schema.js (its header says how): a field the schema
// does not know, which the API server would drop, fails. An object schema that lists its properties
// is closed with `additionalProperties: false`, whose error names the unknown field.
//
// Usage: node imports/generate-argocd.js [<out folder>]   (commit the output; never hand-edit it)
const fs = require('fs');
const path = require('path');
const crdSchema = require('./crd-schema');
const { ARGOCD, ROOT, writeGenerated } = require('./layout');

const TAG = 'v3.5.1';
const crdsDir = process.env.ARGO_CD_CRDS ? path.resolve(process.env.ARGO_CD_CRDS) : path.resolve(ROOT, '..', 'shared', 'third-party-crds', 'argo-cd');
const input = path.join(crdsDir, TAG, 'application-crd.yaml');
const output = process.argv[2] ? path.resolve(process.argv[2]) : ARGOCD;

function fail(message) {
  console.error(`imports/generate-argocd.js: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(input)) fail(`cannot find ${input}; set ARGO_CD_CRDS to the folder that holds ${TAG}/application-crd.yaml.`);
const text = fs.readFileSync(input, 'utf8');
const crd = require('yaml').parse(text);
if (crd.kind !== 'CustomResourceDefinition' || crd.spec.group !== 'argoproj.io' || crd.spec.names.kind !== 'Application') {
  fail(`${input} is not the Application CRD of argoproj.io.`);
}
const stored = crd.spec.versions.find(v => v.storage) || crd.spec.versions[0];
if (stored.name !== 'v1alpha1') fail(`the stored version is ${stored.name}, not v1alpha1.`);

try {
  const schema = crdSchema.reduceKindSchema(stored.schema.openAPIV3Schema, { closeWith: 'additionalProperties', kind: `the Argo CD ${TAG} Application` });
  const code = crdSchema.compileStandalone({ Application: schema }, { Application: 'Application' }, 'the compiled Application validator');
  const hash = crdSchema.sha256(text, crdSchema.SOURCE, fs.readFileSync(__filename, 'utf8'));
  const header = crdSchema.standaloneHeader('imports/generate-argocd.js', `argo-cd ${TAG} application-crd.yaml`, hash);
  writeGenerated(path.join(output, `application-${TAG}.js`), `${header}\n${code}\nexports.tag = ${JSON.stringify(TAG)};\nexports.inputSha256 = ${JSON.stringify(hash)};\n`);
} catch (e) {
  if (e instanceof crdSchema.SchemaBuildError) fail(e.message);
  throw e;
}
