// The importer round trip: the module it writes, compiled under strict options and synthesized,
// yields the manifests it was given (semantically: key order, number-vs-string durations and the
// Kubernetes defaults in NORMALIZED_DEFAULTS aside). For every upstream example file (alone, and with
// the files of its folder together, so that Services and router objects are in the input) and for the
// synthesized output of every example app of this project.
import * as fs from 'fs';
import * as path from 'path';
import { App, Testing } from 'cdk8s';
import * as ts from 'typescript';
import { BASE_PLUS, expectRoundTrip as roundTrip, PLUS_LINES, ROOT, workFolder } from './round-trip';
import { EXAMPLES } from '../../examples';
import { readDocuments } from '../../src/cli/private/files';
import { generateModule, ImportResult } from '../../src/import/private/generate';
import { cdk8sPlusLine } from '../../src/private/cdk8s-plus';
import { HAS_UPSTREAM, testUpstream, testUpstreamEach, UPSTREAM_DIR } from '../util';

const WORK = workFolder('import-');
const WRITTEN: string[] = [];

/** Imports the manifests, runs the module, and expects the same manifests back. */
const expectRoundTrip = (name: string, manifests: any[]): Promise<ImportResult> => roundTrip(WORK, name, manifests, WRITTEN);

const EXAMPLES_DIR = path.join(UPSTREAM_DIR, 'examples');
const UPSTREAM_FILES = HAS_UPSTREAM ? fs.readdirSync(EXAMPLES_DIR).filter(f => /\.ya?ml$/.test(f)).sort() : ['(none)'];
/** Files of one upstream folder (`docs-getting-started__istio__*`): imported together. */
const UPSTREAM_GROUPS = [...new Set(UPSTREAM_FILES.filter(f => f.includes('__')).map(f => f.slice(0, f.lastIndexOf('__'))))];
const read = (files: string[]) => readDocuments(files.map(f => path.join(EXAMPLES_DIR, f)), () => '').map(d => d.manifest);

