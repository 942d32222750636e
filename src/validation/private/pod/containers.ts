/**
 * Containers and init containers: names, image, policies, ports (and host port conflicts), and the
 * per-container parts checked in their own files (env, probes, resources, mounts, security).
 */
import { asArray, asString, dns1123LabelError, ianaServiceNameError, isObject, isSet, portNumberError, quote } from '../util';
import { PodCheck } from './context';
import { checkEnv, checkEnvFrom } from './env';
import { checkLifecycle, checkProbe } from './probes';
import { checkResources } from './resources';
import { checkContainerSecurity } from './security';
import { ContainerPortView, ContainerView, PlacedContainer, PodSpecView, ProbeField, ResizePolicyView } from './views';
import { checkMounts } from './volumes';
import { objectOrEmpty } from '../../../private/manifest-types';

const PULL_POLICIES: readonly string[] = ['Always', 'IfNotPresent', 'Never'];
const MESSAGE_POLICIES: readonly string[] = ['File', 'FallbackToLogsOnError'];
const PORT_PROTOCOLS: readonly string[] = ['TCP', 'UDP', 'SCTP'];
const PROBES: readonly ProbeField[] = ['livenessProbe', 'readinessProbe', 'startupProbe'];

/** Checks the ports of one container (port names must be unique within the container). */
function checkPorts(ctx: PodCheck, ports: unknown, path: string): void {
  const names = new Map<string, string>();
  asArray(ports).forEach((item: unknown, p: number) => {
    const portPath = `${path}[${p}]`;
    if (!isObject(item)) {
      ctx.report(portPath, `The container port ${quote(item)} is not an object.`, 'Define each port as an object with at least containerPort.', item);
      return;
    }
    const port: ContainerPortView = item;
    const portName = port.name;
    if (isSet(portName) && portName !== '') {
      const nameError = typeof portName === 'string' ? ianaServiceNameError(portName) : 'it is not a string';
      if (nameError !== undefined) {
        ctx.report(`${portPath}.name`, `The port name ${quote(portName)} is not a valid IANA service name: ${nameError}.`,
          "Use at most 15 lowercase letters, digits and single '-' with at least one letter, e.g. \"http\".", portName);
      } else if (typeof portName === 'string' && names.has(portName)) {
        ctx.report(`${portPath}.name`, `The port name ${quote(portName)} is already used by ${names.get(portName)}.`,
          'Give every port of the container a different name.', portName);
      } else if (typeof portName === 'string') {
        names.set(portName, portPath);
      }
    }
    const containerPortError = portNumberError(port.containerPort);
    if (containerPortError !== undefined) {
      ctx.report(`${portPath}.containerPort`, `containerPort is ${quote(port.containerPort)}: ${containerPortError}.`,
        'Set containerPort to the port number the container listens on (1-65535).', port.containerPort);
    }
    if (isSet(port.hostPort) && port.hostPort !== 0) {
      const hostPortError = portNumberError(port.hostPort);
      if (hostPortError !== undefined) {
        ctx.report(`${portPath}.hostPort`, `hostPort is ${quote(port.hostPort)}: ${hostPortError}.`,
          'Set hostPort to a port number between 1 and 65535, or leave it out.', port.hostPort);
      }
    }
    if (isSet(port.protocol) && port.protocol !== '' && (typeof port.protocol !== 'string' || !PORT_PROTOCOLS.includes(port.protocol))) {
      ctx.report(`${portPath}.protocol`, `The port protocol ${quote(port.protocol)} is not supported.`, 'Use "TCP" (the default), "UDP" or "SCTP".', port.protocol);
    }
  });
}

