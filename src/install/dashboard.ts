import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ImageOptions } from './image';
import type * as kplus from '../private/kplus';
import { checkExposure } from './private/dashboard-exposure';
import { installVersion } from './private/install-version';
import {
  checkNamespace, componentLabels, DASHBOARD, DASHBOARD_PORT, DASHBOARD_SELECTOR, DEFAULT_NAMESPACE, defineObject, GVK, objectMeta, RBAC_GROUP,
  renderResources, renderRule, RESTRICTED_CONTAINER, subjectOf,
} from './private/objects';
import { IMAGE_OPTIONS } from './private/option-shapes';
import { dashboardRules, imageReference } from './private/render';
import { argumentOrDefault, checkArgument, STRING_LIST, STRING_MAP, struct } from '../private/arguments';
import { ArgoRolloutsVersion } from '../release/version';

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
 * Options of `exposeViaIngress()`.
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
 * Options of `exposeViaHttpRoute()`.
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
 * Properties of the dashboard.
 */
export interface ArgoRolloutsDashboardProps extends DashboardOptions {
  /**
   * The Argo Rollouts release (the image tag).
   *
   * @default - the app's release (`ArgoRolloutsApp.of(app).version`: set by another install part,
   *   `ArgoRolloutsCrds` or `useVersion()`), else the default release
   */
  readonly version?: ArgoRolloutsVersion;

  /**
   * The namespace of the dashboard's objects.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;
}

/**
 * The Argo Rollouts dashboard (`kubectl argo rollouts dashboard` as a Deployment, port 3100): its
 * ServiceAccount, ClusterRole and binding, Service and Deployment, as upstream's
 * `dashboard-install.yaml`, with the image pinned and the pod meeting the restricted Pod Security
 * Standard. `ApiObject.of(dashboard)` is the Deployment.
 *
 * The dashboard has no authentication: exposing it is an explicit choice (`exposeViaIngress()`,
 * `exposeViaHttpRoute()`).
 */
export class ArgoRolloutsDashboard extends Construct {
  /** The name of the dashboard's objects, its Service included. */
  public readonly serviceName: string = DASHBOARD;

  /** The port of the dashboard and its Service. */
  public readonly port: number = DASHBOARD_PORT;

  /** Whether the dashboard may only look (no promote, abort or restart). */
  public readonly readOnly: boolean;

  /** The namespace of the dashboard's objects. */
  public readonly namespace: string;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsDashboard
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsDashboardProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsDashboard()', 'props', props, struct('ArgoRolloutsDashboardProps', {
      readOnly: 'boolean', serviceType: 'string', resources: 'object', image: IMAGE_OPTIONS, namespace: 'string',
    }), {});
    super(scope, id);
    this.namespace = props.namespace ?? DEFAULT_NAMESPACE;
    checkNamespace(subjectOf(this, 'ArgoRolloutsDashboard'), this.namespace);
    const version = installVersion(this, props.version, subjectOf(this, 'ArgoRolloutsDashboard'));
    this.readOnly = props.readOnly ?? false;
    const labels = componentLabels(DASHBOARD, DASHBOARD);
    const image = imageReference('dashboard', version, props.image);
    const meta = (clusterScoped = false) => objectMeta(this.namespace, DASHBOARD, labels, undefined, clusterScoped);
    defineObject(this, 'service-account', GVK.serviceAccount, meta(), {});
    defineObject(this, 'cluster-role', GVK.clusterRole, meta(true), { rules: dashboardRules(this.readOnly).map(renderRule) }, true);
    defineObject(this, 'cluster-role-binding', GVK.clusterRoleBinding, meta(true), {
      roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: DASHBOARD },
      subjects: [{ kind: 'ServiceAccount', name: DASHBOARD, namespace: this.namespace }],
    }, true);
    defineObject(this, 'service', GVK.service, meta(), {
      spec: {
        type: props.serviceType,
        ports: [{ port: DASHBOARD_PORT, protocol: 'TCP', targetPort: DASHBOARD_PORT }],
        selector: DASHBOARD_SELECTOR,
      },
    });
    defineObject(this, 'Resource', GVK.deployment, meta(), {
      spec: {
        replicas: 1,
        selector: { matchLabels: DASHBOARD_SELECTOR },
        template: {
          metadata: { labels: DASHBOARD_SELECTOR },
          spec: {
            containers: [{
              name: DASHBOARD,
              image,
              imagePullPolicy: props.image?.pullPolicy,
              ports: [{ containerPort: DASHBOARD_PORT }],
              resources: props.resources ? renderResources(props.resources) : undefined,
              // upstream's dashboard has no securityContext; ours meets the restricted Pod Security Standard
              securityContext: RESTRICTED_CONTAINER,
            }],
            securityContext: { runAsNonRoot: true },
            serviceAccountName: DASHBOARD,
          },
        },
      },
    });
  }

  /**
   * Exposes the dashboard through an Ingress. The dashboard has no authentication: see
   * `DashboardIngressOptions.acknowledgeNoAuthentication`.
   *
   * @returns the Ingress
   */
  public exposeViaIngress(options: DashboardIngressOptions): ApiObject {
    checkArgument('ArgoRolloutsDashboard.exposeViaIngress()', 'options', options, struct('DashboardIngressOptions', {
      acknowledgeNoAuthentication: 'boolean', host: 'string', ingressClassName: 'string', tlsSecretName: 'string', annotations: STRING_MAP,
    }));
    checkExposure(subjectOf(this, 'ArgoRolloutsDashboard'), 'exposeViaIngress', options.acknowledgeNoAuthentication);
    return defineObject(this, 'ingress', GVK.ingress, objectMeta(this.namespace, DASHBOARD, componentLabels(DASHBOARD, DASHBOARD), options.annotations), {
      spec: {
        ingressClassName: options.ingressClassName,
        rules: [{
          host: options.host,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: DASHBOARD, port: { number: DASHBOARD_PORT } } } }] },
        }],
        tls: options.tlsSecretName ? [{ hosts: [options.host], secretName: options.tlsSecretName }] : undefined,
      },
    });
  }

  /**
   * Exposes the dashboard through a Gateway API HTTPRoute. The dashboard has no authentication.
   *
   * @returns the HTTPRoute
   */
  public exposeViaHttpRoute(options: DashboardHttpRouteOptions): ApiObject {
    checkArgument('ArgoRolloutsDashboard.exposeViaHttpRoute()', 'options', options, struct('DashboardHttpRouteOptions', {
      acknowledgeNoAuthentication: 'boolean', gatewayName: 'string', gatewayNamespace: 'string', hostnames: STRING_LIST,
    }));
    checkExposure(subjectOf(this, 'ArgoRolloutsDashboard'), 'exposeViaHttpRoute', options.acknowledgeNoAuthentication);
    return defineObject(this, 'route', GVK.httpRoute, objectMeta(this.namespace, DASHBOARD, componentLabels(DASHBOARD, DASHBOARD)), {
      spec: {
        parentRefs: [{ name: options.gatewayName, namespace: options.gatewayNamespace }],
        hostnames: options.hostnames ? [...options.hostnames] : undefined,
        rules: [{ backendRefs: [{ name: DASHBOARD, port: DASHBOARD_PORT }] }],
      },
    });
  }
}
