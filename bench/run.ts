// npm run bench: speed of the L2 API against raw ApiObjects, and the cost of importing the library.
// Not a test: it prints numbers and the targets, and exits 0 either way. CDK8S_PLUS_LINE=NN runs it on another
// cdk8s-plus line (bench/line.ts).
//
//   1. N = 1000 and 5000 canary Rollouts, each with its stable and canary Services, defined through the
//      L2 API (synth-time validation included) and, in the same process, the identical manifests as
//      plain cdk8s ApiObjects. Each variant is synthesized to YAML (`app.synthYaml()`), starting from a
//      collected heap.
//   2. `require()` of the compiled library (lib/) against `require()` of its cdk8s-plus, in fresh processes.
//   3. A cold process that synthesizes the ArgoRollouts install of v1.9.1 and of v1.10.0-rc1 to YAML, against
//      `kubectl kustomize` of the upstream cluster install (when kubectl is on the PATH), and the floor of
//      any cdk8s install: a cold process that only loads cdk8s and writes the same objects with its YAML
//      writer. The cold processes run `BENCH_NODE` (a path to a node binary) when set, e.g. Node 22.
//   1b. The same Rollouts with the cdk8s-plus pod defaults against what users would write instead: a
//      cdk8s-plus Deployment with the same pod spec and two Services (target: at most 1.05x); at N = 1000
//      also with the rule engine switched off, to show what the checks cost.
//   1c. The same two at N = 1000, each in a fresh process (what `cdk8s synth` is), with the compiled
//      library: the ratio, and the rule engine's share there.
//   4. Lint throughput: 10,000 generated manifests (canary and blue-green Rollouts, their Services,
//      AnalysisTemplates) in 1,000 YAML files, linted as one folder by the command's code path
//      (`main()` of src/cli/lint.ts) in this process, and by bin/argo-rollouts-lint in a fresh process
//      when lib/ is built.
//   4b. Lint of one large file: 100,000 Rollouts in one YAML file of about 35 MB, linted by the compiled
//      command in a fresh process (`BENCH_NODE` when set): its time and peak RSS (bench/lint-memory.ts;
//      targets: at most 15 s and 256 MB).
//   5. Synth-time validation overhead: the share of synthesizing 1,000 L2 Rollouts (with their
//      Services) spent in the rule engine, timed inside the synth, and synth with the engine switched
//      off for comparison.
//   6. Plans: RolloutPlan.fromManifest for 1,000 Rollouts (bench/plan.ts; target under 1 ms each).
//   7. Renderings per synth: how often each object of the example apps is rendered in one synth
//      (bench/renderings.ts; target: the library's objects once each).
// first: it decides which cdk8s-plus line the imports below load
// eslint-disable-next-line import/order
import { BASE_LINE, BUILT, LINE, PLUS } from './line';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as v8 from 'v8';
import * as vm from 'vm';
import * as cdk8s from 'cdk8s';
import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as lib from '../src';
import { lintMemory } from './lint-memory';
import { planThroughput } from './plan';
import { renderingsPerSynth } from './renderings';
import { main as lintMain } from '../src/cli/lint';
import * as engine from '../src/validation/private/engine';

