/**
 * Traffic-routing reference rules V58–V66 and the workloadRef rule V67.
 *
 * Referenced objects are looked up among the given manifests by API group, kind, namespace and name,
 * in the Rollout's namespace (an object without a namespace counts as one in any namespace, see
 * ManifestIndex); an Istio VirtualService may name another namespace as `name.namespace`. An object that is not among the
 * manifests is reported (V63, V67) only with `requireReferencedObjects`; the checks of its content
 * (V58, V59, V64–V66) run only on objects that are present.
 */
import { apiGroupOf } from '../../../private/object-identity';
import { releasesWith, versionFacts } from '../../../private/versions';
import { Rule, RuleContext } from '../context';
import { ManifestView } from '../manifest-view';
import { article, asArray, asNumber, asObject, asString, cutText, isObject, isSet, quote } from '../util';
import { appMeshRouteProblem, checkIngressBackends, checkVirtualService, routeTargets } from './traffic-objects';
import {
  albIngresses, ALB_PATH, ambassadorMapping, AMBASSADOR_PATH, appMeshObjects, APP_MESH_PATH, describeNamespace, ingress, isMisreadDottedName,
  ISTIO_PATH, NamedReference, nginxIngresses, NGINX_PATH, router, ROUTING_PATH, virtualServiceReferences,
} from './traffic-refs';

const WORKLOAD_REF_PATH = 'spec.workloadRef';

