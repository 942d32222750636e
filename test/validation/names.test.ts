import { expectFinding, expectNoFinding, findingsOf, routedRollout, service, validRollout } from './helpers';
import { Linter } from '../../src/validation/linter';
import { validateManifests } from '../../src/validation/private';

/** Object names and namespaces (S07), checked by the rule of each kind as the API server does. */
describe('S07 object names', () => {
  test.each([
    ['Bad_Name', '"Bad_Name"'],
    ['web.', 'dot-separated'],
    ['a'.repeat(300), '300 characters'],
  ])('a Rollout named %p is refused', (name, mention) => {
    const rollout = validRollout();
    rollout.metadata.name = name;
    const finding = expectFinding('S07', [rollout], 'metadata.name', mention);
    expect(finding.message).toContain('Rollout name');
    expect(finding.message).toContain('DNS-1123 subdomain');
  });

  test('a Rollout name may hold dots and be 253 characters long', () => {
    const dotted = validRollout();
    dotted.metadata.name = 'web.v2';
    const long = validRollout();
    long.metadata.name = 'a'.repeat(253);
    expectNoFinding('S07', [dotted, long]);
  });

  test('the fix suggests a valid name', () => {
    const rollout = validRollout();
    rollout.metadata.name = 'My Web_App';
    expect(expectFinding('S07', [rollout], 'metadata.name').fix).toContain('"my-web-app"');
  });

  test('a namespace must be a DNS-1123 label', () => {
    const rollout = validRollout();
    rollout.metadata.namespace = 'Bad NS';
    const finding = expectFinding('S07', [rollout], 'metadata.namespace', '"Bad NS"');
    expect(finding.message).toContain('DNS-1123 label');
    const dotted = validRollout();
    dotted.metadata.namespace = 'shop.prod';
    expectFinding('S07', [dotted], 'metadata.namespace', '"shop.prod"');
  });

  test('AnalysisTemplate, Experiment and AnalysisRun names', () => {
    const template = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 'Bad Name' }, spec: { metrics: [] } };
    expectFinding('S07', [template], 'metadata.name', 'AnalysisTemplate name');
    const run = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisRun', metadata: { generateName: 'Run-' }, spec: { metrics: [] } };
    expectFinding('S07', [run], 'metadata.generateName', '"Run-"');
    // a generateName is a prefix: a trailing '-' is fine
    expectNoFinding('S07', [{ ...run, metadata: { generateName: 'run-' } }]);
  });

  test('a ClusterAnalysisTemplate may carry a namespace: the API server clears it', () => {
    const template = { apiVersion: 'argoproj.io/v1alpha1', kind: 'ClusterAnalysisTemplate', metadata: { name: 'rate', namespace: 'Not Checked' }, spec: { metrics: [] } };
    expectNoFinding('S07', [template]);
  });

  test('Services take DNS-1035 labels', () => {
    const digit = service('1-web');
    const finding = expectFinding('S07', [digit], 'metadata.name', 'DNS-1035 label');
    expect(finding.message).toContain('Service name');
    expectFinding('S07', [service('web.stable')], 'metadata.name', '"web.stable"');
    expectFinding('S07', [service('w'.repeat(64))], 'metadata.name', '64 characters');
    expectNoFinding('S07', [service('web-stable')]);
  });

  test('the objects traffic routing and workloadRef use are checked', () => {
    const virtualService = { apiVersion: 'networking.istio.io/v1beta1', kind: 'VirtualService', metadata: { name: 'Web' }, spec: {} };
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web_1' }, spec: {} };
    const ingress = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', namespace: 'A' }, spec: {} };
    const findings = findingsOf('S07', [virtualService, deployment, ingress]);
    expect(findings.map(f => [f.kind, f.path])).toEqual([['VirtualService', 'metadata.name'], ['Deployment', 'metadata.name'], ['Ingress', 'metadata.namespace']]);
  });

  test('kinds with other name rules are left alone', () => {
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'system:argo-rollouts' }, rules: [] };
    expect(validateManifests([role])).toEqual([]);
  });

  test('a name that is not a string', () => {
    const rollout = validRollout();
    rollout.metadata.name = 42;
    expectFinding('S07', [rollout], 'metadata.name', 'not a string');
  });

  test('valid examples pass', () => {
    expectNoFinding('S07', [routedRollout(), service('web-stable'), service('web-canary')]);
  });

  test('the linter reports it with the file', () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: AnalysisTemplate\nmetadata: {name: Bad Name}\nspec:\n  metrics:\n    - name: m\n      provider: {job: {spec: {template: {spec: {containers: [{name: c, image: busybox}], restartPolicy: Never}}}}}\n';
    expect(Linter.lintYaml(text, 'templates.yaml').map(f => [f.ruleId, f.file, f.path])).toEqual([['S07', 'templates.yaml', 'metadata.name']]);
  });
});