const ROOT = path.join(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The Node.js that runs the cold processes (install, import, lint): `BENCH_NODE=/path/to/node`, by default this one. */
const NODE = process.env.BENCH_NODE ?? process.execPath;

/**
 * The modules the variant definitions use. They take them as a parameter, so that their source is
 * self-contained and also runs in the cold processes (`coldSynth`), against the compiled library.
 */
interface BenchModules {
  readonly cdk8s: typeof cdk8s;
  readonly kplus: typeof kplus;
  readonly lib: typeof lib;
}

const MODULES: BenchModules = { cdk8s, kplus, lib };

/**
 * A canary Rollout with its stable and canary Services; `plain` leaves the cdk8s-plus pod-template
 * defaults out (`PodTemplateDefaults.NONE`, the manifests of `rawManifests`), otherwise it is what
 * `new Rollout(...)` gives without options. Self-contained (see `BenchModules`).
 */
function defineRolloutWith(m: BenchModules, chart: Chart, i: number, plain: boolean) {
  const { CanaryStep, PodTemplateDefaults, Rollout, RolloutStrategy, StrategyService } = m.lib;
  new Rollout(chart, `app${i}`, {
    metadata: { name: `app${i}` },
    replicas: 3,
    ...(plain ? { select: false, podMetadata: { labels: { app: `app${i}` } }, podTemplateDefaults: PodTemplateDefaults.NONE } : {}),
    containers: [{
      name: 'app',
      image: `registry.example/app${i}:1.0.0`,
      ports: [{ name: 'http', number: 8080 }],
      resources: { cpu: { request: m.kplus.Cpu.millis(100) }, memory: { request: m.cdk8s.Size.mebibytes(128) } },
    }],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define(),
      canaryService: StrategyService.define(),
      steps: CanaryStep.progression({ weights: [10, 25, 50, 75], pause: m.cdk8s.Duration.minutes(1) }),
    }),
  });
}

/** What users would write instead: a cdk8s-plus Deployment with the same pod spec, and two Services. Self-contained (see `BenchModules`). */
function defineDeploymentWith(m: BenchModules, chart: Chart, i: number) {
  const deployment = new m.kplus.Deployment(chart, `app${i}`, {
    metadata: { name: `app${i}` },
    replicas: 3,
    containers: [{
      name: 'app',
      image: `registry.example/app${i}:1.0.0`,
      ports: [{ name: 'http', number: 8080 }],
      resources: { cpu: { request: m.kplus.Cpu.millis(100) }, memory: { request: m.cdk8s.Size.mebibytes(128) } },
    }],
  });
  for (const role of ['stable', 'canary']) {
    new m.kplus.Service(chart, `app${i}-${role}`, {
      metadata: { name: `app${i}-${role}` },
      selector: deployment,
      ports: [{ name: 'http', port: 8080, targetPort: 8080 }],
    });
  }
}

const defineL2 = (chart: Chart, i: number) => defineRolloutWith(MODULES, chart, i, true);
const defineL2Defaults = (chart: Chart, i: number) => defineRolloutWith(MODULES, chart, i, false);
const defineDeployment = (chart: Chart, i: number) => defineDeploymentWith(MODULES, chart, i);

function rawManifests(i: number): any[] {
  const labels = { app: `app${i}` };
  const steps = [10, 25, 50, 75].flatMap(w => [{ setWeight: w }, { pause: { duration: '1m' } }]);
  const service = (role: string) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: `app${i}-${role}` },
    spec: { selector: labels, ports: [{ name: 'http', port: 8080, targetPort: 'http' }] },
  });
  return [{
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: `app${i}` },
    spec: {
      replicas: 3,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          containers: [{
            name: 'app',
            image: `registry.example/app${i}:1.0.0`,
            ports: [{ name: 'http', containerPort: 8080 }],
            resources: { requests: { cpu: '100m', memory: '128Mi' } },
          }],
        },
      },
      strategy: { canary: { steps, stableService: `app${i}-stable`, canaryService: `app${i}-canary` } },
    },
  }, service('stable'), service('canary')];
}

function defineRaw(chart: Chart, i: number) {
  rawManifests(i).forEach((m, k) => new ApiObject(chart, `app${i}-${k}`, m));
}

interface Sample { construct: number; synth: number; total: number; bytes: number }

/** A full garbage collection (`--expose-gc`, switched on here so that the bench needs no node flag). */
v8.setFlagsFromString('--expose-gc');
const collectGarbage: () => void = vm.runInNewContext('gc');

/**
 * Defines `n` objects with `define` and synthesizes them to YAML. Each run starts from a collected
 * heap, so that a variant's time holds the collections its own allocations cause, not those of the
 * garbage the run before left. (A full collection timed at the end would mostly mark the heap that
 * stays, the same for every variant, and pull the ratios toward 1.)
 */
