import { expectFinding, expectNoFinding, findingsOf, routedRollout, service, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

const REQUIRE = { requireReferencedObjects: true };
const ROUTING = 'spec.strategy.canary.trafficRouting';

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

/** A canary Rollout whose traffic routing is `trafficRouting`, with Services web-canary and web-stable. */
function rolloutWithRouting(trafficRouting: any, extra: any = {}): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary = {
    canaryService: 'web-canary',
    stableService: 'web-stable',
    trafficRouting,
    steps: [{ setWeight: 20 }, { pause: { duration: 60 } }],
    ...extra,
  };
  return rollout;
}

function withNamespace(manifest: any, namespace: string): any {
  manifest.metadata.namespace = namespace;
  return manifest;
}

/** A networking.k8s.io/v1 Ingress with one rule routing `/` to `backendService`. */
function ingress(name: string, backendService: string, extra: any = {}): any {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name },
    spec: {
      rules: [{
        host: 'web.example.com',
        http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: backendService, port: { number: 80 } } } }] },
      }],
      ...extra,
    },
  };
}

/** An extensions/v1beta1 Ingress with one rule routing `/` to `serviceName`. */
function legacyIngress(name: string, serviceName: string): any {
  return {
    apiVersion: 'extensions/v1beta1',
    kind: 'Ingress',
    metadata: { name },
    spec: { rules: [{ http: { paths: [{ path: '/', backend: { serviceName, servicePort: 80 } }] } }] },
  };
}

/** An Istio route sending traffic to the given hosts (or, with `subsets`, to host web and those subsets). */
function route(name: string | undefined, hosts: string[], subsets?: string[]): any {
  const destinations = subsets === undefined
    ? hosts.map((host, i) => ({ destination: { host }, weight: i === 0 ? 100 : 0 }))
    : subsets.map((subset, i) => ({ destination: { host: hosts[0], subset }, weight: i === 0 ? 100 : 0 }));
  return { ...(name !== undefined ? { name } : {}), route: destinations };
}

/** An Istio VirtualService; by default one http route `primary` to web-stable and web-canary. */
function virtualService(name = 'web', spec: any = { http: [route('primary', ['web-stable', 'web-canary'])] }): any {
  return { apiVersion: 'networking.istio.io/v1beta1', kind: 'VirtualService', metadata: { name }, spec: { hosts: ['web'], ...spec } };
}

function destinationRule(name: string, subsets: string[]): any {
  return {
    apiVersion: 'networking.istio.io/v1beta1',
    kind: 'DestinationRule',
    metadata: { name },
    spec: { host: 'web', subsets: subsets.map(subset => ({ name: subset, labels: { app: 'web' } })) },
  };
}

function mapping(name: string, spec: any = {}, apiVersion = 'getambassador.io/v2', kind = 'Mapping'): any {
  return { apiVersion, kind, metadata: { name }, spec: { prefix: '/web', service: 'web-stable:80', ...spec } };
}

function appMeshVirtualService(name: string, provider: any = { virtualRouter: { virtualRouterRef: { name: 'web-router' } } }): any {
  return { apiVersion: 'appmesh.k8s.aws/v1beta2', kind: 'VirtualService', metadata: { name }, spec: { provider } };
}

const TWO_TARGETS = [{ virtualNodeRef: { name: 'web-canary' }, weight: 0 }, { virtualNodeRef: { name: 'web-stable' }, weight: 100 }];

function virtualRouter(name: string, routes: any = [{ name: 'primary', httpRoute: { match: { prefix: '/' }, action: { weightedTargets: TWO_TARGETS } } }]): any {
  return {
    apiVersion: 'appmesh.k8s.aws/v1beta2',
    kind: 'VirtualRouter',
    metadata: { name },
    spec: { listeners: [{ portMapping: { port: 80, protocol: 'http' } }], routes },
  };
}

const APP_MESH_ROUTING = {
  appMesh: {
    virtualService: { name: 'web-svc' },
    virtualNodeGroup: { canaryVirtualNodeRef: { name: 'web-canary' }, stableVirtualNodeRef: { name: 'web-stable' } },
  },
};

