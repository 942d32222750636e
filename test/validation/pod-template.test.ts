import { expectFinding, experimentWith, findingsOf, JOB_POD, jobTemplateWith, rolloutWith, validRollout } from './helpers';
import { Finding, validateManifests } from '../../src/validation/private';
import { compareQuantities, parseQuantity } from '../../src/validation/private/pod';
import { consequenceOf } from '../../src/validation/private/rules/consequences';

/**
 * Kubernetes pod-template validation (V07): one or more cases per Kubernetes rule, each with the bad
 * value and the path where it is reported, on a Rollout's template, an Experiment template and the
 * Job of a job metric.
 */

const POD = 'spec.template.spec';
const C0 = `${POD}.containers[0]`;


function v07(manifest: any): Finding[] {
  return findingsOf('V07', [manifest]);
}

describe('V07 pod template: quantities', () => {
  const nanos = (text: any) => parseQuantity(text)?.nanos;

  test.each([
    ['1Ki', 1024n * 1000000000n], ['1Mi', 1048576n * 1000000000n], ['1.5Gi', 1610612736n * 1000000000n], ['1Ei', (2n ** 60n) * 1000000000n],
    ['1n', 1n], ['1u', 1000n], ['500m', 500000000n], ['2', 2000000000n], ['1k', 1000n * 1000000000n], ['1E', 10n ** 27n],
    ['1e3', 1000n * 1000000000n], ['1E-3', 1000000n], ['2e+2', 200n * 1000000000n], ['.5', 500000000n], ['1.', 1000000000n], ['+1', 1000000000n],
    ['-1', -1000000000n], [' 1 ', 1000000000n], [2, 2000000000n], [0.25, 250000000n], ['0.1n', 1n], ['Ki', 0n], ['0', 0n],
  ] as const)('parses %p', (text, expected) => {
    expect(nanos(text)).toBe(expected);
  });

  test.each([
    [''], ['abc'], ['1KB'], ['1K'], ['1Gi5'], ['1e'], ['1.2.3'], ['1 Gi'], ['--1'], ['1mi'], [null], [true], [{}],
  ])('rejects %p', text => {
    expect(parseQuantity(text)).toBeUndefined();
  });

  test('compares exactly across suffixes and caps SI values at 2^63-1', () => {
    const q = (text: string) => parseQuantity(text)!;
    expect(compareQuantities(q('1Gi'), q('1G'))).toBeGreaterThan(0);
    expect(compareQuantities(q('1000m'), q('1'))).toBe(0);
    expect(compareQuantities(q('1024Mi'), q('1Gi'))).toBe(0);
    expect(compareQuantities(q('0.1'), q('99m'))).toBeGreaterThan(0);
    expect(compareQuantities(q('9223372036854775808'), q('9223372036854775807'))).toBe(0);
    expect(compareQuantities(q('1e30'), q('9223372036854775807'))).toBeGreaterThan(0);
  });
});

