// Internals of validation/: the engine's types, a finding of a rule and the options of a validation run.
import { CapacityBudget, FindingSeverity, LintFinding } from '../types';

/**
 * One rule violation found in a set of manifests: a `LintFinding` before the linter places it in a file
 * (`documentIndex` is the position in the list given to the engine), with the offending value.
 */
export interface Finding extends Omit<LintFinding, 'file' | 'line' | 'severity'> {
  /** The offending value, when there is one. */
  readonly value?: any;
  /**
   * How serious the finding is; set only on warnings.
   *
   * @default FindingSeverity.ERROR
   */
  readonly severity?: FindingSeverity;
}

/**
 * Options of a validation run.
 */
export interface ValidationOptions {
  /**
   * Report references to objects that are not among the given manifests: a named Service (V47), an
   * AnalysisTemplate or ClusterAnalysisTemplate used by a Rollout or composed by a template (V50), a
   * router object — Ingress, VirtualService, Mapping, App Mesh object — (V63), the workload of a
   * `workloadRef` (V67), or a template used by an Experiment (X06). When false, references are checked
   * only against the objects that are present, and checks that need an absent object are skipped.
   *
   * @default false
   */
  readonly requireReferencedObjects?: boolean;

  /**
   * The file each manifest comes from, by position (the same number for the manifests of one file),
   * e.g. when a folder holds a base and an overlay that both define Rollout `demo` and its Services.
   * A reference then resolves within the referencing manifest's file first, then among the other
   * files; and an object defined twice in one file is reported (L05; only when this is given, as
   * the linter does).
   *
   * @default - all manifests come from one file, and L05 is not checked
   */
  readonly documentGroups?: number[];

  /**
   * The Argo Rollouts release the manifests are checked against: its CRD schemas (rules S01–S06)
   * and its rule differences (the version table): `1.10.0-rc1`, `1.9.1`, `1.8.4` or `1.8.3` (a
   * leading `v` is accepted). An unsupported version throws.
   *
   * @default '1.9.1'
   */
  readonly version?: string;

  /**
   * The Kubernetes version of the cluster the pod templates go to, as `'1.NN'`: `'1.27'`, `'1.32'`,
   * `'1.33'` or `'1.34'` (the versions of the cdk8s-plus lines this library is built for; a leading `v`
   * and a patch release, `'v1.33.2'`, are accepted). It decides the pod fields that exist (S09: a field
   * the version does not have is dropped by its API server from the ReplicaSets and Jobs made from a
   * template) and the pod-template checks that differ by version (V07: environment variable names,
   * DNS search domains, a hook's zero-second sleep). An unsupported version throws.
   *
   * @default - the Kubernetes version of the cdk8s-plus line the package is built for (1.27 for
   *   `cdk8s-argo-rollouts`, 1.NN for `cdk8s-argo-rollouts-plus-NN`)
   */
  readonly kubernetesVersion?: string;

  /**
   * A capacity budget for every Rollout of the run (the app-wide budget): an update whose most pods,
   * CPU or memory requested on the way (its plan's peak, also of a workloadRef migration and at an
   * HPA's maxReplicas) exceed it is reported (B02). A Rollout's own budget is set by annotations on
   * it (B01), and a ResourceQuota in its namespace counts as one too (B03).
   *
   * @default - no app-wide budget
   */
  readonly budget?: CapacityBudget;
}
