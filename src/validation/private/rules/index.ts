/**
 * The rule registries: every rule once per kind, in the controller's evaluation order
 * (argo-rollouts-rules.md, "Evaluation order").
 */
import { AnalysisContext, ManifestContext, Rule } from '../context';
import { ANALYSIS_RULES } from './analysis';
import { ANALYSIS_REFERENCE_RULES, ANALYSIS_RUN_RULES, ANALYSIS_TEMPLATE_RULES, EXPERIMENT_ANALYSIS_RULES } from './analysis-refs';
import { BACKGROUND_ANALYSIS_RULES } from './background-analysis';
import { BUDGET_RULES } from './budget';
import { CANARY_RULES } from './canary';
import { EXPERIMENT_RULES, EXPERIMENT_STEP_RULES } from './experiment';
import { GITOPS_RULES } from './gitops';
import { NOTIFICATION_CONFIG_RULES, NOTIFICATION_SUBSCRIPTION_RULES } from './notifications';
import { PLUGIN_CONFIG_RULES } from './plugin-config';
import { EXPERIMENT_POD_RULES, JOB_POD_RULES, ROLLOUT_POD_RULES } from './pods';
import { PROVIDER_RULES } from './providers';
import { ROLLOUT_SPEC_RULES } from './rollout-spec';
import { SCHEMA_RULES } from './schema';
import { SERVICE_EXISTENCE_RULES, SERVICE_RULES } from './services';
import { STRATEGY_RULES } from './strategy';
import { STRICT_DECODING_RULES } from './strict-decoding';
import { TRAFFIC_REFERENCE_RULES, TRAFFIC_RULES, WORKLOAD_REF_RULES } from './traffic';

/**
 * Rules run on every Rollout, in evaluation order: the spec (V01–V46; V18 and V19 appear twice,
 * blue-green, then canary), then the referenced objects as the controller fetches them (Services V47,
 * analysis templates V50) and checks them (V48–V49 and the Service ports, V70; V51–V57), then experiment steps (X06).
 * Traffic routing: workloadRef first (V67); Ingress/VirtualService fields and routing objects fetched
 * after the templates (V60, V61, V63, V62, V63); fetched objects checked after them (V58–V59, V64–V66), and the TrafficSplit the weight is set in (V69).
 * Then what the AnalysisRuns of background and experiment-step analyses would fail on (A15–A17), and a
 * background analysis whose metrics all end before the last step (A18).
 * Then how the manifest fares under a GitOps sync (L06), its notification subscriptions (N02, N08–N11).
 * Then whether the API server takes the pods its ReplicaSets make from the template (S08), and keeps the
 * template's fields in its Kubernetes version (S09).
 * Last, whether its update fits its capacity budgets (B01–B03).
 */
export const ROLLOUT_RULES: readonly Rule[] = [
  ...WORKLOAD_REF_RULES,
  ...ROLLOUT_SPEC_RULES,
  ...STRATEGY_RULES,
  ...CANARY_RULES,
  ...SERVICE_EXISTENCE_RULES,
  ...ANALYSIS_REFERENCE_RULES,
  ...TRAFFIC_REFERENCE_RULES,
  ...SERVICE_RULES,
  ...ANALYSIS_TEMPLATE_RULES,
  ...TRAFFIC_RULES,
  ...EXPERIMENT_STEP_RULES,
  ...ANALYSIS_RUN_RULES,
  ...BACKGROUND_ANALYSIS_RULES,
  ...GITOPS_RULES,
  ...NOTIFICATION_SUBSCRIPTION_RULES,
  ...ROLLOUT_POD_RULES,
  ...BUDGET_RULES,
];

/**
 * Rules run on every AnalysisTemplate, ClusterAnalysisTemplate and AnalysisRun: A01–A17, then P01–P06
 * and V07 (job pod templates), then S08 (the pods of those Jobs) and S09 (the fields of those Jobs).
 */
export const ANALYSIS_MANIFEST_RULES: readonly Rule<AnalysisContext>[] = [
  ...ANALYSIS_RULES,
  ...PROVIDER_RULES,
  ...JOB_POD_RULES,
];

/**
 * Rules run on every Experiment: X01–X06 (and V07 on its templates), then its analyses as at run
 * time (V53, A15–A17), then the pods its ReplicaSets make (S08) and the fields of its templates (S09).
 */
export const EXPERIMENT_MANIFEST_RULES: readonly Rule<ManifestContext>[] = [
  ...EXPERIMENT_RULES,
  ...EXPERIMENT_ANALYSIS_RULES,
  ...EXPERIMENT_POD_RULES,
];

/**
 * Rules run on every argoproj.io manifest before the rules of its kind: the CRD schema (S01–S04,
 * S06), which the API server checks before the controller sees the object.
 */
export const SCHEMA_MANIFEST_RULES: readonly Rule<ManifestContext>[] = SCHEMA_RULES;

/** Rules run on the ConfigMap argo-rollouts-config: C04, then C01–C03. */
export const PLUGIN_CONFIG_MANIFEST_RULES: readonly Rule<ManifestContext>[] = PLUGIN_CONFIG_RULES;

/** Rules run on every Service and Ingress: L01 (strict decoding). */
export const STRICT_DECODING_MANIFEST_RULES: readonly Rule<ManifestContext>[] = STRICT_DECODING_RULES;

/** Rules run on core ConfigMaps and Secrets whose name mentions notifications: N01–N08, N12. */
export const NOTIFICATION_MANIFEST_RULES: readonly Rule<ManifestContext>[] = NOTIFICATION_CONFIG_RULES;
