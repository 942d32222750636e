import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import {
  AnalysisRun, AnalysisTemplate, ArgoRolloutsApp, ArgoRolloutsCrds, ArgoRolloutsVersion, ClusterAnalysisTemplate, Condition, Experiment, Metric,
  MetricProvider,
  Rollout,
} from '../../src';
import { ArgoObject, SynthCheck } from '../../src/private/argo-object';
import { renderPodTemplate, renderWorkloadPodSpec } from '../../src/private/pod-template';
import { SynthBatchCheck } from '../../src/private/synth-pass';

const metric = (name: string): Metric => ({
  name,
  provider: MetricProvider.prometheus({ address: 'http://prometheus:9090', query: 'up' }),
  condition: Condition.resultAtLeast(1),
});

interface Call {
  readonly subject: string;
  readonly manifests: any[];
  /** The version number of the release checked against. */
  readonly version: string;
  readonly keep?: unknown;
}

/** Records the checks, of one object (`check`) or of a synth's batch (`checkBatch`, a call per object). */
function recorder(): { calls: Call[]; check: SynthCheck; checkBatch: SynthBatchCheck } {
  const calls: Call[] = [];
  return {
    calls,
    check: (_scope, subject, manifests, release, keep) => calls.push({ subject, manifests, version: release.version, keep }),
    checkBatch: (entries, release) => entries.forEach(e =>
      calls.push({ subject: e.subject, manifests: [...e.manifests], version: release.version, keep: e.keep })),
  };
}

describe('ArgoObject', () => {
  test('one Resource child with a lazy spec, checked once per synth with the related manifests, against the app version', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'apps' });
    new ArgoRolloutsCrds(chart, 'crds', { version: ArgoRolloutsVersion.V1_8_3 });
    const owner = new Construct(chart, 'owner');
    const { calls, check, checkBatch } = recorder();
    const state = { steps: 1 };
    const keep = () => true;
    const argo = new ArgoObject<{ steps: number }>(owner, {
      kind: 'Experiment', render: () => ({ ...state }), check, checkBatch, related: own => [{ kind: 'Related', of: own.metadata?.name }], keep,
    });
    state.steps = 2;
    expect(owner.node.defaultChild).toBe(argo.apiObject);
    expect(argo.apiObject.node.id).toBe('Resource');
    expect(ApiObject.of(owner)).toBe(argo.apiObject);
    expect(calls).toEqual([]);

    const manifests = Testing.synth(chart).filter(m => m.kind === 'Experiment');
    expect(manifests).toEqual([{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Experiment', metadata: { name: argo.name, namespace: 'apps' }, spec: { steps: 2 } }]);
    expect(calls).toHaveLength(1);
    expect(calls[0].subject).toBe('Experiment c/owner');
    expect(calls[0].manifests).toEqual([
      { apiVersion: 'argoproj.io/v1alpha1', kind: 'Experiment', metadata: { name: argo.name, namespace: 'apps' }, spec: { steps: 2 } },
      { kind: 'Related', of: argo.name },
    ]);
    expect(calls[0].version).toEqual('1.8.3');
    expect(calls[0].keep).toBe(keep);
  });

  test('a cluster-scoped kind has no namespace, in the output and in what the engine reads; the subject can be given', () => {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'apps' });
    const owner = new Construct(chart, 'owner');
    const { calls, check, checkBatch } = recorder();
    const argo = new ArgoObject(owner, { kind: 'ClusterAnalysisTemplate', clusterScoped: true, subject: 'MyTemplate c/owner', render: () => ({}), check, checkBatch });
    expect(Testing.synth(chart)[0].metadata).toEqual({ name: argo.name });
    expect(calls[0].manifests[0].metadata).toEqual({ name: argo.name, namespace: undefined });
    expect(calls[0].subject).toBe('MyTemplate c/owner');
  });

  test('the engine reads the manifest exactly as it is written: undefined dropped, whole metadata, JSON patches applied', () => {
    // GIVEN a spec with an undefined key, metadata with annotations and labels, and a JSON patch
    const chart = new Chart(Testing.app(), 'c');
    const owner = new Construct(chart, 'owner');
    const { calls, check, checkBatch } = recorder();
    const argo = new ArgoObject(owner, {
      kind: 'Rollout',
      metadata: { annotations: { a: 'b' }, labels: { team: 'x' } },
      render: () => ({ kept: 1, dropped: undefined, nested: { alsoDropped: undefined, n: 2 } }),
      check,
      checkBatch,
    });
    argo.apiObject.addJsonPatch(JsonPatch.add('/spec/patched', true));
    // WHEN
    const [written] = Testing.synth(chart);
    // THEN the check saw what was written, and nothing else
    expect(calls[0].manifests[0]).toEqual(written);
    expect(JSON.stringify(calls[0].manifests[0])).toEqual(JSON.stringify(written));
    expect(Object.keys(written.spec)).toEqual(['kept', 'nested', 'patched']);
    expect(written.metadata.annotations).toEqual({ a: 'b' });
    // the plain manifest for related checks drops undefined too
    expect(Object.keys(argo.manifest({ a: 1, b: undefined } as any).spec)).toEqual(['a']);
    expect(argo.manifest({} as any).metadata).toEqual({ name: argo.name });
  });

  test('a JSON patch that breaks a rule fails the synth; a name patched away fails it too', () => {
    const chart = new Chart(Testing.app(), 'c');
    const rollout = new Rollout(chart, 'r', { containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
    ApiObject.of(rollout).addJsonPatch(JsonPatch.add('/spec/strategy/canary/stepz', []));
    expect(() => Testing.synth(chart)).toThrow(/\[S06\] spec\.strategy\.canary\.stepz/);

    const other = new Chart(Testing.app(), 'd');
    const template = new AnalysisTemplate(other, 't', { metrics: [metric('m')] });
    ApiObject.of(template).addJsonPatch(JsonPatch.remove('/metadata/name'));
    expect(() => Testing.synth(other)).toThrow(/AnalysisTemplate d\/t[^]*\[S07\] metadata\.name: The AnalysisTemplate has no name/);
  });

  test.each(['1.8.3', '1.8.4', '1.9.1', '1.10.0-rc1'])('the simplest canary synthesizes on %s (no undefined key reaches the schema check)', version => {
    const app = Testing.app();
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.of(version));
    const chart = new Chart(app, 'c');
    new Rollout(chart, 'r', { containers: [{ image: 'nginx', portNumber: 80 }] });
    const [rollout] = Testing.synth(chart).filter(m => m.kind === 'Rollout');
    expect(rollout.spec.strategy).toEqual({ canary: {} });
  });

  test.each([
    ['Rollout', (c: Chart) => new Rollout(c, 'x', { containers: [{ image: 'nginx:1.27', portNumber: 80 }] })],
    ['AnalysisTemplate', (c: Chart) => new AnalysisTemplate(c, 'x', { metrics: [metric('m')] })],
    ['ClusterAnalysisTemplate', (c: Chart) => new ClusterAnalysisTemplate(c, 'x', { metrics: [metric('m')] })],
    ['AnalysisRun', (c: Chart) => new AnalysisRun(c, 'x', { metrics: [metric('m')] })],
    ['Experiment', (c: Chart) => new Experiment(c, 'x', { templates: [{ name: 'a', labels: { app: 'a' }, containers: [{ image: 'nginx:1.27' }] }] })],
  ])('%s is built on it: its object is the Resource child, rendered at synth', (kind, make) => {
    const chart = new Chart(Testing.app(), 'c');
    const construct = make(chart);
    const object = ApiObject.of(construct);
    expect(object.node.id).toBe('Resource');
    expect(object.kind).toBe(kind);
    expect(Testing.synth(chart).filter(m => m.kind === kind)).toHaveLength(1);
  });

  test('a metric added after construction shows up, and a template without metrics fails at synth (A01)', () => {
    const chart = new Chart(Testing.app(), 'c');
    const template = new AnalysisTemplate(chart, 'x');
    expect(() => Testing.synth(chart)).toThrow(/\[A01\] AnalysisTemplate c\/x has no metrics/);
    template.addMetric(metric('late'));
    expect(Testing.synth(chart)[0].spec.metrics.map((m: any) => m.name)).toEqual(['late']);
  });
});