function run(n: number, define: (chart: Chart, i: number) => void): Sample {
  collectGarbage();
  const app = new App({ outdir: fs.mkdtempSync('/tmp/bench-') });
  const chart = new Chart(app, 'bench', { disableResourceNameHashes: true });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) define(chart, i);
  const t1 = process.hrtime.bigint();
  const yaml = app.synthYaml();
  const t2 = process.hrtime.bigint();
  const ms = (a: bigint, b: bigint) => Number(b - a) / 1e6;
  return { construct: ms(t0, t1), synth: ms(t1, t2), total: ms(t0, t2), bytes: yaml.length };
}

function median(samples: Sample[]): Sample {
  const sorted = [...samples].sort((a, b) => a.total - b.total);
  return sorted[Math.floor(sorted.length / 2)];
}

function sameOutput() {
  const app = new App({ outdir: fs.mkdtempSync('/tmp/bench-') });
  const a = new Chart(app, 'a', { disableResourceNameHashes: true });
  const b = new Chart(app, 'b', { disableResourceNameHashes: true });
  defineL2(a, 7);
  defineRaw(b, 7);
  const ja = JSON.stringify(a.toJson());
  const jb = JSON.stringify(b.toJson());
  if (ja !== jb) {
    throw new Error(`The raw manifests differ from the L2 output; fix bench/run.ts.\nL2:  ${ja}\nraw: ${jb}`);
  }
}

function importCost(): { kplus: number; lib: number } | undefined {
  if (!fs.existsSync(path.join(BUILT, 'lib', 'index.js'))) return undefined;
  const probe = (code: string) => {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      times.push(Number(execFileSync(NODE, ['-e', code], { cwd: BUILT }).toString().trim()));
    }
    return middle(times);
  };
  const t = 'const t=process.hrtime.bigint();';
  const out = 'console.log(Number(process.hrtime.bigint()-t)/1e6)';
  return {
    kplus: probe(`${t}require('${PLUS}');${out}`),
    lib: probe(`${t}require('${PLUS}');require('./lib');${out}`),
  };
}

/** What `coldSynth` measures: medians over fresh processes. */
interface ColdSynth {
  /** ms to define and synthesize the Rollouts, after loading the modules. */
  readonly rollout: number;
  /** ms for the cdk8s-plus Deployments, likewise. */
  readonly deployment: number;
  /** The median of the per-pair ratios. */
  readonly ratio: number;
  /** The rule engine's time as a share of the rest of the Rollouts' synth. */
  readonly engineShare: number;
}

/**
 * What `cdk8s synth` of an app is: a fresh process, its code not yet compiled by the JIT and its heap
 * growing from empty. Each process loads cdk8s and cdk8s-plus (and, for the Rollouts, the compiled
 * library and its rule engine, which it times), then defines `n` objects and synthesizes them to
 * YAML once; the time starts after loading (section 2 times the loading). The two variants alternate,
 * 7 processes each.
 */
function coldSynth(n: number): ColdSynth | undefined {
  if (!fs.existsSync(path.join(BUILT, 'lib', 'index.js'))) return undefined;
  const script = (rollout: boolean) => [
    `const m = { cdk8s: require('cdk8s'), kplus: require('${PLUS}'), lib: require('./lib') };`,
    'let spent = 0n;',
    ...(rollout ? [
      "const engine = require('./lib/validation/private/engine');",
      ...ENGINE_RUNS.map(name => `{ const run = engine.${name}; engine.${name} = (manifests, options) => { const t = process.hrtime.bigint(); `
        + 'try { return run(manifests, options); } finally { spent += process.hrtime.bigint() - t; } }; }'),
    ] : []),
    `const define = ${rollout ? defineRolloutWith.toString() : defineDeploymentWith.toString()};`,
    'const start = process.hrtime.bigint();',
    "const app = new m.cdk8s.App({ outdir: require('os').tmpdir() });",
    "const chart = new m.cdk8s.Chart(app, 'bench', { disableResourceNameHashes: true });",
    `for (let i = 0; i < ${n}; i++) define(m, chart, i, false);`,
    'app.synthYaml();',
    'console.log(JSON.stringify({ total: Number(process.hrtime.bigint() - start) / 1e6, engine: Number(spent) / 1e6 }));',
  ].join('\n');
  const once = (rollout: boolean): { total: number; engine: number } =>
    JSON.parse(execFileSync(NODE, ['-e', script(rollout)], { cwd: BUILT, maxBuffer: 64 * 1024 * 1024 }).toString());
  const rollouts: Array<{ total: number; engine: number }> = [];
  const deployments: number[] = [];
  for (let i = 0; i < 7; i++) {
    rollouts.push(once(true));
    deployments.push(once(false).total);
  }
  return {
    rollout: middle(rollouts.map(r => r.total)),
    deployment: middle(deployments),
    ratio: middle(rollouts.map((r, i) => r.total / deployments[i])),
    engineShare: middle(rollouts.map(r => r.engine / (r.total - r.engine))) * 100,
  };
}

