import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Testing, Yaml } from 'cdk8s';
import { ArgoCdApplication, ArgoRollouts, ArgoRolloutsVersion, CanaryStep, RequestMetricsSource, RequestMetricsTemplates, Rollout, RolloutStrategy, StrategyService, TrafficRouting } from '../../src';
import { GENERATED_DIR } from '../../src/private/generated';
import { testThirdParty, THIRD_PARTY_DIR } from '../util';

const WAVE = 'argocd.argoproj.io/sync-wave';

/** An app with the install, a Rollout with Istio routing and an analysis template, and an Application in its own chart. */
function appWith(props: Partial<ConstructorParameters<typeof ArgoCdApplication>[2]> = {}, version = ArgoRolloutsVersion.V1_9_1) {
  const app = Testing.app();
  new ArgoRollouts(new Chart(app, 'argo-rollouts'), 'install', { version });
  const chart = new Chart(app, 'web', { namespace: 'web' });
  RequestMetricsTemplates.successRate(chart, 'ok', { source: RequestMetricsSource.ISTIO });
  new Rollout(chart, 'web', {
    metadata: { name: 'web' },
    containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
    strategy: RolloutStrategy.canary({
      canaryService: StrategyService.define({ name: 'web-canary' }),
      stableService: StrategyService.define({ name: 'web-stable' }),
      trafficRouting: [TrafficRouting.istio({ hosts: ['web.example.com'] })],
      steps: [CanaryStep.setWeight(20), CanaryStep.pause()],
    }),
  });
  new ApiObject(chart, 'hpa', {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'web' }, minReplicas: 2, maxReplicas: 5 },
  });
  const application = new ArgoCdApplication(new Chart(app, 'argocd'), 'app', {
    name: 'web', source: { repoUrl: 'https://github.com/acme/deploy.git', path: 'dist' }, destination: { namespace: 'web' }, ...props,
  });
  return { app, chart, application };
}

/** Synthesizes as `app.synth()` does (validations first, then the charts), without writing files. */
function synth(app: App): any[] {
  return Yaml.load(writeAndRead(app));
}

function writeAndRead(app: App): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'argocd-')), 'app.yaml');
  fs.writeFileSync(file, app.synthYaml());
  return file;
}

