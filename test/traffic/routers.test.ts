import { ApiObject, Chart, Duration, Testing } from 'cdk8s';
import {
  ArgoRollouts, CanaryStep, ControllerPlugin, ITrafficRouter, ManagedRoute, Rollout, RolloutStrategy, RouterObject, StrategyService, StringMatch,
  TrafficRouting,
} from '../../src';
import { schemaErrors, synth } from '../util';

const container = { name: 'web', image: 'web:1', ports: [{ name: 'http', number: 8080 }] };

function routed(router: any, extra: any = {}, chartProps: any = {}) {
  const chart = new Chart(Testing.app(), 'test', chartProps);
  const rollout = new Rollout(chart, 'web', {
    metadata: { name: 'web' },
    select: false,
    podMetadata: { labels: { app: 'web' } },
    containers: [container],
    strategy: RolloutStrategy.canary({ trafficRouting: [router], steps: [CanaryStep.setWeight(10), CanaryStep.pause()], ...extra }),
  });
  const manifests = synth(chart);
  const r = manifests.find(m => m.kind === 'Rollout');
  expect(schemaErrors(r)).toEqual([]);
  const canary = r.spec.strategy.canary;
  return { chart, rollout, manifests, routing: canary.trafficRouting, canary, find: (kind: string) => manifests.filter(m => m.kind === kind) };
}

describe('Istio', () => {
  test('host-level: a VirtualService splitting between the stable and canary Services', () => {
    const { routing, find, canary, rollout } = routed(TrafficRouting.istio({ gateways: ['public'], hosts: ['web.example.com'] }));
    expect(canary.stableService).toEqual('web-stable');
    expect(routing).toEqual({ istio: { virtualService: { name: 'web-vsvc', routes: ['primary'] } } });
    expect(find('VirtualService')).toEqual([{
      apiVersion: 'networking.istio.io/v1alpha3',
      kind: 'VirtualService',
      metadata: { name: 'web-vsvc' },
      spec: {
        hosts: ['web.example.com'],
        gateways: ['public'],
        http: [{ name: 'primary', route: [{ destination: { host: 'web-stable' }, weight: 100 }, { destination: { host: 'web-canary' }, weight: 0 }] }],
      },
    }]);
    expect(rollout.ignoreDifferences).toEqual([
      { group: 'networking.istio.io', kind: 'VirtualService', name: 'web-vsvc', jsonPointers: ['/spec/http'], managedFieldsManagers: ['rollouts-controller'] },
    ]);
  });

  test('subset-level: a DestinationRule with stable and canary subsets, no stable/canary Services', () => {
    const { routing, find, canary } = routed(TrafficRouting.istio({ subsets: { host: 'web' } }));
    expect(canary.stableService).toBeUndefined();
    expect(routing.istio).toEqual({
      virtualService: { name: 'web-vsvc', routes: ['primary'] },
      destinationRule: { name: 'web-destrule', canarySubsetName: 'canary', stableSubsetName: 'stable' },
    });
    expect(find('DestinationRule')[0].spec).toEqual({ host: 'web', subsets: [{ name: 'stable', labels: { app: 'web' } }, { name: 'canary', labels: { app: 'web' } }] });
    expect(find('VirtualService')[0].spec.http[0].route[1]).toEqual({ destination: { host: 'web', subset: 'canary' }, weight: 0 });
  });

  test('your own VirtualServices, by name, with TLS and TCP routes', () => {
    const { routing, find } = routed(TrafficRouting.istio({
      virtualServices: [
        { object: RouterObject.fromName('vs-a'), routes: ['primary'] },
        { object: RouterObject.fromName('vs-b.other'), tlsRoutes: [{ port: 443, sniHosts: ['web.example.com'] }], tcpRoutePorts: [5432] },
      ],
    }));
    expect(routing.istio.virtualServices).toEqual([
      { name: 'vs-a', routes: ['primary'] },
      { name: 'vs-b.other', tlsRoutes: [{ port: 443, sniHosts: ['web.example.com'] }], tcpRoutes: [{ port: 5432 }] },
    ]);
    expect(find('VirtualService')).toEqual([]);
  });

  test('header and mirror routes', () => {
    const header = ManagedRoute.named('header');
    const { canary } = routed(TrafficRouting.istio(), {
      steps: [
        CanaryStep.setHeaderRoute(header, [{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }]),
        CanaryStep.setMirrorRoute(ManagedRoute.named('mirror'), { percentage: 20, matches: [{ path: StringMatch.prefix('/api') }] }),
        CanaryStep.setWeight(20),
        CanaryStep.setHeaderRoute(header),
      ],
    });
    expect(canary.trafficRouting.managedRoutes).toEqual([{ name: 'header' }, { name: 'mirror' }]);
  });

  test('your own VirtualService of this app must route to the Services (V64)', () => {
    const chart = Testing.chart();
    const vs = new ApiObject(chart, 'vs', {
      apiVersion: 'networking.istio.io/v1alpha3',
      kind: 'VirtualService',
      metadata: { name: 'mine' },
      spec: { hosts: ['web'], http: [{ name: 'primary', route: [{ destination: { host: 'other' }, weight: 100 }] }] },
    });
    new Rollout(chart, 'web', {
      containers: [container],
      strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio({ virtualServices: [{ object: RouterObject.fromConstruct(vs), routes: ['primary'] }] })] }),
    });
    expect(() => synth(chart)).toThrow(/\[V64\]/);
  });

  test('errors', () => {
    expect(() => TrafficRouting.istio({ virtualServices: [] })).toThrow(/virtualServices is empty/);
    expect(() => TrafficRouting.istio({ virtualServices: [{ tcpRoutePorts: [70000] }] })).toThrow(/between 1 and 65535, got 70000/);
    expect(() => TrafficRouting.istio({ virtualServices: [{}, {}] })).toThrow();
  });
});

