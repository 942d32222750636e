import { createHash } from 'crypto';
import { ApiObject, Lazy, Yaml } from 'cdk8s';
import { Construct } from 'constructs';
import { ControllerAffinity, ControllerOptions, UnsatisfiableSpreadAction } from './controller-options';
import { ControllerPlugin, ControllerPluginKind } from './plugins';
import type * as kplus from '../private/kplus';
import { checkControllerOptions } from './private/controller-options';
import { installVersion } from './private/install-version';
import {
  checkNamespace, CONTROLLER_LABELS, DEFAULT_NAMESPACE, defineObject, GVK, NAME, objectMeta, renderResources, RESTRICTED_CONTAINER, SELECTOR,
  subjectOf,
} from './private/objects';
import { CONTROLLER_PLUGIN, unregisteredPluginError } from './private/plugin-use';
import { imageReference, renderControllerFlags } from './private/render';
import { addControllerSettings, controllerRequirements } from './private/requirements';
import { ServiceAccountReference } from './private/service-account';
import { argumentOrDefault, checkArgument, checkListArgument } from '../private/arguments';
import { cdk8sPlus } from '../private/cdk8s-plus';
import { checkDuplicateObjects } from '../private/duplicate-objects';
import { AffinitySpec, NodeSelectorRequirementSpec, PodAffinityTermSpec, WeightedPodAffinityTermSpec } from '../private/manifest-types';
import { fail } from '../private/synth-error';
import { copyMap, undefinedIfEmpty } from '../private/utils';
import { ArgoRolloutsVersion } from '../release/version';


/**
 * Properties of the `argo-rollouts-config` ConfigMap.
 */
export interface ArgoRolloutsConfigProps {
  /**
   * The namespace of the controller.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;

  /**
   * Plugins to register. More can be added with `addPlugin()`.
   *
   * @default - none
   */
  readonly plugins?: ControllerPlugin[];
}

/**
 * The controller's configuration, the ConfigMap `argo-rollouts-config`: the plugins the controller
 * loads at start-up, those registered here and those the app's Rollouts need (e.g. the Gateway API
 * router with its binary). `ApiObject.of(config)` is the ConfigMap.
 */
export class ArgoRolloutsConfig extends Construct {
  /** The name of the ConfigMap. */
  public readonly name: string = 'argo-rollouts-config';

  private readonly plugins: ControllerPlugin[] = [];

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsConfig
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsConfigProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsConfig()', 'props', props, 'object', {});
    super(scope, id);
    checkListArgument('new ArgoRolloutsConfig()', 'props.plugins', props.plugins, CONTROLLER_PLUGIN, true);
    const namespace = props.namespace ?? DEFAULT_NAMESPACE;
    checkNamespace(subjectOf(this, 'ArgoRolloutsConfig'), namespace);
    (props.plugins ?? []).forEach(p => this.addPlugin(p));
    defineObject(this, 'Resource', GVK.configMap, objectMeta(namespace, this.name, CONTROLLER_LABELS), {
      data: Lazy.any({ produce: () => undefinedIfEmpty(this._data()) }),
    });
  }

  /**
   * Registers a plugin. The controller pods carry a checksum of the configuration, so they restart
   * when it changes.
   */
  public addPlugin(plugin: ControllerPlugin): void {
    checkArgument('ArgoRollouts.addPlugin()', 'plugin', plugin, CONTROLLER_PLUGIN);
    const clash = this.plugins.find(p => p.name === plugin.name && p.kind === plugin.kind);
    if (clash) {
      fail(`${subjectOf(this, 'ArgoRolloutsConfig')}: the ${plugin.kind} entry '${plugin.name}' is registered twice. Register each plugin once.`);
    }
    this.plugins.push(plugin);
  }

  /** The plugins registered so far (a copy), without those the app's Rollouts add at synth. */
  public get registeredPlugins(): ControllerPlugin[] {
    return [...this.plugins];
  }

  /**
   * The ConfigMap data: the registered plugins, with those the app's Rollouts need. A Rollout that
   * uses a plugin the install neither registers nor can register is an error.
   *
   * @internal
   */
  public _data(): { [key: string]: string } {
    const plugins = [...this.plugins];
    for (const { requiredBy, plugin: use } of controllerRequirements(this)) {
      if (use === undefined || plugins.some(p => p.name === use.name && p.kind === use.kind)) continue;
      if (use.binary === undefined) {
        throw unregisteredPluginError(requiredBy, use, subjectOf(this, 'ArgoRolloutsConfig'));
      }
      plugins.push(use.binary);
    }
    const data: { [key: string]: string } = {};
    for (const kind of [ControllerPluginKind.METRIC_PROVIDER, ControllerPluginKind.STEP, ControllerPluginKind.TRAFFIC_ROUTER]) {
      const items = plugins.filter(p => p.kind === kind).map(p => p._toConfig());
      if (items.length > 0) data[kind] = Yaml.stringify(items);
    }
    return data;
  }
}