/** Reports host ports used twice (same protocol, host IP and port) among `containers`. */
function checkHostPortConflicts(ctx: PodCheck, containers: PlacedContainer[]): void {
  const seen = new Map<string, string>();
  for (const [container, path] of containers) {
    asArray(container.ports).forEach((item: unknown, p: number) => {
      const port: ContainerPortView = objectOrEmpty(item);
      const hostPort = port.hostPort;
      if (!isSet(hostPort) || hostPort === 0) {
        return;
      }
      const protocol = asString(port.protocol) || 'TCP';
      const hostIP = asString(port.hostIP);
      const key = `${protocol}/${hostIP}/${String(hostPort)}`;
      const at = `${path}.ports[${p}].hostPort`;
      if (seen.has(key)) {
        ctx.report(at, `The host port ${String(hostPort)}/${protocol}${hostIP === '' ? '' : ` on ${hostIP}`} is already used by ${seen.get(key)}.`,
          'Use a different hostPort, protocol or hostIP.', hostPort);
      } else {
        seen.set(key, at);
      }
    });
  }
}

/** What every kind of container is checked for. */
function checkCommon(ctx: PodCheck, container: ContainerView, path: string): void {
  const name = container.name;
  const nameError = typeof name === 'string' ? dns1123LabelError(name) : 'a name is required';
  if (nameError !== undefined) {
    ctx.report(`${path}.name`, `The container name is ${quote(name)}, which is not a valid DNS-1123 label: ${nameError}.`,
      "Name the container with at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (e.g. \"app\").", name);
  }
  if (typeof container.image !== 'string' || container.image.length === 0) {
    ctx.report(`${path}.image`, `The container ${quote(asString(name))} has no image (image is ${quote(container.image)}).`,
      'Set image to the container image to run, e.g. "nginx:1.27".', container.image);
  }
  ctx.checkEnum(container.terminationMessagePolicy, `${path}.terminationMessagePolicy`, 'terminationMessagePolicy', MESSAGE_POLICIES, true);
  checkPorts(ctx, container.ports, `${path}.ports`);
  checkEnv(ctx, container.env, `${path}.env`);
  checkEnvFrom(ctx, container.envFrom, `${path}.envFrom`);
  const privileged = checkContainerSecurity(ctx, container.securityContext, `${path}.securityContext`);
  checkMounts(ctx, container, path, privileged);
  ctx.checkEnum(container.imagePullPolicy, `${path}.imagePullPolicy`, 'imagePullPolicy', PULL_POLICIES, true);
  checkResources(ctx, container.resources, `${path}.resources`);
  checkResizePolicy(ctx, container.resizePolicy, `${path}.resizePolicy`);
}

/** Checks `resizePolicy`: cpu and memory once each, with a restart policy. */
function checkResizePolicy(ctx: PodCheck, policies: unknown, path: string): void {
  const seen = new Set<string>();
  asArray(policies).forEach((item: unknown, i: number) => {
    const at = `${path}[${i}]`;
    const policy: ResizePolicyView = objectOrEmpty(item);
    const resource = asString(policy.resourceName);
    if (seen.has(resource)) {
      ctx.report(`${at}.resourceName`, `The resize policy of ${quote(resource)} is given twice.`, 'Give one policy per resource.', resource);
    }
    seen.add(resource);
    ctx.checkEnum(policy.resourceName, `${at}.resourceName`, 'The resize policy resourceName', ['cpu', 'memory'], false);
    ctx.checkEnum(policy.restartPolicy, `${at}.restartPolicy`, 'The resize restartPolicy', ['NotRequired', 'RestartContainer'], false);
    if (ctx.spec.restartPolicy === 'Never' && isSet(policy.restartPolicy) && policy.restartPolicy !== 'NotRequired') {
      ctx.report(`${at}.restartPolicy`, 'The pod never restarts (restartPolicy Never), so resize policies must be NotRequired.', 'Set restartPolicy: NotRequired.', policy.restartPolicy);
    }
  });
}

