import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { ArgoRollouts } from '../../src/install/argo-rollouts';
import { ArgoRolloutsCrds, ArgoRolloutsCrdsProps } from '../../src/install/crds';
import { crdData, loadNotificationCatalog } from '../../src/install/private/data';
import { GENERATED_DIR } from '../../src/private/generated';
import { resolveAndSanitize } from '../../src/private/one-pass-api-object';
import { VersionFacts } from '../../src/private/versions';
import { ArgoRolloutsVersion } from '../../src/release/version';
import { describeUpstream, loadUpstream, synth, testUpstream, upstreamDir } from '../util';

const ROOT = path.join(__dirname, '..', '..');
const GENERATOR = path.join(ROOT, 'imports', 'generate-install-data.js');
const DATA = path.join(GENERATED_DIR, 'install-data');
/** The largest object the API server stores (etcd request limit for one annotation / object). */
const MAX_BYTES = 262_144;

/** The upstream CRDs of a version, from ../shared/argo-rollouts/<tag>/crds/*.yaml, ordered by name. */
function upstreamCrds(version: ArgoRolloutsVersion): any[] {
  const dir = path.join(upstreamDir(), version.tag, 'crds');
  return fs.readdirSync(dir).filter(f => f.endsWith('.yaml'))
    .flatMap(f => loadUpstream(`${version.tag}/crds/${f}`))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

/** The files under a folder, relative to it (with `/`), sorted. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true }).map(String).filter(f => fs.statSync(path.join(dir, f)).isFile())
    .map(f => f.split(path.sep).join('/')).sort();
}

/** The data files a version table names, each once, sorted. */
function namedDataFiles(table: readonly VersionFacts[]): string[] {
  return [...new Set(table.flatMap(v => [v.dataFiles.crds, v.dataFiles.notifications]))].sort();
}

function render(props: ArgoRolloutsCrdsProps = {}): any[] {
  const chart = Testing.chart();
  new ArgoRolloutsCrds(chart, 'crds', props);
  return synth(chart);
}

function annotationsOf(props: ArgoRolloutsCrdsProps): any[] {
  return render(props).map(m => m.metadata.annotations);
}

/** Argo CD's sync options, which the CRDs of a release above the annotation limit carry by default. */
const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

/** The CRDs without the sync option a release above the annotation limit adds (checked to be there). */
function withoutServerSideApply(version: ArgoRolloutsVersion, manifests: any[]): any[] {
  if (!version.isAtLeast(1, 10)) return manifests;
  return manifests.map(m => {
    expect(m.metadata.annotations[SYNC_OPTIONS]).toEqual('ServerSideApply=true');
    const copy = JSON.parse(JSON.stringify(m));
    delete copy.metadata.annotations[SYNC_OPTIONS];
    return copy;
  });
}

for (const version of ArgoRolloutsVersion.all()) {
  describeUpstream(`ArgoRolloutsCrds ${version.tag}`, () => {
    test('the synthesized CRDs are the upstream CRDs, field for field (1.10: with the ServerSideApply sync option)', () => {
    // GIVEN
      const expected = upstreamCrds(version);
      // WHEN
      const manifests = render({ version });
      // THEN
      expect(manifests).toHaveLength(5);
      expect(withoutServerSideApply(version, manifests)).toEqual(expected);
    });

    test('spec.preserveUnknownFields is written exactly where upstream writes it, with its value', () => {
      const upstream = new Map(upstreamCrds(version).map(crd => [crd.metadata.name, crd.spec]));
      const manifests = render({ version, serverSideApply: true, keepOnDelete: true, syncWave: -1 });
      for (const crd of manifests) {
        const spec = upstream.get(crd.metadata.name);
        expect({ name: crd.metadata.name, has: 'preserveUnknownFields' in crd.spec, value: crd.spec.preserveUnknownFields })
          .toEqual({ name: crd.metadata.name, has: 'preserveUnknownFields' in spec, value: spec.preserveUnknownFields });
      }
    });

    test(`a CRD above ${MAX_BYTES} bytes as compact JSON (client-side apply's annotation) is exactly what requires server-side apply`, () => {
      const crds = new ArgoRolloutsCrds(Testing.chart(), 'crds', { version });
      const sizes = render({ version, serverSideApply: true, keepOnDelete: true, syncWave: -1, annotations: { team: 'platform' } })
        .map(m => Buffer.byteLength(JSON.stringify(m)));
      expect(crds.requiresServerSideApply).toBe(sizes.some(n => n > MAX_BYTES));
      // up to 1.9 every CRD fits; 1.10's carry descriptions and do not
      expect(crds.requiresServerSideApply).toBe(version.isAtLeast(1, 10));
    });

    test('the notification catalog is the data of the upstream notifications ConfigMap', () => {
      const configMap = loadUpstream(`${version.tag}/notifications-install.yaml`).find(d => d.kind === 'ConfigMap');
      const catalog = loadNotificationCatalog(version);
      expect(catalog).toEqual(configMap.data);
      expect(Object.keys(catalog)).toEqual(Object.keys(catalog).sort());
    });

  });
}

describe('ArgoRolloutsCrds', () => {
  test('defaults to v1.9.1, one ApiObject per CRD with the plural as id, no annotations of its own', () => {
    // GIVEN
    const chart = Testing.chart();
    // WHEN
    const crds = new ArgoRolloutsCrds(chart, 'crds');
    // THEN
    expect(crds.version).toBe(ArgoRolloutsVersion.V1_9_1);
    expect(crds.crdNames).toEqual([
      'analysisruns.argoproj.io', 'analysistemplates.argoproj.io', 'clusteranalysistemplates.argoproj.io',
      'experiments.argoproj.io', 'rollouts.argoproj.io',
    ]);
    expect(crds.node.children.map(c => c.node.id)).toEqual(['analysisruns', 'analysistemplates', 'clusteranalysistemplates', 'experiments', 'rollouts']);
    expect(crds.node.children.every(c => c instanceof ApiObject)).toBe(true);
    const manifests = synth(chart);
    expect(manifests.map(m => m.metadata.name)).toEqual(crds.crdNames);
    expect(manifests.map(m => m.metadata.annotations)).toEqual(Array(5).fill({ 'controller-gen.kubebuilder.io/version': 'v0.19.0' }));
  });

  test('version V1_8_3 gives the v1.8.3 CRDs', () => {
    const manifests = render({ version: ArgoRolloutsVersion.V1_8_3 });
    expect(manifests.map(m => m.metadata.annotations['controller-gen.kubebuilder.io/version'])).toEqual(Array(5).fill('v0.14.0'));
    // upstream's v1.8.3 CRDs set preserveUnknownFields: false; v1.9.1's leave it out
    expect(manifests.map(m => m.spec.preserveUnknownFields)).toEqual(Array(5).fill(false));
    expect(render().map(m => 'preserveUnknownFields' in m.spec)).toEqual(Array(5).fill(false));
  });

  test('crdNames is a copy', () => {
    const crds = new ArgoRolloutsCrds(Testing.chart(), 'crds');
    crds.crdNames.push('x');
    expect(crds.crdNames).toHaveLength(5);
  });

  describe('annotations', () => {
    const upstream = { 'controller-gen.kubebuilder.io/version': 'v0.19.0' };
    const ssa = { 'argocd.argoproj.io/sync-options': 'ServerSideApply=true' };
    const keep = { 'argocd.argoproj.io/sync-options': 'Delete=false', 'helm.sh/resource-policy': 'keep' };
    const both = { 'argocd.argoproj.io/sync-options': 'ServerSideApply=true,Delete=false', 'helm.sh/resource-policy': 'keep' };
    const wave = { 'argocd.argoproj.io/sync-wave': '-5' };
    test.each([
      ['nothing', {}, {}],
      ['serverSideApply', { serverSideApply: true }, ssa],
      ['keepOnDelete', { keepOnDelete: true }, keep],
      ['serverSideApply + keepOnDelete', { serverSideApply: true, keepOnDelete: true }, both],
      ['syncWave', { syncWave: -5 }, wave],
      ['serverSideApply + syncWave', { serverSideApply: true, syncWave: -5 }, { ...ssa, ...wave }],
      ['keepOnDelete + syncWave', { keepOnDelete: true, syncWave: -5 }, { ...keep, ...wave }],
      ['serverSideApply + keepOnDelete + syncWave', { serverSideApply: true, keepOnDelete: true, syncWave: -5 }, { ...both, ...wave }],
      ['false flags', { serverSideApply: false, keepOnDelete: false }, {}],
      ['syncWave 0', { syncWave: 0 }, { 'argocd.argoproj.io/sync-wave': '0' }],
    ])('%s', (_name, props: ArgoRolloutsCrdsProps, expected) => {
      // WHEN
      const withoutExtra = annotationsOf(props);
      const withExtra = annotationsOf({ ...props, annotations: { 'example.com/owner': 'platform' } });
      // THEN
      expect(withoutExtra).toEqual(Array(5).fill({ ...upstream, ...expected }));
      expect(withExtra).toEqual(Array(5).fill({ ...upstream, ...expected, 'example.com/owner': 'platform' }));
    });

    test('an extra annotation that repeats an own annotation with the same value is fine', () => {
      expect(annotationsOf({ serverSideApply: true, annotations: { ...ssa, ...upstream } })[0]).toEqual({ ...upstream, ...ssa });
    });

    test('an extra annotation that changes an own annotation is an error naming both values', () => {
      expect(() => render({ serverSideApply: true, annotations: { 'argocd.argoproj.io/sync-options': 'Replace=true' } })).toThrow(
        "ArgoRolloutsCrds test/crds: the annotation 'argocd.argoproj.io/sync-options' is set twice, to 'Replace=true' in 'annotations' "
        + "and to 'ServerSideApply=true' by 'serverSideApply'. Drop 'argocd.argoproj.io/sync-options' from 'annotations' "
        + "(or drop 'serverSideApply' and write the whole value in 'annotations' yourself).");
      expect(() => render({ serverSideApply: true, keepOnDelete: true, annotations: { 'argocd.argoproj.io/sync-options': 'Prune=false' } }))
        .toThrow(/to 'Prune=false' in 'annotations' and to 'ServerSideApply=true,Delete=false' by 'serverSideApply' and 'keepOnDelete'/);
      expect(() => render({ keepOnDelete: true, annotations: { 'helm.sh/resource-policy': 'delete' } }))
        .toThrow(/'helm.sh\/resource-policy' is set twice, to 'delete' in 'annotations' and to 'keep' by 'keepOnDelete'/);
      expect(() => render({ syncWave: 1, annotations: { 'argocd.argoproj.io/sync-wave': '2' } }))
        .toThrow(/'argocd.argoproj.io\/sync-wave' is set twice, to '2' in 'annotations' and to '1' by 'syncWave'/);
      expect(() => render({ annotations: { 'controller-gen.kubebuilder.io/version': 'v1' } })).toThrow(
        /'controller-gen.kubebuilder.io\/version' is set twice, to 'v1' in 'annotations' and to 'v0.19.0' by the upstream CRD analysisruns.argoproj.io of Argo Rollouts v1.9.1\. .*\(it is part of the upstream CRD\)/);
    });

    test('Argo CD annotations without the matching option are extra annotations like any other', () => {
      expect(annotationsOf({ annotations: { 'argocd.argoproj.io/sync-options': 'Replace=true' } })[0])
        .toEqual({ ...upstream, 'argocd.argoproj.io/sync-options': 'Replace=true' });
    });

    test('the props passed in are not changed', () => {
      const annotations = { team: 'a' };
      const labels = { tier: 'crd' };
      render({ serverSideApply: true, annotations, labels });
      expect(annotations).toEqual({ team: 'a' });
      expect(labels).toEqual({ tier: 'crd' });
    });
  });

  test('syncWave must be a whole number', () => {
    expect(() => render({ syncWave: 1.5 })).toThrow("ArgoRolloutsCrds test/crds: 'syncWave' must be a whole number (Argo CD orders waves by integer), got 1.5.");
  });

  test('labels are added next to the chart labels', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'crds', { labels: { 'app.kubernetes.io/part-of': 'argo-rollouts' } });
    new ArgoRolloutsCrds(chart, 'crds', { labels: { tier: 'crd' } });
    expect(synth(chart).map(m => m.metadata.labels)).toEqual(Array(5).fill({ 'app.kubernetes.io/part-of': 'argo-rollouts', 'tier': 'crd' }));
  });

  test('in a chart of their own with a namespace, the CRDs still have no namespace', () => {
    // GIVEN
    const app = Testing.app();
    const chart = new Chart(app, 'argo-rollouts-crds', { namespace: 'argo-rollouts' });
    // WHEN
    new ArgoRolloutsCrds(chart, 'crds', { serverSideApply: true });
    new ApiObject(chart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap' });
    // THEN
    const manifests = synth(chart);
    const crds = manifests.filter(m => m.kind === 'CustomResourceDefinition');
    expect(crds).toHaveLength(5);
    expect(crds.map(m => Object.keys(m.metadata).sort())).toEqual(Array(5).fill(['annotations', 'name']));
    expect(manifests.find(m => m.kind === 'ConfigMap').metadata.namespace).toEqual('argo-rollouts');
    expect(app.synthYaml()).not.toMatch(/namespace: argo-rollouts\n(.*\n)*kind: CustomResourceDefinition/);
  });

  test('two synths give the same output, and JSON patches still apply', () => {
    const chart = Testing.chart();
    const crds = new ArgoRolloutsCrds(chart, 'crds');
    const first = JSON.stringify(synth(chart));
    expect(JSON.stringify(synth(chart))).toEqual(first);
    ApiObject.of(crds.node.findChild('rollouts')).addJsonPatch(JsonPatch.add('/metadata/annotations/x', 'y'));
    expect(synth(chart).find(m => m.metadata.name === 'rollouts.argoproj.io').metadata.annotations.x).toEqual('y');
  });
});