describe('S07 every Argo object has a name; S06 and S03 on its metadata', () => {
  const argo = (kind: string, metadata: any) => ({ apiVersion: 'argoproj.io/v1alpha1', kind, ...(metadata === undefined ? {} : { metadata }), spec: {} });

  test.each(['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment'])('a %s without metadata, or with an empty name, is refused', kind => {
    for (const metadata of [undefined, {}, { name: '' }, { name: null }, { labels: { app: 'web' } }]) {
      const finding = expectFinding('S07', [argo(kind, metadata)], 'metadata.name', `The ${kind} has no name`);
      expect(finding.fix).toMatch(/Set metadata\.name/);
    }
  });

  test.each(['AnalysisRun', 'Experiment'])('a %s may have a generateName instead (kubectl create completes it)', kind => {
    expectNoFinding('S07', [argo(kind, { generateName: 'web-run-' })]);
    expect(expectFinding('S07', [argo(kind, {})], 'metadata.name').fix).toContain('generateName');
  });

  test.each(['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate'])('a %s with only a generateName is refused, and the fix names it', kind => {
    const finding = expectFinding('S07', [argo(kind, { generateName: 'web-' })], 'metadata.name', 'generateName "web-" but no metadata.name');
    expect(finding.fix).toBe(`Give the ${kind} a name: replace generateName with name: "web".`);
  });

  test('other kinds are not asked for a name', () => {
    expectNoFinding('S07', [{ apiVersion: 'v1', kind: 'Service', metadata: {}, spec: {} }, { apiVersion: 'apps/v1', kind: 'Deployment' }]);
  });

  test('the linter reports a nameless Rollout in YAML', () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nspec:\n  selector: {matchLabels: {app: web}}\n'
      + '  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx:1.27}]}}\n  strategy: {canary: {}}\n';
    expect(Linter.lintYaml(text, 'r.yaml').map(f => [f.ruleId, f.path, f.name])).toEqual([['S07', 'metadata.name', '']]);
  });

  test('an unknown metadata field is dropped by the API server (S06); a wrong shape is refused (S03)', () => {
    const rollout = validRollout();
    rollout.metadata.lables = { app: 'web' };
    const unknown = expectFinding('S06', [rollout], 'metadata.lables', '"lables"');
    expect(unknown.fix).toContain('labels');
    const listed = validRollout();
    listed.metadata.labels = ['app=web'];
    expectFinding('S03', [listed], 'metadata.labels', 'takes a map here');
    const template = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 'rate', ownerReferences: {} }, spec: { metrics: [] } };
    expectFinding('S03', [template], 'metadata.ownerReferences', 'takes a list here');
    expectNoFinding('S06', [validRollout()]);
  });

  test('label and annotation syntax of the object itself', () => {
    const rollout = validRollout();
    rollout.metadata.labels = { 'bad key!': 'x', 'app': 'not valid!' };
    rollout.metadata.annotations = { 'example.com/owner': 7 };
    const findings = findingsOf('S07', [rollout]);
    expect(findings.map(f => f.path)).toEqual(['metadata.labels', 'metadata.labels', 'metadata.annotations']);
    expect(findings.map(f => f.message).join('\n')).toMatch(/"bad key!"[^]*"not valid!"[^]*value 7, which is not a string/);
  });
});
