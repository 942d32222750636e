import { blueGreenExample, gettingStartedCanary, migration, template } from './fixtures';
import { RolloutPlan } from '../../src/plan';

// Expectations are worked out by hand from the controller's rules; the comments show the work.

function canary(replicas: number, strategy: any, extra: any = {}): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: template(), strategy: { canary: strategy }, ...extra },
  };
}

const ROUTED = { nginx: { stableIngress: 'web' } };

describe('the worked example: getting-started canary, 5 replicas, 25% / 25%', () => {
  const plan = RolloutPlan.fromManifest(gettingStartedCanary());

  test('maxSurge 2 (rounded up), maxUnavailable 1 (rounded down)', () => {
    expect(plan.maxSurge).toBe(2);
    expect(plan.maxUnavailable).toBe(1);
    expect(plan.strategy).toBe('canary');
  });

  test('at setWeight 20: 1 canary and 4 stable pods, reached by scaling the stable down first', () => {
    const step = plan.steps[0];
    expect(step).toMatchObject({ index: 0, kind: 'setWeight', weight: 20, stablePods: 4, canaryPods: 1, totalPods: 5, peakPods: 5 });
    // reconcile 1: stable 5 → 4 (4 available ≥ 5 - 1); reconcile 2: canary 0 → 1
    expect(step.moves).toEqual([
      { target: 'stable', before: 5, after: 4, totalPods: 4 },
      { target: 'canary', before: 0, after: 1, totalPods: 5 },
    ]);
  });

  test('every step: weight and pods; at most 7 pods (an abort scales the stable up within maxSurge)', () => {
    expect(plan.steps.map(s => [s.name, s.weight, s.stablePods, s.canaryPods])).toEqual([
      ['setWeight: 20', 20, 4, 1],
      ['pause (until promoted)', 20, 4, 1],
      ['setWeight: 40', 40, 3, 2],
      ['pause: 10s', 40, 3, 2],
      ['setWeight: 60', 60, 2, 3],
      ['pause: 10s', 60, 2, 3],
      ['setWeight: 80', 80, 1, 4],
      ['pause: 10s', 80, 1, 4],
      ['full promotion', 100, 5, 0],
    ]);
    expect(plan.totals.peakPods).toBe(5);
    // aborted at 80%: the stable goes 1 → 3 first (7 = 5 + maxSurge), then the canary 4 → 3, ...
    expect(plan.abort.peakPods).toBe(7);
    expect(plan.steps[6].abortPods).toBe(7);
  });

  test('totals: 30s of timed pauses, one manual promotion, CPU and memory of the peak', () => {
    expect(plan.totals).toEqual({
      peakPods: 5,
      peakCpuMillicores: 1250,
      peakMemoryBytes: 5 * 256 * 2 ** 20,
      minSeconds: 30,
      manualPromotions: 1,
      indefinite: true,
    });
    expect(plan.podResources).toEqual({ cpuMillicores: 250, memoryBytes: 256 * 2 ** 20, cpuSet: true, memorySet: true });
    expect(plan.notes).toEqual([]);
  });
});

