import { blueGreenRollout, expectFinding, expectNoFinding, findingsOf, routedRollout, service, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

const REQUIRE = { requireReferencedObjects: true };
const MANAGED_BY = 'argo-rollouts.argoproj.io/managed-by-rollouts';

describe('Referenced Services (V47-V49)', () => {
  test('a routed Rollout with both Services is valid', () => {
    const virtualService = { apiVersion: 'networking.istio.io/v1beta1', kind: 'VirtualService', metadata: { name: 'web' }, spec: { http: [{ name: 'primary', route: [{ destination: { host: 'web-stable' } }, { destination: { host: 'web-canary' } }] }] } };
    expect(validateManifests([routedRollout(), service('web-stable'), service('web-canary'), virtualService], REQUIRE)).toEqual([]);
  });

  describe('V47 missing Service', () => {
    test('reported only when referenced objects are required', () => {
      const manifests = [routedRollout(), service('web-stable')];
      expectFinding('V47', manifests, 'spec.strategy.canary.canaryService', '"web-canary"', REQUIRE);
      expectNoFinding('V47', manifests);
    });

    test('blue-green active and preview, in that order', () => {
      const findings = findingsOf('V47', [blueGreenRollout()], REQUIRE);
      expect(findings.map(f => f.path)).toEqual(['spec.strategy.blueGreen.activeService', 'spec.strategy.blueGreen.previewService']);
    });

    test('ping-pong Services', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary = {
        pingPong: { pingService: 'web-ping', pongService: 'web-pong' },
        trafficRouting: { alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' } },
      };
      expectFinding('V47', [rollout, service('web-ping')], 'spec.strategy.canary.pingPong.pongService', '"web-pong"', REQUIRE);
    });

    test('Services are matched by namespace', () => {
      const rollout = routedRollout();
      rollout.metadata.namespace = 'shop';
      const otherNamespace = service('web-stable', undefined, { metadata: { namespace: 'other' } });
      const noNamespace = service('web-canary');
      const finding = expectFinding('V47', [rollout, otherNamespace, noNamespace], 'spec.strategy.canary.stableService', '"shop"', REQUIRE);
      expect(finding.namespace).toBe('shop');
      // a Service without a namespace is applied into the Rollout's namespace (kubectl apply -n shop): not missing
      expect(findingsOf('V47', [rollout, otherNamespace, noNamespace], REQUIRE)).toHaveLength(1);

      const stable = service('web-stable', undefined, { metadata: { namespace: 'shop' } });
      const canary = service('web-canary', undefined, { metadata: { namespace: 'shop' } });
      expectNoFinding('V47', [rollout, stable, canary], REQUIRE);
    });

    test('only core Services count', () => {
      const knative = { ...service('web-stable'), apiVersion: 'serving.knative.dev/v1' };
      expectFinding('V47', [routedRollout(), knative, service('web-canary')], 'spec.strategy.canary.stableService', '"web-stable"', REQUIRE);
    });
  });

  describe('V48 Service selector vs template labels', () => {
    test('a selector value the template does not have', () => {
      const manifests = [routedRollout(), service('web-stable', { app: 'api' }), service('web-canary')];
      const finding = expectFinding('V48', manifests, 'spec.strategy.canary.stableService', 'app=api');
      expect(finding.message).toContain('"web"');
      expect(finding.value).toEqual({ app: 'api' });
    });

    test('a selector key the template lacks', () => {
      const manifests = [blueGreenRollout(), service('web-active', { app: 'web', tier: 'front' })];
      const finding = expectFinding('V48', manifests, 'spec.strategy.blueGreen.activeService', 'tier=front');
      expect(finding.fix).toBe('Correct the selector of Service "web-active" to select only labels the pods carry (the pod template labels are app: "web"); '
        + 'or, if the pods are meant to carry tier: "front", add that label to the pod template.');
    });

    test('the fix corrects the selector first: a misspelt key names the pod label it looks like', () => {
      const manifests = [blueGreenRollout(), service('web-active', { apq: 'web' })];
      const finding = expectFinding('V48', manifests, 'spec.strategy.blueGreen.activeService', 'apq=web');
      expect(finding.fix).toBe('Correct the selector of Service "web-active": apq looks like a typo of the pod label app, so select app: "web" instead; '
        + 'or, if the pods are meant to carry apq: "web", add that label to the pod template.');
    });

    test('the fix corrects the selector first: a wrong value names the value the pods carry', () => {
      const manifests = [blueGreenRollout(), service('web-active', { app: 'wbe' })];
      const finding = expectFinding('V48', manifests, 'spec.strategy.blueGreen.activeService', 'app=wbe');
      expect(finding.fix).toBe('Correct the selector of Service "web-active" to app: "web", the value the pod template sets; '
        + 'or, if the pods are meant to carry app: "wbe", change that label in the pod template.');
    });

    test('the pod-template-hash key is ignored', () => {
      const manifests = [routedRollout(), service('web-stable', { 'app': 'web', 'rollouts-pod-template-hash': 'abc123' }), service('web-canary')];
      expectNoFinding('V48', manifests);
    });

    test('with a workloadRef, the labels of the referenced Deployment are used', () => {
      const rollout = routedRollout();
      delete rollout.spec.selector;
      delete rollout.spec.template;
      rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-deploy' };
      const deployment = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web-deploy' },
        spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [] } } },
      };
      expectNoFinding('V48', [rollout, deployment, service('web-stable'), service('web-canary')]);
      expectFinding('V48', [rollout, deployment, service('web-stable', { app: 'other' })], 'spec.strategy.canary.stableService', 'app=other');
      // without the Deployment the labels are unknown, so nothing is reported
      expectNoFinding('V48', [rollout, service('web-stable', { app: 'other' })]);
    });
  });

  describe('V49 Service managed by another Rollout', () => {
    test('the annotation names another Rollout', () => {
      const stable = service('web-stable', undefined, { metadata: { annotations: { [MANAGED_BY]: 'legacy' } } });
      expectFinding('V49', [routedRollout(), stable], 'spec.strategy.canary.stableService', '"legacy"');
    });

    test('the annotation names this Rollout', () => {
      const stable = service('web-stable', undefined, { metadata: { annotations: { [MANAGED_BY]: 'web' } } });
      expectNoFinding('V49', [routedRollout(), stable]);
    });
  });
});