/**
 * Properties of the Argo Rollouts controller.
 */
export interface ArgoRolloutsControllerProps extends ControllerOptions {
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
   * Watch only the namespace (`--namespaced`).
   *
   * @default false
   */
  readonly namespaced?: boolean;

  /**
   * Plugins registered in `argo-rollouts-config`. More can be added with `addPlugin()`.
   *
   * @default - none
   */
  readonly plugins?: ControllerPlugin[];

  /**
   * Define a NetworkPolicy that lets only the metrics and health ports reach the controller.
   *
   * @default false
   */
  readonly networkPolicy?: boolean;
}

/**
 * The Argo Rollouts controller: its Deployment (pinned to the release, meeting the restricted Pod
 * Security Standard), its ServiceAccount, its configuration (`config`), and optionally a
 * PodDisruptionBudget and a NetworkPolicy. `ApiObject.of(controller)` is the Deployment.
 *
 * `ArgoRollouts` composes it with the RBAC, the metrics Service, the notifications and the dashboard.
 */
export class ArgoRolloutsController extends Construct {
  /** The release. */
  public readonly version: ArgoRolloutsVersion;

  /** The namespace of the controller's objects. */
  public readonly namespace: string;

  /** Whether the controller watches only its namespace. */
  public readonly namespaced: boolean;

  /** The controller's ServiceAccount (`argo-rollouts`). */
  public readonly serviceAccount: kplus.IServiceAccount;

  /** The controller's configuration, the ConfigMap `argo-rollouts-config`. */
  public readonly config: ArgoRolloutsConfig;

  /** The port of the metrics endpoint. */
  public readonly metricsPort: number;

  /** The port of the health endpoint. */
  public readonly healthzPort: number;

  /** The name of the Deployment and of the ServiceAccount. */
  public readonly name: string = NAME;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsController
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsControllerProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsController()', 'props', props, 'object', {});
    super(scope, id);
    checkDuplicateObjects(this);
    const where = subjectOf(this, 'ArgoRolloutsController');
    this.version = installVersion(this, props.version, where);
    this.namespace = props.namespace ?? DEFAULT_NAMESPACE;
    this.namespaced = props.namespaced ?? false;
    checkNamespace(where, this.namespace);
    checkControllerOptions(where, props, this.version);
    if (this.namespaced && props.flags?.selfServiceNotificationEnabled === true) {
      fail(`${where}: a namespaced controller cannot have flags.selfServiceNotificationEnabled — it reads every namespace.`);
    }
    this.metricsPort = props.flags?.metricsPort ?? 8090;
    this.healthzPort = props.flags?.healthzPort ?? 8080;
    defineObject(this, 'service-account', GVK.serviceAccount, objectMeta(this.namespace, NAME, CONTROLLER_LABELS), {});
    this.serviceAccount = new ServiceAccountReference(this, 'service-account-ref', NAME, this.namespace);
    this.config = new ArgoRolloutsConfig(this, 'config', { namespace: this.namespace, plugins: props.plugins });
    const deployment = this.defineDeployment(props);
    addControllerSettings(this, { traefikApiVersion: props.flags?.traefikApiVersion, deployment: () => deployment.toJson() });
    this.defineExtras(props);
  }

  /** Registers a plugin in `argo-rollouts-config` (see `ArgoRolloutsConfig.addPlugin`). */
  public addPlugin(plugin: ControllerPlugin): void {
    this.config.addPlugin(plugin);
  }

  private defineDeployment(options: ArgoRolloutsControllerProps): ApiObject {
    const image = imageReference('controller', this.version, options.image);
    const replicas = options.replicas ?? 1;
    const args = [
      ...(this.namespaced ? ['--namespaced'] : []),
      ...renderControllerFlags(options.flags ?? {}, this.version),
      ...(options.extraArgs ?? []),
    ];
    const env = Object.entries(options.env ?? {}).map(([name, value]) => ({ name, value }));
    // the upstream Deployment of the release: 1.8 probes /metrics for readiness, 1.9 does not
    const upstreamProbe = this.version._facts.controllerReadinessProbe;
    const readinessProbe = upstreamProbe ? JSON.parse(JSON.stringify(upstreamProbe)) : undefined;
    return defineObject(this, 'Resource', GVK.deployment,
      objectMeta(this.namespace, NAME, { ...CONTROLLER_LABELS, ...options.deploymentLabels }, options.deploymentAnnotations), {
        spec: {
          replicas,
          selector: { matchLabels: SELECTOR },
          strategy: { type: 'RollingUpdate' },
          template: {
            metadata: {
              labels: { ...options.podLabels, ...SELECTOR },
              annotations: Lazy.any({ produce: () => undefinedIfEmpty({ ...options.podAnnotations, ...this.configChecksum() }) }),
            },
            spec: {
              containers: [{
                name: NAME,
                image,
                imagePullPolicy: options.image?.pullPolicy ?? 'IfNotPresent', // upstream's; kplus.ImagePullPolicy.IF_NOT_PRESENT without loading cdk8s-plus
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
                resources: options.resources ? renderResources(options.resources) : { limits: { 'ephemeral-storage': '1Gi' } },
                securityContext: RESTRICTED_CONTAINER,
                volumeMounts: [{ mountPath: '/home/argo-rollouts/plugin-bin', name: 'plugin-bin' }, { mountPath: '/tmp', name: 'tmp' }],
              }],
              securityContext: { runAsNonRoot: true },
              serviceAccountName: NAME,
              volumes: [{ emptyDir: {}, name: 'plugin-bin' }, { emptyDir: {}, name: 'tmp' }],
              imagePullSecrets: undefinedIfEmpty((options.imagePullSecrets ?? []).map(name => ({ name }))),
              nodeSelector: copyMap(options.nodeSelector),
              tolerations: undefinedIfEmpty((options.tolerations ?? []).map(t => cdk8sPlus().k8s.toJson_Toleration(t._toKube()))),
              affinity: renderAffinity(options.affinity, replicas),
              topologySpreadConstraints: undefinedIfEmpty((options.topologySpreadConstraints ?? []).map(c => ({
                maxSkew: c.maxSkew ?? 1,
                topologyKey: c.topology.key,
                whenUnsatisfiable: c.whenUnsatisfiable ?? UnsatisfiableSpreadAction.DO_NOT_SCHEDULE,
                labelSelector: { matchLabels: { ...SELECTOR } },
              }))),
              priorityClassName: options.priorityClassName,
            },
          },
        },
      });
  }

  /** `checksum/config` of the plugin configuration, so the pods restart when it changes. */
  private configChecksum(): { [key: string]: string } {
    const data = this.config._data();
    if (Object.keys(data).length === 0) return {};
    return { 'checksum/config': createHash('sha256').update(JSON.stringify(data)).digest('hex') };
  }

  private defineExtras(options: ArgoRolloutsControllerProps) {
    const pdb = options.podDisruptionBudget;
    if (pdb) {
      defineObject(this, 'pdb', GVK.pdb, objectMeta(this.namespace, NAME, CONTROLLER_LABELS), {
        spec: { minAvailable: pdb.minAvailable?.value, maxUnavailable: pdb.maxUnavailable?.value, selector: { matchLabels: SELECTOR } },
      });
    }
    if (options.networkPolicy) {
      defineObject(this, 'network-policy', GVK.networkPolicy, objectMeta(this.namespace, NAME, CONTROLLER_LABELS), {
        spec: {
          podSelector: { matchLabels: SELECTOR },
          policyTypes: ['Ingress'],
          ingress: [{ ports: [{ port: this.metricsPort, protocol: 'TCP' }, { port: this.healthzPort, protocol: 'TCP' }] }],
        },
      });
    }
  }
}