describe('V07 pod template: what Kubernetes refuses in a Rollout template', () => {
  // [rule, change, path, value quoted in the message]
  const cases: Array<[string, (pod: any, template: any, rollout: any) => void, string, string]> = [
    // metadata
    ['annotations above 256 KiB', (_p, t) => { t.metadata.annotations = { 'example.com/big': 'x'.repeat(300000) }; }, 'spec.template.metadata.annotations', '256 KiB'],
    ['a seccomp annotation that is no profile', (_p, t) => { t.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'strict' }; }, 'spec.template.metadata.annotations', '"strict"'],
    ['an AppArmor annotation for a missing container', (_p, t) => { t.metadata.annotations = { 'container.apparmor.security.beta.kubernetes.io/db': 'runtime/default' }; }, 'spec.template.metadata.annotations', '"db"'],
    ['a tolerations annotation that is no JSON list', (_p, t) => { t.metadata.annotations = { 'scheduler.alpha.kubernetes.io/tolerations': '{gpu}' }; }, 'spec.template.metadata.annotations', 'JSON list'],
    ['an invalid toleration in the tolerations annotation', (_p, t) => { t.metadata.annotations = { 'scheduler.alpha.kubernetes.io/tolerations': '[{"key":"gpu","operator":"In"}]' }; }, 'spec.template.metadata.annotations.scheduler.alpha.kubernetes.io/tolerations[0].operator', '"In"'],
    // containers
    ['a bogus imagePullPolicy', p => { p.containers[0].imagePullPolicy = 'Sometimes'; }, `${C0}.imagePullPolicy`, '"Sometimes"'],
    ['a bad terminationMessagePolicy', p => { p.containers[0].terminationMessagePolicy = 'Logs'; }, `${C0}.terminationMessagePolicy`, '"Logs"'],
    ['restartPolicy on a regular container', p => { p.containers[0].restartPolicy = 'Always'; }, `${C0}.restartPolicy`, '"Always"'],
    ['an init container restartPolicy other than Always', p => { p.initContainers = [{ name: 'init', image: 'busybox', restartPolicy: 'OnFailure' }]; }, `${POD}.initContainers[0].restartPolicy`, '"OnFailure"'],
    ['a probe on an init container that is no sidecar', p => { p.initContainers = [{ name: 'init', image: 'busybox', livenessProbe: { exec: { command: ['true'] } } }]; }, `${POD}.initContainers[0].livenessProbe`, 'sidecars'],
    ['resizePolicy on an init container', p => { p.initContainers = [{ name: 'init', image: 'busybox', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] }]; }, `${POD}.initContainers[0].resizePolicy`, 'init containers'],
    ['a resize policy for an unknown resource', p => { p.containers[0].resizePolicy = [{ resourceName: 'gpu', restartPolicy: 'NotRequired' }]; }, `${C0}.resizePolicy[0].resourceName`, '"gpu"'],
    ['the same host port twice', p => { p.containers[0].ports[0].hostPort = 80; p.containers.push({ name: 'side', image: 'busybox', ports: [{ containerPort: 81, hostPort: 80 }] }); }, `${POD}.containers[1].ports[0].hostPort`, '80/TCP'],
    ['a hostPort other than containerPort with hostNetwork', p => { p.hostNetwork = true; p.containers[0].ports[0].hostPort = 9000; }, `${C0}.ports[0].hostPort`, '9000'],
    ['ephemeral containers', p => { p.ephemeralContainers = [{ name: 'debug', image: 'busybox' }]; }, `${POD}.ephemeralContainers`, 'ephemeralContainers'],
    // env
    ['an env name with "="', p => { p.containers[0].env = [{ name: 'A=B', value: 'x' }]; }, `${C0}.env[0].name`, '"A=B"'],
    ['an env name starting with a digit', p => { p.containers[0].env = [{ name: '1LEVEL', value: 'x' }]; }, `${C0}.env[0].name`, '"1LEVEL"'],
    ['an env name of ".."', p => { p.containers[0].env = [{ name: '..', value: 'x' }]; }, `${C0}.env[0].name`, '".."'],
    ['an empty valueFrom', p => { p.containers[0].env = [{ name: 'A', valueFrom: {} }]; }, `${C0}.env[0].valueFrom`, 'no source'],
    ['value and valueFrom', p => { p.containers[0].env = [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }]; }, `${C0}.env[0].valueFrom`, 'both value and valueFrom'],
    ['two valueFrom sources', p => { p.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } } }]; }, `${C0}.env[0].valueFrom`, 'fieldRef, secretKeyRef'],
    ['a fieldRef path env vars cannot read', p => { p.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'status.phase' } } }]; }, `${C0}.env[0].valueFrom.fieldRef.fieldPath`, '"status.phase"'],
    ['a fieldRef apiVersion other than v1', p => { p.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { apiVersion: 'v2', fieldPath: 'metadata.name' } } }]; }, `${C0}.env[0].valueFrom.fieldRef.apiVersion`, '"v2"'],
    ['a fieldRef label key that is no label key', p => { p.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { fieldPath: "metadata.labels['a b']" } } }]; }, `${C0}.env[0].valueFrom.fieldRef.fieldPath`, '"a b"'],
    ['a resourceFieldRef resource that cannot be read', p => { p.containers[0].env = [{ name: 'A', valueFrom: { resourceFieldRef: { resource: 'limits.gpu' } } }]; }, `${C0}.env[0].valueFrom.resourceFieldRef.resource`, '"limits.gpu"'],
    ['a cpu divisor other than 1m or 1', p => { p.containers[0].env = [{ name: 'A', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1Mi' } } }]; }, `${C0}.env[0].valueFrom.resourceFieldRef.divisor`, '"1Mi"'],
    ['a configMapKeyRef without a name', p => { p.containers[0].env = [{ name: 'A', valueFrom: { configMapKeyRef: { key: 'k' } } }]; }, `${C0}.env[0].valueFrom.configMapKeyRef.name`, 'ConfigMap name'],
    ['a secretKeyRef key with a space', p => { p.containers[0].env = [{ name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'a b' } } }]; }, `${C0}.env[0].valueFrom.secretKeyRef.key`, '"a b"'],
    ['envFrom with both references', p => { p.containers[0].envFrom = [{ configMapRef: { name: 'c' }, secretRef: { name: 's' } }]; }, `${C0}.envFrom[0]`, 'both configMapRef and secretRef'],
    ['envFrom with no reference', p => { p.containers[0].envFrom = [{ prefix: 'APP_' }]; }, `${C0}.envFrom[0]`, 'neither'],
    ['an envFrom prefix starting with a digit', p => { p.containers[0].envFrom = [{ prefix: '1_', configMapRef: { name: 'c' } }]; }, `${C0}.envFrom[0].prefix`, '"1_"'],
    ['an envFrom name that is no object name', p => { p.containers[0].envFrom = [{ secretRef: { name: 'My Secret' } }]; }, `${C0}.envFrom[0].secretRef.name`, '"My Secret"'],
    // probes and lifecycle
    ['a probe without a handler', p => { p.containers[0].livenessProbe = { initialDelaySeconds: 5 }; }, `${C0}.livenessProbe`, 'no handler'],
    ['a probe with two handlers', p => { p.containers[0].readinessProbe = { httpGet: { port: 8080 }, tcpSocket: { port: 8080 } }; }, `${C0}.readinessProbe.tcpSocket`, 'httpGet, tcpSocket'],
    ['exec without a command', p => { p.containers[0].livenessProbe = { exec: {} }; }, `${C0}.livenessProbe.exec.command`, 'without a command'],
    ['an httpGet port name that is no port name', p => { p.containers[0].readinessProbe = { httpGet: { port: 'HTTP_PORT' } }; }, `${C0}.readinessProbe.httpGet.port`, '"HTTP_PORT"'],
    ['an httpGet scheme other than HTTP(S)', p => { p.containers[0].readinessProbe = { httpGet: { port: 8080, scheme: 'FTP' } }; }, `${C0}.readinessProbe.httpGet.scheme`, '"FTP"'],
    ['a probe header name with a space', p => { p.containers[0].readinessProbe = { httpGet: { port: 8080, httpHeaders: [{ name: 'X Probe', value: '1' }] } }; }, `${C0}.readinessProbe.httpGet.httpHeaders[0].name`, '"X Probe"'],
    ['a grpc port of 0', p => { p.containers[0].livenessProbe = { grpc: { port: 0 } }; }, `${C0}.livenessProbe.grpc.port`, '0'],
    ['a negative probe period', p => { p.containers[0].livenessProbe = { tcpSocket: { port: 8080 }, periodSeconds: -1 }; }, `${C0}.livenessProbe.periodSeconds`, '-1'],
    ['liveness successThreshold 2', p => { p.containers[0].livenessProbe = { tcpSocket: { port: 8080 }, successThreshold: 2 }; }, `${C0}.livenessProbe.successThreshold`, '2'],
    ['startup successThreshold 3', p => { p.containers[0].startupProbe = { tcpSocket: { port: 8080 }, successThreshold: 3 }; }, `${C0}.startupProbe.successThreshold`, '3'],
    ['terminationGracePeriodSeconds on a readiness probe', p => { p.containers[0].readinessProbe = { tcpSocket: { port: 8080 }, terminationGracePeriodSeconds: 10 }; }, `${C0}.readinessProbe.terminationGracePeriodSeconds`, '10'],
    ['a liveness terminationGracePeriodSeconds of 0', p => { p.containers[0].livenessProbe = { tcpSocket: { port: 8080 }, terminationGracePeriodSeconds: 0 }; }, `${C0}.livenessProbe.terminationGracePeriodSeconds`, '0'],
    ['a lifecycle hook without a handler', p => { p.containers[0].lifecycle = { postStart: {} }; }, `${C0}.lifecycle.postStart`, 'no handler'],
    ['a lifecycle hook with grpc', p => { p.containers[0].lifecycle = { preStop: { grpc: { port: 9000 } } }; }, `${C0}.lifecycle.preStop`, 'probes only'],
    ['a sleep of 0 seconds (the controller refuses it)', p => { p.containers[0].lifecycle = { preStop: { sleep: { seconds: 0 } } }; }, `${C0}.lifecycle.preStop.sleep.seconds`, 'more than 0'],
    ['a sleep beyond the grace period', p => { p.terminationGracePeriodSeconds = 20; p.containers[0].lifecycle = { preStop: { sleep: { seconds: 25 } } }; }, `${C0}.lifecycle.preStop.sleep.seconds`, '(20)'],
    // resources
    ['a cpu request above its limit', p => { p.containers[0].resources = { requests: { cpu: '2' }, limits: { cpu: '1' } }; }, `${C0}.resources.requests.cpu`, '"2"'],
    ['a memory request of 1Gi above a limit of 1000Mi', p => { p.containers[0].resources = { requests: { memory: '1Gi' }, limits: { memory: '1000Mi' } }; }, `${C0}.resources.requests.memory`, '"1000Mi"'],
    ['a negative request', p => { p.containers[0].resources = { requests: { cpu: '-100m' } }; }, `${C0}.resources.requests.cpu`, '"-100m"'],
    ['an unparsable quantity', p => { p.containers[0].resources = { limits: { memory: '2 GB' } }; }, `${C0}.resources.limits.memory`, '"2 GB"'],
    ['a resource name containers cannot take', p => { p.containers[0].resources = { limits: { gpu: '1' } }; }, `${C0}.resources.limits.gpu`, '"gpu"'],
    ['an extended resource request without a limit', p => { p.containers[0].resources = { requests: { 'nvidia.com/gpu': '1' } }; }, `${C0}.resources.limits`, 'nvidia.com/gpu'],
    ['an extended resource request other than its limit', p => { p.containers[0].resources = { requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '2' } }; }, `${C0}.resources.requests.nvidia.com/gpu`, 'equal'],
    ['half an extended resource', p => { p.containers[0].resources = { limits: { 'nvidia.com/gpu': '0.5' } }; }, `${C0}.resources.limits.nvidia.com/gpu`, 'whole'],
    ['huge pages without cpu or memory', p => { p.containers[0].resources = { limits: { 'hugepages-2Mi': '100Mi' }, requests: { 'hugepages-2Mi': '100Mi' } }; }, `${C0}.resources`, 'huge pages'],
    ['a resource claim the pod does not declare', p => { p.containers[0].resources = { claims: [{ name: 'gpu' }] }; }, `${C0}.resources.claims[0]`, '"gpu"'],
    // volumes and mounts
    ['a volume with two sources', p => { p.volumes = [{ name: 'data', emptyDir: {}, configMap: { name: 'c' } }]; }, `${POD}.volumes[0].configMap`, 'emptyDir, configMap'],
    ['a secret volume without secretName', p => { p.volumes = [{ name: 'data', secret: {} }]; }, `${POD}.volumes[0].secret.secretName`, 'secretName'],
    ['a configMap volume without name', p => { p.volumes = [{ name: 'data', configMap: { optional: true } }]; }, `${POD}.volumes[0].configMap.name`, 'no name'],
    ['a file mode above 0777', p => { p.volumes = [{ name: 'data', secret: { secretName: 's', defaultMode: 512 } }]; }, `${POD}.volumes[0].secret.defaultMode`, '512'],
    ['an absolute item path', p => { p.volumes = [{ name: 'data', configMap: { name: 'c', items: [{ key: 'k', path: '/etc/k' }] } }]; }, `${POD}.volumes[0].configMap.items[0].path`, '"/etc/k"'],
    ['an item path with ..', p => { p.volumes = [{ name: 'data', configMap: { name: 'c', items: [{ key: 'k', path: 'a/../../b' }] } }]; }, `${POD}.volumes[0].configMap.items[0].path`, "'..'"],
    ['a hostPath type that does not exist', p => { p.volumes = [{ name: 'data', hostPath: { path: '/var/data', type: 'Folder' } }]; }, `${POD}.volumes[0].hostPath.type`, '"Folder"'],
    ['a relative nfs path', p => { p.volumes = [{ name: 'data', nfs: { server: 'nfs', path: 'exports' } }]; }, `${POD}.volumes[0].nfs.path`, '"exports"'],
    ['a projected volume writing a path twice', p => { p.volumes = [{ name: 'data', projected: { sources: [{ configMap: { name: 'a', items: [{ key: 'k', path: 'x' }] } }, { secret: { name: 'b', items: [{ key: 'k', path: 'x' }] } }] } }]; }, `${POD}.volumes[0].projected`, '"x"'],
    ['a token expiring in a minute', p => { p.volumes = [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 60 } }] } }]; }, `${POD}.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds`, '60'],
    ['a negative emptyDir size limit', p => { p.volumes = [{ name: 'data', emptyDir: { sizeLimit: '-1Gi' } }]; }, `${POD}.volumes[0].emptyDir.sizeLimit`, '"-1Gi"'],
    ['an ephemeral volume without access modes', p => { p.volumes = [{ name: 'data', ephemeral: { volumeClaimTemplate: { spec: { resources: { requests: { storage: '1Gi' } } } } } }]; }, `${POD}.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes`, 'accessModes'],
    ['a writable GCE disk with 3 replicas', (p, _t, r) => { r.spec.replicas = 3; p.volumes = [{ name: 'data', gcePersistentDisk: { pdName: 'disk' } }]; }, `${POD}.volumes[0].gcePersistentDisk.readOnly`, '3 replicas'],
    ['the same mountPath twice', p => { p.volumes = [{ name: 'a', emptyDir: {} }, { name: 'b', emptyDir: {} }]; p.containers[0].volumeMounts = [{ name: 'a', mountPath: '/data' }, { name: 'b', mountPath: '/data' }]; }, `${C0}.volumeMounts[1].mountPath`, '"/data"'],
    ['an absolute subPath', p => { p.volumes = [{ name: 'a', emptyDir: {} }]; p.containers[0].volumeMounts = [{ name: 'a', mountPath: '/data', subPath: '/x' }]; }, `${C0}.volumeMounts[0].subPath`, '"/x"'],
    ['subPath and subPathExpr', p => { p.volumes = [{ name: 'a', emptyDir: {} }]; p.containers[0].volumeMounts = [{ name: 'a', mountPath: '/data', subPath: 'x', subPathExpr: '$(POD)' }]; }, `${C0}.volumeMounts[0].subPathExpr`, 'both subPath and subPathExpr'],
    ['Bidirectional propagation, even when privileged (the controller ignores privileged)', p => { p.volumes = [{ name: 'a', hostPath: { path: '/mnt' } }]; p.containers[0].securityContext = { privileged: true }; p.containers[0].volumeMounts = [{ name: 'a', mountPath: '/mnt', mountPropagation: 'Bidirectional' }]; }, `${C0}.volumeMounts[0].mountPropagation`, 'privileged'],
    ['recursiveReadOnly without readOnly', p => { p.volumes = [{ name: 'a', emptyDir: {} }]; p.containers[0].volumeMounts = [{ name: 'a', mountPath: '/data', recursiveReadOnly: 'Enabled' }]; }, `${C0}.volumeMounts[0].recursiveReadOnly`, 'readOnly: true'],
    ['a block device on an emptyDir', p => { p.volumes = [{ name: 'a', emptyDir: {} }]; p.containers[0].volumeDevices = [{ name: 'a', devicePath: '/dev/xvda' }]; }, `${C0}.volumeDevices[0].name`, '"a"'],
    // security contexts
    ['runAsUser -1', p => { p.containers[0].securityContext = { runAsUser: -1 }; }, `${C0}.securityContext.runAsUser`, '-1'],
    ['a pod fsGroup above 2^31-1', p => { p.securityContext = { fsGroup: 3000000000 }; }, `${POD}.securityContext.fsGroup`, '3000000000'],
    ['a negative supplemental group', p => { p.securityContext = { supplementalGroups: [1000, -5] }; }, `${POD}.securityContext.supplementalGroups[1]`, '-5'],
    ['a sysctl name with capitals', p => { p.securityContext = { sysctls: [{ name: 'Net.Core', value: '1' }] }; }, `${POD}.securityContext.sysctls[0].name`, '"Net.Core"'],
    ['a network sysctl with hostNetwork', p => { p.hostNetwork = true; p.securityContext = { sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] }; }, `${POD}.securityContext.sysctls[0].name`, 'hostNetwork'],
    ['an IPC sysctl with hostIPC', p => { p.hostIPC = true; p.securityContext = { sysctls: [{ name: 'kernel.shm_rmid_forced', value: '1' }] }; }, `${POD}.securityContext.sysctls[0].name`, 'hostIPC'],
    ['a claim template setting its name', p => { p.volumes = [{ name: 'data', ephemeral: { volumeClaimTemplate: { metadata: { name: 'x' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }]; }, `${POD}.volumes[0].ephemeral.volumeClaimTemplate.metadata.name`, 'metadata.name'],
    ['seccomp Localhost without a profile', p => { p.securityContext = { seccompProfile: { type: 'Localhost' } }; }, `${POD}.securityContext.seccompProfile.localhostProfile`, 'Localhost'],
    ['a seccomp localhostProfile with RuntimeDefault', p => { p.containers[0].securityContext = { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'x.json' } }; }, `${C0}.securityContext.seccompProfile.localhostProfile`, '"RuntimeDefault"'],
    ['an AppArmor type that does not exist', p => { p.containers[0].securityContext = { appArmorProfile: { type: 'Strict' } }; }, `${C0}.securityContext.appArmorProfile.type`, '"Strict"'],
    ['procMount Unmasked without a user namespace', p => { p.containers[0].securityContext = { procMount: 'Unmasked' }; }, `${C0}.securityContext.procMount`, 'hostUsers'],
    ['hostUsers false with hostNetwork', p => { p.hostUsers = false; p.hostNetwork = true; }, `${POD}.hostNetwork`, 'hostUsers'],
    ['shareProcessNamespace with hostPID', p => { p.shareProcessNamespace = true; p.hostPID = true; }, `${POD}.shareProcessNamespace`, 'hostPID'],
    ['CAP_SYS_ADMIN without privilege escalation', p => { p.containers[0].securityContext = { allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN'] } }; }, `${C0}.securityContext`, 'CAP_SYS_ADMIN'],
    ['windowsOptions on a linux pod', p => { p.os = { name: 'linux' }; p.containers[0].securityContext = { windowsOptions: { runAsUserName: 'ContainerUser' } }; }, `${C0}.securityContext.windowsOptions`, 'linux'],
    ['runAsUser on a windows pod', p => { p.os = { name: 'windows' }; p.securityContext = { runAsUser: 1000 }; }, `${POD}.securityContext.runAsUser`, 'windows'],
    ['an OS other than linux or windows', p => { p.os = { name: 'mac' }; }, `${POD}.os.name`, '"mac"'],
    ['a Windows HostProcess container (the controller refuses them)', p => { p.os = { name: 'windows' }; p.hostNetwork = true; p.securityContext = { windowsOptions: { hostProcess: true } }; }, `${POD}.securityContext.windowsOptions.hostProcess`, 'HostProcess'],
    ['HostProcess on one container of two', p => { p.containers[0].securityContext = { windowsOptions: { hostProcess: true } }; p.containers.push({ name: 'side', image: 'busybox' }); }, POD, '1 of the pod\'s 2'],
    ['a Windows user name with two backslashes', p => { p.securityContext = { windowsOptions: { runAsUserName: 'a\\b\\c' } }; }, `${POD}.securityContext.windowsOptions.runAsUserName`, 'backslash'],
    // scheduling
    ['a nodeSelector key with a space', p => { p.nodeSelector = { 'disk type': 'ssd' }; }, `${POD}.nodeSelector`, '"disk type"'],
    ['a node affinity operator that does not exist', p => { p.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Equals', values: ['a'] }] }] } } }; }, `${POD}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator`, '"Equals"'],
    ['Gt with two values', p => { p.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['1', '2'] }] }] } } }; }, `${POD}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values`, 'exactly one'],
    ['required node affinity without terms', p => { p.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } }; }, `${POD}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`, 'nodeSelectorTerms'],
    ['matchFields on a label', p => { p.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } }; }, `${POD}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key`, '"zone"'],
    ['a preference weight of 0', p => { p.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: {} }] } }; }, `${POD}.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight`, '0'],
    ['a pod anti-affinity term without topologyKey', p => { p.affinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } } }] } }; }, `${POD}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey`, 'topologyKey'],
    ['a pod affinity selector operator that does not exist', p => { p.affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: { topologyKey: 'zone', labelSelector: { matchExpressions: [{ key: 'app', operator: 'Is', values: ['db'] }] } } }] } }; }, `${POD}.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].operator`, '"Is"'],
    ['matchLabelKeys without a labelSelector', p => { p.affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', matchLabelKeys: ['app'] }] } }; }, `${POD}.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys`, 'labelSelector'],
    ['a toleration without key and with Equal', p => { p.tolerations = [{ operator: 'Equal', value: 'x' }]; }, `${POD}.tolerations[0].operator`, '"Equal"'],
    ['a toleration with Exists and a value', p => { p.tolerations = [{ key: 'gpu', operator: 'Exists', value: 'yes' }]; }, `${POD}.tolerations[0].value`, '"yes"'],
    ['a toleration effect that does not exist', p => { p.tolerations = [{ key: 'gpu', operator: 'Exists', effect: 'NoRun' }]; }, `${POD}.tolerations[0].effect`, '"NoRun"'],
    ['tolerationSeconds with NoSchedule', p => { p.tolerations = [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 60 }]; }, `${POD}.tolerations[0].effect`, '"NoSchedule"'],
    ['a toleration operator that does not exist', p => { p.tolerations = [{ key: 'gpu', operator: 'In' }]; }, `${POD}.tolerations[0].operator`, '"In"'],
    ['a toleration key with a space', p => { p.tolerations = [{ key: 'my key', operator: 'Exists' }]; }, `${POD}.tolerations[0].key`, '"my key"'],
    ['maxSkew 0', p => { p.topologySpreadConstraints = [{ maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }]; }, `${POD}.topologySpreadConstraints[0].maxSkew`, '0'],
    ['a spread constraint without whenUnsatisfiable', p => { p.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone' }]; }, `${POD}.topologySpreadConstraints[0].whenUnsatisfiable`, 'no whenUnsatisfiable'],
    ['a spread constraint without topologyKey', p => { p.topologySpreadConstraints = [{ maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' }]; }, `${POD}.topologySpreadConstraints[0].topologyKey`, 'topologyKey'],
    ['two spread constraints on the same pair', p => { p.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }]; }, `${POD}.topologySpreadConstraints[0]`, '"zone"'],
    ['minDomains with ScheduleAnyway', p => { p.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', minDomains: 2 }]; }, `${POD}.topologySpreadConstraints[0].minDomains`, '"ScheduleAnyway"'],
    ['a nodeAffinityPolicy that does not exist', p => { p.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', nodeAffinityPolicy: 'Always' }]; }, `${POD}.topologySpreadConstraints[0].nodeAffinityPolicy`, '"Always"'],
    // pod fields
    ['a bad dnsPolicy', p => { p.dnsPolicy = 'Cluster'; }, `${POD}.dnsPolicy`, '"Cluster"'],
    ['dnsPolicy None without dnsConfig', p => { p.dnsPolicy = 'None'; }, `${POD}.dnsConfig`, 'None'],
    ['a nameserver that is no IP', p => { p.dnsConfig = { nameservers: ['dns.local'] }; }, `${POD}.dnsConfig.nameservers[0]`, '"dns.local"'],
    ['four nameservers', p => { p.dnsConfig = { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9', '1.0.0.1'] }; }, `${POD}.dnsConfig.nameservers`, 'at most 3'],
    ['a search domain with an underscore', p => { p.dnsConfig = { searches: ['my_domain.local'] }; }, `${POD}.dnsConfig.searches[0]`, '"my_domain.local"'],
    ['a hostname with capitals', p => { p.hostname = 'Web_1'; }, `${POD}.hostname`, '"Web_1"'],
    ['a subdomain with a dot', p => { p.subdomain = 'a.b'; }, `${POD}.subdomain`, '"a.b"'],
    ['a serviceAccountName with a space', p => { p.serviceAccountName = 'my sa'; }, `${POD}.serviceAccountName`, '"my sa"'],
    ['a nodeName with capitals', p => { p.nodeName = 'Node1'; }, `${POD}.nodeName`, '"Node1"'],
    ['a priorityClassName with capitals', p => { p.priorityClassName = 'High'; }, `${POD}.priorityClassName`, '"High"'],
    ['an empty runtimeClassName', p => { p.runtimeClassName = ''; }, `${POD}.runtimeClassName`, '""'],
    ['a preemptionPolicy that does not exist', p => { p.preemptionPolicy = 'Always'; }, `${POD}.preemptionPolicy`, '"Always"'],
    ['a readiness gate that is no qualified name', p => { p.readinessGates = [{ conditionType: 'ready now' }]; }, `${POD}.readinessGates[0].conditionType`, '"ready now"'],
    ['a scheduling gate twice', p => { p.schedulingGates = [{ name: 'example.com/wait' }, { name: 'example.com/wait' }]; }, `${POD}.schedulingGates[1]`, '"example.com/wait"'],
    ['a host alias IP that is no IP', p => { p.hostAliases = [{ ip: '10.0.0', hostnames: ['db'] }]; }, `${POD}.hostAliases[0].ip`, '"10.0.0"'],
    ['a negative overhead', p => { p.overhead = { cpu: '-1' }; }, `${POD}.overhead.cpu`, '"-1"'],
    ['a resource claim with both sources', p => { p.resourceClaims = [{ name: 'gpu', resourceClaimName: 'a', resourceClaimTemplateName: 'b' }]; }, `${POD}.resourceClaims[0]`, 'both'],
  ];

  test.each(cases)('%s', (_name, change, path, mention) => {
    const finding = expectFinding('V07', [rolloutWith(change)], path, mention);
    expect(finding.kind).toBe('Rollout');
  });

  test('every case is reported under V07 only, and no case reports the valid base template', () => {
    for (const [name, change] of cases) {
      const ids = new Set(validateManifests([rolloutWith(change)]).map(f => f.ruleId));
      expect({ name, ids: [...ids].filter(id => id !== 'V07' && !id.startsWith('S')) }).toEqual({ name, ids: [] });
    }
  });
});

/** A pod template using much of the API, valid for every validator. */
function richPod(): any {
  return {
    serviceAccountName: 'web',
    terminationGracePeriodSeconds: 45,
    dnsPolicy: 'ClusterFirst',
    dnsConfig: { nameservers: ['10.0.0.10'], searches: ['svc.cluster.local.'], options: [{ name: 'ndots', value: '2' }] },
    hostname: 'web-0',
    subdomain: 'web',
    nodeSelector: { 'kubernetes.io/os': 'linux' },
    priorityClassName: 'high',
    securityContext: {
      runAsNonRoot: true,
      runAsUser: 1000,
      runAsGroup: 3000,
      fsGroup: 2000,
      fsGroupChangePolicy: 'OnRootMismatch',
      supplementalGroups: [4000],
      seccompProfile: { type: 'RuntimeDefault' },
      sysctls: [{ name: 'net.ipv4.ip_local_port_range', value: '1024 65535' }],
    },
    os: { name: 'linux' },
    tolerations: [
      { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
      { operator: 'Exists' },
    ],
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-1a', 'eu-1b'] }, { key: 'cores', operator: 'Gt', values: ['2'] }] }] },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 50, preference: { matchExpressions: [{ key: 'disk', operator: 'Exists' }] } }],
      },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] } }],
      },
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['cache'] }] }, namespaces: ['cache'] }] },
    },
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', minDomains: 2, labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'], nodeTaintsPolicy: 'Honor' },
      { maxSkew: 2, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } },
    ],
    readinessGates: [{ conditionType: 'example.com/ready' }],
    hostAliases: [{ ip: '10.1.2.3', hostnames: ['db.local'] }],
    volumes: [
      { name: 'config', configMap: { name: 'web-config', defaultMode: 420, items: [{ key: 'app.yaml', path: 'app.yaml' }] } },
      { name: 'secret', secret: { secretName: 'web-secret', optional: true } },
      { name: 'cache', emptyDir: { medium: 'Memory', sizeLimit: '256Mi' } },
      { name: 'scratch' },
      { name: 'data', persistentVolumeClaim: { claimName: 'web-data' } },
      { name: 'podinfo', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { containerName: 'web', resource: 'limits.cpu', divisor: '1m' } }] } },
      { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600, audience: 'api' } }, { configMap: { name: 'ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }] } },
      { name: 'scratch-claim', ephemeral: { volumeClaimTemplate: { metadata: { labels: { app: 'web' }, creationTimestamp: null }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } },
    ],
    initContainers: [
      { name: 'migrate', image: 'web:1.0', command: ['migrate'], volumeMounts: [{ name: 'config', mountPath: '/config', readOnly: true }] },
      { name: 'proxy', image: 'envoy:1.30', restartPolicy: 'Always', readinessProbe: { tcpSocket: { port: 15000 } }, ports: [{ name: 'admin', containerPort: 15000 }] },
    ],
    containers: [
      {
        name: 'web',
        image: 'web:1.0',
        imagePullPolicy: 'IfNotPresent',
        terminationMessagePolicy: 'FallbackToLogsOnError',
        ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { name: 'metrics', containerPort: 9090 }],
        env: [
          { name: 'LOG_LEVEL', value: 'info' },
          { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
          { name: 'APP', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } },
          { name: 'MEM_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
          { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          { name: 'FEATURE.flag-1', valueFrom: { configMapKeyRef: { name: 'flags', key: 'flag-1.enabled', optional: true } } },
          { name: 'EMPTY' },
        ],
        envFrom: [{ configMapRef: { name: 'web-env' } }, { prefix: 'SECRET_', secretRef: { name: 'web-env-' } }],
        resources: {
          requests: { 'cpu': '250m', 'memory': '256Mi', 'ephemeral-storage': '1Gi', 'nvidia.com/gpu': 1, 'hugepages-2Mi': '64Mi' },
          limits: { 'cpu': 1, 'memory': '0.5Gi', 'nvidia.com/gpu': '1', 'hugepages-2Mi': '64Mi' },
        },
        resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'RestartContainer' }],
        startupProbe: { httpGet: { path: '/healthz', port: 'http' }, failureThreshold: 30, periodSeconds: 10 },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP', httpHeaders: [{ name: 'X-Probe', value: 'liveness' }] }, successThreshold: 1, terminationGracePeriodSeconds: 10 },
        readinessProbe: { grpc: { port: 9000, service: 'ready' }, successThreshold: 3, timeoutSeconds: 2 },
        lifecycle: { preStop: { sleep: { seconds: 5 } }, postStart: { exec: { command: ['sh', '-c', 'echo started'] } } },
        securityContext: {
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          runAsUser: 1000,
          capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] },
          seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/web.json' },
          appArmorProfile: { type: 'RuntimeDefault' },
          procMount: 'Default',
        },
        volumeMounts: [
          { name: 'config', mountPath: '/etc/web', readOnly: true, recursiveReadOnly: 'IfPossible' },
          { name: 'cache', mountPath: '/cache', subPathExpr: '$(POD_NAME)' },
          { name: 'data', mountPath: '/data', subPath: 'web', mountPropagation: 'HostToContainer' },
          { name: 'podinfo', mountPath: '/etc/podinfo' },
          { name: 'token', mountPath: '/var/run/secrets/tokens' },
          { name: 'scratch', mountPath: '/tmp' },
        ],
        volumeDevices: [{ name: 'scratch-claim', devicePath: '/dev/xvdb' }],
      },
      { name: 'sidecar', image: 'busybox:1.36', ports: [{ name: 'http', containerPort: 8081 }], securityContext: { privileged: true } },
    ],
  };
}