describe('argo-rollouts-import round trip', () => {
  testUpstreamEach(UPSTREAM_FILES.map(f => [f] as const))('upstream example %s', async file => {
    await expectRoundTrip(`upstream-${file}`, read([file]));
  });

  testUpstreamEach(UPSTREAM_GROUPS.map(g => [g] as const))('upstream folder %s (its files together)', async group => {
    const files = UPSTREAM_FILES.filter(f => f.startsWith(`${group}__`));
    await expectRoundTrip(`upstream-group-${group}`, read(files));
  });

  test.each(EXAMPLES.map(e => [e.name, e] as const))('example app %s: import its YAML, synth again', async (name, example) => {
    // GIVEN the manifests the example app synthesizes
    const app = new App({ outdir: fs.mkdtempSync(path.join(WORK, 'app-')) });
    const charts = example.define(app);
    const manifests = charts.flatMap(c => Testing.synth(c));
    await expectRoundTrip(`example-${name}`, manifests);
  });

  testUpstream('a Rollout whose Services are in the input defines them, with references as variables', async () => {
    const result = await expectRoundTrip('istio-together', read(UPSTREAM_FILES.filter(f => f.startsWith('docs-getting-started__istio__'))));
    expect(result.source).toContain("StrategyService.define({ name: 'rollouts-demo-canary'");
    expect(result.source).toMatch(/object: RouterObject\.fromConstruct\(rolloutsDemoVsvc1\)/);
    expect(result.source).not.toContain('fromServiceName');
  });

  testUpstream('steps become one CanaryStep call each, and a run of equal pauses a progression', async () => {
    const result = await expectRoundTrip('canary', read(['rollout-canary.yaml']));
    expect(result.source).toContain('CanaryStep.pause(Duration.seconds(40))');
    expect(result.source).toContain('...CanaryStep.progression({ weights: [60, 80], pause: Duration.seconds(20) })');
    expect(result.objects).toEqual([{ object: 'Rollout/rollout-canary', how: 'l2', reasons: [], argo: true }]);
  });

  testUpstream('templates are referenced by their variables; a template not in the input by name', async () => {
    const together = await expectRoundTrip('analysis-together', read(['analysis-templates.yaml', 'rollout-analysis-step.yaml']));
    expect(together.source).not.toContain('fromAnalysisTemplateName');
    const alone = await expectRoundTrip('analysis-alone', read(['rollout-analysis-step.yaml']));
    expect(alone.source).toMatch(/const \w+ = AnalysisTemplate\.fromAnalysisTemplateName\(this, /);
  });

  testUpstream('an upstream install manifest becomes ArgoRollouts, its differences JSON patches', async () => {
    // GIVEN upstream's install.yaml (objects without a namespace, the controller image :latest)
    const manifests = readDocuments([path.join(UPSTREAM_DIR, 'v1.9.1', 'install.yaml')], () => '').map(d => d.manifest);
    // WHEN / THEN
    const result = await expectRoundTrip('upstream-install', manifests);
    expect(result.source).toContain("new ArgoRollouts(this, 'argo-rollouts', { version: ArgoRolloutsVersion.V1_9_1 })");
    expect(result.source).toContain("JsonPatch.replace('/spec/template/spec/containers/0/image', 'quay.io/argoproj/argo-rollouts:latest')");
    expect(result.objects.map(o => o.how)).toEqual(manifests.map(() => 'install'));
    expect(result.objects[0].reasons).toEqual([
      'no namespace on the objects, as upstream\'s install.yaml (a JSON patch: ArgoRollouts always writes its namespace)',
      'the controller image quay.io/argoproj/argo-rollouts:latest (a JSON patch: ArgoRollouts pins the image to its version)',
    ]);
  });

  testUpstream('the namespaced install too', async () => {
    const manifests = readDocuments([path.join(UPSTREAM_DIR, 'v1.9.1', 'namespace-install.yaml')], () => '').map(d => d.manifest);
    const result = await expectRoundTrip('upstream-namespace-install', manifests);
    expect(result.source).toMatch(/new ArgoRollouts\(this, 'argo-rollouts', \{[^}]*namespaced: true/);
  });

  test('the install of an example app is ArgoRollouts and ArgoRolloutsCrds, without escape hatches', async () => {
    const app = new App();
    const manifests = EXAMPLES.find(e => e.name === 'install')!.define(app).flatMap(c => Testing.synth(c));
    const result = await expectRoundTrip('example-install-decl', manifests);
    expect(result.source).toContain("new ArgoRolloutsCrds(this, 'crds', { version: ArgoRolloutsVersion.V1_9_1, serverSideApply: true, syncWave: -1 });");
    expect(result.source).not.toContain('JsonPatch');
    expect(new Set(result.objects.map(o => `${o.how} ${o.reasons.length}`))).toEqual(new Set(['install 0']));
  });

  test('docs/import.md shows what the importer writes for the YAML it shows', async () => {
    // GIVEN the page's YAML (the "before") and TypeScript (the "after")
    const page = fs.readFileSync(path.join(ROOT, 'docs', 'import.md'), 'utf8');
    const before = /```yaml\n([\s\S]*?)\n```/.exec(page)![1];
    const after = /```ts\n([\s\S]*?)\n```/.exec(page)![1];
    // WHEN
    const result = await generateModule(readDocuments(['-'], () => before).map(d => d.manifest), { chartName: 'RolloutsDemoChart' });
    // THEN (the page shows the base line's package; on another line the importer names that line's)
    const { library, module } = cdk8sPlusLine();
    const onThisLine = after.replaceAll(`from '${BASE_PLUS}'`, `from '${module}'`).replaceAll(`from '${PLUS_LINES.packageOf(PLUS_LINES.BASE_LINE)}'`, `from '${library}'`);
    expect(result.source).toBe(`${onThisLine}\n`);
  });

  testUpstream('the output is deterministic: the same input gives the same bytes', async () => {
    const input = read(UPSTREAM_FILES.filter(f => f.startsWith('docs-getting-started__')));
    const first = await generateModule(input);
    const second = await generateModule(JSON.parse(JSON.stringify(input)));
    expect(second.source).toBe(first.source);
  });

  test('what the L2 API does not express is a commented JSON patch; a non-object cannot be represented', async () => {
    // GIVEN a Rollout with a pod field the importer does not map, and a document that is no object
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { priorityClassName: 'high', containers: [{ name: 'web', image: 'nginx:1.27' }] },
        },
        strategy: { canary: { steps: [{ setWeight: 20 }, { pause: {} }] } },
      },
    };
    // WHEN
    const result = await expectRoundTrip('patched', [rollout]);
    const failed = await generateModule([rollout, 'just a string']);
    // THEN
    expect(result.source).toContain("// /spec/template/spec/priorityClassName: a pod spec field that the importer does not map to cdk8s-plus props\n      JsonPatch.add('/spec/template/spec/priorityClassName', 'high'),");
    expect(result.objects[0].how).toBe('patched');
    expect(failed.failures).toEqual(['document 2: not a Kubernetes object (it needs apiVersion and kind): cannot be represented']);
  });

  test('text from the input never becomes code: a line break in a key stays inside its string', async () => {
    // GIVEN a Rollout with a plugin name (patched in: no TrafficRouting option reproduces it) that holds a line break and code
    const evil = "evil\nthrow new Error('injected');";
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } },
        strategy: {
          canary: {
            stableService: 'web-stable',
            canaryService: 'web-canary',
            trafficRouting: { nginx: { stableIngress: 'web' }, plugins: { [evil]: {} } },
          },
        },
      },
    };
    // WHEN / THEN the module runs (no error thrown) and reproduces the key, which is only ever part of a string literal
    const result = await expectRoundTrip('injection', [rollout]);
    expect(result.source).toContain('plugins: { "evil\\nthrow new Error(\'injected\');": {} },');
    expect(result.source.split('\n').filter(line => line.includes('injected'))).toEqual(['        plugins: { "evil\\nthrow new Error(\'injected\');": {} },']);
  });

  test('every generated module type-checks under strict options, unused names being errors', () => {
    // GIVEN the modules the tests above wrote
    expect(WRITTEN.length).toBeGreaterThan(0);
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const options: ts.CompilerOptions = {
      ...config.options,
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noEmit: true,
      rootDir: undefined,
      outDir: undefined,
      declaration: false,
      types: ['node'],
    };
    // WHEN
    const program = ts.createProgram(WRITTEN, options);
    // THEN
    const problems = WRITTEN.flatMap(f => ts.getPreEmitDiagnostics(program, program.getSourceFile(f))
      .map(d => `${path.basename(f)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`));
    expect(problems).toEqual([]);
  }, 300_000);
});
