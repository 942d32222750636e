// The committed pod field table is exactly what imports/generate-pod-fields.js writes from the
// Kubernetes API schemas of the cdk8s-plus lines, and the generator says what it cannot write.
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GENERATED_DIR } from '../../src/private/generated';
import { THIRD_PARTY_DIR, UPSTREAM_SKIP_MARK } from '../util';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lineNumbers } = require('../../build-tools/plus-lines');

const GENERATOR = path.join(__dirname, '..', '..', 'imports', 'generate-pod-fields.js');
const SCHEMAS = path.join(THIRD_PARTY_DIR, 'k8s');
const HAS_SCHEMAS = lineNumbers().every((line: number) => fs.existsSync(path.join(SCHEMAS, `v1.${line}.0`, '_definitions.json')));
/** Everything the tests write, removed at the end. */
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-fields-test-'));
afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));
const testSchemas = HAS_SCHEMAS ? test : (name: string, fn: () => void) => test.skip(`${name} ${UPSTREAM_SKIP_MARK}`, fn);

function generate(schemas: string): { status: number | null; stderr: string; out: string } {
  const out = fs.mkdtempSync(path.join(WORK, 'out-'));
  const result = spawnSync(process.execPath, [GENERATOR, out], { encoding: 'utf8', env: { ...process.env, KUBERNETES_SCHEMAS: schemas } });
  return { status: result.status, stderr: result.stderr, out };
}

testSchemas('src/imports/kubernetes/pod-fields.js equals a fresh run of imports/generate-pod-fields.js (regenerate with `npx projen import:pod-fields`)', () => {
  const out = fs.mkdtempSync(path.join(WORK, 'out-'));
  execFileSync(process.execPath, [GENERATOR, out], { stdio: 'pipe', env: { ...process.env, KUBERNETES_SCHEMAS: SCHEMAS } });
  const committed = path.join(GENERATED_DIR, 'kubernetes');
  expect(fs.readdirSync(committed)).toEqual(fs.readdirSync(out));
  for (const file of fs.readdirSync(out)) {
    if (fs.readFileSync(path.join(committed, file), 'utf8') !== fs.readFileSync(path.join(out, file), 'utf8')) {
      throw new Error(`src/imports/kubernetes/${file} is out of date; run \`npx projen import:pod-fields\` and commit the result.`);
    }
  }
});

test('the committed table needs nothing at run time, is small, and has a row per line', () => {
  const file = path.join(GENERATED_DIR, 'kubernetes', 'pod-fields.js');
  const text = fs.readFileSync(file, 'utf8');
  expect(text).not.toMatch(/require\(/);
  expect(text).not.toMatch(/description/i);
  expect(Buffer.byteLength(text)).toBeLessThan(24 * 1024);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  expect(require(file).lines).toEqual(lineNumbers());
});

describe('imports/generate-pod-fields.js on small schemas', () => {
  /** Writes one `_definitions.json` per line; `podSpec(line)` gives the properties of PodSpec in that line. */
  function schemas(podSpec: (line: number) => Record<string, any>): string {
    const dir = fs.mkdtempSync(path.join(WORK, 'k8s-schemas-'));
    for (const line of lineNumbers()) {
      const definitions: Record<string, any> = {
        'io.k8s.api.core.v1.PodTemplateSpec': { properties: { spec: { $ref: '#/definitions/io.k8s.api.core.v1.PodSpec' } } },
        'io.k8s.api.batch.v1.JobSpec': { properties: { template: { $ref: '#/definitions/io.k8s.api.core.v1.PodTemplateSpec' } } },
        'io.k8s.api.core.v1.PodSpec': { properties: podSpec(line) },
        'io.k8s.api.core.v1.Old': { properties: { a: { type: 'string' } } },
        'io.k8s.api.core.v1.New': { properties: { b: { type: 'string' } } },
        'io.k8s.apimachinery.pkg.api.resource.Quantity': { type: 'string' },
      };
      fs.mkdirSync(path.join(dir, `v1.${line}.0`));
      fs.writeFileSync(path.join(dir, `v1.${line}.0`, '_definitions.json'), JSON.stringify({ definitions }));
    }
    return dir;
  }

  test('fields added, removed and retyped get the lines that have them; shapes by kind', () => {
    const [first, second] = lineNumbers();
    const dir = schemas(line => ({
      always: { type: 'string' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      overhead: { type: 'object', additionalProperties: { $ref: '#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity' } },
      items: { type: 'array', items: { $ref: '#/definitions/io.k8s.api.core.v1.Old' } },
      byName: { type: 'object', additionalProperties: { $ref: '#/definitions/io.k8s.api.core.v1.Old' } },
      ...(line === first ? { removed: { type: 'string' } } : { added: { type: 'integer' } }),
      retyped: { $ref: `#/definitions/io.k8s.api.core.v1.${line === first ? 'Old' : 'New'}` },
    }));
    const { status, stderr, out } = generate(dir);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const table = require(path.join(out, 'pod-fields.js'));
    expect(table.types.PodSpec).toEqual({
      added: `@${second}`,
      always: '',
      byName: '{Old}',
      items: '[Old]',
      labels: '{}',
      overhead: '{}',
      removed: `@${first}-${first}`,
      retyped: `Old@${first}-${first} New@${second}`,
    });
    expect(Object.keys(table.types)).toEqual(['JobSpec', 'New', 'Old', 'PodSpec', 'PodTemplateSpec']);
    const again = generate(dir);
    expect(fs.readFileSync(path.join(again.out, 'pod-fields.js'), 'utf8')).toEqual(fs.readFileSync(path.join(out, 'pod-fields.js'), 'utf8'));
  });

  test('a field missing from a line in the middle cannot be written, and says so', () => {
    const lines: number[] = lineNumbers();
    const dir = schemas(line => (line === lines[1] ? {} : { gap: { type: 'string' } }));
    const { status, stderr } = generate(dir);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^imports\/generate-pod-fields\.js: PodSpec\.gap has the shape "" in lines that are not consecutive/);
  });

  test('a missing schema names the folder to set', () => {
    const { status, stderr } = generate(path.join(os.tmpdir(), 'no-such-k8s-schemas'));
    expect(status).toBe(1);
    expect(stderr).toMatch(/cannot find .*no-such-k8s-schemas\/v1\.\d+\.0\/_definitions\.json; set KUBERNETES_SCHEMAS/);
  });
});
