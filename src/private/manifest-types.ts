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

/** `metadata` of a pod template or of the objects a controller creates: labels and annotations. */
export interface MetadataSpec {
  readonly labels?: StringMap;
  readonly annotations?: StringMap;
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
