import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { K8S, lint, tempDir } from './lint-helpers';
import { EXAMPLES } from '../../examples';
import { Linter } from '../../src/validation/linter';
import { testUpstream, UPSTREAM_DIR } from '../util';

const ROOT = path.join(__dirname, '..', '..');
const UPSTREAM_EXAMPLES = path.join(UPSTREAM_DIR, 'examples');


function rollout(name: string, extra = ''): string {
  return `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
  strategy:
    canary:
      steps: [{setWeight: 20}, {pause: {}}]${extra}
`;
}

/** A Rollout with one schema error (S03) whose name tells where it came from. */
const bad = (name: string) => rollout(name).replace('setWeight: 20', 'setWeight: "20"');

describe('argo-rollouts-lint', () => {
  test('exit 0 and a summary for valid files', () => {
    const dir = tempDir({ 'app.yaml': rollout('web') });
    const result = lint([path.join(dir, 'app.yaml')]);
    expect(result).toEqual({ code: 0, stdout: `No findings: 1 file checked against Argo Rollouts 1.9.1 and Kubernetes ${K8S}.\n`, stderr: '' });
  });

  test('exit 1 and one line per finding: file:line (document N) kind/name path [ID] message Fix: fix', () => {
    const dir = tempDir({ 'app.yaml': `${rollout('ok')}---\n${bad('web')}` });
    const file = path.join(dir, 'app.yaml');
    const result = lint([file]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}:${rollout('ok').split('\n').length + 1} \\(document 1\\) Rollout/web spec\\.strategy\\.canary\\.steps\\[0\\]\\.setWeight \\[S03\\] .+ Fix: .+`));
    expect(lines[1]).toBe(`1 finding in 1 document: 1 file checked against Argo Rollouts 1.9.1 and Kubernetes ${K8S}.`);
    expect(result.stderr).toBe('');
  });

  test('--format json prints an array of findings', () => {
    const dir = tempDir({ 'app.yaml': `# header\n---\n${bad('web').replace('name: web', 'name: web\n  namespace: shop')}` });
    const file = path.join(dir, 'app.yaml');
    const result = lint(['--format', 'json', file]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([{
      ruleId: 'S03',
      file,
      documentIndex: 0,
      line: 3,
      kind: 'Rollout',
      name: 'web',
      namespace: 'shop',
      path: 'spec.strategy.canary.steps[0].setWeight',
      message: expect.stringContaining('"20"'),
      fix: expect.stringContaining('without quotes'),
      severity: 'error', // issue 10: every row says how serious it is
    }]);
    expect(lint(['--format=json', path.join(tempDir({ 'ok.yaml': rollout('ok') }), 'ok.yaml')])).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  test('folders are searched recursively for *.yaml, *.yml and *.json in sorted order', () => {
    const dir = tempDir({
      'b.yaml': bad('b'),
      'a/y.json': JSON.stringify(YAML.parse(bad('a-y'))),
      'a/x.yml': bad('a-x'),
      'a/notes.txt': bad('ignored-txt'),
      'c/d/e.YAML': bad('c-d-e'),
      '.git/f.yaml': bad('ignored-hidden'),
      'node_modules/g.yaml': bad('ignored-modules'),
    });
    const result = lint(['--format', 'json', dir]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).map((f: any) => [path.relative(dir, f.file), f.name])).toEqual([
      [path.join('a', 'x.yml'), 'a-x'],
      [path.join('a', 'y.json'), 'a-y'],
      ['b.yaml', 'b'],
      [path.join('c', 'd', 'e.YAML'), 'c-d-e'],
    ]);
  });

  test('cross-references resolve across the given files; --no-refs skips missing objects', () => {
    const withServices = rollout('web', '\n      stableService: web-stable\n      canaryService: web-canary');
    const service = (name: string, app = 'web') => `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}}\nspec:\n  selector: {app: ${app}}\n  ports: [{port: 80}]\n`;
    const dir = tempDir({ 'rollout.yaml': withServices, 'services.yaml': `${service('web-stable')}---\n${service('web-canary', 'other')}` });
    const both = lint([path.join(dir, 'rollout.yaml'), path.join(dir, 'services.yaml')]);
    expect(both.code).toBe(1);
    expect(both.stdout).toContain('[V48]'); // the canary Service in the other file selects other pods
    expect(both.stdout).not.toContain('[V47]');
    const alone = lint([path.join(dir, 'rollout.yaml')]);
    expect(alone.stdout.match(/\[V47\]/g)).toHaveLength(2);
    expect(lint(['--no-refs', path.join(dir, 'rollout.yaml')]).code).toBe(0);
  });

  test('--version 1.8.3 checks against the v1.8.3 schema', () => {
    const dir = tempDir({ 'app.yaml': rollout('web', '\n      replicaProgressThreshold: {type: Percent, value: 90}') });
    const file = path.join(dir, 'app.yaml');
    expect(lint([file]).code).toBe(0);
    const old = lint(['--version', '1.8.3', file]);
    expect(old.code).toBe(1);
    expect(old.stdout).toContain('spec.strategy.canary.replicaProgressThreshold [S06]');
    expect(old.stdout).toContain('checked against Argo Rollouts 1.8.3');
    expect(lint(['--version=v1.8.3', file]).code).toBe(1);
  });

  test('every release of the version table: 1.10.0-rc1 has Datadog requestTimeout, and the help lists them all', () => {
    const template = [
      'apiVersion: argoproj.io/v1alpha1', 'kind: AnalysisTemplate', 'metadata: {name: dd}', 'spec:', '  metrics:',
      '    - name: errors', '      provider: {datadog: {query: "sum:errors{*}", requestTimeout: 30s}}', '',
    ].join('\n');
    const file = path.join(tempDir({ 'dd.yaml': template }), 'dd.yaml');
    expect(lint([file]).stdout).toContain('[S06]');
    expect(lint(['--version', '1.10.0-rc1', file])).toEqual({ code: 0, stdout: `No findings: 1 file checked against Argo Rollouts 1.10.0-rc1 and Kubernetes ${K8S}.\n`, stderr: '' });
    expect(lint(['--help']).stdout).toContain('[--version 1.10.0-rc1|1.9.1|1.8.4|1.8.3]');
  });

  test('--kubernetes-version: the pod fields and pod rules of the cluster\'s Kubernetes version', () => {
    // GIVEN a Rollout with a sidecar init container (its restartPolicy is in Kubernetes 1.28 and later)
    const sidecar = rollout('web').replace('containers: [{name: app, image: nginx:1.27}]',
      'containers: [{name: app, image: nginx:1.27}]\n      initContainers: [{name: proxy, image: envoy:1.30, restartPolicy: Always}]');
    const file = path.join(tempDir({ 'app.yaml': sidecar }), 'app.yaml');
    // WHEN
    const old = lint(['--kubernetes-version', '1.27', file]);
    const current = lint(['--kubernetes-version=v1.32.4', file]);
    // THEN
    expect(old.code).toBe(1);
    expect(old.stdout).toContain(`${file}:1 (document 0) Rollout/web spec.template.spec.initContainers[0].restartPolicy [S09] Kubernetes 1.27 has no field `);
    expect(old.stdout).toContain('Fix: Remove "restartPolicy"; or, if the cluster runs Kubernetes 1.32 or later, check against that version');
    expect(old.stdout).toContain('1 finding in 1 document: 1 file checked against Argo Rollouts 1.9.1 and Kubernetes 1.27.');
    expect(current).toEqual({ code: 0, stdout: 'No findings: 1 file checked against Argo Rollouts 1.9.1 and Kubernetes 1.32.\n', stderr: '' });
    expect(lint(['--format', 'json', '--kubernetes-version', '1.27', file]).stdout).toContain('"ruleId": "S09"');
    expect(lint(['--help']).stdout).toContain('[--kubernetes-version 1.27|1.32|1.33|1.34]');
  });

  test('--kubernetes-version with a version the engine has no pod rules for is a usage error naming the supported ones', () => {
    const result = lint(['--kubernetes-version', '1.30', '-'], rollout('x'));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^argo-rollouts-lint: The Kubernetes version "1.30" is not one that the rule engine checks pod templates against; use one of 1.27, 1.32, 1.33, 1.34/);
    expect(result.stderr).toContain('Usage: argo-rollouts-lint');
    expect(lint(['--kubernetes-version', 'latest', '-'], rollout('x')).code).toBe(2);
    expect(lint(['--kubernetes-version'], rollout('x')).code).toBe(2);
  });

  test('- reads standard input', () => {
    expect(lint(['-'], bad('piped')).stdout).toMatch(/^<stdin>:1 \(document 0\) Rollout\/piped /);
    expect(lint(['-'], rollout('piped')).code).toBe(0);
  });

  describe('exit 2: bad usage or unreadable input', () => {
    test('a missing file', () => {
      const result = lint(['/nonexistent/app.yaml']);
      expect(result).toEqual({ code: 2, stdout: '', stderr: 'argo-rollouts-lint: cannot read /nonexistent/app.yaml: no such file or folder.\n' });
    });

    test('a YAML syntax error names the file and line', () => {
      const dir = tempDir({ 'broken.yaml': `${rollout('ok')}---\nkind: Rollout\nmetadata:\n  name: [broken\nspec: {}\n` });
      const file = path.join(dir, 'broken.yaml');
      const result = lint([file]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^argo-rollouts-lint: ${file.replace(/[.\\/]/g, '\\$&')}:20:1: YAML syntax error: `));
    });

    test('a JSON syntax error names the file and line', () => {
      const dir = tempDir({ 'broken.json': '{\n  "kind": "Rollout",\n  "spec": {,}\n}\n' });
      expect(lint([dir]).stderr).toMatch(/broken\.json:3:12: JSON syntax error: /);
    });

    test('usage errors', () => {
      for (const args of [[], ['--format', 'xml', 'x'], ['--version'], ['--frobnicate', 'x'], ['--no-refs=1', 'x']]) {
        const result = lint(args);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('Usage: argo-rollouts-lint');
      }
      expect(lint(['--version', '1.7.0', '-'], rollout('x')).stderr).toContain('not supported');
    });
  });

  test('--help', () => {
    const result = lint(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--no-refs');
  });

  testUpstream('every upstream example passes, linted as one folder (but the notification example\'s N09, see upstream-examples.test.ts)', () => {
    const result = lint([UPSTREAM_EXAMPLES]);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, -1).map(l => /(notifications__rollout-canary\.yaml):\d+ \(document \d+\) Rollout\/rollout-canary .*\[(N09)\]/.exec(l)?.slice(1)))
      .toEqual(Array(4).fill(['notifications__rollout-canary.yaml', 'N09']));
    expect(lines[lines.length - 1]).toMatch(/^4 findings in 1 document: \d+ files checked/);
    expect(result.code).toBe(1);
  });

  test('runs as a process with the documented exit codes', () => {
    const dir = tempDir({ 'ok.yaml': rollout('ok'), 'bad.yaml': bad('bad') });
    const run = (...args: string[]) => spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'src', 'cli', 'lint.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8', input: rollout('piped') });
    expect(run(path.join(dir, 'ok.yaml'), '-').status).toBe(0);
    const findings = run(dir);
    expect(findings.status).toBe(1);
    expect(findings.stdout).toContain('[S03]');
    expect(run(path.join(dir, 'missing.yaml')).status).toBe(2);
  });

  test('the bin script runs the compiled command', () => {
    const bin = fs.readFileSync(path.join(ROOT, 'bin', 'argo-rollouts-lint'), 'utf8');
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin).toContain("require('../lib/cli/lint').run()");
  });
});

describe('the library\'s example apps', () => {
  test.each(EXAMPLES.map(e => e.name))('%s: every emitted manifest passes the linter (CRD schema, strict decoding, plugin configuration and controller rules)', name => {
    const app = Testing.app();
    const manifests = EXAMPLES.find(e => e.name === name)!.define(app).flatMap(chart => Testing.synth(chart));
    expect(Linter.lintManifests(manifests).map(f => Linter.formatFinding(f))).toEqual([]);
  });
});

describe('hostile input', () => {
  /** Ten levels of nine aliases: about 3.5 billion values from a few hundred bytes. */
  function aliasBomb(indent: string): string {
    const lines = [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
    for (let i = 1; i < 10; i++) {
      lines.push(`${indent}a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    }
    return lines.join('\n');
  }

  test('an alias bomb in a plugin configuration is refused at once (C04), not expanded', () => {
    const configMap = `apiVersion: v1
kind: ConfigMap
metadata:
  name: argo-rollouts-config
data:
  trafficRouterPlugins: |
    - name: argoproj-labs/gatewayAPI
      location: https://example.com/plugin
      config:
${aliasBomb('        ')}
        all: *a9
`;
    const dir = tempDir({ 'config.yaml': configMap });
    // (without the limit this runs for minutes: jest's test timeout fails it)
    const result = lint([path.join(dir, 'config.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[C04]');
    expect(result.stdout).toContain('excessive aliasing');
  });

  test('an alias bomb in a manifest: exit 2 naming the file, at once', () => {
    const dir = tempDir({ 'bomb.yaml': `${rollout('bomb')}  x:\n${aliasBomb('    ')}\n  replicas: *a9\n` });
    const result = lint([path.join(dir, 'bomb.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${path.join(dir, 'bomb.yaml').replace(/[.\\/]/g, '\\$&')}:1:1: YAML syntax error: excessive aliasing`));
  });

  test('an alias inside the node it refers to: exit 2', () => {
    const dir = tempDir({ 'cycle.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: &d {x: *d}\n' });
    const result = lint([path.join(dir, 'cycle.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('an alias refers to a node that contains the alias');
  });

  test('aliases that repeat a block a few times are fine', () => {
    const text = rollout('anchors').replace('containers: [{name: app, image: nginx:1.27}]',
      'containers: [&c {name: app, image: nginx:1.27, env: &env [{name: A, value: "1"}, {name: B, value: "2"}]}]\n      initContainers: [{name: init, image: busybox:1.36, env: *env}]');
    expect(lint(['-'], text)).toMatchObject({ code: 0, stderr: '' });
  });

  test('a file that is not valid UTF-8: exit 2 with the file, the offset, line and column', () => {
    const dir = tempDir({});
    const file = path.join(dir, 'latin1.yaml');
    const text = rollout('bytes').replace('image: nginx:1.27', 'image: nginx:1.27, args: ["caf\u00e9", "X"]');
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf(Buffer.from('X"'));
    bytes[at] = 0xe9; // a Latin-1 é on its own
    fs.writeFileSync(file, bytes);
    const line = text.slice(0, text.indexOf('X"')).split('\n').length;
    const column = text.slice(0, text.indexOf('X"')).split('\n').pop()!.length + 1;
    const result = lint([file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`argo-rollouts-lint: ${file}:${line}:${column}: not valid UTF-8: byte 0xe9 at offset ${at} `
      + `(line ${line}, column ${column}) does not start or continue a UTF-8 character. Save the file as UTF-8 (kubectl refuses it as it is).\n`);
    // the same bytes on standard input
    expect(lint(['-'], bytes as any).stderr).toContain(`<stdin>:${line}:${column}: not valid UTF-8`);
    // valid multi-byte characters (the "é" of café) are fine
    bytes[at] = 0x58;
    fs.writeFileSync(file, bytes);
    expect(lint([file]).code).toBe(0);
  });
});

describe('argo-rollouts-lint warnings (issue 10)', () => {
  /** A Rollout whose step analysis passes an argument that its template does not declare (V53, a warning). */
  const withUndeclaredArg = `${rollout('warned').replace('steps: [{setWeight: 20}, {pause: {}}]',
    'steps: [{setWeight: 20}, {analysis: {templates: [{templateName: rates}], args: [{name: servce, value: web}]}}]')}---
apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: rates}
spec:
  metrics:
    - name: success-rate
      count: 1
      successCondition: result[0] >= 0.95
      provider: {prometheus: {address: http://prometheus:9090, query: sum(up)}}
`;

  test('warnings alone: labelled, counted, exit 0', () => {
    const result = lint(['-'], withUndeclaredArg);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[V53 warning] The step analysis passes argument "servce"');
    expect(result.stdout).toContain('1 finding (0 errors, 1 warning) in 1 document');
  });

  test('--warnings-as-errors and --strict make them exit 1', () => {
    expect(lint(['--warnings-as-errors', '-'], withUndeclaredArg).code).toBe(1);
    expect(lint(['--strict', '-'], withUndeclaredArg).code).toBe(1);
    expect(lint(['--help']).stdout).toContain('--warnings-as-errors');
  });

  test('an error next to a warning still exits 1', () => {
    const text = `${withUndeclaredArg}---\n${bad('broken')}`;
    const result = lint(['-'], text);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('2 findings (1 error, 1 warning) in 2 documents');
  });

  test('JSON output carries the severity', () => {
    const rows = JSON.parse(lint(['--format', 'json', '-'], `${withUndeclaredArg}---\n${bad('broken')}`).stdout);
    expect(rows.map((r: any) => [r.ruleId, r.severity])).toEqual([['V53', 'warning'], ['S03', 'error']]);
  });

  test('the Linter API gives the severity of every finding', () => {
    const findings = Linter.lintYaml(`${withUndeclaredArg}---\n${bad('broken')}`);
    expect(findings.map(f => f.severity)).toEqual(['warning', 'error']);
    expect(Linter.formatFinding(findings[0])).toContain('[V53 warning]');
    expect(Linter.formatFinding(findings[1])).toMatch(/\[S03\] /);
  });
});

describe('argo-rollouts-lint on an overlay folder (issue 10, items 7 and 13)', () => {
  const withServices = (label: string) => `${rollout('demo', '\n      canaryService: demo-canary\n      stableService: demo-stable').replace(/app: demo\}/g, `app: ${label}}`)}---
apiVersion: v1
kind: Service
metadata: {name: demo-canary}
spec: {selector: {app: ${label}}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: demo-stable}
spec: {selector: {app: ${label}}, ports: [{port: 80}]}
`;

  test('a base and an overlay with the same objects: each file resolves its own', () => {
    const dir = tempDir({ 'base/app.yaml': withServices('demo'), 'overlay/app.yaml': withServices('demo-v2') });
    expect(lint([dir])).toEqual({ code: 0, stdout: `No findings: 2 files checked against Argo Rollouts 1.9.1 and Kubernetes ${K8S}.\n`, stderr: '' });
  });

  test('the same object twice in one file is L05', () => {
    const dir = tempDir({ 'app.yaml': `${withServices('demo')}---\n${withServices('demo').split('---\n')[2]}` });
    const result = lint([path.join(dir, 'app.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/app\.yaml:29 \(document 3\) Service\/demo-stable metadata\.name \[L05\] /);
  });
});
