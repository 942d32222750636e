/**
 * Security contexts of the pod and of each container: user and group IDs, sysctls, seccomp and
 * AppArmor profiles, Windows options, and the combinations Kubernetes refuses.
 */
import { asArray, asObject, asString, dns1123SubdomainError, isObject, isSet, quote } from '../util';
import { PodCheck } from './context';
import { idError, relativePathError } from './names';
import { NamedView, PlacedContainer, PodHostField, PodSpecView, ProfileView, SecurityContextView, WindowsOptionsView } from './views';
import { objectOrEmpty } from '../../../private/manifest-types';

const SYSCTL_NAME = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;
const MAX_GMSA_SPEC = 64 * 1024;

/** Reports a user or group ID field that is out of range. */
function checkId(ctx: PodCheck, value: unknown, path: string, what: string): void {
  if (!isSet(value)) {
    return;
  }
  const error = idError(value);
  if (error !== undefined) {
    ctx.report(path, `${what} is ${quote(value)}: ${error}.`, 'Use a number from 0 to 2147483647 (0 is root).', value);
  }
}

/** seccompProfile: a type, and localhostProfile exactly for Localhost. */
function checkSeccomp(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const profile: ProfileView = value;
  ctx.checkEnum(profile.type, `${path}.type`, 'seccompProfile.type', ['Localhost', 'RuntimeDefault', 'Unconfined'], false);
  if (!isSet(profile.type)) {
    ctx.report(`${path}.type`, 'seccompProfile has no type.', 'Set type to RuntimeDefault, Localhost or Unconfined.');
  }
  if (profile.type === 'Localhost') {
    if (!isSet(profile.localhostProfile)) {
      ctx.report(`${path}.localhostProfile`, 'seccompProfile type Localhost needs a localhostProfile.', 'Set localhostProfile to the profile file, relative to the kubelet\'s seccomp directory.');
    } else {
      const error = relativePathError(asString(profile.localhostProfile));
      if (error !== undefined) {
        ctx.report(`${path}.localhostProfile`, `localhostProfile ${quote(profile.localhostProfile)} is not allowed: ${error}.`, 'Write it relative to the kubelet\'s seccomp directory.', profile.localhostProfile);
      }
    }
  } else if (isSet(profile.localhostProfile)) {
    ctx.report(`${path}.localhostProfile`, `localhostProfile is set, but seccompProfile.type is ${quote(profile.type)}.`, 'Remove localhostProfile, or set type: Localhost.', profile.localhostProfile);
  }
}

/** appArmorProfile: a type, and localhostProfile exactly for Localhost. */
function checkAppArmor(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const profile: ProfileView = value;
  const type = profile.type;
  if (type === 'Localhost') {
    const local = profile.localhostProfile;
    if (typeof local !== 'string' || local.trim() === '') {
      ctx.report(`${path}.localhostProfile`, 'appArmorProfile type Localhost needs a localhostProfile.', 'Set localhostProfile to the name of a profile loaded on the node.', local);
    } else if (local.trim() !== local) {
      ctx.report(`${path}.localhostProfile`, `localhostProfile ${quote(local)} has surrounding whitespace.`, 'Remove the spaces around the profile name.', local);
    } else if (local.length > 4095) {
      ctx.report(`${path}.localhostProfile`, `localhostProfile is ${local.length} characters long; at most 4095 are allowed.`, 'Use a shorter profile name.');
    }
  } else if (type === 'RuntimeDefault' || type === 'Unconfined') {
    if (isSet(profile.localhostProfile)) {
      ctx.report(`${path}.localhostProfile`, `localhostProfile is set, but appArmorProfile.type is ${quote(type)}.`, 'Remove localhostProfile, or set type: Localhost.', profile.localhostProfile);
    }
  } else if (!isSet(type) || type === '') {
    ctx.report(`${path}.type`, 'appArmorProfile has no type.', 'Set type to RuntimeDefault, Localhost or Unconfined.', type);
  } else {
    ctx.checkEnum(type, `${path}.type`, 'appArmorProfile.type', ['Localhost', 'RuntimeDefault', 'Unconfined'], false);
  }
}

