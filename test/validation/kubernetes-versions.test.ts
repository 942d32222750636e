import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { expectFinding, experimentWith, findingsOf, JOB_POD, jobTemplateWith, rolloutWith, validRollout } from './helpers';
import { CanaryStep, Rollout, RolloutStrategy } from '../../src';
import { cdk8sPlusLine } from '../../src/private/cdk8s-plus';
import { Linter } from '../../src/validation/linter';
import { Finding, validateManifests } from '../../src/validation/private';
import { KUBERNETES_FACT_VERSIONS, kubernetesFacts } from '../../src/validation/private/pod';
import { consequenceOf } from '../../src/validation/private/rules/consequences';
import { kubernetesVersions, podFieldTable } from '../../src/validation/private/schema-loader';

/**
 * The Kubernetes version the pod templates are checked against (`kubernetesVersion`): the fields its
 * pod API has (S09) and the pod-template rules that differ by version (V07), on every line.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lineNumbers } = require('../../build-tools/plus-lines');

const POD = 'spec.template.spec';
const TPL = 'spec.templates[0].template.spec';
const VERSIONS = ['1.27', '1.32', '1.33', '1.34'];
const minorOf = (version: string) => Number(version.slice(2));

function s09(manifests: any[], kubernetesVersion?: string): Finding[] {
  return findingsOf('S09', manifests, kubernetesVersion === undefined ? undefined : { kubernetesVersion });
}

describe('the Kubernetes versions: one list, from the lines', () => {
  test('the pod field table has the lines of build-tools/plus-lines.js, and the pod facts a row for each', () => {
    expect(podFieldTable().lines).toEqual(lineNumbers());
    expect(KUBERNETES_FACT_VERSIONS).toEqual(lineNumbers());
    expect(kubernetesVersions()).toEqual(VERSIONS);
  });

  test('each fact is on from the version where its feature gate is on by default', () => {
    const from = (fact: 'relaxedEnvVarNames' | 'relaxedDnsSearch' | 'zeroSecondSleep') => KUBERNETES_FACT_VERSIONS.filter(minor => kubernetesFacts(minor)[fact]);
    expect(from('relaxedEnvVarNames')).toEqual([32, 33, 34]); // KEP-4369: beta 1.32
    expect(from('relaxedDnsSearch')).toEqual([33, 34]); // KEP-4427: beta 1.33
    expect(from('zeroSecondSleep')).toEqual([33, 34]); // KEP-4818: beta 1.33
  });

  test('by default the version of the package\'s cdk8s-plus line; "v1.NN" and a patch release are accepted', () => {
    const rollout = rolloutWith(pod => { pod.hostnameOverride = 'web'; });
    const line = cdk8sPlusLine().kubernetesMinor;
    expect(s09([rollout])).toHaveLength(line < 34 ? 1 : 0);
    expect(s09([rollout], 'v1.34')).toEqual([]);
    expect(s09([rollout], '1.34.1')).toEqual([]);
    expect(s09([rollout], ' 1.33 ')).toHaveLength(1);
  });

  test.each([['1.30'], ['1.26'], ['2.0'], ['latest'], ['']])('an unsupported version %p throws, naming the supported ones', version => {
    const message = /^The Kubernetes version ".*" is not one that the rule engine checks pod templates against; use one of 1\.27, 1\.32, 1\.33, 1\.34 \(a string such as '1\.27'\)\.$/;
    expect(() => validateManifests([validRollout()], { kubernetesVersion: version })).toThrow(message);
    expect(() => Linter.lintManifests([validRollout()], { kubernetesVersion: version })).toThrow(message);
    expect(() => Linter.lintYaml('', 'empty.yaml', { kubernetesVersion: version })).toThrow(message);
  });

  test('a version that is not a string throws', () => {
    expect(() => validateManifests([validRollout()], { kubernetesVersion: 1.27 as any })).toThrow(/^kubernetesVersion must be a string naming a Kubernetes version, not 1\.27; use one of 1\.27, /);
  });
});

/** Fields that later versions added, the first line that has each, and where a template sets them. */
const LATER_FIELDS: ReadonlyArray<readonly [string, string, number, (pod: any) => void, string]> = [
  ['Container', 'restartPolicy', 32, pod => { pod.initContainers = [{ name: 'proxy', image: 'envoy:1.30', restartPolicy: 'Always' }]; }, 'initContainers[0].restartPolicy'],
  ['PodSpec', 'resources', 32, pod => { pod.resources = { limits: { cpu: '2', memory: '1Gi' } }; }, 'resources'],
  ['Lifecycle', 'stopSignal', 33, pod => { pod.containers[0].lifecycle = { stopSignal: 'SIGUSR1' }; }, 'containers[0].lifecycle.stopSignal'],
  ['PodSpec', 'hostnameOverride', 34, pod => { pod.hostnameOverride = 'web-0'; }, 'hostnameOverride'],
  ['Container', 'restartPolicyRules', 34, pod => { pod.containers[0].restartPolicyRules = [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }]; }, 'containers[0].restartPolicyRules'],
  ['EnvVarSource', 'fileKeyRef', 34, pod => { pod.containers[0].env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'v', path: 'a.env', key: 'A' } } }]; }, 'containers[0].env[0].valueFrom.fileKeyRef'],
];

