// Reading a document at a time: the parts of a YAML stream give the documents, errors and lines of
// reading the whole text, and a lint run in two passes gives the findings of the engine over every
// document held at once.
import * as fs from 'fs';
import * as path from 'path';
import { isObject } from '../../src/private/manifest-types';
import { LintFinding, LintOptions } from '../../src/validation/linter';
import { yamlLayout } from '../../src/validation/private/document-parts';
import { ManifestStream } from '../../src/validation/private/engine';
import { lintParsed, lintRun } from '../../src/validation/private/lint-run';
import {
  documentStartLines, jsonDocumentStream, parseJsonDocuments, readWholeYaml, YamlSyntaxError, yamlDocumentStream,
} from '../../src/validation/private/yaml';
import { testUpstream, UPSTREAM_DIR } from '../util';

/** The documents and start lines of a text read part by part, or its error. */
function byParts(text: string): string {
  try {
    const stream = yamlDocumentStream(text);
    const documents: any[] = [];
    stream.read(parts => documents.push(...parts));
    return JSON.stringify({ documents, lines: stream.lines });
  } catch (error) {
    if (!(error instanceof YamlSyntaxError)) throw error;
    return `${error.line}:${error.column} ${error.reason}`;
  }
}

/** The same, reading the whole text at once. */
function whole(text: string): string {
  try {
    const documents = readWholeYaml(text);
    return JSON.stringify({ documents, lines: documentStartLines(text, documents.length) });
  } catch (error) {
    if (!(error instanceof YamlSyntaxError)) throw error;
    return `${error.line}:${error.column} ${error.reason}`;
  }
}

/** Lines from which the generated streams are made: document markers, block scalars, directives, unfinished scalars. */
const FRAGMENTS = ['---', '--- ', '---\t', '--- a', '--- |1', '--- |', '--- >2', '--- !!str', '--- &x', '--- # c', '---x', '...', '... ', '...x',
  '# c', '', ' ', '  # c', 'a: 1', '  b: 2', 'c:', '- x', '  - y', '%YAML 1.2', '%TAG ! tag:x,2000:', 'k: |', 'k: |1', '  text', 'text',
  'x: "abc', 'def"', "y: 'q", "r'", '[a,', ']', '{a: 1,', '}', 'z: &a {p: 1}', 'w: *a', 'm: {<<: *a}', '|1', '>', '? k', ': v', '\t',
  'a: 1\r', '---\r', '\r---', 'foo\rbar', '!!str |1', '&b', '*a', '- |1', '? |1', '--- >1', '   ---', '--- [a,', '--- "a', '----', '--- ...', '--- *a'];

describe('a YAML stream read part by part', () => {
  test('gives the documents, start lines and errors of the whole text (5,000 generated streams)', () => {
    let seed = 20250101;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const differences: string[] = [];
    let split = 0;
    for (let run = 0; run < 5000; run++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 16) }, () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]);
      const text = `${random() < 0.05 ? '\uFEFF' : ''}${lines.join(random() < 0.1 ? '\r\n' : '\n')}${random() < 0.7 ? '\n' : ''}`;
      if (yamlLayout(text).partStarts.length > 1) split++;
      const expected = whole(text);
      const actual = byParts(text);
      if (actual !== expected) differences.push(`${JSON.stringify(text)}\n  whole: ${expected}\n  parts: ${actual}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(split).toBeGreaterThan(2000); // most streams are really read in parts
  });

  test('each document of a plain stream is a part; `---` inside a block scalar or a quoted string does not split', () => {
    const text = '# header\n---\na: 1\n---\nb: |\n  ---\n  text\n---\n--- {c: 1}\n...\n---\nd: "x\n  --- y"\n';
    expect(yamlLayout(text).partStarts.map(start => text.slice(start, start + 8))).toEqual(['# header', '---\nb: |', '---\n--- ', '--- {c: ', '---\nd: "']);
    expect(byParts(text)).toBe(whole(text));
    expect(JSON.parse(byParts(text)).documents).toEqual([{ a: 1 }, { b: '---\ntext\n' }, null, { c: 1 }, { d: 'x --- y' }]);
  });

  test('an error is reported where the whole text has it, with the same line and column', () => {
    const text = 'a: 1\n---\nb: 2\n---\nc: [1,\n---\nd: 4\n';
    expect(byParts(text)).toBe(whole(text));
    expect(byParts(text)).toMatch(/^6:1 /);
  });

  test('JSON: a list is read an item at a time, with the documents and errors of the whole file', () => {
    const items = [{ kind: 'Service', metadata: { name: 'a' } }, 'x', 3, null, { kind: 'List', items: [{ a: '[{\\"' }] }];
    const text = JSON.stringify(items, undefined, 2);
    const parts: any[] = [];
    jsonDocumentStream(text).read((documents, part) => parts.push({ documents, format: part.format }));
    expect(parts).toEqual(items.map(item => ({ documents: [item], format: 'json' })));
    expect(parseJsonDocuments(`\uFEFF ${text} `)).toEqual(items);
    expect(parseJsonDocuments('{"a": 1}')).toEqual([{ a: 1 }]);
    expect(parseJsonDocuments('[]')).toEqual([]);
    for (const bad of ['[{"a": 1},]', '[{"a": 1} {"b": 2}]', '[{"a": 1}', '[1, 2] x', '{"a": }']) {
      const expected = (() => {
        try {
          JSON.parse(bad);
          return 'no error';
        } catch {
          return 'error';
        }
      })();
      expect(expected).toBe('error');
      expect(() => parseJsonDocuments(bad)).toThrow(YamlSyntaxError);
    }
    expect(() => parseJsonDocuments('[{"a": 1},\n {"b": }]')).toThrow(expect.objectContaining({ line: 2, reason: expect.any(String) }));
  });
});

// A mixed set of files with references between them: Services after the Rollouts that name them,
// templates in another file, objects defined twice, List documents, empty documents, objects that
// rules search (autoscalers, quotas, the notification ConfigMap), workloadRefs to a Deployment and to
// kinds the index does not keep, a Rollout used as a workload.
const ROLLOUT = (name: string, extra = '') => `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: ${name}
  namespace: shop
  annotations: {notifications.argoproj.io/subscribe.on-rollout-completed.slack: team, rollouts.argoproj.io/budget-pods: "5"}
spec:
  replicas: 3
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: app, image: "app:1", resources: {requests: {cpu: 100m}}}]}
  strategy:
    canary:
      stableService: ${name}-stable
      canaryService: ${name}-canary
      analysis: {templates: [{templateName: rate}, {templateName: missing}], args: [{name: service, value: ${name}}]}
      steps: [{setWeight: 20}, {analysis: {templates: [{templateName: rate}]}}, {pause: {duration: 1m}}]${extra}
