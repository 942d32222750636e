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

/** Files that only define analysis templates used by other examples ("apply this file first"). */
const TEMPLATE_FILES = ['analysis-templates.yaml', 'cluster-analysis-templates.yaml'];
/** Examples that use analysis templates; each is checked together with the template files. */
const ANALYSIS_EXAMPLES = [
  'analysis-templates.yaml',
  'cluster-analysis-templates.yaml',
  'experiment-with-analysis.yaml',
  'rollout-analysis-step.yaml',
  'rollout-background-analysis.yaml',
  'rollout-baseline-vs-canary.yaml',
  'rollout-experiment-step.yaml',
  'rollout-secret.yaml',
];

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

  // A file that is not part of a split example is self-contained, so its Services must be present too;
  // the analysis examples use templates of other files, so they are complete only together with those.
  test.each(files)('%s alone gives no findings', file => {
    const options = { requireReferencedObjects: groupOf(file) === undefined && !ANALYSIS_EXAMPLES.includes(file) };
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

  test.each(ANALYSIS_EXAMPLES)('%s with the template files gives no findings, with every referenced object present', file => {
    const members = [file, ...TEMPLATE_FILES.filter(f => f !== file)];
    const findings = describeFindings(validateManifests(members.flatMap(loadDocuments), { requireReferencedObjects: true }));
    expect(findings).toEqual(members.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []));
  });

  test('all analysis examples together give no findings', () => {
    const findings = describeFindings(validateManifests(ANALYSIS_EXAMPLES.flatMap(loadDocuments), { requireReferencedObjects: true }));
    expect(findings).toEqual(ANALYSIS_EXAMPLES.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []));
  });

  test('the analysis examples really use their templates', () => {
    const manifests = ANALYSIS_EXAMPLES.flatMap(loadDocuments);
    // Without the template files, every template reference of the examples is reported.
    const alone = ANALYSIS_EXAMPLES.filter(f => !TEMPLATE_FILES.includes(f)).flatMap(loadDocuments);
    const missing = validateManifests(alone, { requireReferencedObjects: true }).map(f => `${f.ruleId} ${f.name} ${f.path}`);
    expect(missing).toEqual([
      'X06 experiment-with-analysis spec.analyses[0].templateName',
      'X06 experiment-with-analysis spec.analyses[1].templateName',
      'V50 rollout-analysis-step spec.strategy.canary.steps[1].analysis.templates[0].templateName',
      'V50 rollout-analysis-step spec.strategy.canary.steps[1].analysis.templates[1].templateName',
      'V50 rollout-background-analysis spec.strategy.canary.analysis.templates[0].templateName',
      'V50 rollout-experiment-step spec.strategy.canary.steps[1].experiment.analyses[0].templateName',
    ]);
    // Every template and metric of the examples is checked: a negative failureLimit is found in each.
    const templates = manifests.filter(doc => /AnalysisTemplate$/.test(doc.kind));
    expect(templates.length).toBeGreaterThanOrEqual(4);
    for (const template of templates) {
      for (const metric of template.spec.metrics) {
        metric.failureLimit = -2;
      }
    }
    const metrics = templates.reduce((n, t) => n + t.spec.metrics.length, 0);
    expect(validateManifests(manifests).filter(f => f.ruleId === 'A04')).toHaveLength(metrics);
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
