import { Chart, Testing } from 'cdk8s';
import {
  ArgoCdApplication, ArgoRollouts, ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, ControllerPlugin, IgnoreDifference, ITrafficRouter, ManagedRoute,
  Rollout, RolloutStrategy, RouterObject, StringMatch, TrafficRouting,
} from '../../src';

// What the controller writes in each router's objects is said once, in the router's internal file
// (`<router>OwnedFields`); `rollout.ignoreDifferences` and ArgoCdApplication both derive from it.
// Each case: the router, the steps, and the entries upstream's controller (v1.9.1, v1.10.0-rc1;
// rollout/trafficrouting/<router>) or the Gateway API plugin gives.

const M = ['rollouts-controller'];
const container = { name: 'web', image: 'web:1', ports: [{ name: 'http', number: 8080 }] };
const header = ManagedRoute.named('beta');
const headerSteps = [CanaryStep.setHeaderRoute(header, [{ headerName: 'x-beta', headerValue: StringMatch.exact('1') }]), CanaryStep.setWeight(10)];

interface Case {
  readonly router: () => ITrafficRouter;
  readonly steps?: CanaryStep[];
  readonly expected: IgnoreDifference[];
}

const CASES: { [name: string]: Case } = {
  'Istio, host-level: spec.http of the VirtualService': {
    router: () => TrafficRouting.istio(),
    expected: [{ group: 'networking.istio.io', kind: 'VirtualService', name: 'web-vsvc', jsonPointers: ['/spec/http'], managedFieldsManagers: M }],
  },
  'Istio, subset-level: also the DestinationRule\'s subsets and managed-by annotation': {
    router: () => TrafficRouting.istio({ subsets: { host: 'web' } }),
    expected: [
      {
        group: 'networking.istio.io',
        kind: 'DestinationRule',
        name: 'web-destrule',
        jsonPointers: ['/spec/subsets', '/metadata/annotations/argo-rollouts.argoproj.io~1managed-by-rollouts'],
        managedFieldsManagers: M,
      },
      { group: 'networking.istio.io', kind: 'VirtualService', name: 'web-vsvc', jsonPointers: ['/spec/http'], managedFieldsManagers: M },
    ],
  },
  'Istio, your own VirtualServices: spec.tls of a TLS-only reference, spec.http too once header routes go there': {
    router: () => TrafficRouting.istio({ virtualServices: [{ object: RouterObject.fromName('edge'), tlsRoutes: [{ port: 443 }] }] }),
    steps: [CanaryStep.setMirrorRoute(ManagedRoute.named('mirror'), { percentage: 10, matches: [{ path: StringMatch.prefix('/') }] }), CanaryStep.setWeight(10)],
    expected: [{ group: 'networking.istio.io', kind: 'VirtualService', name: 'edge', jsonPointers: ['/spec/http', '/spec/tls'], managedFieldsManagers: M }],
  },
  'NGINX: nothing of the stable Ingress (the controller writes only the canary Ingress it creates)': {
    router: () => TrafficRouting.nginx(),
    expected: [],
  },
  'ALB: the action of the root Service and the managed-annotations list': {
    router: () => TrafficRouting.alb({ servicePort: 80 }),
    expected: [{
      group: 'networking.k8s.io',
      kind: 'Ingress',
      name: 'web-ingress',
      jsonPointers: ['/metadata/annotations/alb.ingress.kubernetes.io~1actions.web-stable', '/metadata/annotations/rollouts.argoproj.io~1managed-alb-annotations'],
      managedFieldsManagers: M,
    }],
  },
  'ALB with a header route: its action, its condition and the path it adds to spec.rules': {
    router: () => TrafficRouting.alb({ servicePort: 80, rootService: 'web-root', annotationPrefix: 'custom.io' }),
    steps: headerSteps,
    expected: [{
      group: 'networking.k8s.io',
      kind: 'Ingress',
      name: 'web-ingress',
      jsonPointers: [
        '/metadata/annotations/custom.io~1actions.web-root',
        '/metadata/annotations/rollouts.argoproj.io~1managed-alb-annotations',
        '/metadata/annotations/custom.io~1actions.beta',
        '/metadata/annotations/custom.io~1conditions.beta',
        '/spec/rules',
      ],
      managedFieldsManagers: M,
    }],
  },
  'SMI: spec.backends of the TrafficSplit the controller creates (named after the Rollout)': {
    router: () => TrafficRouting.smi(),
    expected: [{ group: 'split.smi-spec.io', kind: 'TrafficSplit', name: 'web', jsonPointers: ['/spec/backends'], managedFieldsManagers: M }],
  },
  'Ambassador: nothing of the base Mapping (the controller writes only the canary Mapping it creates)': {
    router: () => TrafficRouting.ambassador(),
    expected: [],
  },
  'Traefik: the weighted services of the TraefikService, in the group the controller uses': {
    router: () => TrafficRouting.traefik(),
    expected: [{ group: 'traefik.containo.us', kind: 'TraefikService', name: 'web-traefik-service', jsonPointers: ['/spec/weighted/services'], managedFieldsManagers: M }],
  },
  'APISIX: spec.http of the ApisixRoute': {
    router: () => TrafficRouting.apisix(),
    expected: [{ group: 'apisix.apache.org', kind: 'ApisixRoute', name: 'web-apisix-route', jsonPointers: ['/spec/http'], managedFieldsManagers: M }],
  },
  'App Mesh: the routes of the VirtualRouter and the pod-template-hash label of both VirtualNodes': {
    router: () => TrafficRouting.appMesh(),
    expected: [
      { group: 'appmesh.k8s.aws', kind: 'VirtualNode', name: 'web-vn-canary', jsonPointers: ['/spec/podSelector/matchLabels/rollouts-pod-template-hash'], managedFieldsManagers: M },
      { group: 'appmesh.k8s.aws', kind: 'VirtualNode', name: 'web-vn-stable', jsonPointers: ['/spec/podSelector/matchLabels/rollouts-pod-template-hash'], managedFieldsManagers: M },
      { group: 'appmesh.k8s.aws', kind: 'VirtualRouter', name: 'web-vrouter', jsonPointers: ['/spec/routes'], managedFieldsManagers: M },
    ],
  },
  'Gateway API plugin: spec.rules and the in-progress label of the HTTPRoute, in the plugin\'s namespace': {
    router: () => TrafficRouting.gatewayApi({
      gatewayName: 'public',
      controllerPlugin: ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.com/gatewayapi-plugin' }),
    }),
    expected: [{
      group: 'gateway.networking.k8s.io',
      kind: 'HTTPRoute',
      name: 'web-http-route',
      namespace: 'default',
      jsonPointers: ['/spec/rules', '/metadata/labels/rollouts.argoproj.io~1gatewayapi-canary'],
      managedFieldsManagers: M,
    }],
  },
};

