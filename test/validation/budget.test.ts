import { Finding, validateManifests, ValidationOptions } from '../../src/validation/private';
import { blueGreenExample, gettingStartedCanary, migration, template } from '../plan/fixtures';

// Peaks are the plan's (docs/plan.md): blue-green with 2 replicas runs 4 pods at the switch; each pod
// of template() requests 250m CPU and 256Mi memory, so 4 pods request 1 CPU and 1Gi.

function budgetFindings(manifests: any[], options: ValidationOptions = {}): Finding[] {
  return validateManifests(manifests, options).filter(f => f.ruleId.startsWith('B'));
}

function annotated(rollout: any, annotations: Record<string, string>): any {
  rollout.metadata.annotations = annotations;
  return rollout;
}

function quota(hard: Record<string, string>, extra: any = {}): any {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'team', ...extra.metadata }, spec: { hard, ...extra.spec } };
}

describe('B01: the Rollout\'s own budget (annotations)', () => {
  test('blue-green: 4 pods at the switch exceed a budget of 3 pods', () => {
    const findings = budgetFindings([annotated(blueGreenExample(), { 'budget.argo-rollouts.cdk8s.io/pods': '3' })]);
    expect(findings).toEqual([expect.objectContaining({
      ruleId: 'B01',
      path: 'spec.strategy.blueGreen',
      message: 'At its peak the update needs 4 pods, more than the budget of annotation budget.argo-rollouts.cdk8s.io/pods allows: 3 pods.',
      value: '4 pods',
    })]);
    expect(findings[0].fix).toMatch(/^Blue-green runs both versions in full at the switch \(2 \+ 2 pods\).*dynamicStableScale: true.*raise the Rollout's budget\.$/);
  });

  test('a budget equal to the peak holds', () => {
    expect(budgetFindings([annotated(blueGreenExample(), { 'budget.argo-rollouts.cdk8s.io/pods': '4' })])).toEqual([]);
  });

  test('CPU and memory: the requests of the peak\'s pods, compared exactly', () => {
    const findings = budgetFindings([annotated(blueGreenExample(), {
      'budget.argo-rollouts.cdk8s.io/cpu': '999m',
      'budget.argo-rollouts.cdk8s.io/memory': '1023Mi',
    })]);
    expect(findings.map(f => f.message)).toEqual([
      'At its peak the update needs 1 CPU requested, more than the budget of annotation budget.argo-rollouts.cdk8s.io/cpu allows: 999m CPU.',
      'At its peak the update needs 1Gi memory requested, more than the budget of annotation budget.argo-rollouts.cdk8s.io/memory allows: 1023Mi memory.',
    ]);
    expect(budgetFindings([annotated(blueGreenExample(), {
      'budget.argo-rollouts.cdk8s.io/cpu': '1',
      'budget.argo-rollouts.cdk8s.io/memory': '1Gi',
    })])).toEqual([]);
  });

  test('a value that is not a budget is reported at its annotation', () => {
    const findings = budgetFindings([annotated(blueGreenExample(), {
      'budget.argo-rollouts.cdk8s.io/pods': 'four',
      'budget.argo-rollouts.cdk8s.io/memory': '1 GB',
    })]);
    expect(findings.map(f => [f.path, f.value])).toEqual([
      ["metadata.annotations['budget.argo-rollouts.cdk8s.io/pods']", 'four'],
      ["metadata.annotations['budget.argo-rollouts.cdk8s.io/memory']", '1 GB'],
    ]);
    expect(findings[0].message).toContain('is not a whole number of pods');
    expect(findings[1].fix).toContain('"budget.argo-rollouts.cdk8s.io/memory": "8Gi"');
  });

  test('basic canary: the fix names maxSurge with its value', () => {
    // 5 replicas, maxSurge 1, maxUnavailable 0: the update runs 6 pods, and so does an abort
    const rollout = gettingStartedCanary();
    Object.assign(rollout.spec.strategy.canary, { maxSurge: 1, maxUnavailable: 0 });
    const update = budgetFindings([annotated(rollout, { 'budget.argo-rollouts.cdk8s.io/pods': '4' })]);
    expect(update).toEqual([expect.objectContaining({ path: 'spec.strategy.canary', message: expect.stringContaining('the update needs 6 pods') })]);
    expect(update[0].fix).toContain('Lower maxSurge (now 1: at most 5 + 1 pods');
    // 5 replicas, maxSurge 2 (25%): the update runs 5 pods, an abort 7 (docs/plan.md)
    const aborted = budgetFindings([annotated(gettingStartedCanary(), { 'budget.argo-rollouts.cdk8s.io/pods': '5' })]);
    expect(aborted).toEqual([expect.objectContaining({ message: expect.stringContaining('an abort of the update (at the step where an abort needs most) needs 7 pods') })]);
    expect(aborted[0].fix).toContain('Lower maxSurge (now 2: the stable grows back by up to that many pods');
  });

  test('traffic-routed canary without dynamicStableScale: the fix names it', () => {
    const rollout = annotated(gettingStartedCanary(), { 'budget.argo-rollouts.cdk8s.io/pods': '5' });
    rollout.spec.strategy.canary = { canaryService: 'c', stableService: 's', trafficRouting: { nginx: { stableIngress: 'web' } }, steps: [{ setWeight: 40 }] };
    // the 5 stable pods stay up while the canary grows: to 2 at 40%, to all 5 before the full
    // promotion, and the previous stable is kept for scaleDownDelaySeconds: 10 pods
    const findings = budgetFindings([rollout]);
    expect(findings).toEqual([expect.objectContaining({ message: expect.stringContaining('needs 10 pods') })]);
    expect(findings[0].fix).toMatch(/^Set dynamicStableScale: true/);
  });
});

describe('the migration and HPA peaks count', () => {
  test('a workloadRef migration runs the Deployment\'s pods next to the Rollout\'s: 4 + 4', () => {
    const manifests = migration('onsuccess');
    annotated(manifests[0], { 'budget.argo-rollouts.cdk8s.io/pods': '6' });
    const findings = budgetFindings(manifests);
    expect(findings).toEqual([expect.objectContaining({
      ruleId: 'B01',
      path: 'spec.workloadRef.scaleDown',
      message: 'At its peak the workloadRef migration from Deployment/web (scaleDown: onsuccess) needs 8 pods, more than the budget of annotation budget.argo-rollouts.cdk8s.io/pods allows: 6 pods.',
    })]);
    expect(findings[0].fix).toMatch(/^Use scaleDown: progressively/);
  });

  test('an HPA\'s maxReplicas: the update at the most replicas', () => {
    const rollout = annotated(blueGreenExample(), { 'budget.argo-rollouts.cdk8s.io/pods': '10' });
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: { scaleTargetRef: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'rollout-bluegreen' }, minReplicas: 2, maxReplicas: 6 },
    };
    expect(budgetFindings([rollout])).toEqual([]);
    const findings = budgetFindings([rollout, hpa]);
    expect(findings).toEqual([expect.objectContaining({ message: expect.stringContaining('the update at the maxReplicas (6) of HorizontalPodAutoscaler "web" needs 12 pods') })]);
    expect(findings[0].fix).toMatch(/^Lower the HorizontalPodAutoscaler's maxReplicas/);
  });
});

