import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  analysisRun, analysisTemplate, blueGreenRollout, clusterAnalysisTemplate, expectFinding, expectNoFinding, findingsOf, metric, validExperiment,
  validRollout,
} from './helpers';
import { VERSIONS } from '../../src/imports/argo-rollouts-versions';
import { GENERATED_DIR } from '../../src/private/generated';
import { validateManifests } from '../../src/validation/private';
import { closestField, joinPath, pointerToPath } from '../../src/validation/private/fields';
import { schemaValidator, schemaVersion, SCHEMA_VERSIONS } from '../../src/validation/private/schema-loader';

const S_RULES = ['S01', 'S02', 'S03', 'S04', 'S06'];

/** Findings of the schema rules only. */
function schemaFindings(manifests: any[], version?: string) {
  return validateManifests(manifests, { version }).filter(f => S_RULES.includes(f.ruleId));
}

describe('CRD schema rules (S01-S06)', () => {
  test('valid manifests of every kind pass', () => {
    const manifests = [validRollout(), blueGreenRollout(), analysisTemplate('a'), clusterAnalysisTemplate('c'), analysisRun('r'), validExperiment()];
    for (const version of SCHEMA_VERSIONS) {
      expect(schemaFindings(manifests, version)).toEqual([]);
    }
  });

  describe('S01 spec missing', () => {
    test('spec missing on any kind', () => {
      for (const kind of ['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment']) {
        const finding = expectFinding('S01', [{ apiVersion: 'argoproj.io/v1alpha1', kind, metadata: { name: 'x' } }], 'spec', 'no spec');
        expect(finding.kind).toBe(kind);
      }
    });

    test('spec: null is missing too (the API server prunes null fields)', () => {
      const rollout = validRollout();
      rollout.spec = null;
      expectFinding('S01', [rollout], 'spec');
    });

    test('AnalysisRun spec.metrics and Experiment spec.templates', () => {
      expectFinding('S01', [analysisRun('r', {})], 'spec.metrics', 'spec.metrics');
      const experiment = validExperiment();
      delete experiment.spec.templates;
      expectFinding('S01', [experiment], 'spec.templates');
      expectNoFinding('S02', [experiment]);
    });

    test('an AnalysisTemplate needs no metrics in the schema (A01 reports that)', () => {
      expectNoFinding('S01', [analysisTemplate('a', {})]);
    });
  });

  describe('S02 required key missing', () => {
    test('blue-green activeService', () => {
      const rollout = blueGreenRollout();
      delete rollout.spec.strategy.blueGreen.activeService;
      expectFinding('S02', [rollout], 'spec.strategy.blueGreen.activeService', '"activeService"');
    });

    test('experiment step template name and analysis argument name', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [
        { experiment: { templates: [{ specRef: 'canary' }] } },
        { analysis: { templates: [{ templateName: 'a' }], args: [{ value: 'x' }] } },
      ];
      expectFinding('S02', [rollout], 'spec.strategy.canary.steps[0].experiment.templates[0].name');
      expectFinding('S02', [rollout], 'spec.strategy.canary.steps[1].analysis.args[0].name');
    });

    test('metric provider and name', () => {
      const template = analysisTemplate('a', { metrics: [{ successCondition: 'true' }] });
      expectFinding('S02', [template], 'spec.metrics[0].name');
      expectFinding('S02', [template], 'spec.metrics[0].provider');
    });

    test('an empty string passes (presence only)', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen.activeService = '';
      expectNoFinding('S02', [rollout]);
    });
  });

  describe('S03 wrong type', () => {
    test('a quoted integer', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps[0].setWeight = '20';
      const finding = expectFinding('S03', [rollout], 'spec.strategy.canary.steps[0].setWeight', 'without quotes');
      expect(finding.message).toContain('"20"');
      expect(finding.value).toBe('20');
    });

    test('a quoted boolean, and a number where a string belongs', () => {
      const rollout = validRollout();
      rollout.spec.paused = 'true';
      rollout.spec.template.spec.containers[0].image = 1.27;
      expectFinding('S03', [rollout], 'spec.paused', 'spec.paused: true');
      expectFinding('S03', [rollout], 'spec.template.spec.containers[0].image', 'Quote the value');
    });

    test('int-or-string takes integers and strings only, with one finding', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.maxSurge = true;
      expect(findingsOf('S03', [rollout])).toHaveLength(1);
      expectFinding('S03', [rollout], 'spec.strategy.canary.maxSurge', 'an integer or a string');
      rollout.spec.strategy.canary.maxSurge = '25%';
      rollout.spec.strategy.canary.maxUnavailable = 1;
      expectNoFinding('S03', [rollout]);
    });

    test('an object where a list belongs', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = { setWeight: 10 };
      expectFinding('S03', [rollout], 'spec.strategy.canary.steps', 'a list');
    });

    test('quantities, date-times and the int32 range', () => {
      const template = analysisTemplate('a', {
        metrics: [metric('m', {
          provider: {
            job: {
              spec: {
                template: { spec: { containers: [{ name: 'c', image: 'i' }], overhead: { cpu: '1 core' }, restartPolicy: 'Never' } },
              },
            },
          },
        })],
      });
      expectFinding('S03', [template], 'spec.metrics[0].provider.job.spec.template.spec.overhead.cpu', 'Kubernetes quantity');
      const rollout = validRollout();
      rollout.spec.restartAt = 'tomorrow';
      rollout.spec.replicas = 3000000000;
      expectFinding('S03', [rollout], 'spec.restartAt', 'RFC 3339');
      expectFinding('S03', [rollout], 'spec.replicas', '32-bit');
      rollout.spec.restartAt = '2025-01-31T12:00:00Z';
      rollout.spec.replicas = 2147483647;
      expectNoFinding('S03', [rollout]);
    });

    test('paths quote keys that are not plain names', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.labels['app.kubernetes.io/name'] = 5;
      expectFinding('S03', [rollout], 'spec.template.metadata.labels["app.kubernetes.io/name"]');
    });
  });

  describe('S04 enum', () => {
    const datadog = (provider: any) => analysisTemplate('dd', { metrics: [{ name: 'm', successCondition: 'true', provider: { datadog: provider } }] });

    test('datadog apiVersion and aggregator', () => {
      const template = datadog({ apiVersion: 'v3', query: 'q', aggregator: 'median' });
      expectFinding('S04', [template], 'spec.metrics[0].provider.datadog.apiVersion', '"v1" and "v2"');
      expectFinding('S04', [template], 'spec.metrics[0].provider.datadog.aggregator', '"l2norm"');
      expectNoFinding('S04', [datadog({ apiVersion: 'v2', queries: { a: 'q' }, formula: 'a', aggregator: 'last' })]);
    });
  });

  test('S05 (selector changed on update) is not checked: it needs the stored object', () => {
    expect(validateManifests([validRollout()]).some(f => f.ruleId === 'S05')).toBe(false);
  });

  describe('S06 unknown fields (pruned by the API server)', () => {
    test('a misspelled field, with a suggestion and the known fields', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.stepz = [];
      const finding = expectFinding('S06', [rollout], 'spec.strategy.canary.stepz', 'Did you mean "steps"?');
      expect(finding.message).toContain('"stepz"');
      expect(finding.fix).toContain('trafficRouting');
    });

    test('unknown fields at the top level, in the pod template metadata and in an empty struct', () => {
      const rollout = validRollout();
      rollout.extra = 1;
      rollout.spec.template.metadata.name = 'web';
      rollout.spec.strategy.canary.antiAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { weight: 1 } };
      expectFinding('S06', [rollout], 'extra');
      expectFinding('S06', [rollout], 'spec.template.metadata.name');
      expectFinding('S06', [rollout], 'spec.strategy.canary.antiAffinity.requiredDuringSchedulingIgnoredDuringExecution.weight', 'takes no fields');
    });

    test('free-form objects stay open; metadata and status are not checked', () => {
      const rollout = validRollout();
      rollout.metadata = { name: 'web', labels: { a: 'b' }, annotations: { x: 'y' }, generation: 3, creationTimestamp: '2025-01-01T00:00:00Z' };
      rollout.status = { anything: { goes: true } };
      rollout.spec.template.spec.containers[0].resources = { limits: { 'nvidia.com/gpu': 1 } };
      rollout.spec.template.spec.volumes = [{ name: 'v', csi: { driver: 'd', anything: 1 } }];
      rollout.spec.strategy.canary.steps.push({ plugin: { name: 'acme/step', config: { free: { form: 1 } } } });
      rollout.spec.strategy.canary.trafficRouting = { plugins: { 'acme/router': { any: 'thing' } } };
      expectNoFinding('S06', [rollout]);
      const template = analysisTemplate('t', { metrics: [{ name: 'm', provider: { plugin: { 'acme/metrics': { q: 1 } } } }] });
      expectNoFinding('S06', [template]);
    });

    test('null fields are pruned, not reported (creationTimestamp: null, pause:)', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.creationTimestamp = null;
      rollout.spec.strategy.canary.steps[1].pause = null;
      rollout.spec.strategy.canary.analysis = null;
      expect(schemaFindings([rollout])).toEqual([]);
    });

    test('replicaProgressThreshold is unknown in 1.8.3', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.replicaProgressThreshold = { type: 'Percent', value: 90 };
      expectNoFinding('S06', [rollout]);
      const finding = expectFinding('S06', [rollout], 'spec.strategy.canary.replicaProgressThreshold', '1.8.3', { version: '1.8.3' });
      expect(finding.fix).toContain('version');
      expectNoFinding('S06', [rollout], { version: 'v1.9.1' });
    });
  });

  test('an unsupported version throws', () => {
    expect(() => validateManifests([validRollout()], { version: '1.7.0' }))
      .toThrow('Argo Rollouts version "1.7.0" is not supported; use one of 1.10.0-rc1, 1.9.1, 1.8.4, 1.8.3 (the default is 1.9.1).');
    expect(schemaVersion(undefined)).toBe('1.9.1');
    expect(schemaVersion('v1.8.3')).toBe('1.8.3');
    expect(schemaVersion('v1.10.0-rc1')).toBe('1.10.0-rc1');
  });

  test('manifests of other API groups and versions are not schema-checked', () => {
    const rollout = validRollout();
    rollout.apiVersion = 'example.com/v1';
    rollout.spec.foo = 1;
    expect(schemaFindings([rollout])).toEqual([]);
    expect(schemaValidator('1.9.1', 'Deployment')).toBeUndefined();
  });

  test('never throws on cyclic or deep input', () => {
    const rollout = validRollout();
    rollout.spec.template.spec.self = rollout.spec;
    rollout.spec.template.spec.nothing = null;
    expect(() => validateManifests([rollout])).not.toThrow();
    let deep: any = { leaf: null };
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    const other = validRollout();
    other.spec.strategy.canary.deep = deep;
    expect(() => validateManifests([other])).not.toThrow();
    expectFinding('S06', [other], 'spec.strategy.canary.deep');
  });

  test('validates 1,000 Rollouts: no findings', () => {
    const manifests = Array.from({ length: 1000 }, (_, i) => {
      const rollout = validRollout();
      rollout.metadata.name = `web-${i}`;
      return rollout;
    });
    expect(validateManifests(manifests)).toEqual([]);
  });
});

