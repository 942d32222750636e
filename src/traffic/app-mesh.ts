import { RouterObject } from './router-object';

/** Options of the App Mesh router. */
export interface AppMeshRouterOptions {
  /**
   * The App Mesh VirtualService (its provider must be a VirtualRouter).
   *
   * @default - the router defines a VirtualService, a VirtualRouter and the two VirtualNodes
   */
  readonly virtualService?: RouterObject;
  /** Routes of the VirtualRouter to edit. @default - all its routes (the router the library defines has one, `primary`) */
  readonly routes?: string[];
  /** The canary VirtualNode, with your own VirtualService. @default - defined */
  readonly canaryVirtualNode?: RouterObject;
  /** The stable VirtualNode, with your own VirtualService. @default - defined */
  readonly stableVirtualNode?: RouterObject;
  /** Name of the defined VirtualService. @default - the Rollout's name */
  readonly virtualServiceName?: string;
  /** Name of the defined VirtualRouter. @default `<rollout>-vrouter` */
  readonly virtualRouterName?: string;
  /** Name of the defined canary VirtualNode. @default `<rollout>-vn-canary` */
  readonly canaryVirtualNodeName?: string;
  /** Name of the defined stable VirtualNode. @default `<rollout>-vn-stable` */
  readonly stableVirtualNodeName?: string;
  /** Port of the VirtualRouter listener. @default - the port of the stable Service */
  readonly servicePort?: number;
  /** Port of the VirtualNode listeners (the container port). @default - the Service port */
  readonly containerPort?: number;
  /** Namespace used in the VirtualNodes' DNS names. @default 'default' */
  readonly namespace?: string;
}
