import { Finding, validateManifests, ValidationOptions } from '../../src/validation/private';

/** A small valid canary Rollout; every call returns a fresh copy that tests may change. */
export function validRollout(): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080 }] }],
        },
      },
      strategy: {
        canary: {
          steps: [{ setWeight: 20 }, { pause: { duration: '30s' } }, { setWeight: 60 }, { pause: {} }],
        },
      },
    },
  };
}

/** A valid Rollout whose pod spec (and template) `mutate` changes. */
export function rolloutWith(mutate: (pod: any, template: any, rollout: any) => void): any {
  const rollout = validRollout();
  mutate(rollout.spec.template.spec, rollout.spec.template, rollout);
  return rollout;
}

/** A valid Experiment with one template whose pod spec `mutate` changes. */
export function experimentWith(mutate: (pod: any) => void): any {
  const pod: any = { containers: [{ name: 'web', image: 'nginx:1.27' }] };
  mutate(pod);
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Experiment',
    metadata: { name: 'exp' },
    spec: {
      templates: [{ name: 'baseline', selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: pod } }],
    },
  };
}

/** A valid AnalysisTemplate (or another analysis kind) with one job metric whose pod spec `mutate` changes. */
export function jobTemplateWith(mutate: (pod: any) => void, kind = 'AnalysisTemplate'): any {
  const pod: any = { containers: [{ name: 'test', image: 'curlimages/curl:8.8.0', command: ['curl', 'http://web'] }], restartPolicy: 'Never' };
  mutate(pod);
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind,
    metadata: { name: 'smoke' },
    spec: { metrics: [{ name: 'smoke', provider: { job: { spec: { backoffLimit: 0, template: { spec: pod } } } } }] },
  };
}

/** Where the pod spec of `jobTemplateWith` is. */
export const JOB_POD = 'spec.metrics[0].provider.job.spec.template.spec';

/** A valid canary Rollout with Istio host-level traffic routing and its two Services. */
export function routedRollout(): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary = {
    canaryService: 'web-canary',
    stableService: 'web-stable',
    trafficRouting: { istio: { virtualService: { name: 'web', routes: ['primary'] } } },
    steps: [{ setWeight: 20 }, { pause: { duration: 60 } }],
  };
  return rollout;
}

/** A valid blue-green Rollout. */
export function blueGreenRollout(): any {
  const rollout = validRollout();
  rollout.spec.strategy = { blueGreen: { activeService: 'web-active', previewService: 'web-preview' } };
  return rollout;
}

/** A core Service selecting `selector`. */
export function service(name: string, selector: Record<string, string> = { app: 'web' }, extra: any = {}): any {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, ...extra.metadata },
    spec: { selector, ports: [{ port: 80, targetPort: 'http' }] },
  };
}

/** Findings of one rule for the given manifests. */
export function findingsOf(ruleId: string, manifests: any[], options?: ValidationOptions): Finding[] {
  return validateManifests(manifests, options).filter(f => f.ruleId === ruleId);
}

/**
 * Asserts that exactly the given rule fires once at `path` (among that rule's findings) and that the
 * message or fix quotes `mention`; returns the finding.
 */
export function expectFinding(ruleId: string, manifests: any[], path: string, mention?: string, options?: ValidationOptions): Finding {
  const findings = findingsOf(ruleId, manifests, options);
  const atPath = findings.filter(f => f.path === path);
  if (atPath.length !== 1) {
    throw new Error(`expected one ${ruleId} finding at ${path}, got: ${JSON.stringify(findings, undefined, 2)}`);
  }
  const finding = atPath[0];
  expect(finding.message.length).toBeGreaterThan(0);
  expect(finding.fix.length).toBeGreaterThan(0);
  if (mention !== undefined) {
    expect(`${finding.message} ${finding.fix}`).toContain(mention);
  }
  return finding;
}

/** Asserts that the rule does not fire. */
export function expectNoFinding(ruleId: string, manifests: any[], options?: ValidationOptions): void {
  expect(findingsOf(ruleId, manifests, options)).toEqual([]);
}

/** A metric with a Prometheus provider; `extra` is merged in. */
export function metric(name: string, extra: any = {}): any {
  return {
    name,
    successCondition: 'result[0] >= 0.95',
    provider: { prometheus: { address: 'http://prometheus.monitoring:9090', query: 'sum(rate(requests_total[5m]))' } },
    ...extra,
  };
}

/** An AnalysisTemplate (or, with `kind`, a ClusterAnalysisTemplate or AnalysisRun) with the given spec. */
export function analysisTemplate(name: string, spec: any = { metrics: [metric('success-rate')] }, extra: any = {}): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: extra.kind ?? 'AnalysisTemplate',
    metadata: { name, ...extra.metadata },
    spec,
  };
}

/** A ClusterAnalysisTemplate with the given spec. */
export function clusterAnalysisTemplate(name: string, spec: any = { metrics: [metric('success-rate')] }): any {
  return analysisTemplate(name, spec, { kind: 'ClusterAnalysisTemplate' });
}

/** An AnalysisRun with the given spec. */
export function analysisRun(name: string, spec: any = { metrics: [metric('success-rate')] }): any {
  return analysisTemplate(name, spec, { kind: 'AnalysisRun' });
}

/** A valid Experiment running two ReplicaSets. */
export function validExperiment(): any {
  const podTemplate = (image: string) => ({
    metadata: { labels: { app: 'web' } },
    spec: { containers: [{ name: 'web', image }] },
  });
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Experiment',
    metadata: { name: 'compare' },
    spec: {
      duration: '10m',
      templates: [
        { name: 'baseline', selector: { matchLabels: { app: 'web' } }, template: podTemplate('nginx:1.26') },
        { name: 'candidate', selector: { matchLabels: { app: 'web' } }, template: podTemplate('nginx:1.27') },
      ],
    },
  };
}

/** A canary Rollout whose only steps are `steps`. */
export function rolloutWithSteps(steps: any[]): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary.steps = steps;
  return rollout;
}
