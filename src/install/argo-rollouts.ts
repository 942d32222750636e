import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ArgoRolloutsController } from './controller';
import { ControllerOptions } from './controller-options';
import { ArgoRolloutsRbac } from './controller-rbac';
import { ArgoRolloutsCrds, ArgoRolloutsCrdsProps } from './crds';
import { ArgoRolloutsDashboard, DashboardHttpRouteOptions, DashboardIngressOptions, DashboardOptions } from './dashboard';
import { ArgoRolloutsMetrics, MetricsOptions } from './metrics';
import { NotificationOptions } from './notifications';
import { ArgoRolloutsNotifications } from './notifications-install';
import { ControllerPlugin } from './plugins';
import { checkControllerOptions } from './private/controller-options';
import { checkExposure } from './private/dashboard-exposure';
import { installVersion } from './private/install-version';
import { checkNamespace, DEFAULT_NAMESPACE, defineObject, GVK, markInstall } from './private/objects';
import { METRICS_OPTIONS, NOTIFICATION_OPTIONS, POLICY_RULE } from './private/option-shapes';
import { CONTROLLER_PLUGIN } from './private/plugin-use';
import { PROVIDER_PERMISSIONS } from './private/provider-permissions';
import { PolicyRule, ProviderPermissions } from './rbac';
import { argumentOrDefault, checkArgument, checkListArgument } from '../private/arguments';
import { checkDuplicateObjects } from '../private/duplicate-objects';
import { fail } from '../private/synth-error';
import { ArgoRolloutsVersion } from '../release/version';

/**
 * Properties of an Argo Rollouts install.
 */
export interface ArgoRolloutsProps {
  /**
   * The Argo Rollouts release.
   *
   * @default - the app's release (`ArgoRolloutsApp.of(app).version`: set by another install part,
   *   `ArgoRolloutsCrds` or `useVersion()`), else the default release
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
 * A complete Argo Rollouts installation, pinned to a release, composed of constructs of its own:
 * the CRDs (`crds`), the controller with its ServiceAccount and configuration (`controller`), its
 * permissions (`rbac`), the metrics Service (`metrics`), the notification settings
 * (`notifications`) and optionally the dashboard (`dashboard`). With no options it is upstream's
 * `install.yaml`, object for object, with the images pinned to the release.
 *
 * Every pod meets the restricted Pod Security Standard. `ApiObject.of(install.controller)` is the
 * controller Deployment; each component gives its main object the same way.
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

  /** The controller: Deployment, ServiceAccount, the `argo-rollouts-config` ConfigMap (`controller.config`). */
  public readonly controller: ArgoRolloutsController;

  /** The controller's permissions. */
  public readonly rbac: ArgoRolloutsRbac;

  /** The metrics Service (and ServiceMonitor). */
  public readonly metrics: ArgoRolloutsMetrics;

  /** The notification Secret and, with `notifications: true`, the notification ConfigMap. */
  public readonly notifications: ArgoRolloutsNotifications;

