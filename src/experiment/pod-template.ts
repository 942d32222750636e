/**
 * Which defaults fill a pod template (of a Rollout or of an Experiment).
 */
export enum PodTemplateDefaults {
  /**
   * The defaults of cdk8s-plus workloads: restricted security contexts, resource requests and
   * limits, `imagePullPolicy: Always`, a TCP startup probe on the first port, no service-account
   * token, and the other pod fields cdk8s-plus writes out.
   */
  CDK8S_PLUS = 'cdk8s-plus',

  /**
   * Only what you set: fields you leave out stay out of the manifest, and Kubernetes applies its
   * own defaults. Use this to reproduce an existing manifest field for field.
   */
  NONE = 'none',
}
