// The App Mesh router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.appMesh` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, port, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { nameOf, OwnedFieldsContext, pointer } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { STRING_LIST, struct } from '../private/arguments';
import { objectOrEmpty as obj } from '../private/manifest-types';
import { fail } from '../private/synth-error';

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

class AppMeshRouter implements ITrafficRouter {
  public readonly key = 'appMesh';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: AppMeshRouterOptions) {
    if (o.virtualService && (!o.canaryVirtualNode || !o.stableVirtualNode)) {
      fail('TrafficRouting.appMesh(): with your own virtualService, give canaryVirtualNode and stableVirtualNode too.');
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const api = 'appmesh.k8s.aws/v1beta2';
    const defined: ApiObject[] = [];
    const vsName = o.virtualService?.name ?? o.virtualServiceName ?? target.rolloutName;
    const routerName = o.virtualRouterName ?? `${target.rolloutName}-vrouter`;
    const canaryNode = o.canaryVirtualNode?.name ?? o.canaryVirtualNodeName ?? `${target.rolloutName}-vn-canary`;
    const stableNode = o.stableVirtualNode?.name ?? o.stableVirtualNodeName ?? `${target.rolloutName}-vn-stable`;
    if (!o.virtualService) {
      const p = () => port(target, 'appMesh', o.servicePort);
      defined.push(defineRouterObject(scope, 'AppMeshVirtualService', api, 'VirtualService', vsName, () => ({
        provider: { virtualRouter: { virtualRouterRef: { name: routerName } } },
      })));
      defined.push(defineRouterObject(scope, 'AppMeshVirtualRouter', api, 'VirtualRouter', routerName, () => ({
        listeners: [{ portMapping: { port: p(), protocol: 'http' } }],
        routes: [{
          name: 'primary',
          httpRoute: {
            match: { prefix: '/' },
            action: { weightedTargets: [{ virtualNodeRef: { name: canaryNode }, weight: 0 }, { virtualNodeRef: { name: stableNode }, weight: 100 }] },
          },
        }],
      })));
      const node = (id: string, name: string, role: 'canary' | 'stable') => defineRouterObject(scope, id, api, 'VirtualNode', name, () => ({
        podSelector: { matchLabels: { ...target.podLabels(), 'rollouts-pod-template-hash': `${role}-tbd` } },
        listeners: [{ portMapping: { port: o.containerPort ?? p(), protocol: 'http' } }],
        serviceDiscovery: { dns: { hostname: `${services(target, 'appMesh')[role]}.${o.namespace ?? 'default'}.svc.cluster.local`, responseType: 'ENDPOINTS' } },
      }));
      defined.push(node('AppMeshCanaryVirtualNode', canaryNode, 'canary'), node('AppMeshStableVirtualNode', stableNode, 'stable'));
    }
    const render = () => ({
      virtualService: { name: vsName, routes: o.routes ? [...o.routes] : undefined },
      virtualNodeGroup: { canaryVirtualNodeRef: { name: canaryNode }, stableVirtualNodeRef: { name: stableNode } },
    });
    return new Binding<AppMeshTrafficRoutingSpec>('appMesh', render, [...defined, ...appObjects([o.virtualService, o.canaryVirtualNode, o.stableVirtualNode])]);
  }
}

/**
 * What the controller writes in the App Mesh objects of `trafficRouting.appMesh`
 * (rollout/trafficrouting/appmesh): in the VirtualRouter that the VirtualService
 * (`virtualService.name`) names in `spec.provider.virtualRouter.virtualRouterRef`, the
 * `weightedTargets` of `spec.routes` (found only when the app holds the VirtualService); in the
 * canary and stable VirtualNodes (`virtualNodeGroup`), the label `rollouts-pod-template-hash` of
 * `spec.podSelector.matchLabels`.
 */
function appMeshOwnedFields(given: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const config = obj(given);
  const entries: IgnoreDifference[] = [];
  const serviceName = nameOf(obj(config.virtualService).name);
  const service = serviceName === undefined ? undefined : ctx.find(['appmesh.k8s.aws'], 'VirtualService', serviceName);
  const routerRef = obj(obj(obj(obj(service?.spec).provider).virtualRouter).virtualRouterRef);
  const routerName = nameOf(routerRef.name);
  if (routerName !== undefined) {
    entries.push(ctx.entry('appmesh.k8s.aws', 'VirtualRouter', routerName, ['/spec/routes'], nameOf(routerRef.namespace)));
  }
  const group = obj(config.virtualNodeGroup);
  const nodes = [nameOf(obj(group.canaryVirtualNodeRef).name), nameOf(obj(group.stableVirtualNodeRef).name)]
    .filter((n): n is string => n !== undefined);
  for (const node of [...new Set(nodes)]) {
    entries.push(ctx.entry('appmesh.k8s.aws', 'VirtualNode', node, [pointer('spec', 'podSelector', 'matchLabels', 'rollouts-pod-template-hash')]));
  }
  return entries;
}

/** `trafficRouting.appMesh`. */
interface AppMeshTrafficRoutingSpec {
  readonly virtualService?: { readonly name: string; readonly routes?: string[] };
  readonly virtualNodeGroup?: {
    readonly canaryVirtualNodeRef: { readonly name: string };
    readonly stableVirtualNodeRef: { readonly name: string };
  };
}

implementRouter<AppMeshRouterOptions>('TrafficRouting.appMesh', {
  options: struct('AppMeshRouterOptions', {
    virtualService: ROUTER_OBJECT,
    routes: STRING_LIST,
    canaryVirtualNode: ROUTER_OBJECT,
    stableVirtualNode: ROUTER_OBJECT,
    virtualServiceName: 'string',
    virtualRouterName: 'string',
    canaryVirtualNodeName: 'string',
    stableVirtualNodeName: 'string',
    servicePort: 'number',
    containerPort: 'number',
    namespace: 'string',
  }),
  create: options => new AppMeshRouter(options),
  ownedFields: appMeshOwnedFields,
});
