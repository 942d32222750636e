import { Chart, Testing } from 'cdk8s';
import { expectFinding, experimentWith, findingsOf, JOB_POD, jobTemplateWith, rolloutWith, validRollout } from './helpers';
import { AnalysisTemplate, CanaryStep, Experiment, MetricProvider, Rollout, RolloutStrategy } from '../../src';
import { Linter } from '../../src/validation/linter';
import { Finding } from '../../src/validation/private';
import { consequenceOf } from '../../src/validation/private/rules/consequences';

/**
 * Pods from the template (S08): what the API server refuses only when a ReplicaSet or Job creates a
 * pod from a template it accepted (ValidatePodCreate on top of the pod-template validation, V07).
 */

const POD = 'spec.template.spec';

function s08(...manifests: any[]): Finding[] {
  return findingsOf('S08', manifests);
}


describe('S08 image with white space at either end', () => {
  test.each([
    ['leading', ' nginx:1.27', 'leading'],
    ['trailing', 'nginx:1.27 ', 'trailing'],
    ['both', '\tnginx:1.27\n', 'leading and trailing'],
    ['a no-break space (Go trims it)', 'nginx:1.27\u00a0', 'trailing'],
    ['U+0085 (Go trims it, JavaScript does not)', '\u0085nginx:1.27', 'leading'],
  ])('%s: the pods are refused, the template is not (V07 is silent)', (_name, image, ends) => {
    const rollout = rolloutWith(pod => { pod.containers[0].image = image; });
    const finding = expectFinding('S08', [rollout], `${POD}.containers[0].image`, JSON.stringify(image));
    expect(finding.message).toContain(`${ends} white space`);
    expect(finding.message).toContain('refuses every pod made from it');
    expect(finding.fix).toBe('Remove the white space: image: "nginx:1.27".');
    expect(finding.value).toBe(image);
    expect(findingsOf('V07', [rollout])).toEqual([]);
  });

  test('init containers too; an image of white space only asks for an image', () => {
    const rollout = rolloutWith(pod => { pod.initContainers = [{ name: 'init', image: 'busybox:1.36' }, { name: 'wait', image: ' ' }]; });
    const finding = expectFinding('S08', [rollout], `${POD}.initContainers[1].image`, 'The init container "wait"');
    expect(finding.message).toContain('nothing but white space');
    expect(finding.fix).toContain('Set image to the container image to run');
    expect(s08(rollout)).toHaveLength(1);
  });

  test('white space Go does not trim (a byte order mark) and white space inside are not refused', () => {
    expect(s08(rolloutWith(pod => { pod.containers[0].image = '\ufeffnginx:1.27'; }))).toEqual([]);
    expect(s08(rolloutWith(pod => { pod.containers[0].image = 'nginx :1.27'; }))).toEqual([]);
    expect(s08(validRollout())).toEqual([]);
  });

  test('a missing or empty image is V07\'s (the template is refused), not reported twice', () => {
    const rollout = rolloutWith(pod => { pod.containers[0].image = ''; });
    expect(s08(rollout)).toEqual([]);
    expect(findingsOf('V07', [rollout])).toHaveLength(1);
  });
});

describe('S08 nodeName with scheduling gates', () => {
  test('a pod cannot be bound to a node before its gates are removed', () => {
    const rollout = rolloutWith(pod => { pod.nodeName = 'node-1'; pod.schedulingGates = [{ name: 'example.com/quota' }, { name: 'example.com/wait' }]; });
    const finding = expectFinding('S08', [rollout], `${POD}.nodeName`, '"node-1"');
    expect(finding.message).toContain('2 scheduling gates "example.com/quota", "example.com/wait"');
    expect(finding.fix).toContain('Remove nodeName');
    expect(findingsOf('V07', [rollout])).toEqual([]);
  });

  test('either alone is fine', () => {
    expect(s08(rolloutWith(pod => { pod.nodeName = 'node-1'; }))).toEqual([]);
    expect(s08(rolloutWith(pod => { pod.schedulingGates = [{ name: 'example.com/wait' }]; }))).toEqual([]);
    expect(s08(rolloutWith(pod => { pod.nodeName = ''; pod.schedulingGates = [{ name: 'example.com/wait' }]; }))).toEqual([]);
  });
});

