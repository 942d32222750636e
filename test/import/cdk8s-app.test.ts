// argo-rollouts-import on what this library synthesizes: a cdk8s app's dist/ folder (an install with
// options, Rollouts on the cdk8s-plus defaults, an AnalysisTemplate) comes back through the typed API,
// and the module synthesizes the same objects again. Also: what falls back, falls back per object
// with its whole reason; objects named by generateName; --version.
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import * as YAML from 'yaml';
import { expectRoundTrip as roundTrip, expectSameObjects, synthModule, workFolder, writeModule } from './round-trip';
import {
  AnalysisTemplate, ArgoRollouts, ArgoRolloutsVersion, CanaryStep, ControllerLogLevel, ControllerPlugin, Condition, MetricProvider,
  NotificationSecret, NotificationService, Rollout, RolloutStrategy, StrategyService,
} from '../../src';
import { ImportCommandIo, main } from '../../src/cli/import';
import { readDocuments } from '../../src/cli/private/files';
import { generateModule } from '../../src/import/private/generate';

const WORK = workFolder('import-app-');
const WRITTEN: string[] = [];
const expectRoundTrip = (name: string, manifests: any[], options = {}) => roundTrip(WORK, name, manifests, WRITTEN, options);

/** The app: a configured install, a canary and a blue-green Rollout on the cdk8s-plus defaults, an AnalysisTemplate. */
function defineShop(app: App, parts: { readonly install?: boolean; readonly crds?: boolean } = {}): Chart {
  const chart = new Chart(app, 'shop');
  if (parts.install ?? true) {
    new ArgoRollouts(chart, 'argo-rollouts', {
      controller: { replicas: 2 },
      crds: parts.crds,
      dashboard: true,
      notifications: true,
      notificationOptions: {
        services: [NotificationService.slack('slack-token', { username: 'rollouts' }), NotificationService.webhook('deploys', 'https://hooks.example.com/deploys')],
        triggers: [{ name: 'on-degraded', condition: 'rollout.status.phase == "Degraded"', templates: ['degraded'] }],
        templates: [{ name: 'degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded' }],
        defaultSubscriptions: [{ recipients: ['slack:deployments'], triggers: ['on-degraded'] }],
      },
      metrics: { serviceMonitor: true, scrapeInterval: '30s' },
    });
  }
  const successRate = new AnalysisTemplate(chart, 'success-rate', {
    metrics: [{
      name: 'success-rate',
      interval: Duration.minutes(1),
      count: 3,
      condition: Condition.expression('result[0] >= 0.95'),
      provider: MetricProvider.prometheus({ address: 'http://prometheus.monitoring:9090', query: 'sum(rate(http_requests_total{code!~"5.."}[1m]))' }),
    }],
  });
  new Rollout(chart, 'web', {
    replicas: 3,
    containers: [{ image: 'nginx:1.27', portNumber: 8080 }],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define(),
      canaryService: StrategyService.define(),
      steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.minutes(1)), CanaryStep.analysis({ templates: [successRate] })],
    }),
  });
  new Rollout(chart, 'api', {
    replicas: 2,
    containers: [{ image: 'nginx:1.27', portNumber: 8080 }],
    strategy: RolloutStrategy.blueGreen({ activeService: StrategyService.define(), previewService: StrategyService.define() }),
  });
  return chart;
}