describe('traffic-routed canary', () => {
  test('the stable stays at all replicas; the canary is added on top; the previous stable waits scaleDownDelaySeconds', () => {
    const plan = RolloutPlan.fromManifest(canary(10, { trafficRouting: ROUTED, steps: [{ setWeight: 30 }, { pause: { duration: '1m' } }] }));
    // 30% of 10 = 3 canary pods on top of 10 stable
    expect(plan.steps[0]).toMatchObject({ weight: 30, stablePods: 10, canaryPods: 3, totalPods: 13 });
    // the end: 10 canary pods + 10 stable pods until scaleDownDelaySeconds (30s) have passed
    expect(plan.steps[2]).toMatchObject({ kind: 'promotion', stablePods: 10, canaryPods: 0, peakPods: 20, minSeconds: 30 });
    expect(plan.totals).toMatchObject({ peakPods: 20, minSeconds: 90, manualPromotions: 0, indefinite: false });
  });

  test('setCanaryScale 15 with 10 replicas runs 25 pods', () => {
    const steps = [{ setCanaryScale: { replicas: 15 } }, { setWeight: 10 }, { pause: {} }];
    const plan = RolloutPlan.fromManifest(canary(10, { trafficRouting: ROUTED, steps }));
    expect(plan.steps[0]).toMatchObject({ stablePods: 10, canaryPods: 15, totalPods: 25, weight: 0 });
    expect(plan.steps[1]).toMatchObject({ stablePods: 10, canaryPods: 15, weight: 10 });
    expect(plan.totals.peakPods).toBe(25);
  });

  test('maxTrafficWeight 1000: a weight of 250 is 25% of the traffic', () => {
    const plan = RolloutPlan.fromManifest(canary(4, { trafficRouting: { ...ROUTED, maxTrafficWeight: 1000 }, steps: [{ setWeight: 250 }] }));
    expect(plan.steps[0]).toMatchObject({ weight: 25, canaryPods: 1, stablePods: 4 });
  });

  test('dynamicStableScale: the stable shrinks after the traffic has moved, so the peak is one step of canary pods', () => {
    const dss = { trafficRouting: ROUTED, dynamicStableScale: true, steps: [{ setWeight: 20 }, { setWeight: 50 }] };
    const plan = RolloutPlan.fromManifest(canary(10, dss));
    // setWeight 20: canary 2 (12 pods), traffic to 20, and the step is complete (the controller does not
    // wait for the stable with dynamicStableScale): it moves on with 10 stable pods
    expect(plan.steps[0]).toMatchObject({ stablePods: 10, canaryPods: 2, peakPods: 12 });
    // setWeight 50: the stable to 8 (for the 80% it still has), canary 5 (13 pods), traffic to 50: complete
    // with 8 stable pods (the full promotion scales it down)
    expect(plan.steps[1]).toMatchObject({ stablePods: 8, canaryPods: 5, peakPods: 13 });
    // without abortScaleDownDelaySeconds the canary goes as its traffic goes: never more than 10 + 3 pods
    expect(plan.abort.canaryScaleDownDelaySeconds).toBe(30);
    expect(plan.steps[1].abortPods).toBeLessThanOrEqual(13);
  });

  test('dynamicStableScale abort: 1.8 scales the stable up at once, 1.9 walks the steps back', () => {
    const dss = { trafficRouting: ROUTED, dynamicStableScale: true, steps: [{ setWeight: 20 }, { setWeight: 50 }, { setWeight: 80 }, { pause: {} }] };
    // aborted at 80% (2 stable, 8 canary of 10): 1.8 drops the weight to 0, the stable goes to 10
    // next to the 8 canary pods (18); 1.9 scales the stable for the previous step first (50%: 5 + 8 = 13)
    expect(RolloutPlan.fromManifest(canary(10, dss), { version: '1.8.3' }).steps[2].abortPods).toBe(18);
    expect(RolloutPlan.fromManifest(canary(10, dss)).steps[2].abortPods).toBe(13);
  });

  test('dynamicStableScale with abortScaleDownDelaySeconds: the plan says when the abort does not finish', () => {
    const steps = [{ setWeight: 20 }, { setWeight: 50 }, { pause: {} }];
    const dss = { trafficRouting: ROUTED, dynamicStableScale: true, abortScaleDownDelaySeconds: 60, steps };
    // 1.9, aborted at 50%: the walk back asks for 20% (8 stable), the canary (5) is kept until the stable
    // is whole, and the walk back reads the kept canary pods: it stays at 8 stable and 5 canary
    const notes = RolloutPlan.fromManifest(canary(10, dss)).notes.join('\n');
    expect(notes).toContain("Aborted at step 1 (setWeight: 50), the controller's arithmetic settles at 8 stable and 5 canary pods instead of 10 stable");
    expect(RolloutPlan.fromManifest(canary(10, dss), { version: '1.8.4' }).notes.join('\n')).not.toContain('Aborted at step');
  });

  test('abort keeps the canary for abortScaleDownDelaySeconds (default 30s, 0 = until undone)', () => {
    const kept = RolloutPlan.fromManifest(canary(4, { trafficRouting: ROUTED, steps: [{ setWeight: 50 }, { pause: {} }] }));
    expect(kept.abort.canaryScaleDownDelaySeconds).toBe(30);
    // at the pause: 4 stable + 2 canary while the delay runs; past the last step, until the full promotion,
    // the canary grows to all 4 replicas, and an abort then keeps 4 + 4 for the delay
    expect(kept.steps.map(st => st.abortPods)).toEqual([6, 6, 8]);
    expect(kept.abort.peakPods).toBe(8);
    const forever = RolloutPlan.fromManifest(canary(4, { trafficRouting: ROUTED, abortScaleDownDelaySeconds: 0, steps: [{ setWeight: 50 }] }));
    expect(forever.abort.canaryScaleDownDelaySeconds).toBe(-1);
  });

  test('minPodsPerReplicaSet: 1.9 runs 5 canary pods for a 3-replica Rollout, 1.10 caps them at 3', () => {
    const ro = canary(3, { trafficRouting: ROUTED, minPodsPerReplicaSet: 5, steps: [{ setWeight: 10 }] });
    expect(RolloutPlan.fromManifest(ro).steps[0].canaryPods).toBe(5);
    expect(RolloutPlan.fromManifest(ro, { version: '1.10.0-rc1' }).steps[0].canaryPods).toBe(3);
    expect(RolloutPlan.fromManifest(ro, { version: 'v1.10.0-rc1' }).version).toBe('1.10.0-rc1');
    // without a version, the controller Deployment among the manifests decides
    const controller = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'argo-rollouts' },
      spec: { template: { spec: { containers: [{ name: 'argo-rollouts', image: 'quay.io/argoproj/argo-rollouts:v1.10.0-rc1' }] } } },
    };
    expect(RolloutPlan.fromManifest(ro, { manifests: [controller] })).toMatchObject({ version: '1.10.0-rc1', steps: [{ canaryPods: 3 }, expect.anything()] });
    // and the promoted Rollout keeps 5 pods before 1.10
    const plan = RolloutPlan.fromManifest(ro);
    expect(plan.steps[plan.steps.length - 1]).toMatchObject({ kind: 'promotion', stablePods: 5 });
    expect(plan.notes.join('\n')).toContain('minPodsPerReplicaSet (5) is more than spec.replicas (3): Argo Rollouts 1.9.1 runs at least 5 pods in each ReplicaSet');
  });
});

