import { findingsOf, validRollout } from './helpers';
import { FindingSeverity, validateManifests } from '../../src/validation/private';

/** An HPA (or KEDA ScaledObject) scaling `target`. */
function scaler(target: any, extra: any = {}): any {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', ...extra.metadata },
    spec: { scaleTargetRef: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'web', ...target }, minReplicas: 2, maxReplicas: 10 },
  };
}

describe('L06: an autoscaled Rollout whose manifest sets spec.replicas', () => {
  test('an HPA scaling a Rollout with spec.replicas: a warning at spec.replicas, naming the HPA, the value and #3689', () => {
    // GIVEN
    const rollout = validRollout();
    // WHEN
    const findings = findingsOf('L06', [rollout, scaler({})]);
    // THEN
    expect(findings).toEqual([expect.objectContaining({
      documentIndex: 0,
      kind: 'Rollout',
      name: 'web',
      path: 'spec.replicas',
      value: 3,
      severity: FindingSeverity.WARNING,
      message: expect.stringMatching(/spec\.replicas is 3, but HorizontalPodAutoscaler "web" scales this Rollout.*defaults spec\.replicas to 1 \(argoproj\/argo-rollouts#3689\)/),
      fix: expect.stringMatching(/Leave spec\.replicas out.*ignore \/spec\/replicas.*RespectIgnoreDifferences=true/),
    })]);
  });

  test('without spec.replicas, or without a scaler of this Rollout, nothing is reported', () => {
    const rollout = validRollout();
    delete rollout.spec.replicas;
    expect(findingsOf('L06', [rollout, scaler({})])).toEqual([]);
    expect(findingsOf('L06', [validRollout()])).toEqual([]);
    expect(findingsOf('L06', [validRollout(), scaler({ name: 'other' })])).toEqual([]);
    // a Deployment of the same name is another target
    expect(findingsOf('L06', [validRollout(), scaler({ apiVersion: 'apps/v1', kind: 'Deployment' })])).toEqual([]);
    // without an apiVersion the HPA looks for kind Rollout in the core group: it scales nothing
    expect(findingsOf('L06', [validRollout(), scaler({ apiVersion: undefined })])).toEqual([]);
    // another namespace
    const namespaced = validRollout();
    namespaced.metadata.namespace = 'shop';
    expect(findingsOf('L06', [namespaced, scaler({}, { metadata: { namespace: 'other' } })])).toEqual([]);
    expect(findingsOf('L06', [namespaced, scaler({}, { metadata: { namespace: 'shop' } })]).length).toBe(1);
    expect(findingsOf('L06', [namespaced, scaler({})]).length).toBe(1);
  });

  test('spec.replicas: 0 counts (it is set); any autoscaling version; a KEDA ScaledObject too', () => {
    const zero = validRollout();
    zero.spec.replicas = 0;
    expect(findingsOf('L06', [zero, scaler({})]).map(f => f.value)).toEqual([0]);
    const v1 = { ...scaler({}), apiVersion: 'autoscaling/v1' };
    expect(findingsOf('L06', [validRollout(), v1]).length).toBe(1);
    const keda = { ...scaler({}), apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject' };
    expect(findingsOf('L06', [validRollout(), keda])[0].message).toMatch(/ScaledObject "web" scales/);
    // other kinds with a scaleTargetRef are not autoscalers
    expect(findingsOf('L06', [validRollout(), { ...scaler({}), apiVersion: 'policy.example.com/v1', kind: 'Thing' }])).toEqual([]);
  });

  test('two scalers are named in one finding; the HPA itself is not judged', () => {
    const findings = validateManifests([validRollout(), scaler({}), { ...scaler({}), metadata: { name: 'web-2' } }]);
    expect(findings.map(f => [f.ruleId, f.documentIndex])).toEqual([['L06', 0]]);
    expect(findings[0].message).toMatch(/HorizontalPodAutoscaler "web", HorizontalPodAutoscaler "web-2" scale this Rollout/);
  });

  test('it is a warning: it does not count as an error of the engine', () => {
    const findings = validateManifests([validRollout(), scaler({})]);
    expect(findings.every(f => f.severity === FindingSeverity.WARNING)).toBe(true);
  });
});
