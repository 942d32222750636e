import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { Finding, validateManifests } from '../../src/validation';

/**
 * The upstream example manifests of Argo Rollouts must pass the engine: the controller accepts them.
 */
const UPSTREAM = process.env.ARGO_ROLLOUTS_UPSTREAM
  ? path.resolve(process.env.ARGO_ROLLOUTS_UPSTREAM)
  : path.resolve(__dirname, '../../../shared/argo-rollouts');
const EXAMPLES = path.join(UPSTREAM, 'examples');

/**
 * Upstream files that genuinely break a rule (the controller would reject them), with the findings
 * expected as `ruleId path`. Keep this list short and explain each entry.
 */
const KNOWN_VIOLATIONS: Record<string, { readonly reason: string; readonly findings: string[] }> = {};

function loadDocuments(file: string): any[] {
  const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
  return parseAllDocuments(text).map(doc => doc.toJS()).filter(doc => doc !== null && doc !== undefined);
}

function describeFindings(findings: Finding[]): string[] {
  return findings.map(f => `${f.ruleId} ${f.name} ${f.path}: ${f.message}`);
}

/** Files that belong together: the same name up to the last `__` (e.g. `docs-getting-started__basic__*`). */
function groupOf(file: string): string | undefined {
  const cut = file.lastIndexOf('__');
  return cut < 0 ? undefined : file.slice(0, cut);
}

if (!fs.existsSync(EXAMPLES)) {
  throw new Error(`Upstream Argo Rollouts examples not found at ${EXAMPLES}. `
    + 'Point ARGO_ROLLOUTS_UPSTREAM at the argo-rollouts folder (the one holding examples/).');
}

const files = fs.readdirSync(EXAMPLES).filter(f => /\.ya?ml$/.test(f)).sort();

describe('upstream examples', () => {
  test('the examples folder holds the expected files', () => {
    expect(files).toEqual(expect.arrayContaining([
      'docs-getting-started__basic__rollout.yaml',
      'rollout-bluegreen.yaml',
      'rollout-canary.yaml',
      'workload-ref__workload-ref.yaml',
    ]));
  });

  // A file that is not part of a split example is self-contained, so its Services must be present too.
  test.each(files)('%s alone gives no findings', file => {
    const options = { requireReferencedObjects: groupOf(file) === undefined };
    const findings = describeFindings(validateManifests(loadDocuments(file), options));
    expect(findings).toEqual(KNOWN_VIOLATIONS[file]?.findings ?? []);
  });

  test('the engine really checks every example Rollout', () => {
    const rollouts = files.flatMap(loadDocuments).filter(doc => doc.kind === 'Rollout');
    expect(rollouts.length).toBeGreaterThanOrEqual(20);
    for (const rollout of rollouts) {
      rollout.spec.replicas = -1;
    }
    const findings = validateManifests(rollouts);
    expect(findings.filter(f => f.ruleId === 'V01')).toHaveLength(rollouts.length);
  });

  const groups = [...new Set(files.map(groupOf).filter((g): g is string => g !== undefined))].sort();
  test.each(groups)('%s__* together give no findings, with every referenced Service present', group => {
    const members = files.filter(f => groupOf(f) === group);
    const manifests = members.flatMap(loadDocuments);
    const findings = describeFindings(validateManifests(manifests, { requireReferencedObjects: true }));
    const expected = members.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []);
    expect(findings).toEqual(expected);
  });
});
