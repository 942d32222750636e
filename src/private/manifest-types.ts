/**
 * Types of the rendered manifests the constructs produce (the JSON the API server reads), for the
 * render methods. Internal: jsii never sees them.
 */

/** A string map: labels, annotations, match labels. */
export interface StringMap {
  readonly [key: string]: string;
}

/** A JSON object rendered by cdk8s-plus (a container, a volume, a pod spec), not looked into. */
export interface JsonObject {
  readonly [key: string]: unknown;
}

/**
 * A JSON object read from a manifest of any source (parsed YAML, a user's JSON): an object, but its
 * fields are not checked, so each is read with a guard (`typeof`, `Array.isArray`) before it is used.
 */
export interface UncheckedObject {
  readonly [field: string]: any;
}

/**
 * How deep values of a manifest may nest: a value (a map, a list, a key or a scalar) at this level or
 * deeper is refused, the document's top value being level 1 and each value of a map or list one level
 * deeper than it. The YAML reader's limit (js-yaml's maxDepth), which JSON input gets too: a manifest
 * needs a few dozen levels at most, and a reader or a rule that walks a value thousands of levels deep
 * may run out of stack. Free-form data given to the library is held below it (see `MAX_JSON_DEPTH`).
 */
export const MAX_NESTING_DEPTH = 100;

/** True for a plain JSON object: not null, not a list. */
export function isObject(value: unknown): value is UncheckedObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value if it is a plain JSON object, else `{}`: for reading fields of manifests from anywhere. */
export function objectOrEmpty(value: unknown): UncheckedObject {
  return isObject(value) ? value : {};
}

/** The `metadata.name` of a manifest; `''` when it has none (or not a string). */
export function manifestName(manifest: unknown): string {
  const name: unknown = objectOrEmpty(objectOrEmpty(manifest).metadata).name;
  return typeof name === 'string' ? name : '';
}

/** The `metadata.namespace` of a manifest; `''` when it has none (or not a string). */
export function manifestNamespace(manifest: unknown): string {
  const namespace: unknown = objectOrEmpty(objectOrEmpty(manifest).metadata).namespace;
  return typeof namespace === 'string' ? namespace : '';
}

/** Each entry of a list as `objectOrEmpty` gives it (positions kept); `[]` for anything but a list. */
export function objectsOrEmpty(value: unknown): UncheckedObject[] {
  return Array.isArray(value) ? value.map(objectOrEmpty) : [];
}

/**
 * The kind of the workload a Rollout's `workloadRef` names, as plans read it: its `kind`, else a
 * Deployment (the kind nearly every workloadRef names).
 */
export function workloadRefKind(ref: UncheckedObject): string {
  return typeof ref.kind === 'string' && ref.kind !== '' ? ref.kind : 'Deployment';
}

/**
 * Where a workload keeps the pod template a Rollout's `workloadRef` takes: `template` of a
 * PodTemplate, `spec.template` of a Deployment or ReplicaSet. The template is as written (possibly
 * not an object).
 */
export function workloadPodTemplate(workload: UncheckedObject): { readonly template: unknown; readonly path: string } {
  return workload.kind === 'PodTemplate'
    ? { template: workload.template, path: 'template' }
    : { template: objectOrEmpty(workload.spec).template, path: 'spec.template' };
}

/** An `intstr` field: an integer, or a string such as `25%`. */
export type IntOrString = number | string;

/** `metadata` of a pod template or of the objects a controller creates: labels and annotations. */
export interface MetadataSpec {
  readonly labels?: StringMap;
  readonly annotations?: StringMap;
}

/** `metadata` of an object (ObjectMeta): the fields the library writes or reads. */
export interface ObjectMeta extends MetadataSpec {
  readonly name?: string;
  readonly namespace?: string;
}

/**
 * An object as a plain manifest (what `ApiObject.toJson()` gives): its identity; the body depends on
 * the kind (see the manifests below).
 */
export interface Manifest {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata?: ObjectMeta;
}

/** A ConfigMap. */
export interface ConfigMapManifest extends Manifest {
  readonly data?: StringMap;
}

