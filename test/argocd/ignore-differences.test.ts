import { ArgoRolloutsVersion } from '../../src';
import { ArgoCdApplication } from '../../src/argocd/application';

const M = ['rollouts-controller'];
const SERVICE_POINTERS = ['/spec/selector/rollouts-pod-template-hash', '/metadata/annotations/argo-rollouts.argoproj.io~1managed-by-rollouts'];

/** A canary Rollout with the given canary fields. */
function rollout(canary: any, extra: any = {}): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web', namespace: 'shop', ...extra.metadata },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
      strategy: { canary: { stableService: 'web-stable', canaryService: 'web-canary', ...canary } },
      ...extra.spec,
    },
  };
}

/** The entries other than the two strategy Services. */
function routerEntries(manifests: any[]): any[] {
  return ArgoCdApplication.ignoreDifferencesOf(manifests).filter(e => e.kind !== 'Service');
}

describe('ArgoCdApplication.ignoreDifferencesOf: what the controller writes, from the manifests', () => {
  test('the strategy Services: the pod-template-hash selector and the managed-by annotation, in the Rollout\'s namespace', () => {
    expect(ArgoCdApplication.ignoreDifferencesOf([rollout({})])).toEqual([
      { group: '', kind: 'Service', name: 'web-canary', namespace: 'shop', jsonPointers: SERVICE_POINTERS, managedFieldsManagers: M },
      { group: '', kind: 'Service', name: 'web-stable', namespace: 'shop', jsonPointers: SERVICE_POINTERS, managedFieldsManagers: M },
    ]);
    const blueGreen = rollout({});
    blueGreen.spec.strategy = { blueGreen: { activeService: 'web-active', previewService: 'web-preview' } };
    expect(ArgoCdApplication.ignoreDifferencesOf([blueGreen]).map(e => e.name)).toEqual(['web-active', 'web-preview']);
    const pingPong = rollout({ stableService: undefined, canaryService: undefined, pingPong: { pingService: 'web-ping', pongService: 'web-pong' } });
    expect(ArgoCdApplication.ignoreDifferencesOf([pingPong]).map(e => e.name)).toEqual(['web-ping', 'web-pong']);
  });

  test('Istio: spec.http of each VirtualService (name.namespace names its namespace), tls and tcp when routed, the DestinationRule subsets and annotation', () => {
    const r = rollout({
      trafficRouting: {
        istio: {
          virtualServices: [{ name: 'web', routes: ['primary'] }, { name: 'edge.mesh', tlsRoutes: [{ port: 443 }] }, { name: 'tcp', tcpRoutes: [{ port: 9000 }] }],
          destinationRule: { name: 'web-dr', canarySubsetName: 'canary', stableSubsetName: 'stable' },
        },
      },
    });
    expect(routerEntries([r])).toEqual([
      {
        group: 'networking.istio.io',
        kind: 'DestinationRule',
        name: 'web-dr',
        namespace: 'shop',
        jsonPointers: ['/spec/subsets', '/metadata/annotations/argo-rollouts.argoproj.io~1managed-by-rollouts'],
        managedFieldsManagers: M,
      },
      { group: 'networking.istio.io', kind: 'VirtualService', name: 'edge', namespace: 'mesh', jsonPointers: ['/spec/tls'], managedFieldsManagers: M },
      { group: 'networking.istio.io', kind: 'VirtualService', name: 'tcp', namespace: 'shop', jsonPointers: ['/spec/tcp'], managedFieldsManagers: M },
      { group: 'networking.istio.io', kind: 'VirtualService', name: 'web', namespace: 'shop', jsonPointers: ['/spec/http'], managedFieldsManagers: M },
    ]);
    // header and mirror routes go to spec.http, also of a TLS-only reference
    const managed = rollout({ trafficRouting: { managedRoutes: [{ name: 'mirror' }], istio: { virtualService: { name: 'edge', tlsRoutes: [{ port: 443 }] } } } });
    expect(routerEntries([managed])[0].jsonPointers).toEqual(['/spec/http', '/spec/tls']);
  });

  test('ALB: the action annotation of the root (or stable) Service, the managed-annotations list, and per managed route its action, condition and spec.rules', () => {
    const plain = rollout({ trafficRouting: { alb: { ingress: 'web', servicePort: 80 } } });
    expect(routerEntries([plain])).toEqual([{
      group: 'networking.k8s.io',
      kind: 'Ingress',
      name: 'web',
      namespace: 'shop',
      managedFieldsManagers: M,
      jsonPointers: ['/metadata/annotations/alb.ingress.kubernetes.io~1actions.web-stable', '/metadata/annotations/rollouts.argoproj.io~1managed-alb-annotations'],
    }]);
    const routed = rollout({
      trafficRouting: { managedRoutes: [{ name: 'beta' }], alb: { ingresses: ['a', 'b'], servicePort: 80, rootService: 'web-root', annotationPrefix: 'custom.io' } },
    });
    const entries = routerEntries([routed]);
    expect(entries.map(e => e.name)).toEqual(['a', 'b']);
    expect(entries[0].jsonPointers).toEqual([
      '/metadata/annotations/custom.io~1actions.web-root',
      '/metadata/annotations/rollouts.argoproj.io~1managed-alb-annotations',
      '/metadata/annotations/custom.io~1actions.beta',
      '/metadata/annotations/custom.io~1conditions.beta',
      '/spec/rules',
    ]);
  });

  test('NGINX and Ambassador: nothing of the app\'s objects (the controller writes only the canary objects it creates)', () => {
    expect(routerEntries([rollout({ trafficRouting: { nginx: { stableIngress: 'web' } } })])).toEqual([]);
    expect(routerEntries([rollout({ trafficRouting: { ambassador: { mappings: ['web'] } } })])).toEqual([]);
  });

  test('SMI: spec.backends of the TrafficSplit, by default named after the Rollout', () => {
    expect(routerEntries([rollout({ trafficRouting: { smi: {} } })])).toEqual([
      { group: 'split.smi-spec.io', kind: 'TrafficSplit', name: 'web', namespace: 'shop', jsonPointers: ['/spec/backends'], managedFieldsManagers: M },
    ]);
    expect(routerEntries([rollout({ trafficRouting: { smi: { trafficSplitName: 'split' } } })])[0].name).toBe('split');
  });

  test('Traefik: spec.weighted.services, in the group of the TraefikService the app holds (else the controller\'s)', () => {
    const r = rollout({ trafficRouting: { traefik: { weightedTraefikServiceName: 'web-weighted' } } });
    expect(routerEntries([r])).toEqual([{
      group: 'traefik.containo.us',
      kind: 'TraefikService',
      name: 'web-weighted',
      namespace: 'shop',
      jsonPointers: ['/spec/weighted/services'],
      managedFieldsManagers: M,
    }]);
    const object = { apiVersion: 'traefik.io/v1alpha1', kind: 'TraefikService', metadata: { name: 'web-weighted' }, spec: {} };
    expect(routerEntries([r, object])[0].group).toBe('traefik.io');
    // without the object, the group the controller of the release uses (traefik.io from 1.10)
    expect(ArgoCdApplication.ignoreDifferencesOf([r], ArgoRolloutsVersion.V1_10_0_RC1).find(e => e.kind === 'TraefikService')?.group).toBe('traefik.io');
    const old = { ...object, apiVersion: 'traefik.containo.us/v1alpha1' };
    expect(ArgoCdApplication.ignoreDifferencesOf([r, old], ArgoRolloutsVersion.V1_10_0_RC1).find(e => e.kind === 'TraefikService')?.group).toBe('traefik.containo.us');
  });

  test('APISIX: spec.http of the ApisixRoute', () => {
    expect(routerEntries([rollout({ trafficRouting: { apisix: { route: { name: 'web-route' } } } })])).toEqual([
      { group: 'apisix.apache.org', kind: 'ApisixRoute', name: 'web-route', namespace: 'shop', jsonPointers: ['/spec/http'], managedFieldsManagers: M },
    ]);
  });

  test('App Mesh: the routes of the VirtualRouter the VirtualService names, and the pod-template-hash label of both VirtualNodes', () => {
    const r = rollout({
      trafficRouting: { appMesh: { virtualService: { name: 'web-svc' }, virtualNodeGroup: { canaryVirtualNodeRef: { name: 'web-canary' }, stableVirtualNodeRef: { name: 'web-stable' } } } },
    });
    const service = {
      apiVersion: 'appmesh.k8s.aws/v1beta2',
      kind: 'VirtualService',
      metadata: { name: 'web-svc', namespace: 'shop' },
      spec: { provider: { virtualRouter: { virtualRouterRef: { name: 'web-router' } } } },
    };
    const hash = ['/spec/podSelector/matchLabels/rollouts-pod-template-hash'];
    expect(routerEntries([r, service])).toEqual([
      { group: 'appmesh.k8s.aws', kind: 'VirtualNode', name: 'web-canary', namespace: 'shop', jsonPointers: hash, managedFieldsManagers: M },
      { group: 'appmesh.k8s.aws', kind: 'VirtualNode', name: 'web-stable', namespace: 'shop', jsonPointers: hash, managedFieldsManagers: M },
      { group: 'appmesh.k8s.aws', kind: 'VirtualRouter', name: 'web-router', namespace: 'shop', jsonPointers: ['/spec/routes'], managedFieldsManagers: M },
    ]);
    // without the VirtualService, its router is unknown
    expect(routerEntries([r]).map(e => e.kind)).toEqual(['VirtualNode', 'VirtualNode']);
  });

  test('the Gateway API plugin: spec.rules and the in-progress label of every route kind it weighs, in its namespace; other plugins are unknown', () => {
    const r = rollout({
      trafficRouting: { plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web', grpcRoutes: [{ name: 'grpc' }], namespace: 'edge' }, 'acme/other': { x: 1 } } },
    });
    const pointers = ['/spec/rules', '/metadata/labels/rollouts.argoproj.io~1gatewayapi-canary'];
    expect(routerEntries([r])).toEqual([
      { group: 'gateway.networking.k8s.io', kind: 'GRPCRoute', name: 'grpc', namespace: 'edge', jsonPointers: pointers, managedFieldsManagers: M },
      { group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web', namespace: 'edge', jsonPointers: pointers, managedFieldsManagers: M },
    ]);
    // the label key the config names, or none when the label is off (plugin v0.9.0 and later)
    const plugin = (extra: any) => rollout({ trafficRouting: { plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web', ...extra } } } });
    expect(routerEntries([plugin({ inProgressLabelKey: 'acme.io/canary' })])[0].jsonPointers).toEqual(['/spec/rules', '/metadata/labels/acme.io~1canary']);
    expect(routerEntries([plugin({ disableInProgressLabel: true })])[0].jsonPointers).toEqual(['/spec/rules']);
  });

  test('spec.replicas of an autoscaled Rollout (with or without the field), and of a workloadRef Deployment the controller scales down', () => {
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { scaleTargetRef: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'web' }, minReplicas: 2, maxReplicas: 4 },
    };
    expect(routerEntries([rollout({}), hpa])).toEqual([
      { group: 'argoproj.io', kind: 'Rollout', name: 'web', namespace: 'shop', jsonPointers: ['/spec/replicas'], managedFieldsManagers: M },
    ]);
    expect(routerEntries([rollout({})])).toEqual([]);
    for (const [scaleDown, expected] of [['onsuccess', 1], ['progressively', 1], ['never', 0], [undefined, 0]] as const) {
      const ref = rollout({}, { spec: { template: undefined, workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-deploy', scaleDown } } });
      expect({ scaleDown, entries: routerEntries([ref]).filter(e => e.kind === 'Deployment' && e.name === 'web-deploy').length }).toEqual({ scaleDown, entries: expected });
    }
  });

  test('one entry per object (two Rollouts sharing a Service), ordered; manifests that are not Rollouts or not objects are skipped', () => {
    const a = rollout({ trafficRouting: { smi: { trafficSplitName: 'split' } } });
    const b = rollout({ canaryService: 'b-canary', trafficRouting: { smi: { trafficSplitName: 'split' } } }, { metadata: { name: 'b' } });
    const entries = ArgoCdApplication.ignoreDifferencesOf([a, b, null, 'x', { kind: 'Rollout', apiVersion: 'other.io/v1' }]);
    expect(entries.map(e => `${e.kind}/${e.name}`)).toEqual(['Service/b-canary', 'Service/web-canary', 'Service/web-stable', 'TrafficSplit/split']);
    expect(ArgoCdApplication.ignoreDifferencesOf(undefined as any)).toEqual([]);
  });
});