describe('NGINX and ALB', () => {
  test('nginx defines the stable Ingress', () => {
    const { routing, find } = routed(TrafficRouting.nginx({
      host: 'web.example.com',
      annotations: { 'kubernetes.io/ingress.class': 'nginx' },
      additionalIngressAnnotations: { 'canary-by-header': 'x-canary' },
      canaryIngressAnnotations: { 'my.org/x': 'y' },
    }));
    expect(routing.nginx).toEqual({
      stableIngress: 'web-stable', additionalIngressAnnotations: { 'canary-by-header': 'x-canary' }, canaryIngressAnnotations: { 'my.org/x': 'y' },
    });
    expect(find('Ingress')).toEqual([{
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web-stable', annotations: { 'kubernetes.io/ingress.class': 'nginx' } },
      spec: { rules: [{ host: 'web.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web-stable', port: { number: 8080 } } } }] } }] },
    }]);
  });

  test('nginx with several Ingresses of your own', () => {
    const { routing } = routed(TrafficRouting.nginx({ stableIngresses: [RouterObject.fromName('a'), RouterObject.fromName('b')], annotationPrefix: 'custom.nginx.org' }));
    expect(routing.nginx).toEqual({ stableIngresses: ['a', 'b'], annotationPrefix: 'custom.nginx.org' });
  });

  test('alb defines the Ingress with the root Service action; the controller owns its annotations', () => {
    const { routing, find, rollout } = routed(TrafficRouting.alb({ ingressClassName: 'alb', servicePort: 80, stickiness: Duration.minutes(5) }));
    expect(routing.alb).toEqual({ ingress: 'web-ingress', servicePort: 80, stickinessConfig: { enabled: true, durationSeconds: 300 } });
    expect(find('Ingress')[0].spec).toEqual({
      ingressClassName: 'alb',
      rules: [{ http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web-stable', port: { name: 'use-annotation' } } } }] } }],
    });
    // the weights are the action of the root (here the stable) Service; a condition is written only for header routes
    expect(rollout.ignoreDifferences[0].jsonPointers).toEqual([
      '/metadata/annotations/alb.ingress.kubernetes.io~1actions.web-stable', '/metadata/annotations/rollouts.argoproj.io~1managed-alb-annotations',
    ]);
  });

  test('an Ingress of this app that does not route to the stable Service fails (V58)', () => {
    const chart = Testing.chart();
    const ingress = new ApiObject(chart, 'ing', {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'mine' },
      spec: { rules: [{ http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'other', port: { number: 80 } } } }] } }] },
    });
    new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.nginx({ stableIngresses: [RouterObject.fromConstruct(ingress)] })] }) });
    expect(() => synth(chart)).toThrow(/\[V58\]/);
  });

  test('errors', () => {
    expect(() => TrafficRouting.nginx({ stableIngresses: [] })).toThrow(/stableIngresses is empty/);
    expect(() => TrafficRouting.alb({ ingresses: [] })).toThrow(/ingresses is empty/);
    expect(() => TrafficRouting.alb({ servicePort: 0 })).toThrow(/servicePort' must be an integer between 1 and 65535, got 0/);
  });
});

