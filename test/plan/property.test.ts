import * as fc from 'fast-check';
import { RolloutPlan } from '../../src/plan';

const SEED = 20261201;

/** An int-or-percent as users write it: an integer or "N%". */
const fencepost = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 100 }).map(n => `${n}%`));

const step = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map(w => ({ setWeight: w })),
  fc.constant({ pause: {} }),
  fc.integer({ min: 0, max: 600 }).map(s => ({ pause: { duration: s } })),
);

const basicCanary = fc.record({
  replicas: fc.integer({ min: 0, max: 25 }),
  maxSurge: fencepost,
  maxUnavailable: fencepost,
  steps: fc.array(step, { maxLength: 8 }),
}).filter(r => !(isZero(r.maxSurge) && isZero(r.maxUnavailable))); // both 0 is refused by validation

function isZero(v: number | string): boolean {
  return v === 0 || v === '0%';
}

function manifest(replicas: number, canary: any): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      replicas,
      template: { spec: { containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] } },
      strategy: { canary },
    },
  };
}

const routedCanary = fc.record({
  replicas: fc.integer({ min: 1, max: 20 }),
  dynamicStableScale: fc.boolean(),
  maxTrafficWeight: fc.constantFrom(undefined, 100, 1000),
  minPodsPerReplicaSet: fc.constantFrom(undefined, 1, 2, 3),
  steps: fc.array(fc.oneof(
    step,
    fc.integer({ min: 0, max: 10 }).map(r => ({ setCanaryScale: { replicas: r } })),
    fc.integer({ min: 0, max: 100 }).map(w => ({ setCanaryScale: { weight: w } })),
    fc.constant({ setCanaryScale: { matchTrafficWeight: true } }),
  ), { maxLength: 8 }),
  version: fc.constantFrom('1.8.3', '1.9.1', '1.10.0-rc1'),
});

describe('property: basic canary', () => {
  test('never more than replicas + maxSurge pods, never fewer than replicas - maxUnavailable available', () => {
    fc.assert(fc.property(basicCanary, r => {
      const plan = RolloutPlan.fromManifest(manifest(r.replicas, { maxSurge: r.maxSurge, maxUnavailable: r.maxUnavailable, steps: r.steps }));
      const most = r.replicas + plan.maxSurge;
      const least = r.replicas - plan.maxUnavailable;
      for (const s of plan.steps) {
        expect(s.peakPods).toBeLessThanOrEqual(most);
        for (const m of s.moves) {
          // created pods become available before the next reconcile: after a move all pods are available
          expect(m.totalPods).toBeLessThanOrEqual(most);
          expect(m.totalPods).toBeGreaterThanOrEqual(least);
        }
      }
    }), { seed: SEED, numRuns: 1500 });
  });

  test('an abort stays within replicas + maxSurge too', () => {
    fc.assert(fc.property(basicCanary, r => {
      const plan = RolloutPlan.fromManifest(manifest(r.replicas, { maxSurge: r.maxSurge, maxUnavailable: r.maxUnavailable, steps: r.steps }));
      expect(plan.abort.peakPods).toBeLessThanOrEqual(r.replicas + plan.maxSurge);
    }), { seed: SEED, numRuns: 500 });
  });
});

function checkEndsPromotedAndTotals(plan: RolloutPlan, replicas: number): void {
  const last = plan.steps[plan.steps.length - 1];
  expect(last).toMatchObject({ kind: 'promotion', name: 'full promotion', weight: 100, stablePods: replicas, canaryPods: 0, otherPods: 0, totalPods: replicas });
  checkTotals(plan);
}

function checkTotals(plan: RolloutPlan): void {
  const t = plan.totals;
  expect(t.peakPods).toBe(Math.max(...plan.steps.map(s => s.peakPods)));
  expect(t.minSeconds).toBe(plan.steps.reduce((n, s) => n + s.minSeconds, 0));
  expect(t.manualPromotions).toBe(plan.steps.filter(s => s.manualPromotion).length);
  expect(t.indefinite).toBe(plan.steps.some(s => s.indefinite));
  expect(t.peakCpuMillicores).toBe(t.peakPods * plan.podResources.cpuMillicores);
  expect(t.peakMemoryBytes).toBe(t.peakPods * plan.podResources.memoryBytes);
  for (const s of plan.steps) {
    expect(s.totalPods).toBe(s.stablePods + s.canaryPods + s.otherPods);
    expect(s.peakPods).toBeGreaterThanOrEqual(s.totalPods);
  }
}

describe('property: every plan ends fully promoted, and its totals are those of its steps', () => {
  test('basic canary', () => {
    fc.assert(fc.property(basicCanary, r => {
      const plan = RolloutPlan.fromManifest(manifest(r.replicas, { maxSurge: r.maxSurge, maxUnavailable: r.maxUnavailable, steps: r.steps }));
      checkEndsPromotedAndTotals(plan, r.replicas);
    }), { seed: SEED, numRuns: 1000 });
  });

  test('traffic-routed canary (setCanaryScale, dynamicStableScale, minPodsPerReplicaSet, maxTrafficWeight, each release)', () => {
    fc.assert(fc.property(routedCanary, r => {
      const canary = {
        trafficRouting: { nginx: { stableIngress: 'web' }, ...(r.maxTrafficWeight ? { maxTrafficWeight: r.maxTrafficWeight } : {}) },
        dynamicStableScale: r.dynamicStableScale,
        ...(r.minPodsPerReplicaSet ? { minPodsPerReplicaSet: r.minPodsPerReplicaSet } : {}),
        steps: r.steps.map(s => ('setWeight' in s && r.maxTrafficWeight === 1000 ? { setWeight: (s as any).setWeight * 10 } : s)),
      };
      const plan = RolloutPlan.fromManifest(manifest(r.replicas, canary), { version: r.version });
      // before 1.10 minPodsPerReplicaSet is not capped: a promoted Rollout runs at least that many pods
      const uncapped = r.version !== '1.10.0-rc1' && r.minPodsPerReplicaSet !== undefined ? r.minPodsPerReplicaSet : 0;
      checkEndsPromotedAndTotals(plan, Math.max(r.replicas, uncapped));
      for (const s of plan.steps) {
        expect(s.weight).toBeGreaterThanOrEqual(0);
        expect(s.weight).toBeLessThanOrEqual(100);
      }
    }), { seed: SEED, numRuns: 1000 });
  });

  test('blue-green', () => {
    const blueGreen = fc.record({
      replicas: fc.integer({ min: 1, max: 20 }),
      previewReplicaCount: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
      autoPromotionEnabled: fc.boolean(),
      scaleDownDelaySeconds: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
    });
    fc.assert(fc.property(blueGreen, r => {
      const ro = manifest(r.replicas, {});
      ro.spec.strategy = { blueGreen: { activeService: 'a', ...r } };
      delete ro.spec.strategy.blueGreen.replicas;
      const plan = RolloutPlan.fromManifest(ro);
      checkEndsPromotedAndTotals(plan, r.replicas);
      expect(plan.totals.peakPods).toBe(r.replicas + Math.max(r.replicas, r.previewReplicaCount ?? r.replicas));
    }), { seed: SEED, numRuns: 300 });
  });
});

// (how fast plans are is measured by `npm run bench`, never asserted in a test)
