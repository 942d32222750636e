// The package as a user gets it: built and packed from this checkout, installed into a new cdk8s app
// with its peers and the cdk8s CLI from the registry, synthesized with `cdk8s synth`, and its
// `argo-rollouts-lint` run on the output — on this Node.js and on Node.js 22. With CDK8S_PLUS_LINE=NN it
// is the package of that cdk8s-plus line (build-tools/variants.js), in an app on that line's own types.
import { execFileSync, spawnSync, SpawnSyncReturns } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BASE_LINE, moduleOf, packageOf, parseLine } = require('../build-tools/plus-lines');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { manifestFor } = require('../build-tools/variants');

const ROOT = path.join(__dirname, '..');
const CHECKOUT_MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
/** The cdk8s-plus line under test, its module and the library's package on it. */
const LINE: number = process.env.CDK8S_PLUS_LINE ? parseLine(process.env.CDK8S_PLUS_LINE, 'CDK8S_PLUS_LINE') : BASE_LINE;
const PLUS: string = moduleOf(LINE);
const PKG: string = packageOf(LINE);
/** The package.json of the package under test, before packing. */
const MANIFEST = LINE === BASE_LINE ? CHECKOUT_MANIFEST : manifestFor(LINE);
/** The Node.js release users run besides this machine's, from the registry's `node` package. */
const OTHER_NODE = 'node@22';
const ENV = { ...process.env, JSII_SILENCE_SUPPORT_WARNING: '1', JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20', CI: 'true' };

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env: ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result;
}

/** Runs a command that must succeed; its output is part of the failure message when it does not. */
function mustRun(command: string, args: string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0) {
    throw new Error(`\`${command} ${args.join(' ')}\` in ${cwd} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * A copy of this checkout (the files git tracks or would track) with node_modules linked entry by
 * entry, so that packing it bundles the bundled dependencies as a real pack does.
 */
function copyCheckout(into: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0').filter(f => f !== '' && !f.startsWith('node_modules') && fs.lstatSync(path.join(ROOT, f), { throwIfNoEntry: false })?.isFile());
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(into, file));
  }
  fs.mkdirSync(path.join(into, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(into, 'node_modules', entry));
  }
}

/**
 * Builds and packs the package the way a release would: jsii, the assemble step, `npm pack`; the
 * package of another line as `npx projen package:variants` does. Returns where the packed package.json
 * was packed from.
 */
function pack(work: string): { tarball: string; files: string[]; source: string; unpackedBytes: number } {
  let tarball: string;
  let source: string;
  if (LINE !== BASE_LINE) {
    mustRun(process.execPath, [path.join(ROOT, 'build-tools', 'variants.js'), '--out', work, '--build', path.join(work, 'build'), String(LINE)], ROOT);
    tarball = path.join(work, fs.readdirSync(work).find(f => f.startsWith(`${PKG}-`) && f.endsWith('.tgz'))!);
    source = path.join(work, 'build', `plus-${LINE}`);
  } else {
    source = path.join(work, 'repo');
    copyCheckout(source);
    mustRun('npx', ['projen', 'compile'], source);
    mustRun('npx', ['projen', 'assemble'], source);
    const [info] = JSON.parse(mustRun('npm', ['pack', '--json', '--pack-destination', work], source));
    tarball = path.join(work, info.filename);
  }
  // `tar -tvzf`: mode, owner, size, date, time, path
  const entries = mustRun('tar', ['-tvzf', tarball], work).split('\n').filter(l => l.trim() !== '' && !l.startsWith('d'))
    .map(l => { const [, , size, , , ...name] = l.trim().split(/\s+/); return { size: Number(size), file: name.join(' ').replace(/^package\//, '') }; });
  return { tarball, files: entries.map(e => e.file), source, unpackedBytes: entries.reduce((sum, e) => sum + e.size, 0) };
}

/** An app whose Rollout breaks a rule (V35: a pause longer than the controller's int32 seconds). */
const MISTAKE_APP = `import { App, Chart, Duration } from 'cdk8s';
import { CanaryStep, Rollout, RolloutStrategy } from '${PKG}';

const app = new App();
new Rollout(new Chart(app, 'mistake'), 'web', {
  strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.days(30000))] }),
  containers: [{ image: 'nginx:1.27', portNumber: 80 }],
});
app.synth();
`;

/**
 * On cdk8s-plus-32 and later, props their pod API has and cdk8s-plus-27 lacks (docs/cdk8s-plus-lines.md):
 * a sidecar init container, a seccomp profile and a shared process namespace reach the Rollout's pods.
 */
const NEWER_POD_API = LINE >= 32;

/**
 * The app a user writes: the install, a canary with Istio routing and a success-rate analysis, built
 * with the line's own cdk8s-plus types (a volume, a service account, resources, the Rollout as an HPA's
 * target), and a second Rollout that takes over a cdk8s-plus Deployment (\`workloadRef\`).
 */
const APP = `import * as fs from 'fs';
import { App, Chart, Duration, Size } from 'cdk8s';
import * as kplus from '${PLUS}';
import {
  ArgoRollouts, CanaryStep, RequestMetricsSource, RequestMetricsTemplates, Rollout, RolloutStrategy, StrategyService, TrafficRouting, WorkloadReference,
} from '${PKG}';

