// The rules that differ between Argo Rollouts releases (the version table's `rules`): each one is
// checked against the release that has it and one that does not.
import { analysisTemplate, expectFinding, expectNoFinding, findingsOf, metric, routedRollout, service, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

const V1_9 = { version: '1.9.1' };
const V1_10 = { version: '1.10.0-rc1' };
const OLDER = ['1.8.3', '1.8.4', '1.9.1'];

/** A canary Rollout routed by a traffic-router plugin only. */
function pluginRollout(): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary = {
    canaryService: 'web-canary',
    stableService: 'web-stable',
    trafficRouting: { plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web', namespace: 'default' } } },
    steps: [{ setWeight: 20 }, { pause: {} }],
  };
  return rollout;
}

describe('ping-pong with a plugin router (V22)', () => {
  const rollout = () => {
    const r = pluginRollout();
    delete r.spec.strategy.canary.canaryService;
    delete r.spec.strategy.canary.stableService;
    r.spec.strategy.canary.pingPong = { pingService: 'web-ping', pongService: 'web-pong' };
    return r;
  };

  test.each(OLDER)('refused by %s, naming the release and the one that accepts it', version => {
    const f = expectFinding('V22', [rollout()], 'spec.strategy.canary.trafficRouting', `in Argo Rollouts ${version} ping-pong works only with alb or istio`, { version });
    expect(f.fix).toContain('or run Argo Rollouts 1.10.0-rc1, which accepts a traffic-router plugin here');
  });

  test('accepted by 1.10.0-rc1', () => {
    expectNoFinding('V22', [rollout()], V1_10);
  });

  test('1.10.0-rc1 still refuses other routers', () => {
    const r = rollout();
    r.spec.strategy.canary.trafficRouting = { nginx: { stableIngress: 'web' } };
    const f = expectFinding('V22', [r], 'spec.strategy.canary.trafficRouting', 'ping-pong works only with alb, istio or a traffic-router plugin', V1_10);
    expect(f.fix).not.toContain('or run Argo Rollouts');
  });
});

describe('setMirrorRoute with a plugin router (V40)', () => {
  const rollout = () => {
    const r = pluginRollout();
    r.spec.strategy.canary.steps = [{ setMirrorRoute: { name: 'mirror', percentage: 10 } }, { setWeight: 20 }];
    r.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'mirror' }];
    return r;
  };

  test.each(OLDER)('refused by %s', version => {
    const f = expectFinding('V40', [rollout()], 'spec.strategy.canary.steps[0].setMirrorRoute', `in Argo Rollouts ${version} mirror routes need istio`, { version });
    expect(f.fix).toContain('or run Argo Rollouts 1.10.0-rc1, which accepts a traffic-router plugin here');
  });

  test('accepted by 1.10.0-rc1', () => {
    expectNoFinding('V40', [rollout()], V1_10);
    expect(validateManifests([rollout()], V1_10).filter(f => f.severity === undefined)).toEqual([]);
  });

  test('without routing it is refused by every release', () => {
    const r = validRollout();
    r.spec.strategy.canary.steps = [{ setMirrorRoute: { name: 'mirror' } }];
    expectFinding('V40', [r], 'spec.strategy.canary.steps[0].setMirrorRoute', 'mirror routes need istio or a traffic-router plugin', V1_10);
  });
});

describe('DatadogMetric.requestTimeout', () => {
  const template = (requestTimeout: any) => analysisTemplate('dd', {
    metrics: [metric('errors', { provider: { datadog: { query: 'sum:errors{*}', requestTimeout } } })],
  });

  test.each(OLDER)('is not a field of %s: the API server would drop it (S06)', version => {
    expectFinding('S06', [template('30s')], 'spec.metrics[0].provider.datadog.requestTimeout', 'requestTimeout', { version });
  });

  test('is a field of 1.10.0-rc1', () => {
    expect(validateManifests([template('30s')], V1_10)).toEqual([]);
    expect(validateManifests([template('1m30s')], V1_10)).toEqual([]);
    // a placeholder is known at run time only
    expect(validateManifests([template('{{args.timeout}}')], V1_10).filter(f => f.ruleId === 'P02')).toEqual([]);
  });

  test.each([['0s', 'not above zero'], ['-5s', 'not above zero'], ['ten seconds', 'not a duration'], ['30', 'not a duration']])(
    'must be a positive duration in 1.10.0-rc1: %s', (value, why) => {
      const f = expectFinding('P02', [template(value)], 'spec.metrics[0].provider.datadog.requestTimeout', `"${value}", which is ${why}`, V1_10);
      expect(f.fix).toContain('positive duration');
    });
});

