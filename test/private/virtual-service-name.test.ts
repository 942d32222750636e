import { Chart, Testing } from 'cdk8s';
import { ArgoCdApplication, ArgoRolloutsApp, ArgoRolloutsVersion, Rollout, RolloutStrategy, RouterObject, TrafficRouting } from '../../src';
import { virtualServiceName } from '../../src/private/virtual-service-name';
import { validateManifests } from '../../src/validation/private';

// How the controller splits trafficRouting.istio.virtualService(s).name (utils/istio
// GetVirtualServiceNamespaceName): v1.9.1 takes fields[0] and fields[1]; v1.10.0-rc1 trims
// ".cluster.local", then takes the last field as the namespace and joins the rest as the name.
const CASES: ReadonlyArray<[string, [string, string], [string, string]]> = [
  // reference,                    1.9.1 [name, namespace],   1.10.0-rc1 [name, namespace]
  ['web', ['web', ''], ['web', '']],
  ['web.mesh', ['web', 'mesh'], ['web', 'mesh']],
  ['web.v2.mesh', ['web', 'v2'], ['web.v2', 'mesh']],
  ['my.virtual.service.istio', ['my', 'virtual'], ['my.virtual.service', 'istio']],
  ['test.namespace.cluster.local', ['test', 'namespace'], ['test', 'namespace']],
  ['web.cluster.local', ['web', 'cluster'], ['web', '']],
  ['web.', ['web', ''], ['web', '']],
];

describe('virtualServiceName: a dotted VirtualService reference, split as the controller of each release splits it', () => {
  test.each(CASES)('%p', (reference, old, latest) => {
    for (const version of ['1.8.3', '1.8.4', '1.9.1']) {
      expect([version, virtualServiceName(reference, version)]).toEqual([version, { name: old[0], namespace: old[1] }]);
    }
    expect(virtualServiceName(reference, '1.10.0-rc1')).toEqual({ name: latest[0], namespace: latest[1] });
    // the default release is 1.9.1
    expect(virtualServiceName(reference, undefined)).toEqual({ name: old[0], namespace: old[1] });
  });
});

describe('the rule engine (V63) and the fields the controller owns read a reference alike', () => {
  const rollout = (reference: string) => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
      strategy: { canary: { stableService: 'web-stable', canaryService: 'web-canary', trafficRouting: { istio: { virtualService: { name: reference, routes: ['primary'] } } } } },
    },
  });

  test.each(CASES.filter(([reference]) => reference.includes('.') && !reference.endsWith('.')))('%p', reference => {
    for (const version of ['1.9.1', '1.10.0-rc1']) {
      const { name, namespace } = virtualServiceName(reference, version);
      const ns = namespace === '' ? 'shop' : namespace;
      // V63 names the VirtualService it looked for
      const finding = validateManifests([rollout(reference)], { version, requireReferencedObjects: true }).find(f => f.ruleId === 'V63');
      expect(finding?.message).toEqual(`The VirtualService "${name}" does not exist among the manifests (looked for in namespace "${ns}").`);
      // the ignoreDifferences entry is for the same object
      const entry = ArgoCdApplication.ignoreDifferencesOf([rollout(reference)], ArgoRolloutsVersion.of(version)).find(e => e.kind === 'VirtualService');
      expect([version, entry?.name, entry?.namespace]).toEqual([version, name, ns]);
    }
  });

  test('an ArgoCdApplication reads the references with the app\'s release', () => {
    const entryOf = (version?: ArgoRolloutsVersion) => {
      const app = Testing.app();
      if (version) ArgoRolloutsApp.of(app).useVersion(version);
      const chart = new Chart(app, 'web', { namespace: 'shop' });
      new Rollout(chart, 'web', {
        metadata: { name: 'web' },
        containers: [{ name: 'web', image: 'web:1', portNumber: 8080 }],
        strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio({ virtualServices: [{ object: RouterObject.fromName('web.v2.mesh'), routes: ['primary'] }] })] }),
      });
      const application = new ArgoCdApplication(new Chart(app, 'argocd'), 'app', { source: { repoUrl: 'https://git.example.com/deploy.git' } });
      const spec = Testing.synth(Chart.of(application))[0].spec;
      return spec.ignoreDifferences.filter((e: any) => e.kind === 'VirtualService').map((e: any) => `${e.namespace}/${e.name}`);
    };
    expect(entryOf()).toEqual(['v2/web']);
    expect(entryOf(ArgoRolloutsVersion.V1_10_0_RC1)).toEqual(['mesh/web.v2']);
  });
});

describe('the Istio router refuses a dotted virtualServiceName, saying how each release would read it', () => {
  test('one reading when all releases agree, one per group of releases when they differ', () => {
    expect(() => TrafficRouting.istio({ virtualServiceName: 'web.v2' })).toThrow("as name.namespace ('web' in namespace 'v2'). Use a name without '.', e.g. 'web-v2'.");
    expect(() => TrafficRouting.istio({ virtualServiceName: 'web.v2.mesh' })).toThrow(
      "as name.namespace ('web.v2' in namespace 'mesh' with Argo Rollouts 1.10.0-rc1; 'web' in namespace 'v2' with Argo Rollouts 1.9.1, 1.8.4, 1.8.3).");
  });
});