/** windowsOptions: GMSA spec name and content, and runAsUserName. */
function checkWindowsOptions(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const options: WindowsOptionsView = value;
  if (isSet(options.gmsaCredentialSpecName)) {
    const error = dns1123SubdomainError(asString(options.gmsaCredentialSpecName));
    if (error !== undefined) {
      ctx.report(`${path}.gmsaCredentialSpecName`, `gmsaCredentialSpecName ${quote(options.gmsaCredentialSpecName)} is not a valid object name: ${error}.`,
        'Set it to the name of a GMSACredentialSpec resource.', options.gmsaCredentialSpecName);
    }
  }
  if (isSet(options.gmsaCredentialSpec)) {
    const spec = asString(options.gmsaCredentialSpec);
    if (spec.length === 0 || spec.length > MAX_GMSA_SPEC) {
      ctx.report(`${path}.gmsaCredentialSpec`, spec.length === 0 ? 'gmsaCredentialSpec is empty.' : 'gmsaCredentialSpec is larger than 64 KiB.',
        'Set the credential spec JSON, or leave it out.');
    }
  }
  if (isSet(options.runAsUserName)) {
    const name = asString(options.runAsUserName);
    const parts = name.split('\\');
    const user = parts[parts.length - 1];
    const domain = parts.length === 2 ? parts[0] : '';
    let error: string | undefined;
    if (name === '') {
      error = 'it is empty';
    } else if (/[\x00-\x1f\x7f]/.test(name)) {
      error = 'it contains control characters';
    } else if (parts.length > 2) {
      error = 'it contains more than one backslash';
    } else if (domain.length >= 256) {
      error = 'its domain is 256 characters or longer';
    } else if (parts.length === 2 && !/^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/.test(domain)
      && !/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(domain)) {
      error = 'its domain is neither a NetBIOS nor a DNS name';
    } else if (user.length === 0 || user.length > 104) {
      error = user.length === 0 ? 'the user part is empty' : 'the user part is longer than 104 characters';
    } else if (/^[. ]+$/.test(user) || /["/\\:;|=,+*?<>@[\]]/.test(user)) {
      error = 'the user part holds only dots or spaces, or one of "/\\:;|=,+*?<>@[]';
    }
    if (error !== undefined) {
      ctx.report(`${path}.runAsUserName`, `runAsUserName ${quote(name)} is not a valid Windows user name: ${error}.`, 'Use USER or DOMAIN\\USER, e.g. "ContainerUser".', name);
    }
  }
}

/** Namespace a sysctl belongs to ('net', 'ipc' or undefined). */
function sysctlNamespace(name: string): string | undefined {
  const normalized = name.replace(/\//g, '.');
  if (normalized.startsWith('net.')) {
    return 'net';
  }
  if (normalized.startsWith('kernel.shm') || normalized.startsWith('kernel.msg') || normalized === 'kernel.sem' || normalized.startsWith('fs.mqueue.')) {
    return 'ipc';
  }
  return undefined;
}

/** Checks the pod's `securityContext` and the host namespace fields that go with it. */
export function checkPodSecurity(ctx: PodCheck, spec: PodSpecView, path: string): void {
  const sc: SecurityContextView | undefined = asObject(spec.securityContext);
  if (sc !== undefined) {
    const at = `${path}.securityContext`;
    checkId(ctx, sc.fsGroup, `${at}.fsGroup`, 'fsGroup');
    checkId(ctx, sc.runAsUser, `${at}.runAsUser`, 'runAsUser');
    checkId(ctx, sc.runAsGroup, `${at}.runAsGroup`, 'runAsGroup');
    asArray(sc.supplementalGroups).forEach((gid: unknown, g: number) => checkId(ctx, gid, `${at}.supplementalGroups[${g}]`, 'The supplemental group'));
    const names = new Set<string>();
    asArray(sc.sysctls).forEach((item: unknown, s: number) => {
      const sysctl: NamedView = objectOrEmpty(item);
      const name = asString(sysctl.name);
      const namePath = `${at}.sysctls[${s}].name`;
      if (name === '') {
        ctx.report(namePath, 'A sysctl has no name.', 'Set name, e.g. "net.ipv4.ip_local_port_range".', sysctl.name);
      } else if (name.length > 253 || !SYSCTL_NAME.test(name)) {
        ctx.report(namePath, `The sysctl name ${quote(name)} is not valid.`, "Use dot- or slash-separated parts of lowercase letters, digits, '-' and '_', at most 253 characters.", name);
      } else if (names.has(name)) {
        ctx.report(namePath, `The sysctl ${quote(name)} is set twice.`, 'Set each sysctl once.', name);
      }
      const ns = sysctlNamespace(name);
      if ((ns === 'net' && spec.hostNetwork === true) || (ns === 'ipc' && spec.hostIPC === true)) {
        ctx.report(namePath, `The sysctl ${quote(name)} is namespaced, but the pod shares the host's ${ns === 'net' ? 'network (hostNetwork)' : 'IPC namespace (hostIPC)'}.`,
          `Remove the sysctl, or set ${ns === 'net' ? 'hostNetwork' : 'hostIPC'} to false.`, name);
      }
      names.add(name);
    });
    ctx.checkEnum(sc.fsGroupChangePolicy, `${at}.fsGroupChangePolicy`, 'fsGroupChangePolicy', ['OnRootMismatch', 'Always'], false);
    checkSeccomp(ctx, sc.seccompProfile, `${at}.seccompProfile`);
    checkWindowsOptions(ctx, sc.windowsOptions, `${at}.windowsOptions`);
    checkAppArmor(ctx, sc.appArmorProfile, `${at}.appArmorProfile`);
    ctx.checkEnum(sc.supplementalGroupsPolicy, `${at}.supplementalGroupsPolicy`, 'supplementalGroupsPolicy', ['Merge', 'Strict'], false);
    ctx.checkEnum(sc.seLinuxChangePolicy, `${at}.seLinuxChangePolicy`, 'seLinuxChangePolicy', ['Recursive', 'MountOption'], false);
  }
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    ctx.report(`${path}.shareProcessNamespace`, 'The pod sets both shareProcessNamespace and hostPID.', 'Keep one of shareProcessNamespace or hostPID.', true);
  }
  if (spec.hostUsers === false) {
    for (const field of ['hostNetwork', 'hostPID', 'hostIPC'] as const) {
      if (spec[field] === true) {
        ctx.report(`${path}.${field}`, `The pod sets hostUsers: false together with ${field}: true.`, `Remove ${field}, or leave hostUsers at its default.`, true);
      }
    }
  }
}

/** Checks a container's `securityContext`; returns whether the container counts as privileged. */
export function checkContainerSecurity(ctx: PodCheck, value: unknown, path: string): boolean {
  if (!isObject(value)) {
    return false;
  }
  const sc: SecurityContextView = value;
  // The Rollout controller clears privileged before it validates (so that a cluster-wide setting
  // does not decide); the API server accepts it where the cluster allows privileged pods.
  const privileged = !ctx.strict && sc.privileged === true;
  checkId(ctx, sc.runAsUser, `${path}.runAsUser`, 'runAsUser');
  checkId(ctx, sc.runAsGroup, `${path}.runAsGroup`, 'runAsGroup');
  if (isSet(sc.procMount)) {
    ctx.checkEnum(sc.procMount, `${path}.procMount`, 'procMount', ['Default', 'Unmasked'], false);
    if (sc.procMount === 'Unmasked' && ctx.hostUsers) {
      ctx.report(`${path}.procMount`, 'procMount Unmasked needs a user namespace, but the pod does not set hostUsers: false.', 'Set spec.hostUsers: false, or use procMount Default.', sc.procMount);
    }
  }
  checkSeccomp(ctx, sc.seccompProfile, `${path}.seccompProfile`);
  if (sc.allowPrivilegeEscalation === false) {
    if (privileged) {
      ctx.report(path, 'The container sets privileged: true and allowPrivilegeEscalation: false.', 'A privileged container can always escalate: remove one of the two.', value);
    }
    if (asArray(asObject(sc.capabilities)?.add).includes('CAP_SYS_ADMIN')) {
      ctx.report(path, 'The container adds CAP_SYS_ADMIN but sets allowPrivilegeEscalation: false.', 'Drop CAP_SYS_ADMIN, or allow privilege escalation.', value);
    }
  }
  checkWindowsOptions(ctx, sc.windowsOptions, `${path}.windowsOptions`);
  checkAppArmor(ctx, sc.appArmorProfile, `${path}.appArmorProfile`);
  return privileged;
}

/** Fields a Windows pod may not set, at pod and container level. */
const WINDOWS_POD_FORBIDDEN: ReadonlyArray<keyof SecurityContextView> = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'sysctls', 'runAsUser',
  'runAsGroup', 'supplementalGroups', 'supplementalGroupsPolicy', 'seLinuxChangePolicy'];
