import { nextReplicaCounts } from '../../src/plan';
import { approximateWeightedCounts, canaryFenceposts, readSpec } from '../../src/plan/private/controller';

// Every expectation below is worked out by hand from the controller's rules (utils/replicaset at
// the release named), not taken from the implementation.

/** A ReplicaSet manifest: hash label, spec.replicas, status.availableReplicas (all available by default). */
function rs(hash: string, replicas: number, available = replicas): any {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `web-${hash}`, labels: { 'rollouts-pod-template-hash': hash } },
    spec: { replicas },
    status: { availableReplicas: available },
  };
}

/** A canary Rollout in the middle of an update from `s` (stable) to `c` (canary). */
function canary(replicas: number, strategy: any, status: any = {}): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: { replicas, strategy: { canary: strategy } },
    status: { currentStepIndex: 0, stableRS: 's', currentPodHash: 'c', ...status },
  };
}

const ROUTED = { nginx: { stableIngress: 'web' } };

describe('maxSurge and maxUnavailable', () => {
  test('defaults: 25% of 5 is 2 surge (rounded up) and 1 unavailable (rounded down)', () => {
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 20 }] }), [rs('s', 5), rs('c', 0)]);
    expect(counts.maxSurge).toBe(2);
    expect(counts.maxUnavailable).toBe(1);
  });

  test('percentages round up (surge) and down (unavailable); integers are absolute', () => {
    expect(canaryFenceposts(readSpec(canary(10, { maxSurge: '15%', maxUnavailable: '15%' })))).toEqual({ surge: 2, unavailable: 1 });
    expect(canaryFenceposts(readSpec(canary(10, { maxSurge: 3, maxUnavailable: 0 })))).toEqual({ surge: 3, unavailable: 0 });
  });

  test('a string without % is still a percentage for the controller ("2" of 5 replicas is 2%, not 2 pods)', () => {
    // 2% of 5 = 0.1: surge rounds up to 1, unavailable down to 0
    expect(canaryFenceposts(readSpec(canary(5, { maxSurge: '2', maxUnavailable: '2' })))).toEqual({ surge: 1, unavailable: 0 });
  });

  test('both resolving to 0 makes maxUnavailable 1', () => {
    // maxSurge 0; 25% of 3 is 0.75, rounded down to 0
    expect(canaryFenceposts(readSpec(canary(3, { maxSurge: 0 })))).toEqual({ surge: 0, unavailable: 1 });
  });

  test('maxUnavailable is capped at spec.replicas and is 0 for 0 replicas', () => {
    expect(nextReplicaCounts(canary(2, { maxUnavailable: 5 }), []).maxUnavailable).toBe(2);
    expect(nextReplicaCounts(canary(0, {}), []).maxUnavailable).toBe(0);
  });

  test('a string that is not a number resolves both to 0', () => {
    expect(canaryFenceposts(readSpec(canary(4, { maxSurge: 'lots' })))).toEqual({ surge: 0, unavailable: 0 });
  });
});

describe('basic canary', () => {
  test('the worked example: 5 replicas, setWeight 20 aims at 1 canary and 4 stable pods', () => {
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 20 }] }), [rs('s', 5), rs('c', 0)]);
    expect(counts).toMatchObject({ strategy: 'canary', canary: 1, stable: 4, weight: 20 });
  });

  test('rounding at .5: the larger canary count wins, and a surge pod gets exactly 50%', () => {
    // 3 replicas at 50%: 1.5 pods. Without surge: 2 canary + 1 stable. With surge: 2 + 2.
    expect(approximateWeightedCounts(3, 50, 100, 0)).toEqual({ canary: 2, stable: 1 });
    expect(approximateWeightedCounts(3, 50, 100, 1)).toEqual({ canary: 2, stable: 2 });
    // 5 replicas at 10%: 0.5 pods; a weight between 0 and 100 never gives 0 canary pods
    expect(approximateWeightedCounts(5, 10, 100, 0)).toEqual({ canary: 1, stable: 4 });
  });

  test('weights 0 and 100', () => {
    expect(approximateWeightedCounts(5, 0, 100, 2)).toEqual({ canary: 0, stable: 5 });
    expect(approximateWeightedCounts(5, 100, 100, 2)).toEqual({ canary: 5, stable: 0 });
    // at setWeight 100 from 5 stable: the surge makes room for 2 canary pods while 1 stable goes
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 100 }] }), [rs('s', 5), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 2, stable: 4 });
  });

  test('surge on: the canary is added first, nothing may become unavailable', () => {
    // 10 replicas, weight 30, maxSurge 3, maxUnavailable 0
    const counts = nextReplicaCounts(canary(10, { maxSurge: 3, maxUnavailable: 0, steps: [{ setWeight: 30 }] }), [rs('s', 10), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 3, stable: 10 });
  });

  test('surge off: the stable shrinks first, within maxUnavailable', () => {
    // 10 replicas, weight 30, maxSurge 0, maxUnavailable 5: 7 stable now, the canary next reconcile
    const counts = nextReplicaCounts(canary(10, { maxSurge: 0, maxUnavailable: 5, steps: [{ setWeight: 30 }] }), [rs('s', 10), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 0, stable: 7 });
  });

  test('older ReplicaSets are drained first; the stable and canary are not scaled down meanwhile', () => {
    // 5 replicas: older 2, stable 3, canary 0. Surge room 2: stable to 4, canary to 1.
    // Older: 5 available, at least 4 must stay: 1 older pod may go.
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 20 }] }), [rs('v0', 2), rs('s', 3), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 1, stable: 4, older: 1 });
  });

  test('unavailable canary pods do not count towards the minimum available', () => {
    // 5 replicas, 1 canary pod created but not ready, 5 stable: while the canary grows, the stable's
    // spec and the canary's available pods count
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 40 }] }), [rs('s', 5), rs('c', 1, 0)]);
    // desired 2/3; surge room 7-6 = 1 → canary 2; scale down: 0 (canary available) + 5 = 5 > 4 → stable to max(3, 4) = 4
    expect(counts).toMatchObject({ canary: 2, stable: 4 });
  });

  test('setCanaryScale is ignored without traffic routing', () => {
    const counts = nextReplicaCounts(canary(5, { steps: [{ setCanaryScale: { replicas: 3 } }, { setWeight: 20 }] }, { currentStepIndex: 1 }), [rs('s', 5), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 1, stable: 4, weight: 20 });
  });

  test('no stable yet (first revision): the new ReplicaSet gets all replicas', () => {
    const counts = nextReplicaCounts(canary(5, { steps: [{ setWeight: 20 }] }, { stableRS: '' }), [rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 5, stable: 0 });
  });
});