/** Runs the command in this process, writing --out for real; returns its exit status and output. */
async function importCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: ImportCommandIo = {
    stdout: t => (stdout += t),
    stderr: t => (stderr += t),
    readStdin: () => '',
    writeFile: (f, t) => fs.writeFileSync(f, t),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const readYaml = (file: string) => readDocuments([file], () => '').map(d => d.manifest);

describe('argo-rollouts-import on the library\'s own output', () => {
  test('a cdk8s dist/ folder comes back through the typed API: the install with its options, the Rollouts on their default selectors', async () => {
    // GIVEN the app synthesized as `cdk8s synth` writes it: dist/ with the chart's manifests and construct-metadata.json
    const dist = path.join(WORK, 'dist');
    const app = new App({ outdir: dist, recordConstructMetadata: true });
    defineShop(app);
    app.synth();
    expect(fs.readdirSync(dist).sort()).toEqual(['construct-metadata.json', 'shop.k8s.yaml']);
    fs.writeFileSync(path.join(dist, 'notes.txt'), 'not a manifest');
    const input = readYaml(path.join(dist, 'shop.k8s.yaml'));

    // WHEN the command imports the folder
    const out = path.join(WORK, 'shop.ts');
    const r = await importCli(['--chart-name', 'ShopChart', '--out', out, dist]);

    // THEN exit 0; the files that hold no manifest are named with why
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`argo-rollouts-import: skipped ${path.join(dist, 'construct-metadata.json')}: the construct metadata cdk8s synth writes `
      + 'beside the manifests, not a Kubernetes object (no apiVersion and kind)\n');
    expect(r.stderr).toContain(`argo-rollouts-import: skipped ${path.join(dist, 'notes.txt')}: not a manifest file (only *.yaml, *.yml and *.json are read)\n`);
    expect(r.stderr).toContain(`${input.length} objects; 3 of Argo Rollouts kinds, 3 of them through the L2 API alone (100%)`);
    expect(r.stderr).toContain(`${input.filter(m => !['Rollout', 'AnalysisTemplate', 'Service'].includes(m.kind) || m.metadata.namespace).length} objects `
      + 'of the Argo Rollouts install declared by ArgoRollouts / ArgoRolloutsCrds\n');
    expect(r.stderr).not.toMatch(/plain ApiObject|JSON patch/);
    // the install's options are typed; the CRDs are the install's, not code
    const source = fs.readFileSync(out, 'utf8');
    expect(source).toContain('controller: { replicas: 2 },');
    expect(source).toContain("NotificationService.slack('slack-token', { username: 'rollouts' })");
    expect(source).toContain("{ name: 'on-degraded', condition: 'rollout.status.phase == \"Degraded\"', templates: ['degraded'] }");
    expect(source).toContain("defaultSubscriptions: [{ recipients: ['slack:deployments'], triggers: ['on-degraded'] }]");
    expect(source).toContain("metrics: { serviceMonitor: true, scrapeInterval: '30s' }");
    expect(source).not.toContain('CustomResourceDefinition');
    expect(source).not.toContain('JsonPatch');
    expect(source.length).toBeLessThan(10_000);
    // the Rollouts are at the construct path their address label comes from, which recreates it
    expect(source).not.toContain('cdk8s.io/metadata.addr');
    expect(source).toContain("new Rollout(this, 'web', {");
    expect(source).toContain("new Rollout(this, 'api', {");
    expect(source).toContain("new ShopChart(app, 'shop');");
    // with the cdk8s-plus defaults kept, not written out
    expect(source.match(/containers: \[\{ image: 'nginx:1\.27', portNumber: 8080 \}\]/g)).toHaveLength(2);
    expect(source).not.toMatch(/PodTemplateDefaults|select: false|ports: \[/);
    expect(source).toMatch(/stableService: StrategyService\.define\(\{ name: 'shop-web-\w+-stable' \}\)/);

    // AND the module synthesizes the same objects
    WRITTEN.push(writeModule(WORK, 'shop', source));
    expectSameObjects(synthModule(WRITTEN[WRITTEN.length - 1], 'ShopChart'), input);
  }, 60_000);

  test('the install options its objects show come back typed', async () => {
    // GIVEN an install with options of every part (no CRDs: they do not change with these)
    const chart = new Chart(Testing.app(), 'ops');
    new ArgoRollouts(chart, 'argo-rollouts', {
      namespace: 'rollouts',
      createNamespace: true,
      crds: false,
      aggregateRoles: false,
      networkPolicy: true,
      controller: {
        replicas: 3,
        nodeSelector: { pool: 'system' },
        priorityClassName: 'system-cluster-critical',
        resources: { cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.millis(500) } },
        env: { HTTP_PROXY: 'http://proxy:3128' },
        imagePullSecrets: ['registry'],
        flags: { logLevel: ControllerLogLevel.DEBUG, qps: 40, awsVerifyTargetGroup: true, albIngressClasses: ['alb', 'internal-alb'], rolloutResync: Duration.minutes(5) },
        extraArgs: ['--some-future-flag=1'],
      },
      dashboard: true,
      dashboardOptions: { readOnly: true, serviceType: kplus.ServiceType.LOAD_BALANCER },
      notifications: true,
      notificationOptions: {
        catalog: false,
        secret: NotificationSecret.external(),
        services: [NotificationService.webhook('deploys', 'https://hooks.example.com/deploys')],
        triggers: [{ name: 'on-done', condition: 'rollout.status.phase == "Healthy"', templates: ['done'], oncePer: 'rollout.status.currentPodHash' }],
        templates: [{ name: 'done', message: 'done', services: { slack: { attachments: '[]' } } }],
      },
      metrics: { serviceMonitor: true },
      plugins: [
        ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.com/gateway-api-plugin-linux-amd64' }),
        ControllerPlugin.metricProvider({ name: 'argoproj-labs/sample', location: 'file:///plugins/sample', args: ['--debug'] }),
      ],
    });
    // WHEN
    const result = await expectRoundTrip('install-options', Testing.synth(chart));
    // THEN every object is the install's, without escape hatches
    expect(new Set(result.objects.map(o => `${o.how} ${o.reasons.length}`))).toEqual(new Set(['install 0']));
    expect(result.source).not.toContain('JsonPatch');
    for (const option of ["namespace: 'rollouts'", 'createNamespace: true', 'aggregateRoles: false', 'networkPolicy: true',
      'replicas: 3,', "nodeSelector: { pool: 'system' },", "priorityClassName: 'system-cluster-critical',",
      'resources: { cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.millis(500) } },', "env: { HTTP_PROXY: 'http://proxy:3128' },",
      "imagePullSecrets: ['registry'],", 'logLevel: ControllerLogLevel.DEBUG,', 'qps: 40,', 'awsVerifyTargetGroup: true,', "albIngressClasses: ['alb', 'internal-alb'],",
      'rolloutResync: Duration.seconds(300),', "extraArgs: ['--some-future-flag=1'],",
      'dashboardOptions: { readOnly: true, serviceType: kplus.ServiceType.LOAD_BALANCER }', 'secret: NotificationSecret.external()', 'catalog: false',
      "NotificationService.webhook('deploys', 'https://hooks.example.com/deploys')", "oncePer: 'rollout.status.currentPodHash'",
      "services: { slack: { attachments: '[]' } }", 'metrics: { serviceMonitor: true }',
      'ControllerPlugin.metricProvider({', "name: 'argoproj-labs/sample',", "args: ['--debug'],", 'ControllerPlugin.trafficRouter({',
      "name: 'argoproj-labs/gatewayAPI',"]) {
      expect(result.source).toContain(option);
    }
  }, 30_000);

  test('what the typed install does not reproduce falls back per object, with why; the install stays typed', async () => {
    // GIVEN the install of the app, its controller's resources and DNS policy changed by hand, a ClusterRoleBinding left out, and a ConfigMap of its own
    const manifests = Testing.synth(defineShop(Testing.app(), { crds: false }))
      .filter(m => !(m.kind === 'ClusterRoleBinding' && m.metadata.name === 'argo-rollouts-dashboard'));
    const controller = manifests.find(m => m.kind === 'Deployment' && m.metadata.name === 'argo-rollouts');
    controller.spec.template.spec.containers[0].resources = { requests: { cpu: '250m', memory: '256Mi' } };
    controller.spec.template.spec.dnsPolicy = 'ClusterFirstWithHostNet';
    manifests.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argo-rollouts-extra', namespace: 'argo-rollouts' }, data: { a: 'b' } });

    // WHEN
    const result = await expectRoundTrip('install-fallback', manifests);

    // THEN the install is typed, with its options, and each difference is an escape hatch on its object, with why
    expect(result.source).toMatch(/new ArgoRollouts\(this, 'argo-rollouts', \{[^]*controller: \{\s*replicas: 2,\s*resources: \{ cpu: \{ request: kplus\.Cpu\.millis\(250\) \}, memory: \{ request: Size\.mebibytes\(256\) \} \},\s*\}/);
    expect(result.source).toContain('crds: false');
    expect(result.source).toContain('// /spec/template/spec/dnsPolicy: no ArgoRollouts option the importer maps reproduces it\n');
    expect(result.source).toContain("if (child.kind === 'ClusterRoleBinding' && child.name === 'argo-rollouts-dashboard')");
    const byObject = new Map(result.objects.map(o => [o.object, o]));
    expect(byObject.get('Deployment/argo-rollouts')).toEqual({
      object: 'Deployment/argo-rollouts',
      how: 'install',
      argo: false,
      reasons: [
        'ClusterRoleBinding argo-rollouts-dashboard: the install defines it and the input does not hold it: removed (an escape hatch)',
        '/spec/template/spec/dnsPolicy: no ArgoRollouts option the importer maps reproduces it (a JSON patch)',
      ],
    });
    expect(byObject.get('ConfigMap/argo-rollouts-extra')).toEqual({
      object: 'ConfigMap/argo-rollouts-extra',
      how: 'plain',
      argo: false,
      reasons: ['it looks like part of the Argo Rollouts install (ConfigMap argo-rollouts-extra), but the ArgoRollouts declared does not define it '
        + 'with any option the importer maps: kept as a plain ApiObject next to the install'],
    });
    expect(result.objects.filter(o => o.how === 'install')).toHaveLength(manifests.length - 1 - 7);
  }, 30_000);

  test('an install no ArgoRollouts reproduces: its objects are plain ApiObjects, each with the library\'s whole refusal', async () => {
    // GIVEN an install's objects moved to a namespace whose name ArgoRollouts refuses
    const chart = new Chart(Testing.app(), 'x');
    new ArgoRollouts(chart, 'argo-rollouts', { crds: false });
    const manifests = Testing.synth(chart).map(m => (m.metadata.namespace ? { ...m, metadata: { ...m.metadata, namespace: 'Bad_NS' } } : m));
    // WHEN
    const result = await expectRoundTrip('install-refused', manifests);
    // THEN
    expect(result.objects).toHaveLength(manifests.length);
    for (const o of result.objects) {
      expect(o.how).toBe('plain');
      expect(o.reasons).toEqual([`it looks like part of the Argo Rollouts install (${o.object.replace('/', ' ')}), but no ArgoRollouts declaration the `
        + 'importer tried is accepted by the library: ArgoRollouts import/argo-rollouts: namespace \'Bad_NS\' is not a valid namespace name '
        + '(lowercase letters, digits and \'-\', at most 63).']);
    }
  }, 30_000);

  test('a Rollout whose address label no construct path of the module gives keeps it by a JSON patch, and stays typed', async () => {
    // GIVEN the canary Rollout and its Services, the label's value from another app
    const manifests = Testing.synth(defineShop(Testing.app(), { install: false })).filter(m => /^shop-web/.test(m.metadata.name));
    const other = 'team-web-0123abcd';
    for (const m of manifests) {
      const labels = m.kind === 'Rollout' ? [m.spec.selector.matchLabels, m.spec.template.metadata.labels] : [m.spec.selector];
      labels.forEach(l => (l['cdk8s.io/metadata.addr'] = other));
    }
    // WHEN / THEN
    const result = await expectRoundTrip('address-patched', manifests);
    expect(result.objects.find(o => o.object.startsWith('Rollout/'))).toMatchObject({ how: 'patched' });
    expect(result.source).toContain(`JsonPatch.replace('/spec/selector/matchLabels/cdk8s.io~1metadata.addr', '${other}')`);
  }, 30_000);

  test('Rollouts inside plain constructs come back at the same construct path, which recreates their address label', async () => {
    // GIVEN a Rollout in a construct 'group', and two in a construct two levels deep, on the cdk8s-plus defaults
    const chart = new Chart(Testing.app(), 'shop');
    new Rollout(new Construct(chart, 'group'), 'web', {
      containers: [{ image: 'nginx:1.27', portNumber: 8080 }],
      strategy: RolloutStrategy.canary({
        stableService: StrategyService.define(),
        canaryService: StrategyService.define(),
        steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.minutes(1))],
      }),
    });
    const apps = new Construct(new Construct(chart, 'team-a'), 'apps');
    new Rollout(apps, 'api', { containers: [{ image: 'nginx:1.27', portNumber: 8080 }], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50)] }) });
    new Rollout(apps, 'worker', { containers: [{ image: 'nginx:1.27' }], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(10)] }) });
    // WHEN
    const result = await expectRoundTrip('nested-paths', Testing.synth(chart), { chartName: 'ShopChart' });
    // THEN the plain constructs are declared (each once), the Rollouts are in them, typed, and nothing writes the label by hand
    expect(result.source).toContain("const group = new Construct(this, 'group');\n");
    expect(result.source).toContain("new Rollout(group, 'web', {");
    expect(result.source).toContain("const teamA = new Construct(this, 'team-a');\n    const teamAApps = new Construct(teamA, 'apps');\n");
    expect(result.source.match(/new Construct\(/g)).toHaveLength(3);
    expect(result.source).toContain("new Rollout(teamAApps, 'api', {");
    expect(result.source).toContain("new Rollout(teamAApps, 'worker', {");
    expect(result.source).toContain('// pods selected by the cdk8s-plus address label, from the construct path shop/team-a/apps/api: keep the chart id and '
      + 'the ids of this path');
    expect(result.source).toContain("new ShopChart(app, 'shop');");
    expect(result.source).not.toMatch(/JsonPatch|cdk8s\.io\/metadata\.addr|select: false/);
    expect(result.objects.filter(o => o.object.startsWith('Rollout/')).map(o => o.how)).toEqual(['l2', 'l2', 'l2']);
  }, 30_000);

  test('a Rollout at a path whose first construct is another object\'s id keeps its label by a JSON patch', async () => {
    // GIVEN a Rollout at shop/group/web and a ConfigMap whose construct id would be 'group' (its name)
    const chart = new Chart(Testing.app(), 'shop');
    new Rollout(new Construct(chart, 'group'), 'web', { containers: [{ image: 'nginx:1.27' }], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)] }) });
    const manifests = [...Testing.synth(chart), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'group' }, data: { a: 'b' } }];
    // WHEN / THEN the Rollout is typed at the top of the chart, its label patched in
    const result = await expectRoundTrip('nested-clash', manifests);
    expect(result.source).not.toContain('new Construct(');
    expect(result.objects.find(o => o.object.startsWith('Rollout/'))).toMatchObject({ how: 'patched' });
    expect(result.source).toMatch(/JsonPatch\.replace\('\/spec\/selector\/matchLabels\/cdk8s\.io~1metadata\.addr', 'shop-group-web-\w{8}'\)/);
  }, 30_000);

  test('a pod that keeps the cdk8s-plus defaults, with named containers and an init container, comes back typed (every cdk8s-plus line)', async () => {
    // GIVEN a Rollout on the defaults whose containers have names of their own (the library's output on any line)
    const app = Testing.app();
    const chart = new Chart(app, 'named');
    new Rollout(chart, 'web', {
      initContainers: [{ name: 'migrate', image: 'ghcr.io/acme/migrate:1.0.0' }],
      containers: [{ name: 'web', image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50), CanaryStep.pause(Duration.minutes(1))] }),
    });
    // WHEN / THEN (a name other than cdk8s-plus's default `main` was compared as a whole manifest, and the import threw)
    const result = await expectRoundTrip('named-containers', Testing.synth(chart), { chartName: 'NamedChart' });
    expect(result.objects.find(o => o.object.startsWith('Rollout/'))?.how).not.toEqual('plain');
  }, 30_000);

  test('objects named by generateName (AnalysisRun, Experiment) import', async () => {
    const manifests = YAML.parseAllDocuments(`apiVersion: argoproj.io/v1alpha1
kind: AnalysisRun
metadata:
  generateName: smoke-
spec:
  metrics:
    - name: smoke
      provider:
        web:
          url: https://example.com/health
          jsonPath: '{$.ok}'
      successCondition: result == true
---
apiVersion: argoproj.io/v1alpha1
kind: Experiment
metadata:
  generateName: baseline-
spec:
  duration: 30s
  templates:
    - name: baseline
      selector: { matchLabels: { app: baseline } }
      template:
        metadata: { labels: { app: baseline } }
        spec:
          containers: [{ name: web, image: 'nginx:1.27' }]
`).map(d => d.toJS());
    const result = await expectRoundTrip('generate-name', manifests);
    expect(result.objects.map(o => [o.object, o.how])).toEqual([['AnalysisRun/smoke-* (generateName)', 'l2'], ['Experiment/baseline-* (generateName)', 'l2']]);
    expect(result.source).toMatch(/ApiObject\.of\(smoke\)\.addJsonPatch\(\s*JsonPatch\.remove\('\/metadata\/name'\),\s*JsonPatch\.add\('\/metadata\/generateName', 'smoke-'\),/);
  }, 30_000);

  test('objects of one kind named by the same generateName prefix are constructs of their own, each rendering the prefix', async () => {
    // GIVEN two AnalysisRuns and two Experiments, each pair with one prefix and no name
    const run = (url: string) => ({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisRun',
      metadata: { generateName: 'smoke-' },
      spec: { metrics: [{ name: 'smoke', provider: { web: { url, jsonPath: '{$.ok}' } }, successCondition: 'result == true' }] },
    });
    const experiment = (image: string) => ({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Experiment',
      metadata: { generateName: 'smoke-' },
      spec: {
        duration: '30s',
        templates: [{
          name: 'baseline',
          selector: { matchLabels: { app: 'baseline' } },
          template: { metadata: { labels: { app: 'baseline' } }, spec: { containers: [{ name: 'web', image }] } },
        }],
      },
    });
    const manifests = [run('https://a.example.com/health'), run('https://b.example.com/health'), experiment('nginx:1.26'), experiment('nginx:1.27')];
    // WHEN the module is written and run, THEN it synthesizes the four objects, each as it was
    const result = await expectRoundTrip('generate-name-shared', manifests);
    expect(result.objects.map(o => [o.object, o.how])).toEqual([
      ['AnalysisRun/smoke-* (generateName)', 'l2'], ['AnalysisRun/smoke-* (generateName)', 'l2'],
      ['Experiment/smoke-* (generateName)', 'l2'], ['Experiment/smoke-* (generateName)', 'l2'],
    ]);
    // one construct each, the ids numbered
    for (const [kind, id, variable] of [['AnalysisRun', 'smoke-1', 'smoke1'], ['AnalysisRun', 'smoke-2', 'smoke2'],
      ['Experiment', 'experiment-smoke-1', 'smoke1Experiment'], ['Experiment', 'experiment-smoke-2', 'smoke2Experiment']]) {
      expect(result.source).toContain(`const ${variable} = new ${kind}(this, '${id}', {`);
      expect(result.source).toMatch(new RegExp(`ApiObject\\.of\\(${variable}\\)\\.addJsonPatch\\(\\s*JsonPatch\\.remove\\('/metadata/name'\\),\\s*`
        + "JsonPatch\\.add\\('/metadata/generateName', 'smoke-'\\),"));
    }
    expect(result.source).toContain("url: 'https://a.example.com/health'");
    expect(result.source).toContain("url: 'https://b.example.com/health'");
    expect(result.source).not.toContain('Escape hatches');
  }, 30_000);

  test('an object the L2 API refuses is a plain ApiObject with its whole reason, in the code and on stderr', async () => {
    // GIVEN a step analysis whose metric never ends: the L2 API refuses the Rollout with a message of several lines
    const dir = path.join(WORK, 'refused');
    fs.mkdirSync(dir);
    const template = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisTemplate',
      metadata: { name: 'forever' },
      spec: { metrics: [{ name: 'm', interval: '1m', successCondition: 'result > 0', provider: { prometheus: { address: 'http://p:9090', query: 'up' } } }] },
    };
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
        strategy: { canary: { steps: [{ analysis: { templates: [{ templateName: 'forever' }] } }] } },
      },
    };
    fs.writeFileSync(path.join(dir, 'app.yaml'), [template, rollout].map(m => YAML.stringify(m)).join('---\n'));
    // WHEN
    const r = await importCli(['--out', path.join(dir, 'app.ts'), dir]);
    // THEN the reason's every line is there: the rule, and its fix
    expect(r.code).toBe(0);
    const source = fs.readFileSync(path.join(dir, 'app.ts'), 'utf8');
    expect(source).toMatch(/\/\/ kept as a plain ApiObject: the L2 API refuses it: Rollout import\/web breaks a rule[^\n]*\n\s*\/\/ {3}AnalysisTemplate forever: \[V55\] spec\.metrics\[0\]\.count: [^\n]* Fix: Set count/);
    expect(r.stderr).toMatch(/ {2}Rollout\/web: plain ApiObject\n {4}- the L2 API refuses it: Rollout import\/web breaks a rule[^\n]*\n {6} {2}AnalysisTemplate forever: \[V55\] [^\n]* Fix: Set count/);
  }, 30_000);

  test('--version: the objects are checked against that release, which the module pins', async () => {
    // GIVEN a Rollout and the install of 1.10.0-rc1
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    new ArgoRollouts(chart, 'argo-rollouts', { version: ArgoRolloutsVersion.V1_10_0_RC1, crds: false });
    const manifests = Testing.synth(chart);
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
        strategy: { canary: { steps: [{ setWeight: 50 }, { pause: {} }] } },
      },
    };
    // WHEN
    const pinned = await expectRoundTrip('version', [...manifests, rollout], { version: 'v1.10.0-rc1' });
    const threshold = { ...rollout, spec: { ...rollout.spec, strategy: { canary: { ...rollout.spec.strategy.canary, replicaProgressThreshold: { type: 'Percent', value: 90 } } } } };
    const alone = await expectRoundTrip('version-alone', [threshold], { version: '1.8.3' });
    const newer = await expectRoundTrip('version-newer', [threshold], { version: '1.9.1' });
    // THEN
    expect(pinned.source).toContain('ArgoRolloutsApp.of(this).useVersion(ArgoRolloutsVersion.V1_10_0_RC1);');
    expect(pinned.source).toContain("new ArgoRollouts(this, 'argo-rollouts', { version: ArgoRolloutsVersion.V1_10_0_RC1, crds: false });");
    expect(alone.source).toContain('ArgoRolloutsApp.of(this).useVersion(ArgoRolloutsVersion.V1_8_3);');
    // a field 1.9 brought is judged against the release given: unknown to 1.8.3's schema (the Rollout stays as written), patched in on 1.9.1
    expect(alone.objects[0]).toMatchObject({ object: 'Rollout/web', how: 'plain' });
    expect(alone.objects[0].reasons[0]).toContain('[S06] spec.strategy.canary.replicaProgressThreshold: spec.strategy.canary has the field '
      + '"replicaProgressThreshold", which the Rollout CRD schema of Argo Rollouts 1.8.3 does not know');
    expect(newer.objects[0]).toMatchObject({ object: 'Rollout/web', how: 'patched' });
    await expect(generateModule(manifests, { version: '1.9.1' })).rejects.toThrow('--version 1.9.1 is not the release of the install in the input '
      + '(1.10.0-rc1: the controller image quay.io/argoproj/argo-rollouts:v1.10.0-rc1); an ArgoRollouts of 1.9.1 would declare other objects. '
      + 'Give --version 1.10.0-rc1, or leave --version out.');
    const bad = await importCli(['--version', '2.0', WORK]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('argo-rollouts-import: --version "2.0" is not supported; use one of 1.10.0-rc1, 1.9.1, 1.8.4, 1.8.3 (the default is 1.9.1).');
  }, 30_000);
});
