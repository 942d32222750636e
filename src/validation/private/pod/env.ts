/**
 * Container environment: `env` (names, `valueFrom` sources, downward API field and resource
 * references, ConfigMap and Secret keys) and `envFrom`.
 */
import { asArray, asString, dns1123SubdomainError, isObject, isSet, qualifiedNameError, quote } from '../util';
import { PodCheck } from './context';
import { firstVersionWith } from './kubernetes-version';
import { envVarNameError, prefixNameError } from './names';
import { EnvFromView, EnvVarSourceView, EnvVarView, FieldRefView, KeySelectorView, ResourceFieldRefView } from './views';
import { configMapKeyError } from '../../../private/name-syntax';
import { parseQuantity, Quantity } from '../../../private/quantity';

/** Pod fields an environment variable may read through `fieldRef` (besides labels['k'] and annotations['k']). */
const ENV_FIELD_PATHS: readonly string[] = [
  'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName',
  'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs',
];
/** Pod fields a downward API volume file may read. */
export const VOLUME_FIELD_PATHS: readonly string[] = ['metadata.name', 'metadata.namespace', 'metadata.labels', 'metadata.annotations', 'metadata.uid'];
/** Fields the v1 downward API knows at all. */
const KNOWN_FIELD_PATHS: ReadonlySet<string> = new Set([
  ...ENV_FIELD_PATHS, 'metadata.labels', 'metadata.annotations', 'spec.restartPolicy', 'spec.schedulerName', 'status.phase',
]);
/** Container resources readable through `resourceFieldRef`. */
const RESOURCE_FIELDS: readonly string[] = [
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
];
const SUBSCRIPT = /^(metadata\.(?:labels|annotations))\['(.*)'\]$/;

const NANOS = 1000000000n;
/** Divisors allowed for cpu: 1m and 1. */
const CPU_DIVISORS: readonly bigint[] = [NANOS / 1000n, NANOS];
/** Divisors allowed for memory, ephemeral storage and huge pages: 1, 1k…1E, 1Ki…1Ei. */
const BYTE_DIVISORS: readonly bigint[] = [
  NANOS,
  ...[1, 2, 3, 4, 5, 6].map(n => NANOS * (1000n ** BigInt(n))),
  ...[1, 2, 3, 4, 5, 6].map(n => NANOS * (1024n ** BigInt(n))),
];

/** Checks a downward API `fieldRef` against the field paths `allowed` (shared with downward API volumes). */
export function checkFieldRef(ctx: PodCheck, ref: FieldRefView, path: string, allowed: readonly string[]): void {
  const apiVersion = isSet(ref.apiVersion) && ref.apiVersion !== '' ? ref.apiVersion : 'v1';
  if (apiVersion !== 'v1') {
    ctx.report(`${path}.apiVersion`, `fieldRef.apiVersion is ${quote(ref.apiVersion)}; the downward API of pods knows only v1.`,
      'Set apiVersion to "v1", or leave it out.', ref.apiVersion);
    return;
  }
  const fieldPath = asString(ref.fieldPath);
  if (fieldPath === '') {
    ctx.report(`${path}.fieldPath`, 'fieldRef has no fieldPath.', `Set fieldPath to a pod field, e.g. ${allowed.map(p => `"${p}"`).slice(0, 3).join(', ')}.`, ref.fieldPath);
    return;
  }
  const subscript = SUBSCRIPT.exec(fieldPath);
  if (subscript !== null) {
    const key = subscript[1] === 'metadata.annotations' ? subscript[2].toLowerCase() : subscript[2];
    const keyError = qualifiedNameError(key);
    if (keyError !== undefined) {
      ctx.report(`${path}.fieldPath`, `fieldRef.fieldPath ${quote(fieldPath)} names the key ${quote(subscript[2])}, which is not a valid key: ${keyError}.`,
        "Name a label or annotation key such as metadata.labels['app'].", fieldPath);
    }
    return;
  }
  if (!KNOWN_FIELD_PATHS.has(fieldPath) || !allowed.includes(fieldPath)) {
    ctx.report(`${path}.fieldPath`, `fieldRef.fieldPath is ${quote(fieldPath)}, which cannot be read here.`,
      `Use one of ${allowed.join(', ')}, or metadata.labels['<key>'] / metadata.annotations['<key>'].`, fieldPath);
  }
}

