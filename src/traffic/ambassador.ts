import { RouterObject } from './router-object';

/** Options of the Ambassador router. */
export interface AmbassadorRouterOptions {
  /**
   * The base Mappings; the controller creates a canary Mapping from each.
   *
   * @default - the router defines one Mapping named after the Rollout
   */
  readonly mappings?: RouterObject[];
  /** Name of the Mapping the router defines. @default - the Rollout's name */
  readonly mappingName?: string;
  /** URL prefix of the defined Mapping. @default '/' */
  readonly prefix?: string;
  /** Rewrite of the defined Mapping. @default - Ambassador's default */
  readonly rewrite?: string;
  /** Host of the defined Mapping. @default - any */
  readonly host?: string;
  /** Resolver of the defined Mapping. @default - Ambassador's default */
  readonly resolver?: string;
  /** API version of the Mapping. @default 'getambassador.io/v2' */
  readonly apiVersion?: string;
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}
