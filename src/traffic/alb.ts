import { Duration } from 'cdk8s';
import { RouterIngressOptions } from './ingress';
import { RouterObject } from './router-object';

/** Options of the ALB router. */
export interface AlbRouterOptions extends RouterIngressOptions {
  /**
   * The Ingress(es) the AWS Load Balancer Controller serves; their backend is the root Service with
   * port `use-annotation`, and the Argo controller writes the weighted action annotation.
   *
   * @default - the router defines `<rollout>-ingress`
   */
  readonly ingresses?: RouterObject[];
  /** The Service port the action forwards to. @default - the port of the stable Service */
  readonly servicePort?: number;
  /** The Service named in the Ingress and its action. @default - the stable Service */
  readonly rootService?: string;
  /** Prefix of the ALB annotations. @default 'alb.ingress.kubernetes.io' */
  readonly annotationPrefix?: string;
  /** Target-group stickiness for this long. @default - no stickiness */
  readonly stickiness?: Duration;
}