describe('time and waits', () => {
  test('analysis: initialDelay + (count - 1) x interval of the slowest metric; experiment duration and pods', () => {
    const templateManifest = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisTemplate',
      metadata: { name: 'success-rate', namespace: 'shop' },
      spec: { metrics: [{ name: 'rate', initialDelay: '30s', interval: '1m', count: 5, provider: { web: { url: 'http://x' } } }] },
    };
    const ro = canary(4, {
      steps: [
        { setWeight: 25 },
        { analysis: { templates: [{ templateName: 'success-rate' }] } },
        { experiment: { duration: '10m', templates: [{ name: 'baseline', specRef: 'stable', replicas: 2 }, { name: 'canary', specRef: 'canary' }] } },
        { pause: { duration: '1h' } },
      ],
    });
    const plan = RolloutPlan.fromManifest(ro, { manifests: [templateManifest] });
    // the first measurement after 30s, four more one minute apart: 30 + 4 x 60 = 270s
    expect(plan.steps[1]).toMatchObject({ kind: 'analysis', minSeconds: 270, waitsFor: ['analysis success-rate'], indefinite: false });
    // the experiment runs 2 + 1 pods next to the Rollout's for 10 minutes
    expect(plan.steps[2]).toMatchObject({ kind: 'experiment', minSeconds: 600, otherPods: 3, totalPods: 7, peakPods: 7 });
    expect(plan.steps[3]).toMatchObject({ minSeconds: 3600, otherPods: 0 });
    expect(plan.totals.minSeconds).toBe(270 + 600 + 3600);
  });

  test('an analysis template that is not given is named in the notes; an analysis without count runs until stopped', () => {
    const endless = {
      kind: 'AnalysisTemplate',
      metadata: { name: 'watch' },
      spec: { metrics: [{ name: 'errors', interval: '5m', provider: { web: { url: 'http://x' } } }] },
    };
    const plan = RolloutPlan.fromManifest(canary(2, { steps: [{ analysis: { templates: [{ templateName: 'watch' }, { templateName: 'missing' }] } }] }), { manifests: [endless] });
    expect(plan.steps[0]).toMatchObject({ indefinite: true, minSeconds: 0 });
    expect(plan.notes.join('\n')).toMatch(/AnalysisTemplate "missing" is not among the manifests/);
  });

  test('resources not set are said so', () => {
    const ro = canary(2, { steps: [{ setWeight: 50 }] });
    ro.spec.template = { spec: { containers: [{ name: 'a', image: 'x', resources: { limits: { memory: '1Gi' } } }] } };
    const plan = RolloutPlan.fromManifest(ro);
    expect(plan.podResources).toEqual({ cpuMillicores: 0, memoryBytes: 2 ** 30, cpuSet: false, memorySet: true });
    expect(plan.notes[0]).toMatch(/Not every container sets a CPU request or limit/);
    expect(plan.toText()).toMatch(/not set/);
  });
});