/** The affinity block: the given one, else (more than one replica) a preference for different nodes. */
function renderAffinity(affinity: ControllerAffinity | undefined, replicas: number): AffinitySpec | undefined {
  if (affinity === undefined) {
    if (replicas <= 1) return undefined;
    return { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferredAntiAffinityTerm(cdk8sPlus().Topology.HOSTNAME)] } };
  }
  const expressions = (queries: kplus.NodeLabelQuery[] | undefined) =>
    (queries ?? []).map(q => cdk8sPlus().k8s.toJson_NodeSelectorRequirement(q._toKube()) as NodeSelectorRequirementSpec);
  const required = expressions(affinity.requiredNodeLabels);
  const preferred = expressions(affinity.preferredNodeLabels);
  const nodeAffinity = required.length + preferred.length === 0 ? undefined : {
    requiredDuringSchedulingIgnoredDuringExecution: required.length > 0
      ? { nodeSelectorTerms: [{ matchExpressions: required }] } : undefined,
    preferredDuringSchedulingIgnoredDuringExecution: preferred.length > 0
      ? [{ weight: 100, preference: { matchExpressions: preferred } }] : undefined,
  };
  const topology = affinity.separateReplicasBy;
  const podAntiAffinity = topology === undefined ? undefined : affinity.requireSeparation
    ? { requiredDuringSchedulingIgnoredDuringExecution: [antiAffinityTerm(topology)] }
    : { preferredDuringSchedulingIgnoredDuringExecution: [preferredAntiAffinityTerm(topology)] };
  return nodeAffinity || podAntiAffinity ? { nodeAffinity, podAntiAffinity } : undefined;
}

/** A pod anti-affinity term against the controller's own pods. */
function antiAffinityTerm(topology: kplus.Topology): PodAffinityTermSpec {
  return { labelSelector: { matchLabels: { ...SELECTOR } }, topologyKey: topology.key };
}

/** A preferred pod anti-affinity term against the controller's own pods. */
function preferredAntiAffinityTerm(topology: kplus.Topology): WeightedPodAffinityTermSpec {
  return { weight: 100, podAffinityTerm: antiAffinityTerm(topology) };
}
