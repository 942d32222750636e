import * as fc from 'fast-check';
import { template } from './fixtures';
import { RolloutPlan } from '../../src/plan';
import { readyForFullPromotion, readSpec, stepCompletion } from '../../src/plan/private/controller';
import { CanarySimulation } from '../../src/plan/private/simulate';
import { versionArithmetic } from '../../src/plan/private/versions';

// When a canary step ends: the counts are those the controller has when it moves on to the next step,
// worked out by hand from the controller's rules at each release:
// - a reconcile sets the router's weight first (from the ReplicaSets as read), then scales at most one
//   ReplicaSet (the stable from the weights as they were before this reconcile, else the canary, else
//   the older ones), then judges the step (completedCurrentCanaryStep) on the ReplicaSets as read at the
//   start of the reconcile and the weights just set: the scaling of that reconcile is not seen;
// - setWeight and setCanaryScale are complete when the canary has its count, all available (from 1.9:
//   or replicaProgressThreshold is met) and, unless the Rollout uses traffic routing with
//   dynamicStableScale, the stable has its count too; route steps are complete at once;
// - past the last step the Rollout is promoted in the first reconcile that reads at least spec.replicas
//   available canary pods (1.8: exactly spec.replicas; from 1.9: or replicaProgressThreshold is met).
// The plan lets created pods become available before the next reconcile.

const RELEASES = ['1.8.3', '1.8.4', '1.9.1', '1.10.0-rc1'];
const SMI = { smi: {} };
const NGINX = { nginx: { stableIngress: 'web' } };

function rollout(replicas: number, canary: any): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: template(), strategy: { canary } },
  };
}

/** Per step: [name, weight, stable, canary, peak]. */
function ends(plan: RolloutPlan): Array<[string, number, number, number, number]> {
  return plan.steps.map(s => [s.name, s.weight, s.stablePods, s.canaryPods, s.peakPods]);
}

function moves(plan: RolloutPlan, index: number): string[] {
  return plan.steps[index].moves.map(m => `${m.target} ${m.before}→${m.after}`);
}