const app = new App();
new ArgoRollouts(new Chart(app, 'argo-rollouts'), 'install');
const chart = new Chart(app, 'web', { namespace: 'web' });
const successRate = RequestMetricsTemplates.successRate(chart, 'success-rate', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
const cache: kplus.Volume = kplus.Volume.fromEmptyDir(chart, 'cache', 'cache');
const serviceAccount = new kplus.ServiceAccount(chart, 'web-sa');
// no replicas: the autoscaler sets them
const web = new Rollout(chart, 'web', {
  metadata: { name: 'web' },
  serviceAccount,
  volumes: [cache],${NEWER_POD_API ? `
  shareProcessNamespace: true,
  initContainers: [{ name: 'proxy', image: 'ghcr.io/acme/proxy:1.0.0', restartPolicy: kplus.ContainerRestartPolicy.ALWAYS }],` : ''}
  containers: [{
    image: 'ghcr.io/acme/web:1.4.2',
    portNumber: 8080,${NEWER_POD_API ? `
    securityContext: { seccompProfile: { type: kplus.SeccompProfileType.RUNTIME_DEFAULT } },` : ''}
    resources: { cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.units(1) }, memory: { request: Size.mebibytes(256), limit: Size.mebibytes(512) } },
    volumeMounts: [{ path: '/var/cache/web', volume: cache }],
  }],
  strategy: RolloutStrategy.canary({
    canaryService: StrategyService.define({ name: 'web-canary' }),
    stableService: StrategyService.define({ name: 'web-stable' }),
    trafficRouting: [TrafficRouting.istio({ hosts: ['web.example.com'] })],
    analysis: { templates: [successRate], args: RequestMetricsTemplates.args('web-canary'), startingStep: 1 },
    steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(5) }),
  }),
});
const scalable: kplus.IScalable = web;
new kplus.HorizontalPodAutoscaler(chart, 'web-hpa', { target: scalable, minReplicas: 4, maxReplicas: 12 });

const api = new kplus.Deployment(chart, 'api', { replicas: 0, containers: [{ image: 'ghcr.io/acme/api:2.0.1', portNumber: 8080 }] });
new Rollout(chart, 'api-rollout', {
  replicas: 3,
  workloadRef: WorkloadReference.fromDeployment(api),
  strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50), CanaryStep.pause(Duration.minutes(1))] }),
});
app.synth();
// which Node.js ran the app (the test checks that the CLI's child process used the Node.js it was started with)
fs.writeFileSync('node-version.txt', process.version);
`;

const BAD_ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: bad}
spec:
  selector: {matchLabels: {app: bad}}
  template:
    metadata: {labels: {app: bad}}
    spec: {containers: [{name: bad, image: nginx:1.27}]}
  strategy: {canary: {steps: [{setWeight: 150}]}}
`;

