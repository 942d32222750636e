/**
 * Typed views of a pod template as written, for the pod checks: the fields each check reads, by
 * name. A manifest may hold anything, so every field is optional and `unknown`, and a check reads a
 * field with a guard (`typeof`, `Array.isArray`, `isObject`, `asString`, `asArray`) before it uses it.
 *
 * Every JSON object is a valid view (it may lack a field, and each field may hold anything): a view
 * comes from `isObject`, `asObject` or `objectOrEmpty`/`objectsOrEmpty` of the shared helpers.
 */

/** A pod spec (`spec` of a pod template). */
export interface PodSpecView {
  readonly containers?: unknown;
  readonly initContainers?: unknown;
  readonly ephemeralContainers?: unknown;
  readonly volumes?: unknown;
  readonly restartPolicy?: unknown;
  readonly terminationGracePeriodSeconds?: unknown;
  readonly activeDeadlineSeconds?: unknown;
  readonly dnsPolicy?: unknown;
  readonly dnsConfig?: unknown;
  readonly nodeSelector?: unknown;
  readonly serviceAccountName?: unknown;
  readonly nodeName?: unknown;
  readonly hostNetwork?: unknown;
  readonly hostPID?: unknown;
  readonly hostIPC?: unknown;
  readonly shareProcessNamespace?: unknown;
  readonly hostUsers?: unknown;
  readonly securityContext?: unknown;
  readonly hostname?: unknown;
  readonly subdomain?: unknown;
  readonly affinity?: unknown;
  readonly tolerations?: unknown;
  readonly hostAliases?: unknown;
  readonly priorityClassName?: unknown;
  readonly readinessGates?: unknown;
  readonly runtimeClassName?: unknown;
  readonly preemptionPolicy?: unknown;
  readonly overhead?: unknown;
  readonly topologySpreadConstraints?: unknown;
  readonly os?: unknown;
  readonly schedulingGates?: unknown;
  readonly resourceClaims?: unknown;
}

/** The boolean host-namespace fields of a pod spec, by name. */
export type PodHostField = 'hostNetwork' | 'hostPID' | 'hostIPC' | 'shareProcessNamespace' | 'hostUsers';

/** A container, init container or ephemeral container. */
export interface ContainerView {
  readonly name?: unknown;
  readonly image?: unknown;
  readonly ports?: unknown;
  readonly env?: unknown;
  readonly envFrom?: unknown;
  readonly resources?: unknown;
  readonly resizePolicy?: unknown;
  readonly restartPolicy?: unknown;
  readonly volumeMounts?: unknown;
  readonly volumeDevices?: unknown;
  readonly livenessProbe?: unknown;
  readonly readinessProbe?: unknown;
  readonly startupProbe?: unknown;
  readonly lifecycle?: unknown;
  readonly terminationMessagePolicy?: unknown;
  readonly imagePullPolicy?: unknown;
  readonly securityContext?: unknown;
}

/** A container with the path it was found at (`…containers[0]`). */
export type PlacedContainer = [ContainerView, string];

/** The probes of a container, by field name. */
export type ProbeField = 'livenessProbe' | 'readinessProbe' | 'startupProbe';

/** A container port. */
export interface ContainerPortView {
  readonly name?: unknown;
  readonly hostPort?: unknown;
  readonly containerPort?: unknown;
  readonly protocol?: unknown;
  readonly hostIP?: unknown;
}

/** A probe, or a lifecycle hook: the handlers (`exec`, `httpGet`, `tcpSocket`, `grpc`, `sleep`) and the timings. */
export interface HandlerView {
  readonly exec?: unknown;
  readonly httpGet?: unknown;
  readonly tcpSocket?: unknown;
  readonly grpc?: unknown;
  readonly sleep?: unknown;
  readonly initialDelaySeconds?: unknown;
  readonly timeoutSeconds?: unknown;
  readonly periodSeconds?: unknown;
  readonly successThreshold?: unknown;
  readonly failureThreshold?: unknown;
  readonly terminationGracePeriodSeconds?: unknown;
}

/** The action of a handler: the fields of `exec`, `httpGet`, `tcpSocket`, `grpc` and `sleep` together. */
export interface HandlerActionView {
  readonly command?: unknown;
  readonly port?: unknown;
  readonly scheme?: unknown;
  readonly httpHeaders?: unknown;
  readonly seconds?: unknown;
}

/** `lifecycle` of a container. */
export interface LifecycleView {
  readonly postStart?: unknown;
  readonly preStop?: unknown;
}

/** A field with a `name` (HTTP header, readiness or scheduling gate, sysctl, claim, DNS option, …). */
export interface NamedView {
  readonly name?: unknown;
}

/** An environment variable (`env[]`). */
export interface EnvVarView {
  readonly name?: unknown;
  readonly value?: unknown;
  readonly valueFrom?: unknown;
}

/** `valueFrom` of an environment variable. */
export interface EnvVarSourceView {
  readonly fieldRef?: unknown;
  readonly resourceFieldRef?: unknown;
  readonly configMapKeyRef?: unknown;
  readonly secretKeyRef?: unknown;
}

/** An `envFrom` entry. */
export interface EnvFromView {
  readonly prefix?: unknown;
  readonly configMapRef?: unknown;
  readonly secretRef?: unknown;
}

/** A downward API `fieldRef`. */
export interface FieldRefView {
  readonly apiVersion?: unknown;
  readonly fieldPath?: unknown;
}

/** A downward API `resourceFieldRef`. */
export interface ResourceFieldRefView {
  readonly containerName?: unknown;
  readonly resource?: unknown;
  readonly divisor?: unknown;
}