/** Checks `containers` and `initContainers`. */
export function checkContainers(ctx: PodCheck, spec: PodSpecView, path: string): void {
  const containers = spec.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    ctx.report(`${path}.containers`, `The pod template has no containers (containers is ${quote(containers)}).`,
      'Add at least one container with a name and an image.', containers);
  }
  if (isSet(spec.initContainers) && !Array.isArray(spec.initContainers)) {
    ctx.report(`${path}.initContainers`, `initContainers is ${quote(spec.initContainers)}, not a list.`,
      'Write initContainers as a list of containers, or leave it out.', spec.initContainers);
  }
  const names = new Map<string, string>();
  const regular: PlacedContainer[] = [];
  asArray(containers).forEach((item: unknown, i: number) => {
    const at = `${path}.containers[${i}]`;
    if (!isObject(item)) {
      ctx.report(at, `The container ${quote(item)} is not an object.`, 'Define each container as an object with at least a name and an image.', item);
      return;
    }
    const container: ContainerView = item;
    regular.push([container, at]);
    checkCommon(ctx, container, at);
    noteName(ctx, container.name, at, names);
    checkLifecycle(ctx, container.lifecycle, `${at}.lifecycle`);
    for (const probe of PROBES) {
      checkProbe(ctx, container[probe], `${at}.${probe}`, probe);
    }
    if (isSet(container.restartPolicy)) {
      ctx.report(`${at}.restartPolicy`, `The container sets restartPolicy ${quote(container.restartPolicy)}; only init containers (sidecars) take one.`,
        'Remove restartPolicy from the container, or move it to initContainers as a sidecar.', container.restartPolicy);
    }
  });
  checkHostPortConflicts(ctx, regular);
  asArray(spec.initContainers).forEach((item: unknown, i: number) => {
    const at = `${path}.initContainers[${i}]`;
    if (!isObject(item)) {
      ctx.report(at, `The init container ${quote(item)} is not an object.`, 'Define each init container as an object with at least a name and an image.', item);
      return;
    }
    const container: ContainerView = item;
    checkCommon(ctx, container, at);
    ctx.checkEnum(container.restartPolicy, `${at}.restartPolicy`, 'The init container restartPolicy', ['Always'], false);
    noteName(ctx, container.name, at, names);
    checkHostPortConflicts(ctx, [[container, at]]);
    if (container.restartPolicy === 'Always') {
      checkLifecycle(ctx, container.lifecycle, `${at}.lifecycle`);
      for (const probe of PROBES) {
        checkProbe(ctx, container[probe], `${at}.${probe}`, probe);
      }
    } else {
      for (const field of ['lifecycle' as const, ...PROBES]) {
        if (isSet(container[field])) {
          ctx.report(`${at}.${field}`, `The init container sets ${field}, which init containers take only as sidecars (restartPolicy: Always).`,
            `Remove ${field}, or set restartPolicy: Always to run the init container as a sidecar.`, container[field]);
        }
      }
    }
    if (ctx.strict && asArray(container.resizePolicy).length > 0) {
      ctx.report(`${at}.resizePolicy`, 'The init container sets resizePolicy, which the Rollout controller does not accept on init containers.',
        'Remove resizePolicy from the init container.', container.resizePolicy);
    }
  });
  const ephemeral = spec.ephemeralContainers;
  if (asArray(ephemeral).length > 0) {
    ctx.report(`${path}.ephemeralContainers`, 'The pod template sets ephemeralContainers, which pod templates may not have.',
      'Remove ephemeralContainers; add debug containers to running pods with kubectl debug.', ephemeral);
  }
}

/** Records a container name and reports a repeat across containers and init containers. */
function noteName(ctx: PodCheck, name: unknown, path: string, names: Map<string, string>): void {
  if (typeof name !== 'string' || name === '') {
    return;
  }
  if (names.has(name)) {
    ctx.report(`${path}.name`, `The container name ${quote(name)} is already used by ${names.get(name)}.`,
      'Give every container and init container of the pod a different name.', name);
  } else {
    names.set(name, path);
  }
}