describe('install data', () => {
  test('every call gives fresh data that the caller may change', () => {
    const v = ArgoRolloutsVersion.V1_9_1;
    // the types are read-only, as every rendered type; these writes go past them
    const writable = (value: object) => value as { [key: string]: unknown };
    writable(crdData(v)[0].metadata).name = 'changed';
    writable(crdData(v)[0].fields.spec.resolve() as object).group = 'changed';
    loadNotificationCatalog(v)['trigger.on-rollout-updated'] = 'changed';
    expect(crdData(v).map(c => [c.metadata.name, (c.fields.spec.resolve() as { group: string }).group])[0]).toEqual(['analysisruns.argoproj.io', 'argoproj.io']);
    expect(loadNotificationCatalog(v)['trigger.on-rollout-updated']).not.toEqual('changed');
    // nor does a synth hand out the data: a change to the written CRD does not reach the next synth
    const chart = Testing.chart();
    new ArgoRolloutsCrds(chart, 'crds', { version: v });
    synth(chart)[0].spec.group = 'changed';
    expect(synth(chart)[0].spec.group).toEqual('argoproj.io');
  });

  test.each(namedDataFiles(ArgoRolloutsVersion.all().map(v => v._facts)))('the data file %s is in the form cdk8s renders (keys sorted, no null) and ASCII', file => {
    const text = fs.readFileSync(path.join(DATA, file), 'latin1');
    expect({ file, ascii: /^[\x00-\x7e]*$/.test(text) }).toEqual({ file, ascii: true });
    const value = JSON.parse(text);
    expect({ file, rendered: JSON.stringify(resolveAndSanitize(value)) === JSON.stringify(value) }).toEqual({ file, rendered: true });
  });

  test('each distinct data file is committed once, in the folder of the oldest release that has it, and the table points every release at it', () => {
    const table = ArgoRolloutsVersion.all().map(v => v._facts); // newest first
    // exactly the files the table names, no two alike
    expect(filesUnder(DATA)).toEqual(namedDataFiles(table));
    const texts = filesUnder(DATA).map(file => fs.readFileSync(path.join(DATA, file), 'latin1'));
    expect(new Set(texts).size).toBe(texts.length);
    for (const file of filesUnder(DATA)) {
      const users = table.filter(v => v.dataFiles.crds === file || v.dataFiles.notifications === file).map(v => v.tag);
      expect({ file, folder: file.split('/')[0] }).toEqual({ file, folder: users[users.length - 1] });
    }
    // what the releases have in common today: 1.8.4 has 1.8.3's CRDs, and all four one notification catalog
    expect(Object.fromEntries(table.map(v => [v.tag, v.dataFiles]))).toEqual({
      'v1.10.0-rc1': { crds: 'v1.10.0-rc1/crds.json', notifications: 'v1.8.3/notifications.json' },
      'v1.9.1': { crds: 'v1.9.1/crds.json', notifications: 'v1.8.3/notifications.json' },
      'v1.8.4': { crds: 'v1.8.3/crds.json', notifications: 'v1.8.3/notifications.json' },
      'v1.8.3': { crds: 'v1.8.3/crds.json', notifications: 'v1.8.3/notifications.json' },
    });
    // a release that shares an older one's file gets that data, read once
    expect(render({ version: ArgoRolloutsVersion.V1_8_4 })).toEqual(render({ version: ArgoRolloutsVersion.V1_8_3 }));
    expect(loadNotificationCatalog(ArgoRolloutsVersion.V1_10_0_RC1)).toEqual(loadNotificationCatalog(ArgoRolloutsVersion.V1_8_3));
  });

  test('missing data files are an error that says how to regenerate them', () => {
    jest.isolateModules(() => {
      // A private module registry in which no file exists; `require` is how jest loads modules into it.
      jest.doMock('fs', () => ({ ...jest.requireActual('fs'), existsSync: () => false }));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const data: typeof import('../../src/install/private/data') = require('../../src/install/private/data');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const versions: typeof import('../../src/release/version') = require('../../src/release/version');
      expect(() => data.crdData(versions.ArgoRolloutsVersion.V1_8_3)).toThrow(
        `The install data of Argo Rollouts v1.8.3 is missing: ${path.join(DATA, 'v1.8.3', 'crds.json')} does not exist. `
        + 'Regenerate it with `node imports/generate-install-data.js`, and make sure the build copies the data files of src/imports to lib/imports (`npx projen assemble`).');
    });
    jest.dontMock('fs');
  });

  testUpstream('the committed data files are the output of imports/generate-install-data.js, unedited', () => {
    // GIVEN an output folder holding the files an earlier run wrote for 1.8.4 and 1.9.1, which share 1.8.3's now
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'argo-install-data-'));
    for (const stale of ['v1.8.4/crds.json', 'v1.9.1/notifications.json']) {
      fs.mkdirSync(path.join(out, path.dirname(stale)), { recursive: true });
      fs.writeFileSync(path.join(out, stale), '{}\n');
    }
    // WHEN
    const table = path.join(out, 'argo-rollouts-versions.ts');
    const stdout = execFileSync(process.execPath, [GENERATOR, out, '--table', table], {
      env: { ...process.env, ARGO_ROLLOUTS_UPSTREAM: upstreamDir() },
      encoding: 'utf8',
    });
    // THEN the stale files are gone, and the same files (each shared one once) have the same bytes
    expect(stdout).toContain(`removed ${path.relative(process.cwd(), path.join(out, 'v1.8.4', 'crds.json'))}`);
    const files = filesUnder(out).filter(f => f !== 'argo-rollouts-versions.ts');
    expect(files).toEqual(filesUnder(DATA));
    for (const file of files) {
      expect(stdout).toContain(path.join(file));
      const generated = fs.readFileSync(path.join(out, file), 'utf8');
      const committed = fs.readFileSync(path.join(DATA, file), 'utf8');
      expect({ file, same: generated === committed }).toEqual({ file, same: true });
    }
    // the version table, from the same run
    const committedTable = fs.readFileSync(path.join(GENERATED_DIR, 'argo-rollouts-versions.ts'), 'utf8');
    expect({ file: 'src/imports/argo-rollouts-versions.ts', same: fs.readFileSync(table, 'utf8') === committedTable })
      .toEqual({ file: 'src/imports/argo-rollouts-versions.ts', same: true });
    fs.rmSync(out, { recursive: true, force: true });
  }, 60_000);

  test('a file two releases have in common belongs to the oldest of them (imports/sharing.js), a newer release adding no file', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { owners } = require('../../imports/sharing');
    // newest first, as the version table lists them; 1.9.1 has 1.8.3's data, 1.8.4 its own
    const data: Record<string, string> = { 'v1.10.0-rc1': 'c', 'v1.9.1': 'a', 'v1.8.4': 'b', 'v1.8.3': 'a' };
    expect(Object.fromEntries(owners(Object.keys(data), (tag: string) => data[tag])))
      .toEqual({ 'v1.10.0-rc1': 'v1.10.0-rc1', 'v1.9.1': 'v1.8.3', 'v1.8.4': 'v1.8.4', 'v1.8.3': 'v1.8.3' });
  });

  test('the generator fails with a clear message when the upstream folder is missing', () => {
    const missing = path.join(os.tmpdir(), 'no-such-argo-rollouts-upstream');
    const result = spawnSync(process.execPath, [GENERATOR, path.join(os.tmpdir(), 'unused'), '--table', path.join(os.tmpdir(), 'unused.ts')], {
      env: { ...process.env, ARGO_ROLLOUTS_UPSTREAM: missing },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`cannot find the upstream Argo Rollouts release manifests at ${missing}`);
  });
});

