/**
 * The rule registries: every rule once per kind, in the controller's evaluation order
 * (argo-rollouts-rules.md, "Evaluation order").
 */
import { AnalysisContext, ManifestContext, Rule } from '../context';
import { ANALYSIS_RULES } from './analysis';
import { ANALYSIS_REFERENCE_RULES, ANALYSIS_TEMPLATE_RULES } from './analysis-refs';
import { CANARY_RULES } from './canary';
import { EXPERIMENT_RULES, EXPERIMENT_STEP_RULES } from './experiment';
import { PROVIDER_RULES } from './providers';
import { ROLLOUT_SPEC_RULES } from './rollout-spec';
import { SERVICE_EXISTENCE_RULES, SERVICE_RULES } from './services';
import { STRATEGY_RULES } from './strategy';

/**
 * Rules run on every Rollout, in evaluation order: the spec (V01–V46; V18 and V19 appear twice,
 * blue-green, then canary), then the referenced objects as the controller fetches them (Services V47,
 * analysis templates V50) and checks them (V48–V49, V51–V57), then experiment steps (X06).
 */
export const ROLLOUT_RULES: readonly Rule[] = [
  ...ROLLOUT_SPEC_RULES,
  ...STRATEGY_RULES,
  ...CANARY_RULES,
  ...SERVICE_EXISTENCE_RULES,
  ...ANALYSIS_REFERENCE_RULES,
  ...SERVICE_RULES,
  ...ANALYSIS_TEMPLATE_RULES,
  ...EXPERIMENT_STEP_RULES,
];

/** Rules run on every AnalysisTemplate, ClusterAnalysisTemplate and AnalysisRun: A01–A17, then P01–P06. */
export const ANALYSIS_MANIFEST_RULES: readonly Rule<AnalysisContext>[] = [
  ...ANALYSIS_RULES,
  ...PROVIDER_RULES,
];

/** Rules run on every Experiment: X01–X06. */
export const EXPERIMENT_MANIFEST_RULES: readonly Rule<ManifestContext>[] = EXPERIMENT_RULES;
