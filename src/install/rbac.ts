import { PolicyRule } from './objects';
import { ArgoRolloutsVersion } from './version';

const READ = ['get', 'list', 'watch'];

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
      apiGroups: v.isAtLeast(1, 9) ? ['elbv2.k8s.aws', 'eks.amazonaws.com'] : ['elbv2.k8s.aws'],
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
  public static readonly TRAEFIK = new ProviderPermissions('traefik', () => [
    { apiGroups: ['traefik.containo.us', 'traefik.io'], resources: ['traefikservices'], verbs: ['watch', 'get', 'update'] },
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
    if (rules.length === 0) {
      throw new Error(`ProviderPermissions.custom('${name}') needs at least one rule.`);
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

/** The controller's core rules (everything but the providers), with the index of the provider block. */
export function controllerRules(version: ArgoRolloutsVersion, providers: ProviderPermissions[], additional: PolicyRule[]): PolicyRule[] {
  const byName = new Map(providers.map(p => [p.name, p]));
  const take = (p: ProviderPermissions) => (byName.delete(p.name) ? p.rules(version) : []);
  // the upstream order: core rules, istio, smi, ambassador, endpoints + target groups, app mesh, traefik, apisix
  const rules: PolicyRule[] = [
    { apiGroups: ['argoproj.io'], resources: ['rollouts', 'rollouts/status', 'rollouts/finalizers'], verbs: ['get', 'list', 'watch', 'update', 'patch'] },
    {
      apiGroups: ['argoproj.io'],
      resources: ['analysisruns', 'analysisruns/finalizers', 'experiments', 'experiments/finalizers'],
      verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'],
    },
    { apiGroups: ['argoproj.io'], resources: ['analysistemplates', 'clusteranalysistemplates'], verbs: READ },
    { apiGroups: ['apps'], resources: ['replicasets'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'] },
    { apiGroups: ['', 'apps'], resources: ['deployments', 'podtemplates'], verbs: ['get', 'list', 'watch', 'update'] },
    { apiGroups: [''], resources: ['services'], verbs: ['get', 'list', 'watch', 'patch', 'create', 'delete'] },
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create', 'get', 'update'] },
    { apiGroups: [''], resources: ['secrets', 'configmaps'], verbs: READ },
    { apiGroups: [''], resources: ['pods'], verbs: ['list', 'update', 'watch'] },
    { apiGroups: [''], resources: ['pods/eviction'], verbs: ['create'] },
    { apiGroups: [''], resources: ['events'], verbs: ['create', 'update', 'patch'] },
    { apiGroups: ['networking.k8s.io', 'extensions'], resources: ['ingresses'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch'] },
    { apiGroups: ['batch'], resources: ['jobs'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'] },
    ...take(ProviderPermissions.ISTIO),
    ...take(ProviderPermissions.SMI),
    ...take(ProviderPermissions.AMBASSADOR),
    ...take(ProviderPermissions.AWS_LOAD_BALANCER_CONTROLLER),
    ...take(ProviderPermissions.APP_MESH),
    ...take(ProviderPermissions.TRAEFIK),
    ...take(ProviderPermissions.APISIX),
  ];
  // groups beyond the upstream ones, in the order given
  for (const p of providers) {
    if (byName.has(p.name)) rules.push(...p.rules(version));
  }
  rules.push(...additional);
  return rules;
}

/** Rules of the aggregate ClusterRoles (`admin`, `edit`, `view`). */
export function aggregateRules(role: 'admin' | 'edit' | 'view'): PolicyRule[] {
  const resources = ['rollouts', 'rollouts/scale', 'rollouts/status', 'experiments', 'analysistemplates', 'clusteranalysistemplates', 'analysisruns'];
  if (role === 'view') {
    return [{ apiGroups: ['argoproj.io'], resources: resources.filter(r => r !== 'rollouts/status'), verbs: READ }];
  }
  return [{ apiGroups: ['argoproj.io'], resources, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] }];
}

/** Rules of the dashboard's ClusterRole. */
export function dashboardRules(readOnly: boolean): PolicyRule[] {
  const w = (verbs: string[]) => (readOnly ? READ : verbs);
  return [
    { apiGroups: ['argoproj.io'], resources: ['rollouts', 'rollouts/status', 'rollouts/finalizers'], verbs: w(['get', 'list', 'watch', 'update', 'patch']) },
    {
      apiGroups: ['argoproj.io'],
      resources: ['analysisruns', 'analysisruns/finalizers', 'experiments', 'experiments/finalizers'],
      verbs: w(['create', 'get', 'list', 'watch']),
    },
    { apiGroups: ['argoproj.io'], resources: ['analysistemplates', 'clusteranalysistemplates'], verbs: READ },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: w(['get', 'update', 'list', 'watch', 'patch']) },
    { apiGroups: ['apps'], resources: ['replicasets'], verbs: READ },
    { apiGroups: [''], resources: ['pods'], verbs: ['list', 'watch'] },
  ];
}
