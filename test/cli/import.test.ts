import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { ImportCommandIo, main } from '../../src/cli/import';
import { testUpstream, UPSTREAM_DIR } from '../util';

/** Runs the command in this process; returns its exit status, output and the files it wrote. */
async function importCli(args: string[], stdin: string = ''): Promise<{ code: number; stdout: string; stderr: string; files: Map<string, string> }> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: ImportCommandIo = {
    stdout: t => {
      stdout += t;
    },
    stderr: t => {
      stderr += t;
    },
    readStdin: () => stdin,
    writeFile: (f, t) => files.set(f, t),
  };
  const code = await main(args, io);
  return { code, stdout, stderr, files };
}

const ROLLOUT = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'web' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80, name: 'http' }] }] } },
    strategy: {
      canary: {
        stableService: 'web-stable',
        canaryService: 'web-canary',
        steps: [{ setWeight: 20 }, { pause: { duration: '1m' } }, { setWeight: 50 }, { pause: { duration: '1m' } }],
      },
    },
  },
};

const SERVICE = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http', name: 'http' }] },
});

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const yaml = (...docs: any[]) => docs.map(d => YAML.stringify(d)).join('---\n');

describe('argo-rollouts-import', () => {
  test('a folder: the Services it holds are defined by the Rollout; the module goes to stdout, the summary to stderr', async () => {
    // GIVEN a Rollout and its Services in two files of a folder
    const dir = tempDir({ 'a/rollout.yaml': yaml(ROLLOUT), 'b/services.yml': yaml(SERVICE('web-stable'), SERVICE('web-canary')) });
    // WHEN
    const r = await importCli(['--chart-name', 'WebChart', dir]);
    // THEN
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('export class WebChart extends Chart {');
    expect(r.stdout).toContain("stableService: StrategyService.define({ name: 'web-stable' })");
    expect(r.stdout).toContain('...CanaryStep.progression({ weights: [20, 50], pause: Duration.minutes(1) })');
    expect(r.stdout).toContain("new WebChart(app, 'web');");
    expect(r.stderr).toBe([
      'argo-rollouts-import: 3 objects; 1 of Argo Rollouts kinds, 1 of them through the L2 API alone (100%)',
      '  2 Services defined by their Rollout (StrategyService.define)',
      '',
    ].join('\n'));
  });

  test('standard input, and --out: the module is written to the file', async () => {
    const r = await importCli(['--out', 'out.ts', '-'], yaml(ROLLOUT));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.files.get('out.ts')).toContain("StrategyService.fromServiceName('web-canary')");
  });

  test('exit 1 when a document cannot be represented', async () => {
    const r = await importCli(['-'], `${yaml(ROLLOUT)}---\n- not\n- an object\n`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('could not be represented: document 2: not a Kubernetes object (it needs apiVersion and kind): cannot be represented');
  });

  test('the reasons of every escape hatch are in the summary', async () => {
    const rollout = { ...ROLLOUT, spec: { ...ROLLOUT.spec, template: { ...ROLLOUT.spec.template, spec: { ...ROLLOUT.spec.template.spec, priorityClassName: 'high' } } } };
    const r = await importCli(['-'], yaml(rollout));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe([
      'argo-rollouts-import: 1 objects; 1 of Argo Rollouts kinds, 0 of them through the L2 API alone (0%)',
      '  Rollout/web: L2 with JSON patches',
      '    - a pod spec field that the importer does not map to cdk8s-plus props',
      '',
    ].join('\n'));
  });

  testUpstream('an install manifest: its objects are declared by ArgoRollouts, the summary says so', async () => {
    const r = await importCli([path.join(UPSTREAM_DIR, 'v1.9.1', 'namespace-install.yaml')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('10 objects of the Argo Rollouts install declared by ArgoRollouts / ArgoRolloutsCrds');
  });

  test.each([
    [['--help'], 0, 'Usage: argo-rollouts-import'],
    [[], 2, 'no PATH given'],
    [['--frobnicate', 'x.yaml'], 2, 'unknown option --frobnicate'],
    [['--out'], 2, '--out needs a value'],
    [['--version', '1.7.0', '-'], 2, '--version "1.7.0" is not supported; use one of 1.10.0-rc1, 1.9.1, 1.8.4, 1.8.3 (the default is 1.9.1).'],
    [['--help'], 0, '--version V      Argo Rollouts release the objects are checked against, and which the module pins'],
    [['--chart-name', 'my-chart', '-'], 2, "--chart-name 'my-chart' is not a class name"],
    [['/no/such/file.yaml'], 2, 'cannot read /no/such/file.yaml: no such file or folder.'],
  ])('%j: exit %d', async (args, code, text) => {
    const r = await importCli(args as string[], yaml(ROLLOUT));
    expect(r.code).toBe(code);
    expect(r.stdout + r.stderr).toContain(text);
  });
});