/** An app that uses no construct of the library: its Rollout is a raw ApiObject, checked by the validation plugin. */
function rawApp(weight: number): string {
  return `import { ApiObject, App, Chart } from 'cdk8s';

const app = new App();
const chart = new Chart(app, 'raw');
new ApiObject(chart, 'web', {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'web' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    strategy: { canary: { steps: [{ setWeight: ${weight} }, { pause: {} }] } },
  },
});
app.synth();
`;
}

/**
 * A second app directory next to \`app\` (its node_modules, so nothing is installed twice) whose
 * cdk8s.yaml runs the installed package as a validation plugin.
 */
function createPluginApp(dir: string, app: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(path.join(app, 'node_modules'), path.join(dir, 'node_modules'));
  for (const file of ['package.json', 'tsconfig.json']) fs.copyFileSync(path.join(app, file), path.join(dir, file));
  const version = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', PKG, 'package.json'), 'utf8')).version;
  fs.writeFileSync(path.join(dir, 'cdk8s.yaml'), [
    'language: typescript',
    'app: npx ts-node main.ts',
    'validations:',
    `  - package: ./node_modules/${PKG}`,
    `    version: ${version}`,
    '    class: ArgoRolloutsValidation',
    '    properties:',
    "      version: '1.9.1'",
    '      references: true',
    '',
  ].join('\n'));
}

/** The fenced blocks of a README section, each with the paragraph before it. */
function readmeBlocks(heading: string): { lang: string; code: string; before: string }[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^```(\w+)\n([\s\S]*?)\n```$/gm)].map(m => ({
    before: section.slice(section.lastIndexOf('\n\n', m.index! - 3) + 2, m.index).trim(),
    lang: m[1],
    code: `${m[2]}\n`,
  }));
}

/** The README's "Use it in your app": its shell steps and files, in order, for the package under test. */
const README = (() => {
  const blocks = readmeBlocks('Use it in your app');
  const file = (name: string) => blocks.find(b => b.before.startsWith(`\`${name}\``))!.code;
  const shell = blocks.filter(b => b.lang === 'sh' && !b.code.includes('git clone'));
  return {
    /** The commands that create the app and install the package (the one placeholder: where the tarball is). */
    install: shell[0].code,
    tsconfig: file('tsconfig.json'),
    cdk8sYaml: file('cdk8s.yaml'),
    /** "Write main.ts (the canary below is a complete one)". */
    main: readmeBlocks('A canary Rollout').find(b => b.lang === 'ts')!.code,
    /** Synthesize and lint (`kubectl apply` needs a cluster: left out). */
    run: shell[1].code.split('\n').filter(line => !line.startsWith('kubectl ')).join('\n'),
  };
})();

/**
 * A new cdk8s app made as the README says, in \`work\`: its commands run as written but for the tarball's
 * path, and on another line with the changes the README names for it (the line's package and peer).
 * Returns the app's folder.
 */
function followReadme(work: string, tarball: string): string {
  const onLine = (text: string) => (LINE === BASE_LINE ? text : text
    .replaceAll(`${moduleOf(BASE_LINE)}@${CHECKOUT_MANIFEST.peerDependencies[moduleOf(BASE_LINE)]}`, `${PLUS}@${MANIFEST.peerDependencies[PLUS]}`)
    .replaceAll(`from '${moduleOf(BASE_LINE)}'`, `from '${PLUS}'`)
    .replaceAll(`from '${packageOf(BASE_LINE)}'`, `from '${PKG}'`));
  mustRun('bash', ['-e', '-c', onLine(README.install.replace(/\/path\/to\/\S+\.tgz/, tarball))], work);
  const app = path.join(work, README.install.match(/mkdir (\S+)/)![1]);
  fs.writeFileSync(path.join(app, 'tsconfig.json'), README.tsconfig);
  fs.writeFileSync(path.join(app, 'cdk8s.yaml'), README.cdk8sYaml);
  fs.writeFileSync(path.join(app, 'main.ts'), onLine(README.main));
  return app;
}

/** A second app beside the README's, with its node_modules (nothing is installed twice), running \`APP\`. */
function createApp(dir: string, readmeApp: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(path.join(readmeApp, 'node_modules'), path.join(dir, 'node_modules'));
  for (const file of ['package.json', 'tsconfig.json', 'cdk8s.yaml']) fs.copyFileSync(path.join(readmeApp, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'main.ts'), APP);
}