describe('CRDs above the annotation limit of client-side apply (1.10)', () => {
  const rc = ArgoRolloutsVersion.V1_10_0_RC1;

  test('ask Argo CD for server-side apply by default, and say so', () => {
    const crds = new ArgoRolloutsCrds(Testing.chart(), 'crds', { version: rc });
    expect(crds.requiresServerSideApply).toBe(true);
    expect(annotationsOf({ version: rc }).map(a => a[SYNC_OPTIONS])).toEqual(Array(5).fill('ServerSideApply=true'));
    expect(annotationsOf({ version: rc, keepOnDelete: true }).map(a => a[SYNC_OPTIONS])).toEqual(Array(5).fill('ServerSideApply=true,Delete=false'));
    expect(annotationsOf({ version: rc, serverSideApply: true }).map(a => a[SYNC_OPTIONS])).toEqual(Array(5).fill('ServerSideApply=true'));
  });

  test('refuse serverSideApply: false, naming the largest CRD, its size and the fix', () => {
    expect(() => render({ version: rc, serverSideApply: false })).toThrow(
      /ArgoRolloutsCrds test\/crds: serverSideApply is false, but the CRD rollouts\.argoproj\.io of Argo Rollouts v1\.10\.0-rc1 is 289,643 bytes, above the 262,144-byte annotation limit[^]*kubectl apply --server-side/);
  });

  test('releases that fit keep client-side apply unless asked', () => {
    for (const version of [ArgoRolloutsVersion.V1_9_1, ArgoRolloutsVersion.V1_8_4]) {
      expect(new ArgoRolloutsCrds(Testing.chart(), 'crds', { version }).requiresServerSideApply).toBe(false);
      expect(annotationsOf({ version }).map(a => a[SYNC_OPTIONS])).toEqual(Array(5).fill(undefined));
      expect(annotationsOf({ version, serverSideApply: false }).map(a => a[SYNC_OPTIONS])).toEqual(Array(5).fill(undefined));
    }
  });

  test('the install of 1.10 includes them so', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', { version: rc });
    expect(install.crds?.requiresServerSideApply).toBe(true);
    const crds = synth(chart).filter(m => m.kind === 'CustomResourceDefinition');
    expect(crds.map(m => m.metadata.annotations[SYNC_OPTIONS])).toEqual(Array(5).fill('ServerSideApply=true'));
  });
});