/** Checks a `resourceFieldRef`; `volume` requires containerName (downward API volume files). */
export function checkResourceFieldRef(ctx: PodCheck, ref: ResourceFieldRefView, path: string, volume: boolean): void {
  const resource = asString(ref.resource);
  if (volume && asString(ref.containerName) === '') {
    ctx.report(`${path}.containerName`, 'A resourceFieldRef of a downward API volume has no containerName.',
      'Set containerName to the container whose resources the file shows.', ref.containerName);
    return;
  }
  if (resource === '') {
    ctx.report(`${path}.resource`, 'resourceFieldRef has no resource.', `Set resource to one of ${RESOURCE_FIELDS.join(', ')}.`, ref.resource);
    return;
  }
  if (!RESOURCE_FIELDS.includes(resource) && !resource.startsWith('requests.hugepages-') && !resource.startsWith('limits.hugepages-')) {
    ctx.report(`${path}.resource`, `resourceFieldRef.resource is ${quote(resource)}, which cannot be read.`,
      `Use one of ${RESOURCE_FIELDS.join(', ')}, or requests./limits.hugepages-<size>.`, resource);
  }
  if (!isSet(ref.divisor)) {
    return;
  }
  const divisor: Quantity | undefined = parseQuantity(ref.divisor);
  if (divisor === undefined) {
    ctx.report(`${path}.divisor`, `resourceFieldRef.divisor ${quote(ref.divisor)} is not a Kubernetes quantity.`,
      'Write the divisor as a quantity such as "1", "1m" (cpu) or "1Mi" (memory).', ref.divisor);
    return;
  }
  if (divisor.nanos === 0n) {
    return;
  }
  const isCpu = resource === 'limits.cpu' || resource === 'requests.cpu';
  const allowed = isCpu ? CPU_DIVISORS : BYTE_DIVISORS;
  const checked = isCpu || resource.endsWith('.memory') || resource.endsWith('.ephemeral-storage') || resource.includes('.hugepages-');
  if (checked && !allowed.includes(divisor.nanos)) {
    ctx.report(`${path}.divisor`, `resourceFieldRef.divisor ${quote(ref.divisor)} is not supported for ${resource}.`,
      isCpu ? 'Use a divisor of "1m" or "1" for cpu.' : 'Use a divisor of "1", a decimal unit ("1k" … "1E") or a binary unit ("1Ki" … "1Ei").', ref.divisor);
  }
}

/** Checks a configMapKeyRef or secretKeyRef. */
function checkKeySelector(ctx: PodCheck, ref: KeySelectorView, path: string, kind: string): void {
  const name = asString(ref.name);
  const nameError = dns1123SubdomainError(name);
  if (nameError !== undefined) {
    ctx.report(`${path}.name`, `The ${kind} name is ${quote(ref.name)}, which is not a valid object name: ${nameError}.`,
      `Set name to the ${kind} to read, e.g. "app-config".`, ref.name);
  }
  const key = asString(ref.key);
  const keyError = key === '' ? 'it is empty' : configMapKeyError(key);
  if (keyError !== undefined) {
    ctx.report(`${path}.key`, `The ${kind} key is ${quote(ref.key)}, which is not a valid key: ${keyError}.`,
      `Set key to the ${kind} entry to read.`, ref.key);
  }
}

/**
 * For the API server of a Kubernetes version that still checks names strictly, from which version it
 * does not (a version-dependent finding says which version it is about); else nothing.
 */
function strictNamesNote(ctx: PodCheck): string {
  const relaxedFrom = firstVersionWith('relaxedEnvVarNames');
  if (ctx.strict || ctx.relaxedEnvVarNames || relaxedFrom === undefined) {
    return '';
  }
  return ` (the API server of Kubernetes 1.${ctx.kubernetes.minor} checks names strictly; from ${relaxedFrom} on, it takes any printable character but '=')`;
}

