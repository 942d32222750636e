import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { ArgoRollouts, ArgoRolloutsVersion } from '../src';
import { ArgoRolloutsValidation, IValidationContext, ValidationViolation } from '../src/cdk8s-plugin';
import { cdk8sPlusLine } from '../src/private/cdk8s-plus';
// the context class of the cdk8s CLI, as `cdk8s synth` hands it to a plugin
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ValidationContext } = require('cdk8s-cli/plugins');

/** What `run` writes to standard error while its promise runs. */
async function stderrOfAsync(run: () => Promise<void>): Promise<string> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => (written.push(String(text)), true));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written.join('');
}

/** A context as the cdk8s CLI makes one: the files, and a report that records what it is given. */
function context(manifests: string[]): IValidationContext & { violations: ValidationViolation[]; status?: string; metadata?: any } {
  const ctx: any = {
    manifests,
    violations: [],
    report: {
      addViolation: (v: ValidationViolation) => ctx.violations.push(v),
      submit: (status: string, metadata?: any) => { ctx.status = status; ctx.metadata = metadata; },
    },
  };
  return ctx;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-plugin-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** The app a user writes without our constructs: a raw ApiObject Rollout. */
function synthRaw(weight: number, extra: any = {}): string[] {
  const outdir = fs.mkdtempSync(path.join(dir, 'dist-'));
  const app = new App({ outdir });
  const chart = new Chart(app, 'raw');
  new ApiObject(chart, 'web', {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      strategy: { canary: { steps: [{ setWeight: weight }, { pause: {} }], ...extra } },
    },
  });
  app.synth();
  return fs.readdirSync(outdir).map(f => path.join(outdir, f));
}