describe.each(RELEASES)('dynamicStableScale: a step ends when the canary is at its count (%s)', version => {
  test('replicas 2, SMI, maxSurge 1, maxUnavailable 1, [setWeight 60, setWeight 54] (issue 27)', () => {
    const plan = RolloutPlan.fromManifest(rollout(2, {
      maxSurge: 1, maxUnavailable: 1, trafficRouting: SMI, dynamicStableScale: true, steps: [{ setWeight: 60 }, { setWeight: 54 }],
    }), { version });
    // setWeight 60: canary ceil(2 × 0.6) = 2; stable max(ceil(2 × 0.4), ceil(2 × 100%)) = 2 while the router is at 0.
    // R1: the canary 0 → 2 (4 pods). R2: the canary is at 2, all available: the router goes to 60/40 and the step is
    // complete (the stable is not checked): it moves on with 2 stable and 2 canary pods.
    // setWeight 54: R3 sets 54/46 and scales the stable from the weights read (40%: ceil(0.8) = 1), 2 → 1; the
    // canary (ceil(1.08) = 2) was at its count when read: complete with 1 stable pod.
    expect(ends(plan)).toEqual([
      ['setWeight: 60', 60, 2, 2, 4],
      ['setWeight: 54', 54, 1, 2, 4],
      ['full promotion', 100, 2, 0, 3],
    ]);
    expect(moves(plan, 0)).toEqual(['canary 0→2', 'traffic 0→60']);
    expect(moves(plan, 1)).toEqual(['traffic 60→54', 'stable 2→1']);
    expect(plan.totals.peakPods).toBe(4);
  });

  test('replicas 5, SMI, maxSurge 0, maxUnavailable 50%, [setCanaryScale weight 41, setWeight 63, setWeight 10] (issue 27)', () => {
    const plan = RolloutPlan.fromManifest(rollout(5, {
      maxSurge: 0,
      maxUnavailable: '50%',
      trafficRouting: SMI,
      dynamicStableScale: true,
      steps: [{ setCanaryScale: { weight: 41 } }, { setWeight: 63 }, { setWeight: 10 }],
    }), { version });
    // The setCanaryScale weight 41 stays in force to the last step: canary ceil(2.05) = 3, stable ceil(5 × 0.59) = 3
    // or more for the stable's traffic share.
    // setCanaryScale: R1 the canary 0 → 3 (8 pods); R2 the canary is at 3: complete (5 stable, router at 0).
    // setWeight 63: R3 sets 63/37 (the stable has the 1 pod 37% needs); the canary was at 3: complete, 5 stable.
    // setWeight 10: R4 sets 10/90 (trunc(4.5) = 4 ≤ 5 stable pods) and scales the stable from 63/37 to
    // max(3, ceil(1.85)) = 3; the canary was at 3: complete with 3 stable pods.
    // Past the last step: canary 5; stable max(0, ceil(5 × 90%)) = 5. The router cannot go past 10 (the canary is not
    // at its count): R5 the stable 3 → 5, R6 the canary 3 → 5 (10 pods), R7 reads 5 available canary pods: promoted.
    expect(ends(plan)).toEqual([
      ['setCanaryScale: weight 41', 0, 5, 3, 8],
      ['setWeight: 63', 63, 5, 3, 8],
      ['setWeight: 10', 10, 3, 3, 8],
      ['full promotion', 100, 5, 0, 10],
    ]);
    expect(moves(plan, 3).slice(0, 2)).toEqual(['stable 3→5', 'canary 3→5']);
    expect(plan.totals.peakPods).toBe(10);
  });

  test('a route step ends in its first reconcile: the stable the setWeight step left is scaled in it', () => {
    const plan = RolloutPlan.fromManifest(rollout(10, {
      trafficRouting: { managedRoutes: [{ name: 'h' }], istio: { virtualService: { name: 'web', routes: ['primary'] } } },
      dynamicStableScale: true,
      steps: [{ setWeight: 20 }, { setHeaderRoute: { name: 'h', match: [{ headerName: 'X', headerValue: { exact: 'b' } }] } }, { pause: {} }],
    }), { version });
    // setWeight 20: R1 the canary 0 → 2 (12 pods); R2 the router to 20/80, complete with 10 stable pods.
    // setHeaderRoute: R3 scales the stable from 20/80 (ceil(8) = 8), 10 → 8, and the step is complete in that
    // reconcile. The pause lets the scaling finish: nothing is left.
    expect(ends(plan).slice(0, 3)).toEqual([
      ['setWeight: 20', 20, 10, 2, 12],
      ['setHeaderRoute: h (header X = "b")', 20, 8, 2, 12],
      ['pause (until promoted)', 20, 8, 2, 10],
    ]);
    expect(moves(plan, 1)).toEqual(['stable 10→8']);
  });

  test('setCanaryScale: the step scales the stable the setWeight step left before it', () => {
    const plan = RolloutPlan.fromManifest(rollout(5, {
      trafficRouting: NGINX, dynamicStableScale: true, steps: [{ setWeight: 40 }, { setCanaryScale: { weight: 80 } }],
    }), { version });
    // setWeight 40: canary ceil(2) = 2; R1 the canary 0 → 2 (7 pods), R2 the router to 40/60: complete, 5 stable.
    // setCanaryScale weight 80: canary ceil(4) = 4, stable max(ceil(1), ceil(5 × 60%)) = 3; the router stays at 40
    // (the canary is short of pods: the last weight before the step). R3 the stable 5 → 3, R4 the canary 2 → 4
    // (7 pods), R5 reads the canary at 4: complete.
    expect(ends(plan).slice(0, 2)).toEqual([
      ['setWeight: 40', 40, 5, 2, 7],
      ['setCanaryScale: weight 80', 40, 3, 4, 7],
    ]);
    expect(moves(plan, 1)).toEqual(['stable 5→3', 'canary 2→4']);
  });

  test('minPodsPerReplicaSet: the count the step waits for has the minimum', () => {
    const plan = RolloutPlan.fromManifest(rollout(4, {
      trafficRouting: NGINX, dynamicStableScale: true, minPodsPerReplicaSet: 2, steps: [{ setWeight: 10 }, { setWeight: 60 }],
    }), { version });
    // setWeight 10: canary max(ceil(0.4), 2) = 2: R1 the canary 0 → 2 (6 pods), R2 the router to 10/90: complete.
    // setWeight 60: canary ceil(2.4) = 3; R3 the canary 2 → 3 (7 pods, the router stays at 10), R4 the router to
    // 60/40: complete; the stable keeps 4 (its share of 90%, read before R4's weights).
    // Past the last step: stable max(2, ceil(1.6)) = 2, canary 4: the stable 4 → 2, the canary 3 → 4, promoted.
    expect(ends(plan)).toEqual([
      ['setWeight: 10', 10, 4, 2, 6],
      ['setWeight: 60', 60, 4, 3, 7],
      ['full promotion', 100, 4, 0, 7],
    ]);
  });

  test('the abort peak is counted from the pods the step ends with', () => {
    const plan = RolloutPlan.fromManifest(rollout(5, {
      trafficRouting: SMI, dynamicStableScale: true, steps: [{ setWeight: 88 }, { setWeight: 70 }],
    }), { version });
    // setWeight 88: canary ceil(4.4) = 5: R1 the canary 0 → 5 (10 pods), R2 the router to 88/12: complete with 5
    // stable pods (the stable's scale-down to ceil(0.6) = 1 comes in the next reconcile). An abort there starts
    // from 10 pods and only scales down from there.
    expect(ends(plan)[0]).toEqual(['setWeight: 88', 88, 5, 5, 10]);
    expect(plan.steps[0].abortPods).toBe(10);
    expect(plan.abort.peakPods).toBe(10);
  });

  test('without dynamicStableScale the step still waits for the stable (its count is all replicas)', () => {
    const plan = RolloutPlan.fromManifest(rollout(10, { trafficRouting: NGINX, steps: [{ setWeight: 20 }, { setWeight: 50 }] }), { version });
    // the stable keeps 10 pods; the canary 2, then 5: each step ends when the canary is at its count
    expect(ends(plan)).toEqual([
      ['setWeight: 20', 20, 10, 2, 12],
      ['setWeight: 50', 50, 10, 5, 15],
      ['full promotion', 100, 10, 0, 20],
    ]);
  });
});

