// The example apps: each synthesizes, passes the rule engine and the CRD schema, and the seed
// examples equal the upstream manifests field for field.
import * as fs from 'fs';
import { Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { DEMO, EXAMPLES } from '../examples';
import { loadUpstream, schemaErrors, synth, testUpstream, testUpstreamEach } from './util';
import { GATEWAY_API_PLUGIN_LOCATION } from '../examples/routing-mesh';

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

  testUpstream('getting-started equals docs/getting-started/basic (rollout and service)', () => {
    expectEqualToUpstream(synthExample('getting-started'), [
      'examples/docs-getting-started__basic__rollout.yaml',
      'examples/docs-getting-started__basic__service.yaml',
    ]);
  });

  testUpstream('blue-green equals rollout-bluegreen.yaml (rollout and both services)', () => {
    expectEqualToUpstream(synthExample('blue-green'), ['examples/rollout-bluegreen.yaml']);
  });

  testUpstream('workload-ref equals workload-ref/workload-ref.yaml (deployment and rollout)', () => {
    expectEqualToUpstream(synthExample('workload-ref'), ['examples/workload-ref__workload-ref.yaml']);
  });

  testUpstreamEach<[string, string[]]>([
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

  // The routing examples. Every object of the upstream files is in the app, equal field for field.
  // The app may define more (a Gateway the upstream guide applies from another file, ...).
  const gettingStarted = (router: string, ...files: string[]) => files.map(f => `docs-getting-started__${router}__${f}.yaml`);
  testUpstreamEach<[string, string[]]>([
    ['istio-subset-split', ['istio__istio-subset-split.yaml']],
    ['istio-mirror', ['istio__istio-mirror.yaml']],
    ['istio-getting-started', gettingStarted('istio', 'rollout', 'services', 'gateway', 'multipleVirtualsvc')],
    // the Rollout of the single-VirtualService variant is compared in the next test
    ['istio-getting-started-single', gettingStarted('istio', 'services', 'gateway', 'virtualsvc')],
    ['nginx-getting-started', gettingStarted('nginx', 'rollout', 'services', 'ingress')],
    ['alb-getting-started', gettingStarted('alb', 'rollout', 'services', 'ingress')],
    ['smi-getting-started', gettingStarted('smi', 'rollout', 'services', 'ingress')],
    ['mixed-getting-started', gettingStarted('mixed', 'rollout', 'services', 'ingress')],
    ['ambassador', ['ambassador__rollout.yaml', 'ambassador__echo-mapping.yaml', 'ambassador__echo-service.yaml', 'ambassador__resolver.yaml']],
    ['apisix', ['apisix__rollout.yaml', 'apisix__route.yaml', 'apisix__services.yaml']],
    ['appmesh', ['appmesh__canary-service.yaml', 'appmesh__canary-rollout.yaml']],
    ['istio-experiment-step', ['traffic-routing-experiment-step__istio-host-split-experiment-step.yaml']],
    ['alb-experiment-step', ['traffic-routing-experiment-step__rollout-alb-experiment-step.yaml']],
    ['smi-experiment-step', ['traffic-routing-experiment-step__rollout-smi-experiment-step.yaml']],
  ])('%s equals %j', (name, files) => {
    const ours = byKindName(synthExample(name));
    for (const expected of files.flatMap(f => loadUpstream(`examples/${f}`))) {
      const key = `${expected.kind}/${expected.metadata.name}`;
      expect({ key, manifest: normalizePauses(ours.get(key)) }).toEqual({ key, manifest: normalizePauses(expected) });
    }
  });

  testUpstream('istio-getting-started-single: the Rollout of the guide, with one VirtualService instead of two', () => {
    const [upstream] = loadUpstream('examples/docs-getting-started__istio__rollout.yaml');
    upstream.spec.strategy.canary.trafficRouting.istio = { virtualService: { name: 'rollouts-demo-vsvc', routes: ['primary'] } };
    expect(byKindName(synthExample('istio-getting-started-single')).get('Rollout/rollouts-demo')).toEqual(upstream);
  });

  test('traefik: the IngressRoute routes to the TraefikService the router defines and the Rollout names', () => {
    const ours = byKindName(synthExample('traefik'));
    const name = ours.get('Rollout/web').spec.strategy.canary.trafficRouting.traefik.weightedTraefikServiceName;
    expect(ours.get(`TraefikService/${name}`).spec.weighted.services).toEqual([
      { name: 'web-stable', port: 80, weight: 100 }, { name: 'web-canary', port: 80, weight: 0 },
    ]);
    expect(ours.get('IngressRoute/web').spec.routes[0].services).toEqual([{ name, kind: 'TraefikService' }]);
  });

  test('gateway-api: the install in the app loads the plugin and may edit the routes', () => {
    const ours = synthExample('gateway-api');
    const find = (kind: string, name: string) => ours.find(m => m.kind === kind && m.metadata.name === name);
    expect(find('Rollout', 'web').spec.strategy.canary.trafficRouting.plugins).toEqual({
      'argoproj-labs/gatewayAPI': { httpRoute: 'web-http-route', namespace: 'default' },
    });
    expect(find('HTTPRoute', 'web-http-route').spec.parentRefs).toEqual([{ name: 'public' }]);
    const plugins = YAML.parse(find('ConfigMap', 'argo-rollouts-config').data.trafficRouterPlugins);
    expect(plugins).toEqual([{ name: 'argoproj-labs/gatewayAPI', location: GATEWAY_API_PLUGIN_LOCATION }]);
    expect(find('ClusterRole', 'argo-rollouts').rules).toContainEqual({
      apiGroups: ['gateway.networking.k8s.io'],
      resources: ['httproutes', 'grpcroutes', 'tcproutes', 'tlsroutes', 'udproutes'],
      verbs: ['get', 'list', 'watch', 'update', 'patch'],
    });
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
