// Every field that one release's CRDs have and the next release's do not (or the reverse) is checked
// against the engine's validators of both releases: the release without it reports the field (S06,
// the API server would drop it), the release with it does not. The differences are read from the
// committed CRD data of each release, so a new release's fields are covered by adding it to the table.
import * as fs from 'fs';
import * as path from 'path';
import { GENERATED_DIR } from '../../src/private/generated';
import { VERSION_NUMBERS, versionFacts } from '../../src/private/versions';
import { validateManifests } from '../../src/validation/private';

/** Every property path of a schema: `.name` for a property, `[]` for a list item, `{}` for a map value. */
function fieldPaths(schema: any, prefix: string, out: Set<string>): Set<string> {
  for (const [name, sub] of Object.entries<any>(schema?.properties ?? {})) {
    out.add(`${prefix}.${name}`);
    fieldPaths(sub, `${prefix}.${name}`, out);
  }
  if (schema?.items) fieldPaths(schema.items, `${prefix}[]`, out);
  if (typeof schema?.additionalProperties === 'object') fieldPaths(schema.additionalProperties, `${prefix}{}`, out);
  return out;
}

/** The field paths of each kind's CRD in a release, e.g. `Rollout.spec.strategy.canary.steps[].setWeight`. */
function releaseFields(version: string): Set<string> {
  const crds: any[] = JSON.parse(fs.readFileSync(path.join(GENERATED_DIR, 'install-data', versionFacts(version).dataFiles.crds), 'utf8'));
  const out = new Set<string>();
  for (const crd of crds) fieldPaths(crd.spec.versions[0].schema.openAPIV3Schema, crd.spec.names.kind, out);
  return out;
}

/** The fields of `a` that `b` lacks, only the outermost of each subtree. */
function outermostMissing(a: Set<string>, b: Set<string>): string[] {
  const missing = [...a].filter(p => !b.has(p)).sort();
  return missing.filter(p => !missing.some(q => q !== p && (p.startsWith(`${q}.`) || p.startsWith(`${q}[`) || p.startsWith(`${q}{`))));
}

/** A manifest of the field's kind that sets the field (to a string), and the field's path as findings name it. */
function manifestSetting(field: string): { manifest: any; at: string } {
  const [kind, ...rest] = field.split('.');
  const steps = rest.join('.').match(/[^.[\]{}]+|\[\]|\{\}/g)!;
  const root: any = {};
  let node: any = root;
  let at = '';
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const child = last ? 'x' : steps[i + 1] === '[]' ? [] : {};
    if (step === '[]') {
      node.push(child);
      at += '[0]';
    } else if (step === '{}') {
      node.k = child;
      at += '.k';
    } else {
      node[step] = child;
      at += at === '' ? step : `.${step}`;
    }
    node = child;
  });
  return { manifest: { apiVersion: 'argoproj.io/v1alpha1', kind, metadata: { name: 'x' }, ...root }, at };
}

/** Whether the release reports the field as one its CRD does not have. */
function unknownIn(version: string, field: string): boolean {
  const { manifest, at } = manifestSetting(field);
  return validateManifests([manifest], { version }).some(f => f.ruleId === 'S06' && f.path === at);
}

const releases = [...VERSION_NUMBERS].reverse(); // oldest first
const pairs = releases.slice(1).map((newer, i) => [releases[i], newer] as const);

describe.each(pairs)('the fields that differ between %s and %s', (older, newer) => {
  const olderFields = releaseFields(older);
  const newerFields = releaseFields(newer);
  const added = outermostMissing(newerFields, olderFields);
  const removed = outermostMissing(olderFields, newerFields);

  test('each added field is unknown to the older release only; each removed one to the newer only', () => {
    const wrong = [
      ...added.filter(f => !unknownIn(older, f) || unknownIn(newer, f)).map(f => `added ${f}`),
      ...removed.filter(f => !unknownIn(newer, f) || unknownIn(older, f)).map(f => `removed ${f}`),
    ];
    expect(wrong).toEqual([]);
  });

  test('the differences are the ones known', () => {
    const kinds = (fields: string[]) => [...new Set(fields.map(f => f.split('.')[0]))].sort();
    if (`${older}..${newer}` === '1.8.4..1.9.1') {
      expect(added.length).toBeGreaterThan(100); // the pod and Job API of a newer Kubernetes, kayenta.lookback, ...
      expect(added).toContain('Rollout.spec.strategy.canary.replicaProgressThreshold');
      expect(added).toContain('AnalysisTemplate.spec.metrics[].provider.kayenta.lookback');
      expect(removed).toContain('Rollout.spec.template.spec.resourceClaims[].source');
    } else if (`${older}..${newer}` === '1.9.1..1.10.0-rc1') {
      expect(added).toEqual(['AnalysisRun', 'AnalysisTemplate', 'ClusterAnalysisTemplate'].map(k => `${k}.spec.metrics[].provider.datadog.requestTimeout`));
      expect(removed).toEqual([]);
    } else {
      expect([older, newer, kinds(added), kinds(removed)]).toEqual(['1.8.3', '1.8.4', [], []]);
    }
  });
});