/** The fields of `richPod()` that Kubernetes 1.27 does not have (S09 there; its other checks pass). */
const RICH_POD_AFTER_1_27 = [
  'affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.matchLabelKeys',
  'containers[0].lifecycle.preStop.sleep',
  'containers[0].securityContext.appArmorProfile',
  'containers[0].volumeMounts[0].recursiveReadOnly',
  'initContainers[1].restartPolicy',
];

describe('V07 pod template: nothing valid is refused', () => {
  const richRollout = () => {
    const rollout = rolloutWith((_pod, template) => {
      template.spec = richPod();
      template.metadata.annotations = { 'example.com/owner': 'team-web', 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default', 'container.apparmor.security.beta.kubernetes.io/web': 'runtime/default' };
    });
    rollout.spec.replicas = 3;
    return rollout;
  };

  test.each(['1.32', '1.33', '1.34'])('a valid rich pod template passes (probes, volumes, affinity, tolerations, topology spread, security context) on Kubernetes %s', kubernetesVersion => {
    expect(validateManifests([richRollout()], { kubernetesVersion })).toEqual([]);
  });

  test.each(['1.32', '1.33', '1.34'])('the same pod passes in an Experiment template and, with restartPolicy OnFailure, in a job metric on Kubernetes %s', kubernetesVersion => {
    expect(validateManifests([experimentWith(pod => Object.assign(pod, richPod()))], { kubernetesVersion })).toEqual([]);
    expect(validateManifests([jobTemplateWith(pod => Object.assign(pod, richPod(), { restartPolicy: 'OnFailure' }))], { kubernetesVersion })).toEqual([]);
  });

  test('on Kubernetes 1.27 only the fields it does not have are reported (S09), in each kind', () => {
    const s09 = (manifest: any, pod: string) => {
      const findings = validateManifests([manifest], { kubernetesVersion: '1.27' });
      expect(findings.every(f => f.ruleId === 'S09')).toBe(true);
      return findings.map(f => f.path.slice(pod.length + 1)).sort();
    };
    expect(s09(richRollout(), POD)).toEqual(RICH_POD_AFTER_1_27);
    expect(s09(experimentWith(pod => Object.assign(pod, richPod())), 'spec.templates[0].template.spec')).toEqual(RICH_POD_AFTER_1_27);
    expect(s09(jobTemplateWith(pod => Object.assign(pod, richPod(), { restartPolicy: 'OnFailure' })), JOB_POD)).toEqual(RICH_POD_AFTER_1_27);
  });

  test('a negative terminationGracePeriodSeconds is accepted, as Kubernetes does not check its sign', () => {
    expect(v07(rolloutWith(pod => { pod.terminationGracePeriodSeconds = -1; }))).toEqual([]);
  });

  test('absent fields count as their defaults (pull policy, protocol, DNS policy, probe timings, volume source)', () => {
    const rollout = rolloutWith(pod => {
      pod.volumes = [{ name: 'tmp' }];
      pod.containers[0].volumeMounts = [{ name: 'tmp', mountPath: '/tmp' }];
      pod.containers[0].readinessProbe = { httpGet: { port: 8080 }, periodSeconds: 0, successThreshold: 0 };
      pod.containers[0].livenessProbe = { tcpSocket: { port: 'http' }, successThreshold: 0 };
      pod.containers[0].ports[0].protocol = '';
      pod.dnsPolicy = '';
      pod.restartPolicy = '';
    });
    expect(v07(rollout)).toEqual([]);
  });

  test('privileged containers are accepted', () => {
    expect(v07(rolloutWith(pod => { pod.containers[0].securityContext = { privileged: true, allowPrivilegeEscalation: false }; }))).toEqual([]);
  });
});

describe('V07 on Experiment templates (the API server checks their ReplicaSets)', () => {
  const TPL = 'spec.templates[0].template.spec';

  test('a bad pod field is reported at the template path', () => {
    const finding = expectFinding('V07', [experimentWith(pod => { pod.containers[0].imagePullPolicy = 'Sometimes'; })], `${TPL}.containers[0].imagePullPolicy`, '"Sometimes"');
    expect(finding.kind).toBe('Experiment');
  });

  test('restartPolicy must be Always and activeDeadlineSeconds is refused', () => {
    expectFinding('V07', [experimentWith(pod => { pod.restartPolicy = 'Never'; })], `${TPL}.restartPolicy`, '"Never"');
    expectFinding('V07', [experimentWith(pod => { pod.activeDeadlineSeconds = 60; })], `${TPL}.activeDeadlineSeconds`, '60');
  });

  test('the API server accepts relaxed environment variable names from Kubernetes 1.32, but not "="', () => {
    const relaxed = experimentWith(pod => { pod.containers[0].env = [{ name: '1-LEVEL:x', value: 'a' }]; });
    expect(findingsOf('V07', [relaxed], { kubernetesVersion: '1.32' })).toEqual([]);
    const strict = expectFinding('V07', [relaxed], `${TPL}.containers[0].env[0].name`, '"1-LEVEL:x"', { kubernetesVersion: '1.27' });
    expect(strict.message).toContain('(the API server of Kubernetes 1.27 checks names strictly; from 1.32 on, it takes any printable character but \'=\')');
    expectFinding('V07', [experimentWith(pod => { pod.containers[0].env = [{ name: 'A=B', value: 'a' }]; })], `${TPL}.containers[0].env[0].name`, '"A=B"',
      { kubernetesVersion: '1.34' });
  });

  test('privileged containers may use Bidirectional propagation, but not refuse privilege escalation', () => {
    const bidirectional = experimentWith(pod => {
      pod.volumes = [{ name: 'a', hostPath: { path: '/mnt' } }];
      pod.containers[0].securityContext = { privileged: true };
      pod.containers[0].volumeMounts = [{ name: 'a', mountPath: '/mnt', mountPropagation: 'Bidirectional' }];
    });
    expect(v07(bidirectional)).toEqual([]);
    expectFinding('V07', [experimentWith(pod => { pod.containers[0].securityContext = { privileged: true, allowPrivilegeEscalation: false }; })],
      `${TPL}.containers[0].securityContext`, 'privileged: true');
  });

  test('the selector must select the template labels', () => {
    const experiment = experimentWith(() => undefined);
    experiment.spec.templates[0].template.metadata.labels = { app: 'other' };
    expectFinding('V07', [experiment], 'spec.templates[0].template.metadata.labels', '"other"');
    experiment.spec.templates[0].selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['other', 'web'] }] };
    expect(v07(experiment)).toEqual([]);
  });

  test('Windows HostProcess pods need hostNetwork; the API server accepts them where the cluster allows it', () => {
    const experiment = experimentWith(pod => { pod.os = { name: 'windows' }; pod.securityContext = { windowsOptions: { hostProcess: true } }; });
    expectFinding('V07', [experiment], `${TPL}.hostNetwork`, 'hostNetwork: true');
    experiment.spec.templates[0].template.spec.hostNetwork = true;
    expect(v07(experiment)).toEqual([]);
  });

  test('the API server wants an integer pod deletion cost; the Rollout controller takes any', () => {
    const experiment = experimentWith(() => undefined);
    experiment.spec.templates[0].template.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': 'high' };
    expectFinding('V07', [experiment], 'spec.templates[0].template.metadata.annotations', '"high"');
    expect(v07(rolloutWith((_p, t) => { t.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': 'high' }; }))).toEqual([]);
  });

  test('the API server takes "." and \'_\' in DNS search domains from Kubernetes 1.33', () => {
    const relaxed = experimentWith(pod => { pod.dnsConfig = { searches: ['.', 'my_domain.local'] }; });
    expect(findingsOf('V07', [relaxed], { kubernetesVersion: '1.33' })).toEqual([]);
    expect(findingsOf('V07', [relaxed], { kubernetesVersion: '1.32' }).map(f => f.path)).toEqual([`${TPL}.dnsConfig.searches[0]`, `${TPL}.dnsConfig.searches[1]`]);
  });

  test('a writable GCE disk is refused when the template has several replicas', () => {
    const experiment = experimentWith(pod => { pod.volumes = [{ name: 'data', gcePersistentDisk: { pdName: 'disk' } }]; });
    expect(v07(experiment)).toEqual([]);
    experiment.spec.templates[0].replicas = 2;
    expectFinding('V07', [experiment], `${TPL}.volumes[0].gcePersistentDisk.readOnly`, '2 replicas');
  });
});

describe('V07 on job metrics (the API server checks the Job)', () => {
  test('the default restartPolicy Always is refused for Jobs; Never and OnFailure pass', () => {
    const finding = expectFinding('V07', [jobTemplateWith(pod => { delete pod.restartPolicy; })], `${JOB_POD}.restartPolicy`, 'the default');
    expect(finding.kind).toBe('AnalysisTemplate');
    expect(v07(jobTemplateWith(pod => { pod.restartPolicy = 'OnFailure'; }))).toEqual([]);
    expect(v07(jobTemplateWith(() => undefined))).toEqual([]);
  });

  test.each(['AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun'])('a bad pod field is reported in a %s', kind => {
    const manifest = jobTemplateWith(pod => { pod.containers[0].resources = { requests: { memory: '2Gi' }, limits: { memory: '1Gi' } }; }, kind);
    expectFinding('V07', [manifest], `${JOB_POD}.containers[0].resources.requests.memory`, '"1Gi"');
  });

  test('with restartPolicy Never, resize policies must be NotRequired', () => {
    const template = jobTemplateWith(pod => { pod.containers[0].resizePolicy = [{ resourceName: 'memory', restartPolicy: 'RestartContainer' }]; });
    expectFinding('V07', [template], `${JOB_POD}.containers[0].resizePolicy[0].restartPolicy`, 'NotRequired');
  });

  test('activeDeadlineSeconds must be positive', () => {
    expectFinding('V07', [jobTemplateWith(pod => { pod.activeDeadlineSeconds = 0; })], `${JOB_POD}.activeDeadlineSeconds`, '0');
    expect(v07(jobTemplateWith(pod => { pod.activeDeadlineSeconds = 300; }))).toEqual([]);
  });

  test('an AnalysisRun\'s literal arguments are substituted before the check', () => {
    const run = jobTemplateWith(pod => { pod.containers[0].resources = { requests: { cpu: '{{args.cpu}}' }, limits: { cpu: '1' } }; }, 'AnalysisRun');
    run.spec.args = [{ name: 'cpu', value: '4' }];
    expectFinding('V07', [run], `${JOB_POD}.containers[0].resources.requests.cpu`, '"4"');
    run.spec.args = [{ name: 'cpu', value: '500m' }];
    expect(v07(run)).toEqual([]);
  });

  test('values with placeholders are resolved only at run time and are not checked', () => {
    const template = jobTemplateWith(pod => {
      pod.containers[0].image = '{{args.image}}';
      pod.containers[0].env = [{ name: '{{args.name}}', value: 'x' }];
      pod.containers[0].resources = { requests: { cpu: '{{args.cpu}}' }, limits: { cpu: '1' } };
    });
    template.spec.args = [{ name: 'image' }, { name: 'name' }, { name: 'cpu' }];
    expect(v07(template)).toEqual([]);
  });
});

describe('V07 on the pod template a workloadRef points at (the controller validates it as the Rollout\'s)', () => {
  function withDeployment(mutate: (pod: any) => void): any[] {
    const rollout = validRollout();
    delete rollout.spec.template;
    rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    const pod: any = { containers: [{ name: 'web', image: 'nginx:1.27' }] };
    mutate(pod);
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: pod } },
    };
    return [rollout, deployment];
  }

  test('a template the API server stores but the controller refuses is reported on the Rollout', () => {
    const manifests = withDeployment(pod => { pod.containers[0].env = [{ name: '1-LEVEL', value: 'x' }]; });
    const finding = expectFinding('V07', manifests, 'spec.workloadRef', 'spec.template.spec.containers[0].env[0].name');
    expect(finding.kind).toBe('Rollout');
    expect(finding.message).toContain('Deployment "web"');
  });

  test('a valid referenced template passes, and an absent workload is not checked', () => {
    expect(findingsOf('V07', withDeployment(() => undefined))).toEqual([]);
    expect(findingsOf('V07', [withDeployment(pod => { pod.containers = []; })[0]])).toEqual([]);
  });
});

describe('V07 consequences, as synth-time errors state them', () => {
  test('a Rollout is stuck in InvalidSpec; an Experiment fails; a job metric errors', () => {
    const [rollout] = v07(rolloutWith(pod => { pod.dnsPolicy = 'Cluster'; }));
    const [experiment] = v07(experimentWith(pod => { pod.dnsPolicy = 'Cluster'; }));
    const [job] = v07(jobTemplateWith(pod => { pod.dnsPolicy = 'Cluster'; }));
    expect(consequenceOf(rollout)).toContain('InvalidSpec');
    expect(consequenceOf(experiment)).toContain('Experiment would fail');
    expect(consequenceOf(job)).toContain('measurements would error');
  });
});