`;
const SERVICE = (name: string, app: string) => `apiVersion: v1
kind: Service
metadata: {name: ${name}, namespace: shop}
spec: {selector: {app: ${app}}, ports: [{port: 80}]}
`;
const WORKLOAD_ROLLOUT = (name: string, kind: string) => `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: ${name}, namespace: shop}
spec:
  replicas: 2
  workloadRef: {apiVersion: apps/v1, kind: ${kind}, name: ${name}-workload}
  strategy: {blueGreen: {activeService: web-stable, autoPromotionEnabled: false}}
`;
const FILES: Record<string, string> = {
  'a-rollouts.yaml': [
    '# rollouts before their Services',
    ROLLOUT('web'),
    ROLLOUT('api', '\n      maxSurge: "150%"'),
    ROLLOUT('web'), // defined again (L05)
    '', // an empty document
    SERVICE('web-stable', 'web'),
    SERVICE('web-canary', 'other'),
    `apiVersion: v1
kind: List
items:
- ${SERVICE('api-stable', 'api').trimEnd().replace(/\n/g, '\n  ')}
- apiVersion: argoproj.io/v1alpha1
  kind: Rollout
  metadata: {name: listed, namespace: shop}
  spec: {selector: {matchLabels: {app: x}}, template: {metadata: {labels: {app: y}}, spec: {containers: [{name: c, image: "c:1"}]}}, strategy: {canary: {steps: [{setWeight: 200}]}}}
`,
    WORKLOAD_ROLLOUT('bg', 'Deployment'),
    WORKLOAD_ROLLOUT('set', 'StatefulSet'),
    WORKLOAD_ROLLOUT('odd', 'Rollout'),
    `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: shop}
spec: {scaleTargetRef: {apiVersion: argoproj.io/v1alpha1, kind: Rollout, name: web}, minReplicas: 2, maxReplicas: 9}
`,
    `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: set-workload, namespace: shop}
spec: {replicas: 1, selector: {matchLabels: {app: s}}, template: {metadata: {labels: {app: s}}, spec: {containers: [{name: s, image: "s:1", resources: {requests: {cpu: "2"}}}]}}}
`,
    `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: odd-workload, namespace: shop}
spec: {selector: {matchLabels: {app: o}}, template: {metadata: {labels: {app: o}}, spec: {containers: [{name: o, image: "o:1", resources: {requests: {cpu: "3"}}}]}}, strategy: {canary: {}}}
`,
  ].join('---\n'),
  'b-templates.yaml': [
    `apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: rate, namespace: shop}
spec:
  args: [{name: service}]
  metrics: [{name: rate, interval: 1m, count: 3, successCondition: "result[0] > 0.9", provider: {prometheus: {address: "http://p:9090", query: "x{s=\\"{{args.service}}\\"}"}}}]
`,
    `apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: unused, namespace: shop}
spec: {metrics: [{name: m, provider: {web: {url: "http://{{args.nothing}}"}}}]}
`,
    `apiVersion: apps/v1