describe('ArgoCdApplication', () => {
  test('writes the Application: source, destination, the computed ignoreDifferences, RespectIgnoreDifferences', () => {
    // GIVEN
    const { app } = appWith();
    // WHEN
    const manifests = synth(app);
    // THEN
    const application = manifests.find(m => m.kind === 'Application');
    expect(application).toEqual({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'web', namespace: 'argocd' },
      spec: {
        project: 'default',
        source: { repoURL: 'https://github.com/acme/deploy.git', path: 'dist', targetRevision: 'HEAD' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'web' },
        ignoreDifferences: ArgoCdApplication.ignoreDifferencesOf(manifests.filter(m => m.kind !== 'Application')),
        syncPolicy: { syncOptions: ['RespectIgnoreDifferences=true'] },
      },
    });
    expect(application.spec.ignoreDifferences.map((e: any) => `${e.kind}/${e.name}`)).toEqual([
      'Service/web-canary', 'Service/web-stable', 'Rollout/web', 'VirtualService/web-vsvc',
    ]);
  });

  test('ServerSideApply=true when an object is over the client-side apply limit (the 1.10.0-rc1 CRDs), not with 1.9.1', () => {
    const options = (version: ArgoRolloutsVersion) => synth(appWith({}, version).app).find(m => m.kind === 'Application').spec.syncPolicy.syncOptions;
    expect(options(ArgoRolloutsVersion.V1_9_1)).toEqual(['RespectIgnoreDifferences=true']);
    expect(options(ArgoRolloutsVersion.V1_10_0_RC1)).toEqual(['RespectIgnoreDifferences=true', 'ServerSideApply=true']);
  });

  test('sync waves by default: CRDs -3, controller -2, AnalysisTemplates and Services -1, Rollouts 1, the rest none', () => {
    const manifests = synth(appWith().app);
    const waves = new Map(manifests.map(m => [`${m.kind}/${m.metadata.name}`, m.metadata.annotations?.[WAVE]]));
    expect(waves.get('CustomResourceDefinition/rollouts.argoproj.io')).toBe('-3');
    expect(waves.get('Deployment/argo-rollouts')).toBe('-2');
    expect(waves.get('Service/argo-rollouts-metrics')).toBe('-2');
    expect(waves.get('ClusterRole/argo-rollouts')).toBe('-2');
    expect(manifests.filter(m => m.kind === 'AnalysisTemplate').map(m => m.metadata.annotations?.[WAVE])).toEqual(['-1']);
    expect(waves.get('Service/web-stable')).toBe('-1');
    expect(waves.get('Rollout/web')).toBe('1');
    expect(waves.get('VirtualService/web-vsvc')).toBeUndefined();
    expect(waves.get('HorizontalPodAutoscaler/web')).toBeUndefined();
    expect(waves.get('Application/web')).toBeUndefined();
  });

  test('sync waves: overridable, off, and an object\'s own annotation wins', () => {
    const custom = appWith({ waves: { crds: -10, rollouts: 5 } });
    ApiObject.of(custom.chart.node.findChild('ok')).metadata.addAnnotation(WAVE, '7');
    const manifests = synth(custom.app);
    const wave = (kind: string, name: string) => manifests.find(m => m.kind === kind && m.metadata.name === name).metadata.annotations?.[WAVE];
    expect([wave('CustomResourceDefinition', 'rollouts.argoproj.io'), wave('Rollout', 'web'), wave('Deployment', 'argo-rollouts'), manifests.find(m => m.kind === 'AnalysisTemplate').metadata.annotations?.[WAVE]])
      .toEqual(['-10', '5', '-2', '7']);
    const off = synth(appWith({ syncWaves: false }).app);
    expect(off.filter(m => m.metadata.annotations?.[WAVE] !== undefined)).toEqual([]);
  });

  test('charts: only those listed count; automated sync, more sync options and entries', () => {
    const { app, chart } = appWith();
    const other = new Chart(app, 'other');
    const application = new ArgoCdApplication(other, 'only-web', {
      name: 'only-web',
      source: { repoUrl: 'https://example.com/r.git', recurse: true },
      destination: { name: 'prod' },
      charts: [chart],
      project: 'web',
      automated: { prune: true, selfHeal: true },
      syncOptions: ['CreateNamespace=true', 'RespectIgnoreDifferences=true'],
      ignoreDifferences: [{ group: 'apps', kind: 'Deployment', name: 'x', jqPathExpressions: ['.spec.replicas'] }],
    });
    const spec = Testing.synth(Chart.of(application)).find(m => m.metadata.name === 'only-web').spec;
    expect(spec.destination).toEqual({ name: 'prod' });
    const excluding = new ArgoCdApplication(new Chart(app, 'third'), 'x', { name: 'x', source: { repoUrl: 'https://example.com/r.git', path: 'dist', exclude: 'argocd.k8s.yaml' } });
    // (three Applications in one app: none renders another)
    expect(Testing.synth(Chart.of(excluding))[0].spec.source.directory).toEqual({ exclude: 'argocd.k8s.yaml' });
    expect(spec.source).toEqual({ repoURL: 'https://example.com/r.git', targetRevision: 'HEAD', directory: { recurse: true } });
    expect(spec.project).toBe('web');
    expect(spec.syncPolicy).toEqual({ automated: { prune: true, selfHeal: true }, syncOptions: ['RespectIgnoreDifferences=true', 'CreateNamespace=true'] });
    expect(spec.ignoreDifferences.map((e: any) => e.kind)).toEqual(['Service', 'Service', 'Rollout', 'VirtualService', 'Deployment']);
    expect(spec.ignoreDifferences[4]).toEqual({ group: 'apps', kind: 'Deployment', name: 'x', jqPathExpressions: ['.spec.replicas'] });
  });

  test('an app whose objects the controller does not write has no ignoreDifferences and no sync options', () => {
    const app = Testing.app();
    new ApiObject(new Chart(app, 'cm'), 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } });
    new ArgoCdApplication(new Chart(app, 'argocd'), 'app', { name: 'x', source: { repoUrl: 'https://example.com/r.git' } });
    expect(synth(app).find(m => m.kind === 'Application').spec).toEqual({
      project: 'default', source: { repoURL: 'https://example.com/r.git', targetRevision: 'HEAD' }, destination: { server: 'https://kubernetes.default.svc' },
    });
  });

  test('the Application is checked against the Argo CD v3.5.1 Application CRD schema', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'argocd');
    new ArgoCdApplication(chart, 'app', {
      name: 'x',
      source: { repoUrl: 'https://example.com/r.git' },
      ignoreDifferences: [{ group: 'apps', kind: 'Deployment', name: 'x', jsonPointers: [7 as any] }],
    });
    expect(() => Testing.synth(chart)).toThrow(
      /ArgoCdApplication argocd\/app does not match the Argo CD v3.5.1 Application CRD schema: spec\.ignoreDifferences\[0\]\.jsonPointers\[0\] must be of type string\. Fix the props/);
  });

  test('props errors name the construct and say how to fix them', () => {
    const chart = Testing.chart();
    expect(() => new ArgoCdApplication(chart, 'a', { source: { repoUrl: 'https://example.com/r.git' }, destination: { server: 'https://k', name: 'prod' } }))
      .toThrow(/destination has both server \("https:\/\/k"\) and name \("prod"\); Argo CD takes one/);
    expect(() => new ArgoCdApplication(chart, 'b', { source: { repoUrl: '' } })).toThrow(/source.repoUrl is "". Give the URL/);
    expect(() => new ArgoCdApplication(chart, 'c', { source: { repoUrl: 'https://example.com/r.git' }, charts: [chart] }))
      .toThrow(/charts include the Application's own chart test. Put the Application in a chart of its own/);
    expect(() => new ArgoCdApplication(chart, 'd', { source: { repoUrl: 'https://example.com/r.git' }, waves: { rollouts: 1.5 } }))
      .toThrow(/waves.rollouts is 1.5; sync waves are integers/);
  });
});