/** A `configMapKeyRef` or `secretKeyRef`. */
export interface KeySelectorView {
  readonly name?: unknown;
  readonly key?: unknown;
}

/** `resources` of a container. */
export interface ResourcesView {
  readonly limits?: unknown;
  readonly requests?: unknown;
  readonly claims?: unknown;
}

/** A resource claim a container uses (`resources.claims[]`). */
export interface ContainerClaimView {
  readonly name?: unknown;
  readonly request?: unknown;
}

/** A resize policy of a container. */
export interface ResizePolicyView {
  readonly resourceName?: unknown;
  readonly restartPolicy?: unknown;
}

/** A security context, of the pod or of a container (the fields of both). */
export interface SecurityContextView {
  readonly runAsUser?: unknown;
  readonly runAsGroup?: unknown;
  readonly fsGroup?: unknown;
  readonly fsGroupChangePolicy?: unknown;
  readonly supplementalGroups?: unknown;
  readonly supplementalGroupsPolicy?: unknown;
  readonly sysctls?: unknown;
  readonly seccompProfile?: unknown;
  readonly appArmorProfile?: unknown;
  readonly seLinuxOptions?: unknown;
  readonly seLinuxChangePolicy?: unknown;
  readonly windowsOptions?: unknown;
  readonly privileged?: unknown;
  readonly allowPrivilegeEscalation?: unknown;
  readonly capabilities?: unknown;
  readonly procMount?: unknown;
  readonly readOnlyRootFilesystem?: unknown;
}

/** A seccomp or AppArmor profile. */
export interface ProfileView {
  readonly type?: unknown;
  readonly localhostProfile?: unknown;
}

/** `windowsOptions` of a security context. */
export interface WindowsOptionsView {
  readonly gmsaCredentialSpecName?: unknown;
  readonly gmsaCredentialSpec?: unknown;
  readonly runAsUserName?: unknown;
  readonly hostProcess?: unknown;
}

/** `affinity` of a pod spec. */
export interface AffinityView {
  readonly nodeAffinity?: unknown;
  readonly podAffinity?: unknown;
  readonly podAntiAffinity?: unknown;
}

/** `nodeAffinity`, `podAffinity` or `podAntiAffinity`: the required and the preferred terms. */
export interface AffinityRulesView {
  readonly requiredDuringSchedulingIgnoredDuringExecution?: unknown;
  readonly preferredDuringSchedulingIgnoredDuringExecution?: unknown;
}

/** A node selector requirement, or a label selector expression: key, operator and values. */
export interface RequirementView {
  readonly key?: unknown;
  readonly operator?: unknown;
  readonly values?: unknown;
}

/** A node selector term. */
export interface NodeSelectorTermView {
  readonly matchExpressions?: unknown;
  readonly matchFields?: unknown;
}

/** A weighted term: `weight` with a node `preference` or a `podAffinityTerm`. */
export interface WeightedTermView {
  readonly weight?: unknown;
  readonly preference?: unknown;
  readonly podAffinityTerm?: unknown;
}

/** A pod (anti-)affinity term. */
export interface PodAffinityTermView {
  readonly labelSelector?: unknown;
  readonly namespaceSelector?: unknown;
  readonly namespaces?: unknown;
  readonly topologyKey?: unknown;
  readonly matchLabelKeys?: unknown;
  readonly mismatchLabelKeys?: unknown;
}

/** A label selector. */
export interface LabelSelectorView {
  readonly matchLabels?: unknown;
  readonly matchExpressions?: unknown;
}

/** A toleration. */
export interface TolerationView {
  readonly key?: unknown;
  readonly operator?: unknown;
  readonly value?: unknown;
  readonly effect?: unknown;
  readonly tolerationSeconds?: unknown;
}

/** A topology spread constraint. */
export interface TopologySpreadView {
  readonly maxSkew?: unknown;
  readonly topologyKey?: unknown;
  readonly whenUnsatisfiable?: unknown;
  readonly minDomains?: unknown;
  readonly nodeAffinityPolicy?: unknown;
  readonly nodeTaintsPolicy?: unknown;
  readonly matchLabelKeys?: unknown;
  readonly labelSelector?: unknown;
}

/** `dnsConfig` of a pod spec. */
export interface DnsConfigView {
  readonly nameservers?: unknown;
  readonly searches?: unknown;
  readonly options?: unknown;
}

/** A host alias. */
export interface HostAliasView {
  readonly ip?: unknown;
  readonly hostnames?: unknown;
}

/** A readiness gate. */
export interface ReadinessGateView {
  readonly conditionType?: unknown;
}

/** A pod resource claim (`spec.resourceClaims[]`). */
export interface PodClaimView {
  readonly name?: unknown;
  readonly resourceClaimName?: unknown;
  readonly resourceClaimTemplateName?: unknown;
}

/** A volume: its name, and its source under the source's name (`emptyDir`, `secret`, …). */
export interface VolumeView {
  readonly name?: unknown;
  readonly [source: string]: unknown;
}

/** A volume mount of a container. */
export interface VolumeMountView {
  readonly name?: unknown;
  readonly mountPath?: unknown;
  readonly subPath?: unknown;
  readonly subPathExpr?: unknown;
  readonly mountPropagation?: unknown;
  readonly recursiveReadOnly?: unknown;
  readonly readOnly?: unknown;
}

/** A volume device of a container. */
export interface VolumeDeviceView {
  readonly name?: unknown;
  readonly devicePath?: unknown;
}

/** An item of a volume source: a key to path of a Secret or ConfigMap, or a downward API file. */
export interface VolumeItemView {
  readonly key?: unknown;
  readonly path?: unknown;
  readonly mode?: unknown;
  readonly fieldRef?: unknown;
  readonly resourceFieldRef?: unknown;
}