describe('blue-green', () => {
  test('the example: 2 active + 2 preview pods until promoted, both for scaleDownDelaySeconds after', () => {
    const plan = RolloutPlan.fromManifest(blueGreenExample());
    expect(plan.strategy).toBe('blueGreen');
    expect(plan.steps.map(s => [s.kind, s.stablePods, s.canaryPods, s.weight, s.minSeconds, s.manualPromotion])).toEqual([
      ['preview', 2, 2, 0, 0, true],
      ['promotion', 2, 2, 100, 0, false],
      ['scaleDownDelay', 2, 2, 100, 30, false],
      ['promotion', 2, 0, 100, 0, false],
    ]);
    expect(plan.totals).toMatchObject({ peakPods: 4, minSeconds: 30, manualPromotions: 1 });
    expect(plan.abort).toMatchObject({ peakPods: 4, canaryScaleDownDelaySeconds: 30 });
  });

  test('previewReplicaCount, autoPromotionSeconds and scaleDownDelaySeconds', () => {
    const ro = blueGreenExample();
    ro.spec.replicas = 6;
    ro.spec.strategy.blueGreen = { activeService: 'a', previewReplicaCount: 1, autoPromotionSeconds: 120, scaleDownDelaySeconds: 600 };
    const plan = RolloutPlan.fromManifest(ro);
    expect(plan.steps[0]).toMatchObject({ stablePods: 6, canaryPods: 1, minSeconds: 120, manualPromotion: false });
    expect(plan.steps[1].moves[0]).toEqual({ target: 'canary', before: 1, after: 6, totalPods: 12 });
    expect(plan.steps[2].minSeconds).toBe(600);
    expect(plan.totals).toMatchObject({ peakPods: 12, minSeconds: 720 });
  });
});

describe('workloadRef migration', () => {
  test.each([
    ['never', [4, 8, 8], 8],
    ['onsuccess', [4, 8, 4], 8],
    ['progressively', [4, 8, 7, 4], 8],
  ])('scaleDown %s', (mode, totals, peak) => {
    const [rollout, deployment] = migration(mode as string);
    const plan = RolloutPlan.fromManifest(rollout, { manifests: [deployment] });
    expect(plan.migration!.phases.map(p => p.totalPods)).toEqual(totals);
    expect(plan.migration).toMatchObject({ workload: 'Deployment/web', scaleDown: mode, workloadReplicas: 4, peakPods: peak, peakCpuMillicores: 500 * (peak as number) });
    // the pod template comes from the Deployment
    expect(plan.podResources.cpuMillicores).toBe(500);
  });

  test('scaleDown defaults to never; a missing workload is assumed to run spec.replicas pods', () => {
    const [rollout] = migration('');
    const plan = RolloutPlan.fromManifest(rollout);
    expect(plan.migration).toMatchObject({ scaleDown: 'never', workloadReplicas: 4, peakPods: 8 });
    expect(plan.notes.join('\n')).toMatch(/Deployment "web" of the workloadRef is not among the manifests/);
  });
});

test('an HPA: totals at its minimum and maximum replicas', () => {
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { scaleTargetRef: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'web' }, minReplicas: 2, maxReplicas: 20 },
  };
  const plan = RolloutPlan.fromManifest(canary(4, { trafficRouting: ROUTED, steps: [{ setWeight: 50 }] }), { manifests: [hpa] });
  // traffic-routed: at the end the new and the previous version both run all replicas
  expect(plan.autoscaling).toMatchObject({ name: 'web', minReplicas: 2, maxReplicas: 20 });
  expect(plan.autoscaling!.atMinReplicas.peakPods).toBe(4);
  expect(plan.autoscaling!.atMaxReplicas.peakPods).toBe(40);
  expect(plan.autoscaling!.atMaxReplicas.peakCpuMillicores).toBe(40 * 250);
});

test('no strategy, or not a Rollout: a clear error', () => {
  expect(() => RolloutPlan.fromManifest({ kind: 'Rollout', metadata: { name: 'x' }, spec: {} })).toThrow(/neither spec.strategy.canary nor spec.strategy.blueGreen/);
  expect(() => RolloutPlan.fromManifest({ kind: 'Deployment' })).toThrow(/needs a Rollout manifest, not a "Deployment"/);
});