describe('replicaProgressThreshold ends a step early from 1.9', () => {
  const manifest = rollout(10, {
    trafficRouting: NGINX,
    dynamicStableScale: true,
    replicaProgressThreshold: { type: 'Pod', value: 1 },
    steps: [{ setWeight: 20 }, { setWeight: 60 }],
  });

  test.each(['1.8.3', '1.8.4'])('%s ignores it: setWeight 60 waits for 6 canary pods', version => {
    const plan = RolloutPlan.fromManifest(manifest, { version });
    // setWeight 60: R3 the stable from 20/80 to 8 (10 → 8), R4 the canary 2 → 6 (14 pods), R5 the router to
    // 60/40: complete with 8 stable and 6 canary pods. Aborted there: 1.8 drops the weight to what the stable
    // carries (100 - 80 = 20%) and scales the stable back to 10 next to the 6 canary pods (16).
    expect(ends(plan)[1]).toEqual(['setWeight: 60', 60, 8, 6, 14]);
    expect(plan.steps[1].abortPods).toBe(16);
  });

  test.each(['1.9.1', '1.10.0-rc1'])('%s: one available canary pod is enough', version => {
    const plan = RolloutPlan.fromManifest(manifest, { version });
    // setWeight 60: R3 reads 2 available canary pods (≥ 1): the router goes to 60/40 at once, the stable from
    // 20/80 to 8 (10 → 8), and the step is complete before the canary is scaled up: 8 stable, 2 canary.
    // Aborted there: the walk back finds no step with fewer canary pods than the 2 there are (weight 0); the
    // router goes to 20 (what 8 stable pods leave), the stable back to 10 (12 pods), then the canary to 0.
    expect(ends(plan)[1]).toEqual(['setWeight: 60', 60, 8, 2, 12]);
    expect(plan.steps[1].abortPods).toBe(12);
    // past the last step the promotion reads 2 available canary pods, which meets the threshold too: promoted
    // after the stable goes to 4 (the 40% it still has); the new stable then grows to 10 next to those 4 (14)
    expect(plan.steps[2].peakPods).toBe(14);
  });
});

