import { ApiObject, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import {
  CanaryStep, Rollout, RolloutBudget, RolloutPlan, RolloutStrategy, StrategyService, WorkloadReference, WorkloadScaleDown,
} from '../../src';
import { AppRegistry } from '../../src/private/app-registry';

const STEPS = [CanaryStep.setWeight(20), CanaryStep.pause()];
const CONTAINER = { image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080, resources: { cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.millis(250) } } };

function webRollout(chart: Chart, extra: any = {}): Rollout {
  return new Rollout(chart, 'web', {
    metadata: { name: 'web' },
    replicas: 5,
    containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
    strategy: RolloutStrategy.canary({ steps: STEPS }),
    ...extra,
  });
}

function rolloutManifest(chart: Chart): any {
  return chart.toJson().find((m: any) => m.kind === 'Rollout');
}

describe('rollout.plan()', () => {
  test('is the plan of the synthesized manifest', () => {
    const chart = Testing.chart();
    const rollout = webRollout(chart);
    const plan = rollout.plan();
    expect(plan).toBeInstanceOf(RolloutPlan);
    expect(plan.toJson()).toEqual(RolloutPlan.fromManifest(rolloutManifest(chart)).toJson());
    // 5 replicas at setWeight 20: 4 stable and 1 canary pod (the worked example of issue 12)
    expect(plan.steps[0]).toMatchObject({ stablePods: 4, canaryPods: 1 });
    expect(plan.name).toBe('web');
  });

  test('reads the app\'s other objects: a workloadRef migration runs the Deployment\'s pods too', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'deploy', {
      metadata: { name: 'web' },
      replicas: 4,
      containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
    });
    const rollout = new Rollout(chart, 'web', {
      metadata: { name: 'web' },
      replicas: 4,
      workloadRef: WorkloadReference.fromDeployment(deployment, { scaleDown: WorkloadScaleDown.ON_SUCCESS }),
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(25), CanaryStep.pause()] }),
    });
    const plan = rollout.plan();
    expect(plan.migration).toMatchObject({ workload: 'Deployment/web', scaleDown: 'onsuccess', workloadReplicas: 4, peakPods: 8 });
    // the pod template is the Deployment's: cdk8s-plus sets requests of 1000m CPU and 512Mi
    expect(plan.podResources.cpuSet).toBe(true);
    expect(plan.notes.join('\n')).not.toContain('is not among the manifests');
  });

  test('uses the app\'s Argo Rollouts version', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    AppRegistry.of(app).setVersion('1.8.3', 'test');
    expect(webRollout(chart).plan().version).toBe('1.8.3');
    expect(webRollout(Testing.chart()).plan().version).toBe('1.9.1');
  });
});

