/**
 * Volumes (names, exactly one source, the fields each source requires) and, per container, volume
 * mounts and volume devices.
 */
import {
  asArray, asNumber, asObject, asString, dns1123LabelError, dns1123SubdomainError, isObject, isSet, quote,
} from '../util';
import { PodCheck } from './context';
import { checkFieldRef, checkResourceFieldRef, VOLUME_FIELD_PATHS } from './env';
import { backstepError, localPathError, relativePathError } from './names';
import { ContainerView, VolumeDeviceView, VolumeItemView, VolumeMountView, VolumeView } from './views';
import { JsonObject, objectOrEmpty } from '../../../private/manifest-types';
import { parseQuantity } from '../../../private/quantity';

/** Every volume source of the v1 API. */
const SOURCES: readonly string[] = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs', 'flocker',
  'persistentVolumeClaim', 'rbd', 'cinder', 'cephfs', 'quobyte', 'downwardAPI', 'fc', 'flexVolume', 'configMap', 'azureFile',
  'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'storageos', 'projected', 'scaleIO', 'csi', 'ephemeral', 'image',
];
/** Fields each source requires (non-empty). */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  hostPath: ['path'],
  gitRepo: ['repository'],
  gcePersistentDisk: ['pdName'],
  awsElasticBlockStore: ['volumeID'],
  secret: ['secretName'],
  nfs: ['server', 'path'],
  iscsi: ['targetPortal', 'iqn'],
  glusterfs: ['endpoints', 'path'],
  persistentVolumeClaim: ['claimName'],
  rbd: ['monitors', 'image'],
  cinder: ['volumeID'],
  cephfs: ['monitors'],
  quobyte: ['registry', 'volume'],
  flexVolume: ['driver'],
  configMap: ['name'],
  azureFile: ['secretName', 'shareName'],
  vsphereVolume: ['volumePath'],
  photonPersistentDisk: ['pdID'],
  portworxVolume: ['volumeID'],
  azureDisk: ['diskName', 'diskURI'],
  storageos: ['volumeName'],
  scaleIO: ['gateway', 'system', 'volumeName'],
  csi: ['driver'],
};
const HOST_PATH_TYPES: readonly string[] = ['', 'DirectoryOrCreate', 'Directory', 'FileOrCreate', 'File', 'Socket', 'CharDevice', 'BlockDevice'];
const MAX_MODE = 0o777;
const ACCESS_MODES: readonly string[] = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];

