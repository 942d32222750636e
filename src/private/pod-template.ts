/**
 * The one pod-template renderer: the pod templates of Rollouts, of Experiment templates and of Job
 * metrics are built with the cdk8s-plus container API and rendered here, with the same treatment of
 * the defaults cdk8s-plus fills in.
 */
import * as kplus from './kplus';
import { JsonObject, PodSpec, PodTemplateSpec, StringMap } from './manifest-types';
import { metadataBlock } from './utils';

/** Container fields cdk8s-plus fills in when the user leaves the matching prop out. */
const CONTAINER_DEFAULTS: [keyof kplus.ContainerProps, string][] = [
  ['imagePullPolicy', 'imagePullPolicy'],
  ['resources', 'resources'],
  ['securityContext', 'securityContext'],
  ['startup', 'startupProbe'],
];

/** Pod fields cdk8s-plus fills in when the user leaves the matching prop out. */
const POD_DEFAULTS: [keyof kplus.AbstractPodProps, string[]][] = [
  ['automountServiceAccountToken', ['automountServiceAccountToken']],
  ['securityContext', ['securityContext']],
  ['dns', ['dnsPolicy', 'setHostnameAsFQDN']],
  ['hostNetwork', ['hostNetwork']],
  ['restartPolicy', ['restartPolicy']],
  ['terminationGracePeriod', ['terminationGracePeriodSeconds']],
];

/**
 * Pod fields that only some cdk8s-plus lines fill in (with the Kubernetes default) when the prop is
 * left out: always removed then, so that a Rollout renders the same bytes on every line.
 * `shareProcessNamespace: false` is written from cdk8s-plus-32 on (the prop does not exist on 27).
 */
const LINE_DEFAULTS: readonly string[] = ['shareProcessNamespace'];

/** A JSON object as cdk8s-plus renders it, whose fields the renderer may remove. */
type Rendered = { [key: string]: unknown };

/** Removes from a rendered container the cdk8s-plus defaults of props the user did not set. */
function stripContainerDefaults(container: Rendered, props: kplus.ContainerProps): Rendered {
  for (const [prop, field] of CONTAINER_DEFAULTS) {
    if (props[prop] === undefined) delete container[field];
  }
  return container;
}

/**
 * A container built with the cdk8s-plus container API, as plain JSON. With `keepDefaults` false,
 * only what the props set is kept.
 */
export function renderContainer(props: kplus.ContainerProps, keepDefaults: boolean): JsonObject {
  const json: Rendered = kplus.k8s.toJson_Container(new kplus.Container(props)._toKube())!;
  return keepDefaults ? json : stripContainerDefaults(json, props);
}

/**
 * The pod spec of a cdk8s-plus pod (a Rollout is one), from its `_toPodSpec()`. With `keepDefaults`
 * false, the pod and container fields cdk8s-plus fills in for props the user did not set are removed;
 * containers whose props are unknown (attached `Container` objects) keep everything.
 */
export function renderWorkloadPodSpec(podSpec: kplus.k8s.PodSpec, props: kplus.AbstractPodProps, keepDefaults: boolean,
  containers: (kplus.ContainerProps | undefined)[], initContainers: (kplus.ContainerProps | undefined)[]): PodSpec {
  const spec: Rendered = kplus.k8s.toJson_PodSpec(podSpec)!;
  for (const prop of LINE_DEFAULTS) {
    if ((props as { [prop: string]: unknown })[prop] === undefined) delete spec[prop];
  }
  if (!keepDefaults) {
    for (const [prop, fields] of POD_DEFAULTS) {
      if (props[prop] === undefined) fields.forEach(f => delete spec[f]);
    }
    const strip = (list: unknown, given: (kplus.ContainerProps | undefined)[]) =>
      ((list ?? []) as Rendered[]).forEach((c, i) => given[i] && stripContainerDefaults(c, given[i]!));
    strip(spec.containers, containers);
    strip(spec.initContainers, initContainers);
  }
  return spec as PodSpec;
}

/** A pod template that is not a cdk8s-plus pod of its own: its containers and the few fields set. */
export interface PodTemplateParts {
  /** Pod labels. */
  readonly labels?: StringMap;
  /** Pod annotations. */
  readonly annotations?: StringMap;
  /** The containers, built with the cdk8s-plus container API. */
  readonly containers: kplus.ContainerProps[];
  /** Keep the defaults cdk8s-plus fills in (see `renderContainer`). */
  readonly keepDefaults: boolean;
  /** The service account. */
  readonly serviceAccountName?: string;
  /** The volumes. */
  readonly volumes?: kplus.Volume[];
  /** The restart policy. */
  readonly restartPolicy?: kplus.RestartPolicy;
}

/** Renders a pod template from its parts (Experiment templates, Job metrics); unset fields stay out. */
export function renderPodTemplate(parts: PodTemplateParts): PodTemplateSpec {
  const volumes = (parts.volumes ?? []).map(v => kplus.k8s.toJson_Volume(v._toKube())!);
  const spec: PodSpec = definedOnly({
    serviceAccountName: parts.serviceAccountName,
    containers: parts.containers.map(props => renderContainer(props, parts.keepDefaults)),
    volumes: volumes.length > 0 ? volumes : undefined,
    restartPolicy: parts.restartPolicy,
  });
  return { metadata: metadataBlock(parts.labels, parts.annotations), spec };
}

/** A copy without the keys whose value is undefined (in the same order). */
function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
