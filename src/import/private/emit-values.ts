/**
 * Code for the values and the small parts of manifests that the L2 props take: durations, numbers,
 * strings, maps, lists, pod metadata, and cdk8s-plus container props. Each gives `undefined` for
 * what it does not express, which then stays out of the props (and a JSON patch reproduces it).
 */
import { lit, obj, resources } from './code';
import { durationSeconds, equivalent } from './diff';
import { stringMap } from './install-options';
import { isObject, objectOrEmpty, UncheckedObject } from '../../private/manifest-types';

/** `Duration` code for a duration value (seconds or Go duration), when it is whole seconds. */
export function duration(v: unknown): string | undefined {
  const s = durationSeconds(v);
  if (s === undefined) return undefined;
  if (s > 0 && s % 3600 === 0) return `Duration.hours(${s / 3600})`;
  if (s > 0 && s % 60 === 0) return `Duration.minutes(${s / 60})`;
  return `Duration.seconds(${s})`;
}

/** A number as code. */
export function num(v: unknown): string | undefined {
  return typeof v === 'number' ? String(v) : undefined;
}

/** A string as a literal. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? lit(v) : undefined;
}

/** A boolean as code. */
export function bool(v: unknown): string | undefined {
  return typeof v === 'boolean' ? String(v) : undefined;
}

/** An array of the defined elements; undefined when none is. */
export function list(items: (string | undefined)[]): string | undefined {
  const defined = items.filter((i): i is string => i !== undefined);
  return defined.length === 0 ? undefined : `[${defined.join(', ')}]`;
}

/** `kplus.PercentOrAbsolute` for a count or a percentage. */
export function percentOrAbsolute(v: unknown): string | undefined {
  if (typeof v === 'number') return `kplus.PercentOrAbsolute.absolute(${v})`;
  if (typeof v === 'string' && /^\d+%$/.test(v)) return `kplus.PercentOrAbsolute.percent(${v.slice(0, -1)})`;
  return undefined;
}

/** cdk8s-plus protocols by their manifest values. */
export const PROTOCOLS: { [p: string]: string } = { TCP: 'kplus.Protocol.TCP', UDP: 'kplus.Protocol.UDP', SCTP: 'kplus.Protocol.SCTP' };
const PULL_POLICIES: { [p: string]: string } = {
  Always: 'kplus.ImagePullPolicy.ALWAYS', IfNotPresent: 'kplus.ImagePullPolicy.IF_NOT_PRESENT', Never: 'kplus.ImagePullPolicy.NEVER',
};

/** What cdk8s-plus writes into a container by default, left out of the props of a pod that keeps the defaults. */
const CONTAINER_DEFAULTS = {
  name: 'main', imagePullPolicy: 'Always', resources: { requests: { cpu: '1000m', memory: '512Mi' }, limits: { cpu: '1500m', memory: '2048Mi' } },
};

/**
 * cdk8s-plus container props for a container manifest (what they do not cover is patched); `defaults`:
 * the pod keeps the cdk8s-plus defaults, so what they write is left out.
 */
function container(c: UncheckedObject, defaults: boolean): string {
  const given = (field: keyof typeof CONTAINER_DEFAULTS) => (defaults && c[field] !== undefined && equivalent(c[field], CONTAINER_DEFAULTS[field])
    ? undefined : c[field]);
  const env = Array.isArray(c.env) && c.env.length > 0 && c.env.every((e: unknown) => isObject(e) && typeof e.name === 'string' && typeof e.value === 'string'
    && Object.keys(e).length === 2)
    ? `{ ${c.env.map((e: unknown) => `${lit(objectOrEmpty(e).name)}: kplus.EnvValue.fromValue(${lit(objectOrEmpty(e).value)})`).join(', ')} }`
    : undefined;
  // one bare port with the startup probe cdk8s-plus derives from it: `portNumber`, which writes both
  const port = Array.isArray(c.ports) && c.ports.length === 1 && Object.keys(c.ports[0] ?? {}).join() === 'containerPort' ? c.ports[0].containerPort : undefined;
  const portNumber = typeof port === 'number' && typeof c.startupProbe === 'object' && equivalent(c.startupProbe, { failureThreshold: 3, tcpSocket: { port } }) ? String(port) : undefined;
  const ports = portNumber !== undefined ? undefined : Array.isArray(c.ports) ? list(c.ports.map((p: UncheckedObject) => obj({
    number: num(p.containerPort), name: str(p.name), protocol: PROTOCOLS[p.protocol], hostPort: num(p.hostPort),
  }))) : undefined;
  return obj({
    name: str(given('name')),
    image: str(c.image),
    imagePullPolicy: PULL_POLICIES[given('imagePullPolicy')],
    command: Array.isArray(c.command) && c.command.every((x: unknown) => typeof x === 'string') ? lit(c.command) : undefined,
    args: Array.isArray(c.args) && c.args.every((x: unknown) => typeof x === 'string') ? lit(c.args) : undefined,
    workingDir: str(c.workingDir),
    portNumber,
    ports,
    envVariables: env,
    resources: resources(given('resources')),
  }) ?? '{}';
}

/** cdk8s-plus container props for a list of container manifests; undefined when empty. */
export function containers(list_: unknown, defaults = false): string | undefined {
  return Array.isArray(list_) && list_.length > 0 ? `[${list_.map(c => container(c, defaults)).join(', ')}]` : undefined;
}

/** `ApiObjectMetadata` props of an object's metadata. */
export function metadata(meta: unknown): string | undefined {
  const m = objectOrEmpty(meta);
  return obj({
    name: str(m.name), namespace: str(m.namespace), labels: stringMap(m.labels), annotations: stringMap(m.annotations),
  });
}

/** The labels and annotations of a metadata (as a role's pod metadata takes them). */
export function roleMetadata(meta: unknown): string | undefined {
  const m = objectOrEmpty(meta);
  return obj({ labels: stringMap(m.labels), annotations: stringMap(m.annotations) });
}
