import * as kplus from 'cdk8s-plus-27';

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

/** Removes from a rendered container the cdk8s-plus defaults of props the user did not set. */
export function stripContainerDefaults(container: any, props: kplus.ContainerProps): any {
  for (const [prop, field] of CONTAINER_DEFAULTS) {
    if (props[prop] === undefined) delete container[field];
  }
  return container;
}

/**
 * Removes from a rendered pod spec the cdk8s-plus defaults the user did not set. Containers whose
 * props are unknown (attached `Container` objects) keep everything.
 */
export function stripPodDefaults(spec: any, props: kplus.AbstractPodProps, containers: (kplus.ContainerProps | undefined)[],
  initContainers: (kplus.ContainerProps | undefined)[]): any {
  for (const [prop, fields] of POD_DEFAULTS) {
    if (props[prop] === undefined) fields.forEach(f => delete spec[f]);
  }
  (spec.containers ?? []).forEach((c: any, i: number) => containers[i] && stripContainerDefaults(c, containers[i]!));
  (spec.initContainers ?? []).forEach((c: any, i: number) => initContainers[i] && stripContainerDefaults(c, initContainers[i]!));
  return spec;
}

/**
 * A container built with the cdk8s-plus container API, as plain JSON. With `keepDefaults` false,
 * only what the props set is kept (see `stripContainerDefaults`).
 */
export function renderContainer(props: kplus.ContainerProps, keepDefaults: boolean): any {
  const json = kplus.k8s.toJson_Container(new kplus.Container(props)._toKube());
  return keepDefaults ? json : stripContainerDefaults(json, props);
}