const SERVICES = [service('web-stable'), service('web-canary')];

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('traffic routing references (V58-V67)', () => {
  test('complete examples of every router pass with every referenced object present', () => {
    const nginx = rolloutWithRouting({ nginx: { stableIngress: 'web' } });
    expect(validateManifests([nginx, ingress('web', 'web-stable'), ...SERVICES], REQUIRE)).toEqual([]);

    const alb = rolloutWithRouting({ alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' } });
    expect(validateManifests([alb, ingress('web', 'web-root'), service('web-root'), ...SERVICES], REQUIRE)).toEqual([]);

    expect(validateManifests([routedRollout(), virtualService(), ...SERVICES], REQUIRE)).toEqual([]);

    const ambassador = rolloutWithRouting({ ambassador: { mappings: ['web'] } });
    expect(validateManifests([ambassador, mapping('web'), ...SERVICES], REQUIRE)).toEqual([]);

    const appMesh = rolloutWithRouting(APP_MESH_ROUTING);
    expect(validateManifests([appMesh, appMeshVirtualService('web-svc'), virtualRouter('web-router'), ...SERVICES], REQUIRE)).toEqual([]);
  });

  describe('V60 nginx stableIngress / stableIngresses', () => {
    test('both set', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngress: 'web', stableIngresses: ['web-2'] } });
      const finding = expectFinding('V60', [rollout], `${ROUTING}.nginx`, '"web"');
      expect(finding.message).toContain('["web-2"]');
    });

    test('neither set', () => {
      expectFinding('V60', [rolloutWithRouting({ nginx: { annotationPrefix: 'nginx.ingress.kubernetes.io' } })], `${ROUTING}.nginx`, 'stableIngress');
    });

    test('exactly one set', () => {
      expectNoFinding('V60', [rolloutWithRouting({ nginx: { stableIngress: 'web' } })]);
      expectNoFinding('V60', [rolloutWithRouting({ nginx: { stableIngresses: ['web', 'web-2'] } })]);
      expectNoFinding('V60', [rolloutWithRouting({ smi: {} })]);
    });
  });

  describe('V61 alb ingress / ingresses', () => {
    test('both set', () => {
      const rollout = rolloutWithRouting({ alb: { ingress: 'web', ingresses: ['web-2'], servicePort: 80 } });
      expectFinding('V61', [rollout], `${ROUTING}.alb`, '["web-2"]');
    });

    test('neither set', () => {
      expectFinding('V61', [rolloutWithRouting({ alb: { servicePort: 80 } })], `${ROUTING}.alb`, 'ingress');
    });

    test('exactly one set', () => {
      expectNoFinding('V61', [rolloutWithRouting({ alb: { ingress: 'web', servicePort: 80 } })]);
      expectNoFinding('V61', [rolloutWithRouting({ alb: { ingresses: ['web'], servicePort: 80 } })]);
    });
  });

  describe('V62 istio virtualService / virtualServices', () => {
    test('both set', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web' }, virtualServices: [{ name: 'web-2' }] } });
      expectFinding('V62', [rollout], `${ROUTING}.istio`, '"web-2"');
    });

    test('neither set, also with only a destinationRule', () => {
      const rollout = rolloutWithRouting({ istio: { destinationRule: { name: 'web', canarySubsetName: 'canary', stableSubsetName: 'stable' } } });
      expectFinding('V62', [rollout], `${ROUTING}.istio`, 'destinationRule');
    });

    test('exactly one set', () => {
      expectNoFinding('V62', [routedRollout()]);
      expectNoFinding('V62', [rolloutWithRouting({ istio: { virtualServices: [{ name: 'web' }, { name: 'web-2' }] } })]);
    });
  });

  describe('V63 referenced routing objects', () => {
    test('a missing nginx stable Ingress, only when referenced objects are required', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngresses: ['web', 'web-admin'] } });
      const manifests = [rollout, ingress('web', 'web-stable')];
      expectFinding('V63', manifests, `${ROUTING}.nginx.stableIngresses[1]`, '"web-admin"', REQUIRE);
      expectNoFinding('V63', manifests);
      expectNoFinding('V63', [rollout, ingress('web', 'web-stable'), ingress('web-admin', 'web-stable')], REQUIRE);
    });

    test('a missing ALB Ingress', () => {
      const rollout = rolloutWithRouting({ alb: { ingress: 'web-alb', servicePort: 80 } });
      expectFinding('V63', [rollout], `${ROUTING}.alb.ingress`, '"web-alb"', REQUIRE);
      expectNoFinding('V63', [rollout, legacyIngress('web-alb', 'web-stable')], REQUIRE);
    });

    test('Ingresses are matched by namespace and kind', () => {
      const rollout = withNamespace(rolloutWithRouting({ nginx: { stableIngress: 'web' } }), 'shop');
      const elsewhere = withNamespace(ingress('web', 'web-stable'), 'other');
      const notAnIngress = { ...ingress('web', 'web-stable'), apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' };
      expectFinding('V63', [rollout, elsewhere, notAnIngress], `${ROUTING}.nginx.stableIngress`, '"shop"', REQUIRE);
      expectNoFinding('V63', [rollout, withNamespace(ingress('web', 'web-stable'), 'shop')], REQUIRE);
    });

    test('a missing VirtualService, also in another namespace (name.namespace)', () => {
      const rollout = rolloutWithRouting({ istio: { virtualServices: [{ name: 'web', routes: ['primary'] }, { name: 'edge.gateways', routes: ['primary'] }] } });
      const manifests = [withNamespace(rollout, 'shop'), withNamespace(virtualService('web'), 'shop'), withNamespace(virtualService('edge'), 'shop')];
      const finding = expectFinding('V63', manifests, `${ROUTING}.istio.virtualServices[1].name`, '"gateways"', REQUIRE);
      expect(finding.message).toContain('"edge"');
      expectNoFinding('V63', [...manifests, withNamespace(virtualService('edge'), 'gateways')], REQUIRE);
      expectNoFinding('V63', manifests);
    });

    test('without namespaces anywhere, name.namespace may name the namespace the manifests are applied to', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web.shop', routes: ['primary'] } } });
      expectNoFinding('V63', [rollout, virtualService('web')], REQUIRE);
      expectNoFinding('V64', [rollout, virtualService('web')]);
      expectFinding('V63', [withNamespace(rollout, 'other'), virtualService('web')], `${ROUTING}.istio.virtualService.name`, '"shop"', REQUIRE);
    });

    test('an App Mesh VirtualService does not stand in for an Istio one', () => {
      expectFinding('V63', [routedRollout(), appMeshVirtualService('web')], `${ROUTING}.istio.virtualService.name`, '"web"', REQUIRE);
    });

    test('ambassador mappings: empty always, missing only when required', () => {
      const empty = rolloutWithRouting({ ambassador: { mappings: [] } });
      expectFinding('V63', [empty], `${ROUTING}.ambassador.mappings`, '[]');
      const rollout = rolloutWithRouting({ ambassador: { mappings: ['web', 'web-admin'] } });
      expectFinding('V63', [rollout, mapping('web')], `${ROUTING}.ambassador.mappings[1]`, '"web-admin"', REQUIRE);
      expectNoFinding('V63', [rollout, mapping('web')]);
      const emissary = mapping('web-admin', {}, 'x.getambassador.io/v3alpha1', 'AmbassadorMapping');
      expectNoFinding('V63', [rollout, mapping('web'), emissary], REQUIRE);
    });

    test('appMesh without a virtualService, always', () => {
      const rollout = rolloutWithRouting({ appMesh: { virtualNodeGroup: APP_MESH_ROUTING.appMesh.virtualNodeGroup } });
      expectFinding('V63', [rollout], `${ROUTING}.appMesh.virtualService`, 'virtualService');
    });

    test('a missing App Mesh VirtualService or VirtualRouter, only when required', () => {
      const rollout = rolloutWithRouting(APP_MESH_ROUTING);
      expectFinding('V63', [rollout], `${ROUTING}.appMesh.virtualService`, '"web-svc"', REQUIRE);
      expectFinding('V63', [rollout, appMeshVirtualService('web-svc')], `${ROUTING}.appMesh.virtualService`, '"web-router"', REQUIRE);
      expectNoFinding('V63', [rollout, appMeshVirtualService('web-svc')]);
      expectNoFinding('V63', [rollout, appMeshVirtualService('web-svc'), virtualRouter('web-router')], REQUIRE);
    });

    test('the router namespace is taken from virtualRouterRef, else from the VirtualService', () => {
      const rollout = withNamespace(rolloutWithRouting(APP_MESH_ROUTING), 'mesh');
      const meshService = withNamespace(appMeshVirtualService('web-svc', { virtualRouter: { virtualRouterRef: { name: 'web-router', namespace: 'routers' } } }), 'mesh');
      expectFinding('V63', [rollout, meshService, withNamespace(virtualRouter('web-router'), 'mesh')], `${ROUTING}.appMesh.virtualService`, '"routers"', REQUIRE);
      expectNoFinding('V63', [rollout, meshService, withNamespace(virtualRouter('web-router'), 'routers')], REQUIRE);
    });

    test('the Ingress checks come before V62, the others after it', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngress: 'web' }, istio: {}, ambassador: {} });
      const ids = validateManifests([rollout, ...SERVICES], REQUIRE).filter(f => f.ruleId.startsWith('V')).map(f => `${f.ruleId} ${f.path}`);
      expect(ids).toEqual([
        `V63 ${ROUTING}.nginx.stableIngress`,
        `V62 ${ROUTING}.istio`,
        `V63 ${ROUTING}.ambassador.mappings`,
      ]);
    });
  });

  describe('V58 nginx stable Ingress backend', () => {
    test('no rule routes to stableService', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngress: 'web' } });
      const finding = expectFinding('V58', [rollout, ingress('web', 'web-old')], `${ROUTING}.nginx.stableIngress`, '"web-stable"');
      expect(finding.message).toContain('"web-old"');
      expect(finding.value).toBe('web');
    });

    test('each of stableIngresses is checked', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngresses: ['web', 'web-admin'] } });
      expectFinding('V58', [rollout, ingress('web', 'web-stable'), ingress('web-admin', 'admin')], `${ROUTING}.nginx.stableIngresses[1]`, '"web-admin"');
    });

    test('any rule, path or the default backend may route to stableService', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngress: 'web' } });
      const twoPaths = ingress('web', 'web-static');
      twoPaths.spec.rules[0].http.paths.push({ path: '/api', pathType: 'Prefix', backend: { service: { name: 'web-stable', port: { number: 80 } } } });
      expectNoFinding('V58', [rollout, twoPaths]);
      const defaultBackend = ingress('web', 'web-static', { defaultBackend: { service: { name: 'web-stable', port: { number: 80 } } } });
      expectNoFinding('V58', [rollout, defaultBackend]);
    });

    test('extensions/v1beta1 Ingresses name the Service in serviceName', () => {
      const rollout = rolloutWithRouting({ nginx: { stableIngress: 'web' } });
      expectNoFinding('V58', [rollout, legacyIngress('web', 'web-stable')]);
      expectFinding('V58', [rollout, legacyIngress('web', 'web-other')], `${ROUTING}.nginx.stableIngress`, '"web-other"');
    });

    test('an absent Ingress is not checked', () => {
      expectNoFinding('V58', [rolloutWithRouting({ nginx: { stableIngress: 'web' } })]);
    });
  });

  describe('V59 ALB Ingress backend', () => {
    test('no rule routes to alb.rootService', () => {
      const rollout = rolloutWithRouting({ alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' } });
      const finding = expectFinding('V59', [rollout, ingress('web', 'web-stable')], `${ROUTING}.alb.ingress`, '"web-root"');
      expect(finding.message).toContain('"web"');
    });

    test('without rootService, stableService is expected', () => {
      const rollout = rolloutWithRouting({ alb: { ingresses: ['web-a', 'web-b'], servicePort: 80 } });
      expectFinding('V59', [rollout, ingress('web-a', 'web-stable'), ingress('web-b', 'web-root')], `${ROUTING}.alb.ingresses[1]`, '"web-stable"');
      expectNoFinding('V59', [rollout, ingress('web-a', 'web-stable'), ingress('web-b', 'web-stable')]);
    });

    test('an Ingress routing to the root Service passes', () => {
      const rollout = rolloutWithRouting({ alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' } });
      expectNoFinding('V59', [rollout, ingress('web', 'web-root')]);
    });

    test('with nginx too, 1.8 checks the ALB Ingresses as nginx\'s (against stableService); 1.9 on, against rootService', () => {
      const rollout = rolloutWithRouting({ alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' }, nginx: { stableIngress: 'web-nginx' } });
      const manifests = [rollout, ingress('web', 'web-root'), ingress('web-nginx', 'web-stable')];
      for (const version of ['1.9.1', '1.10.0-rc1']) expectNoFinding('V59', manifests, { version });
      for (const version of ['1.8.3', '1.8.4']) {
        const finding = expectFinding('V59', manifests, `${ROUTING}.alb.ingress`, '"web-root"', { version });
        expect(finding.message).toContain(`With an nginx router too, Argo Rollouts ${version} checks the ALB Ingress "web" as an nginx stable Ingress, and it has no rule whose backend is the Service "web-stable"`);
        expect(finding.fix).toContain('or use a release that checks it against alb.rootService (1.10.0-rc1, 1.9.1)');
        expectNoFinding('V59', [rollout, ingress('web', 'web-stable'), ingress('web-nginx', 'web-stable')], { version });
      }
    });
  });

  describe('V64 Istio VirtualService', () => {
    const base = `${ROUTING}.istio.virtualService`;

    test('a listed http route is absent', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary', 'secondary'] } } });
      const finding = expectFinding('V64', [rollout, virtualService()], `${base}.routes[1]`, '"secondary"');
      expect(finding.message).toContain('["primary"]');
    });

    test('the edited route lacks the canary Service', () => {
      const vs = virtualService('web', { http: [route('primary', ['web-stable.default.svc.cluster.local', 'web-old'])] });
      const finding = expectFinding('V64', [routedRollout(), vs], `${base}.routes[0]`, '"web-canary"');
      expect(finding.message).toContain('"web-old"');
      expect(finding.message).not.toContain('stable Service');
    });

    test('hosts are compared by their first DNS label', () => {
      const vs = virtualService('web', { http: [route('primary', ['web-stable.shop.svc.cluster.local', 'web-canary.shop'])] });
      expectNoFinding('V64', [routedRollout(), vs]);
    });

    test('routes omitted: one route is fine, several unmanaged ones are not', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web' } } });
      expectNoFinding('V64', [rollout, virtualService()]);
      const two = virtualService('web', { http: [route('primary', ['web-stable', 'web-canary']), route('secondary', ['web-stable', 'web-canary'])] });
      const finding = expectFinding('V64', [rollout, two], `${base}.routes`, '"secondary"');
      expect(finding.value).toBe(2);
    });

    test('routes omitted: routes named in managedRoutes are not counted', () => {
      const rollout = rolloutWithRouting({ managedRoutes: [{ name: 'header' }], istio: { virtualService: { name: 'web' } } }, {
        steps: [{ setHeaderRoute: { name: 'header', match: [{ headerName: 'x-canary', headerValue: { exact: 'yes' } }] } }, { setWeight: 20 }],
      });
      const vs = virtualService('web', { http: [route('header', ['web-canary']), route(undefined, ['web-stable', 'web-canary'])] });
      expectNoFinding('V64', [rollout, vs]);
    });

    test('routes omitted: the only route is checked', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web' } } });
      const vs = virtualService('web', { http: [route(undefined, ['web-stable'])] });
      expectFinding('V64', [rollout, vs], `${base}.name`, '"web-canary"');
    });

    test('a VirtualService without http, tls or tcp routes', () => {
      // An empty http list is an http section: the listed route is missing from it.
      const empty = expectFinding('V64', [routedRollout(), virtualService('web', { http: [] })], `${base}.routes[0]`, '"primary"');
      expect(empty.message).not.toContain('no http, tls or tcp');
      // Without routes listed, an empty http list leaves nothing to check.
      expectNoFinding('V64', [rolloutWithRouting({ istio: { virtualService: { name: 'web' } } }), virtualService('web', { http: [] })]);
      const finding = expectFinding('V64', [routedRollout(), virtualService('web', {})], `${base}.name`, '"web"');
      expect(finding.message).toContain('no http, tls or tcp route list');
      expect(findingsOf('V64', [routedRollout(), virtualService('web', {})])).toHaveLength(1);
    });

    test('subset-level routing checks the DestinationRule subsets in the route', () => {
      const destination = { name: 'web-destrule', canarySubsetName: 'canary', stableSubsetName: 'stable' };
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary'] }, destinationRule: destination } });
      delete rollout.spec.strategy.canary.canaryService;
      delete rollout.spec.strategy.canary.stableService;
      const good = virtualService('web', { http: [route('primary', ['web'], ['stable', 'canary'])] });
      expectNoFinding('V64', [rollout, good, destinationRule('web-destrule', ['stable', 'canary'])]);
      const bad = virtualService('web', { http: [route('primary', ['web'], ['stable', 'preview'])] });
      const finding = expectFinding('V64', [rollout, bad], `${base}.routes[0]`, 'subset "canary"');
      expect(finding.message).toContain('"preview"');
    });

    test('a DestinationRule that lacks a subset is not an InvalidSpec', () => {
      // The controller relabels the subsets it finds and does not validate the DestinationRule (issue 10, item 11).
      const destination = { name: 'web-destrule', canarySubsetName: 'canary', stableSubsetName: 'stable' };
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary'] }, destinationRule: destination } });
      const vs = virtualService('web', { http: [route('primary', ['web'], ['stable', 'canary'])] });
      expectNoFinding('V64', [rollout, vs, destinationRule('web-destrule', ['stable', 'v2'])]);
      expectNoFinding('V64', [rollout, vs, destinationRule('web-destrule', [])]);
      expectNoFinding('V64', [rollout, vs]);
    });

    test('tlsRoutes match by port and SNI hosts', () => {
      const tlsRoute = (port: number, sniHosts: string[], hosts: string[]) => ({ match: [{ port, sniHosts }], ...route(undefined, hosts) });
      const vs = virtualService('web', {
        tls: [tlsRoute(443, ['a.example.com'], ['web-stable', 'web-canary']), tlsRoute(8443, ['b.example.com', 'c.example.com'], ['web-stable'])],
      });
      const entry = (tlsRoutes: any[]) => rolloutWithRouting({ istio: { virtualService: { name: 'web', tlsRoutes } } });
      expectNoFinding('V64', [entry([{ port: 443, sniHosts: ['a.example.com'] }]), vs]);
      expectFinding('V64', [entry([{ port: 443, sniHosts: ['b.example.com'] }]), vs], `${base}.tlsRoutes[0]`, '443');
      expectFinding('V64', [entry([{ port: 8443, sniHosts: ['c.example.com', 'b.example.com'] }]), vs], `${base}.tlsRoutes[0]`, '"web-canary"');
      // a route whose matches name two ports never matches
      const twoPorts = virtualService('web', { tls: [{ match: [{ port: 443, sniHosts: ['a.example.com'] }, { port: 8443 }], ...route(undefined, ['web-stable', 'web-canary']) }] });
      expectFinding('V64', [entry([{ port: 443, sniHosts: ['a.example.com'] }]), twoPorts], `${base}.tlsRoutes[0]`, '"a.example.com"');
      // without tlsRoutes and with two TLS routes, the choice is ambiguous
      expectFinding('V64', [routedRollout(), { ...vs, spec: { ...vs.spec, http: [route('primary', ['web-stable', 'web-canary'])] } }], `${base}.tlsRoutes`, '2 tls routes');
    });

    test('tcpRoutes match by port', () => {
      const tcpRoute = (port: number) => ({ match: [{ port }], ...route(undefined, ['web-stable', 'web-canary']) });
      const vs = virtualService('web', { tcp: [tcpRoute(5432), tcpRoute(6379)] });
      const entry = (tcpRoutes: any[]) => rolloutWithRouting({ istio: { virtualService: { name: 'web', tcpRoutes } } });
      expectNoFinding('V64', [entry([{ port: 6379 }]), vs]);
      expectFinding('V64', [entry([{ port: 3306 }]), vs], `${base}.tcpRoutes[0]`, '3306');
    });

    test('each of virtualServices is checked, in another namespace too', () => {
      const rollout = rolloutWithRouting({ istio: { virtualServices: [{ name: 'web', routes: ['primary'] }, { name: 'edge.gateways', routes: ['edge'] }] } });
      const edge = withNamespace(virtualService('edge', { http: [route('edge', ['web-stable'])] }), 'gateways');
      expectFinding('V64', [rollout, virtualService(), edge], `${ROUTING}.istio.virtualServices[1].routes[0]`, '"web-canary"');
    });

    test('with ping-pong and no canary/stable Services, the ping and pong Services are expected', () => {
      const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary'] } } }, { pingPong: { pingService: 'web-ping', pongService: 'web-pong' } });
      delete rollout.spec.strategy.canary.canaryService;
      delete rollout.spec.strategy.canary.stableService;
      expectNoFinding('V64', [rollout, virtualService('web', { http: [route('primary', ['web-ping', 'web-pong'])] })]);
      expectFinding('V64', [rollout, virtualService()], `${base}.routes[0]`, '"web-ping"');
    });
  });

  describe('V65 Ambassador base Mapping weight', () => {
    test('a base Mapping with a weight', () => {
      const rollout = rolloutWithRouting({ ambassador: { mappings: ['web', 'web-admin'] } });
      const finding = expectFinding('V65', [rollout, mapping('web'), mapping('web-admin', { weight: 10 })], `${ROUTING}.ambassador.mappings[1]`, '"web-admin"');
      expect(finding.message).toContain('10');
      expect(finding.value).toBe(10);
    });

    test('Emissary AmbassadorMappings are checked too', () => {
      const rollout = rolloutWithRouting({ ambassador: { mappings: ['web'] } });
      const emissary = mapping('web', { weight: 50 }, 'x.getambassador.io/v3alpha1', 'AmbassadorMapping');
      expectFinding('V65', [rollout, emissary], `${ROUTING}.ambassador.mappings[0]`, '50');
    });

    test('weight 0 or no weight', () => {
      const rollout = rolloutWithRouting({ ambassador: { mappings: ['web', 'web-admin'] } });
      expectNoFinding('V65', [rollout, mapping('web', { weight: 0 }), mapping('web-admin')]);
    });
  });

  describe('V66 App Mesh VirtualRouter', () => {
    const path = `${ROUTING}.appMesh.virtualService`;
    const rollout = () => rolloutWithRouting(APP_MESH_ROUTING);

    test('the VirtualService is not provided by a VirtualRouter', () => {
      const byNode = appMeshVirtualService('web-svc', { virtualNode: { virtualNodeRef: { name: 'web-stable' } } });
      expectFinding('V66', [rollout(), byNode], path, '"web-svc"');
    });

    test('the router has no routes', () => {
      expectFinding('V66', [rollout(), appMeshVirtualService('web-svc'), virtualRouter('web-router', [])], path, '"web-router"');
    });

    test('a route has one weighted target', () => {
      const routes = [
        { name: 'primary', httpRoute: { action: { weightedTargets: TWO_TARGETS } } },
        { name: 'single', http2Route: { action: { weightedTargets: [TWO_TARGETS[1]] } } },
      ];
      const finding = expectFinding('V66', [rollout(), appMeshVirtualService('web-svc'), virtualRouter('web-router', routes)], path, '"single"');
      expect(finding.message).toContain('1 weighted target');
    });

    test('a route of an unsupported type or without weightedTargets', () => {
      const routes = [{ name: 'odd', udpRoute: {} }, { name: 'bare', tcpRoute: { action: {} } }];
      const findings = findingsOf('V66', [rollout(), appMeshVirtualService('web-svc'), virtualRouter('web-router', routes)]);
      expect(findings.map(f => f.path)).toEqual([path, path]);
      expect(findings[0].message).toContain('"odd"');
      expect(findings[1].message).toContain('tcpRoute.action.weightedTargets');
    });

    test('grpc and tcp routes with two targets pass', () => {
      const routes = [{ name: 'rpc', grpcRoute: { action: { weightedTargets: TWO_TARGETS } } }, { name: 'raw', tcpRoute: { action: { weightedTargets: TWO_TARGETS } } }];
      expectNoFinding('V66', [rollout(), appMeshVirtualService('web-svc'), virtualRouter('web-router', routes)]);
    });
  });

  describe('V69 a TrafficSplit the controller does not own', () => {
    const path = `${ROUTING}.smi`;
    const trafficSplit = (name: string, metadata: any = {}) => ({
      apiVersion: 'split.smi-spec.io/v1alpha2',
      kind: 'TrafficSplit',
      metadata: { name, ...metadata },
      spec: { service: 'web', backends: [{ service: 'web-stable', weight: 100 }, { service: 'web-canary', weight: 0 }] },
    });
    const owner = (extra: any = {}) => ({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'web', uid: '7d1e2c3a', controller: true, ...extra });

    test('the TrafficSplit named after the Rollout is among the manifests: the controller would refuse to patch it', () => {
      const finding = expectFinding('V69', [rolloutWithRouting({ smi: {} }), trafficSplit('web')], path, '"web"');
      expect(finding.message).toContain('Rollout does not own TrafficSplit');
      expect(finding.message).toContain("the Rollout's name, \"web\" (trafficSplitName is not set)");
      expect(finding.fix).toContain('Remove the TrafficSplit "web" from the manifests');
      expect(finding.value).toEqual('web');
    });

    test('the TrafficSplit named by trafficSplitName, in another file of the run too', () => {
      const rollout = rolloutWithRouting({ smi: { trafficSplitName: 'web-split', rootService: 'web' } });
      expectFinding('V69', [rollout, trafficSplit('web-split')], path, 'trafficSplitName "web-split"');
      expectFinding('V69', [rollout, trafficSplit('web-split')], path, '"web-split"', { documentGroups: [0, 1] });
      expectNoFinding('V69', [rollout, trafficSplit('web')]);
    });

    test('a TrafficSplit that names the Rollout as its controller, one in another namespace, or no smi routing: nothing', () => {
      expectNoFinding('V69', [rolloutWithRouting({ smi: {} }), trafficSplit('web', { ownerReferences: [owner()] })]);
      expectFinding('V69', [rolloutWithRouting({ smi: {} }), trafficSplit('web', { ownerReferences: [owner({ controller: false })] })], path);
      expectFinding('V69', [rolloutWithRouting({ smi: {} }), trafficSplit('web', { ownerReferences: [owner({ name: 'other' })] })], path);
      expectNoFinding('V69', [withNamespace(rolloutWithRouting({ smi: {} }), 'shop'), trafficSplit('web', { namespace: 'other' })]);
      expectNoFinding('V69', [rolloutWithRouting({ nginx: { stableIngress: 'web' } }), trafficSplit('web')]);
    });
  });

  describe('V67 workloadRef', () => {
    const refRollout = (workloadRef: any) => {
      const rollout = validRollout();
      delete rollout.spec.template;
      rollout.spec.workloadRef = workloadRef;
      return rollout;
    };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web-deploy' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
    };

    test('an unsupported kind, always', () => {
      const finding = expectFinding('V67', [refRollout({ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web' })], 'spec.workloadRef', '"StatefulSet"');
      expect(finding.value).toEqual({ apiVersion: 'apps/v1', kind: 'StatefulSet' });
    });

    test('a supported kind in the wrong API group or version', () => {
      expectFinding('V67', [refRollout({ apiVersion: 'v1', kind: 'Deployment', name: 'web-deploy' })], 'spec.workloadRef', '"Deployment"');
      expectFinding('V67', [refRollout({ apiVersion: 'apps/v1beta1', kind: 'Deployment', name: 'web-deploy' })], 'spec.workloadRef', '"apps/v1beta1"');
    });

    test('a missing workload, only when referenced objects are required', () => {
      const rollout = refRollout({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-deploy' });
      expectFinding('V67', [rollout], 'spec.workloadRef', '"web-deploy"', REQUIRE);
      expectNoFinding('V67', [rollout]);
      expectNoFinding('V67', [rollout, deployment], REQUIRE);
      expectNoFinding('V67', [refRollout({ apiVersion: 'v1', kind: 'PodTemplate', name: 'tpl' }), { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'tpl' }, template: {} }], REQUIRE);
    });

    test('V67 is reported before the spec rules', () => {
      const rollout = refRollout({ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web' });
      rollout.spec.replicas = -1;
      expect(validateManifests([rollout]).map(f => f.ruleId).filter(id => id.startsWith('V')).slice(0, 2)).toEqual(['V67', 'V01']);
    });
  });

  test('never throws when any field of a routed Rollout or of a referenced object is replaced by an odd value', () => {
    const fullRouting = {
      nginx: { stableIngress: 'web' },
      alb: { ingresses: ['web'], servicePort: 80 },
      istio: {
        virtualServices: [{ name: 'web', routes: ['primary'], tlsRoutes: [{ port: 443, sniHosts: ['a'] }], tcpRoutes: [{ port: 1 }] }],
        destinationRule: { name: 'dr', canarySubsetName: 'canary', stableSubsetName: 'stable' },
      },
      ambassador: { mappings: ['web'] },
      ...APP_MESH_ROUTING,
      managedRoutes: [{ name: 'header' }],
    };
    const tlsRoute = { match: [{ port: 443, sniHosts: ['a'] }], ...route('tls', ['web-stable', 'web-canary']) };
    const fresh = () => JSON.parse(JSON.stringify([
      rolloutWithRouting(fullRouting, { pingPong: { pingService: 'p', pongService: 'q' } }),
      { ...validRollout(), spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, strategy: { canary: {} } } },
      ingress('web', 'web-stable', { defaultBackend: { service: { name: 'web-stable' } } }),
      legacyIngress('web', 'web-stable'),
      virtualService('web', { http: [route('primary', ['web-stable', 'web-canary'])], tls: [tlsRoute], tcp: [{ match: [{ port: 1 }], ...route(undefined, ['web-stable']) }] }),
      destinationRule('dr', ['canary']),
      mapping('web', { weight: 5 }),
      appMeshVirtualService('web-svc'),
      virtualRouter('web-router'),
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: {} },
    ]));
    const paths: Array<Array<string | number>> = [];
    const collect = (value: any, path: Array<string | number>) => {
      paths.push(path);
      if (value !== null && typeof value === 'object') {
        for (const key of Object.keys(value)) {
          collect(value[key], [...path, Array.isArray(value) ? Number(key) : key]);
        }
      }
    };
    collect(fresh(), []);
    const oddValues = [null, undefined, -1, 'x', [], {}, [null, 3, 'y'], { name: 4, port: 'p' }];
    let runs = 0;
    for (const path of paths.slice(1)) {
      for (const odd of oddValues) {
        const manifests: any = fresh();
        let parent = manifests;
        for (const key of path.slice(0, -1)) {
          parent = parent[key];
        }
        parent[path[path.length - 1]] = odd;
        let first: any;
        expect(() => {
          first = validateManifests(manifests, REQUIRE);
        }).not.toThrow();
        expect(validateManifests(manifests, REQUIRE)).toEqual(first);
        runs++;
      }
    }
    expect(runs).toBeGreaterThan(1000);
  });
});

describe('V64 checks only the route sections the VirtualService has (issue 10, items 5 and 11)', () => {
  const base = `${ROUTING}.istio.virtualService`;
  const tlsOnly = (name: string) => virtualService(name, {
    tls: [{ match: [{ port: 3000, sniHosts: ['shop'] }], route: [{ destination: { host: 'web-stable' }, weight: 100 }, { destination: { host: 'web-canary' }, weight: 0 }] }],
  });

  test('a tls-only VirtualService referenced with routes and tlsRoutes passes (as the upstream e2e test does)', () => {
    const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'shop-vsvc', routes: ['primary'], tlsRoutes: [{ port: 3000, sniHosts: ['shop'] }] } } });
    expect(validateManifests([rollout, tlsOnly('shop-vsvc'), ...SERVICES], REQUIRE)).toEqual([]);
  });

  test('tlsRoutes or tcpRoutes listed while the VirtualService has only http routes', () => {
    const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary'], tlsRoutes: [{ port: 443 }], tcpRoutes: [{ port: 5432 }] } } });
    expectNoFinding('V64', [rollout, virtualService()]);
  });

  test('the tls section is still checked when present', () => {
    const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'shop-vsvc', routes: ['primary'], tlsRoutes: [{ port: 3001, sniHosts: ['shop'] }] } } });
    expectFinding('V64', [rollout, tlsOnly('shop-vsvc')], `${base}.tlsRoutes[0]`, '3001');
  });

  test.each([
    ['canarySubsetName', 'canary'],
    ['stableSubsetName', 'stable'],
  ])('an empty %s is a subset the route lacks', (field, role) => {
    const destination: any = { name: 'web-destrule', canarySubsetName: 'canary', stableSubsetName: 'stable', [field]: '' };
    const rollout = rolloutWithRouting({ istio: { virtualService: { name: 'web', routes: ['primary'] }, destinationRule: destination } });
    // even a destination with an empty subset does not match it
    const vs = virtualService('web', { http: [{ name: 'primary', route: [{ destination: { host: 'web', subset: 'stable' } }, { destination: { host: 'web', subset: 'canary' } }, { destination: { host: 'web' } }] }] });
    const finding = expectFinding('V64', [rollout, vs], `${base}.routes[0]`, `${role}SubsetName`);
    expect(finding.message).toContain(`the ${role} subset`);
    expect(finding.fix).toContain('canarySubsetName and stableSubsetName');
  });
});