describe('the controller\'s step-completion rules', () => {
  test('the first part of a step in the controller\'s order decides how it ends', () => {
    expect(stepCompletion({ setWeight: 20 })).toBe('counts');
    expect(stepCompletion({ setCanaryScale: { replicas: 1 } })).toBe('counts');
    expect(stepCompletion({ setHeaderRoute: { name: 'h' } })).toBe('atOnce');
    expect(stepCompletion({ setMirrorRoute: { name: 'm' } })).toBe('atOnce');
    expect(stepCompletion({ pause: {} })).toBe('waits');
    expect(stepCompletion({ analysis: { templates: [] } })).toBe('waits');
    expect(stepCompletion({ experiment: { templates: [] } })).toBe('waits');
    expect(stepCompletion({ plugin: { name: 'p' } })).toBe('waits');
    // pause comes before setWeight, setCanaryScale before the routes
    expect(stepCompletion({ setWeight: 20, pause: {} })).toBe('waits');
    expect(stepCompletion({ setCanaryScale: { replicas: 1 }, setHeaderRoute: { name: 'h' } })).toBe('counts');
    expect(stepCompletion({ setWeight: null, setHeaderRoute: { name: 'h' } })).toBe('atOnce');
  });

  test('the full promotion: 1.8 needs exactly spec.replicas available canary pods, 1.9 at least as many', () => {
    // minPodsPerReplicaSet 3 over 2 replicas (not capped before 1.10): the canary has 3 pods past the last step
    const spec = readSpec(rollout(2, { trafficRouting: NGINX, minPodsPerReplicaSet: 3, steps: [{ setWeight: 50 }] }));
    const three = { hash: 'canary', replicas: 3, available: 3 };
    const one = { hash: 'canary', replicas: 2, available: 1 };
    expect(readyForFullPromotion(spec, three, versionArithmetic('1.8.3'))).toBe(false);
    expect(readyForFullPromotion(spec, three, versionArithmetic('1.8.4'))).toBe(false);
    expect(readyForFullPromotion(spec, three, versionArithmetic('1.9.1'))).toBe(true);
    expect(readyForFullPromotion(spec, three, versionArithmetic('1.10.0-rc1'))).toBe(true);
    for (const version of RELEASES) {
      expect(readyForFullPromotion(spec, { hash: 'canary', replicas: 2, available: 2 }, versionArithmetic(version))).toBe(true);
      expect(readyForFullPromotion(spec, one, versionArithmetic(version))).toBe(false);
    }
    // a threshold of one pod promotes with one available canary pod, from 1.9
    const withThreshold = readSpec(rollout(2, { trafficRouting: NGINX, replicaProgressThreshold: { type: 'Pod', value: 1 }, steps: [] }));
    expect(readyForFullPromotion(withThreshold, one, versionArithmetic('1.8.4'))).toBe(false);
    expect(readyForFullPromotion(withThreshold, one, versionArithmetic('1.9.1'))).toBe(true);
  });
});

