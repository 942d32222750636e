/**
 * An AnalysisTemplate or ClusterAnalysisTemplate that a Rollout, an Experiment or another template
 * references.
 *
 * Implemented by `AnalysisTemplate` and `ClusterAnalysisTemplate`, and by the references that
 * `AnalysisTemplate.fromAnalysisTemplateName()` and
 * `ClusterAnalysisTemplate.fromClusterAnalysisTemplateName()` return for templates defined elsewhere.
 */
export interface IAnalysisTemplate {
  /** The Kubernetes name of the template. */
  readonly name: string;

  /** Whether this is a cluster-scoped ClusterAnalysisTemplate. */
  readonly clusterScope: boolean;

  /**
   * The manifest of the template when this app defines it, so that references can be checked at
   * synth; `undefined` for templates defined elsewhere.
   */
  toManifest(): any;
}
