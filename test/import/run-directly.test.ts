// The module argo-rollouts-import writes is an app: `npx ts-node out.ts` synthesizes it into dist/.
// End to end, in processes of their own: the command writes the module (--out), ts-node runs it in a
// folder where `cdk8s-argo-rollouts` resolves to this checkout's sources.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';

const ROOT = path.join(__dirname, '..', '..');
const TS_NODE = path.join(ROOT, 'node_modules', '.bin', 'ts-node');

const INPUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx:1.27
          ports: [{ name: http, containerPort: 8080 }]
  strategy:
    blueGreen:
      activeService: web-active
      autoPromotionEnabled: false
---
apiVersion: v1
kind: Service
metadata:
  name: web-active
spec:
  selector: { app: web }
  ports: [{ port: 80, targetPort: http, name: http }]
`;

test('the generated module, run with ts-node, synthesizes the input into dist/', () => {
  // GIVEN a folder inside the checkout (test-reports/ is ignored by git) where the package resolves to the sources
  fs.mkdirSync(path.join(ROOT, 'test-reports'), { recursive: true });
  const work = fs.mkdtempSync(path.join(ROOT, 'test-reports', 'import-run-'));
  try {
    const pkg = path.join(work, 'node_modules', 'cdk8s-argo-rollouts');
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'cdk8s-argo-rollouts', main: 'index.js' }));
    fs.writeFileSync(path.join(pkg, 'index.js'), `module.exports = require(${JSON.stringify(path.join(ROOT, 'src', 'index.ts'))});\n`);
    fs.writeFileSync(path.join(work, 'web.yaml'), INPUT);

    // WHEN the command writes the module, and ts-node runs it
    const imported = spawnSync(TS_NODE, ['--transpile-only', path.join(ROOT, 'src', 'cli', 'import.ts'), '--chart-name', 'WebChart', '--out', 'web.ts', 'web.yaml'],
      { cwd: work, encoding: 'utf8' });
    expect({ status: imported.status, stderr: imported.stderr }).toEqual({
      status: 0,
      stderr: 'argo-rollouts-import: 2 objects; 1 of Argo Rollouts kinds, 1 of them through the L2 API alone (100%)\n'
        + '  1 Services defined by their Rollout (StrategyService.define)\n',
    });
    const ran = spawnSync(TS_NODE, ['--transpile-only', 'web.ts'], { cwd: work, encoding: 'utf8' });

    // THEN dist/ holds the input's objects
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    const written = YAML.parseAllDocuments(fs.readFileSync(path.join(work, 'dist', 'web.k8s.yaml'), 'utf8')).map(d => d.toJS());
    const given = YAML.parseAllDocuments(INPUT).map(d => d.toJS());
    expect(written).toEqual(expect.arrayContaining(given.map(m => expect.objectContaining({ kind: m.kind, metadata: m.metadata }))));
    expect(written.find(m => m.kind === 'Rollout').spec).toEqual(given[0].spec);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 120_000);