  /** The dashboard, when included. */
  public readonly dashboard?: ArgoRolloutsDashboard;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRollouts
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsProps = {}) {
    props = argumentOrDefault('new ArgoRollouts()', 'props', props, 'object', {});
    super(scope, id);
    const where = `ArgoRollouts ${this.node.path}`;
    markInstall(this, where);
    checkDuplicateObjects(this);
    this.version = installVersion(this, props.version, where);
    this.namespace = props.namespace ?? DEFAULT_NAMESPACE;
    this.namespaced = props.namespaced ?? false;
    const controller = props.controller ?? {};
    this.checkProps(where, props, controller);

    if (props.createNamespace) {
      defineObject(this, 'namespace', GVK.namespace, { name: this.namespace }, {}, true);
    }
    if (props.crds ?? !this.namespaced) {
      this.crds = new ArgoRolloutsCrds(this, 'crds', { ...props.crdOptions, version: this.version });
    }
    const common = { version: this.version, namespace: this.namespace };
    this.controller = new ArgoRolloutsController(this, 'controller', {
      ...controller, ...common, namespaced: this.namespaced, plugins: props.plugins, networkPolicy: props.networkPolicy,
    });
    this.rbac = new ArgoRolloutsRbac(this, 'rbac', {
      ...common,
      namespaced: this.namespaced,
      providerPermissions: props.providerPermissions,
      additionalRules: props.additionalRules,
      aggregateRoles: props.aggregateRoles,
    });
    this.notifications = new ArgoRolloutsNotifications(this, 'notifications', {
      ...props.notificationOptions, ...common, configMap: props.notifications === true,
    });
    this.metrics = new ArgoRolloutsMetrics(this, 'metrics', { ...props.metrics, namespace: this.namespace, port: this.controller.metricsPort });
    if (props.dashboard) {
      this.dashboard = new ArgoRolloutsDashboard(this, 'dashboard', { ...props.dashboardOptions, ...common });
    }
    this.orderLikeUpstream();
  }

  /**
   * Registers a plugin in `argo-rollouts-config`. The controller pods carry a checksum of the
   * configuration, so they restart when it changes.
   */
  public addPlugin(plugin: ControllerPlugin): void {
    this.controller.config.addPlugin(plugin);
  }

  /** The plugins registered so far (a copy), without those the app's Rollouts add at synth. */
  public get registeredPlugins(): ControllerPlugin[] {
    return this.controller.config.registeredPlugins;
  }

  /**
   * Grants the controller the permissions of one more provider.
   */
  public addProviderPermissions(permissions: ProviderPermissions): void {
    this.rbac.addProviderPermissions(permissions);
  }

  /**
   * Exposes the dashboard through an Ingress. The dashboard has no authentication: see
   * `DashboardIngressOptions.acknowledgeNoAuthentication`.
   */
  public exposeDashboardViaIngress(options: DashboardIngressOptions): ApiObject {
    return this.dashboardToExpose('exposeDashboardViaIngress', options).exposeViaIngress(options);
  }

  /**
   * Exposes the dashboard through a Gateway API HTTPRoute. The dashboard has no authentication.
   */
  public exposeDashboardViaHttpRoute(options: DashboardHttpRouteOptions): ApiObject {
    return this.dashboardToExpose('exposeDashboardViaHttpRoute', options).exposeViaHttpRoute(options);
  }

  private dashboardToExpose(method: string, options: { readonly acknowledgeNoAuthentication: boolean }): ArgoRolloutsDashboard {
    if (!this.dashboard) {
      fail(`ArgoRollouts ${this.node.path}: ${method}() needs dashboard: true.`);
    }
    checkExposure(`ArgoRollouts ${this.node.path}`, method, options?.acknowledgeNoAuthentication);
    return this.dashboard;
  }

  /**
   * Writes the objects in the order of upstream's install.yaml (ServiceAccount, RBAC, config,
   * notifications, metrics Service, Deployment, then the extras), although each component keeps
   * its objects together in the construct tree: cdk8s writes an object after those it depends on.
   */
  private orderLikeUpstream(): void {
    const objects = (c: Construct) => c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject);
    ApiObject.of(this.controller.config).node.addDependency(...objects(this.rbac));
    ApiObject.of(this.controller).node.addDependency(...objects(this.notifications), ApiObject.of(this.metrics));
    const networkPolicy = this.controller.node.tryFindChild('network-policy');
    const serviceMonitor = this.metrics.node.tryFindChild('service-monitor');
    if (networkPolicy && serviceMonitor) networkPolicy.node.addDependency(serviceMonitor);
  }

  private checkProps(where: string, props: ArgoRolloutsProps, controller: ControllerOptions) {
    checkListArgument('new ArgoRollouts()', 'props.providerPermissions', props.providerPermissions, PROVIDER_PERMISSIONS, true);
    checkListArgument('new ArgoRollouts()', 'props.plugins', props.plugins, CONTROLLER_PLUGIN, true);
    checkListArgument('new ArgoRollouts()', 'props.additionalRules', props.additionalRules, POLICY_RULE, true);
    checkArgument('new ArgoRollouts()', 'props.notificationOptions', props.notificationOptions, NOTIFICATION_OPTIONS, true);
    checkArgument('new ArgoRollouts()', 'props.metrics', props.metrics, METRICS_OPTIONS, true);
    checkNamespace(where, this.namespace);
    checkControllerOptions(where, controller, this.version);
    if (this.namespaced) {
      const clusterOnly = [
        ['crds: true', props.crds === true],
        ['dashboard: true', props.dashboard === true],
        ['flags.selfServiceNotificationEnabled', controller.flags?.selfServiceNotificationEnabled === true],
      ].filter(([, set]) => set).map(([name]) => name);
      if (clusterOnly.length > 0) {
        fail(`${where}: a namespaced install cannot have ${clusterOnly.join(', ')} — these act on the whole cluster. `
          + 'Apply the CRDs with ArgoRollouts Crds in a cluster-admin chart, and run the dashboard with a cluster-wide install.');
      }
    }
    if (props.notificationOptions && !props.notifications) {
      fail(`${where}: notificationOptions are set but notifications is not true. Set notifications: true.`);
    }
    if (props.dashboardOptions && !props.dashboard) {
      fail(`${where}: dashboardOptions are set but dashboard is not true. Set dashboard: true.`);
    }
    if (props.crdOptions?.version && props.crdOptions.version !== this.version) {
      fail(`crdOptions.version (${props.crdOptions.version.tag}) differs from the install's version (${this.version.tag}). Drop crdOptions.version.`);
    }
  }
}