describe('field paths', () => {
  test('JSON pointers become our paths', () => {
    const data = { spec: { steps: [{ a: 1 }], labels: { 'a.b/c': 1, '0': 2 } } };
    expect(pointerToPath('/spec/steps/0/a', data)).toBe('spec.steps[0].a');
    expect(pointerToPath('/spec/labels/a.b~1c', data)).toBe('spec.labels["a.b/c"]');
    expect(pointerToPath('/spec/labels/0', data)).toBe('spec.labels["0"]');
    expect(pointerToPath('', data)).toBe('');
    expect(joinPath('', 'spec')).toBe('spec');
  });

  test('suggestions', () => {
    expect(closestField('stepz', ['steps', 'analysis'])).toBe('steps');
    expect(closestField('STEPS', ['steps'])).toBe('steps');
    expect(closestField('completely', ['steps'])).toBeUndefined();
  });
});

describe('the compiled validators', () => {
  const schemasDir = path.join(GENERATED_DIR, 'validators');

  test('equal a fresh run of imports/generate-validators.js (regenerate with `node imports/generate-validators.js`)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-'));
    execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'imports', 'generate-validators.js'), out], { stdio: 'pipe' });
    const generated = fs.readdirSync(out).sort();
    expect(fs.readdirSync(schemasDir).sort()).toEqual(generated);
    for (const file of generated) {
      const fresh = fs.readFileSync(path.join(out, file), 'utf8');
      const committed = fs.readFileSync(path.join(schemasDir, file), 'utf8');
      if (fresh !== committed) {
        throw new Error(`src/imports/validators/${file} is out of date; run \`node imports/generate-validators.js\` and commit the result.`);
      }
    }
  });

  test('each distinct module is committed once, named after the oldest release that uses it, and the table points every release at it', () => {
    const modules = fs.readdirSync(schemasDir).filter(f => f.startsWith('argo-')).sort();
    expect(modules).toEqual([...new Set(VERSIONS.map(v => v.validatorModule))].sort());
    const bodies = modules.map(file => fs.readFileSync(path.join(schemasDir, file), 'utf8').split('\n').filter(l => !l.startsWith('//')).join('\n'));
    expect(new Set(bodies).size).toBe(bodies.length);
    for (const file of modules) {
      const users = VERSIONS.filter(v => v.validatorModule === file).map(v => v.tag);
      expect({ file, named: file }).toEqual({ file, named: `argo-${users[users.length - 1]}.js` });
      expect(fs.readFileSync(path.join(schemasDir, file), 'utf8')).toContain(`// Used by Argo Rollouts ${users.join(', ')} (`);
    }
    expect(Object.fromEntries(VERSIONS.map(v => [v.tag, v.validatorModule]))).toEqual({
      'v1.10.0-rc1': 'argo-v1.10.0-rc1.js', 'v1.9.1': 'argo-v1.9.1.js', 'v1.8.4': 'argo-v1.8.3.js', 'v1.8.3': 'argo-v1.8.3.js',
    });
    // 1.8.4 validates with the module it shares
    expect(schemaValidator('1.8.4', 'Rollout')).toBe(schemaValidator('1.8.3', 'Rollout'));
    expect(schemaValidator('1.9.1', 'Rollout')).not.toBe(schemaValidator('1.8.3', 'Rollout'));
  });

  describe('the generator, given a version table', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { TABLE_DECLARATION } = require('../../imports/sharing');
    const GENERATOR = path.join(__dirname, '..', '..', 'imports', 'generate-validators.js');
    /** Runs the generator with the committed install data and a table whose `change` is applied to a copy of the committed one. */
    function generate(change: (table: any[]) => void): { out: string; status: number | null; stdout: string; stderr: string } {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-'));
      const table = JSON.parse(JSON.stringify(VERSIONS));
      change(table);
      const tableFile = path.join(out, 'versions.ts');
      fs.writeFileSync(tableFile, `${TABLE_DECLARATION}${JSON.stringify(table, undefined, 2)};\n`);
      fs.writeFileSync(path.join(out, 'argo-v1.9.1.js'), '// left by an earlier run\n');
      const result = spawnSync(process.execPath, [GENERATOR, out, '--table', tableFile, '--data', path.join(GENERATED_DIR, 'install-data')], { encoding: 'utf8' });
      fs.rmSync(tableFile);
      return { out, status: result.status, stdout: result.stdout, stderr: result.stderr };
    }

    test('compiles one module for the releases that share CRD schemas, and removes the modules no release uses', () => {
      // 1.9.1 given 1.8.3's CRDs, so its schemas reduce as theirs
      const { out, status, stdout } = generate(table => {
        Object.assign(table.find(v => v.tag === 'v1.9.1'), { dataFiles: { crds: 'v1.8.3/crds.json', notifications: 'v1.8.3/notifications.json' }, validatorModule: 'argo-v1.8.3.js' });
      });
      expect(status).toBe(0);
      expect(stdout).toContain('removed');
      expect(fs.readdirSync(out).sort()).toEqual(['argo-v1.10.0-rc1.js', 'argo-v1.8.3.js', 'k8s-fields.js']);
      const shared = fs.readFileSync(path.join(out, 'argo-v1.8.3.js'), 'utf8');
      expect(shared).toContain('// Used by Argo Rollouts v1.9.1, v1.8.4, v1.8.3 (');
      // the same code as the committed module of those CRDs
      const withoutUsers = (text: string) => text.replace(/^\/\/ Used by .*\n/m, '');
      expect(withoutUsers(shared) === withoutUsers(fs.readFileSync(path.join(schemasDir, 'argo-v1.8.3.js'), 'utf8'))).toBe(true);
      fs.rmSync(out, { recursive: true, force: true });
    }, 60_000);

    test('refuses a table whose sharing is not that of the install data, saying how to fix it', () => {
      const { out, status, stderr } = generate(table => {
        table.find(v => v.tag === 'v1.8.4').validatorModule = 'argo-v1.8.4.js';
      });
      expect(status).toBe(1);
      expect(stderr).toContain('names argo-v1.8.4.js for v1.8.4, where its CRD schemas call for argo-v1.8.3.js (the module of the oldest release whose schemas reduce alike); '
        + 'the table and the install data are not from one run: run `node imports/generate-install-data.js` first.');
      fs.rmSync(out, { recursive: true, force: true });
    }, 60_000);
  });

  test('need nothing at run time but themselves', () => {
    for (const file of fs.readdirSync(schemasDir)) {
      expect(fs.readFileSync(path.join(schemasDir, file), 'utf8')).not.toMatch(/require\(/);
    }
  });
});