describe('traffic-routed canary', () => {
  test('pods from the weight, rounded up; the stable stays at all replicas', () => {
    // 5 replicas at 30%: 1.5 → 2 canary pods
    const counts = nextReplicaCounts(canary(5, { trafficRouting: ROUTED, steps: [{ setWeight: 30 }] }), [rs('s', 5), rs('c', 0)]);
    expect(counts).toMatchObject({ strategy: 'trafficRoutedCanary', canary: 2, stable: 5 });
  });

  test('maxTrafficWeight other than 100: the weight is read against it', () => {
    // 10 replicas, weight 150 of 1000: 1.5 → 2
    const counts = nextReplicaCounts(canary(10, { trafficRouting: { ...ROUTED, maxTrafficWeight: 1000 }, steps: [{ setWeight: 150 }] }), [rs('s', 10), rs('c', 0)]);
    expect(counts).toMatchObject({ canary: 2, stable: 10, weight: 150 });
  });

  test('setCanaryScale replicas and weight; matchTrafficWeight ends it', () => {
    const steps = [
      { setCanaryScale: { replicas: 3 } }, { setWeight: 10 }, { setCanaryScale: { weight: 50 } }, { setCanaryScale: { matchTrafficWeight: true } },
    ];
    const at = (i: number) => nextReplicaCounts(canary(5, { trafficRouting: ROUTED, steps }, { currentStepIndex: i }), [rs('s', 5), rs('c', 0)]);
    expect(at(1)).toMatchObject({ canary: 3, stable: 5, weight: -1 });
    expect(at(2)).toMatchObject({ canary: 3, stable: 5, weight: 50 }); // 2.5 → 3
    expect(at(3)).toMatchObject({ canary: 1, stable: 5, weight: 10 }); // back to setWeight 10: 0.5 → 1
  });

  test('10 replicas with setCanaryScale 15 run 25 pods', () => {
    const counts = nextReplicaCounts(canary(10, { trafficRouting: ROUTED, steps: [{ setCanaryScale: { replicas: 15 } }] }), [rs('s', 10), rs('c', 0)]);
    expect(counts.canary + counts.stable).toBe(25);
  });

  test('setCanaryScale is dropped on abort, unless abortScaleDownDelaySeconds is 0', () => {
    const steps = [{ setCanaryScale: { replicas: 3 } }];
    const aborted = (extra: any) => nextReplicaCounts(canary(5, { trafficRouting: ROUTED, steps, ...extra }, { abort: true }), [rs('s', 5), rs('c', 3)]);
    expect(aborted({}).canary).toBe(0);
    expect(aborted({ abortScaleDownDelaySeconds: 0 }).canary).toBe(3);
  });

  test('minPodsPerReplicaSet: 1.9 raises the canary to it, 1.10 caps it at spec.replicas', () => {
    const ro = canary(3, { trafficRouting: ROUTED, minPodsPerReplicaSet: 5, steps: [{ setWeight: 10 }] });
    expect(nextReplicaCounts(ro, [rs('s', 3), rs('c', 0)]).canary).toBe(5);
    expect(nextReplicaCounts(ro, [rs('s', 3), rs('c', 0)], { version: '1.8.3' }).canary).toBe(5);
    expect(nextReplicaCounts(ro, [rs('s', 3), rs('c', 0)], { version: '1.10.0-rc1' }).canary).toBe(3);
  });

  test('minPodsPerReplicaSet does nothing without traffic routing', () => {
    const ro = canary(3, { minPodsPerReplicaSet: 2, steps: [{ setWeight: 10 }] });
    expect(approximateWeightedCounts(3, 10, 100, 1)).toEqual({ canary: 1, stable: 3 });
    expect(nextReplicaCounts(ro, [rs('s', 3), rs('c', 0)]).canary).toBe(1);
  });

  test('dynamicStableScale: the stable follows the higher of the desired and the current stable weight', () => {
    const dss = { trafficRouting: ROUTED, dynamicStableScale: true, steps: [{ setWeight: 30 }] };
    const ro = canary(10, dss, { canary: { weights: { canary: { weight: 0 }, stable: { weight: 100 } } } });
    // canary ceil(3) = 3; stable max(ceil(7), ceil(10)) = 10 until the traffic has moved
    expect(nextReplicaCounts(ro, [rs('s', 10), rs('c', 0)])).toMatchObject({ canary: 3, stable: 10 });
    const moved = canary(10, dss, { canary: { weights: { canary: { weight: 30 }, stable: { weight: 70 } } } });
    expect(nextReplicaCounts(moved, [rs('s', 10), rs('c', 3)])).toMatchObject({ canary: 3, stable: 7 });
  });

  test('dynamicStableScale with abort: 1.9 walks the steps back, 1.8 goes to weight 0 at once', () => {
    // 10 replicas, aborted at 50/50 with 5 stable and 5 canary pods available
    const ro = canary(10, { trafficRouting: ROUTED, dynamicStableScale: true, steps: [{ setWeight: 20 }, { setWeight: 50 }, { pause: {} }] },
      { abort: true, canary: { weights: { canary: { weight: 50 }, stable: { weight: 50 } } } });
    const sets = [rs('s', 5), rs('c', 5)];
    // 1.9: 5 canary pods to shed; the last setWeight with fewer pods is 20 → stable ceil(8) = 8,
    // canary held at the current traffic: ceil(5) = 5; the router keeps 50 until the stable can take 80
    expect(nextReplicaCounts(ro, sets)).toMatchObject({ canary: 5, stable: 8, weight: 20, routerWeight: 50 });
    // 1.8: weight 0 → stable 10 at once, canary held at the current traffic: 5
    expect(nextReplicaCounts(ro, sets, { version: '1.8.4' })).toMatchObject({ canary: 5, stable: 10, weight: 0, routerWeight: 50 });
  });
});

