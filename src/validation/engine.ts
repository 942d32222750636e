/**
 * The rule engine: runs the rules of each Argo Rollouts kind on every such manifest of a set of plain
 * manifests.
 */
import { AnalysisContext, argoKindOf, FindingSink, ManifestContext, ManifestIndex, Rule, RuleContext } from './context';
import { ANALYSIS_MANIFEST_RULES, EXPERIMENT_MANIFEST_RULES, ROLLOUT_RULES } from './rules';
import { Finding, ValidationOptions } from './types';
import { isObject } from './util';

/** Runs `rules` in order on one manifest. */
function runRules<C extends ManifestContext>(ctx: C, rules: readonly Rule<C>[]): void {
  rules.forEach((rule, rank) => {
    ctx.ruleId = rule.id;
    ctx.rank = rank;
    rule.check(ctx);
  });
}

/**
 * Validates plain manifests (parsed YAML or JSON objects) against the rules of the Argo Rollouts
 * controller and returns every violation found, not only the first as the controller does:
 * Rollouts (V01–V57, X06), AnalysisTemplates, ClusterAnalysisTemplates and AnalysisRuns (A01–A17,
 * P01–P06) and Experiments (X01–X06).
 *
 * Other manifests serve as the targets of references (Services, the workloads named by `workloadRef`,
 * and the analysis templates that Rollouts and Experiments use). Findings are ordered by document
 * index, then by the controller's rule evaluation order, then by path. The engine never throws,
 * whatever the input.
 *
 * @param manifests the manifests to check, e.g. all documents of a YAML stream
 * @param options options of the run
 */
export function validateManifests(manifests: any[], options?: ValidationOptions): Finding[] {
  if (!Array.isArray(manifests)) {
    return [];
  }
  const runOptions: ValidationOptions = isObject(options) ? options! : {};
  const sink = new FindingSink();
  let index: ManifestIndex | undefined;
  manifests.forEach((manifest, documentIndex) => {
    const kind = argoKindOf(manifest);
    if (kind === undefined) {
      return;
    }
    index ??= ManifestIndex.build(manifests);
    if (kind === 'Rollout') {
      runRules(new RuleContext(manifest, documentIndex, index, runOptions, sink), ROLLOUT_RULES);
    } else if (kind === 'Experiment') {
      runRules(new ManifestContext(manifest, documentIndex, index, runOptions, sink), EXPERIMENT_MANIFEST_RULES);
    } else {
      runRules(new AnalysisContext(manifest, documentIndex, index, runOptions, sink), ANALYSIS_MANIFEST_RULES);
    }
  });
  return sink.findings();
}