describe('S08 on the pod template a workloadRef points at', () => {
  function withWorkload(kind: 'Deployment' | 'PodTemplate', image: string): any[] {
    const rollout = validRollout();
    delete rollout.spec.template;
    rollout.spec.workloadRef = { apiVersion: kind === 'PodTemplate' ? 'v1' : 'apps/v1', kind, name: 'web' };
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } };
    const workload = kind === 'PodTemplate'
      ? { apiVersion: 'v1', kind, metadata: { name: 'web' }, template }
      : { apiVersion: 'apps/v1', kind, metadata: { name: 'web' }, spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template } };
    return [rollout, workload];
  }

  test.each([['Deployment', 'spec.template'], ['PodTemplate', 'template']] as const)('reported on the Rollout, naming the field of the %s', (kind, at) => {
    const finding = expectFinding('S08', withWorkload(kind, 'nginx:1.27 '), 'spec.workloadRef', `${at}.spec.containers[0].image`);
    expect(finding.kind).toBe('Rollout');
    expect(finding.message).toContain(`${kind} "web"`);
    expect(finding.fix).toBe(`In ${kind} "web": Remove the white space: image: "nginx:1.27".`);
    expect(consequenceOf(finding)).toContain('refuse every pod its ReplicaSet creates');
  });

  test('a valid workload, or one that is not among the manifests, gives nothing', () => {
    expect(s08(...withWorkload('Deployment', 'nginx:1.27'))).toEqual([]);
    expect(s08(withWorkload('Deployment', ' nginx')[0])).toEqual([]);
  });
});