kind: Deployment
metadata: {name: bg-workload, namespace: shop}
spec: {replicas: 1, selector: {matchLabels: {app: b}}, template: {metadata: {labels: {app: b}}, spec: {containers: [{name: b, image: "b:1"}]}}}
`,
    `apiVersion: v1
kind: ResourceQuota
metadata: {name: q, namespace: shop}
spec: {hard: {pods: "4", requests.cpu: "1"}}
`,
    `apiVersion: v1
kind: ConfigMap
metadata: {name: argo-rollouts-notification-configmap, namespace: shop}
data: {trigger.on-rollout-completed: "- send: [done]", template.done: "message: done"}
`,
    `apiVersion: argoproj.io/v1alpha1
kind: Experiment
metadata: {name: exp, namespace: shop}
spec:
  templates: [{name: t, selector: {matchLabels: {app: t}}, template: {metadata: {labels: {app: t}}, spec: {containers: [{name: t, image: "t:1"}]}}}]
  analyses: [{name: a, templateName: rate}, {name: b, templateName: gone}]
`,
    `apiVersion: v1
kind: Service
metadata: {name: web-stable, namespace: shop}
spec: {selector: {app: web}}
`,
  ].join('---\n'),
  'c-list.json': JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Service', metadata: { name: 'api-canary', namespace: 'shop' }, spec: { selector: { app: 'api' } } }, { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisRun', metadata: { name: 'run', namespace: 'shop' }, spec: { metrics: [{ name: 'm', provider: { web: { url: 'http://{{args.x}}' } } }] } }] }),
  'd-items.json': JSON.stringify([JSON.parse(JSON.stringify(readWholeYaml(ROLLOUT('json'))[0])), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'json-stable', namespace: 'shop' } }]),
  'e-end-markers.yaml': `${ROLLOUT('marked')}...\n---\n${SERVICE('marked-canary', 'marked')}`,
};

/** The old way: every file read whole, every document held, the engine over all of them at once. */
function lintWhole(files: Record<string, string>, options?: LintOptions): LintFinding[] {
  return lintParsed(Object.entries(files).map(([fileName, text]) => {
    if (fileName.endsWith('.json')) {
      return { fileName, documents: parseJsonDocuments(text), lines: undefined };
    }
    const documents = readWholeYaml(text);
    return { fileName, documents, lines: documentStartLines(text, documents.length) };
  }), options).findings;
}

function lintStreaming(files: Record<string, string>, options?: LintOptions): LintFinding[] {
  return lintRun(Object.entries(files).map(([fileName, text]) => ({ fileName, text })), options).findings;
}

describe('a lint run a document at a time', () => {
  test.each<[string, LintOptions | undefined]>([
    ['default options', undefined],
    ['a budget, references not required', { budget: { pods: 4, cpu: '1' }, requireReferencedObjects: false }],
    ['another release', { version: '1.8.3' }],
  ])('gives the findings of the engine over all documents at once (%s)', (_name, options) => {
    const expected = lintWhole(FILES, options);
    const actual = lintStreaming(FILES, options);
    expect(JSON.stringify(actual, undefined, 2)).toBe(JSON.stringify(expected, undefined, 2));
    // the set is one that exercises references, duplicates, Lists and the searched objects
    const rules = new Set(expected.map(f => f.ruleId));
    for (const rule of ['L05', 'L06', 'B03', 'V48', 'S03', ...(options?.requireReferencedObjects === false ? [] : ['V50'])]) {
      expect(rules).toContain(rule);
    }
    expect(expected.some(f => f.file === 'a-rollouts.yaml' && f.path.startsWith('items[1].'))).toBe(true);
    expect(expected.some(f => f.file === 'c-list.json' && f.path.startsWith('items[1].'))).toBe(true);
    expect(expected.some(f => f.line !== undefined)).toBe(true);
  });

  testUpstream('the upstream examples, as one set, give the same findings both ways', () => {
    const dir = path.join(UPSTREAM_DIR, 'examples');
    const files = Object.fromEntries(fs.readdirSync(dir).filter(f => /\.ya?ml$/.test(f)).sort().map(f => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
    const expected = lintWhole(files);
    expect(expected.length).toBeGreaterThan(0);
    expect(lintStreaming(files)).toEqual(expected);
  });

  test('the first pass keeps what rules look up, not the Rollouts', () => {
    const run = new ManifestStream();
    const manifests = readWholeYaml(FILES['a-rollouts.yaml']);
    const added = manifests.map((manifest, i) => run.add(manifest, i, 0));
    expect(added.filter(a => a === 'check')).toHaveLength(manifests.filter(m => isObject(m) && m.kind === 'Rollout').length);
    expect(run.keptManifests.map(m => m.kind)).toEqual(['Service', 'Service', 'HorizontalPodAutoscaler']);
    expect([...run.workloadKinds].sort()).toEqual(['Rollout', 'StatefulSet']);
  });
});