/** A Secret: `stringData` as written (the API server encodes it into `data`). */
export interface SecretManifest extends Manifest {
  readonly data?: StringMap;
  readonly stringData?: StringMap;
}

/** A pod spec: the containers and what else the construct sets. */
export interface PodSpec extends JsonObject {
  readonly containers: JsonObject[];
  readonly initContainers?: JsonObject[];
  readonly volumes?: JsonObject[];
  readonly serviceAccountName?: string;
  readonly restartPolicy?: string;
}

/** A pod template: metadata and spec. */
export interface PodTemplateSpec {
  readonly metadata?: MetadataSpec;
  readonly spec: PodSpec;
}

/** A label selector. */
export interface LabelSelectorSpec {
  readonly matchLabels?: StringMap;
  readonly matchExpressions?: { readonly key: string; readonly operator: string; readonly values?: string[] }[];
}

/** A quantity per resource name (`cpu: 500m`, `memory: 1Gi`), as cdk8s-plus renders it. */
export interface QuantityMap {
  readonly [resource: string]: IntOrString;
}

/** The `resources` of a container. */
export interface ResourceRequirementsSpec {
  readonly limits?: QuantityMap;
  readonly requests?: QuantityMap;
}

/** A node selector requirement (`matchExpressions` entry of a node selector term). */
export interface NodeSelectorRequirementSpec {
  readonly key: string;
  readonly operator: string;
  readonly values?: string[];
}

/** A node selector term: its requirements must all hold. */
export interface NodeSelectorTermSpec {
  readonly matchExpressions?: NodeSelectorRequirementSpec[];
}

/** A preferred node selector term, with its weight. */
export interface PreferredSchedulingTermSpec {
  readonly weight: number;
  readonly preference: NodeSelectorTermSpec;
}

/** A pod (anti-)affinity term: the pods it is about and the topology it spreads over. */
export interface PodAffinityTermSpec {
  readonly labelSelector?: LabelSelectorSpec;
  readonly topologyKey: string;
}

/** A preferred pod (anti-)affinity term, with its weight. */
export interface WeightedPodAffinityTermSpec {
  readonly weight: number;
  readonly podAffinityTerm: PodAffinityTermSpec;
}

/** The `affinity` of a pod spec, as far as the library writes it. */
export interface AffinitySpec {
  readonly nodeAffinity?: {
    readonly requiredDuringSchedulingIgnoredDuringExecution?: { readonly nodeSelectorTerms: NodeSelectorTermSpec[] };
    readonly preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTermSpec[];
  };
  readonly podAntiAffinity?: {
    readonly requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTermSpec[];
    readonly preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTermSpec[];
  };
}

/** An RBAC policy rule of a Role or ClusterRole. */
export interface PolicyRuleSpec {
  readonly apiGroups: string[];
  readonly resources: string[];
  readonly verbs: string[];
  readonly resourceNames?: string[];
}

/** An OpenAPI v3 schema of a CRD version (`openAPIV3Schema`): the structural keywords, and any other. */
export interface OpenApiSchema {
  readonly type?: string;
  readonly description?: string;
  readonly properties?: { readonly [name: string]: OpenApiSchema };
  readonly items?: OpenApiSchema;
  readonly required?: string[];
  readonly additionalProperties?: OpenApiSchema | boolean;
  readonly [keyword: string]: unknown;
}

/** A version of a CustomResourceDefinition (`spec.versions[]`). */
export interface CrdVersionSpec {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly schema: { readonly openAPIV3Schema: OpenApiSchema };
  readonly subresources?: JsonObject;
  readonly additionalPrinterColumns?: JsonObject[];
}

/** A CustomResourceDefinition. */
export interface CrdManifest extends Manifest {
  readonly metadata: ObjectMeta & { readonly name: string };
  readonly spec: {
    readonly group: string;
    readonly names: {
      readonly kind: string;
      readonly plural: string;
      readonly singular?: string;
      readonly listKind?: string;
      readonly shortNames?: string[];
      readonly categories?: string[];
    };
    readonly scope: string;
    readonly versions: CrdVersionSpec[];
  };
}