describe('S08 on Experiment templates and job metrics', () => {
  test('an Experiment template: its ReplicaSet\'s pods are refused', () => {
    const finding = expectFinding('S08', [experimentWith(pod => { pod.containers[0].image = 'nginx:1.27 '; })],
      'spec.templates[0].template.spec.containers[0].image', '"nginx:1.27 "');
    expect(finding.kind).toBe('Experiment');
    expect(consequenceOf(finding)).toMatch(/^the API server would accept the Experiment and its ReplicaSet, but refuse every pod .* the Experiment would fail/);
    expectFinding('S08', [experimentWith(pod => { pod.nodeName = 'n'; pod.schedulingGates = [{ name: 'g' }]; })], 'spec.templates[0].template.spec.nodeName', '"n"');
  });

  test.each(['AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun'])('the Job of a job metric in a %s: its pods are refused', kind => {
    const finding = expectFinding('S08', [jobTemplateWith(pod => { pod.containers[0].image = ' curlimages/curl:8.8.0'; }, kind)], `${JOB_POD}.containers[0].image`, '" curlimages/curl:8.8.0"');
    expect(finding.kind).toBe(kind);
    expect(consequenceOf(finding)).toMatch(/^the API server would accept the metric's Job, but refuse every pod the Job creates/);
    expect(s08(jobTemplateWith(() => undefined, kind))).toEqual([]);
  });

  test('placeholders: unknown values are not checked, literal white space around them is', () => {
    const template = jobTemplateWith(pod => { pod.containers[0].image = '{{args.image}}'; pod.nodeName = '{{args.node}}'; pod.schedulingGates = [{ name: 'g' }]; });
    template.spec.args = [{ name: 'image' }, { name: 'node' }];
    expect(s08(template)).toEqual([]);
    template.spec.metrics[0].provider.job.spec.template.spec.containers[0].image = '{{args.image}} ';
    const finding = expectFinding('S08', [template], `${JOB_POD}.containers[0].image`, '"{{args.image}} "');
    expect(finding.fix).toBe('Remove the white space: image: "{{args.image}}".');
  });

  test('an AnalysisRun\'s literal arguments are substituted first; arguments from elsewhere are not known', () => {
    const run = jobTemplateWith(pod => { pod.containers[0].image = 'curlimages/curl:{{args.tag}}'; pod.nodeName = '{{ args.node }}'; pod.schedulingGates = [{ name: 'g' }]; }, 'AnalysisRun');
    run.spec.args = [{ name: 'tag', value: '8.8.0 ' }, { name: 'node', value: 'node-1' }];
    const image = expectFinding('S08', [run], `${JOB_POD}.containers[0].image`, '"curlimages/curl:8.8.0 " ("curlimages/curl:{{args.tag}}" with the run\'s arguments)');
    expect(image.fix).toContain('"curlimages/curl:8.8.0"');
    expectFinding('S08', [run], `${JOB_POD}.nodeName`, '"node-1"');
    run.spec.args = [{ name: 'tag', value: '8.8.0' }, { name: 'node', valueFrom: { secretKeyRef: { name: 's', key: 'node' } } }];
    expect(s08(run)).toEqual([]);
  });
});

describe('S08 in lint and at synth', () => {
  test('lint names the file, the document and the path', () => {
    const yaml = [
      'apiVersion: argoproj.io/v1alpha1',
      'kind: Rollout',
      'metadata: {name: web}',
      'spec:',
      '  selector: {matchLabels: {app: web}}',
      '  template:',
      '    metadata: {labels: {app: web}}',
      '    spec: {containers: [{name: web, image: "nginx:1.27 "}]}',
      '  strategy: {canary: {steps: [{setWeight: 20}, {pause: {}}]}}',
    ].join('\n');
    expect(Linter.lintYaml(yaml, 'web.yaml').map(f => [f.ruleId, f.file, f.path])).toEqual([['S08', 'web.yaml', `${POD}.containers[0].image`]]);
  });

  test('a Rollout construct with containers: [{ image: \' nginx\' }] fails synth, naming the construct and saying the pods are refused', () => {
    const chart = new Chart(Testing.app(), 'c');
    new Rollout(chart, 'web', { strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)] }), containers: [{ image: ' nginx', portNumber: 80 }] });
    expect(() => Testing.synth(chart)).toThrow(/Rollout c\/web breaks a rule .*after apply, the API server would accept the Rollout, but refuse every pod its ReplicaSet creates[^\n]*\n {2}\[S08\] spec\.template\.spec\.containers\[0\]\.image: .*" nginx".* Fix: Remove the white space: image: "nginx"\./);
  });

  test('a valid image synthesizes', () => {
    const chart = new Chart(Testing.app(), 'c');
    new Rollout(chart, 'web', { strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)] }), containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
    expect(() => Testing.synth(chart)).not.toThrow();
  });

  test('Experiment and AnalysisTemplate constructs fail synth too', () => {
    const experiment = new Chart(Testing.app(), 'c');
    new Experiment(experiment, 'e', { templates: [{ name: 'baseline', labels: { app: 'web' }, containers: [{ name: 'app', image: 'app:1 ' }] }] });
    expect(() => Testing.synth(experiment)).toThrow(/\[S08\] spec\.templates\[0\]\.template\.spec\.containers\[0\]\.image: /);
    const analysis = new Chart(Testing.app(), 'c');
    new AnalysisTemplate(analysis, 'smoke', {
      metrics: [{ name: 'smoke', provider: MetricProvider.job({ containers: [{ name: 'smoke', image: '\tcurlimages/curl:8.8.0', command: ['curl', 'http://web'] }] }) }],
    });
    expect(() => Testing.synth(analysis)).toThrow(/\[S08\] spec\.metrics\[0\]\.provider\.job\.spec\.template\.spec\.containers\[0\]\.image: /);
  });
});