const WINDOWS_CONTAINER_FORBIDDEN: ReadonlyArray<keyof SecurityContextView> = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged',
  'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup'];

/** Checks `spec.os` and the security fields that the chosen OS cannot use. */
export function checkOs(ctx: PodCheck, spec: PodSpecView, path: string, containers: PlacedContainer[]): void {
  const os = asObject(spec.os);
  if (os === undefined) {
    return;
  }
  const name = os.name;
  if (!isSet(name) || name === '') {
    ctx.report(`${path}.os.name`, 'spec.os is set without a name.', 'Set os.name to "linux" or "windows", or remove os.');
    return;
  }
  if (name !== 'linux' && name !== 'windows') {
    ctx.checkEnum(name, `${path}.os.name`, 'os.name', ['linux', 'windows'], false);
    return;
  }
  const podSc: SecurityContextView | undefined = asObject(spec.securityContext);
  if (name === 'linux') {
    if (isSet(podSc?.windowsOptions)) {
      ctx.report(`${path}.securityContext.windowsOptions`, 'windowsOptions is set on a linux pod.', 'Remove windowsOptions, or set os.name: windows.');
    }
    for (const [container, at] of containers) {
      if (isSet(asObject(container.securityContext)?.windowsOptions)) {
        ctx.report(`${at}.securityContext.windowsOptions`, 'windowsOptions is set on a container of a linux pod.', 'Remove windowsOptions, or set os.name: windows.');
      }
    }
    return;
  }
  for (const field of WINDOWS_POD_FORBIDDEN) {
    const value = podSc?.[field];
    if (isSet(value) && !(Array.isArray(value) && value.length === 0 && field === 'sysctls')) {
      ctx.report(`${path}.securityContext.${field}`, `securityContext.${field} is set on a windows pod.`, `Remove ${field}, or set os.name: linux.`, value);
    }
  }
  for (const field of ['hostPID', 'hostIPC', 'shareProcessNamespace', 'hostUsers'] satisfies PodHostField[]) {
    if (isSet(spec[field]) && (spec[field] === true || field === 'shareProcessNamespace' || field === 'hostUsers')) {
      ctx.report(`${path}.${field}`, `${field} is set on a windows pod.`, `Remove ${field}, or set os.name: linux.`, spec[field]);
    }
  }
  for (const [container, at] of containers) {
    const sc: SecurityContextView | undefined = asObject(container.securityContext);
    for (const field of WINDOWS_CONTAINER_FORBIDDEN) {
      const value = sc?.[field];
      if (isSet(value)) {
        ctx.report(`${at}.securityContext.${field}`, `securityContext.${field} is set on a container of a windows pod.`, `Remove ${field}, or set os.name: linux.`, value);
      }
    }
  }
}