/** The manifests of the app's dist/, by kind. */
function kindsIn(dir: string): string[] {
  return fs.readdirSync(path.join(dir, 'dist')).flatMap(f => [...fs.readFileSync(path.join(dir, 'dist', f), 'utf8').matchAll(/^kind: (\w+)$/gm)].map(m => m[1]));
}

describe(`the packed package ${PKG} in a new cdk8s app on ${PLUS}`, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'packed-package-'));
  const app = path.join(work, 'app');
  let packed: { tarball: string; files: string[]; source: string; unpackedBytes: number };
  let readmeApp: string;

  beforeAll(() => {
    packed = pack(work);
    readmeApp = followReadme(work, packed.tarball);
    createApp(app, readmeApp);
  }, 300_000);

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test("the README's \"Use it in your app\", followed as written: the app synthesizes and lints clean", () => {
    // (the app was made in beforeAll from the README's commands and files; these are its last commands)
    const result = run('bash', ['-e', '-c', README.run], readmeApp);
    expect({ status: result.status, output: result.status === 0 ? '' : `${result.stdout}\n${result.stderr}` }).toEqual({ status: 0, output: '' });
    expect(fs.readdirSync(path.join(readmeApp, 'dist'))).toEqual(['demo.k8s.yaml']);
    expect(result.stdout).toMatch(/^No findings: 1 file checked/m);
  }, 120_000);

  test('the tarball holds the compiled library, its data, the commands and the docs, and no sources', () => {
    const files = packed.files;
    for (const file of ['lib/index.js', 'lib/index.d.ts', 'lib/imports/install-data/v1.9.1/crds.json', 'lib/imports/validators/argo-v1.9.1.js', 'lib/imports/argocd/application-v3.5.1.js',
      'bin/argo-rollouts-lint', 'README.md', 'LICENSE', 'API.md', 'docs/rules.md', '.jsii', '.jsii.gz']) {
      expect({ file, packed: files.includes(file) }).toEqual({ file, packed: true });
    }
    expect(files.filter(f => /^(src|test|examples|bench|imports|build-tools)\//.test(f) || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    for (const bin of Object.values(MANIFEST.bin as Record<string, string>)) expect(files).toContain(bin);
  });

  test('the package is at most 15 MB unpacked: no formatter bundled, no source maps, the assembly compressed, release data shared', () => {
    // (37.9 MB before, on 2026-12-02; docs/maintaining.md "Package size" says where the bytes go)
    expect(packed.unpackedBytes).toBeLessThanOrEqual(15_000_000);
    expect(packed.files.filter(f => f.startsWith('node_modules/prettier/') || (f.startsWith('lib/') && f.endsWith('.map')))).toEqual([]);
  });

  test('importing the package loads none of its modules; an export loads only what it needs', () => {
    const probe = (access: string) => JSON.parse(mustRun(process.execPath, ['-e', `
      const lib = require('${PKG}');
      ${access}
      const loaded = Object.keys(require.cache);
      const ours = loaded.filter(f => f.includes('/${PKG}/lib/')).map(f => f.split('/lib/')[1]);
      console.log(JSON.stringify([...ours, ...(loaded.some(f => f.includes('/${PLUS}/lib/')) ? ['(cdk8s-plus)'] : [])]));`], app));
    expect(probe('')).toEqual(['index.js']);
    // the install data (read as text, not required) is read when CRDs are made, not before
    const reads = JSON.parse(mustRun(process.execPath, ['-e', `
      const fs = require('fs'); const reads = new Set(); const read = fs.readFileSync;
      fs.readFileSync = (file, ...rest) => { if (String(file).includes(require('path').join('imports', 'install-data'))) reads.add(String(file)); return read(file, ...rest); };
      const lib = require('${PKG}'); const afterIndex = reads.size; const crds = lib.ArgoRolloutsCrds; const afterExport = reads.size;
      new crds(require('cdk8s').Testing.chart(), 'crds');
      console.log(JSON.stringify({ afterIndex, afterExport, afterConstruct: reads.size }));`], app));
    expect(reads).toEqual({ afterIndex: 0, afterExport: 0, afterConstruct: 1 });
    expect(probe('lib.Rollout;')).toContain('(cdk8s-plus)');
    // the default install needs neither the Rollout constructs nor the L1 nor the rule engine's rules, nor cdk8s-plus
    const install = probe('const app = new (require("cdk8s").App)(); new lib.ArgoRollouts(new (require("cdk8s").Chart)(app, "c"), "i"); app.synthYaml();');
    expect(install).toContain('install/argo-rollouts.js');
    expect(install.filter((f: string) => /^(rollout\/|imports\/argoproj|validation\/private\/rules\/|\(cdk8s-plus\))/.test(f))).toEqual([]);
    // a layer's door (lib/<layer>/private/index.js) loads each of its modules on first use too, so that one
    // name of another layer's internals does not load them all (build-tools/lazy-index.js)
    const doors = packed.files.filter(f => /^lib\/.+\/private\/index\.js$/.test(f));
    expect(doors).toContain('lib/install/private/index.js');
    for (const door of doors) {
      const lazy = fs.readFileSync(path.join(app, 'node_modules', PKG, door), 'utf8').includes('// lazy exports (build-tools/lazy-index.js)');
      expect({ door, lazy }).toEqual({ door, lazy: true });
    }
    expect(probe(`require('${PKG}/lib/install/private');`)).toEqual(['index.js', 'install/private/index.js']);
    // every export is there, and the L1 submodule too
    expect(JSON.parse(mustRun(process.execPath, ['-e', `
      const lib = require('${PKG}');
      console.log(JSON.stringify([typeof lib.Rollout, typeof lib.ArgoRollouts, typeof lib.Linter, typeof lib.crds.Rollout, Object.keys(lib).length > 50]));`], app)))
      .toEqual(['function', 'function', 'function', 'function', true]);
  });

  test('the README and the docs link only to files in the package (or to the web)', () => {
    const files = new Set(packed.files);
    const broken: string[] = [];
    // (API.md is jsii-docgen's: it links members inherited from cdk8s-plus to anchors it does not write)
    for (const doc of packed.files.filter(f => f === 'README.md' || /^docs\/.*\.md$/.test(f))) {
      const text = fs.readFileSync(path.join(app, 'node_modules', PKG, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target.split('#')[0]));
        if (!files.has(file)) broken.push(`${doc}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the published package.json declares the Node.js versions and no placeholder metadata', () => {
    const published = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', PKG, 'package.json'), 'utf8'));
    expect(published.engines.node).toEqual(MANIFEST.engines.node);
    expect(published.repository).toBeUndefined();
    expect(JSON.stringify(published)).not.toMatch(/example\.invalid|unpublished/);
    expect(published.name).toEqual(PKG);
    expect(published.peerDependencies).toEqual(MANIFEST.peerDependencies);
    expect(Object.keys(published.peerDependencies).filter(p => p.startsWith('cdk8s-plus-'))).toEqual([PLUS]);
    // packing put the package.json it was packed from back
    expect(fs.existsSync(path.join(packed.source, '.package.json.prepack'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(packed.source, 'package.json'), 'utf8'))).toEqual(MANIFEST);
  });

  test('cdk8s synth runs ArgoRolloutsValidation from cdk8s.yaml: a bad raw ApiObject fails with the rule ID, a good app passes', () => {
    const pluginApp = path.join(work, 'plugin-app');
    createPluginApp(pluginApp, app);
    const synth = (weight: number, report: string) => {
      fs.writeFileSync(path.join(pluginApp, 'main.ts'), rawApp(weight));
      fs.rmSync(path.join(pluginApp, 'dist'), { recursive: true, force: true });
      return run(path.join(pluginApp, 'node_modules', '.bin', 'cdk8s'),
        ['synth', '--no-check-upgrade', '--validation-reports-output-file', path.join(pluginApp, report)], pluginApp);
    };

    const bad = synth(150, 'bad-report.json');
    expect({ failed: bad.status !== 0, stdout: bad.stdout }).toEqual({ failed: true, stdout: expect.stringContaining('V34') });
    const badReport = JSON.parse(fs.readFileSync(path.join(pluginApp, 'bad-report.json'), 'utf8'));
    expect(badReport.reports).toEqual([expect.objectContaining({
      summary: expect.objectContaining({ status: 'failure', metadata: expect.objectContaining({ 'Argo Rollouts version': '1.9.1', 'Errors': '1' }) }),
      violations: [{
        ruleName: 'V34',
        recommendation: expect.stringMatching(/^Rollout web: .*150/),
        fix: expect.stringMatching(/\S/),
        violatingConstructs: [{
          resourceName: 'web',
          locations: ['spec.strategy.canary.steps[0].setWeight'],
          manifestPath: expect.stringMatching(/dist\/raw\.k8s\.yaml$/),
          // the CLI attaches the construct path of the object
          constructPath: 'raw/web',
        }],
      }],
    })]);

    const good = synth(20, 'good-report.json');
    expect({ status: good.status, stderr: good.stderr }).toEqual({ status: 0, stderr: expect.anything() });
    const goodReport = JSON.parse(fs.readFileSync(path.join(pluginApp, 'good-report.json'), 'utf8'));
    expect(goodReport.reports).toEqual([expect.objectContaining({ summary: expect.objectContaining({ status: 'success' }), violations: [] })]);
  }, 60_000);

  for (const node of [process.version, OTHER_NODE]) {
    const prefix = node === OTHER_NODE ? ['-y', OTHER_NODE] : undefined;
    /** Runs an installed command of the app on the Node.js under test. */
    const bin = (name: string, ...args: string[]) => (prefix
      ? run('npx', [...prefix, path.join('node_modules', '.bin', name), ...args], app)
      : run(path.join(app, 'node_modules', '.bin', name), args, app));

    test(`on Node.js ${node}: cdk8s synth writes the app, and argo-rollouts-lint checks it`, () => {
      fs.rmSync(path.join(app, 'dist'), { recursive: true, force: true });
      const synth = bin('cdk8s', 'synth', '--no-check-upgrade');
      // (the output is part of the failure: what the app or the CLI said)
      expect({ status: synth.status, output: synth.status === 0 ? '' : `${synth.stdout}\n${synth.stderr}` }).toEqual({ status: 0, output: '' });
      expect(fs.readdirSync(path.join(app, 'dist')).sort()).toEqual(['argo-rollouts.k8s.yaml', 'web.k8s.yaml']);
      const version = fs.readFileSync(path.join(app, 'node-version.txt'), 'utf8');
      expect(node === OTHER_NODE ? version.startsWith('v22.') : version === process.version).toBe(true);
      expect([...new Set(kindsIn(app))]).toEqual(expect.arrayContaining(['CustomResourceDefinition', 'Deployment', 'Rollout', 'Service',
        'VirtualService', 'AnalysisTemplate', 'HorizontalPodAutoscaler', 'ServiceAccount']));

      const rollout = YAML.parseAllDocuments(fs.readFileSync(path.join(app, 'dist', 'web.k8s.yaml'), 'utf8')).map(d => d.toJS())
        .find(m => m.kind === 'Rollout' && m.metadata.name === 'web');
      const pod = rollout.spec.template.spec;
      const newer = {
        shareProcessNamespace: pod.shareProcessNamespace,
        sidecar: pod.initContainers?.[0]?.restartPolicy,
        seccomp: pod.containers[0].securityContext.seccompProfile,
      };
      expect(newer).toEqual(NEWER_POD_API ? { shareProcessNamespace: true, sidecar: 'Always', seccomp: { type: 'RuntimeDefault' } } : {});

      const clean = bin('argo-rollouts-lint', 'dist');
      expect({ status: clean.status, stdout: clean.stdout }).toEqual({ status: 0, stdout: expect.stringMatching(/^No findings: 2 files checked/) });

      fs.writeFileSync(path.join(app, 'bad.yaml'), BAD_ROLLOUT);
      const bad = bin('argo-rollouts-lint', 'bad.yaml');
      expect({ status: bad.status, stdout: bad.stdout }).toEqual({ status: 1, stdout: expect.stringContaining('[V34]') });

      if (node === process.version) {
        // an app with a mistake: cdk8s synth prints the construct and the rule first, no line or frame of the library
        // (the message, then the app's own frames: test/validation/synth-errors.test.ts checks the same in one process)
        fs.writeFileSync(path.join(app, 'mistake.ts'), MISTAKE_APP);
        const mistake = bin('cdk8s', 'synth', '--no-check-upgrade', '--app', 'npx ts-node mistake.ts', '--output', 'mistake-dist');
        const said = `${mistake.stdout}\n${mistake.stderr}`;
        const [header, rule] = said.slice(said.indexOf('Rollout mistake/web')).split('\n');
        expect({ status: mistake.status, header, rule: rule?.slice(0, 8) })
          .toEqual({ status: 1, header: expect.stringMatching(/^Rollout mistake\/web breaks a rule of the Argo Rollouts controller /), rule: '  [V35] ' });
        expect(said).not.toMatch(/\^\n|Failed serializing|node_modules[\\/]cdk8s-argo-rollouts|RuleError/);
      }

      // the other commands of the package
      const plan = bin('argo-rollouts-plan', 'dist');
      expect({ status: plan.status, stderr: plan.stderr, web: plan.stdout.includes('web') }).toEqual({ status: 0, stderr: '', web: true });
      // a pull request's change reviewed: the Rollout with three replicas more grows the peak, which --fail-on peak gates
      fs.rmSync(path.join(app, 'head'), { recursive: true, force: true });
      fs.mkdirSync(path.join(app, 'head'));
      const headDocs = YAML.parseAllDocuments(fs.readFileSync(path.join(app, 'dist', 'web.k8s.yaml'), 'utf8')).map(d => d.toJS())
        .map(m => (m.kind === 'Rollout' && m.metadata.name === 'web' ? { ...m, spec: { ...m.spec, replicas: (m.spec.replicas ?? 1) + 3 } } : m));
      fs.writeFileSync(path.join(app, 'head', 'web.k8s.yaml'), headDocs.map(m => YAML.stringify(m)).join('---\n'));
      const review = bin('argo-rollouts-plan', '--format', 'markdown', '--fail-on', 'peak', '--base', path.join('dist', 'web.k8s.yaml'), 'head');
      expect({ status: review.status, head: review.stdout.split('\n').slice(0, 2), stderr: review.stderr })
        .toEqual({
          status: 1,
          head: ['<!-- argo-rollouts-plan --base -->', '### Rollout plans: 1 changed, 1 unchanged'],
          stderr: expect.stringMatching(/^argo-rollouts-plan: --fail-on peak: peak grows for web\/web \(\d+ → \d+\)\.\n$/),
        });
      const imported = bin('argo-rollouts-import', path.join('dist', 'web.k8s.yaml'));
      const module = imported.stdout;
      expect({ status: imported.status, chart: /extends Chart/.test(module), template: /new AnalysisTemplate\(/.test(module), library: module.includes(`} from '${PKG}';`) })
        .toEqual({ status: 0, chart: true, template: true, library: true });
      if (node === process.version) {
        // the module is an app: written with --out and run with ts-node, it synthesizes the same Rollout into its dist/
        const folder = path.join(app, 'imported');
        fs.rmSync(folder, { recursive: true, force: true });
        fs.mkdirSync(folder);
        const written = bin('argo-rollouts-import', '--out', path.join('imported', 'web.ts'), path.join('dist', 'web.k8s.yaml'));
        const ran = run('npx', ['ts-node', 'web.ts'], folder);
        expect({ imported: written.status, ran: ran.status, stderr: ran.stderr }).toEqual({ imported: 0, ran: 0, stderr: '' });
        const rolloutIn = (dir: string) => fs.readdirSync(dir).filter(f => f.endsWith('.yaml'))
          .flatMap(f => YAML.parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map(d => d.toJS()))
          .find(m => m.kind === 'Rollout' && m.metadata.name === 'web');
        expect(rolloutIn(path.join(folder, 'dist'))).toEqual(rolloutIn(path.join(app, 'dist')));
      }
    }, 120_000);
  }
});
