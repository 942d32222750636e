import { RouterObject } from './router-object';

/** Options of the APISIX router. */
export interface ApisixRouterOptions {
  /**
   * The ApisixRoute.
   *
   * @default - the router defines `<rollout>-apisix-route`
   */
  readonly route?: RouterObject;
  /** Names of the rules to edit. @default - the rule of the defined route */
  readonly rules?: string[];
  /** Name of the ApisixRoute the router defines. @default `<rollout>-apisix-route` */
  readonly routeName?: string;
  /** Name of the rule of the defined route. @default 'primary' */
  readonly ruleName?: string;
  /** Hosts of the defined rule. @default - any */
  readonly hosts?: string[];
  /** Paths of the defined rule. @default ['/*'] */
  readonly paths?: string[];
  /** Methods of the defined rule. @default - any */
  readonly methods?: string[];
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}
