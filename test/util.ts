// Test helpers: the upstream oracle files, schema truth, and synth with validation.
import * as fs from 'fs';
import * as path from 'path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Chart, Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { GENERATED_DIR } from '../src/private/generated';
import { versionFacts } from '../src/private/versions';

/**
 * Where the upstream Argo Rollouts release files are expected: `ARGO_ROLLOUTS_UPSTREAM`, else
 * `../shared/argo-rollouts` beside the repository (one folder per tag, `v1.9.1/crds/*.yaml`,
 * `v1.9.1/install.yaml` …, and `examples/`).
 */
export const UPSTREAM_DIR = process.env.ARGO_ROLLOUTS_UPSTREAM
  ? path.resolve(process.env.ARGO_ROLLOUTS_UPSTREAM)
  : path.resolve(__dirname, '..', '..', 'shared', 'argo-rollouts');

/** Whether the upstream files are there: the conformance tests that compare with them run only then. */
export const HAS_UPSTREAM = fs.existsSync(path.join(UPSTREAM_DIR, 'examples'));

/**
 * Marks the title of a suite skipped because the upstream files are absent; the reporter
 * (test/reporters/upstream-skips.js) counts these and says how to run them.
 */
export const UPSTREAM_SKIP_MARK = '[skipped: no upstream files]';

/**
 * `describe` for conformance tests that compare with the upstream files: the suite runs when they
 * are present and is skipped, visibly, when they are not. Its title is unchanged when it runs, so
 * snapshot names stay the same.
 */
export function describeUpstream(name: string, fn: () => void): void {
  if (HAS_UPSTREAM) {
    describe(name, fn);
  } else {
    describe.skip(`${name} ${UPSTREAM_SKIP_MARK}`, () => {
      // jest still runs a skipped suite's body to list its tests; a body that reads the upstream
      // files while it declares them cannot, and then counts as one skipped test
      try {
        fn();
      } catch {
        test.skip('(its tests are declared from the upstream files)', () => undefined);
      }
    });
  }
}

/**
 * Where the third-party CRDs are expected (Istio, Gateway API, Argo CD, …, one folder per project and
 * tag): `THIRD_PARTY_CRDS`, else `third-party-crds/` beside the upstream folder (`../shared/third-party-crds`).
 */
export const THIRD_PARTY_DIR = process.env.THIRD_PARTY_CRDS
  ? path.resolve(process.env.THIRD_PARTY_CRDS)
  : path.resolve(UPSTREAM_DIR, '..', 'third-party-crds');

/** `test` for a conformance test that reads a third-party CRD; skipped, visibly, when the file is absent. */
export function testThirdParty(file: string, name: string, fn: jest.ProvidesCallback, timeout?: number): void {
  if (fs.existsSync(path.join(THIRD_PARTY_DIR, file))) {
    test(name, fn, timeout);
  } else {
    test.skip(`${name} ${UPSTREAM_SKIP_MARK}`, fn, timeout);
  }
}

/** `test` for one conformance test that compares with the upstream files; skipped, visibly, when they are absent. */
export function testUpstream(name: string, fn: jest.ProvidesCallback, timeout?: number): void {
  if (HAS_UPSTREAM) {
    test(name, fn, timeout);
  } else {
    test.skip(`${name} ${UPSTREAM_SKIP_MARK}`, fn, timeout);
  }
}

/** `test.each` for conformance tests that compare with the upstream files; skipped, visibly, when they are absent. */
export function testUpstreamEach<T extends readonly any[]>(table: readonly T[]): (name: string, fn: (...args: T) => void) => void {
  return (name, fn) => {
    if (HAS_UPSTREAM) {
      test.each(table as any)(name, fn as any);
    } else {
      test.skip.each(table as any)(`${name} ${UPSTREAM_SKIP_MARK}`, fn as any);
    }
  };
}

/** The folder of the upstream Argo Rollouts files; throws when it is absent (use it inside `describeUpstream`). */
export function upstreamDir(): string {
  if (!HAS_UPSTREAM) {
    throw new Error(`The upstream Argo Rollouts files are not at ${UPSTREAM_DIR}. Check out ../shared beside the project, or set ARGO_ROLLOUTS_UPSTREAM.`);
  }
  return UPSTREAM_DIR;
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
    // The committed CRD data of the version (generated from upstream's files and compared with them in
    // test/install/crds.test.ts; the file the version table names), compiled here with ajv: independent of the engine's precompiled validators.
    const crds: any[] = JSON.parse(fs.readFileSync(path.join(GENERATED_DIR, 'install-data', versionFacts(version).dataFiles.crds), 'utf8'));
    const crd = crds.find(c => c.spec.names.kind === kind);
    if (!crd) throw new Error(`No CRD of kind ${kind} in the install data of ${version}`);
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
 * Schema errors of an argoproj.io manifest against the CRD of a version (the committed install data), with pruning semantics
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

/** What `run` writes to standard error (synth prints the warnings of the Argo Rollouts rules there). */
export function stderrOf(run: () => void): string {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => (written.push(String(text)), true));
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return written.join('');
}