describe('B02: the app-wide budget (options.budget)', () => {
  test('applies to every Rollout', () => {
    const other = gettingStartedCanary();
    const findings = budgetFindings([blueGreenExample(), other], { budget: { pods: 4, cpu: '1' } });
    // the blue-green example holds (4 pods, 1 CPU, and so does its abort); the canary's abort needs 7 pods
    expect(findings.map(f => [f.ruleId, f.name, f.message])).toEqual([
      ['B02', 'rollouts-demo', 'At its peak an abort of the update (at the step where an abort needs most) needs 7 pods, more than the app-wide budget allows: 4 pods.'],
      ['B02', 'rollouts-demo', 'At its peak an abort of the update (at the step where an abort needs most) needs 1.75 CPU requested, more than the app-wide budget allows: 1 CPU.'],
    ]);
    expect(findings[0].fix).toMatch(/raise the app-wide budget: a budget that holds the update but not its abort fails when a rollback is needed most\.$/);
  });

  test('an app-wide budget that is not one is reported', () => {
    const findings = budgetFindings([blueGreenExample()], { budget: { memory: 'lots' } });
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'B02', path: 'metadata', value: 'lots' })]);
  });

  test('no budget, no finding', () => {
    expect(budgetFindings([blueGreenExample(), gettingStartedCanary()])).toEqual([]);
  });
});