describe('blue-green', () => {
  function blueGreen(bg: any, status: any): any {
    return { kind: 'Rollout', metadata: { name: 'web' }, spec: { replicas: 5, strategy: { blueGreen: { activeService: 'a', ...bg } } }, status };
  }
  const updating = { stableRS: 'old', currentPodHash: 'new', blueGreen: { activeSelector: 'old' } };

  test('previewReplicaCount until promotion, then all replicas', () => {
    const sets = [rs('old', 5), rs('new', 0)];
    expect(nextReplicaCounts(blueGreen({ previewReplicaCount: 2 }, updating), sets)).toMatchObject({ strategy: 'blueGreen', canary: 2, stable: 5 });
    expect(nextReplicaCounts(blueGreen({ previewReplicaCount: 2 }, { ...updating, promoteFull: true }), sets).canary).toBe(5);
    expect(nextReplicaCounts(blueGreen({ previewReplicaCount: 2 }, { ...updating, blueGreen: { activeSelector: 'new' } }), sets).canary).toBe(5);
    // resumed after the pause, past the preview checkpoint: scaled up before the switch
    expect(nextReplicaCounts(blueGreen({ previewReplicaCount: 2 }, { ...updating, blueGreen: { activeSelector: 'old', scaleUpPreviewCheckPoint: true } }), sets).canary).toBe(5);
  });

  test('without previewReplicaCount the preview gets all replicas; scaleDownDelaySeconds defaults to 30', () => {
    const counts = nextReplicaCounts(blueGreen({}, updating), [rs('old', 5), rs('new', 0)]);
    expect(counts).toMatchObject({ canary: 5, stable: 5, scaleDownDelaySeconds: 30, abortScaleDownDelaySeconds: 30 });
  });
});

test('an unknown version is refused with the known ones', () => {
  const ro = canary(5, { steps: [{ setWeight: 20 }] });
  expect(() => nextReplicaCounts(ro, [], { version: '1.7.0' })).toThrow(/1\.7\.0.*1\.10\.0-rc1, 1\.9\.1, 1\.8\.4, 1\.8\.3/);
});

test('arguments of the wrong type are refused with an error naming them, never a TypeError', () => {
  const rollout = { kind: 'Rollout', spec: { replicas: 2, strategy: { canary: {} } } };
  for (const [args, argument] of [[[null, []], 'rollout'], [[rollout, 5], 'replicaSets'], [[rollout, [], 7], 'options']] as const) {
    let error: any;
    try {
      (nextReplicaCounts as any)(...args);
    } catch (e) {
      error = e;
    }
    expect({ argument, typeError: error instanceof TypeError, names: String(error?.message).includes(`'${argument}'`) })
      .toEqual({ argument, typeError: false, names: true });
  }
});
