import { blueGreenRollout, service, validRollout } from './helpers';
import { Linter } from '../../src/validation/linter';
import { documentStartLines, parseYamlDocuments } from '../../src/validation/private/yaml';

const ROLLOUT_YAML = `# a comment
apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
  namespace: shop
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: web, image: nginx}]
  strategy:
    canary:
      steps: [{setWeight: 20}, {pause: {}}]
`;

describe('Linter', () => {
  test('lintManifests: findings name the document; references are required by default', () => {
    const rollout = blueGreenRollout();
    const findings = Linter.lintManifests([service('web-active'), rollout]);
    expect(findings.map(f => [f.ruleId, f.documentIndex, f.kind, f.name, f.path, f.file])).toEqual([
      ['V47', 1, 'Rollout', 'web', 'spec.strategy.blueGreen.previewService', ''],
    ]);
    expect(Linter.lintManifests([service('web-active'), rollout], { requireReferencedObjects: false })).toEqual([]);
    expect(Linter.lintManifests(undefined as any)).toEqual([]);
  });

  test('lintManifests: the version selects the schema', () => {
    const rollout = validRollout();
    rollout.spec.strategy.canary.replicaProgressThreshold = { type: 'Pod', value: 1 };
    expect(Linter.lintManifests([rollout])).toEqual([]);
    expect(Linter.lintManifests([rollout], { version: '1.8.3' }).map(f => f.ruleId)).toEqual(['S06']);
  });

  test('lintYaml: document indexes, start lines and namespaces', () => {
    // (the second Rollout has a name of its own: the same one twice in a file is L05)
    const text = `---\n${ROLLOUT_YAML}---\n---\n${ROLLOUT_YAML.replace('setWeight: 20', 'setWeight: "20"').replace('name: web', 'name: web2')}`;
    const findings = Linter.lintYaml(text, 'app.yaml');
    expect(findings).toEqual([expect.objectContaining({
      ruleId: 'S03',
      file: 'app.yaml',
      documentIndex: 2,
      line: 22,
      kind: 'Rollout',
      name: 'web2',
      namespace: 'shop',
      path: 'spec.strategy.canary.steps[0].setWeight',
    })]);
    expect(Linter.formatFinding(findings[0])).toMatch(/^app\.yaml:22 \(document 2\) Rollout\/web2 spec\.strategy\.canary\.steps\[0\]\.setWeight \[S03\] .* Fix: /);
  });

  test('lintYaml: a syntax error names the file and line', () => {
    expect(() => Linter.lintYaml('kind: Rollout\nmetadata:\n  name: [x\nspec: {}\n', 'bad.yaml')).toThrow(/^bad\.yaml:4:1: YAML syntax error: /);
    expect(() => Linter.lintYaml('a: 1\na: 2\n')).toThrow(/<input>:2:\d+: YAML syntax error: duplicated mapping key/);
  });

  test('lintSources: references resolve across files; JSON files', () => {
    const rollout = blueGreenRollout();
    const findings = Linter.lintSources([
      { fileName: 'rollout.json', text: JSON.stringify(rollout) },
      { fileName: 'services.json', text: JSON.stringify([service('web-active'), service('web-preview', { app: 'other' })]) },
    ]);
    expect(findings.map(f => [f.ruleId, f.file, f.documentIndex])).toEqual([['V48', 'rollout.json', 0]]);
    expect(() => Linter.lintSources([{ fileName: 'x.json', text: '{"a": 1,\n "b": }' }])).toThrow(/^x\.json:2:\d+: JSON syntax error/);
  });

  test('YAML as kubectl reads it: YAML 1.1 booleans, merge keys, timestamps stay strings', () => {
    const [doc] = parseYamlDocuments('a: yes\nb: off\nc: "yes"\nd: 2025-01-01\nbase: &b {x: 1}\ne:\n  <<: *b\n  z: 2\n');
    expect(doc).toEqual({ a: true, b: false, c: 'yes', d: '2025-01-01', base: { x: 1 }, e: { x: 1, z: 2 } });
    const rollout = ROLLOUT_YAML.replace('steps:', 'dynamicStableScale: yes\n      steps:');
    expect(Linter.lintYaml(rollout).map(f => f.ruleId)).toEqual(['V29']);
  });

  test('document start lines', () => {
    expect(documentStartLines('a: 1\n---\n# c\nb: 2\n', 2)).toEqual([1, 4]);
    expect(documentStartLines('--- {a: 1}\n--- \n', 2)).toEqual([1, 2]);
    expect(documentStartLines('%YAML 1.2\n---\na: 1\n', 1)).toBeUndefined();
    expect(documentStartLines('a: 1\n', 2)).toBeUndefined();
    expect(documentStartLines('a: 1\r\n---\r\nb: 2\r\n', 2)).toEqual([1, 3]);
    expect(Linter.lintSources([{ fileName: 'bom.json', text: `\ufeff${JSON.stringify(validRollout())}` }])).toEqual([]);
  });
});

