import * as kplus from '../private/kplus';

/** The Ingress a router defines. */
export interface RouterIngressOptions {
  /** Host of the Ingress rule. @default - any host */
  readonly host?: string;
  /** Path of the Ingress rule. @default '/' */
  readonly path?: string;
  /**
   * How the path is matched (`ImplementationSpecific` for controller wildcards such as the ALB's `/*`).
   *
   * @default HttpIngressPathType.PREFIX
   */
  readonly pathType?: kplus.HttpIngressPathType;
  /** Ingress class. @default - none (the cluster default, or the class annotation in `annotations`) */
  readonly ingressClassName?: string;
  /** Annotations of the Ingress. @default - none */
  readonly annotations?: { [key: string]: string };
  /** Name of the Ingress. @default - see the router */
  readonly name?: string;
}