describe('minPodsPerReplicaSet above spec.replicas (V68, a warning)', () => {
  const rollout = (minPods: number, replicas: number | null = 3) => {
    const r = routedRollout();
    r.spec.strategy.canary.minPodsPerReplicaSet = minPods;
    if (replicas === null) delete r.spec.replicas; else r.spec.replicas = replicas;
    return [r, service('web-canary'), service('web-stable')];
  };

  test.each(OLDER)('%s does not cap it: a warning', version => {
    const f = expectFinding('V68', rollout(5), 'spec.strategy.canary.minPodsPerReplicaSet', `Argo Rollouts ${version} keeps at least 5 pods`, { version });
    expect(f.severity).toEqual('warning');
    expect(f.message).toContain('(1.10.0-rc1 caps it at spec.replicas)');
    expect(f.fix).toEqual('Lower minPodsPerReplicaSet to at most 3, or raise spec.replicas.');
    // 1.8 promotes at exactly spec.replicas available canary pods (shouldFullPromote), 1.9 at least that many
    expect(f.message).toContain(version.startsWith('1.8.')
      ? 'in the stable and in the canary ReplicaSet, and promotes the canary only when exactly 3 pods are available, so an update never reaches its full promotion'
      : 'in the stable and in the canary ReplicaSet, also once fully promoted');
  });

  test('a Rollout scaled to zero: the fix raises spec.replicas, never "at most 0"', () => {
    const f = expectFinding('V68', rollout(2, 0), 'spec.strategy.canary.minPodsPerReplicaSet', 'more than spec.replicas (0)', V1_9);
    expect(f.fix).toEqual('Raise spec.replicas to at least 2, or remove minPodsPerReplicaSet if the Rollout is to stay scaled to 0 pods.');
    expect(f.fix).not.toMatch(/at most 0/);
    const one = expectFinding('V68', rollout(1, 0), 'spec.strategy.canary.minPodsPerReplicaSet', 'keeps at least 1 pod in the stable', V1_9);
    expect(one.message).not.toContain('1 pods');
  });

  test('1.10.0-rc1 caps it', () => {
    expectNoFinding('V68', rollout(5), V1_10);
  });

  test('not above replicas, without traffic routing, or with replicas left to an autoscaler: nothing', () => {
    expectNoFinding('V68', rollout(3), V1_9);
    expectNoFinding('V68', rollout(5, null), V1_9);
    const basic = validRollout();
    basic.spec.strategy.canary.minPodsPerReplicaSet = 5;
    expectNoFinding('V68', [basic], V1_9);
  });
});

describe('VirtualService references with dots (V63)', () => {
  const manifests = (reference: string) => {
    const r = routedRollout();
    r.spec.strategy.canary.trafficRouting.istio.virtualService.name = reference;
    const vs = {
      apiVersion: 'networking.istio.io/v1beta1',
      kind: 'VirtualService',
      metadata: { name: 'web.vsvc', namespace: 'mesh' },
      spec: { hosts: ['web'], http: [{ name: 'primary', route: [{ destination: { host: 'web-stable' }, weight: 100 }, { destination: { host: 'web-canary' }, weight: 0 }] }] },
    };
    return [r, service('web-canary'), service('web-stable'), vs];
  };
  const options = (version: string) => ({ version, requireReferencedObjects: true });

  test('up to 1.9 the name is the part before the first dot', () => {
    expectFinding('V63', manifests('web.vsvc.mesh'), 'spec.strategy.canary.trafficRouting.istio.virtualService.name',
      'The VirtualService "web" does not exist among the manifests (looked for in namespace "vsvc")', options('1.9.1'));
  });

  test('from 1.10 the namespace is the part after the last dot, and .cluster.local is dropped', () => {
    expectNoFinding('V63', manifests('web.vsvc.mesh'), options('1.10.0-rc1'));
    expectNoFinding('V63', manifests('web.vsvc.mesh.cluster.local'), options('1.10.0-rc1'));
    expect(findingsOf('V63', manifests('web.vsvc.mesh.cluster.local'), options('1.9.1'))).toHaveLength(1);
  });
});