describe('the pod-template renderer', () => {
  test('parts: only what is set, containers with or without the cdk8s-plus defaults', () => {
    const bare = renderPodTemplate({ containers: [{ image: 'nginx:1.27' }], keepDefaults: false });
    expect(bare).toEqual({ metadata: undefined, spec: { containers: [{ image: 'nginx:1.27', name: 'main' }] } });
    expect(Object.keys(bare.spec)).toEqual(['containers']);

    const full = renderPodTemplate({ containers: [{ image: 'nginx:1.27' }], keepDefaults: true, labels: { app: 'a' } });
    expect(full.metadata).toEqual({ labels: { app: 'a' } });
    expect(full.spec.containers[0]).toHaveProperty('imagePullPolicy', 'Always');
    expect(full.spec.containers[0]).toHaveProperty('securityContext');
  });

  test('parts: service account, volumes and restart policy in that order', () => {
    const volume = kplus.Volume.fromEmptyDir(new Chart(Testing.app(), 'c'), 'v', 'scratch');
    const t = renderPodTemplate({
      containers: [{ image: 'busybox:1.36' }], keepDefaults: false, serviceAccountName: 'sa', volumes: [volume], restartPolicy: kplus.RestartPolicy.NEVER,
    });
    expect(Object.keys(t.spec)).toEqual(['serviceAccountName', 'containers', 'volumes', 'restartPolicy']);
    expect(t.spec.volumes).toEqual([{ name: 'scratch', emptyDir: {} }]);
  });

  test('a workload pod spec loses the defaults of unset props unless they are kept', () => {
    const chart = new Chart(Testing.app(), 'c');
    const deployment = new kplus.Deployment(chart, 'd', { containers: [{ image: 'nginx:1.27' }] });
    const spec = () => (deployment as any)._toPodSpec();
    const kept = renderWorkloadPodSpec(spec(), {}, true, [{ image: 'nginx:1.27' }], []);
    const bare = renderWorkloadPodSpec(spec(), {}, false, [{ image: 'nginx:1.27' }], []);
    expect(kept).toHaveProperty('automountServiceAccountToken', false);
    expect(bare).not.toHaveProperty('automountServiceAccountToken');
    expect(bare.containers[0]).not.toHaveProperty('imagePullPolicy');
    expect(kept.containers[0]).toHaveProperty('imagePullPolicy');
  });
});