describe('SMI, Ambassador, Traefik, APISIX, App Mesh', () => {
  test('smi: the controller creates and owns the TrafficSplit; the app defines none', () => {
    expect(routed(TrafficRouting.smi()).routing).toEqual({ smi: {} });
    const { routing, find, rollout } = routed(TrafficRouting.smi({ rootService: 'web', trafficSplitName: 'web-split', defineTrafficSplit: false }));
    expect(routing.smi).toEqual({ rootService: 'web', trafficSplitName: 'web-split' });
    expect(find('TrafficSplit')).toEqual([]);
    expect(rollout.ignoreDifferences).toEqual([
      { group: 'split.smi-spec.io', kind: 'TrafficSplit', name: 'web-split', jsonPointers: ['/spec/backends'], managedFieldsManagers: ['rollouts-controller'] },
    ]);
  });

  test('smi: defineTrafficSplit true is an error that says why (the controller only patches a TrafficSplit it owns)', () => {
    expect(() => TrafficRouting.smi({ trafficSplitName: 'web-split', defineTrafficSplit: true })).toThrow(
      'TrafficRouting.smi(): defineTrafficSplit is true, but the controller only changes a TrafficSplit it owns: it creates the TrafficSplit "web-split" itself, '
      + 'with an owner reference to the Rollout, and stops at the first weight step with "Rollout does not own TrafficSplit" when one was applied from the manifests. '
      + 'Leave defineTrafficSplit out.');
    expect(() => TrafficRouting.smi({ defineTrafficSplit: true })).toThrow('it creates the TrafficSplit (named after the Rollout) itself');
  });

  test('headless Services with a fixed port and protocol (App Mesh)', () => {
    const { manifests } = routed(TrafficRouting.appMesh(), {
      stableService: StrategyService.define({ port: 80, protocol: 'TCP' as any, headless: true }),
      canaryService: StrategyService.define({ port: 80, protocol: 'TCP' as any, headless: true }),
    });
    expect(manifests.find(m => m.kind === 'Service').spec).toEqual({
      clusterIP: 'None', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
    });
  });

  test('ambassador defines the base Mapping', () => {
    const { routing, find } = routed(TrafficRouting.ambassador({ prefix: '/web', resolver: 'endpoint' }));
    expect(routing.ambassador).toEqual({ mappings: ['web'] });
    expect(find('Mapping')[0]).toEqual({
      apiVersion: 'getambassador.io/v2', kind: 'Mapping', metadata: { name: 'web' }, spec: { prefix: '/web', resolver: 'endpoint', service: 'web-stable:8080' },
    });
    expect(() => TrafficRouting.ambassador({ mappings: [] })).toThrow(/mappings is empty/);
  });

  test('traefik defines the weighted TraefikService', () => {
    const { routing, find } = routed(TrafficRouting.traefik());
    expect(routing.traefik).toEqual({ weightedTraefikServiceName: 'web-traefik-service' });
    expect(find('TraefikService')[0].spec).toEqual({ weighted: { services: [{ name: 'web-stable', port: 8080, weight: 100 }, { name: 'web-canary', port: 8080, weight: 0 }] } });
  });

  test('apisix defines the ApisixRoute', () => {
    const { routing, find } = routed(TrafficRouting.apisix({ hosts: ['web.example.com'], methods: ['GET'] }));
    expect(routing.apisix).toEqual({ route: { name: 'web-apisix-route', rules: ['primary'] } });
    expect(find('ApisixRoute')[0].spec.http[0]).toEqual({
      name: 'primary',
      match: { paths: ['/*'], methods: ['GET'], hosts: ['web.example.com'] },
      backends: [{ serviceName: 'web-stable', servicePort: 8080 }, { serviceName: 'web-canary', servicePort: 8080 }],
    });
  });

  test('app mesh defines the virtual service, router and nodes', () => {
    const { routing, find } = routed(TrafficRouting.appMesh({ namespace: 'apps' }));
    expect(routing.appMesh).toEqual({
      virtualService: { name: 'web' },
      virtualNodeGroup: { canaryVirtualNodeRef: { name: 'web-vn-canary' }, stableVirtualNodeRef: { name: 'web-vn-stable' } },
    });
    expect(find('VirtualRouter')[0].spec.routes[0].httpRoute.action.weightedTargets.map((t: any) => t.weight)).toEqual([0, 100]);
    expect(find('VirtualNode').map(n => n.spec.serviceDiscovery.dns.hostname)).toEqual(['web-canary.apps.svc.cluster.local', 'web-stable.apps.svc.cluster.local']);
    expect(() => TrafficRouting.appMesh({ virtualService: RouterObject.fromName('x') })).toThrow(/give canaryVirtualNode and stableVirtualNode too/);
  });
});

