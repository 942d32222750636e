// The importer lays out its code itself (src/import/private/layout.ts) instead of shipping prettier:
// these tests hold that layout to prettier's own, byte for byte, on every shape the generator writes
// and on random literals (prettier is a development dependency only).
import * as fc from 'fast-check';
import { prettierLayout } from './round-trip';
import { lit } from '../../src/import/private/code';
import { layoutModule, layoutStatement } from '../../src/import/private/layout';

/** A module of the generator's shape: statements one per line in a Chart's constructor. */
function moduleOf(statements: string[]): string {
  return [
    "import { ApiObject, Chart, JsonPatch } from 'cdk8s';",
    "import { Construct } from 'constructs';",
    '',
    'export class ImportedChart extends Chart {',
    '  constructor(scope: Construct, id: string) {',
    '    super(scope, id);',
    ...statements,
    '  }',
    '}',
    '',
  ].join('\n');
}

async function expectPrettierLayout(statements: string[]): Promise<string> {
  const source = moduleOf(statements);
  const ours = layoutModule(source);
  expect(ours).toEqual(await prettierLayout(source));
  return ours;
}

describe('the layout of generated code is prettier\'s', () => {
  test('a call hugs its last object; an object that does not fit breaks, one property a line', async () => {
    const out = await expectPrettierLayout([
      `new ApiObject(this, "web", ${lit({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', labels: { app: 'web', tier: 'frontend' } }, spec: { ports: [{ port: 80, targetPort: 'http' }] } })});`,
      `new ApiObject(this, "small", ${lit({ apiVersion: 'v1', kind: 'ConfigMap' })});`,
    ]);
    expect(out).toContain("    new ApiObject(this, 'web', {\n      apiVersion: 'v1',\n");
    expect(out).toContain("    new ApiObject(this, 'small', { apiVersion: 'v1', kind: 'ConfigMap' });\n");
  });

  test('a string value that does not fit moves to the next line; a short key keeps it', async () => {
    const long = 'sum(rate(http_requests_total{service="{{args.service}}",code!~"5.."}[5m])) / sum(rate(http_requests_total[5m]))';
    const out = await expectPrettierLayout([`new ApiObject(this, "t", ${lit({ spec: { metrics: [{ provider: { prometheus: { query: long, q: long } } }] } })});`]);
    expect(out).toMatch(/query:\n {18}'sum\(rate/);
    expect(out).toMatch(/ q: 'sum\(rate/);
  });

  test('arrays: several objects always break, numbers fill their lines, a number array is not hugged', async () => {
    const out = await expectPrettierLayout([
      `new ApiObject(this, "a", ${lit({ ports: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }] })});`,
      `new ApiObject(this, "${'n'.repeat(60)}", ${lit(Array.from({ length: 40 }, (_, i) => i * 37))});`,
    ]);
    expect(out).toContain("ports: [\n        { name: 'a', port: 1 },\n        { name: 'b', port: 2 },\n      ],");
    expect(out).toMatch(/\[\n {8}0, 37, 74, /);
  });

  test('quotes: single unless the text holds more single quotes; escapes as prettier keeps them; identifier keys unquoted', async () => {
    const out = await expectPrettierLayout([
      `new ApiObject(this, "q", ${lit({ 'a': 'it\'s', 'b': 'say "hi"', 'c': 'it\'s "x" \'y\'', 'd': 'tab\there\nline\\', 'ümlaut': 1, 'x-y': 2, '$ok': 3 })});`,
    ]);
    expect(out).toContain("a: \"it's\"");
    expect(out).toContain("b: 'say \"hi\"'");
    expect(out).toContain("      ümlaut: 1,\n      'x-y': 2,\n      $ok: 3,\n");
  });

  test('comments in an argument list break it; blank lines and blocks are kept', async () => {
    const out = await expectPrettierLayout([
      "const web = new ApiObject(this, 'web', { apiVersion: 'v1', kind: 'Service' });",
      '',
      '',
      '// Escape hatches: what the L2 calls above do not reproduce',
      `ApiObject.of(web).addJsonPatch(\n// /spec/x: ${'the reason is long '.repeat(8)}\nJsonPatch.add("/spec/x", ${lit({ a: 1 })}),\n// /spec/y: short\nJsonPatch.remove("/spec/y"),\n);`,
      'for (const child of this.node.findAll()) {',
      '  if (child.kind === \'ClusterRoleBinding\') child.node.scope?.node.tryRemoveChild(child.node.id);',
      `  if (child instanceof ApiObject && child.kind === 'Deployment' && child.name === 'argo-rollouts') child.addJsonPatch(${
        'JsonPatch.replace("/spec/template/spec/containers/0/image", "quay.io/argoproj/argo-rollouts:latest")'});`,
      '}',
    ]);
    expect(out).toContain('\n\n    // Escape hatches: what the L2 calls above do not reproduce\n    ApiObject.of(web).addJsonPatch(\n      // /spec/x:');
    expect(out).toContain("      if (child instanceof ApiObject && child.kind === 'Deployment' && child.name === 'argo-rollouts')\n        child.addJsonPatch(");
  });

  test('a statement that fits stays as written; a lone call argument is not hugged', async () => {
    await expectPrettierLayout([
      `web.select(kplus.LabelSelector.of(${lit({ labels: { app: 'rollouts-demo' } })}));`,
      `web.select(kplus.LabelSelector.of(${lit({ labels: { 'app.kubernetes.io/name': 'rollouts-demo-with-a-longer-name', 'app.kubernetes.io/part-of': 'x' } })}));`,
    ]);
    expect(layoutStatement('new Rollout(this, "r", { replicas: 3 });', 4)).toEqual("    new Rollout(this, 'r', { replicas: 3 });");
  });

  test('random literals in the statements the generator writes', async () => {
    const key = fc.oneof(fc.constantFrom('a', 'name', 'app.kubernetes.io/name', 'x-y', 'it\'s', 'ümlaut', '$ok', '1abc', 'averyveryverylongkeyname'),
      fc.string({ maxLength: 12 }));
    const leaf = fc.oneof(fc.integer({ min: -100000, max: 100000 }), fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(), fc.constant(null),
      fc.string({ maxLength: 50 }), fc.constantFrom('say "hi"', 'it\'s', 'back\\slash', 'new\nline', 'x'.repeat(110)));
    const { value } = fc.letrec(tie => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 40 }), fc.dictionary(key, tie('value'), { maxKeys: 6 })),
    }));
    const statement = fc.tuple(fc.nat(3), value, fc.string({ maxLength: 60 })).map(([shape, v, id]) => [
      `new ApiObject(this, ${lit(id)}, ${lit(v)});`,
      `const someVariable = new Thing(this, ${lit(id)}, ${lit(v)}, ${lit(v)});`,
      `ApiObject.of(web).addJsonPatch(\n// /spec/a: ${id.replace(/[\r\n\u2028\u2029]/g, ' ')}\nJsonPatch.add("/spec/a", ${lit(v)}),\n);`,
      `web.select(kplus.LabelSelector.of(${lit({ labels: v })}));`,
    ][shape]);
    await fc.assert(fc.asyncProperty(fc.array(statement, { minLength: 1, maxLength: 3 }), async statements => {
      const source = moduleOf(statements);
      expect(layoutModule(source)).toEqual(await prettierLayout(source));
    }), { numRuns: 150, seed: 24 });
  });
});
