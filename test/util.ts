// Test helpers: the upstream oracle files, schema truth, and synth with validation.
import * as fs from 'fs';
import * as path from 'path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Chart, Testing } from 'cdk8s';
import * as YAML from 'yaml';

/** The folder of the upstream Argo Rollouts files (../shared/argo-rollouts, or ARGO_ROLLOUTS_UPSTREAM). */
export function upstreamDir(): string {
  const dir = process.env.ARGO_ROLLOUTS_UPSTREAM
    ? path.resolve(process.env.ARGO_ROLLOUTS_UPSTREAM)
    : path.resolve(__dirname, '..', '..', 'shared', 'argo-rollouts');
  if (!fs.existsSync(dir)) {
    throw new Error(`The upstream Argo Rollouts files are not at ${dir}. Check out ../shared beside the project, or set ARGO_ROLLOUTS_UPSTREAM.`);
  }
  return dir;
}

/** All documents of an upstream file, e.g. `examples/rollout-bluegreen.yaml`. */
export function loadUpstream(file: string): any[] {
  const text = fs.readFileSync(path.join(upstreamDir(), file), 'utf8');
  return YAML.parseAllDocuments(text).map(d => d.toJS()).filter(d => d);
}

/**
 * Synthesizes a chart: validations of the whole app run first (as in `cdk8s synth`), then the
 * chart's manifests are returned.
 */
export function synth(chart: Chart): any[] {
  return Testing.synth(chart);
}

const schemas = new Map<string, ValidateFunction>();

/**
 * Closes a structural schema the way the API server prunes: every object with `properties` and
 * without `x-kubernetes-preserve-unknown-fields` rejects fields it does not list.
 */
function closeSchema(node: any): any {
  if (Array.isArray(node)) return node.map(closeSchema);
  if (!node || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) out[k] = closeSchema(v);
  if (out.properties && !out['x-kubernetes-preserve-unknown-fields'] && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

function validatorFor(kind: string, version: string): ValidateFunction {
  const key = `${version}/${kind}`;
  let v = schemas.get(key);
  if (!v) {
    const file = path.join(upstreamDir(), version, 'crds', `${kind.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}-crd.yaml`);
    const crd = YAML.parse(fs.readFileSync(file, 'utf8'));
    const ajv = new Ajv({ strictTypes: false, allErrors: true });
    addFormats(ajv);
    for (const keyword of ['x-kubernetes-int-or-string', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-list-type',
      'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-embedded-resource', 'x-kubernetes-validations']) {
      ajv.addKeyword({ keyword });
    }
    v = ajv.compile(closeSchema(crd.spec.versions[0].schema.openAPIV3Schema));
    schemas.set(key, v);
  }
  return v;
}

/**
 * Schema errors of an argoproj.io manifest against the pinned CRD, with pruning semantics
 * (an unknown field is an error). Empty when valid.
 */
export function schemaErrors(manifest: any, version: string = 'v1.9.1'): string[] {
  const validate = validatorFor(manifest.kind, version);
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map(e => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Every leaf value of a manifest, as `path=value` lines (to check that nothing given was dropped). */
export function leaves(obj: any, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [`${prefix}=${JSON.stringify(obj)}`];
  const entries = Array.isArray(obj) ? obj.map((v, i) => [String(i), v] as const) : Object.entries(obj);
  if (entries.length === 0) return [`${prefix}=${Array.isArray(obj) ? '[]' : '{}'}`];
  return entries.flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