describe('plugins and the Gateway API', () => {
  const binary = ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.invalid/gatewayapi-plugin' });

  test('the Gateway API router defines the HTTPRoute and configures the plugin', () => {
    const { routing, find } = routed(TrafficRouting.gatewayApi({ gatewayName: 'public', hostnames: ['web.example.com'], namespace: 'apps' }));
    expect(routing.plugins).toEqual({ 'argoproj-labs/gatewayAPI': { httpRoute: 'web-http-route', namespace: 'apps' } });
    expect(find('HTTPRoute')[0].spec).toEqual({
      parentRefs: [{ name: 'public' }],
      hostnames: ['web.example.com'],
      rules: [{ backendRefs: [{ name: 'web-stable', port: 8080, weight: 100 }, { name: 'web-canary', port: 8080, weight: 0 }] }],
    });
  });

  test('the install of the app gets the plugin and the Gateway API permissions, declared before or after', () => {
    for (const installFirst of [true, false]) {
      const chart = Testing.chart();
      const install = () => new ArgoRollouts(chart, 'install', { crds: false });
      if (installFirst) install();
      new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.gatewayApi({ gatewayName: 'gw', controllerPlugin: binary })] }) });
      if (!installFirst) install();
      const ms = synth(chart);
      expect(ms.find(m => m.metadata.name === 'argo-rollouts-config').data.trafficRouterPlugins).toContain('argoproj-labs/gatewayAPI');
      expect(ms.find(m => m.kind === 'ClusterRole' && m.metadata.name === 'argo-rollouts').rules.flatMap((r: any) => r.apiGroups)).toContain('gateway.networking.k8s.io');
    }
  });

  test('without the plugin binary, an install in the app fails and says what is missing', () => {
    const chart = Testing.chart();
    new ArgoRollouts(chart, 'install', { crds: false });
    new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.gatewayApi({ gatewayName: 'gw' })] }) });
    expect(() => synth(chart)).toThrow(/test\/web routes traffic through the plugin 'argoproj-labs\/gatewayAPI', but ArgoRollouts test\/install does not register it/);
  });

  test('the install may register the plugin itself', () => {
    const chart = Testing.chart();
    new ArgoRollouts(chart, 'install', { crds: false, plugins: [binary] });
    new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.gatewayApi({ gatewayName: 'gw' })] }) });
    expect(synth(chart).filter(m => m.kind === 'ConfigMap').length).toEqual(1);
  });

  test('several routers at once: nginx for north-south, a plugin', () => {
    const { routing } = routed(TrafficRouting.nginx(), { trafficRouting: [TrafficRouting.nginx(), TrafficRouting.plugin('acme/mesh', { config: { mode: 'weighted' } })] });
    expect(Object.keys(routing).sort()).toEqual(['nginx', 'plugins']);
    expect(routing.plugins).toEqual({ 'acme/mesh': { mode: 'weighted' } });
  });

  test('errors', () => {
    expect(() => TrafficRouting.gatewayApi()).toThrow(/needs a gatewayName/);
    expect(() => TrafficRouting.plugin('acme/x', { controllerPlugin: binary })).toThrow(/is given the controller plugin 'argoproj-labs\/gatewayAPI'/);
    expect(() => TrafficRouting.plugin('acme/x', { controllerPlugin: ControllerPlugin.step({ name: 'acme/x', location: 'file:///x' }) }))
      .toThrow("Traffic router plugin 'acme/x' is given the controller plugin 'acme/x' (stepPlugins). Give the binary of 'acme/x': "
        + "ControllerPlugin.trafficRouter({ name: 'acme/x', location }).");
    expect(() => TrafficRouting.plugin('acme/x', { controllerPlugin: 'file:///x' as any })).toThrow(/options.controllerPlugin/);
    expect(() => RouterObject.fromName('Bad Name')).toThrow(/not a valid Kubernetes name/);
    expect(() => new Rollout(Testing.chart(), 'r', {
      containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.plugin('a/b'), TrafficRouting.plugin('a/b')] }),
    })).toThrow(/has two 'a\/b' traffic routers/);
  });

  test("a router of the user's own is held to the same binary check", () => {
    const own: ITrafficRouter = {
      key: 'plugins',
      pluginName: 'acme/own',
      requiresStableAndCanaryServices: false,
      bind: () => ({ key: 'plugins', apiObjects: [], controllerPlugin: binary, renderConfig: () => ({ 'acme/own': {} }) }),
    };
    expect(() => new Rollout(Testing.chart(), 'r', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [own] }) }))
      .toThrow("Traffic router plugin 'acme/own' is given the controller plugin 'argoproj-labs/gatewayAPI' (trafficRouterPlugins). Give the binary of 'acme/own': "
        + "ControllerPlugin.trafficRouter({ name: 'acme/own', location }).");
  });

  test('a Service port must be known', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({
        stableService: StrategyService.fromServiceName('s'), canaryService: StrategyService.fromServiceName('c'), trafficRouting: [TrafficRouting.traefik()],
      }),
    });
    expect(() => synth(chart)).toThrow(/The Service port for the traefik router of Rollout r-\w+ is unknown|The Service port for the traefik router/);
  });
});

