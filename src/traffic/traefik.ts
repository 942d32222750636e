import { RouterObject } from './router-object';

/** Options of the Traefik router. */
export interface TraefikRouterOptions {
  /**
   * The weighted TraefikService.
   *
   * @default - the router defines `<rollout>-traefik-service`
   */
  readonly weightedTraefikService?: RouterObject;
  /**
   * API version of the TraefikService the router defines.
   *
   * @default - the one the controller looks for: the `traefikApiVersion` flag of an `ArgoRollouts`
   * install in the app, else the default of the app's release (`traefik.io/v1alpha1` from 1.10,
   * `traefik.containo.us/v1alpha1` before)
   */
  readonly apiVersion?: string;
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}
