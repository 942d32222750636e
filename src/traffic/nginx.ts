import { RouterIngressOptions } from './ingress';
import { RouterObject } from './router-object';

/** Options of the NGINX router. */
export interface NginxRouterOptions extends RouterIngressOptions {
  /**
   * The stable Ingress(es), whose backend is the stable Service; the controller creates a canary
   * Ingress next to each.
   *
   * @default - the router defines `<rollout>-stable`
   */
  readonly stableIngresses?: RouterObject[];
  /** Prefix of the NGINX annotations. @default 'nginx.ingress.kubernetes.io' */
  readonly annotationPrefix?: string;
  /** Annotations added to the canary Ingress, prefixed with `annotationPrefix`. @default - none */
  readonly additionalIngressAnnotations?: { [key: string]: string };
  /** Annotations added to the canary Ingress as given. @default - none */
  readonly canaryIngressAnnotations?: { [key: string]: string };
  /** The Service port of the defined Ingress's backend. @default - the port of the stable Service */
  readonly servicePort?: number;
}