describe('Istio subset names (issue 10, item 5)', () => {
  test('an empty subset name is refused at once', () => {
    expect(() => TrafficRouting.istio({ subsets: { host: 'web', canarySubsetName: '' } })).toThrow(/subsets.canarySubsetName is empty/);
    expect(() => TrafficRouting.istio({ subsets: { host: 'web', stableSubsetName: '' } })).toThrow(/subsets.stableSubsetName is empty.*default 'stable'/);
  });
});

describe('generated names work where they are used (issue 10, item 9)', () => {
  test("a Rollout named web.v2 gets a VirtualService name without '.' (a '.' would read as name.namespace)", () => {
    const chart = new Chart(Testing.app(), 'test');
    new Rollout(chart, 'web', {
      metadata: { name: 'web.v2' },
      select: false,
      podMetadata: { labels: { app: 'web' } },
      containers: [container],
      strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio({ subsets: { host: 'web' } })], steps: [CanaryStep.setWeight(10), CanaryStep.pause()] }),
    });
    const manifests = synth(chart);
    const rollout = manifests.find(m => m.kind === 'Rollout');
    expect(rollout.spec.strategy.canary.trafficRouting.istio.virtualService.name).toEqual('web-v2-vsvc');
    expect(manifests.find(m => m.kind === 'VirtualService').metadata.name).toEqual('web-v2-vsvc');
    // the DestinationRule is referenced by its plain name: a '.' is fine there
    expect(rollout.spec.strategy.canary.trafficRouting.istio.destinationRule.name).toEqual('web.v2-destrule');
  });

  test("a Rollout named web.v2 gets Service names without '.' (Services take DNS-1035 labels)", () => {
    const { canary, find } = (() => {
      const chart = new Chart(Testing.app(), 'test');
      new Rollout(chart, 'web', {
        metadata: { name: 'web.v2' },
        select: false,
        podMetadata: { labels: { app: 'web' } },
        containers: [container],
        strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio()], steps: [CanaryStep.setWeight(10), CanaryStep.pause()] }),
      });
      const manifests = synth(chart);
      return { canary: manifests.find(m => m.kind === 'Rollout').spec.strategy.canary, find: (kind: string) => manifests.filter(m => m.kind === kind) };
    })();
    expect([canary.stableService, canary.canaryService]).toEqual(['web-v2-stable', 'web-v2-canary']);
    expect(find('Service').map(s => s.metadata.name).sort()).toEqual(['web-v2-canary', 'web-v2-stable']);
    expect(find('VirtualService')[0].metadata.name).toEqual('web-v2-vsvc');
  });

  test("virtualServiceName with a '.' is refused at once", () => {
    expect(() => TrafficRouting.istio({ virtualServiceName: 'web.v2' })).toThrow(/reads a '\.' in a VirtualService reference as name\.namespace \('web' in namespace 'v2'\).*'web-v2'/);
  });

  test("your own VirtualService with a '.' in its name fails synth (V63)", () => {
    const chart = new Chart(Testing.app(), 'test');
    const vs = new ApiObject(chart, 'vs', {
      apiVersion: 'networking.istio.io/v1beta1',
      kind: 'VirtualService',
      metadata: { name: 'web.edge' },
      spec: { http: [{ name: 'primary', route: [{ destination: { host: 'web-stable' } }, { destination: { host: 'web-canary' } }] }] },
    });
    new Rollout(chart, 'web', {
      metadata: { name: 'web' },
      containers: [container],
      strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio({ virtualServices: [{ object: RouterObject.fromConstruct(vs), routes: ['primary'] }] })], steps: [CanaryStep.setWeight(10)] }),
    });
    expect(() => synth(chart)).toThrow(/\[V63\][^\n]*"web\.edge" holds a '\.'/);
  });
});

describe('router object names use the one name check (issue 10, item 6)', () => {
  test('RouterObject.fromName checks a DNS-1123 subdomain', () => {
    expect(() => RouterObject.fromName('web..edge')).toThrow(/Router object name 'web\.\.edge' is not a valid Kubernetes name \(it must be dot-separated parts/);
    expect(() => RouterObject.fromName('a'.repeat(254))).toThrow(/254 characters long/);
    expect(RouterObject.fromName('web.edge').name).toEqual('web.edge');
  });
});