describe('B03: a ResourceQuota of the Rollout\'s namespace', () => {
  const inShop = (rollout: any) => {
    rollout.metadata.namespace = 'shop';
    return rollout;
  };

  test('hard pods, requests.cpu and memory', () => {
    const findings = budgetFindings([inShop(blueGreenExample()), quota({ 'pods': '3', 'requests.cpu': '500m', 'memory': '2Gi' }, { metadata: { namespace: 'shop' } })]);
    expect(findings.map(f => [f.ruleId, f.message])).toEqual([
      ['B03', 'At its peak the update needs 4 pods, more than the ResourceQuota "team" (hard pods) allows: 3 pods; the API server refuses the pods beyond it, and the other pods of the namespace count against it too.'],
      ['B03', 'At its peak the update needs 1 CPU requested, more than the ResourceQuota "team" (hard requests.cpu) allows: 500m CPU; the API server refuses the pods beyond it, and the other pods of the namespace count against it too.'],
    ]);
    expect(findings[0].fix).toMatch(/raise the quota\.$/);
  });

  test('cpu and requests.cpu both set: the smaller applies', () => {
    const findings = budgetFindings([blueGreenExample(), quota({ 'cpu': '900m', 'requests.cpu': '2' })]);
    expect(findings.map(f => f.message)).toEqual([expect.stringContaining('ResourceQuota "team" (hard cpu) allows: 900m CPU')]);
  });

  test('a quota of another namespace, and a scoped quota, do not count', () => {
    expect(budgetFindings([inShop(blueGreenExample()), quota({ pods: '1' }, { metadata: { namespace: 'other' } })])).toEqual([]);
    expect(budgetFindings([blueGreenExample(), quota({ pods: '1' }, { spec: { scopes: ['BestEffort'] } })])).toEqual([]);
    expect(budgetFindings([blueGreenExample(), quota({ pods: '1' }, { spec: { scopeSelector: { matchExpressions: [] } } })])).toEqual([]);
  });

  test('a quota without a namespace counts for a Rollout in any namespace (kubectl apply -n)', () => {
    expect(budgetFindings([inShop(blueGreenExample()), quota({ pods: '3' })]).map(f => f.ruleId)).toEqual(['B03']);
  });

  test('limits.cpu and limits.memory: the pods\' limits at the peak', () => {
    const rollout = blueGreenExample();
    rollout.spec.template.spec.containers[0].resources.limits = { cpu: '500m', memory: '512Mi' };
    // 4 pods at the switch, 500m and 512Mi each in limits: 2 CPU and 2Gi
    const findings = budgetFindings([rollout, quota({ 'limits.cpu': '1500m', 'limits.memory': '2Gi', 'requests.cpu': '1' })]);
    expect(findings.map(f => f.message)).toEqual([
      expect.stringContaining('needs 2 CPU in limits, more than the ResourceQuota "team" (hard limits.cpu) allows: 1500m CPU'),
    ]);
  });

  test('a quota that tracks a resource refuses pods that do not say how much of it they use', () => {
    const rollout = blueGreenExample();
    // template() sets requests only: a quota on limits.memory refuses its pods outright
    const findings = budgetFindings([rollout, quota({ 'limits.memory': '100Gi' })]);
    expect(findings).toEqual([expect.objectContaining({
      ruleId: 'B03',
      path: 'spec.template.spec.containers[0].resources',
      message: 'ResourceQuota "team" tracks limits.memory, so the API server refuses every pod whose containers do not all set a memory limit; '
        + 'container "web" sets none, and no LimitRange among the manifests defaults it.',
      fix: 'Set resources.limits.memory on every container and init container, or add a LimitRange with a default for memory to the namespace.',
    })]);
    // a limit defaults the request; an init container counts too
    rollout.spec.template.spec.initContainers = [{ name: 'init', image: 'busybox', resources: { limits: { memory: '64Mi' } } }];
    rollout.spec.template.spec.containers[0].resources = { limits: { memory: '256Mi' } };
    expect(budgetFindings([rollout, quota({ 'requests.memory': '100Gi', 'requests.cpu': '100' })]).map(f => [f.path, f.message.split(',')[0]])).toEqual([
      ['spec.template.spec.initContainers[0].resources', 'ResourceQuota "team" tracks requests.cpu'],
    ]);
    // a LimitRange of the namespace may default them: not reported
    const limitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults' }, spec: { limits: [{ type: 'Container', default: { cpu: '1' } }] } };
    expect(budgetFindings([rollout, quota({ 'requests.cpu': '100' }), limitRange])).toEqual([]);
  });

  test('the template\'s requests decide: pods without requests do not count against a CPU quota\'s total', () => {
    const rollout = blueGreenExample();
    rollout.spec.template.spec.containers[0].resources = { requests: { memory: '1Mi' } };
    // no CPU request: the pods are refused (reported once), their CPU is not summed
    expect(budgetFindings([rollout, quota({ 'requests.cpu': '1m' })]).map(f => f.message)).toEqual([expect.stringContaining('tracks requests.cpu')]);
    rollout.spec.template = template('2');
    expect(budgetFindings([rollout, quota({ 'requests.cpu': '7' })]).map(f => f.value)).toEqual(['8 CPU requested']);
  });
});

