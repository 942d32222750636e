import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as YAML from 'yaml';
import { main, PlanCommandIo } from '../../src/cli/plan';
import { blueGreenExample, gettingStartedCanary } from '../plan/fixtures';

/** Runs the command in this process; returns its exit status and output. */
function plan(args: string[], stdin = ''): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: PlanCommandIo = { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => stdin };
  return { code: main(args, io), stdout, stderr };
}

const yaml = (...docs: any[]) => docs.map(d => YAML.stringify(d)).join('---\n');

/** Two folders as `cdk8s synth` leaves them on two branches. */
function branches(base: Record<string, string>, head: Record<string, string>): { base: string; head: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-compare-'));
  for (const [side, files] of Object.entries({ base, head })) {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.join(root, side), { recursive: true });
      fs.writeFileSync(path.join(root, side, name), text);
    }
  }
  return { base: path.join(root, 'base'), head: path.join(root, 'head') };
}

/** The getting-started canary with 8 replicas instead of 5: more pods at the peak (5 → 9), the same time. */
function moreReplicas(): any {
  const m = gettingStartedCanary();
  m.spec.replicas = 8;
  return m;
}

describe('argo-rollouts-plan --base', () => {
  test('text: the summary, the figures of a changed Rollout, an unchanged one by name', () => {
    const bg = blueGreenExample();
    const bgNewImage = blueGreenExample();
    bgNewImage.spec.template.spec.containers[0].image = 'argoproj/rollouts-demo:green';
    const dirs = branches({ 'app.k8s.yaml': yaml(gettingStartedCanary(), bg) }, { 'app.k8s.yaml': yaml(moreReplicas(), bgNewImage) });
    const r = plan(['--base', dirs.base, dirs.head]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Rollout plans: 1 changed, 1 unchanged\n/);
    expect(r.stdout).toContain('Rollout rollout-bluegreen: unchanged (the plan is the same)');
    expect(r.stdout).toMatch(/^ {2}peak pods +5 +9 +\+4$/m);
    expect(r.stdout).toContain('  replicas 5 → 8');
  });

  test('markdown for a pull-request comment, json with the stable shape', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary()) }, { 'a.yaml': yaml(moreReplicas()) });
    const md = plan(['--format', 'markdown', '--base', dirs.base, dirs.head]);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^<!-- argo-rollouts-plan --base -->\n### Rollout plans: 1 changed\n/);
    expect(md.stdout).toContain('| peak pods | 5 | 9 | **+4** |');
    const json = plan(['--format=json', `--base=${dirs.base}`, dirs.head]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.summary).toEqual({ added: 0, removed: 0, changed: 1, unchanged: 0 });
    expect(parsed.rollouts[0].figures[0]).toEqual({ figure: 'peak', base: 5, head: 9, delta: 4 });
  });

  test('--fail-on: exit 1 and say which Rollout grows, old → new; exit 0 when the named figures do not grow', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary()) }, { 'a.yaml': yaml(moreReplicas()) });
    const grows = plan(['--base', dirs.base, '--fail-on', 'time,peak', '--fail-on', 'memory', dirs.head]);
    expect(grows.code).toBe(1);
    expect(grows.stdout).toContain('Rollout plans: 1 changed');
    expect(grows.stderr).toBe('argo-rollouts-plan: --fail-on peak: peak grows for rollouts-demo (5 → 9).\n'
      + 'argo-rollouts-plan: --fail-on memory: memory grows for rollouts-demo (1.25Gi → 2.25Gi).\n');
    const same = plan(['--base', dirs.base, '--fail-on', 'time,promotions', dirs.head]);
    expect(same.code).toBe(0);
    expect(same.stderr).toBe('');
  });

  test('--fail-on peak: a new Rollout counts as growth from nothing', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary()) }, { 'a.yaml': yaml(gettingStartedCanary(), blueGreenExample()) });
    const r = plan(['--base', dirs.base, '--fail-on', 'peak', dirs.head]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('argo-rollouts-plan: --fail-on peak: peak grows for rollout-bluegreen (new → 4).\n');
    expect(r.stdout).toContain('Rollout rollout-bluegreen: added');
  });

  test('svg: the traffic over time of the one changed Rollout, base and head', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary(), blueGreenExample()) }, { 'a.yaml': yaml(moreReplicas(), blueGreenExample()) });
    const r = plan(['--format', 'svg', '--base', dirs.base, dirs.head]);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<svg ')).toBe(true);
    expect(r.stdout).toContain('Rollout rollouts-demo: changed');
    expect(r.stdout).toContain('peak pods 5 → 9');
    const chosen = plan(['--format', 'svg', '--rollout', 'rollout-bluegreen', '--base', dirs.base, dirs.head]);
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toContain('Rollout rollout-bluegreen: unchanged');
  });

  test('several base paths, and the head from standard input', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary()), 'b.yaml': yaml(blueGreenExample()) }, {});
    const r = plan(['--base', path.join(dirs.base, 'a.yaml'), '--base', path.join(dirs.base, 'b.yaml'), '-'], yaml(gettingStartedCanary()));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Rollout plans: 1 removed, 1 unchanged\n/);
  });

  test('bad usage: exit 2 with what to do', () => {
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary()) }, { 'a.yaml': yaml(gettingStartedCanary()) });
    const unknown = plan(['--base', dirs.base, '--fail-on', 'pods', dirs.head]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--fail-on "pods" is not a figure of a comparison; use one or more of peak, cpu, memory, time, promotions, abort.');
    const noBase = plan(['--fail-on', 'peak', dirs.head]);
    expect(noBase.code).toBe(2);
    expect(noBase.stderr).toContain('--fail-on compares a base with a head: give the base manifests with --base PATH.');
    const svg = plan(['--format', 'svg', '--base', dirs.base, dirs.head]);
    expect(svg.code).toBe(2);
    expect(svg.stderr).toBe('argo-rollouts-plan: --format svg with --base draws one Rollout, and 0 changed. Choose one with --rollout NAME.\n');
    const stdinTwice = plan(['--base', '-', '-']);
    expect(stdinTwice.code).toBe(2);
    expect(stdinTwice.stderr).toBe('argo-rollouts-plan: standard input (-) can be the base or the head, not both.\n');
    const missing = plan(['--base', path.join(dirs.base, 'nothing.yaml'), dirs.head]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^argo-rollouts-plan: base: .*nothing\.yaml/);
  });

  test('no Rollout on either side: exit 1, saying where it looked', () => {
    const dirs = branches({ 'a.yaml': yaml({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }) }, { 'a.yaml': '' });
    const r = plan(['--base', dirs.base, dirs.head]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`in the base (${dirs.base}) or the head (${dirs.head})`);
  });

  test('a Rollout that cannot be planned: left out of both sides (not "removed"), the others compared, exit 1, the file named', () => {
    const broken = gettingStartedCanary();
    delete broken.spec.strategy;
    const dirs = branches({ 'a.yaml': yaml(gettingStartedCanary(), blueGreenExample()) }, { 'a.yaml': yaml(broken, blueGreenExample()) });
    const r = plan(['--base', dirs.base, dirs.head]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^argo-rollouts-plan: head: .*a\.yaml \(document 1\): Rollout "rollouts-demo" has neither spec.strategy.canary nor/);
    expect(r.stderr).toContain('argo-rollouts-plan: not compared, as a side could not be planned: rollouts-demo.\n');
    expect(r.stdout).toBe('Rollout plans: 1 unchanged\n\nRollout rollout-bluegreen: unchanged (the plan is the same)\n');
  });

  test('--help names --base and --fail-on', () => {
    const r = plan(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('argo-rollouts-plan --base PATH [--base PATH...] [--fail-on FIGURE,...]');
    expect(r.stdout).toContain('peak, cpu, memory, time, promotions, abort');
  });
});