/** Checks one `env` list. */
export function checkEnv(ctx: PodCheck, env: unknown, path: string): void {
  asArray(env).forEach((item: unknown, i: number) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      return; // a schema matter
    }
    const variable: EnvVarView = item;
    const name = variable.name;
    if (typeof name !== 'string' || name === '') {
      ctx.report(`${at}.name`, `The environment variable ${quote(variable)} has no name.`, 'Give every environment variable a non-empty name.', name);
    }
    const relaxed = ctx.relaxedEnvVarNames;
    const nameError = typeof name === 'string' && name !== '' ? envVarNameError(name, relaxed) : undefined;
    if (nameError !== undefined) {
      ctx.report(`${at}.name`, `The environment variable name is ${quote(name)}, which is not valid: ${nameError}${strictNamesNote(ctx)}.`,
        !relaxed ? 'Name the variable with letters, digits, \'_\', \'-\' and \'.\', not starting with a digit, e.g. "LOG_LEVEL" (and no \'=\': the value goes in value).'
          : 'Give the variable a non-empty name without \'=\' (the value goes in value).', name);
    }
    if (!isSet(variable.valueFrom) || !isObject(variable.valueFrom)) {
      return;
    }
    const valueFrom: EnvVarSourceView = variable.valueFrom;
    const fromPath = `${at}.valueFrom`;
    const sources = (['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'] as const).filter(source => isSet(valueFrom[source]));
    if (isObject(valueFrom.fieldRef)) {
      checkFieldRef(ctx, valueFrom.fieldRef, `${fromPath}.fieldRef`, ENV_FIELD_PATHS);
    }
    if (isObject(valueFrom.resourceFieldRef)) {
      checkResourceFieldRef(ctx, valueFrom.resourceFieldRef, `${fromPath}.resourceFieldRef`, false);
    }
    if (isObject(valueFrom.configMapKeyRef)) {
      checkKeySelector(ctx, valueFrom.configMapKeyRef, `${fromPath}.configMapKeyRef`, 'ConfigMap');
    }
    if (isObject(valueFrom.secretKeyRef)) {
      checkKeySelector(ctx, valueFrom.secretKeyRef, `${fromPath}.secretKeyRef`, 'Secret');
    }
    if (sources.length === 0) {
      ctx.report(fromPath, `The environment variable ${quote(name)} has a valueFrom with no source (${quote(valueFrom)}).`,
        'Set exactly one of fieldRef, resourceFieldRef, configMapKeyRef or secretKeyRef in valueFrom, or use value instead.', valueFrom);
    } else if (asString(variable.value) !== '') {
      ctx.report(fromPath, `The environment variable ${quote(name)} sets both value and valueFrom.`,
        'Keep either value (a literal) or valueFrom (a reference).', variable.value);
    } else if (sources.length > 1) {
      ctx.report(fromPath, `The environment variable ${quote(name)} has ${sources.length} sources in valueFrom (${sources.join(', ')}).`,
        'Keep exactly one of fieldRef, resourceFieldRef, configMapKeyRef or secretKeyRef.', sources);
    }
  });
}

/** Checks one `envFrom` list. */
export function checkEnvFrom(ctx: PodCheck, envFrom: unknown, path: string): void {
  asArray(envFrom).forEach((item: unknown, i: number) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      return;
    }
    const source: EnvFromView = item;
    const prefix = asString(source.prefix);
    if (prefix !== '') {
      const prefixError = envVarNameError(prefix, ctx.relaxedEnvVarNames);
      if (prefixError !== undefined) {
        ctx.report(`${at}.prefix`, `The envFrom prefix ${quote(prefix)} is not valid at the start of a variable name: ${prefixError}${strictNamesNote(ctx)}.`,
          'Use a prefix of letters, digits, \'_\', \'-\' and \'.\', e.g. "APP_".', prefix);
      }
    }
    const refs = (['configMapRef', 'secretRef'] as const).filter(ref => isSet(source[ref]));
    for (const ref of refs) {
      const kind = ref === 'configMapRef' ? 'ConfigMap' : 'Secret';
      const target = source[ref];
      const refName: unknown = isObject(target) ? target.name : undefined;
      const name = asString(refName);
      const nameError = name === '' ? 'it is empty' : prefixNameError(name);
      if (nameError !== undefined) {
        ctx.report(`${at}.${ref}.name`, `The envFrom ${kind} name is ${quote(refName)}, which is not a valid object name: ${nameError}.`,
          `Set name to the ${kind} whose entries become variables.`, refName);
      }
    }
    if (refs.length !== 1) {
      ctx.report(at, refs.length === 0 ? `envFrom entry ${i} names neither a configMapRef nor a secretRef.` : `envFrom entry ${i} sets both configMapRef and secretRef.`,
        'Give each envFrom entry exactly one of configMapRef or secretRef (use two entries for both).', item);
    }
  });
}