function routed(c: Case, chartProps: any = {}) {
  const app = Testing.app();
  const chart = new Chart(app, 'web', chartProps);
  const rollout = new Rollout(chart, 'web', {
    metadata: { name: 'web' },
    containers: [container],
    strategy: RolloutStrategy.canary({ trafficRouting: [c.router()], steps: c.steps ?? [CanaryStep.setWeight(10), CanaryStep.pause()] }),
  });
  return { app, chart, rollout };
}

/** What ArgoCdApplication writes for the router objects of the synthesized manifests (the Services aside). */
function argoCdRouterEntries(manifests: any[], version?: ArgoRolloutsVersion): IgnoreDifference[] {
  return ArgoCdApplication.ignoreDifferencesOf(manifests, version).filter(e => e.kind !== 'Service');
}

describe('the fields the controller owns in each router\'s objects: one source for rollout.ignoreDifferences and ArgoCdApplication', () => {
  test.each(Object.entries(CASES))('%s', (_name, c) => {
    const { chart, rollout } = routed(c);
    expect(rollout.ignoreDifferences).toEqual(c.expected);
    expect(argoCdRouterEntries(Testing.synth(chart))).toEqual(c.expected);
  });

  test.each(Object.entries(CASES))('%s: in the chart\'s namespace', (_name, c) => {
    const { chart, rollout } = routed(c, { namespace: 'shop' });
    const expected = c.expected.map(e => ({ ...e, namespace: e.namespace ?? 'shop' }));
    expect(rollout.ignoreDifferences).toEqual(expected);
    expect(argoCdRouterEntries(Testing.synth(chart))).toEqual(expected);
  });

  test('a router added after construction counts (the entries are read when asked for)', () => {
    const chart = new Chart(Testing.app(), 'web');
    const rollout = new Rollout(chart, 'web', { metadata: { name: 'web' }, containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(10)] }) });
    expect(rollout.ignoreDifferences).toEqual([]);
    rollout.addTrafficRouter(TrafficRouting.apisix());
    expect(rollout.ignoreDifferences.map(e => `${e.kind}/${e.name}`)).toEqual(['ApisixRoute/web-apisix-route']);
  });

  test('Traefik: the controller\'s group follows the app\'s release and its install\'s flags, on both sides', () => {
    const traefik = (setup: (app: any) => void, fromName = false) => {
      const app = Testing.app();
      setup(app);
      const chart = new Chart(app, 'web');
      const rollout = new Rollout(chart, 'web', {
        metadata: { name: 'web' },
        containers: [container],
        strategy: RolloutStrategy.canary({
          trafficRouting: [TrafficRouting.traefik(fromName ? { weightedTraefikService: RouterObject.fromName('web-weighted') } : {})],
          steps: [CanaryStep.setWeight(10)],
        }),
      });
      const application = new ArgoCdApplication(new Chart(app, 'argocd'), 'app', { source: { repoUrl: 'https://git.example.com/deploy.git' }, charts: [chart] });
      const argoCd = Testing.synth(Chart.of(application))[0].spec.ignoreDifferences.filter((e: any) => e.kind === 'TraefikService').map((e: any) => e.group);
      return { rollout: rollout.ignoreDifferences.map(e => e.group), argoCd };
    };
    for (const fromName of [false, true]) {
      expect(traefik(() => undefined, fromName)).toEqual({ rollout: ['traefik.containo.us'], argoCd: ['traefik.containo.us'] });
      expect(traefik(app => ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_10_0_RC1), fromName)).toEqual({ rollout: ['traefik.io'], argoCd: ['traefik.io'] });
      expect(traefik(app => new ArgoRollouts(new Chart(app, 'install'), 'argo', {
        crds: false, controller: { flags: { traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1' } },
      }), fromName)).toEqual({ rollout: ['traefik.io'], argoCd: ['traefik.io'] });
    }
  });
});
