import { POLICY_RULE } from './private/option-shapes';
import { checkArgument, checkListArgument } from '../private/arguments';
import { fail } from '../private/synth-error';
import { ArgoRolloutsVersion } from '../release/version';


/**
 * The controller's permissions for one traffic provider or integration. Leave a group out of
 * `ArgoRolloutsProps.providerPermissions` when the cluster does not run that provider.
 */
export class ProviderPermissions {
  /** Istio VirtualServices and DestinationRules. */
  public static readonly ISTIO = new ProviderPermissions('istio', () => [
    { apiGroups: ['networking.istio.io'], resources: ['virtualservices', 'destinationrules'], verbs: ['watch', 'get', 'update', 'patch', 'list'] },
  ]);

  /** SMI TrafficSplits. */
  public static readonly SMI = new ProviderPermissions('smi', () => [
    { apiGroups: ['split.smi-spec.io'], resources: ['trafficsplits'], verbs: ['create', 'watch', 'get', 'update', 'patch'] },
  ]);

  /** Ambassador / Emissary Mappings. */
  public static readonly AMBASSADOR = new ProviderPermissions('ambassador', () => [
    {
      apiGroups: ['getambassador.io', 'x.getambassador.io'],
      resources: ['mappings', 'ambassadormappings'],
      verbs: ['create', 'watch', 'get', 'update', 'list', 'delete'],
    },
  ]);

  /** AWS Load Balancer Controller: endpoints and TargetGroupBindings (ALB target-group verification). */
  public static readonly AWS_LOAD_BALANCER_CONTROLLER = new ProviderPermissions('aws-load-balancer-controller', v => [
    { apiGroups: [''], resources: ['endpoints'], verbs: ['get'] },
    {
      apiGroups: [...v._facts.awsLoadBalancerApiGroups],
      resources: ['targetgroupbindings'],
      verbs: ['list', 'get'],
    },
  ]);

  /** AWS App Mesh VirtualServices, VirtualNodes and VirtualRouters. */
  public static readonly APP_MESH = new ProviderPermissions('app-mesh', () => [
    { apiGroups: ['appmesh.k8s.aws'], resources: ['virtualservices'], verbs: ['watch', 'get', 'list'] },
    { apiGroups: ['appmesh.k8s.aws'], resources: ['virtualnodes', 'virtualrouters'], verbs: ['watch', 'get', 'list', 'update', 'patch'] },
  ]);

  /** Traefik TraefikServices. */
  public static readonly TRAEFIK = new ProviderPermissions('traefik', v => [
    { apiGroups: [...v._facts.traefikApiGroups], resources: ['traefikservices'], verbs: ['watch', 'get', 'update'] },
  ]);

  /** Apache APISIX ApisixRoutes. */
  public static readonly APISIX = new ProviderPermissions('apisix', () => [
    { apiGroups: ['apisix.apache.org'], resources: ['apisixroutes'], verbs: ['watch', 'get', 'update'] },
  ]);

  /**
   * Gateway API routes, for the Gateway API traffic-router plugin. Not part of the upstream install.
   */
  public static readonly GATEWAY_API = new ProviderPermissions('gateway-api', () => [
    {
      apiGroups: ['gateway.networking.k8s.io'],
      resources: ['httproutes', 'grpcroutes', 'tcproutes', 'tlsroutes', 'udproutes'],
      verbs: ['get', 'list', 'watch', 'update', 'patch'],
    },
    { apiGroups: [''], resources: ['configmaps'], verbs: ['create', 'update'] },
  ]);

  /** The groups of the upstream install, in its order. */
  public static defaults(): ProviderPermissions[] {
    return [
      ProviderPermissions.ISTIO, ProviderPermissions.SMI, ProviderPermissions.AMBASSADOR, ProviderPermissions.AWS_LOAD_BALANCER_CONTROLLER,
      ProviderPermissions.APP_MESH, ProviderPermissions.TRAEFIK, ProviderPermissions.APISIX,
    ];
  }

  /**
   * Permissions of a provider this library does not know (e.g. a traffic-router plugin).
   *
   * @param name a name for messages
   * @param rules the rules
   */
  public static custom(name: string, rules: PolicyRule[]): ProviderPermissions {
    checkArgument('ProviderPermissions.custom()', 'name', name, 'string');
    checkListArgument('ProviderPermissions.custom()', 'rules', rules, POLICY_RULE);
    if (rules.length === 0) {
      fail(`ProviderPermissions.custom('${name}') needs at least one rule.`);
    }
    const copy = rules.map(r => ({ ...r }));
    return new ProviderPermissions(name, () => copy);
  }

  private constructor(
    /** The provider's name. */
    public readonly name: string,
    private readonly rulesFor: (version: ArgoRolloutsVersion) => PolicyRule[]) {}

  /** The rules of this group for a version. */
  public rules(version: ArgoRolloutsVersion): PolicyRule[] {
    return this.rulesFor(version);
  }
}

/** A policy rule of a Role or ClusterRole. */
export interface PolicyRule {
  /**
   * API groups; `''` is the core group.
   */
  readonly apiGroups: string[];

  /**
   * Resources, e.g. `rollouts` or `rollouts/status`.
   */
  readonly resources: string[];

  /**
   * Verbs, e.g. `get`, `list`, `watch`.
   */
  readonly verbs: string[];

  /**
   * Restrict the rule to these object names.
   *
   * @default - all objects
   */
  readonly resourceNames?: string[];
}