describe('budgets at synth', () => {
  // 5 replicas, maxSurge 2, setWeight 20 then the full promotion: the canary grows from 1 to 5 next
  // to the stable's 4 within 5 + 2 pods, so the update peaks at 7 pods; cdk8s-plus sets requests of
  // 1 CPU and 512Mi per container: 7 CPU and 3.5Gi
  test('the budget prop is written to annotations; synth fails with the path, rule, peak, limit and a fix', () => {
    const chart = Testing.chart();
    webRollout(chart, { budget: { pods: 4 } });
    expect(() => chart.toJson()).toThrow(new RegExp([
      'Rollout test/web breaks a rule of the Argo Rollouts controller \\(after apply, the controller would accept it, but its update would need more capacity at its peak than budgeted\\):\\n',
      '  \\[B01\\] spec.strategy.canary: At its peak the update needs 7 pods, more than the budget of annotation budget.argo-rollouts.cdk8s.io/pods allows: 4 pods. ',
      'Fix: Lower maxSurge \\(now 2',
    ].join('')));
  });

  test('the fix holds: maxSurge 0 keeps the update at 5 pods (docs/plan.md)', () => {
    const chart = Testing.chart();
    const strategy = RolloutStrategy.canary({
      steps: STEPS, maxSurge: kplus.PercentOrAbsolute.absolute(0), maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
    });
    webRollout(chart, { budget: { pods: 5 }, strategy });
    expect(() => chart.toJson()).not.toThrow();
  });

  test('a budget that holds renders the annotations and nothing else changes', () => {
    const plain = rolloutManifest(((c: Chart) => (webRollout(c), c))(Testing.chart()));
    const chart = Testing.chart();
    webRollout(chart, { budget: { pods: 7, cpu: '7', memory: '3584Mi' } });
    const budgeted = rolloutManifest(chart);
    expect(budgeted.metadata.annotations).toEqual({
      'budget.argo-rollouts.cdk8s.io/pods': '7',
      'budget.argo-rollouts.cdk8s.io/cpu': '7',
      'budget.argo-rollouts.cdk8s.io/memory': '3584Mi',
    });
    const withoutAnnotations = (m: any) => ({ ...m, metadata: { ...m.metadata, annotations: undefined } });
    expect(withoutAnnotations(budgeted)).toEqual(withoutAnnotations(plain));
  });

  test('a budget that is not one throws at once', () => {
    expect(() => webRollout(Testing.chart(), { budget: { pods: 2.5 } })).toThrow(/budget.pods is 2.5; it must be a whole number of pods/);
    expect(() => webRollout(Testing.chart(), { budget: { memory: '1 GB' } })).toThrow(/budget.memory is "1 GB", which is not a Kubernetes quantity/);
    expect(() => RolloutBudget.forApp(Testing.chart(), { cpu: 'many' })).toThrow(/RolloutBudget.forApp\(\): budget.cpu is "many"/);
  });

  test('the app-wide budget (RolloutBudget.forApp) applies to every Rollout of the app; the smallest value wins', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'shop');
    webRollout(chart);
    RolloutBudget.forApp(chart, { pods: 8, cpu: '7' });
    expect(() => app.synthYaml()).not.toThrow();
    RolloutBudget.forApp(app, { pods: 4 });
    expect(() => app.synthYaml()).toThrow(/\[B02\] spec.strategy.canary: At its peak the update needs 7 pods, more than the app-wide budget allows: 4 pods\./);
  });

  test('a ResourceQuota of the app in the Rollout\'s namespace counts as a budget', () => {
    const chart = new Chart(Testing.app(), 'shop', { namespace: 'shop' });
    new Rollout(chart, 'web', {
      metadata: { name: 'web' },
      replicas: 2,
      containers: [CONTAINER],
      strategy: RolloutStrategy.blueGreen({
        activeService: StrategyService.fromService(new kplus.Service(chart, 'active', { ports: [{ port: 80, targetPort: 8080 }] })), autoPromotionEnabled: false,
      }),
    });
    new ApiObject(chart, 'quota', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'team' }, spec: { hard: { 'pods': '20', 'requests.cpu': '750m' } } });
    // blue-green with 2 replicas: 4 pods at the switch, 4 × 250m = 1 CPU
    expect(() => chart.toJson()).toThrow(/\[B03\] spec.strategy.blueGreen: At its peak the update needs 1 CPU requested, more than the ResourceQuota "team" \(hard requests.cpu\) allows: 750m CPU/);
  });

  test('a ResourceQuota added after a synth, or nested in a construct, counts at the next synth', () => {
    const chart = Testing.chart();
    webRollout(chart);
    expect(() => chart.toJson()).not.toThrow();
    const team = new Construct(chart, 'team');
    new ApiObject(team, 'quota', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'team' }, spec: { hard: { pods: '6' } } });
    expect(() => chart.toJson()).toThrow(/\[B03\] spec.strategy.canary: At its peak the update needs 7 pods, more than the ResourceQuota "team" \(hard pods\) allows: 6 pods/);
  });

  test('an autoscaled Rollout: the update at the HPA\'s maxReplicas counts at synth', () => {
    const chart = Testing.chart();
    const rollout = webRollout(chart, { budget: { pods: 12 }, replicas: undefined });
    new kplus.HorizontalPodAutoscaler(chart, 'hpa', { target: rollout, minReplicas: 2, maxReplicas: 10 });
    // 10 replicas, maxSurge 25% = 3: setWeight 20 and the full promotion within 10 + 3 pods
    expect(() => chart.toJson()).toThrow(/\[B01\] spec.strategy.canary: At its peak the update at the maxReplicas \(10\) of HorizontalPodAutoscaler "[^"]+" needs 13 pods, more than the budget of annotation budget.argo-rollouts.cdk8s.io\/pods allows: 12 pods\. Fix: Lower the HorizontalPodAutoscaler's maxReplicas/);
  });

  test('the workloadRef migration peak counts at synth: the Deployment\'s pods next to the Rollout\'s', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'deploy', {
      metadata: { name: 'web' }, replicas: 3, containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
    });
    new Rollout(chart, 'web', {
      metadata: { name: 'web' },
      replicas: 3,
      workloadRef: WorkloadReference.fromDeployment(deployment, { scaleDown: WorkloadScaleDown.ON_SUCCESS }),
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50)] }),
      budget: { pods: 5 },
    });
    expect(() => chart.toJson()).toThrow(/\[B01\] spec.workloadRef.scaleDown: At its peak the workloadRef migration from Deployment\/web \(scaleDown: onsuccess\) needs 6 pods, more than the budget of annotation budget.argo-rollouts.cdk8s.io\/pods allows: 5 pods\. Fix: Use scaleDown: progressively/);
  });
});