describe('the compiled Argo CD Application schema', () => {
  testThirdParty('argo-cd/v3.5.1/application-crd.yaml', 'equals a fresh run of imports/generate-argocd.js (regenerate with `node imports/generate-argocd.js`)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'argocd-schema-'));
    execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'imports', 'generate-argocd.js'), out],
      { stdio: 'pipe', env: { ...process.env, ARGO_CD_CRDS: path.join(THIRD_PARTY_DIR, 'argo-cd') } });
    const committed = path.join(GENERATED_DIR, 'argocd');
    expect(fs.readdirSync(committed)).toEqual(fs.readdirSync(out));
    for (const file of fs.readdirSync(out)) {
      expect(fs.readFileSync(path.join(committed, file), 'utf8') === fs.readFileSync(path.join(out, file), 'utf8')).toBe(true);
    }
  });

  test('is closed where the API server prunes, also in an object schema without properties (a small CRD through imports/generate-argocd.js)', () => {
    // An empty struct keeps none of its fields at the API server, like an object's unknown fields;
    // maps and objects that preserve unknown fields keep theirs.
    const crds = fs.mkdtempSync(path.join(os.tmpdir(), 'argocd-crd-'));
    const out = path.join(crds, 'out');
    fs.mkdirSync(path.join(crds, 'v3.5.1'));
    const spec = {
      type: 'object',
      properties: {
        empty: { type: 'object' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        free: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    };
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'applications.argoproj.io' },
      spec: {
        group: 'argoproj.io',
        names: { kind: 'Application' },
        versions: [{ name: 'v1alpha1', storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec } } } }],
      },
    };
    fs.writeFileSync(path.join(crds, 'v3.5.1', 'application-crd.yaml'), JSON.stringify(crd));
    execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'imports', 'generate-argocd.js'), out], { stdio: 'pipe', env: { ...process.env, ARGO_CD_CRDS: crds } });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const validate = require(path.join(out, 'application-v3.5.1.js')).Application;
    const application = (s: any) => ({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'x' }, spec: s });
    expect(validate(application({ empty: {}, labels: { a: 'b' }, free: { any: { thing: 1 } } }))).toBe(true);
    expect(validate(application({ empty: { dropped: 1 } }))).toBe(false);
    expect(validate.errors.map((e: any) => [e.instancePath, e.keyword, e.params.additionalProperty])).toEqual([['/spec/empty', 'additionalProperties', 'dropped']]);
    fs.rmSync(crds, { recursive: true, force: true });
  });

  test('needs nothing at run time but itself, and refuses what the CRD refuses', () => {
    const file = path.join(GENERATED_DIR, 'argocd', 'application-v3.5.1.js');
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/require\(/);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const validate = require(file).Application;
    const good = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'x' }, spec: { project: 'default', destination: {} } };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, spec: { destination: {} } })).toBe(false);
    expect(validate.errors.map((e: any) => [e.instancePath, e.keyword])).toEqual([['/spec', 'required']]);
    expect(validate({ ...good, spec: { ...good.spec, ignoreDifferences: [{ group: 'x' }], bogus: 1 } })).toBe(false);
    expect(validate.errors.map((e: any) => [e.instancePath, e.keyword])).toEqual([['/spec', 'additionalProperties'], ['/spec/ignoreDifferences/0', 'required']]);
  });
});
