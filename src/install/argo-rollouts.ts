import { createHash } from 'crypto';
import { ApiObject, Lazy, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { ControllerFlags } from './controller-flags';
import { ArgoRolloutsCrds, ArgoRolloutsCrdsProps } from './crds';
import { loadNotificationCatalog } from './data';
import { ImageOptions } from './image';
import { NotificationOptions } from './notifications';
import { componentLabels, defineObject, renderRule } from './objects';
import { ControllerPlugin, ControllerPluginKind } from './plugins';
import { PolicyRule, ProviderPermissions } from './rbac';
import { aggregateRules, controllerRules, dashboardRules, imageReference, notificationConfigData, renderControllerFlags } from './render';
import { addControllerSettings, controllerRequirements } from './requirements';
import { ArgoRolloutsVersion } from './version';
import { AppRegistry } from '../private/app-registry';
import { argumentOrDefault, checkArgument, checkListArgument, ExpectedClass } from '../private/arguments';
import { checkDuplicateObjects } from '../private/duplicate-objects';
import { dns1123LabelError } from '../private/name-syntax';
import { checkInteger, copyMap, undefinedIfEmpty } from '../private/utils';

const NAME = 'argo-rollouts';
const CONTROLLER_LABELS = componentLabels('rollouts-controller', NAME);
const SELECTOR = { 'app.kubernetes.io/name': NAME };
const DASHBOARD = 'argo-rollouts-dashboard';
const DASHBOARD_SELECTOR = { 'app.kubernetes.io/name': DASHBOARD };
const RBAC = 'rbac.authorization.k8s.io';
const GVK = {
  serviceAccount: { apiVersion: 'v1', kind: 'ServiceAccount' },
  clusterRole: { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole' },
  clusterRoleBinding: { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding' },
  role: { apiVersion: `${RBAC}/v1`, kind: 'Role' },
  roleBinding: { apiVersion: `${RBAC}/v1`, kind: 'RoleBinding' },
  configMap: { apiVersion: 'v1', kind: 'ConfigMap' },
  secret: { apiVersion: 'v1', kind: 'Secret' },
  service: { apiVersion: 'v1', kind: 'Service' },
  deployment: { apiVersion: 'apps/v1', kind: 'Deployment' },
  pdb: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget' },
  networkPolicy: { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy' },
  serviceMonitor: { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' },
  namespace: { apiVersion: 'v1', kind: 'Namespace' },
  ingress: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
  httpRoute: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' },
};

/** The restricted Pod Security Standard, for containers. */
const RESTRICTED_CONTAINER = {
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  readOnlyRootFilesystem: true,
  seccompProfile: { type: 'RuntimeDefault' },
};

/**
 * A PodDisruptionBudget for the controller. Set exactly one field.
 */
export interface ControllerDisruptionBudget {
  /**
   * Pods that must stay available.
   *
   * @default - not set
   */
  readonly minAvailable?: kplus.PercentOrAbsolute;

  /**
   * Pods that may be unavailable.
   *
   * @default - not set
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;
}

/**
 * Options of the controller Deployment.
 */
export interface ControllerOptions {
  /**
   * Controller replicas. Above 1, the pods prefer different nodes; one of them leads (leader
   * election is on by default).
   *
   * @default 1
   */
  readonly replicas?: number;

  /**
   * A PodDisruptionBudget for the controller.
   *
   * @default - none
   */
  readonly podDisruptionBudget?: ControllerDisruptionBudget;

  /**
   * Resources of the controller container.
   *
   * @default - an ephemeral-storage limit of 1Gi, as upstream
   */
  readonly resources?: kplus.ContainerResources;

  /**
   * The controller image.
   *
   * @default - `quay.io/argoproj/argo-rollouts:<version tag>`, pulled if not present
   */
  readonly image?: ImageOptions;

  /**
   * Names of Secrets to pull the image with.
   *
   * @default - none
   */
  readonly imagePullSecrets?: string[];

  /**
   * Typed controller flags.
   *
   * @default - the controller's defaults
   */
  readonly flags?: ControllerFlags;

  /**
   * Arguments added after the typed flags, for flags this library does not type.
   *
   * @default - none
   */
  readonly extraArgs?: string[];

  /**
   * Environment variables of the controller (e.g. `ARGO_ROLLOUTS_PROMETHEUS_ADDRESS`).
   *
   * @default - none
   */
  readonly env?: { [name: string]: string };

  /**
   * Node labels the controller pods must run on.
   *
   * @default - any node
   */
  readonly nodeSelector?: { [key: string]: string };

  /**
   * Tolerations of the controller pods.
   *
   * @default - none
   */
  readonly tolerations?: kplus.k8s.Toleration[];

  /**
   * Affinity of the controller pods.
   *
   * @default - with more than one replica, a preference for different nodes
   */
  readonly affinity?: kplus.k8s.Affinity;

  /**
   * Topology spread constraints of the controller pods.
   *
   * @default - none
   */
  readonly topologySpreadConstraints?: kplus.k8s.TopologySpreadConstraint[];

  /**
   * Priority class of the controller pods.
   *
   * @default - none
   */
  readonly priorityClassName?: string;

  /**
   * Labels added to the controller pods.
   *
   * @default - none
   */
  readonly podLabels?: { [key: string]: string };

  /**
   * Annotations added to the controller pods.
   *
   * @default - none
   */
  readonly podAnnotations?: { [key: string]: string };

  /**
   * Labels added to the controller Deployment.
   *
   * @default - none
   */
  readonly deploymentLabels?: { [key: string]: string };

  /**
   * Annotations added to the controller Deployment.
   *
   * @default - none
   */
  readonly deploymentAnnotations?: { [key: string]: string };
}

/**
 * Metrics options.
 */
export interface MetricsOptions {
  /**
   * Define a Prometheus-operator ServiceMonitor for the metrics Service.
   *
   * @default false
   */
  readonly serviceMonitor?: boolean;

  /**
   * Scrape interval of the ServiceMonitor.
   *
   * @default - the Prometheus default
   */
  readonly scrapeInterval?: string;

  /**
   * Labels of the ServiceMonitor (Prometheus selects monitors by label, e.g. `release: prometheus`).
   *
   * @default - none
   */
  readonly serviceMonitorLabels?: { [key: string]: string };
}

/**
 * Options of the dashboard.
 */
export interface DashboardOptions {
  /**
   * Give the dashboard read-only permissions: it shows Rollouts but cannot promote, abort or restart them.
   *
   * @default false
   */
  readonly readOnly?: boolean;

  /**
   * Type of the dashboard Service.
   *
   * @default ServiceType.CLUSTER_IP
   */
  readonly serviceType?: kplus.ServiceType;

  /**
   * Resources of the dashboard container.
   *
   * @default - none
   */
  readonly resources?: kplus.ContainerResources;

  /**
   * The dashboard image.
   *
   * @default - `quay.io/argoproj/kubectl-argo-rollouts:<version tag>`
   */
  readonly image?: ImageOptions;
}

/**
 * Options of `exposeDashboardViaIngress()`.
 */
export interface DashboardIngressOptions {
  /**
   * Confirms that you know the dashboard has no authentication: anyone who reaches the host can
   * promote, abort and restart Rollouts. Put authentication in front of it (an auth proxy, the
   * ingress controller's auth) or keep the host internal.
   */
  readonly acknowledgeNoAuthentication: boolean;

  /** The host name. */
  readonly host: string;

  /**
   * The ingress class.
   *
   * @default - the cluster's default class
   */
  readonly ingressClassName?: string;

  /**
   * A TLS Secret for the host.
   *
   * @default - no TLS
   */
  readonly tlsSecretName?: string;

  /**
   * Annotations of the Ingress (e.g. for the ingress controller's authentication).
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
}

/**
 * Options of `exposeDashboardViaHttpRoute()`.
 */
export interface DashboardHttpRouteOptions {
  /** Confirms that you know the dashboard has no authentication (see `DashboardIngressOptions`). */
  readonly acknowledgeNoAuthentication: boolean;

  /** Name of the Gateway to attach to. */
  readonly gatewayName: string;

  /**
   * Namespace of the Gateway.
   *
   * @default - the install's namespace
   */
  readonly gatewayNamespace?: string;

  /**
   * Host names.
   *
   * @default - the Gateway's
   */
  readonly hostnames?: string[];
}

/**
 * Properties of an Argo Rollouts install.
 */
export interface ArgoRolloutsProps {
  /**
   * The Argo Rollouts release.
   *
   * @default ArgoRolloutsVersion.V1_9_1
   */
  readonly version?: ArgoRolloutsVersion;

  /**
   * The namespace of the controller's objects.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;

  /**
   * Define the Namespace object too.
   *
   * @default false - like upstream, which expects `kubectl create namespace argo-rollouts`
   */
  readonly createNamespace?: boolean;

  /**
   * Watch only the install's namespace (`--namespaced`), with a Role instead of the cluster-wide
   * ClusterRole. The CRDs are cluster-scoped and are then left to a cluster admin (`ArgoRolloutsCrds`).
   *
   * @default false
   */
  readonly namespaced?: boolean;

  /**
   * Include the CRDs. Leave them out to apply them separately, e.g. with `ArgoRolloutsCrds` in a
   * chart of their own.
   *
   * @default - true for a cluster-wide install, false for a namespaced one
   */
  readonly crds?: boolean;

  /**
   * Options of the included CRDs (Argo CD sync options, keep-on-delete, annotations).
   *
   * @default - the CRDs as upstream ships them
   */
  readonly crdOptions?: ArgoRolloutsCrdsProps;

  /**
   * Options of the controller Deployment.
   *
   * @default - as upstream, with the image pinned to the version
   */
  readonly controller?: ControllerOptions;

  /**
   * Metrics options.
   *
   * @default - the metrics Service only
   */
  readonly metrics?: MetricsOptions;

  /**
   * Plugins registered in `argo-rollouts-config`. More can be added with `addPlugin()`.
   *
   * @default - none
   */
  readonly plugins?: ControllerPlugin[];

  /**
   * The traffic providers the controller may manage. Leave out those the cluster does not run.
   *
   * @default ProviderPermissions.defaults() - the providers of the upstream install
   */
  readonly providerPermissions?: ProviderPermissions[];

  /**
   * Rules added to the controller's ClusterRole (or Role).
   *
   * @default - none
   */
  readonly additionalRules?: PolicyRule[];

  /**
   * Define the ClusterRoles that extend the built-in admin, edit and view roles with Argo kinds.
   *
   * @default true
   */
  readonly aggregateRoles?: boolean;

  /**
   * Add the dashboard (`kubectl argo rollouts dashboard` as a Deployment, port 3100).
   *
   * @default false
   */
  readonly dashboard?: boolean;

  /**
   * Options of the dashboard.
   *
   * @default - read-write, ClusterIP Service
   */
  readonly dashboardOptions?: DashboardOptions;

  /**
   * Add the standard notification catalog (triggers and templates) and the notification settings.
   *
   * @default false
   */
  readonly notifications?: boolean;

  /**
   * Notification settings; needs `notifications: true`.
   *
   * @default - the catalog only
   */
  readonly notificationOptions?: NotificationOptions;

  /**
   * Define a NetworkPolicy that lets only the metrics and health ports reach the controller.
   *
   * @default false
   */
  readonly networkPolicy?: boolean;
}

/**
 * A complete Argo Rollouts installation, pinned to a release: CRDs, the controller with its
 * ServiceAccount, RBAC, configuration, metrics Service and notification Secret, and optionally the
 * dashboard and the notification catalog.
 *
 * Every pod meets the restricted Pod Security Standard.
 */
export class ArgoRollouts extends Construct {
  /** The release. */
  public readonly version: ArgoRolloutsVersion;

  /** The namespace of the controller's objects. */
  public readonly namespace: string;

  /** Whether the controller watches only its namespace. */
  public readonly namespaced: boolean;

  /** The CRDs, when included. */
  public readonly crds?: ArgoRolloutsCrds;

  /** The controller Deployment. */
  public readonly controllerDeployment: ApiObject;

  /** The `argo-rollouts-config` ConfigMap. */
  public readonly config: ApiObject;

  /** The dashboard Service, when the dashboard is included. */
  public readonly dashboardService?: ApiObject;

  private readonly props: ArgoRolloutsProps;
  private readonly plugins: ControllerPlugin[] = [];
  private readonly providers: ProviderPermissions[];

  constructor(scope: Construct, id: string, props: ArgoRolloutsProps = {}) {
    props = argumentOrDefault('new ArgoRollouts()', 'props', props, 'object', {});
    super(scope, id);
    checkDuplicateObjects(this);
    this.props = props;
    this.version = props.version ?? ArgoRolloutsVersion.defaultVersion();
    AppRegistry.of(this).setVersion(this.version.version, `ArgoRollouts ${this.node.path}`);
    this.namespace = props.namespace ?? NAME;
    this.namespaced = props.namespaced ?? false;
    checkListArgument('new ArgoRollouts()', 'props.providerPermissions', props.providerPermissions, PROVIDER_PERMISSIONS, true);
    checkListArgument('new ArgoRollouts()', 'props.plugins', props.plugins,
      { class: ControllerPlugin, name: 'ControllerPlugin', example: 'ControllerPlugin.trafficRouter({ ... })' }, true);
    this.providers = [...(props.providerPermissions ?? ProviderPermissions.defaults())];
    const controller = props.controller ?? {};
    this.checkProps(props, controller);
    addControllerSettings(this, { traefikApiVersion: controller.flags?.traefikApiVersion });
    (props.plugins ?? []).forEach(p => this.addPlugin(p));

    if (props.createNamespace) {
      defineObject(this, 'namespace', GVK.namespace, { name: this.namespace }, {}, true);
    }
    if (props.crds ?? !this.namespaced) {
      if (props.crdOptions?.version && props.crdOptions.version !== this.version) {
        throw new Error(`crdOptions.version (${props.crdOptions.version.tag}) differs from the install's version (${this.version.tag}). Drop crdOptions.version.`);
      }
      this.crds = new ArgoRolloutsCrds(this, 'crds', { ...props.crdOptions, version: this.version });
    }
    this.defineRbac();
    this.config = defineObject(this, 'config', GVK.configMap, this.meta('argo-rollouts-config', CONTROLLER_LABELS), {
      data: Lazy.any({ produce: () => undefinedIfEmpty(this.configData()) }),
    });
    this.defineNotifications();
    defineObject(this, 'metrics-service', GVK.service, this.meta('argo-rollouts-metrics', componentLabels('server', 'argo-rollouts-metrics')), {
      spec: {
        ports: [{ name: 'metrics', port: this.metricsPort, protocol: 'TCP', targetPort: this.metricsPort }],
        selector: SELECTOR,
      },
    });
    this.controllerDeployment = this.defineController(controller);
    this.defineControllerExtras(controller);
    if (props.dashboard) {
      this.dashboardService = this.defineDashboard(props.dashboardOptions ?? {});
    }
  }

  /**
   * Registers a plugin in `argo-rollouts-config`. The controller pods carry a checksum of the
   * configuration, so they restart when it changes.
   */
  public addPlugin(plugin: ControllerPlugin): void {
    checkArgument('ArgoRollouts.addPlugin()', 'plugin', plugin, { class: ControllerPlugin, name: 'ControllerPlugin', example: 'ControllerPlugin.trafficRouter({ ... })' });
    const clash = this.plugins.find(p => p.name === plugin.name && p.kind === plugin.kind);
    if (clash) {
      throw new Error(`ArgoRollouts ${this.node.path}: the ${plugin.kind} entry '${plugin.name}' is registered twice. Register each plugin once.`);
    }
    this.plugins.push(plugin);
  }

  /** The plugins registered so far (a copy), without those the app's Rollouts add at synth. */
  public get registeredPlugins(): ControllerPlugin[] {
    return [...this.plugins];
  }

  /** The permission groups, with those the app's Rollouts need. */
  private allProviders(): ProviderPermissions[] {
    const all = [...this.providers];
    for (const req of controllerRequirements(this)) {
      if (req.permissions && !all.some(p => p.name === req.permissions!.name)) all.push(req.permissions);
    }
    return all;
  }

  /**
   * Grants the controller the permissions of one more provider.
   */
  public addProviderPermissions(permissions: ProviderPermissions): void {
    checkArgument('ArgoRollouts.addProviderPermissions()', 'permissions', permissions, PROVIDER_PERMISSIONS);
    if (!this.providers.some(p => p.name === permissions.name)) this.providers.push(permissions);
  }

  /**
   * Exposes the dashboard through an Ingress. The dashboard has no authentication: see
   * `DashboardIngressOptions.acknowledgeNoAuthentication`.
   */
  public exposeDashboardViaIngress(options: DashboardIngressOptions): ApiObject {
    this.checkExpose(options.acknowledgeNoAuthentication, 'exposeDashboardViaIngress');
    return defineObject(this, 'dashboard-ingress', GVK.ingress, this.meta(DASHBOARD, componentLabels(DASHBOARD, DASHBOARD), options.annotations), {
      spec: {
        ingressClassName: options.ingressClassName,
        rules: [{
          host: options.host,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: DASHBOARD, port: { number: 3100 } } } }] },
        }],
        tls: options.tlsSecretName ? [{ hosts: [options.host], secretName: options.tlsSecretName }] : undefined,
      },
    });
  }

  /**
   * Exposes the dashboard through a Gateway API HTTPRoute. The dashboard has no authentication.
   */
  public exposeDashboardViaHttpRoute(options: DashboardHttpRouteOptions): ApiObject {
    this.checkExpose(options.acknowledgeNoAuthentication, 'exposeDashboardViaHttpRoute');
    return defineObject(this, 'dashboard-route', GVK.httpRoute, this.meta(DASHBOARD, componentLabels(DASHBOARD, DASHBOARD)), {
      spec: {
        parentRefs: [{ name: options.gatewayName, namespace: options.gatewayNamespace }],
        hostnames: options.hostnames ? [...options.hostnames] : undefined,
        rules: [{ backendRefs: [{ name: DASHBOARD, port: 3100 }] }],
      },
    });
  }

  private get metricsPort(): number {
    return this.props.controller?.flags?.metricsPort ?? 8090;
  }

  private get healthzPort(): number {
    return this.props.controller?.flags?.healthzPort ?? 8080;
  }

  private checkProps(props: ArgoRolloutsProps, controller: ControllerOptions) {
    const where = `ArgoRollouts ${this.node.path}`;
    if (dns1123LabelError(this.namespace) !== undefined) {
      throw new Error(`${where}: namespace '${this.namespace}' is not a valid namespace name (lowercase letters, digits and '-', at most 63).`);
    }
    checkInteger('controller.replicas', controller.replicas, 1, Number.MAX_SAFE_INTEGER,
      'The controller must run; to pause it, scale the Deployment to zero out of band.');
    if ((controller.replicas ?? 1) > 1 && controller.flags?.leaderElect === false) {
      throw new Error(`${where}: controller.replicas is ${controller.replicas} with flags.leaderElect: false; the controllers would all act on every Rollout. `
        + 'Keep leader election on, or run one replica.');
    }
    const pdb = controller.podDisruptionBudget;
    if (pdb && (pdb.minAvailable === undefined) === (pdb.maxUnavailable === undefined)) {
      throw new Error(`${where}: controller.podDisruptionBudget needs exactly one of minAvailable and maxUnavailable, got `
        + `${pdb.minAvailable === undefined ? 'neither' : 'both'}.`);
    }
    if (this.namespaced) {
      const clusterOnly = [
        ['crds: true', props.crds === true],
        ['dashboard: true', props.dashboard === true],
        ['flags.selfServiceNotificationEnabled', controller.flags?.selfServiceNotificationEnabled === true],
      ].filter(([, set]) => set).map(([name]) => name);
      if (clusterOnly.length > 0) {
        throw new Error(`${where}: a namespaced install cannot have ${clusterOnly.join(', ')} — these act on the whole cluster. `
          + 'Apply the CRDs with ArgoRollouts Crds in a cluster-admin chart, and run the dashboard with a cluster-wide install.');
      }
    }
    if (props.notificationOptions && !props.notifications) {
      throw new Error(`${where}: notificationOptions are set but notifications is not true. Set notifications: true.`);
    }
    if (props.dashboardOptions && !props.dashboard) {
      throw new Error(`${where}: dashboardOptions are set but dashboard is not true. Set dashboard: true.`);
    }
    imageReference('controller', 'argoproj/argo-rollouts', this.version, controller.image);
    renderControllerFlags(controller.flags ?? {}, this.version);
  }

  private checkExpose(acknowledged: boolean, method: string) {
    if (!this.props.dashboard) {
      throw new Error(`ArgoRollouts ${this.node.path}: ${method}() needs dashboard: true.`);
    }
    if (acknowledged !== true) {
      throw new Error(`ArgoRollouts ${this.node.path}: ${method}() exposes a dashboard without authentication, which lets anyone who reaches it promote `
        + 'and abort Rollouts. Put authentication in front of it, then pass acknowledgeNoAuthentication: true.');
    }
  }

  private meta(name: string, labels?: { [key: string]: string }, annotations?: { [key: string]: string }, clusterScoped = false): any {
    return {
      name,
      namespace: clusterScoped ? undefined : this.namespace,
      labels: labels ? { ...labels } : undefined,
      annotations: copyMap(annotations),
    };
  }

  /**
   * The registered plugins, with those the app's Rollouts need (e.g. the Gateway API router). A
   * Rollout that uses a plugin the install neither registers nor can register is an error.
   */
  private allPlugins(): ControllerPlugin[] {
    const plugins = [...this.plugins];
    for (const req of controllerRequirements(this)) {
      if (!req.pluginName || plugins.some(p => p.name === req.pluginName && p.kind === ControllerPluginKind.TRAFFIC_ROUTER)) continue;
      if (!req.plugin) {
        throw new Error(`${req.requiredBy} routes traffic through the plugin '${req.pluginName}', but ArgoRollouts ${this.node.path} does not register it, `
          + 'so the controller would not load it. Register it with addPlugin(ControllerPlugin.trafficRouter({ name, location })), '
          + 'or give the router its controllerPlugin.');
      }
      plugins.push(req.plugin);
    }
    return plugins;
  }

  private configData(): { [key: string]: string } {
    const data: { [key: string]: string } = {};
    const plugins = this.allPlugins();
    for (const kind of [ControllerPluginKind.METRIC_PROVIDER, ControllerPluginKind.STEP, ControllerPluginKind.TRAFFIC_ROUTER]) {
      const items = plugins.filter(p => p.kind === kind).map(p => p._toConfig());
      if (items.length > 0) data[kind] = yamlList(items);
    }
    return data;
  }

  private defineRbac() {
    const sa = this.meta(NAME, CONTROLLER_LABELS);
    defineObject(this, 'service-account', GVK.serviceAccount, sa, {});
    const rules = Lazy.any({
      produce: () => controllerRules(this.version, this.allProviders(), this.props.additionalRules ?? []).map(renderRule),
    });
    if (this.namespaced) {
      defineObject(this, 'role', GVK.role, this.meta(NAME, CONTROLLER_LABELS), { rules });
      defineObject(this, 'role-binding', GVK.roleBinding, this.meta(NAME, CONTROLLER_LABELS), {
        roleRef: { apiGroup: RBAC, kind: 'Role', name: NAME },
        subjects: [{ kind: 'ServiceAccount', name: NAME }],
      });
    } else {
      defineObject(this, 'cluster-role', GVK.clusterRole, this.meta(NAME, CONTROLLER_LABELS, undefined, true), { rules }, true);
      defineObject(this, 'cluster-role-binding', GVK.clusterRoleBinding, this.meta(NAME, CONTROLLER_LABELS, undefined, true), {
        roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: NAME },
        subjects: [{ kind: 'ServiceAccount', name: NAME, namespace: this.namespace }],
      }, true);
    }
    if (this.props.aggregateRoles ?? true) {
      for (const role of ['admin', 'edit', 'view'] as const) {
        const name = `argo-rollouts-aggregate-to-${role}`;
        const labels = { ...componentLabels('aggregate-cluster-role', name), [`rbac.authorization.k8s.io/aggregate-to-${role}`]: 'true' };
        defineObject(this, `aggregate-to-${role}`, GVK.clusterRole, this.meta(name, labels, undefined, true), {
          rules: aggregateRules(role).map(renderRule),
        }, true);
      }
    }
  }

  private defineNotifications() {
    const options = this.props.notificationOptions ?? {};
    const secret = options.secret;
    if (secret?._mode !== 'external') {
      defineObject(this, 'notification-secret', GVK.secret, this.meta('argo-rollouts-notification-secret'), {
        stringData: secret?._mode === 'values' ? { ...secret._values } : undefined,
      });
    }
    if (this.props.notifications) {
      const data = notificationConfigData(loadNotificationCatalog(this.version), options);
      defineObject(this, 'notification-configmap', GVK.configMap, this.meta('argo-rollouts-notification-configmap'), { data });
    }
  }

  private defineController(controller: ControllerOptions): ApiObject {
    const image = imageReference('controller', 'argoproj/argo-rollouts', this.version, controller.image);
    const replicas = controller.replicas ?? 1;
    const args = [
      ...(this.namespaced ? ['--namespaced'] : []),
      ...renderControllerFlags(controller.flags ?? {}, this.version),
      ...(controller.extraArgs ?? []),
    ];
    const env = Object.entries(controller.env ?? {}).map(([name, value]) => ({ name, value }));
    const affinity = controller.affinity ? kplus.k8s.toJson_Affinity(controller.affinity) : (replicas > 1 ? {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{
          weight: 100,
          podAffinityTerm: { labelSelector: { matchLabels: SELECTOR }, topologyKey: 'kubernetes.io/hostname' },
        }],
      },
    } : undefined);
    // the upstream Deployment of the release: 1.8 probes /metrics for readiness, 1.9 does not
    const upstreamProbe = this.version._facts.controllerReadinessProbe;
    const readinessProbe = upstreamProbe ? JSON.parse(JSON.stringify(upstreamProbe)) : undefined;
    return defineObject(this, 'deployment', GVK.deployment,
      this.meta(NAME, { ...CONTROLLER_LABELS, ...controller.deploymentLabels }, controller.deploymentAnnotations), {
        spec: {
          replicas,
          selector: { matchLabels: SELECTOR },
          strategy: { type: 'RollingUpdate' },
          template: {
            metadata: {
              labels: { ...controller.podLabels, ...SELECTOR },
              annotations: Lazy.any({ produce: () => undefinedIfEmpty({ ...controller.podAnnotations, ...this.configChecksum() }) }),
            },
            spec: {
              containers: [{
                name: NAME,
                image,
                imagePullPolicy: controller.image?.pullPolicy ?? kplus.ImagePullPolicy.IF_NOT_PRESENT,
                args: undefinedIfEmpty(args),
                env: undefinedIfEmpty(env),
                ports: [{ containerPort: this.metricsPort, name: 'metrics' }, { containerPort: this.healthzPort, name: 'healthz' }],
                livenessProbe: {
                  failureThreshold: 3,
                  httpGet: { path: '/healthz', port: 'healthz' },
                  initialDelaySeconds: 30,
                  periodSeconds: 20,
                  successThreshold: 1,
                  timeoutSeconds: 10,
                },
                readinessProbe,
                resources: controller.resources ? renderResources(controller.resources) : { limits: { 'ephemeral-storage': '1Gi' } },
                securityContext: RESTRICTED_CONTAINER,
                volumeMounts: [{ mountPath: '/home/argo-rollouts/plugin-bin', name: 'plugin-bin' }, { mountPath: '/tmp', name: 'tmp' }],
              }],
              securityContext: { runAsNonRoot: true },
              serviceAccountName: NAME,
              volumes: [{ emptyDir: {}, name: 'plugin-bin' }, { emptyDir: {}, name: 'tmp' }],
              imagePullSecrets: undefinedIfEmpty((controller.imagePullSecrets ?? []).map(name => ({ name }))),
              nodeSelector: copyMap(controller.nodeSelector),
              tolerations: undefinedIfEmpty((controller.tolerations ?? []).map(t => kplus.k8s.toJson_Toleration(t))),
              affinity,
              topologySpreadConstraints: undefinedIfEmpty((controller.topologySpreadConstraints ?? [])
                .map(t => kplus.k8s.toJson_TopologySpreadConstraint(t))),
              priorityClassName: controller.priorityClassName,
            },
          },
        },
      });
  }

  /** `checksum/config` of the plugin configuration, so the pods restart when it changes. */
  private configChecksum(): { [key: string]: string } {
    const data = this.configData();
    if (Object.keys(data).length === 0) return {};
    return { 'checksum/config': createHash('sha256').update(JSON.stringify(data)).digest('hex') };
  }

  private defineControllerExtras(controller: ControllerOptions) {
    const pdb = controller.podDisruptionBudget;
    if (pdb) {
      defineObject(this, 'pdb', GVK.pdb, this.meta(NAME, CONTROLLER_LABELS), {
        spec: { minAvailable: pdb.minAvailable?.value, maxUnavailable: pdb.maxUnavailable?.value, selector: { matchLabels: SELECTOR } },
      });
    }
    const metrics = this.props.metrics ?? {};
    if (metrics.serviceMonitor) {
      defineObject(this, 'service-monitor', GVK.serviceMonitor,
        this.meta('argo-rollouts-metrics', { ...componentLabels('server', 'argo-rollouts-metrics'), ...metrics.serviceMonitorLabels }), {
          spec: {
            selector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts-metrics' } },
            endpoints: [{ port: 'metrics', interval: metrics.scrapeInterval }],
          },
        });
    } else if (metrics.scrapeInterval !== undefined || metrics.serviceMonitorLabels !== undefined) {
      throw new Error(`ArgoRollouts ${this.node.path}: metrics.scrapeInterval and metrics.serviceMonitorLabels need metrics.serviceMonitor: true.`);
    }
    if (this.props.networkPolicy) {
      defineObject(this, 'network-policy', GVK.networkPolicy, this.meta(NAME, CONTROLLER_LABELS), {
        spec: {
          podSelector: { matchLabels: SELECTOR },
          policyTypes: ['Ingress'],
          ingress: [{ ports: [{ port: this.metricsPort, protocol: 'TCP' }, { port: this.healthzPort, protocol: 'TCP' }] }],
        },
      });
    }
  }

  private defineDashboard(options: DashboardOptions): ApiObject {
    const labels = componentLabels(DASHBOARD, DASHBOARD);
    const image = imageReference('dashboard', 'argoproj/kubectl-argo-rollouts', this.version, options.image);
    defineObject(this, 'dashboard-service-account', GVK.serviceAccount, this.meta(DASHBOARD, labels), {});
    defineObject(this, 'dashboard-cluster-role', GVK.clusterRole, this.meta(DASHBOARD, labels, undefined, true), {
      rules: dashboardRules(options.readOnly ?? false).map(renderRule),
    }, true);
    defineObject(this, 'dashboard-cluster-role-binding', GVK.clusterRoleBinding, this.meta(DASHBOARD, labels, undefined, true), {
      roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: DASHBOARD },
      subjects: [{ kind: 'ServiceAccount', name: DASHBOARD, namespace: this.namespace }],
    }, true);
    const service = defineObject(this, 'dashboard-service', GVK.service, this.meta(DASHBOARD, labels), {
      spec: {
        type: options.serviceType,
        ports: [{ port: 3100, protocol: 'TCP', targetPort: 3100 }],
        selector: DASHBOARD_SELECTOR,
      },
    });
    defineObject(this, 'dashboard-deployment', GVK.deployment, this.meta(DASHBOARD, labels), {
      spec: {
        replicas: 1,
        selector: { matchLabels: DASHBOARD_SELECTOR },
        template: {
          metadata: { labels: DASHBOARD_SELECTOR },
          spec: {
            containers: [{
              name: DASHBOARD,
              image,
              imagePullPolicy: options.image?.pullPolicy,
              ports: [{ containerPort: 3100 }],
              resources: options.resources ? renderResources(options.resources) : undefined,
              // upstream's dashboard has no securityContext; ours meets the restricted Pod Security Standard
              securityContext: RESTRICTED_CONTAINER,
            }],
            securityContext: { runAsNonRoot: true },
            serviceAccountName: DASHBOARD,
          },
        },
      },
    });
    return service;
  }
}

/** Container resources through cdk8s-plus, as plain JSON. */
function renderResources(resources: kplus.ContainerResources): any {
  const container = new kplus.Container({ image: 'x', resources });
  return kplus.k8s.toJson_Container(container._toKube())?.resources;
}

/** A YAML list of plugin items, the format the controller reads. */
function yamlList(items: any[]): string {
  return Yaml.stringify(items);
}

/** What `checkArgument` expects where ProviderPermissions belong. */
const PROVIDER_PERMISSIONS: ExpectedClass = { class: ProviderPermissions, name: 'ProviderPermissions', example: "ProviderPermissions.custom('name', rules)" };
