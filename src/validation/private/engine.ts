/**
 * The rule engine: runs the rules of each Argo Rollouts kind on every such manifest of a set of plain
 * manifests.
 */
import { AnalysisContext, argoKindOf, FindingSink, ManifestContext, ManifestIndex, Rule, RuleContext } from './context';
import { reportDuplicateObjects } from './duplicates';
import {
  ANALYSIS_MANIFEST_RULES, EXPERIMENT_MANIFEST_RULES, NOTIFICATION_MANIFEST_RULES, PLUGIN_CONFIG_MANIFEST_RULES, ROLLOUT_RULES,
  SCHEMA_MANIFEST_RULES, STRICT_DECODING_MANIFEST_RULES,
} from './rules';
import { NAME_RULES, nameSyntaxOf } from './rules/names';
import { isNotificationObject } from './rules/notifications';
import { isControllerConfigMap } from './rules/plugin-config';
import { schemaVersion } from './schema-loader';
import { Finding, ValidationOptions } from '../types';
import { isObject } from './util';

// Each argoproj.io kind runs the CRD schema rules first: the API server checks them before the
// controller sees the object.
// (and the object's name, S07, which the API server checks too).
const ROLLOUT_MANIFEST_RULES: readonly Rule[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...ROLLOUT_RULES];
const ANALYSIS_KIND_RULES: readonly Rule<AnalysisContext>[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...ANALYSIS_MANIFEST_RULES];
const EXPERIMENT_KIND_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...EXPERIMENT_MANIFEST_RULES];
const NAMED_STRICT_DECODING_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...STRICT_DECODING_MANIFEST_RULES];
const NAMED_PLUGIN_CONFIG_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...PLUGIN_CONFIG_MANIFEST_RULES];
const NAMED_NOTIFICATION_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...NOTIFICATION_MANIFEST_RULES];

/** The rules of a manifest that is not an argoproj.io kind, if any apply to it. */
function coreRulesOf(manifest: any): readonly Rule<ManifestContext>[] | undefined {
  if (!isObject(manifest)) {
    return undefined;
  }
  const named = nameSyntaxOf(manifest) !== undefined;
  if (manifest.kind === 'Service' || manifest.kind === 'Ingress') {
    return named ? NAMED_STRICT_DECODING_RULES : STRICT_DECODING_MANIFEST_RULES;
  }
  if (isControllerConfigMap(manifest)) {
    return named ? NAMED_PLUGIN_CONFIG_RULES : PLUGIN_CONFIG_MANIFEST_RULES;
  }
  if (isNotificationObject(manifest)) {
    return named ? NAMED_NOTIFICATION_RULES : NOTIFICATION_MANIFEST_RULES;
  }
  return named ? NAME_RULES : undefined;
}

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
 * Rollouts (V01–V69, X06), AnalysisTemplates, ClusterAnalysisTemplates and AnalysisRuns (A01–A17,
 * P01–P06) and Experiments (X01–X06), each first against the CRD schema of the chosen version
 * (S01–S04, S06); Services and Ingresses are decoded strictly (L01), and the ConfigMap
 * argo-rollouts-config's plugin lists are checked (C01–C04), and the notification ConfigMap and Secret
 * and the Rollouts' notification subscriptions (N01–N12); each Rollout's update is checked against its
 * capacity budgets (B01–B03: its own annotations, `options.budget`, a ResourceQuota of its namespace).
 * The names and namespaces of these and of the other objects whose kinds the engine knows are
 * checked by the rule of their kind (S07), and, when `documentGroups` says which file each manifest
 * comes from, an object defined twice in one file is reported (L05).
 *
 * Other manifests serve as the targets of references (Services, the workloads named by `workloadRef`,
 * and the analysis templates that Rollouts and Experiments use). Findings are ordered by document
 * index, then by the controller's rule evaluation order, then by path. The engine never throws,
 * whatever the input (an unsupported `options.version` throws).
 *
 * @param manifests the manifests to check, e.g. all documents of a YAML stream
 * @param options options of the run
 */
export function validateManifests(manifests: any[], options?: ValidationOptions): Finding[] {
  if (!Array.isArray(manifests)) {
    return [];
  }
  const given: ValidationOptions = isObject(options) ? options! : {};
  const runOptions: ValidationOptions = { ...given, version: schemaVersion(given.version) };
  const sink = new FindingSink();
  let index: ManifestIndex | undefined;
  manifests.forEach((manifest, documentIndex) => {
    const kind = argoKindOf(manifest);
    if (kind === undefined) {
      const rules = coreRulesOf(manifest);
      if (rules !== undefined) {
        index ??= ManifestIndex.build(manifests, runOptions.documentGroups);
        runRules(new ManifestContext(manifest, documentIndex, index.from(documentIndex), runOptions, sink), rules);
      }
      return;
    }
    index ??= ManifestIndex.build(manifests, runOptions.documentGroups);
    if (kind === 'Rollout') {
      runRules(new RuleContext(manifest, documentIndex, index.from(documentIndex), runOptions, sink), ROLLOUT_MANIFEST_RULES);
    } else if (kind === 'Experiment') {
      runRules(new ManifestContext(manifest, documentIndex, index.from(documentIndex), runOptions, sink), EXPERIMENT_KIND_RULES);
    } else {
      runRules(new AnalysisContext(manifest, documentIndex, index.from(documentIndex), runOptions, sink), ANALYSIS_KIND_RULES);
    }
  });
  if (Array.isArray(runOptions.documentGroups)) {
    // only a run that knows its files can tell an object defined twice from two files defining it
    reportDuplicateObjects(manifests, runOptions.documentGroups, sink);
  }
  return sink.findings();
}
