import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ControllerPlugin } from '../install/plugins';
import { ProviderPermissions } from '../install/rbac';

/**
 * What a traffic router needs to know about the Rollout it routes for. Values are read when the
 * router objects are rendered, so containers, labels and Services declared later still count.
 */
export interface ITrafficTarget {
  /** The Rollout's Kubernetes name. */
  readonly rolloutName: string;

  /** The stable Service's name, when the Rollout has one. */
  stableServiceName(): string | undefined;

  /** The canary Service's name, when the Rollout has one. */
  canaryServiceName(): string | undefined;

  /** The port of the stable and canary Services (their first port), when known. */
  servicePort(): number | undefined;

  /** The labels that select the Rollout's pods. */
  podLabels(): { [key: string]: string };
}

/**
 * A field of a router object that the Argo Rollouts controller changes at run time. GitOps tools
 * must ignore it, or they undo the controller's work: this is an Argo CD `ignoreDifferences` entry.
 */
export interface IgnoreDifference {
  /** API group of the object (`''` for the core group). */
  readonly group: string;
  /** Kind of the object. */
  readonly kind: string;
  /** Name of the object. */
  readonly name: string;
  /** Namespace of the object. @default - any namespace (the Application's destination namespace, for namespaced objects) */
  readonly namespace?: string;
  /** JSON pointers of the fields. @default - none */
  readonly jsonPointers?: string[];
  /** jq path expressions of the fields. @default - none */
  readonly jqPathExpressions?: string[];
  /**
   * Field managers whose fields Argo CD ignores in the object (with server-side diff), e.g.
   * `rollouts-controller`.
   *
   * @default - none
   */
  readonly managedFieldsManagers?: string[];
}

/**
 * A traffic router bound to one Rollout.
 */
export interface ITrafficRouterBinding {
  /** The key under `trafficRouting` (`istio`, `nginx`, ..., `plugins`). */
  readonly key: string;

  /** The router objects this app defines for the Rollout (checked against the Rollout at synth). */
  readonly apiObjects: ApiObject[];

  /**
   * The controller plugin the router needs, registered in the app's `ArgoRollouts` install.
   *
   * @default - none
   */
  readonly controllerPlugin?: ControllerPlugin;

  /**
   * The permissions the controller needs for this router, added to the app's `ArgoRollouts` install.
   *
   * @default - the router needs nothing beyond the install's defaults
   */
  readonly providerPermissions?: ProviderPermissions;

  /** The value under `trafficRouting.<key>`; for plugins, `{ <plugin name>: <config> }`. */
  renderConfig(): any;
}

/**
 * A traffic router of a canary Rollout. Create one with the `TrafficRouting` factories: one per
 * router the library knows, and `TrafficRouting.plugin()` for any traffic-router plugin.
 */
export interface ITrafficRouter {
  /** The key under `trafficRouting` (`istio`, `nginx`, ..., `plugins`). */
  readonly key: string;

  /** For plugin routers, the plugin name; several plugins can route one Rollout. @default - not a plugin */
  readonly pluginName?: string;

  /** Whether the router needs the Rollout's stable and canary Services (rule V27). */
  readonly requiresStableAndCanaryServices: boolean;

  /**
   * Called once by the Rollout: defines the router's objects under `scope` and returns the binding.
   */
  bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding;
}
