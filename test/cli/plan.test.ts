import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { main, PlanCommandIo } from '../../src/cli/plan';
import { blueGreenExample, gettingStartedCanary, migration } from '../plan/fixtures';

const ROOT = path.join(__dirname, '..', '..');

/** Runs the command in this process; returns its exit status and output. */
function plan(args: string[], stdin: string | Uint8Array = ''): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: PlanCommandIo = { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => stdin };
  const code = main(args, io);
  return { code, stdout, stderr };
}

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-cli-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const yaml = (...docs: any[]) => docs.map(d => YAML.stringify(d)).join('---\n');

describe('argo-rollouts-plan', () => {
  test('text for a file: the table of the worked example', () => {
    const dir = tempDir({ 'app.yaml': yaml(gettingStartedCanary()) });
    const r = plan([path.join(dir, 'app.yaml')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Rollout rollouts-demo: basic canary, 5 replicas, maxSurge 2, maxUnavailable 1 (Argo Rollouts 1.9.1)');
    expect(r.stdout).toMatch(/^0 {2}setWeight: 20 {2,}20% {2,}4 {2,}1 /m);
  });

  test('a folder: every Rollout, with the other manifests of all files (workloadRef Deployment)', () => {
    const [rollout, deployment] = migration('onsuccess');
    const dir = tempDir({ 'a/rollout.yaml': yaml(rollout), 'b/deployment.yml': yaml(deployment), 'c/bg.json': JSON.stringify(blueGreenExample()), 'notes.txt': 'ignored' });
    const r = plan(['--format', 'json', dir]);
    expect(r.code).toBe(0);
    const plans = JSON.parse(r.stdout);
    expect(plans.map((p: any) => p.name)).toEqual(['web', 'rollout-bluegreen']);
    expect(plans[0].migration.workloadReplicas).toBe(4);
    expect(plans[0].podResources.cpuMillicores).toBe(500);
  });

  test('- reads standard input; a List is unpacked; markdown', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [blueGreenExample()] };
    const r = plan(['--format=markdown', '-'], yaml(list));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^### Rollout rollout-bluegreen: blue-green, 2 replicas/);
    expect(r.stdout).toContain('| - | preview (2 pods) | 0% | 2 | 2 | 0 | 4 | 4 |');
  });

  test('--version selects the arithmetic', () => {
    const ro = gettingStartedCanary();
    ro.spec.replicas = 3;
    ro.spec.strategy.canary = { trafficRouting: { nginx: { stableIngress: 'x' } }, minPodsPerReplicaSet: 5, steps: [{ setWeight: 10 }] };
    const canaryPods = (version: string) => JSON.parse(plan(['--format', 'json', '--version', version, '-'], yaml(ro)).stdout)[0].steps[0].canaryPods;
    expect(canaryPods('1.9.1')).toBe(5);
    expect(canaryPods('v1.10.0-rc1')).toBe(3);
  });

  test('svg draws one Rollout: --rollout chooses it, several without it is bad usage', () => {
    const input = yaml(gettingStartedCanary(), blueGreenExample());
    const several = plan(['--format', 'svg', '-'], input);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('--format svg draws one Rollout, and 2 were found (rollouts-demo, rollout-bluegreen). Choose one with --rollout NAME.');
    const one = plan(['--format', 'svg', '--rollout', 'rollout-bluegreen', '-'], input);
    expect(one.code).toBe(0);
    expect(one.stdout.startsWith('<svg ')).toBe(true);
    expect(one.stdout).toContain('rollout-bluegreen: blue-green');
  });

  test('exit 1: no Rollout, or a Rollout that cannot be planned', () => {
    const none = plan(['-'], yaml({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no Rollout (apiVersion argoproj.io/v1alpha1, kind Rollout) in -');
    const noStrategy = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', metadata: { name: 'x' }, spec: {} };
    const bad = plan(['-'], yaml(noStrategy, gettingStartedCanary()));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('<stdin> (document 1): Rollout "x" has neither spec.strategy.canary nor spec.strategy.blueGreen');
    expect(bad.stdout).toContain('Rollout rollouts-demo'); // the others are still planned
  });

  test('exit 2: bad usage, unreadable input, syntax errors', () => {
    expect(plan([]).code).toBe(2);
    expect(plan(['--format', 'html', 'x.yaml']).stderr).toContain('--format must be one of text, markdown, json, svg, not "html".');
    expect(plan(['--version', '1.7.0', 'x.yaml']).stderr).toContain('--version "1.7.0" is not supported; use one of 1.10.0-rc1, 1.9.1, 1.8.4, 1.8.3.');
    expect(plan(['--bogus', 'x.yaml']).code).toBe(2);
    const missing = plan([path.join(os.tmpdir(), 'no-such-plan-file.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or folder');
    const syntax = plan(['-'], 'kind: Rollout\n  bad: [');
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toMatch(/<stdin>:\d+:\d+: YAML syntax error/);
    const latin1 = plan(['-'], new Uint8Array([0x6b, 0x3a, 0x20, 0xe9, 0x0a]));
    expect(latin1.code).toBe(2);
    expect(latin1.stderr).toContain('Save the file as UTF-8');
  });

  test('--help', () => {
    const r = plan(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: argo-rollouts-plan \[--format text\|markdown\|json\|svg\]/);
  });

  test('as a process: the module runs itself, with exit statuses', () => {
    const dir = tempDir({ 'ok.yaml': yaml(gettingStartedCanary()) });
    const run = (...args: string[]) => spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'src', 'cli', 'plan.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8', input: yaml(blueGreenExample()) });
    const ok = run(path.join(dir, 'ok.yaml'), '-');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Rollout rollout-bluegreen');
    expect(run(path.join(dir, 'missing.yaml')).status).toBe(2);
    expect(fs.readFileSync(path.join(ROOT, 'bin', 'argo-rollouts-plan'), 'utf8')).toContain("require('../lib/cli/plan').run();");
  });
});