describe('minPodsPerReplicaSet above spec.replicas: what each release does at the end, in the notes', () => {
  const manifest = () => rollout(2, { trafficRouting: NGINX, minPodsPerReplicaSet: 3, steps: [{ setWeight: 50 }] });
  const note = (version: string) => RolloutPlan.fromManifest(manifest(), { version }).notes.find(n => n.startsWith('minPodsPerReplicaSet'));

  test('1.8: at least 3 canary pods, and the promotion needs exactly 2 available: the update never ends', () => {
    for (const version of ['1.8.3', '1.8.4']) {
      expect(note(version)).toBe(`minPodsPerReplicaSet (3) is more than spec.replicas (2): Argo Rollouts ${version} runs at least 3 canary pods and `
        + 'promotes only when exactly 2 are available, so the update never reaches its full promotion (the plan shows it as if it did). '
        + 'Lower it to at most 2 (1.10 caps it).');
    }
  });

  test('1.9: the promotion takes at least 2 available, and the 3 pods stay once promoted', () => {
    expect(note('1.9.1')).toBe('minPodsPerReplicaSet (3) is more than spec.replicas (2): Argo Rollouts 1.9.1 runs at least 3 pods in each ReplicaSet, '
      + 'also once fully promoted. Lower it to at most 2 (1.10 caps it).');
  });

  test('1.10 caps it', () => {
    expect(note('1.10.0-rc1')).toBe('minPodsPerReplicaSet (3) is more than spec.replicas (2); Argo Rollouts 1.10.0-rc1 caps it at 2.');
  });
});

describe('the abort peak: an abort can come at any reconcile, also in the middle of a step\'s scaling', () => {
  /** The most pods of an abort from each state the simulation passes through (`atReconcile`), or from the step ends only. */
  function abortPeaks(manifest: any, version: string): { atReconcile: number; atStepEnds: number } {
    const sim = new CanarySimulation(readSpec(manifest), versionArithmetic(version));
    const abortFrom = () => {
      const copy = sim.clone();
      copy.abort();
      return copy.settle().peak;
    };
    let atReconcile = 0;
    let atStepEnds = 0;
    for (const _ of manifest.spec.strategy.canary.steps) {
      sim.settle(() => { atReconcile = Math.max(atReconcile, abortFrom()); });
      atStepEnds = Math.max(atStepEnds, abortFrom());
      sim.nextStep();
    }
    return { atReconcile: Math.max(atReconcile, atStepEnds), atStepEnds };
  }

  // 1.8 scales the stable back to all replicas at once on an abort, so the step's end gives its peak;
  // from 1.9 the abort walks the setWeight steps back, and a state on the way to step 2's counts aborts higher
  test.each(['1.9.1', '1.10.0-rc1'])('5 replicas, dynamicStableScale, [setWeight 32, 71, 2, 56]: 9 pods when aborted while step 2 scales, 8 at its end (%s)', version => {
    const steps = [{ setWeight: 32 }, { setWeight: 71 }, { setWeight: 2 }, { setWeight: 56 }];
    const manifest = rollout(5, { maxSurge: '93%', maxUnavailable: '2%', trafficRouting: SMI, dynamicStableScale: true, steps });
    const peaks = abortPeaks(manifest, version);
    const plan = RolloutPlan.fromManifest(manifest, { version });
    expect(peaks.atReconcile).toBeGreaterThan(peaks.atStepEnds);
    expect(plan.abort.peakPods).toBe(Math.max(peaks.atReconcile, plan.steps[plan.steps.length - 1].abortPods));
    expect(plan.steps[2].abortPods).toBe(peaks.atReconcile);
  });

  test('over many canaries, the plan\'s abort peak is never below an abort from any reconcile', () => {
    const weight = fc.integer({ min: 0, max: 100 });
    const step = fc.oneof(weight.map(w => ({ setWeight: w })), weight.map(w => ({ setCanaryScale: { weight: w } })));
    const canary = fc.record({
      replicas: fc.integer({ min: 1, max: 10 }),
      maxSurge: fc.integer({ min: 1, max: 100 }).map(n => `${n}%`),
      maxUnavailable: fc.integer({ min: 0, max: 100 }).map(n => `${n}%`),
      steps: fc.array(step, { minLength: 1, maxLength: 5 }),
      version: fc.constantFrom(...RELEASES),
    });
    fc.assert(fc.property(canary, c => {
      const { replicas, version, ...fences } = c;
      const manifest = rollout(replicas, { ...fences, trafficRouting: SMI, dynamicStableScale: true });
      return RolloutPlan.fromManifest(manifest, { version }).abort.peakPods >= abortPeaks(manifest, version).atReconcile;
    }), { seed: 20261203, numRuns: 600 });
  });
});
