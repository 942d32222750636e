// The commands on odd input: paths that are not regular files, JSON nested too deep, huge values.
import { execFileSync, spawnSync } from 'child_process';
import * as path from 'path';
import { K8S, lint, tempDir } from './lint-helpers';
import { MAX_NESTING_DEPTH } from '../../src/validation/private/yaml';

const ROOT = path.join(__dirname, '..', '..');

const ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: "nginx:1.27"}]}
  strategy: {canary: {steps: [{setWeight: 20}, {pause: {}}]}}
`;

/**
 * Runs the three commands on each path in a child process, so that a command that opened a named
 * pipe (and waited for a writer forever) or read /dev/zero (which never ends) fails the test by its
 * time limit instead of hanging the test run.
 */
function runCommands(paths: string[]): Array<{ command: string; path: string; code: number; stderr: string }> {
  const script = `(async () => {
    const results = [];
    for (const command of ['lint', 'plan', 'import']) {
      const { main } = require(${JSON.stringify(path.join(ROOT, 'src', 'cli'))} + '/' + command);
      for (const p of ${JSON.stringify(paths)}) {
        let stderr = '';
        const code = await main([p], { stdout: () => undefined, stderr: t => { stderr += t; }, readStdin: () => '' });
        results.push({ command, path: p, code, stderr });
      }
    }
    process.stdout.write(JSON.stringify(results));
  })();`;
  const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 120000 });
  expect(run.signal).toBeNull(); // killed at the time limit: a command waited on its input
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

describe('paths that are not regular files', () => {
  const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

  (hasMkfifo ? test : test.skip)('a named pipe, /dev/zero and /dev/null are refused with exit 2 by every command, without reading them', () => {
    const dir = tempDir({ 'app.yaml': ROLLOUT });
    const fifo = path.join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const results = runCommands([fifo, '/dev/zero', '/dev/null']);
    expect(results.map(r => [r.command, r.path, r.code])).toEqual(['lint', 'plan', 'import'].flatMap(command =>
      [[command, fifo, 2], [command, '/dev/zero', 2], [command, '/dev/null', 2]]));
    for (const r of results) {
      const what = r.path === fifo ? 'a named pipe (FIFO)' : 'a character device';
      expect(r.stderr).toBe(`argo-rollouts-${r.command}: ${r.path} is ${what}, not a regular file or a folder, so it is not read `
        + '(a pipe may wait for a writer and a device may never end). Give a file or a folder; to check what a program writes, '
        + 'pipe it to the command and give - as the PATH.\n');
    }
    // a folder's search skips the pipe; standard input is still read
    expect(lint([dir])).toEqual({ code: 0, stdout: `No findings: 1 file checked against Argo Rollouts 1.9.1 and Kubernetes ${K8S}.\n`, stderr: '' });
    expect(lint(['-'], ROLLOUT).code).toBe(0);
  }, 150000);
});

/** `levels` lists inside one another around a number, as JSON (and YAML: the same text). */
function nested(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
}

describe('nesting', () => {
  const reason = `a value is nested ${MAX_NESTING_DEPTH} levels deep (maps and lists inside one another, the top value being level 1); `
    + 'the reader accepts fewer, and no manifest needs that many. Check that this is the file you meant to lint, or write the data with fewer levels.';

  test('JSON nested 1,000 levels deep is refused with the limit, the file, line and column, and the document and path', () => {
    const dir = tempDir({ 'deep.json': `[\n  {"kind": "ConfigMap", "data": {"x": ${nested(1000)}}}\n]\n` });
    const file = path.join(dir, 'deep.json');
    const result = lint([file]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    // the top list is level 1, the object 2, data's object 3, x's list 4: the 97th list of x is level 100
    const column = 3 + '{"kind": "ConfigMap", "data": {"x": '.length + 96;
    const where = `data.x${'[0]'.repeat(96)}`; // (longer than 200 characters: cut)
    expect(result.stderr).toBe(`argo-rollouts-lint: ${file}:2:${column}: JSON nesting too deep: document 0, at ${where.slice(0, 200)}… (${where.length} characters): ${reason}\n`);
  });

  test('JSON gets the limit YAML has: the same text is refused at the same depth by both readers', () => {
    const dir = tempDir({ 'ok.json': nested(MAX_NESTING_DEPTH - 2), 'deep.json': nested(MAX_NESTING_DEPTH - 1), 'object.json': `{"a": ${nested(MAX_NESTING_DEPTH - 2)}}` });
    // (a document that is a list of lists is no manifest: the engine skips it, so a file that is read gives no findings)
    expect(lint([path.join(dir, 'ok.json')]).code).toBe(0);
    expect(lint(['-'], nested(MAX_NESTING_DEPTH - 2)).code).toBe(0);
    const json = lint([path.join(dir, 'deep.json')]);
    const yaml = lint(['-'], nested(MAX_NESTING_DEPTH - 1));
    expect([json.code, yaml.code]).toEqual([2, 2]);
    // the number inside 99 lists is level 100, at column 100 of both
    const where = '[0]'.repeat(MAX_NESTING_DEPTH - 2); // (longer than 200 characters: cut)
    expect(json.stderr).toBe(`argo-rollouts-lint: ${path.join(dir, 'deep.json')}:1:${MAX_NESTING_DEPTH}: JSON nesting too deep: document 0, `
      + `at ${where.slice(0, 200)}… (${where.length} characters): ${reason}\n`);
    expect(yaml.stderr).toBe(`argo-rollouts-lint: <stdin>:1:${MAX_NESTING_DEPTH}: YAML nesting too deep: ${reason}\n`);
    expect(lint([path.join(dir, 'object.json')])).toMatchObject({ code: 2, stderr: expect.stringContaining(`object.json:1:${7 + MAX_NESTING_DEPTH - 2}: JSON nesting too deep: document 0, at a`) });
  });
});

describe('huge values', () => {
  const big = 'a'.repeat(10 * 1024 * 1024);
  const spaced = 'ab c'.repeat(256 * 1024); // 1 MiB with spaces

  test('a 10 MB value is shown as its first 200 characters and its length, in every finding and both formats', () => {
    const dir = tempDir({
      'big.yaml': ROLLOUT.replace('name: web}', `name: ${big}}`).replace('image: "nginx:1.27"', `image: "${big}", imagePullPolicy: ${big}`)
        .replace('{setWeight: 20}', `{setWeight: ${big}}`).replace('  selector:', `  ${big}: 1\n  selector:`)
        .replace('steps:', `stableService: "${spaced}", steps:`),
    });
    const file = path.join(dir, 'big.yaml');
    const text = lint([file]);
    expect(text.code).toBe(1);
    expect(text.stdout.length).toBeLessThan(20000);
    const cut = `${'a'.repeat(200)}… (10,485,760 characters)`;
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines.slice(0, -1)) {
      expect(line).toContain(`:1 (document 0) Rollout/${cut} `);
    }
    expect(text.stdout).toContain(`spec["${'a'.repeat(200)}…" (10,485,760 characters)]`); // the unknown field's path
    const json = lint(['--format', 'json', file]);
    expect(json.stdout.length).toBeLessThan(40000);
    const findings = JSON.parse(json.stdout);
    expect(findings.every((f: any) => f.name === cut)).toBe(true);
    expect(findings.every((f: any) => f.message.length < 2000 && f.fix.length < 2000 && f.path.length < 300)).toBe(true);
  });

  test('a syntax error does not echo a huge name either', () => {
    const result = lint(['-'], `a: *${big}\n`);
    expect(result.code).toBe(2);
    expect(result.stderr.length).toBeLessThan(1000);
    expect(result.stderr).toContain(`${'a'.repeat(100)}`);
    expect(result.stderr).toContain('(10,485,76');
  });
});
