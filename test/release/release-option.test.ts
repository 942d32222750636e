// The release options of the layers below the install (the linter, plans, replica counts, the cdk8s
// plugin) take an ArgoRolloutsVersion, as the install does, and still a version number (what
// cdk8s.yaml and the commands give): the same release gives the same result either way, under every
// release the library offers.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ArgoRolloutsVersion, Linter, RolloutPlan } from '../../src';
import { ArgoRolloutsValidation, IValidationContext } from '../../src/cdk8s-plugin';
import { nextReplicaCounts } from '../../src/plan/replica-counts';
import { versionFacts } from '../../src/private/versions';
import { releaseNumber } from '../../src/release/private';
import { template } from '../plan/fixtures';

const RELEASES = ArgoRolloutsVersion.all();

/** An AnalysisTemplate whose Datadog metric sets requestTimeout: a field of the 1.10 schema only (S06 before). */
const TEMPLATE = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'AnalysisTemplate',
  metadata: { name: 'errors' },
  spec: { metrics: [{ name: 'errors', provider: { datadog: { query: 'sum:errors{*}', requestTimeout: '30s' } } }] },
};

/** A canary whose plan differs by release (1.10 caps minPodsPerReplicaSet at spec.replicas). */
const ROLLOUT = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'web' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: template(),
    strategy: { canary: { minPodsPerReplicaSet: 2, trafficRouting: { smi: {} }, canaryService: 'c', stableService: 's', steps: [{ setWeight: 20 }] } },
  },
};

describe.each(RELEASES.map(r => [r.version, r] as const))('Argo Rollouts %s', (_, release) => {
  test('Linter: an ArgoRolloutsVersion checks as its version number does', () => {
    const byClass = Linter.lintManifests([TEMPLATE], { version: release });
    expect(byClass).toEqual(Linter.lintManifests([TEMPLATE], { version: release.version }));
    expect(Linter.lintYaml(JSON.stringify(TEMPLATE), 't.yaml', { version: release }))
      .toEqual(Linter.lintYaml(JSON.stringify(TEMPLATE), 't.yaml', { version: release.tag }));
    // the release is the one given, not the default: the field is in the 1.10 schema only
    const pruned = byClass.some(f => f.ruleId === 'S06' && f.path.endsWith('requestTimeout'));
    expect(pruned).toBe(!versionFacts(release.version).rules.datadogRequestTimeout);
  });

  test('RolloutPlan and nextReplicaCounts: an ArgoRolloutsVersion plans as its version number does', () => {
    const plan = RolloutPlan.fromManifest(ROLLOUT, { version: release });
    expect(plan.version).toEqual(release.version);
    expect(plan.toJson()).toEqual(RolloutPlan.fromManifest(ROLLOUT, { version: release.version }).toJson());
    const status = { ...ROLLOUT, status: { currentStepIndex: 0 } };
    const replicaSets = [{ metadata: { name: 'web-1', labels: { 'rollouts-pod-template-hash': '1' } }, spec: { replicas: 1 } }];
    expect(nextReplicaCounts(status, replicaSets, { version: release }))
      .toEqual(nextReplicaCounts(status, replicaSets, { version: release.version }));
    expect(RolloutPlan.nextReplicaCounts(status, replicaSets, { version: release }))
      .toEqual(nextReplicaCounts(status, replicaSets, { version: release.version }));
  });

  test('ArgoRolloutsValidation: an ArgoRolloutsVersion in code, as a version number in cdk8s.yaml', async () => {
    const file = path.join(os.tmpdir(), `release-option-${process.pid}-${release.version}.yaml`);
    fs.writeFileSync(file, JSON.stringify(TEMPLATE));
    try {
      const reports: Array<{ status: unknown; metadata: any; violations: unknown[] }> = [];
      for (const version of [release, release.version]) {
        const ctx: any = {
          manifests: [file],
          violations: [],
          report: {
            addViolation: (v: unknown) => ctx.violations.push(v),
            submit: (status: string, metadata: unknown) => Object.assign(ctx, { status, metadata }),
          },
        };
        await new ArgoRolloutsValidation({ version }).validate(ctx as IValidationContext);
        reports.push({ status: ctx.status, metadata: ctx.metadata, violations: ctx.violations });
      }
      expect(reports[0]).toEqual(reports[1]);
      expect(reports[0].metadata['Argo Rollouts version']).toEqual(release.version);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('a release option that is neither', () => {
  test.each([
    ['a number', 1.9, 'got the number 1.9'],
    ['a plain object', { version: '1.9.1' }, 'got a plain object with version'],
    ['a list', ['1.9.1'], 'got a list of 1'],
  ])('%s is refused, naming the option, the value and what to pass', (_, value, got) => {
    const bad = { version: value as any };
    for (const [call, option] of [
      [() => Linter.lintManifests([TEMPLATE], bad), 'LintOptions.version'],
      [() => RolloutPlan.fromManifest(ROLLOUT, bad), 'RolloutPlanOptions.version'],
      [() => RolloutPlan.nextReplicaCounts(ROLLOUT, [], bad), 'NextReplicaCountsOptions.version'],
    ] as const) {
      expect(call).toThrow(`${option} must be an ArgoRolloutsVersion (e.g. ArgoRolloutsVersion.V1_8_4) or a version number (e.g. '1.8.4'), ${got}. The releases there are ${RELEASES.map(r => r.version).join(', ')}.`);
    }
    // in cdk8s.yaml a number or a list is an unquoted version; in code an object must be an ArgoRolloutsVersion
    expect(() => new ArgoRolloutsValidation(bad)).toThrow(typeof value === 'object' && !Array.isArray(value)
      ? `ArgoRolloutsValidationProps.version must be an ArgoRolloutsVersion (e.g. ArgoRolloutsVersion.V1_8_4) or a version number (e.g. '1.8.4'), ${got}.`
      : `version must be a string, got ${JSON.stringify(value)}. Quote it in YAML`);
  });

  test('an unsupported version number is refused as before, naming the releases there are', () => {
    expect(() => Linter.lintManifests([TEMPLATE], { version: '1.7.0' })).toThrow(`"1.7.0" is not supported; use one of ${RELEASES.map(r => r.version).join(', ')}`);
  });

  test('an ArgoRolloutsVersion of another loaded copy of the library is taken by its shape', () => {
    const foreign = { version: '1.8.4', tag: 'v1.8.4', isAtLeast: () => true };
    expect(releaseNumber('LintOptions.version', foreign)).toEqual('1.8.4');
    expect(RolloutPlan.fromManifest(ROLLOUT, { version: foreign as any }).version).toEqual('1.8.4');
  });

  test('no release leaves the default to the version table (the controller among the manifests first)', () => {
    expect(releaseNumber('LintOptions.version', undefined)).toBeUndefined();
    expect(RolloutPlan.fromManifest(ROLLOUT).version).toEqual(ArgoRolloutsVersion.defaultVersion().version);
  });
});
