import * as kplus from 'cdk8s-plus-27';
import { renderContainer } from '../private/pod-defaults';

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

/**
 * The containers of a pod template built with the cdk8s-plus container API, as plain JSON.
 */
export function renderContainers(containers: kplus.ContainerProps[], defaults: PodTemplateDefaults): any[] {
  return containers.map(props => renderContainer(props, defaults !== PodTemplateDefaults.NONE));
}