describe('S09 · a pod field the Kubernetes version does not have', () => {
  test.each(LATER_FIELDS.map(([type, field, since]) => [type, field, since] as const))('the table says %s.%s exists from line %d', (type, field, since) => {
    expect(podFieldTable().types[type][field]).toMatch(new RegExp(`@${since}$`));
  });

  describe.each(VERSIONS)('on Kubernetes %s', version => {
    test.each(LATER_FIELDS.map(([type, field, since, set, at]) => [`${type}.${field}`, since, set, at] as const))(
      '%s (from 1.%d): S09 before, nothing after, in a Rollout, an Experiment and a job metric', (_field, since, set, at) => {
        const expected = minorOf(version) < since;
        const rollout = rolloutWith(set);
        const experiment = experimentWith(set);
        const job = jobTemplateWith(set);
        for (const [manifest, pod] of [[rollout, POD], [experiment, TPL], [job, JOB_POD]] as const) {
          const findings = s09([manifest], version);
          expect(findings.map(f => f.path)).toEqual(expected ? [`${pod}.${at}`] : []);
        }
      });
  });

  test('the message: field, value, the version that lacks it, which versions have it; the fix', () => {
    const rollout = rolloutWith(pod => { pod.resources = { limits: { cpu: '2' } }; });
    const finding = expectFinding('S09', [rollout], `${POD}.resources`, undefined, { kubernetesVersion: '1.27' });
    expect(finding.message).toBe('Kubernetes 1.27 has no field spec.template.spec.resources (pod-level resources; Kubernetes 1.32 and later have it), '
      + 'set here to {"limits":{"cpu":"2"}}. The Rollout keeps it (its CRD schema declares it), but the API server of Kubernetes 1.27 drops it silently '
      + 'from every ReplicaSet the controller creates from the template: the field has no effect.');
    expect(finding.fix).toBe('Remove "resources"; or, if the cluster runs Kubernetes 1.32 or later, check against that version: in a cdk8s app, '
      + 'build with this library\'s package for cdk8s-plus-32 (or a later line); with argo-rollouts-lint, --kubernetes-version 1.32; '
      + 'with Linter or the cdk8s plugin, kubernetesVersion: \'1.32\'.');
    expect(finding.value).toEqual({ limits: { cpu: '2' } });
    expect(consequenceOf(finding)).toMatch(/^the object would keep the field, but the API server of that Kubernetes version would drop it, silently/);
  });

  test('an Experiment names the template, a job metric the metric', () => {
    const experiment = expectFinding('S09', [experimentWith(pod => { pod.hostnameOverride = 'x'; })], `${TPL}.hostnameOverride`, undefined, { kubernetesVersion: '1.33' });
    expect(experiment.message).toContain('from the ReplicaSet the Experiment creates for the template "baseline"');
    const job = expectFinding('S09', [jobTemplateWith(pod => { pod.hostnameOverride = 'x'; }, 'AnalysisRun')], `${JOB_POD}.hostnameOverride`, undefined, { kubernetesVersion: '1.33' });
    expect(job.message).toContain('from the Job the AnalysisRun creates for the metric "smoke"');
  });

  test('a job metric\'s Job spec is checked as a whole: Job fields of later versions too', () => {
    const job = jobTemplateWith(() => undefined);
    job.spec.metrics[0].provider.job.spec.managedBy = 'example.com/queue';
    job.spec.metrics[0].provider.job.spec.podReplacementPolicy = 'Failed';
    expect(s09([job], '1.27').map(f => f.path)).toEqual(['spec.metrics[0].provider.job.spec.managedBy', 'spec.metrics[0].provider.job.spec.podReplacementPolicy']);
    expect(s09([job], '1.32')).toEqual([]);
  });

  test('with a workloadRef, the template of the workload: reported on the Rollout, naming the workload\'s field', () => {
    const rollout = validRollout();
    delete rollout.spec.template;
    rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { resources: { limits: { cpu: '1' } }, containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
    };
    const finding = expectFinding('S09', [rollout, deployment], 'spec.workloadRef', 'spec.template.spec.resources', { kubernetesVersion: '1.27' });
    expect(finding.message).toMatch(/^In the pod template of Deployment "web": Kubernetes 1\.27 has no field spec\.template\.spec\.resources .* when it stores Deployment "web"/);
    expect(finding.fix).toMatch(/^In Deployment "web": Remove "resources"/);
    expect(s09([rollout, deployment], '1.32')).toEqual([]);
  });

  test('a field only older versions have (removed since): of the versions checked, only they have it', () => {
    // Argo Rollouts 1.8's CRD keeps a resource claim's `source`, which Kubernetes 1.31 replaced
    const rollout = rolloutWith(pod => { pod.resourceClaims = [{ name: 'gpu', source: { resourceClaimName: 'gpu-claim' } }]; });
    const finding = expectFinding('S09', [rollout], `${POD}.resourceClaims[0].source`, undefined, { version: '1.8.3', kubernetesVersion: '1.32' });
    expect(finding.message).toContain('(of the Kubernetes versions this library checks against, only 1.27 has it)');
    expect(finding.fix).toBe('Remove or rename "source"; the fields known here are: name, resourceClaimName, resourceClaimTemplateName.');
    expect(s09([rollout], '1.27').length + findingsOf('S06', [rollout], { version: '1.8.3', kubernetesVersion: '1.27' }).length).toBe(0);
  });

  test('where the CRD keeps any field (volumes), a field no version has is S09, with the closest known field', () => {
    const rollout = rolloutWith(pod => { pod.volumes = [{ name: 'cache', emptyDri: {} }]; });
    const finding = expectFinding('S09', [rollout], `${POD}.volumes[0].emptyDri`, undefined, { kubernetesVersion: '1.34' });
    expect(finding.message).toContain('(no Kubernetes version this library checks against has it (1.27, 1.32, 1.33 and 1.34))');
    expect(finding.fix).toMatch(/^Did you mean "emptyDir"\? Remove or rename "emptyDri"/);
    expect(findingsOf('S06', [rollout])).toEqual([]);
  });

  test('a field the CRD schema prunes is S06 alone, never S09 too', () => {
    // a misspelt container field, and a pod field that Argo Rollouts 1.8.3's CRD lacks
    const typo = rolloutWith(pod => { pod.containers[0].imagePullPolicyy = 'Always'; });
    expect(findingsOf('S06', [typo], { kubernetesVersion: '1.27' }).map(f => f.path)).toEqual([`${POD}.containers[0].imagePullPolicyy`]);
    expect(s09([typo], '1.27')).toEqual([]);
    const newer = rolloutWith(pod => { pod.resources = { limits: { cpu: '1', bogus: 'x' } }; pod.hostnameOverride = 'x'; });
    for (const kubernetesVersion of VERSIONS) {
      expect(findingsOf('S06', [newer], { version: '1.8.3', kubernetesVersion }).map(f => f.path).sort()).toEqual([`${POD}.hostnameOverride`, `${POD}.resources`]);
      expect(findingsOf('S09', [newer], { version: '1.8.3', kubernetesVersion })).toEqual([]);
    }
    // with a release whose CRD keeps them, S09 reports what the Kubernetes version lacks
    expect(s09([newer], '1.27').map(f => f.path).sort()).toEqual([`${POD}.hostnameOverride`, `${POD}.resources`]);
    expect(findingsOf('S06', [newer], { kubernetesVersion: '1.27' })).toEqual([]);
  });

  test('null fields are pruned first, as the API server does; values of the wrong type are the schema\'s', () => {
    expect(s09([rolloutWith(pod => { pod.hostnameOverride = null; })], '1.27')).toEqual([]);
    expect(s09([rolloutWith(pod => { pod.containers = 'web'; pod.volumes = { a: 1 }; })], '1.27')).toEqual([]);
  });

  test('a Rollout construct fails synth when a patch adds a field the line\'s Kubernetes lacks, with the construct path', () => {
    const chart = new Chart(Testing.app(), 'c');
    const rollout = new Rollout(chart, 'web', { strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)] }), containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
    ApiObject.of(rollout).addJsonPatch(JsonPatch.add('/spec/template/spec/hostnameOverride', 'web-0'));
    if (cdk8sPlusLine().kubernetesMinor < 34) {
      expect(() => Testing.synth(chart)).toThrow(new RegExp(`Rollout c/web breaks a rule .*\\n {2}\\[S09\\] spec\\.template\\.spec\\.hostnameOverride: Kubernetes 1\\.${cdk8sPlusLine().kubernetesMinor} has no field`));
    } else {
      expect(() => Testing.synth(chart)).not.toThrow();
    }
  });
});