describe('ArgoRolloutsValidation', () => {
  test('a bad raw ApiObject Rollout: one violation per finding, with rule ID, object, path and fix; the report fails', async () => {
    // GIVEN
    const ctx = context(synthRaw(150));
    // WHEN
    await new ArgoRolloutsValidation().validate(ctx);
    // THEN
    expect(ctx.status).toEqual('failure');
    expect(ctx.violations).toEqual([{
      ruleName: 'V34',
      recommendation: expect.stringMatching(/^Rollout web: .*150/),
      fix: expect.stringMatching(/\S/),
      violatingResources: [{ resourceName: 'web', locations: ['spec.strategy.canary.steps[0].setWeight'], manifestPath: ctx.manifests[0] }],
    }]);
    expect(ctx.metadata).toEqual({
      'Argo Rollouts version': '1.9.1', 'Kubernetes version': `1.${cdk8sPlusLine().kubernetesMinor}`, 'Files': '1', 'Objects': '1', 'Errors': '1', 'Warnings': '0',
    });
  });

  test('a good app passes with an empty report', async () => {
    const ctx = context(synthRaw(20));
    await new ArgoRolloutsValidation({}).validate(ctx);
    expect({ status: ctx.status, violations: ctx.violations }).toEqual({ status: 'success', violations: [] });
  });

  test('references: a missing Service fails by default, and not with references off', async () => {
    const files = synthRaw(20, { canaryService: 'web-canary', stableService: 'web-stable' });
    const on = context(files);
    await new ArgoRolloutsValidation().validate(on);
    expect(on.violations.map(v => v.ruleName)).toEqual(['V47', 'V47']);
    expect(on.status).toEqual('failure');
    const off = context(files);
    await new ArgoRolloutsValidation({ references: false }).validate(off);
    expect({ status: off.status, violations: off.violations }).toEqual({ status: 'success', violations: [] });
  });

  test('references resolve across the files of the app', async () => {
    const rollout = synthRaw(20, { canaryService: 'web-canary', stableService: 'web-stable' });
    const services = write('services.yaml', ['web-canary', 'web-stable'].map(name =>
      `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}}\nspec:\n  selector: {app: web}\n  ports: [{port: 80}]\n`).join('---\n'));
    const ctx = context([...rollout, services]);
    await new ArgoRolloutsValidation().validate(ctx);
    expect({ status: ctx.status, violations: ctx.violations }).toEqual({ status: 'success', violations: [] });
  });

  test('skipRules drops the findings of those rules', async () => {
    const ctx = context(synthRaw(150));
    await new ArgoRolloutsValidation({ skipRules: ['V34'] }).validate(ctx);
    expect({ status: ctx.status, violations: ctx.violations }).toEqual({ status: 'success', violations: [] });
  });

  test('the version selects the CRD schema', async () => {
    const files = synthRaw(20, { replicaProgressThreshold: { type: 'Pod', value: 1 } });
    const current = context(files);
    await new ArgoRolloutsValidation({ version: '1.9.1' }).validate(current);
    expect(current.violations).toEqual([]);
    const old = context(files);
    await new ArgoRolloutsValidation({ version: 'v1.8.3' }).validate(old);
    expect(old.violations.map(v => [v.ruleName, v.violatingResources[0].locations])).toEqual([['S06', ['spec.strategy.canary.replicaProgressThreshold']]]);
    expect(old.status).toEqual('failure');
  });

  test('without a version, the app\'s install decides: the release of its controller image', async () => {
    const outdir = fs.mkdtempSync(path.join(dir, 'dist-'));
    const app = new App({ outdir });
    new ArgoRollouts(new Chart(app, 'install'), 'argo-rollouts', { version: ArgoRolloutsVersion.V1_8_3, crds: false });
    app.synth();
    const files = [...synthRaw(20, { replicaProgressThreshold: { type: 'Pod', value: 1 } }), ...fs.readdirSync(outdir).map(f => path.join(outdir, f))];
    const ctx = context(files);
    await new ArgoRolloutsValidation().validate(ctx);
    expect(ctx.violations.map(v => v.ruleName)).toEqual(['S06']);
    expect(ctx.metadata['Argo Rollouts version']).toEqual('1.8.3');
  });

  test('warnings are reported without failing, unless warningsAsErrors', async () => {
    // a dryRun pattern that matches no metric of a template nothing uses is a warning
    const file = write('warning.yaml', `apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: unused}
spec:
  metrics:
  - name: m
    provider: {web: {url: 'https://example.com'}}
    successCondition: result == true
  dryRun: [{metricName: other}]
`);
    const lenient = context([file]);
    await new ArgoRolloutsValidation().validate(lenient);
    expect(lenient.violations.length).toBeGreaterThan(0);
    expect(lenient.violations.every(v => v.recommendation.includes('(warning)'))).toBe(true);
    expect(lenient.status).toEqual('success');
    const strict = context([file]);
    await new ArgoRolloutsValidation({ warningsAsErrors: true }).validate(strict);
    expect(strict.status).toEqual('failure');
  });

  test('kubernetesVersion: the pod fields and pod rules of that Kubernetes version; the package\'s line by default', async () => {
    // GIVEN a raw Rollout whose pod spec sets pod-level resources (Kubernetes 1.32 and later)
    const file = write('pod-resources.yaml', `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      resources: {limits: {cpu: "2"}}
      containers: [{name: web, image: nginx:1.27}]
  strategy: {canary: {steps: [{setWeight: 20}, {pause: {}}]}}
`);
    // WHEN checked for 1.27, then for 1.32
    const old = context([file]);
    await new ArgoRolloutsValidation({ kubernetesVersion: '1.27' }).validate(old);
    const current = context([file]);
    await new ArgoRolloutsValidation({ kubernetesVersion: '1.32' }).validate(current);
    const byDefault = context([file]);
    await new ArgoRolloutsValidation().validate(byDefault);
    // THEN
    expect(old.violations.map(v => [v.ruleName, v.violatingResources[0].locations])).toEqual([['S09', ['spec.template.spec.resources']]]);
    expect(old.violations[0].recommendation).toMatch(/^Rollout web: Kubernetes 1\.27 has no field spec\.template\.spec\.resources \(pod-level resources; Kubernetes 1\.32 and later have it\)/);
    expect(old.status).toEqual('failure');
    expect(old.metadata['Kubernetes version']).toEqual('1.27');
    expect(current.violations).toEqual([]);
    expect(current.metadata['Kubernetes version']).toEqual('1.32');
    expect(byDefault.metadata['Kubernetes version']).toEqual(`1.${cdk8sPlusLine().kubernetesMinor}`);
    expect(byDefault.violations.length).toBe(cdk8sPlusLine().kubernetesMinor < 32 ? 1 : 0);
  });

  test('the summary counts objects, not files: every document (not an empty one), and every item of a List', async () => {
    const services = write('counted.yaml', `${['a', 'b', 'c'].map(name => `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}}\nspec: {ports: [{port: 80}]}\n`).join('---\n')}---\n`);
    const list = write('list.json', JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'y' } }] }));
    const ctx = context([...synthRaw(20), services, list]);
    await new ArgoRolloutsValidation().validate(ctx);
    expect({ files: ctx.metadata.Files, objects: ctx.metadata.Objects }).toEqual({ files: '3', objects: '6' });
  });

  describe('the version of cdk8s.yaml is checked against the package that runs', () => {
    const own = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
    /** The context the cdk8s CLI makes for a `validations:` entry with this `version:`. */
    function cliContext(files: string[], version: string): any {
      return new ValidationContext(files, path.resolve('node_modules', own.name), version, {}, false);
    }

    test('another version: a warning on standard error and in the summary; the status is the rules\'', async () => {
      const ctx = cliContext(synthRaw(20), '1.0.0');
      const plugin = new ArgoRolloutsValidation();
      const stderr = await stderrOfAsync(() => plugin.validate(ctx));
      const expected = `cdk8s.yaml lists the plugin with version "1.0.0", but the package that runs is ${own.name} ${own.version} `
        + `(${path.join(__dirname, '..', 'package.json')}). Write \`version: ${own.version}\` in its validations: entry, so that the report names the version that checked the manifests.`;
      expect(stderr).toEqual(`Warning: ArgoRolloutsValidation: ${expected}\n`);
      const report = ctx.report.toJson();
      const short = `cdk8s.yaml says "1.0.0", the package that runs is ${own.version}: write version: ${own.version}`;
      expect(report.summary).toEqual(expect.objectContaining({ status: 'success', metadata: expect.objectContaining({ 'Plugin version warning': short }) }));
      expect(ctx.report.toString()).toContain('Plugin version warning');
    });

    test('the installed version: no warning', async () => {
      const ctx = cliContext(synthRaw(150), own.version);
      const stderr = await stderrOfAsync(() => new ArgoRolloutsValidation().validate(ctx));
      expect(stderr).toEqual('');
      expect(ctx.report.toJson().summary).toEqual(expect.objectContaining({ status: 'failure', version: own.version }));
      expect(Object.keys(ctx.report.toJson().summary.metadata)).not.toContain('Plugin version warning');
    });

    test('the cdk8s.yaml of the README and of docs/cdk8s-plugin.md lists the package\'s version', () => {
      for (const doc of ['README.md', 'docs/cdk8s-plugin.md']) {
        const text = fs.readFileSync(path.join(__dirname, '..', doc), 'utf8');
        const versions = [...text.matchAll(/^ +- package: \.\/node_modules\/cdk8s-argo-rollouts\n +version: (\S+)/gm)].map(m => m[1]);
        expect({ doc, versions }).toEqual({ doc, versions: [own.version] });
      }
    });

    test('a context without a version (a test\'s own) is not compared', async () => {
      const ctx = context(synthRaw(20));
      expect(await stderrOfAsync(() => new ArgoRolloutsValidation().validate(ctx))).toEqual('');
      expect(Object.keys(ctx.metadata)).not.toContain('Plugin version warning');
    });
  });

  test('properties are checked as cdk8s.yaml gives them', () => {
    expect(() => new ArgoRolloutsValidation({ kubernetesVersion: 1.33 } as any)).toThrow(/kubernetesVersion must be a string, got 1.33.*Quote it/);
    expect(() => new ArgoRolloutsValidation({ kubernetesVersion: '1.30' }))
      .toThrow(/validations: properties\): The Kubernetes version "1.30" is not one that the rule engine checks pod templates against; use one of 1.27, 1.32, 1.33, 1.34/);
    expect(() => new ArgoRolloutsValidation({ kubernetesVersion: 'v1.33.2' })).not.toThrow();
    expect(() => new ArgoRolloutsValidation({ version: 1.9 } as any)).toThrow(/version must be a string, got 1.9.*Quote it/);
    expect(() => new ArgoRolloutsValidation({ version: '2.0.0' })).toThrow(/"2.0.0" is not supported; use one of .*1\.9\.1/);
    expect(() => new ArgoRolloutsValidation({ skipRules: 'V34' } as any)).toThrow(/skipRules must be a list/);
    expect(() => new ArgoRolloutsValidation({ skipRules: ['setWeight'] })).toThrow(/"setWeight", which is not a rule ID/);
    expect(() => new ArgoRolloutsValidation({ refs: false } as any)).toThrow(/unknown property "refs". Use version, kubernetesVersion, references, skipRules, warningsAsErrors/);
    expect(() => new ArgoRolloutsValidation({ references: 'no' } as any)).toThrow(/references must be true or false, got "no"/);
    expect(() => new ArgoRolloutsValidation(null as any)).not.toThrow();
  });
});