describe("V63 a VirtualService reference with a '.' (issue 10, item 9)", () => {
  const base = `${ROUTING}.istio.virtualService`;
  const dotted = () => rolloutWithRouting({ istio: { virtualService: { name: 'web.v2-vsvc', routes: ['primary'] } } });

  test('the VirtualService named with the whole dotted name is not the one the controller looks for', () => {
    const finding = expectFinding('V63', [dotted(), virtualService('web.v2-vsvc'), ...SERVICES], `${base}.name`, '"web-v2-vsvc"');
    expect(finding.message).toContain('VirtualService "web" in namespace "v2-vsvc"');
    // reported once, also when missing objects are reported
    expect(findingsOf('V63', [dotted(), virtualService('web.v2-vsvc'), ...SERVICES], REQUIRE)).toHaveLength(1);
    const inShop = [withNamespace(dotted(), 'shop'), withNamespace(virtualService('web.v2-vsvc'), 'shop')];
    expectFinding('V63', inShop, `${base}.name`, 'VirtualService "web.v2-vsvc" in namespace "shop"');
  });

  test('no finding when the split name is found, or when nothing is named with the dotted name', () => {
    expectNoFinding('V63', [dotted(), virtualService('web.v2-vsvc'), withNamespace(virtualService('web'), 'v2-vsvc'), ...SERVICES], REQUIRE);
    expectNoFinding('V63', [dotted(), ...SERVICES]);
  });
});