describe('V07 · the pod-template rules that differ by Kubernetes version (the API server\'s; the controller\'s stay strict)', () => {
  const clean = (version: string, since: number) => minorOf(version) >= since;

  describe.each(VERSIONS)('on Kubernetes %s', version => {
    test('an environment variable name with "@": refused by the API server before 1.32 (Experiments, Jobs), always by the controller (Rollouts)', () => {
      const set = (pod: any) => { pod.containers[0].env = [{ name: 'user@host', value: 'x' }]; pod.containers[0].envFrom = [{ prefix: 'app@', configMapRef: { name: 'c' } }]; };
      const options = { kubernetesVersion: version };
      for (const [manifest, pod] of [[experimentWith(set), TPL], [jobTemplateWith(set), JOB_POD]] as const) {
        expect(findingsOf('V07', [manifest], options).map(f => f.path)).toEqual(clean(version, 32) ? [] : [`${pod}.containers[0].env[0].name`, `${pod}.containers[0].envFrom[0].prefix`]);
      }
      expect(findingsOf('V07', [rolloutWith(set)], options).map(f => f.path)).toEqual([`${POD}.containers[0].env[0].name`, `${POD}.containers[0].envFrom[0].prefix`]);
    });

    test('a DNS search domain with "_" (and "."): refused by the API server before 1.33, always by the controller', () => {
      const set = (pod: any) => { pod.dnsConfig = { searches: ['my_domain.local', '.'] }; };
      expect(findingsOf('V07', [experimentWith(set)], { kubernetesVersion: version }).length).toBe(clean(version, 33) ? 0 : 2);
      expect(findingsOf('V07', [jobTemplateWith(set)], { kubernetesVersion: version }).length).toBe(clean(version, 33) ? 0 : 2);
      expect(findingsOf('V07', [rolloutWith(set)], { kubernetesVersion: version })).toHaveLength(2);
    });

    test('a hook sleep of 0 seconds: refused by the API server before 1.33, always by the controller', () => {
      const set = (pod: any) => { pod.containers[0].lifecycle = { preStop: { sleep: { seconds: 0 } } }; };
      const at = (pod: string) => `${pod}.containers[0].lifecycle.preStop.sleep.seconds`;
      expect(findingsOf('V07', [experimentWith(set)], { kubernetesVersion: version }).map(f => f.path)).toEqual(clean(version, 33) ? [] : [at(TPL)]);
      expect(findingsOf('V07', [jobTemplateWith(set)], { kubernetesVersion: version }).map(f => f.path)).toEqual(clean(version, 33) ? [] : [at(JOB_POD)]);
      expect(findingsOf('V07', [rolloutWith(set)], { kubernetesVersion: version }).map(f => f.path)).toEqual([at(POD)]);
    });
  });

  test('the messages say which version the API server applies the relaxed rule from', () => {
    const env = expectFinding('V07', [experimentWith(pod => { pod.containers[0].env = [{ name: 'user@host', value: 'x' }]; })], `${TPL}.containers[0].env[0].name`, undefined,
      { kubernetesVersion: '1.27' });
    expect(env.message).toContain('(the API server of Kubernetes 1.27 checks names strictly; from 1.32 on, it takes any printable character but \'=\')');
    const dns = expectFinding('V07', [experimentWith(pod => { pod.dnsConfig = { searches: ['my_domain.local'] }; })], `${TPL}.dnsConfig.searches[0]`, undefined,
      { kubernetesVersion: '1.32' });
    expect(dns.message).toContain('(the API server of Kubernetes 1.32 checks search domains strictly; from 1.33 on, it takes \'_\' and a single \'.\')');
    const sleep = expectFinding('V07', [jobTemplateWith(pod => { pod.containers[0].lifecycle = { preStop: { sleep: { seconds: 0 } } }; })],
      `${JOB_POD}.containers[0].lifecycle.preStop.sleep.seconds`, undefined, { kubernetesVersion: '1.32' });
    expect(sleep.message).toContain('(the API server of Kubernetes 1.32 refuses a zero-second sleep; from 1.33 on, it takes one)');
    // a search domain no version takes gets no note
    const bad = expectFinding('V07', [experimentWith(pod => { pod.dnsConfig = { searches: ['-bad-'] }; })], `${TPL}.dnsConfig.searches[0]`, undefined, { kubernetesVersion: '1.27' });
    expect(bad.message).not.toContain('from 1.33 on');
  });
});