/**
 * Windows HostProcess containers: all containers or none, with hostNetwork, and (for the Rollout
 * controller, which validates as if the cluster allowed no privileged pods) not at all.
 */
export function checkHostProcess(ctx: PodCheck, spec: PodSpecView, path: string, containers: PlacedContainer[]): void {
  const podValue = asObject(asObject(spec.securityContext)?.windowsOptions)?.hostProcess;
  let hostProcess = 0;
  let first = podValue === true ? `${path}.securityContext.windowsOptions.hostProcess` : undefined;
  for (const [container, at] of containers) {
    const value = asObject(asObject(container.securityContext)?.windowsOptions)?.hostProcess;
    if (typeof podValue === 'boolean' && typeof value === 'boolean' && podValue !== value) {
      ctx.report(`${at}.securityContext.windowsOptions.hostProcess`, `The container sets hostProcess ${value}, but the pod sets ${podValue}.`,
        'Set hostProcess the same way on the pod and its containers, or only on the pod.', value);
    }
    if (value === true || (value === undefined && podValue === true)) {
      hostProcess++;
      first ??= `${at}.securityContext.windowsOptions.hostProcess`;
    }
  }
  if (hostProcess === 0) {
    return;
  }
  if (hostProcess !== containers.length) {
    ctx.report(path, `${hostProcess} of the pod's ${containers.length} containers are Windows HostProcess containers; it must be all or none.`,
      'Make every container a HostProcess container (set hostProcess on the pod), or none.');
  }
  if (spec.hostNetwork !== true) {
    ctx.report(`${path}.hostNetwork`, 'The pod has Windows HostProcess containers but does not set hostNetwork: true.', 'Set hostNetwork: true.', spec.hostNetwork);
  }
  if (ctx.strict) {
    ctx.report(first ?? path, 'The pod has Windows HostProcess containers, which the Rollout controller refuses (it validates as if privileged pods were not allowed).',
      'Run HostProcess containers outside a Rollout, e.g. in a DaemonSet.');
  }
}
