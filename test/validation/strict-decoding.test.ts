import { expectFinding, expectNoFinding, service } from './helpers';
import { validateManifests } from '../../src/validation/private';
import { k8sFieldTable } from '../../src/validation/private/schema-loader';

function ingress(apiVersion: string, spec: any): any {
  return { apiVersion, kind: 'Ingress', metadata: { name: 'web' }, spec };
}

const V1_INGRESS_SPEC = {
  ingressClassName: 'nginx',
  defaultBackend: { service: { name: 'web-stable', port: { number: 80 } } },
  rules: [{ host: 'web.example.invalid', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web-stable', port: { name: 'http' } } } }] } }],
  tls: [{ hosts: ['web.example.invalid'], secretName: 'tls' }],
};

const V1BETA1_INGRESS_SPEC = {
  backend: { serviceName: 'web-stable', servicePort: 80 },
  rules: [{ host: 'web.example.invalid', http: { paths: [{ path: '/', backend: { serviceName: 'web-stable', servicePort: 'http' } }] } }],
};

describe('Strict decoding of Services and Ingresses (L01)', () => {
  test('valid Services and Ingresses pass', () => {
    const full = service('web', { app: 'web' });
    full.metadata = { name: 'web', namespace: 'ns', labels: { a: 'b' }, annotations: { c: 'd' }, creationTimestamp: null, uid: 'u', resourceVersion: '1' };
    full.spec = {
      ...full.spec,
      type: 'LoadBalancer',
      sessionAffinity: 'ClientIP',
      sessionAffinityConfig: { clientIP: { timeoutSeconds: 10 } },
      ipFamilies: ['IPv4'],
      trafficDistribution: 'PreferClose',
      externalTrafficPolicy: 'Local',
    };
    full.status = { loadBalancer: { ingress: [{ ip: '1.2.3.4', ipMode: 'VIP' }] } };
    expect(validateManifests([
      full,
      ingress('networking.k8s.io/v1', V1_INGRESS_SPEC),
      ingress('extensions/v1beta1', V1BETA1_INGRESS_SPEC),
      ingress('networking.k8s.io/v1beta1', V1BETA1_INGRESS_SPEC),
    ])).toEqual([]);
  });

  test('an unknown Service field, with a suggestion', () => {
    const svc = service('web');
    svc.spec.ports[0].targetPortt = 8080;
    svc.spec.selectr = {};
    expectFinding('L01', [svc], 'spec.ports[0].targetPortt', 'Did you mean "targetPort"?');
    expectFinding('L01', [svc], 'spec.selectr', 'Service (v1)');
  });

  test('unknown fields at the top level and in metadata', () => {
    const svc = service('web');
    svc.specs = {};
    svc.metadata.label = { a: 'b' };
    expectFinding('L01', [svc], 'specs');
    expectFinding('L01', [svc], 'metadata.label', 'Did you mean "labels"?');
  });

  test('v1 Ingress fields in a v1beta1 Ingress, and the other way round', () => {
    expectFinding('L01', [ingress('extensions/v1beta1', V1_INGRESS_SPEC)], 'spec.defaultBackend');
    expectFinding('L01', [ingress('networking.k8s.io/v1', V1BETA1_INGRESS_SPEC)], 'spec.rules[0].http.paths[0].backend.serviceName');
  });

  test('an object or list of the wrong shape', () => {
    const svc = service('web');
    svc.spec.ports = { port: 80 };
    svc.metadata.labels = ['a'];
    expectFinding('L01', [svc], 'spec.ports', 'a list');
    expectFinding('L01', [svc], 'metadata.labels', 'a map');
    const bad = ingress('networking.k8s.io/v1', { rules: ['x'] });
    expectFinding('L01', [bad], 'spec.rules[0]', 'an object');
  });

  test('other kinds and API versions are not checked', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { anything: 1 } };
    const customService = { ...service('web'), apiVersion: 'serving.knative.dev/v1', spec: { template: {} } };
    expectNoFinding('L01', [deployment, customService]);
    expect(validateManifests([{ kind: 'Service', spec: { unknown: 1 } }])).toEqual([]);
  });

  test('the field table knows the Service and Ingress types', () => {
    const table = k8sFieldTable();
    expect(Object.keys(table.roots).sort()).toEqual(['extensions/v1beta1/Ingress', 'networking.k8s.io/v1/Ingress', 'networking.k8s.io/v1beta1/Ingress', 'v1/Service']);
    expect(table.types.ServiceSpec.ports).toBe('[ServicePort]');
    expect(table.types.ServicePort).toEqual({ appProtocol: '', name: '', nodePort: '', port: '', protocol: '', targetPort: '' });
    expect(table.types.ObjectMeta.labels).toBe('{}');
  });
});