/** Median wall time of a command, in ms, over `runs` fresh processes. */
function wallTime(cmd: string, args: string[], runs = 5): number {
  return middle(Array.from({ length: runs }, () => timeOnce(cmd, args)));
}

/** Wall time of one run of a command, in ms. */
function timeOnce(cmd: string, args: string[]): number {
  const t = process.hrtime.bigint();
  execFileSync(cmd, args, { cwd: BUILT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** The median of some numbers. */
function middle(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** What `installCost` measures, in ms: medians of the cold processes, and the median of the per-run ratios to kustomize. */
interface InstallCost {
  /** The install synthesized to YAML. */
  readonly ours: number;
  /** Only cdk8s's YAML writer on the same objects (loaded from a JSON file), in the same kind of process. */
  readonly writer: number;
  /** The median of the per-run ratios of `ours` to `writer`: what the library adds to cdk8s's floor. */
  readonly overFloor: number;
  readonly kustomize?: number;
  readonly ratio?: number;
  readonly writerRatio?: number;
}

/**
 * A cold process synthesizing the install against `kubectl kustomize` of upstream's cluster install,
 * run alternately (9 times each), so that a slow moment of a shared machine hits both alike: the
 * medians, and the median of the per-run ratios. A third process, run alongside, loads cdk8s and
 * writes the same objects with cdk8s's YAML writer, which every cdk8s app's synth goes through: the
 * floor of any install written by cdk8s.
 */
function installCost(tag: string): InstallCost | undefined {
  if (!fs.existsSync(path.join(BUILT, 'lib', 'imports', 'install-data'))) return undefined;
  const install = [
    "const { App, Chart } = require('cdk8s');",
    "const { ArgoRollouts, ArgoRolloutsVersion } = require('./lib');",
    "const app = new App({ outdir: require('os').tmpdir() });",
    `new ArgoRollouts(new Chart(app, 'argo-rollouts'), 'argo-rollouts', { version: ArgoRolloutsVersion.of('${tag}') });`,
  ];
  const ours = [...install, 'process.stdout.write(app.synthYaml());'].join('\n');
  const objects = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-install-')), 'objects.json');
  execFileSync(NODE, ['-e', [...install,
    `require('fs').writeFileSync(${JSON.stringify(objects)}, JSON.stringify(app.charts.flatMap(chart => Object.values(chart.toJson()))));`].join('\n')], { cwd: BUILT });
  const writer = `process.stdout.write(require('cdk8s').Yaml.stringify(...JSON.parse(require('fs').readFileSync(${JSON.stringify(objects)}, 'utf8'))));`;
  const kustomizeDir = path.resolve(ROOT, process.env.ARGO_ROLLOUTS_UPSTREAM ?? '../shared/argo-rollouts', tag, 'kustomize', 'cluster-install');
  let hasKustomize = fs.existsSync(kustomizeDir);
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  } catch {
    hasKustomize = false;
  }
  const mine: number[] = [];
  const floor: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < (hasKustomize ? 9 : 5); i++) {
    mine.push(timeOnce(NODE, ['-e', ours]));
    floor.push(timeOnce(NODE, ['-e', writer]));
    if (hasKustomize) theirs.push(timeOnce('kubectl', ['kustomize', kustomizeDir]));
  }
  fs.rmSync(path.dirname(objects), { recursive: true, force: true });
  const overFloor = middle(mine.map((m, i) => m / floor[i]));
  if (!hasKustomize) {
    return { ours: middle(mine), writer: middle(floor), overFloor };
  }
  return {
    ours: middle(mine),
    writer: middle(floor),
    overFloor,
    kustomize: middle(theirs),
    ratio: middle(mine.map((m, i) => m / theirs[i])),
    writerRatio: middle(floor.map((w, i) => w / theirs[i])),
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Lint throughput
// ---------------------------------------------------------------------------------------------

const LINT_MANIFESTS = 10000;

/** The manifests of app `i` of the lint set: 10 documents, references resolved among them. */
function lintApp(i: number): any[] {
  const app = `app${i}`;
  const labels = { app };
  const pod = {
    metadata: { labels },
    spec: {
      containers: [{
        name: 'app',
        image: `registry.example/${app}:1.${i % 7}.0`,
        ports: [{ name: 'http', containerPort: 8080 }],
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
        readinessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 5 },
      }],
    },
  };
  const service = (name: string) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'shop' },
    spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  const template = (name: string, provider: any, extra: any = {}) => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisTemplate',
    metadata: { name, namespace: 'shop' },
    spec: { args: [{ name: 'service' }], metrics: [{ name, successCondition: 'result[0] >= 0.95', failureLimit: 2, provider, ...extra }] },
  });
  const prometheus = { prometheus: { address: 'http://prometheus.monitoring:9090', query: 'sum(rate(http_requests_total{service="{{args.service}}",code!~"5.."}[5m]))' } };
  const canary = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: `${app}-canary`, namespace: 'shop' },
    spec: {
      replicas: 1 + (i % 5),
      revisionHistoryLimit: 5,
      selector: { matchLabels: labels },
      template: pod,
      strategy: {
        canary: {
          stableService: `${app}-stable`,
          canaryService: `${app}-canary`,
          maxSurge: '25%',
          maxUnavailable: 0,
          analysis: { templates: [{ templateName: `${app}-errors` }], args: [{ name: 'service', value: `${app}-canary` }], startingStep: 2 },
          steps: [{ setWeight: 10 }, { pause: { duration: '1m' } }, { setWeight: 30 },
            { analysis: { templates: [{ templateName: `${app}-success` }], args: [{ name: 'service', value: `${app}-canary` }] } },
            { setWeight: 60 }, { pause: {} }],
        },
      },
    },
  };
  const blueGreen = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: `${app}-bg`, namespace: 'shop' },
    spec: {
      replicas: 2,
      selector: { matchLabels: labels },
      template: pod,
      strategy: { blueGreen: { activeService: `${app}-active`, previewService: `${app}-preview`, autoPromotionEnabled: false, scaleDownDelaySeconds: 30 } },
    },
  };
  return [
    canary, service(`${app}-stable`), service(`${app}-canary`),
    template(`${app}-success`, prometheus, { count: 3, interval: '1m' }),
    template(`${app}-errors`, { web: { url: 'http://{{args.service}}.shop/metrics/errors', jsonPath: '{$.rate}' } }, { interval: '5m' }),
    blueGreen, service(`${app}-active`), service(`${app}-preview`),
    template(`${app}-job`, { job: { spec: { backoffLimit: 1, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'check', image: 'curlimages/curl:8.8.0', args: ['http://{{args.service}}.shop/healthz'] }] } } } } }, { count: 1, failureLimit: 0 }),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${app}-config`, namespace: 'shop' }, data: { LOG_LEVEL: 'info' } },
  ];
}

/** Writes the lint set to a new temp folder: 10 documents per file. */
function writeLintSet(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-bench-'));
  for (let i = 0; i < LINT_MANIFESTS / 10; i++) {
    fs.writeFileSync(path.join(dir, `app${String(i).padStart(4, '0')}.yaml`), Yaml.stringify(...lintApp(i)));
  }
  return dir;
}

/** Lints the folder in this process through the command's main(); returns ms, or throws when it finds anything. */
function lintInProcess(dir: string): number {
  let out = '';
  const t = process.hrtime.bigint();
  const code = lintMain([dir], { stdout: x => { out += x; }, stderr: x => { out += x; }, readStdin: () => '' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (code !== 0) {
    throw new Error(`The lint set is not clean (exit ${code}); fix bench/run.ts:\n${out.slice(0, 2000)}`);
  }
  return ms;
}

function lintThroughput(): void {
  const dir = writeLintSet();
  lintInProcess(dir); // warm up (loads js-yaml and the compiled validators, JIT)
  const inProcess: number[] = [];
  for (let r = 0; r < Math.max(RUNS, 3); r++) inProcess.push(lintInProcess(dir));
  const ms = middle(inProcess);
  const rate = (t: number) => LINT_MANIFESTS / (t / 1000);
  const verdict = (t: number) => `(target >= 5000) ${rate(t) >= 5000 ? 'met' : 'MISSED'}`;
  console.log(`lint: ${LINT_MANIFESTS} manifests in ${LINT_MANIFESTS / 10} files, in process (warm): ${ms.toFixed(0)} ms = ${rate(ms).toFixed(0)} manifests/s ${verdict(ms)}`);
  const bin = path.join(BUILT, 'bin', 'argo-rollouts-lint');
  if (fs.existsSync(path.join(BUILT, 'lib', 'cli', 'lint.js')) && fs.existsSync(path.join(BUILT, 'lib', 'imports', 'validators'))) {
    const cold = wallTime(NODE, [bin, dir]);
    console.log(`lint: the same with bin/argo-rollouts-lint, a fresh process (start-up included): ${cold.toFixed(0)} ms = ${rate(cold).toFixed(0)} manifests/s ${verdict(cold)}`);
  } else {
    console.log('lint: lib/ is not built with the data files of src/imports copied; run `npx projen compile && npx projen post-compile` to time bin/argo-rollouts-lint.');
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// 5. Synth-time validation overhead
// ---------------------------------------------------------------------------------------------

/** The engine's entry points the checks at synth call: on one object alone, and on a synth's batch. */
const ENGINE_RUNS = ['validateManifests', 'validateManifestsAttributed'] as const;

/**
 * Runs `f` with the engine's entry points replaced by `wrap(original)` (reached through the module's
 * exports object, so no switch is needed in the library).
 */
function withEngine<T>(wrap: (original: (manifests: any[], options?: any) => any[]) => (manifests: any[], options?: any) => any[], f: () => T): T {
  const originals = ENGINE_RUNS.map(name => engine[name] as (manifests: any[], options?: any) => any[]);
  ENGINE_RUNS.forEach((name, i) => ((engine as any)[name] = wrap(originals[i])));
  try {
    return f();
  } finally {
    ENGINE_RUNS.forEach((name, i) => ((engine as any)[name] = originals[i]));
  }
}

/** Runs `f` with the rule engine switched off. */
function withoutEngine<T>(f: () => T): T {
  return withEngine(() => () => [], f);
}

/**
 * Synthesizes 1,000 Rollouts with their Services (`define`); returns the synth time and the time spent in the
 * rule engine.
 */
function synthWithEngineTimed(enabled: boolean, define = defineL2): { total: number; engine: number } {
  if (!enabled) {
    return { total: withoutEngine(() => run(1000, define)).total, engine: 0 };
  }
  let spent = 0n;
  const s = withEngine(original => (manifests, options) => {
    const t = process.hrtime.bigint();
    try {
      return original(manifests, options);
    } finally {
      spent += process.hrtime.bigint() - t;
    }
  }, () => run(1000, define));
  return { total: s.total, engine: Number(spent) / 1e6 };
}

function validationOverhead(): void {
  synthWithEngineTimed(true, defineL2Defaults);
  synthWithEngineTimed(false, defineL2Defaults);
  const on: Array<{ total: number; engine: number }> = [];
  const off: number[] = [];
  for (let r = 0; r < Math.max(RUNS, 5); r++) {
    on.push(synthWithEngineTimed(true, defineL2Defaults));
    off.push(synthWithEngineTimed(false, defineL2Defaults).total);
  }
  const total = middle(on.map(x => x.total));
  const spent = middle(on.map(x => x.engine));
  const share = (spent / (total - spent)) * 100;
  const without = middle(off);
  const ab = ((total - without) / without) * 100;
  console.log(`synth-time validation, 1000 Rollouts with 2 Services each (cdk8s-plus defaults), one process: ${spent.toFixed(0)} ms in the rule engine `
    + `of ${total.toFixed(0)} ms synth = ${share.toFixed(1)}% of the synth without it (target <= 5%) ${share <= 5 ? 'met' : 'MISSED'}; `
    + `engine switched off: ${without.toFixed(0)} ms (${ab >= 0 ? '+' : ''}${ab.toFixed(1)}%, noisy)`);
}

function main() {
  sameOutput();
  run(200, defineL2); // warm up the JIT
  run(200, defineRaw);
  run(200, defineL2Defaults);
  run(200, defineDeployment);
  // The variants run interleaved, each round starting one variant later (raw, l2, deploy, l2plus, unchecked;
  // then l2, deploy, l2plus, unchecked, raw; ...), so that a slow moment of a shared machine hits every variant alike
  // and none always follows the same one; ratios are taken per round and their median reported.
  // (`unchecked`: l2plus with the rule engine switched off, interleaved like the others, at N = 1000)
  const VARIANTS = [['raw', defineRaw], ['l2', defineL2], ['deploy', defineDeployment], ['l2plus', defineL2Defaults],
    ['unchecked', defineL2Defaults]] as const;
  const f = (x: number) => x.toFixed(0).padStart(9);
  console.log(`Rollouts with stable and canary Services, synthesized to YAML from a collected heap (median of ${RUNS} interleaved rounds, one process)`);
  console.log('variant       N  construct ms   synth ms   total ms  peak RSS so far MB  output MB');
  const rounds: { [n: number]: Array<{ [variant: string]: Sample }> } = {};
  for (const n of [1000, 5000]) {
    rounds[n] = [];
    for (let r = 0; r < RUNS; r++) {
      const round: { [variant: string]: Sample } = {};
      const variants = VARIANTS.filter(([name]) => name !== 'unchecked' || n === 1000);
      for (let k = 0; k < variants.length; k++) {
        const [name, define] = variants[(k + r) % variants.length];
        round[name] = name === 'unchecked' ? withoutEngine(() => run(n, define)) : run(n, define);
      }
      rounds[n].push(round);
    }
    for (const [name] of VARIANTS.filter(([v]) => v !== 'unchecked' || n === 1000)) {
      const s = median(rounds[n].map(round => round[name]));
      const rss = process.resourceUsage().maxRSS / 1024;
      console.log(`${name.padEnd(9)} ${String(n).padStart(5)} ${f(s.construct)}  ${f(s.synth)}  ${f(s.total)}  ${f(rss)}           ${(s.bytes / 1e6).toFixed(2)}`);
    }
  }
  const per = (n: number, a: string, b: string) => middle(rounds[n].map(round => round[a].total / round[b].total));
  const ratio1000 = per(1000, 'l2', 'raw');
  const ratio5000 = per(5000, 'l2', 'raw');
  const scaling = median(rounds[5000].map(round => round.l2)).total / median(rounds[1000].map(round => round.l2)).total;
  console.log(`a Rollout alone (L2) / raw ApiObjects of the same manifests, N=1000: ${ratio1000.toFixed(2)} (target <= 1.5) ${ratio1000 <= 1.5 ? 'met' : 'MISSED'}`);
  console.log(`a Rollout alone (L2) / raw ApiObjects of the same manifests, N=5000: ${ratio5000.toFixed(2)} (target <= 1.5) ${ratio5000 <= 1.5 ? 'met' : 'MISSED'}`);
  console.log(`L2 t(5000) / t(1000): ${scaling.toFixed(2)} (target <= 5.5) ${scaling <= 5.5 ? 'met' : 'MISSED'}`);
  for (const n of [1000, 5000]) {
    const r = per(n, 'l2plus', 'deploy');
    console.log(`Rollout + 2 Services / cdk8s-plus Deployment + 2 Services (same pod spec, cdk8s-plus defaults), N=${n}: ${r.toFixed(2)} (target <= 1.05) ${r <= 1.05 ? 'met' : 'MISSED'}`);
  }
  console.log(`the same, N=1000, with the rule engine switched off (what the checks cost): ${per(1000, 'unchecked', 'deploy').toFixed(2)}`);
  const cold = coldSynth(1000);
  if (cold) {
    console.log(`cold process (what \`cdk8s synth\` is), N=1000: Rollout + 2 Services ${cold.rollout.toFixed(0)} ms / cdk8s-plus Deployment + 2 Services `
      + `${cold.deployment.toFixed(0)} ms = ${cold.ratio.toFixed(2)} (median of 7 pairs; target <= 1.10) ${cold.ratio <= 1.1 ? 'met' : 'MISSED'}; `
      + `rule engine ${cold.engineShare.toFixed(1)}% of the rest of the Rollouts' synth (target <= 5%) ${cold.engineShare <= 5 ? 'met' : 'MISSED'}`);
  } else {
    console.log('cold process: lib/ is not built; run `npx projen compile` first.');
  }
  const imp = importCost();
  if (imp) {
    const extra = imp.lib - imp.kplus;
    console.log(`require: ${PLUS} ${imp.kplus.toFixed(1)} ms, + the library ${imp.lib.toFixed(1)} ms: adds ${extra.toFixed(1)} ms (target <= 50) ${extra <= 50 ? 'met' : 'MISSED'}`);
  } else {
    console.log('require: lib/ is not built; run `npx projen compile` first to measure the import cost.');
  }
  console.log(`on ${PLUS}${LINE === BASE_LINE ? '' : ` (the package built in ${path.relative(ROOT, BUILT)}/)`}`);
  console.log(`cold processes run ${NODE === process.execPath ? 'this' : NODE} Node.js ${execFileSync(NODE, ['--version']).toString().trim()} (BENCH_NODE to choose another)`);
  for (const tag of ['v1.9.1', 'v1.10.0-rc1']) {
    const inst = installCost(tag);
    if (inst) {
      const over = inst.overFloor;
      console.log(`install ${tag}: cold synth of the install / cdk8s's YAML writer alone on the same objects (the floor of any cdk8s install): `
        + `${over.toFixed(2)}x (target <= 1.05) ${over <= 1.05 ? 'met' : 'MISSED'}`);
    }
    if (!inst) {
      console.log('install: lib/ is not built; run `npx projen compile` first.');
    } else if (inst.kustomize === undefined || inst.ratio === undefined || inst.writerRatio === undefined) {
      console.log(`install ${tag}: cold synth of the install ${inst.ours.toFixed(0)} ms (cdk8s's YAML writer alone on the same objects: ${inst.writer.toFixed(0)} ms); `
        + 'kubectl or the upstream kustomize tree not found, no comparison.');
    } else {
      const r = inst.ratio;
      console.log(`install ${tag}: cold synth of the install ${inst.ours.toFixed(0)} ms, kubectl kustomize ${inst.kustomize.toFixed(0)} ms: `
        + `median of the per-run ratios ${r.toFixed(2)}x (target <= 0.7) ${r <= 0.7 ? 'met' : 'MISSED'}; `
        + `floor: loading cdk8s and its YAML writer alone on the same objects ${inst.writer.toFixed(0)} ms = ${inst.writerRatio.toFixed(2)}x`);
    }
  }
  lintThroughput();
  lintMemory(NODE, BUILT, RUNS);
  validationOverhead();
  planThroughput(RUNS);
  renderingsPerSynth();
}

main();