describe('List documents', () => {
  test('the items of a List are linted, with their path in the List', () => {
    const text = [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: Service',
      '  metadata: {name: web}',
      '  spec: {ports: [{port: 80}], selector: {app: web}}',
      '- apiVersion: argoproj.io/v1alpha1',
      '  kind: Rollout',
      '  metadata: {name: web}',
      '  spec:',
      '    selector: {matchLabels: {app: web}}',
      '    template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: web:1}]}}',
      '    strategy: {canary: {steps: [{setWeight: 150}]}}',
    ].join('\n');
    const findings = Linter.lintYaml(text, 'list.yaml');
    expect(findings.map(f => [f.ruleId, f.documentIndex, f.kind, f.path])).toEqual([['V34', 0, 'Rollout', 'items[1].spec.strategy.canary.steps[0].setWeight']]);
  });
});

describe('references across files (issue 10, item 13)', () => {
  /** A folder-like file: Rollout demo and its two Services, all selecting `app: <label>`. */
  const demoFile = (label: string, namespace?: string) => {
    const meta = namespace === undefined ? '' : `\n  namespace: ${namespace}`;
    return `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: demo${meta}
spec:
  selector: {matchLabels: {app: ${label}}}
  template:
    metadata: {labels: {app: ${label}}}
    spec: {containers: [{name: demo, image: nginx:1.27}]}
  strategy:
    canary: {canaryService: demo-canary, stableService: demo-stable, steps: [{setWeight: 20}, {pause: {}}]}
---
apiVersion: v1
kind: Service
metadata: {name: demo-canary${namespace === undefined ? '' : `, namespace: ${namespace}`}}
spec: {selector: {app: ${label}}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: demo-stable${namespace === undefined ? '' : `, namespace: ${namespace}`}}
spec: {selector: {app: ${label}}, ports: [{port: 80}]}
`;
  };

  test('a base and an overlay defining the same objects: each Rollout resolves its own file first', () => {
    const sources = [{ fileName: 'base/app.yaml', text: demoFile('demo') }, { fileName: 'overlay/app.yaml', text: demoFile('demo-v2') }];
    expect(Linter.lintSources(sources)).toEqual([]);
  });

  test('a mutation of the second copy is seen', () => {
    const overlay = demoFile('demo-v2').replace('spec: {selector: {app: demo-v2}, ports: [{port: 80}]}\n', 'spec: {selector: {app: other}, ports: [{port: 80}]}\n');
    const findings = Linter.lintSources([{ fileName: 'base/app.yaml', text: demoFile('demo') }, { fileName: 'overlay/app.yaml', text: overlay }]);
    expect(findings.map(f => [f.ruleId, f.file, f.path])).toEqual([['V48', 'overlay/app.yaml', 'spec.strategy.canary.canaryService']]);
  });

  test('an object only in another file still resolves', () => {
    const rolloutOnly = demoFile('demo').split('---\n')[0];
    const servicesOnly = demoFile('demo').split('---\n').slice(1).join('---\n');
    expect(Linter.lintSources([{ fileName: 'rollout.yaml', text: rolloutOnly }, { fileName: 'services.yaml', text: servicesOnly }])).toEqual([]);
  });

  test('objects without a namespace go where the Rollout goes (kubectl apply -n)', () => {
    // the Rollout sets its namespace, its Services set none: they are applied into the same namespace
    const text = demoFile('demo', 'shop').replace(/, namespace: shop\}/g, '}');
    expect(Linter.lintYaml(text, 'app.yaml')).toEqual([]);
    // a Service in another namespace is no substitute
    const elsewhere = demoFile('demo', 'shop').replace(/, namespace: shop\}/g, ', namespace: other}');
    expect(Linter.lintYaml(elsewhere, 'app.yaml').map(f => f.ruleId)).toEqual(['V47', 'V47']);
  });
});

