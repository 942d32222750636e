// Lint of one large file, part of `npm run bench` (and runnable alone: `ts-node bench/lint-memory.ts`):
// a YAML file of 100,000 canary Rollouts (about 35 MB: each a pod template with a container with
// ports and resources, and a few steps) written to a temp folder, linted by the compiled command
// (lib/cli/lint.js) in a fresh process, which reports its peak memory (process.resourceUsage().maxRSS).
// Targets: at most 15 s and 256 MB. The process runs `BENCH_NODE` when set, e.g. Node 22.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROLLOUTS = 100000;
const MAX_SECONDS = 15;
const MAX_MB = 256;

/** Rollout `i` of the file: about 350 bytes of YAML. */
function rollout(i: number): string {
  const app = `web${i}`;
  return `---
apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: ${app}}
spec:
  selector: {matchLabels: {app: ${app}}}
  template:
    metadata: {labels: {app: ${app}}}
    spec: {containers: [{name: app, image: web:1.${i % 7}, ports: [{containerPort: 80}], resources: {requests: {cpu: 1}}}]}
  strategy: {canary: {steps: [{setWeight: 50}, {pause: {}}]}}
`;
}

/** Writes the file to a new temp folder; returns its path. */
function writeFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-memory-'));
  const file = path.join(dir, 'rollouts.yaml');
  const fd = fs.openSync(file, 'w');
  try {
    let chunk = '';
    for (let i = 0; i < ROLLOUTS; i++) {
      chunk += rollout(i);
      if (chunk.length > 1048576) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    fs.writeSync(fd, chunk);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** Lints the file in a fresh process; returns its wall time (start-up included) and peak RSS. */
function lintOnce(node: string, root: string, file: string): { ms: number; mb: number } {
  const script = [
    "const { main } = require('./lib/cli/lint');",
    'let out = "";',
    `const code = main([${JSON.stringify(file)}], { stdout: t => { out += t; }, stderr: t => { out += t; }, readStdin: () => '' });`,
    'if (code !== 0) { process.stderr.write(out.slice(0, 2000)); process.exit(3); }',
    'process.stdout.write(String(process.resourceUsage().maxRSS));',
  ].join('\n');
  const start = process.hrtime.bigint();
  const maxRss = Number(execFileSync(node, ['-e', script], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).toString());
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, mb: maxRss / 1024 };
}

/** Prints the time (median of `runs`) and the peak memory (the highest) against the targets. */
export function lintMemory(node: string, root: string, runs: number): void {
  if (!fs.existsSync(path.join(root, 'lib', 'cli', 'lint.js')) || !fs.existsSync(path.join(root, 'lib', 'imports', 'validators'))) {
    console.log('lint of one large file: lib/ is not built with the data files of src/imports copied; run `npx projen compile && npx projen post-compile`.');
    return;
  }
  const file = writeFile();
  try {
    const size = fs.statSync(file).size;
    const samples = Array.from({ length: Math.max(1, runs) }, () => lintOnce(node, root, file));
    const ms = samples.map(s => s.ms).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
    const mb = Math.max(...samples.map(s => s.mb));
    const met = ms <= MAX_SECONDS * 1000 && mb <= MAX_MB;
    console.log(`lint of one large file: ${ROLLOUTS.toLocaleString('en-US')} Rollouts, ${(size / 1e6).toFixed(1)} MB, in a fresh process `
      + `(Node.js ${execFileSync(node, ['--version']).toString().trim()}, ${os.cpus().length} CPUs): ${(ms / 1000).toFixed(1)} s (median of ${samples.length}), `
      + `peak RSS ${mb.toFixed(0)} MB (target <= ${MAX_SECONDS} s and <= ${MAX_MB} MB) ${met ? 'met' : 'MISSED'}`);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

if (require.main === module) {
  lintMemory(process.env.BENCH_NODE ?? process.execPath, path.join(__dirname, '..'), Number(process.env.BENCH_RUNS ?? 3));
}
