// Where the generators of this folder write. Everything they generate is under src/imports/ (jsii
// compiles one source root, so generated code must be inside it), and nothing else there is
// hand-written:
//
//   src/imports/argoproj.io.ts             the L1 bindings (generate.js, `cdk8s import`)
//   src/imports/argo-rollouts-versions.ts  the version table (generate-install-data.js)
//   src/imports/install-data/<tag>/        CRDs and notification catalogs, each distinct file once (generate-install-data.js; imports/sharing.js)
//   src/imports/validators/                compiled CRD validators and the Service/Ingress field table (generate-validators.js)
//   src/imports/argocd/                    the compiled Argo CD Application validator (generate-argocd.js)
//   src/imports/kubernetes/                the pod field table of the cdk8s-plus lines' Kubernetes versions (generate-pod-fields.js)
//
// The library reads the same places through src/private/generated.ts; the build copies the files
// that are not TypeScript into lib/imports/ (build-tools/copy-generated.js).
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const GENERATED = path.join(ROOT, 'src', 'imports');

/** A path relative to the repository root, for headers and messages (always with `/`). */
function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** Writes one generated file and says so. */
function writeGenerated(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file) || file} (${Buffer.byteLength(text)} bytes)`);
}

/**
 * A JSON value as the library reads its generated data: in the form cdk8s writes objects (keys sorted,
 * no null or undefined values), and ASCII only (`\\uXXXX` for the rest), so that the library can read
 * it as latin1 and render it by parsing alone (src/private/one-pass-api-object.ts, \`RenderedJson\`).
 * `indent` as for JSON.stringify.
 */
function renderedJson(value, indent) {
  const sorted = (v) => {
    if (Array.isArray(v)) return v.map(x => (x == null ? x : sorted(x)));
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const key of Object.keys(v).sort()) {
      if (v[key] != null) out[key] = sorted(v[key]);
    }
    return out;
  };
  return JSON.stringify(sorted(value), undefined, indent).replace(/[\u007f-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The file `cdk8s import` names after the API group (generate.js gives it the folder only). */
const L1 = path.join(GENERATED, 'argoproj.io.ts');
const VERSION_TABLE = path.join(GENERATED, 'argo-rollouts-versions.ts');
const INSTALL_DATA = path.join(GENERATED, 'install-data');
const VALIDATORS = path.join(GENERATED, 'validators');
const ARGOCD = path.join(GENERATED, 'argocd');
const KUBERNETES = path.join(GENERATED, 'kubernetes');

module.exports = {
  ROOT,
  GENERATED,
  L1,
  VERSION_TABLE,
  INSTALL_DATA,
  VALIDATORS,
  ARGOCD,
  KUBERNETES,
  /** Everything in src/imports/: a test checks that nothing else is there. */
  OUTPUTS: [L1, VERSION_TABLE, INSTALL_DATA, VALIDATORS, ARGOCD, KUBERNETES],
  relative,
  renderedJson,
  writeGenerated,
};