function isEmpty(value: unknown): boolean {
  return !isSet(value) || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Reports a file mode outside 0..0777. */
function checkMode(ctx: PodCheck, mode: unknown, path: string): void {
  const value = asNumber(mode);
  if (value !== undefined && (value < 0 || value > MAX_MODE)) {
    ctx.report(path, `The file mode ${quote(value)} is outside 0 to 0777 (511 in decimal).`, 'Write the mode as a number from 0 to 511, e.g. 420 for 0644.', value);
  }
}

/** Reports a path that Kubernetes refuses (`check` picks the flavour: relative, no '..'). */
function checkPath(ctx: PodCheck, value: unknown, path: string, what: string, check: (v: string) => string | undefined): void {
  const error = typeof value === 'string' ? check(value) : undefined;
  if (error !== undefined) {
    const fix = check === backstepError ? 'Write the path without \'..\' elements.' : 'Write it as a relative path inside the volume, without \'..\' elements.';
    ctx.report(path, `${what} ${quote(value)} is not allowed: ${error}.`, fix, value);
  }
}

/** Items of a Secret or ConfigMap source: key and path required, path relative, mode in range. */
function checkKeyToPaths(ctx: PodCheck, items: unknown, path: string, paths?: Set<unknown>, conflictPath?: string): void {
  asArray(items).forEach((value: unknown, i: number) => {
    const at = `${path}[${i}]`;
    const item: VolumeItemView = objectOrEmpty(value);
    if (asString(item.key) === '') {
      ctx.report(`${at}.key`, 'A volume item has no key.', 'Set key to the entry to project into the volume.', item.key);
    }
    const itemPath = asString(item.path);
    if (itemPath === '') {
      ctx.report(`${at}.path`, 'A volume item has no path.', 'Set path to the file name inside the volume, e.g. "config.yaml".', item.path);
    } else {
      checkPath(ctx, itemPath, `${at}.path`, 'The item path', localPathError);
      noteProjectedPath(ctx, itemPath, paths, conflictPath);
    }
    checkMode(ctx, item.mode, `${at}.mode`);
  });
}

/** Records a projected path and reports one used twice. */
function noteProjectedPath(ctx: PodCheck, path: unknown, paths?: Set<unknown>, conflictPath?: string): void {
  if (paths === undefined || conflictPath === undefined) {
    return;
  }
  if (paths.has(path)) {
    ctx.report(conflictPath, `The projected volume writes the path ${quote(path)} twice.`, 'Give every projected file a different path.', path);
  }
  paths.add(path);
}

/** Files of a downward API source. */
function checkDownwardAPIItems(ctx: PodCheck, items: unknown, path: string, paths?: Set<unknown>, conflictPath?: string): void {
  asArray(items).forEach((value: unknown, i: number) => {
    const at = `${path}[${i}]`;
    const item: VolumeItemView = objectOrEmpty(value);
    const filePath = asString(item.path);
    if (filePath === '') {
      ctx.report(`${at}.path`, 'A downward API file has no path.', 'Set path to the file name inside the volume, e.g. "labels".', item.path);
    } else {
      checkPath(ctx, filePath, `${at}.path`, 'The file path', localPathError);
      noteProjectedPath(ctx, filePath, paths, conflictPath);
    }
    const fieldRef = asObject(item.fieldRef);
    const resourceFieldRef = asObject(item.resourceFieldRef);
    const hasField = fieldRef !== undefined;
    const hasResource = resourceFieldRef !== undefined;
    if (fieldRef !== undefined) {
      checkFieldRef(ctx, fieldRef, `${at}.fieldRef`, VOLUME_FIELD_PATHS);
    } else if (resourceFieldRef !== undefined) {
      checkResourceFieldRef(ctx, resourceFieldRef, `${at}.resourceFieldRef`, true);
    }
    if (hasField === hasResource) {
      ctx.report(at, hasField ? 'A downward API file sets both fieldRef and resourceFieldRef.' : 'A downward API file sets neither fieldRef nor resourceFieldRef.',
        'Set exactly one of fieldRef or resourceFieldRef.', value);
    }
    checkMode(ctx, item.mode, `${at}.mode`);
  });
}

/** The sources of a projected volume. */
function checkProjected(ctx: PodCheck, projected: JsonObject, path: string): void {
  checkMode(ctx, projected.defaultMode, `${path}.defaultMode`);
  const paths = new Set<unknown>();
  asArray(projected.sources).forEach((item: unknown, i: number) => {
    const at = `${path}.sources[${i}]`;
    if (!isObject(item)) {
      return;
    }
    const source: JsonObject = item;
    const kinds = ['secret', 'configMap', 'downwardAPI', 'serviceAccountToken', 'clusterTrustBundle'].filter(kind => isSet(source[kind]));
    if (kinds.length > 1) {
      ctx.report(at, `A projected volume source sets ${kinds.join(' and ')}; each source takes one.`, 'Split them into separate entries of sources.', kinds);
    }
    for (const kind of ['secret', 'configMap']) {
      const projection = asObject(source[kind]);
      if (projection !== undefined) {
        if (asString(projection.name) === '') {
          ctx.report(`${at}.${kind}.name`, `A projected ${kind} source has no name.`, `Set name to the ${kind === 'secret' ? 'Secret' : 'ConfigMap'} to project.`, projection.name);
        }
        checkKeyToPaths(ctx, projection.items, `${at}.${kind}.items`, paths, path);
      }
    }
    const downwardAPI = asObject(source.downwardAPI);
    if (downwardAPI !== undefined) {
      checkDownwardAPIItems(ctx, downwardAPI.items, `${at}.downwardAPI.items`, paths, path);
    }
    const token = asObject(source.serviceAccountToken);
    if (token !== undefined) {
      const expiration = asNumber(token.expirationSeconds) ?? 3600;
      if (expiration < 600 || expiration > 2 ** 32) {
        ctx.report(`${at}.serviceAccountToken.expirationSeconds`, `The token expirationSeconds is ${quote(expiration)}; it must be between 600 (10 minutes) and 2^32.`,
          'Set expirationSeconds to 600 or more, or leave it out for 3600.', expiration);
      }
      const tokenPath = token.path;
      if (asString(tokenPath) === '') {
        ctx.report(`${at}.serviceAccountToken.path`, 'A projected service account token has no path.', 'Set path to the file name of the token, e.g. "token".', tokenPath);
      } else {
        checkPath(ctx, tokenPath, `${at}.serviceAccountToken.path`, 'The token path', localPathError);
        noteProjectedPath(ctx, tokenPath, paths, path);
      }
    }
    const bundle = asObject(source.clusterTrustBundle);
    if (bundle !== undefined) {
      const byName = isSet(bundle.name);
      const bySigner = isSet(bundle.signerName);
      if (byName === bySigner) {
        ctx.report(`${at}.clusterTrustBundle`, byName ? 'A clusterTrustBundle source sets both name and signerName.' : 'A clusterTrustBundle source sets neither name nor signerName.',
          'Set exactly one of name or signerName.', bundle);
      } else if (byName && isSet(bundle.labelSelector)) {
        ctx.report(`${at}.clusterTrustBundle.labelSelector`, 'A clusterTrustBundle source selected by name also sets labelSelector.', 'Remove labelSelector, or select by signerName.', bundle.labelSelector);
      }
      const bundlePath = bundle.path;
      if (asString(bundlePath) === '') {
        ctx.report(`${at}.clusterTrustBundle.path`, 'A clusterTrustBundle source has no path.', 'Set path to the file name of the bundle.', bundlePath);
      } else {
        checkPath(ctx, bundlePath, `${at}.clusterTrustBundle.path`, 'The bundle path', localPathError);
        noteProjectedPath(ctx, bundlePath, paths, path);
      }
    }
  });
}

/** Checks the fields of one volume source. */
function checkSource(ctx: PodCheck, kind: string, source: JsonObject, path: string, volume: VolumeView): void {
  for (const field of REQUIRED[kind] ?? []) {
    if (isEmpty(source[field])) {
      ctx.report(`${path}.${field}`, `The ${kind} volume ${quote(volume.name)} has no ${field}.`, `Set ${kind}.${field}.`, source[field]);
    }
  }
  switch (kind) {
    case 'emptyDir':
      if (isSet(source.sizeLimit)) {
        const size = parseQuantity(source.sizeLimit);
        if (size === undefined || size.nanos < 0n) {
          ctx.report(`${path}.sizeLimit`, `The emptyDir sizeLimit ${quote(source.sizeLimit)} is not a non-negative quantity.`, 'Write the size as a quantity such as "1Gi".', source.sizeLimit);
        }
      }
      break;
    case 'hostPath':
      if (typeof source.path === 'string' && source.path !== '') {
        checkPath(ctx, source.path, `${path}.path`, 'The hostPath path', backstepError);
        ctx.checkEnum(source.type, `${path}.type`, 'The hostPath type', HOST_PATH_TYPES.slice(1), true);
      }
      break;
    case 'gitRepo':
      checkPath(ctx, source.directory, `${path}.directory`, 'The gitRepo directory', relativePathError);
      break;
    case 'gcePersistentDisk':
    case 'awsElasticBlockStore': {
      const partition = asNumber(source.partition);
      if (partition !== undefined && (partition < 0 || partition > 255)) {
        ctx.report(`${path}.partition`, `The ${kind} partition is ${quote(partition)}; it must be between 0 and 255.`, 'Set partition to 0-255, or leave it out.', partition);
      }
      if (kind === 'gcePersistentDisk' && (ctx.options.replicas ?? 1) > 1 && source.readOnly !== true) {
        ctx.report(`${path}.readOnly`, `The gcePersistentDisk volume ${quote(volume.name)} is writable, but ${ctx.options.replicas} replicas would mount it; a GCE disk can be shared only read-only.`,
          'Set readOnly: true, or run a single replica.', source.readOnly);
      }
      break;
    }
    case 'secret':
    case 'configMap':
    case 'downwardAPI':
      checkMode(ctx, source.defaultMode, `${path}.defaultMode`);
      if (kind === 'downwardAPI') {
        checkDownwardAPIItems(ctx, source.items, `${path}.items`);
      } else {
        checkKeyToPaths(ctx, source.items, `${path}.items`);
      }
      break;
    case 'nfs':
      if (typeof source.path === 'string' && source.path !== '' && !source.path.startsWith('/')) {
        ctx.report(`${path}.path`, `The nfs path ${quote(source.path)} is not absolute.`, 'Write the exported path from the root, e.g. "/exports/data".', source.path);
      }
      break;
    case 'iscsi': {
      const lun = asNumber(source.lun);
      if (lun !== undefined && (lun < 0 || lun > 255)) {
        ctx.report(`${path}.lun`, `The iscsi lun is ${quote(lun)}; it must be between 0 and 255.`, 'Set lun to 0-255.', lun);
      }
      const iqn = asString(source.iqn);
      if (iqn !== '' && !/^(iqn|eui|naa)/.test(iqn)) {
        ctx.report(`${path}.iqn`, `The iscsi iqn ${quote(iqn)} does not start with iqn, eui or naa.`, 'Write the target name in iqn., eui. or naa. form.', iqn);
      }
      if ((source.chapAuthDiscovery === true || source.chapAuthSession === true) && !isSet(source.secretRef)) {
        ctx.report(`${path}.secretRef`, 'The iscsi volume uses CHAP authentication without a secretRef.', 'Set secretRef to the Secret holding the CHAP credentials.');
      }
      break;
    }
    case 'flocker': {
      const byName = asString(source.datasetName) !== '';
      const byUuid = asString(source.datasetUUID) !== '';
      if (byName === byUuid) {
        ctx.report(path, byName ? 'The flocker volume sets both datasetName and datasetUUID.' : 'The flocker volume sets neither datasetName nor datasetUUID.',
          'Set exactly one of datasetName or datasetUUID.', source);
      }
      if (asString(source.datasetName).includes('/')) {
        ctx.report(`${path}.datasetName`, `The flocker datasetName ${quote(source.datasetName)} contains '/'.`, 'Use a dataset name without \'/\'.', source.datasetName);
      }
      break;
    }
    case 'fc': {
      const wwns = asArray(source.targetWWNs).length > 0;
      const wwids = asArray(source.wwids).length > 0;
      if (wwns === wwids) {
        ctx.report(`${path}.targetWWNs`, wwns ? 'The fc volume sets both targetWWNs and wwids.' : 'The fc volume sets neither targetWWNs nor wwids.',
          'Set exactly one of targetWWNs or wwids.', source);
      }
      const lun = asNumber(source.lun);
      if (wwns && !isSet(source.lun)) {
        ctx.report(`${path}.lun`, 'The fc volume sets targetWWNs without a lun.', 'Set lun (0-255).');
      } else if (wwns && lun !== undefined && (lun < 0 || lun > 255)) {
        ctx.report(`${path}.lun`, `The fc lun is ${quote(lun)}; it must be between 0 and 255.`, 'Set lun to 0-255.', lun);
      }
      break;
    }
    case 'flexVolume':
      for (const key of Object.keys(asObject(source.options) ?? {})) {
        const domain = `.${(key.includes('/') ? key.split('/')[0] : key).toLowerCase()}`;
        if (domain.endsWith('.kubernetes.io') || domain.endsWith('.k8s.io')) {
          ctx.report(`${path}.options`, `The flexVolume option ${quote(key)} uses a reserved kubernetes.io or k8s.io domain.`, 'Rename the option without the kubernetes.io / k8s.io domain.', key);
        }
      }
      break;
    case 'azureDisk': {
      ctx.checkEnum(source.cachingMode, `${path}.cachingMode`, 'The azureDisk cachingMode', ['None', 'ReadOnly', 'ReadWrite'], false);
      ctx.checkEnum(source.kind, `${path}.kind`, 'The azureDisk kind', ['Shared', 'Dedicated', 'Managed'], false);
      const uri = asString(source.diskURI);
      const managed = source.kind === 'Managed';
      if (uri !== '' && (managed ? !uri.startsWith('/subscriptions/') : !uri.startsWith('https://'))) {
        ctx.report(`${path}.diskURI`, `The azureDisk diskURI ${quote(uri)} does not fit kind ${quote(source.kind ?? 'Shared')}${isSet(source.kind) ? '' : ' (the default)'}.`,
          managed ? 'Use a managed disk ID: /subscriptions/{sub-id}/resourcegroups/{group}/providers/microsoft.compute/disks/{disk}.'
            : 'Use a blob URL https://{account}.blob.core.windows.net/{container}/{disk}.vhd, or set kind: Managed.', uri);
      }
      break;
    }
    case 'storageos':
      for (const field of ['volumeName', 'volumeNamespace']) {
        const value = asString(source[field]);
        const error = value === '' ? undefined : dns1123LabelError(value);
        if (error !== undefined) {
          ctx.report(`${path}.${field}`, `The storageos ${field} ${quote(value)} is not a DNS-1123 label: ${error}.`, `Use lowercase letters, digits and '-' for ${field}.`, value);
        }
      }
      break;
    case 'projected':
      checkProjected(ctx, source, path);
      break;
    case 'csi': {
      const driver = asString(source.driver);
      const error = driver === '' ? undefined : driver.length > 63 ? `it is ${driver.length} characters long (at most 63 are allowed)` : dns1123SubdomainError(driver.toLowerCase());
      if (error !== undefined) {
        ctx.report(`${path}.driver`, `The csi driver name ${quote(driver)} is not valid: ${error}.`, 'Use the driver\'s registered name, e.g. "csi.example.com".', driver);
      }
      const secret = asObject(source.nodePublishSecretRef);
      if (secret !== undefined) {
        const nameError = asString(secret.name) === '' ? 'it is empty' : dns1123SubdomainError(asString(secret.name));
        if (nameError !== undefined) {
          ctx.report(`${path}.nodePublishSecretRef.name`, `The csi nodePublishSecretRef name ${quote(secret.name)} is not valid: ${nameError}.`,
            'Set name to the Secret to pass to the driver.', secret.name);
        }
      }
      break;
    }
    case 'ephemeral':
      checkEphemeral(ctx, source, path);
      break;
    case 'image':
      ctx.checkEnum(source.pullPolicy, `${path}.pullPolicy`, 'The image volume pullPolicy', ['Always', 'IfNotPresent', 'Never'], true);
      break;
    default:
  }
}

/** A generic ephemeral volume: a claim template with only labels and annotations, access modes and a storage request. */
function checkEphemeral(ctx: PodCheck, source: JsonObject, path: string): void {
  const template = asObject(source.volumeClaimTemplate);
  if (template === undefined) {
    ctx.report(`${path}.volumeClaimTemplate`, 'The ephemeral volume has no volumeClaimTemplate.', 'Set volumeClaimTemplate with spec.accessModes and spec.resources.requests.storage.');
    return;
  }
  const metadata = asObject(template.metadata) ?? {};
  for (const key of Object.keys(metadata)) {
    if (key !== 'labels' && key !== 'annotations' && isSet(metadata[key])) {
      ctx.report(`${path}.volumeClaimTemplate.metadata.${key}`, `The volume claim template sets metadata.${key}; only labels and annotations may be set.`, `Remove metadata.${key}.`, key);
    }
  }
  const spec = asObject(template.spec) ?? {};
  const modes = asArray(spec.accessModes);
  if (modes.length === 0) {
    ctx.report(`${path}.volumeClaimTemplate.spec.accessModes`, 'The volume claim template has no accessModes.', 'Set accessModes, e.g. ["ReadWriteOnce"].', spec.accessModes);
  }
  modes.forEach((mode: unknown, i: number) => ctx.checkEnum(mode, `${path}.volumeClaimTemplate.spec.accessModes[${i}]`, 'The access mode', ACCESS_MODES, false));
  if (modes.includes('ReadWriteOncePod') && modes.some((m: unknown) => m !== 'ReadWriteOncePod' && typeof m === 'string' && ACCESS_MODES.includes(m))) {
    ctx.report(`${path}.volumeClaimTemplate.spec.accessModes`, 'ReadWriteOncePod is combined with other access modes.', 'Use ReadWriteOncePod alone.', modes);
  }
  const storage = asObject(asObject(spec.resources)?.requests)?.storage;
  const quantity = parseQuantity(storage);
  if (quantity === undefined || quantity.nanos <= 0n) {
    ctx.report(`${path}.volumeClaimTemplate.spec.resources.requests.storage`, `The volume claim template requests storage ${quote(storage)}; a positive quantity is required.`,
      'Set resources.requests.storage, e.g. "1Gi".', storage);
  }
}

/** Checks `spec.volumes` and fills `ctx.volumes` with the valid ones. */
export function checkVolumes(ctx: PodCheck, volumes: unknown, path: string): void {
  const seen = new Map<string, string>();
  asArray(volumes).forEach((item: unknown, v: number) => {
    const at = `${path}[${v}]`;
    if (!isObject(item)) {
      return;
    }
    const volume: VolumeView = item;
    let valid = true;
    const report = (p: string, message: string, fix: string, value?: unknown) => {
      valid = false;
      ctx.report(p, message, fix, value);
    };
    const name = volume.name;
    const nameError = typeof name === 'string' ? dns1123LabelError(name) : 'a name is required';
    if (nameError !== undefined) {
      report(`${at}.name`, `The volume name is ${quote(name)}, which is not a valid DNS-1123 label: ${nameError}.`,
        "Name the volume with at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit.", name);
    } else if (typeof name === 'string' && seen.has(name)) {
      report(`${at}.name`, `The volume name ${quote(name)} is already used by ${seen.get(name)}.`, 'Give every volume of the pod a different name.', name);
    }
    const sources = SOURCES.filter(source => isSet(volume[source]));
    if (sources.length > 1) {
      report(`${at}.${sources[1]}`, `The volume ${quote(name)} has ${sources.length} sources (${sources.join(', ')}); a volume takes exactly one.`,
        `Keep one of ${sources.join(', ')}, or define separate volumes.`, sources);
    } else if (sources.length === 1) {
      const source = asObject(volume[sources[0]]);
      if (source !== undefined) {
        const sub = new PodCheck(report, ctx.options, ctx.spec);
        checkSource(sub, sources[0], source, `${at}.${sources[0]}`, volume);
      }
    }
    if (typeof name === 'string' && !seen.has(name)) {
      seen.set(name, at);
    }
    if (valid && typeof name === 'string') {
      ctx.volumes.set(name, sources.length === 0 ? { emptyDir: {} } : volume);
    }
  });
}

/** Checks a container's `volumeMounts` and `volumeDevices`. */
export function checkMounts(ctx: PodCheck, container: ContainerView, path: string, privileged: boolean): void {
  if (!isSet(container.volumeMounts) && !isSet(container.volumeDevices)) {
    return;
  }
  const mountPaths = new Set<string>();
  const devices: VolumeDeviceView[] = asArray(container.volumeDevices).filter(isObject);
  const deviceNames = new Set(devices.map(d => asString(d.name)));
  const devicePathsOf = new Set(devices.map(d => asString(d.devicePath)));
  const mounts: VolumeMountView[] = asArray(container.volumeMounts).filter(isObject);
  asArray(container.volumeMounts).forEach((item: unknown, m: number) => {
    const at = `${path}.volumeMounts[${m}]`;
    if (!isObject(item)) {
      return;
    }
    const mount: VolumeMountView = item;
    const name = mount.name;
    if (typeof name !== 'string' || !ctx.volumes.has(name)) {
      ctx.report(`${at}.name`, `The volume mount's name is ${quote(name)}, which is not a volume declared by the pod.`,
        `Add a volume named ${quote(asString(name))} to the pod's volumes, or mount one of the declared volumes.`, name);
    } else if (deviceNames.has(name)) {
      ctx.report(`${at}.name`, `The volume ${quote(name)} is both mounted and used as a volume device.`, 'Use the volume either in volumeMounts or in volumeDevices.', name);
    }
    const target = mount.mountPath;
    if (typeof target !== 'string' || target.length === 0) {
      ctx.report(`${at}.mountPath`, `The volume mount of ${quote(name)} has no mountPath (it is ${quote(target)}).`,
        'Set mountPath to the directory where the volume appears in the container, e.g. "/data".', target);
    } else if (mountPaths.has(target)) {
      ctx.report(`${at}.mountPath`, `The mountPath ${quote(target)} is used by another volume mount of the same container.`,
        'Mount each volume at a different path.', target);
    } else if (devicePathsOf.has(target)) {
      ctx.report(`${at}.mountPath`, `The mountPath ${quote(target)} is also a devicePath of the container.`, 'Use different paths for mounts and devices.', target);
    }
    if (typeof target === 'string') {
      mountPaths.add(target);
    }
    const isImage = typeof name === 'string' && isSet(ctx.volumes.get(name)?.image);
    const subPath = asString(mount.subPath);
    const subPathExpr = asString(mount.subPathExpr);
    if (isImage && (subPath !== '' || subPathExpr !== '')) {
      ctx.report(`${at}.${subPath !== '' ? 'subPath' : 'subPathExpr'}`, `The image volume ${quote(name)} is mounted with a sub-path; image volumes are mounted whole.`,
        'Remove subPath and subPathExpr.', subPath || subPathExpr);
    }
    if (subPath !== '') {
      checkPath(ctx, subPath, `${at}.subPath`, 'The subPath', relativePathError);
    }
    if (subPathExpr !== '') {
      if (subPath !== '') {
        ctx.report(`${at}.subPathExpr`, 'The volume mount sets both subPath and subPathExpr.', 'Keep one of subPath or subPathExpr.', subPathExpr);
      }
      checkPath(ctx, subPathExpr, `${at}.subPathExpr`, 'The subPathExpr', relativePathError);
    }
    const propagation = mount.mountPropagation;
    if (isSet(propagation)) {
      ctx.checkEnum(propagation, `${at}.mountPropagation`, 'mountPropagation', ['Bidirectional', 'HostToContainer', 'None'], false);
      if (propagation === 'Bidirectional' && !privileged) {
        ctx.report(`${at}.mountPropagation`, ctx.strict
          ? 'Bidirectional mount propagation needs a privileged container, and the Rollout controller validates pod templates as if no container were privileged.'
          : 'Bidirectional mount propagation is available only to privileged containers.',
        ctx.strict ? 'Use HostToContainer or None.' : 'Use HostToContainer or None, or make the container privileged.', propagation);
      }
    }
    const rro = mount.recursiveReadOnly;
    if (isSet(rro)) {
      ctx.checkEnum(rro, `${at}.recursiveReadOnly`, 'recursiveReadOnly', ['Disabled', 'IfPossible', 'Enabled'], false);
      if ((rro === 'IfPossible' || rro === 'Enabled') && mount.readOnly !== true) {
        ctx.report(`${at}.recursiveReadOnly`, `recursiveReadOnly ${quote(rro)} needs readOnly: true.`, 'Set readOnly: true on the mount, or remove recursiveReadOnly.', rro);
      }
      if ((rro === 'IfPossible' || rro === 'Enabled') && isSet(propagation) && propagation !== 'None') {
        ctx.report(`${at}.recursiveReadOnly`, `recursiveReadOnly ${quote(rro)} needs mountPropagation None (it is ${quote(propagation)}).`, 'Remove mountPropagation or set it to None.', rro);
      }
    }
  });
  const mountNames = new Set(mounts.map(m => asString(m.name)));
  const seenNames = new Set<string>();
  const seenPaths = new Set<string>();
  asArray(container.volumeDevices).forEach((item: unknown, d: number) => {
    const at = `${path}.volumeDevices[${d}]`;
    if (!isObject(item)) {
      return;
    }
    const device: VolumeDeviceView = item;
    const name = asString(device.name);
    const volume = ctx.volumes.get(name);
    if (name === '' || volume === undefined) {
      ctx.report(`${at}.name`, `The volume device's name is ${quote(device.name)}, which is not a volume declared by the pod.`, 'Name a persistentVolumeClaim or ephemeral volume of the pod.', device.name);
    } else if (!isSet(volume.persistentVolumeClaim) && !isSet(volume.ephemeral)) {
      ctx.report(`${at}.name`, `The volume ${quote(name)} is used as a block device, but only persistentVolumeClaim and ephemeral volumes can be.`, 'Mount it with volumeMounts instead.', name);
    }
    if (seenNames.has(name) && name !== '') {
      ctx.report(`${at}.name`, `The volume ${quote(name)} is used twice in volumeDevices.`, 'List each device once.', name);
    }
    if (mountNames.has(name) && name !== '') {
      ctx.report(`${at}.name`, `The volume ${quote(name)} is also in volumeMounts.`, 'Use the volume either in volumeMounts or in volumeDevices.', name);
    }
    const devicePath = asString(device.devicePath);
    if (devicePath === '') {
      ctx.report(`${at}.devicePath`, 'The volume device has no devicePath.', 'Set devicePath, e.g. "/dev/xvda".', device.devicePath);
    } else if (seenPaths.has(devicePath)) {
      ctx.report(`${at}.devicePath`, `The devicePath ${quote(devicePath)} is used twice.`, 'Give every device a different path.', devicePath);
    } else if (backstepError(devicePath) !== undefined) {
      ctx.report(`${at}.devicePath`, `The devicePath ${quote(devicePath)} contains '..'.`, 'Write the device path without \'..\'.', devicePath);
    }
    seenNames.add(name);
    seenPaths.add(devicePath);
  });
}