/** Workload kinds a `workloadRef` may name: API group ('' = core) and the only version served. */
const WORKLOAD_REF_KINDS: ReadonlyMap<string, { readonly group: string; readonly apiVersion: string }> = new Map([
  ['Deployment', { group: 'apps', apiVersion: 'apps/v1' }],
  ['ReplicaSet', { group: 'apps', apiVersion: 'apps/v1' }],
  ['PodTemplate', { group: '', apiVersion: 'v1' }],
]);

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** V67, the first thing the controller does for a Rollout: resolving its workloadRef. */
export const WORKLOAD_REF_RULES: readonly Rule[] = [
  {
    id: 'V67',
    check: ctx => {
      const ref = ctx.spec.workloadRef;
      if (!isSet(ref)) {
        return;
      }
      const kind = asString(asObject(ref)?.kind);
      const apiVersion = asString(asObject(ref)?.apiVersion);
      const group = apiGroupOf(apiVersion);
      const supported = WORKLOAD_REF_KINDS.get(kind);
      const shown = { apiVersion: asObject(ref)?.apiVersion, kind: asObject(ref)?.kind };
      const fix = 'Point workloadRef at apiVersion: apps/v1 with kind Deployment or ReplicaSet, or at apiVersion: v1 with kind PodTemplate.';
      if (supported === undefined || supported.group !== group) {
        const what = group === '' ? `kind ${quote(kind)} of the core API group` : `kind ${quote(kind)} of API group ${quote(group)}`;
        ctx.report(WORKLOAD_REF_PATH, `workloadRef names ${what} (${quote(shown)}); the controller can take the pod template only from an apps Deployment, an apps ReplicaSet or a core PodTemplate.`,
          fix, shown);
        return;
      }
      if (apiVersion !== supported.apiVersion) {
        ctx.report(WORKLOAD_REF_PATH, `workloadRef uses apiVersion ${quote(apiVersion)} for ${article(kind)} ${kind}, which is not a served API version (expected ${quote(supported.apiVersion)}).`,
          `Set workloadRef.apiVersion to ${supported.apiVersion}.`, shown);
        return;
      }
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      const name = asString(asObject(ref)?.name);
      if (ctx.index.workload(kind, ctx.namespace, name) === undefined) {
        ctx.report(WORKLOAD_REF_PATH, `The ${kind} ${quote(name)} named by workloadRef does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
          `Define ${article(kind)} ${kind} named ${quote(name)} in the Rollout's namespace, or correct workloadRef.name.`, name);
      }
    },
  },
];

/**
 * Traffic-routing rules of the controller's fetch phase, in its order: the nginx and ALB Ingress
 * fields (V60, V61), the Ingresses (V63), the Istio VirtualService fields (V62), then the
 * VirtualServices, Ambassador Mappings and App Mesh objects (V63).
 */
export const TRAFFIC_REFERENCE_RULES: readonly Rule[] = [
  {
    id: 'V60',
    check: ctx => {
      const nginx = router(ctx, 'nginx');
      if (nginx === undefined) {
        return;
      }
      const single = asString(nginx.stableIngress) !== '';
      const multiple = isSet(nginx.stableIngresses);
      if (single && multiple) {
        const value = { stableIngress: nginx.stableIngress, stableIngresses: nginx.stableIngresses };
        ctx.report(NGINX_PATH, `nginx sets both stableIngress ${quote(nginx.stableIngress)} and stableIngresses ${quote(nginx.stableIngresses)}; only one may be set.`,
          'Keep stableIngress for a single Ingress, or move every Ingress name into stableIngresses and remove stableIngress.', value);
      } else if (!single && !multiple) {
        ctx.report(NGINX_PATH, 'nginx sets neither stableIngress nor stableIngresses, so the controller has no stable Ingress to copy for the canary.',
          'Set nginx.stableIngress to the name of the Ingress that routes to stableService (or list several under stableIngresses).', nginx);
      }
    },
  },
  {
    id: 'V61',
    check: ctx => {
      const alb = router(ctx, 'alb');
      if (alb === undefined) {
        return;
      }
      const single = asString(alb.ingress) !== '';
      const multiple = isSet(alb.ingresses);
      if (single && multiple) {
        const value = { ingress: alb.ingress, ingresses: alb.ingresses };
        ctx.report(ALB_PATH, `alb sets both ingress ${quote(alb.ingress)} and ingresses ${quote(alb.ingresses)}; only one may be set.`,
          'Keep alb.ingress for a single Ingress, or move every Ingress name into alb.ingresses and remove alb.ingress.', value);
      } else if (!single && !multiple) {
        ctx.report(ALB_PATH, 'alb sets neither ingress nor ingresses, so the controller has no Ingress to write the traffic split to.',
          'Set alb.ingress to the name of the Ingress whose rule points at alb.rootService (or stableService), or list several under alb.ingresses.', alb);
      }
    },
  },
  {
    id: 'V63',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      const missing = (references: readonly NamedReference[], label: string) => {
        for (const reference of references) {
          if (ingress(ctx, reference.name) === undefined) {
            ctx.report(reference.path, `The ${label} Ingress ${quote(reference.name)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
              `Define an Ingress named ${quote(reference.name)} (networking.k8s.io/v1) in the Rollout's namespace, or correct the name.`, reference.name);
          }
        }
      };
      missing(nginxIngresses(ctx), 'nginx stable');
      missing(albIngresses(ctx), 'ALB');
    },
  },
  {
    id: 'V62',
    check: ctx => {
      const istio = router(ctx, 'istio');
      if (istio === undefined) {
        return;
      }
      const single = isSet(istio.virtualService);
      const multiple = isSet(istio.virtualServices);
      if (single && multiple) {
        const value = { virtualService: istio.virtualService, virtualServices: istio.virtualServices };
        ctx.report(ISTIO_PATH, `istio sets both virtualService ${quote(istio.virtualService)} and virtualServices ${quote(istio.virtualServices)}; only one may be set.`,
          'Keep istio.virtualService for a single VirtualService, or move every entry into istio.virtualServices and remove istio.virtualService.', value);
      } else if (!single && !multiple) {
        const only = isSet(istio.destinationRule) ? ' (a destinationRule alone is not enough)' : '';
        ctx.report(ISTIO_PATH, `istio sets neither virtualService nor virtualServices${only}, so the controller has no VirtualService to set weights on.`,
          'Set istio.virtualService.name to the VirtualService that routes to the canary and stable Services (or subsets), with routes naming its http route.', istio);
      }
    },
  },
  {
    id: 'V63',
    check: ctx => {
      const require = ctx.options.requireReferencedObjects === true;
      for (const reference of virtualServiceReferences(ctx)) {
        const fullName = asString(reference.entry.name);
        if (isMisreadDottedName(ctx, reference)) {
          ctx.report(`${reference.base}.name`,
            `The VirtualService reference ${quote(fullName)} holds a '.', so the controller reads it as VirtualService ${quote(reference.name)} ${describeNamespace(reference.namespace)}, `
            + `not as the VirtualService ${quote(fullName)} ${describeNamespace(ctx.namespace)} among the manifests.`,
            `Rename the VirtualService to a name without '.' (e.g. ${quote(fullName.replace(/\./g, '-'))}) and reference that name; `
            + "in istio.virtualService(s).name a '.' always separates name and namespace.", fullName);
        } else if (require && reference.object === undefined) {
          ctx.report(`${reference.base}.name`,
            `The VirtualService ${quote(reference.name)} does not exist among the manifests (looked for ${describeNamespace(reference.namespace)}).`,
            `Define an Istio VirtualService (networking.istio.io) named ${quote(reference.name)} ${describeNamespace(reference.namespace)}, or correct the name (use name.namespace for another namespace).`,
            fullName);
        }
      }
      const ambassador = router(ctx, 'ambassador');
      if (ambassador !== undefined) {
        const mappings = asArray(ambassador.mappings);
        if (mappings.length === 0) {
          ctx.report(`${AMBASSADOR_PATH}.mappings`, `ambassador.mappings is ${quote(ambassador.mappings)}; the controller needs at least one base Mapping to create the canary Mapping from.`,
            'List the name of the Ambassador Mapping that routes to stableService under ambassador.mappings.', ambassador.mappings);
        } else if (require) {
          mappings.forEach((value, k) => {
            const name = asString(value);
            if (ambassadorMapping(ctx, name) === undefined) {
              ctx.report(`${AMBASSADOR_PATH}.mappings[${k}]`, `The Ambassador Mapping ${quote(name)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
                `Define a Mapping (getambassador.io) named ${quote(name)} in the Rollout's namespace, or correct the name.`, name);
            }
          });
        }
      }
      const appMesh = router(ctx, 'appMesh');
      if (appMesh !== undefined) {
        const objects = appMeshObjects(ctx);
        if (objects === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`, 'appMesh sets no virtualService, so the controller has no App Mesh VirtualService (and VirtualRouter) to shift traffic with.',
            'Set appMesh.virtualService.name to the App Mesh VirtualService whose provider is the VirtualRouter of the canary and stable VirtualNodes.');
        } else if (require && objects.virtualService === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`,
            `The App Mesh VirtualService ${quote(objects.serviceName)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
            `Define an App Mesh VirtualService (appmesh.k8s.aws) named ${quote(objects.serviceName)} in the Rollout's namespace, or correct appMesh.virtualService.name.`,
            objects.serviceName);
        } else if (require && objects.routerRef !== undefined && objects.router === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`,
            `The VirtualRouter ${quote(objects.routerName)} that App Mesh VirtualService ${quote(objects.serviceName)} uses does not exist among the manifests (looked for ${describeNamespace(objects.routerNamespace)}).`,
            `Define an App Mesh VirtualRouter named ${quote(objects.routerName)} ${describeNamespace(objects.routerNamespace)}, or correct spec.provider.virtualRouter.virtualRouterRef of VirtualService ${quote(objects.serviceName)}.`,
            objects.routerName);
        }
      }
    },
  },
];

/** True when a manifest names the Rollout of `ctx` as its controlling owner (`ownerReferences[].controller`). */
function controlledByRollout(ctx: RuleContext, manifest: ManifestView): boolean {
  return asArray(asObject(manifest.metadata)?.ownerReferences).some((owner) => isObject(owner) && owner.controller === true
    && owner.kind === 'Rollout' && apiGroupOf(owner.apiVersion) === 'argoproj.io' && owner.name === ctx.name);
}

/**
 * Checks of the fetched routing objects, in the controller's order: Ingresses (V58, V59),
 * VirtualServices (V64), Ambassador Mappings (V65), App Mesh (V66); then, as the weight is set,
 * the SMI TrafficSplit (V69).
 */
export const TRAFFIC_RULES: readonly Rule[] = [
  {
    id: 'V58',
    check: ctx => {
      const stable = asString(ctx.canary?.stableService);
      checkIngressBackends(ctx, nginxIngresses(ctx), stable, name => `The nginx stable Ingress ${quote(name)}`,
        name => `Point a path of Ingress ${quote(name)} at the Service ${quote(stable)} (backend.service.name: ${cutText(stable)}), or set stableService to the Service the Ingress routes to.`);
    },
  },
  {
    id: 'V59',
    check: ctx => {
      const alb = router(ctx, 'alb');
      if (alb === undefined) {
        return;
      }
      const stable = asString(ctx.canary?.stableService);
      if (router(ctx, 'nginx') !== undefined && versionFacts(ctx.options.version).rules.ingressesCheckedAsNginx) {
        // this release checks the ALB Ingresses of a Rollout that also routes through nginx as nginx's
        const later = releasesWith(f => !f.rules.ingressesCheckedAsNginx);
        checkIngressBackends(ctx, albIngresses(ctx), stable,
          name => `With an nginx router too, Argo Rollouts ${ctx.options.version} checks the ALB Ingress ${quote(name)} as an nginx stable Ingress, and it`,
          name => `Point a path of Ingress ${quote(name)} at the Service ${quote(stable)} (stableService) as well, or use a release that checks it against `
            + `alb.rootService (${later.join(', ')}).`);
        return;
      }
      const root = asString(alb.rootService);
      const service = root !== '' ? root : stable;
      const field = root !== '' ? 'alb.rootService' : 'stableService (alb.rootService is not set)';
      checkIngressBackends(ctx, albIngresses(ctx), service, name => `The ALB Ingress ${quote(name)}`,
        name => `Point a path of Ingress ${quote(name)} at the Service ${quote(service)} named by ${field} (backend.service.name: ${cutText(service)}, port.name: use-annotation), or correct ${root !== '' ? 'alb.rootService' : 'stableService'}.`);
    },
  },
  {
    id: 'V64',
    check: ctx => {
      const references = virtualServiceReferences(ctx);
      if (references.length > 0) {
        const targets = routeTargets(ctx);
        for (const reference of references) {
          if (reference.object !== undefined) {
            checkVirtualService(ctx, reference, targets);
          }
        }
      }
      // The DestinationRule's subsets are not checked: the controller only relabels the subsets it
      // finds, so a DestinationRule that lacks one is no InvalidSpec.
    },
  },
  {
    id: 'V65',
    check: ctx => {
      asArray(router(ctx, 'ambassador')?.mappings).forEach((value, k) => {
        const name = asString(value);
        const mapping = ambassadorMapping(ctx, name);
        const weight = asObject(mapping?.spec)?.weight;
        if (asNumber(weight) !== undefined && weight !== 0) {
          ctx.report(`${AMBASSADOR_PATH}.mappings[${k}]`, `The base Ambassador Mapping ${quote(name)} sets spec.weight to ${quote(weight)}; the controller requires base Mappings to carry no weight.`,
            `Remove spec.weight from Mapping ${quote(name)}; the controller sets the weight on the canary Mapping it creates.`, weight);
        }
      });
    },
  },
  {
    id: 'V66',
    check: ctx => {
      if (router(ctx, 'appMesh') === undefined) {
        return;
      }
      const objects = appMeshObjects(ctx);
      if (objects?.virtualService === undefined) {
        return;
      }
      const path = `${APP_MESH_PATH}.virtualService`;
      const service = quote(objects.serviceName);
      if (objects.routerRef === undefined) {
        const provider = asObject(asObject(objects.virtualService.spec)?.provider);
        ctx.report(path, `The App Mesh VirtualService ${service} is not provided by a VirtualRouter (its provider is ${quote(provider)}), so the controller cannot split its traffic.`,
          `Set spec.provider.virtualRouter.virtualRouterRef.name of VirtualService ${service} to a VirtualRouter whose routes target the canary and stable VirtualNodes.`, provider);
        return;
      }
      if (objects.router === undefined) {
        return;
      }
      const routerName = quote(objects.routerName);
      const routes = asObject(objects.router.spec)?.routes;
      if (!Array.isArray(routes) || routes.length === 0) {
        ctx.report(path, `The VirtualRouter ${routerName} of App Mesh VirtualService ${service} has no routes (spec.routes is ${quote(routes)}).`,
          `Add a route to VirtualRouter ${routerName} with an httpRoute whose action.weightedTargets list the canary and stable VirtualNodes.`, routes);
        return;
      }
      routes.forEach((route, i) => {
        const problem = appMeshRouteProblem(route);
        if (problem !== undefined) {
          const name = asString(asObject(route)?.name);
          const which = name === '' ? `route [${i}]` : `route [${i}] ${quote(name)}`;
          ctx.report(path, `The ${which} of VirtualRouter ${routerName} (App Mesh VirtualService ${service}) ${problem}.`,
            'Give every route of the VirtualRouter one httpRoute, http2Route, grpcRoute or tcpRoute whose action.weightedTargets has exactly two entries: the canary and the stable VirtualNode.',
            route);
        }
      });
    },
  },
  {
    id: 'V69',
    check: ctx => {
      const smi = router(ctx, 'smi');
      if (smi === undefined) {
        return;
      }
      const given = asString(smi.trafficSplitName);
      const name = given !== '' ? given : ctx.name;
      const split = ctx.index.object(['split.smi-spec.io'], 'TrafficSplit', ctx.namespace, name);
      if (split === undefined || controlledByRollout(ctx, split)) {
        return;
      }
      const which = given !== '' ? `trafficSplitName ${quote(name)}` : `the Rollout's name, ${quote(name)} (trafficSplitName is not set)`;
      ctx.report(`${ROUTING_PATH}.smi`, `The TrafficSplit ${quote(name)} is among the manifests, but the controller only changes a TrafficSplit it created itself, `
        + `with an owner reference to the Rollout; it would stop at the first weight step with "Rollout does not own TrafficSplit". The TrafficSplit is named by ${which}.`,
      `Remove the TrafficSplit ${quote(name)} from the manifests (the controller creates it), or set trafficSplitName to a name no object uses.`, name);
    },
  },
];