describe('L05 objects defined twice in one file (issue 10, item 7)', () => {
  const svc = (name: string, extra = '') => `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}${extra}}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n`;

  test('the second definition is reported, with its file and document', () => {
    const text = [svc('shared-stable'), svc('other'), svc('shared-stable')].join('---\n');
    const findings = Linter.lintYaml(text, 'app.yaml');
    expect(findings.map(f => [f.ruleId, f.file, f.documentIndex, f.path])).toEqual([['L05', 'app.yaml', 2, 'metadata.name']]);
    expect(findings[0].message).toContain('Service "shared-stable" without a namespace is defined again');
    expect(findings[0].message).toContain('kubectl apply keeps only the last');
  });

  test('another namespace, kind or API group is another object; the version does not count', () => {
    const text = [svc('web'), svc('web', ', namespace: shop'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\n',
      'apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata: {name: web}\n'].join('---\n');
    expect(Linter.lintYaml(text, 'app.yaml')).toEqual([]);
    const versions = ['apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n', 'apiVersion: apps/v1beta1\nkind: Deployment\nmetadata: {name: web}\n'].join('---\n');
    expect(Linter.lintYaml(versions, 'app.yaml').map(f => f.ruleId)).toEqual(['L05']);
  });

  test('the same objects in two files are no duplicates (a base and an overlay)', () => {
    expect(Linter.lintSources([{ fileName: 'a.yaml', text: svc('web') }, { fileName: 'b.yaml', text: svc('web') }])).toEqual([]);
  });

  test('objects named by generateName are new each time', () => {
    const run = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: run-}\n';
    expect(Linter.lintYaml([run, run].join('---\n'), 'app.yaml')).toEqual([]);
  });
});

describe('the release a lint checks against', () => {
  const controller = (image: string, name = 'argo-rollouts') => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'argo-rollouts' },
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'argo-rollouts', image }] } } },
  });
  /** A Rollout with a field 1.9 added (replicaProgressThreshold): a schema error (S06) on 1.8. */
  const newer = () => {
    const rollout = validRollout();
    rollout.spec.strategy.canary.replicaProgressThreshold = { type: 'Percent', value: 90 };
    return rollout;
  };
  const s06 = (manifests: any[], options?: any) => Linter.lintManifests(manifests, options).filter(f => f.ruleId === 'S06').map(f => f.message);

  test('the controller Deployment among the manifests decides, by its image tag, from any registry', () => {
    expect(s06([newer()])).toEqual([]);
    expect(s06([newer(), controller('quay.io/argoproj/argo-rollouts:v1.8.4')])).toEqual([expect.stringMatching(/replicaProgressThreshold[^]*1\.8\.4/)]);
    expect(s06([controller(`mirror.example:5000/argoproj/argo-rollouts:v1.8.3@sha256:${'a'.repeat(64)}`), newer()])).toHaveLength(1);
  });

  test('a given version wins; an image that is not a supported release leaves the default', () => {
    expect(s06([newer(), controller('quay.io/argoproj/argo-rollouts:v1.8.4')], { version: '1.9.1' })).toEqual([]);
    expect(s06([newer(), controller('quay.io/argoproj/argo-rollouts:latest')])).toEqual([]);
    expect(s06([newer(), controller('quay.io/acme/argo-rollouts-fork:v1.8.4')])).toEqual([]);
  });

  test('two controllers of different releases: an error naming both', () => {
    expect(() => Linter.lintManifests([controller('quay.io/argoproj/argo-rollouts:v1.8.4', 'a'), controller('quay.io/argoproj/argo-rollouts:v1.9.1', 'b')]))
      .toThrow('The manifests run two Argo Rollouts controllers: Deployment a is 1.8.4, Deployment b is 1.9.1. Say which release to check against (--version, or the version option).');
  });
});