describe('budgets hold the abort too', () => {
  // 3 replicas, maxSurge 2, maxUnavailable 1, setWeight 63: the update peaks at 4 pods; aborted at
  // that step the stable grows back (within maxSurge) before the canary's pods are gone: 5 pods
  const abortingCanary = () => {
    const rollout = gettingStartedCanary();
    rollout.spec.replicas = 3;
    rollout.spec.strategy = { canary: { maxSurge: 2, maxUnavailable: 1, steps: [{ setWeight: 63 }, { pause: {} }] } };
    return rollout;
  };

  test('the plan: the abort needs more than the update, in pods, CPU and memory', () => {
    const { RolloutPlan } = jest.requireActual('../../src');
    const plan = RolloutPlan.fromManifest(abortingCanary());
    expect([plan.totals.peakPods, plan.abort.peakPods, plan.abort.peakCpuMillicores, plan.abort.peakMemoryBytes])
      .toEqual([4, 5, 1250, 5 * 256 * 1024 * 1024]);
  });

  test('B03: a quota that holds the update but not its abort is reported, and the message says the abort breaks it', () => {
    const findings = budgetFindings([abortingCanary(), quota({ pods: '4' })]);
    expect(findings).toEqual([expect.objectContaining({
      ruleId: 'B03',
      path: 'spec.strategy.canary',
      message: 'At its peak an abort of the update (at the step where an abort needs most) needs 5 pods, more than the ResourceQuota "team" (hard pods) '
        + 'allows: 4 pods; the API server refuses the pods beyond it, and the other pods of the namespace count against it too.',
      value: '5 pods',
    })]);
    expect(findings[0].fix).toMatch(/^An abort needs more than the update itself \(at most 4 pods\): The canary is scaled to 0 and the stable back to all replicas[^]*Lower maxSurge \(now 2[^]*raise the quota: a budget that holds the update but not its abort fails when a rollback is needed most\.$/);
    expect(budgetFindings([abortingCanary(), quota({ pods: '5' })])).toEqual([]);
  });

  test('B01 and B02 count the abort too, CPU and memory alike', () => {
    const own = budgetFindings([annotated(abortingCanary(), { 'budget.argo-rollouts.cdk8s.io/cpu': '1', 'budget.argo-rollouts.cdk8s.io/pods': '4' })]);
    expect(own.map(f => [f.ruleId, f.value])).toEqual([['B01', '5 pods'], ['B01', '1.25 CPU requested']]);
    const app = budgetFindings([abortingCanary()], { budget: { memory: '1Gi' } });
    expect(app.map(f => [f.ruleId, f.message])).toEqual([['B02',
      'At its peak an abort of the update (at the step where an abort needs most) needs 1.25Gi memory requested, more than the app-wide budget allows: 1Gi memory.']]);
  });
});
