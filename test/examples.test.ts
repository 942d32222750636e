// The example apps: each synthesizes, passes the rule engine and the CRD schema, and the seed
// examples equal the upstream manifests field for field.
import * as fs from 'fs';
import { Testing } from 'cdk8s';
import { DEMO, EXAMPLES } from '../examples';
import { loadUpstream, schemaErrors, synth } from './util';

/** All manifests of an example app, validations included. */
function synthExample(name: string): any[] {
  const app = Testing.app();
  const charts = EXAMPLES.find(e => e.name === name)!.define(app);
  return charts.flatMap(c => synth(c));
}

/**
 * Pause durations are integer seconds in some upstream files and Go duration strings in others
 * (`10` and `10s` mean the same); the library always writes Go durations. Compare them as seconds.
 */
function normalizePauses(manifest: any): any {
  const copy = JSON.parse(JSON.stringify(manifest));
  for (const step of copy.spec?.strategy?.canary?.steps ?? []) {
    const d = step.pause?.duration;
    if (typeof d === 'number') step.pause.duration = `${d}s`;
  }
  return copy;
}

function byKindName(manifests: any[]): Map<string, any> {
  return new Map(manifests.map(m => [`${m.kind}/${m.metadata.name}`, m]));
}

/** Our manifests equal the upstream ones, every document, field for field. */
function expectEqualToUpstream(ours: any[], upstreamFiles: string[]) {
  const upstream = byKindName(upstreamFiles.flatMap(loadUpstream));
  const mine = byKindName(ours);
  expect([...mine.keys()].sort()).toEqual([...upstream.keys()].sort());
  for (const [key, expected] of upstream) {
    expect({ key, manifest: normalizePauses(mine.get(key)) }).toEqual({ key, manifest: normalizePauses(expected) });
  }
}

describe('examples', () => {
  test.each(EXAMPLES.map(e => e.name))('%s synthesizes, validates and matches its snapshot', name => {
    const manifests = synthExample(name);
    // CRDs are compared with upstream in test/install; the snapshot keeps their names and annotations
    expect(manifests.map(m => (m.kind === 'CustomResourceDefinition' ? { kind: m.kind, metadata: m.metadata } : m))).toMatchSnapshot();
    for (const m of manifests.filter(x => x.apiVersion?.startsWith('argoproj.io/'))) {
      expect(schemaErrors(m)).toEqual([]);
    }
  });

  test('getting-started equals docs/getting-started/basic (rollout and service)', () => {
    expectEqualToUpstream(synthExample('getting-started'), [
      'examples/docs-getting-started__basic__rollout.yaml',
      'examples/docs-getting-started__basic__service.yaml',
    ]);
  });

  test('blue-green equals rollout-bluegreen.yaml (rollout and both services)', () => {
    expectEqualToUpstream(synthExample('blue-green'), ['examples/rollout-bluegreen.yaml']);
  });

  test('workload-ref equals workload-ref/workload-ref.yaml (deployment and rollout)', () => {
    expectEqualToUpstream(synthExample('workload-ref'), ['examples/workload-ref__workload-ref.yaml']);
  });

  test.each([
    ['analysis-templates', ['analysis-templates.yaml', 'cluster-analysis-templates.yaml']],
    ['analysis-step', ['rollout-analysis-step.yaml']],
    ['background-analysis', ['rollout-background-analysis.yaml']],
    ['experiment-step', ['rollout-experiment-step.yaml']],
    ['baseline-vs-canary', ['rollout-baseline-vs-canary.yaml']],
    ['experiment-with-analysis', ['experiment-with-analysis.yaml']],
    ['secret-analysis', ['rollout-secret.yaml']],
  ])('%s equals %s', (name, files) => {
    // the app may define more (the templates it references); every upstream object is there, equal
    const ours = byKindName(synthExample(name));
    for (const expected of files.flatMap(f => loadUpstream(`examples/${f}`))) {
      const key = `${expected.kind}/${expected.metadata.name}`;
      expect({ key, manifest: normalizePauses(ours.get(key)) }).toEqual({ key, manifest: normalizePauses(expected) });
    }
  });

  test('every example re-synthesizes to byte-identical YAML', () => {
    const yaml = () => {
      const app = Testing.app();
      for (const e of EXAMPLES) e.define(app);
      return app.synthYaml();
    };
    const first = yaml();
    expect(yaml()).toEqual(first);
  });

  test('the demo app: the CRD chart comes first, then the controller, then the apps', () => {
    const app = Testing.app();
    for (const name of DEMO) EXAMPLES.find(e => e.name === name)!.define(app);
    app.synth();
    expect(fs.readdirSync(app.outdir).sort()).toEqual([
      '0000-argo-rollouts-crds.k8s.yaml', '0001-argo-rollouts.k8s.yaml', '0002-getting-started.k8s.yaml', '0003-blue-green.k8s.yaml', '0004-workload-ref.k8s.yaml',
    ]);
  });
});
