import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  ArgoRollouts, ArgoRolloutsCrds, ArgoRolloutsVersion, ControllerLogFormat, ControllerLogLevel, ControllerPlugin, NotificationSecret,
  NotificationService,
  ProviderPermissions, ReplicaProgressThreshold, Rollout, RolloutStrategy, TrafficSplitApiVersion, UnsatisfiableSpreadAction,
} from '../../src';
import { loadUpstream, testUpstream } from '../util';

function install(props: any = {}, chartProps: any = {}): any[] {
  const chart = new Chart(Testing.app(), 'install', chartProps);
  new ArgoRollouts(chart, 'argo-rollouts', props);
  return Testing.synth(chart);
}

const key = (m: any) => `${m.kind}/${m.metadata.name}`;
const CLUSTER_SCOPED = new Set(['CustomResourceDefinition', 'ClusterRole', 'ClusterRoleBinding', 'Namespace']);

/**
 * Our object, with the deliberate differences from upstream taken back out:
 * the namespace (upstream is applied with `-n argo-rollouts`), the pinned images and pull policy,
 * and the hardened dashboard pod.
 */
function asUpstreamWould(m: any, version: string): any {
  const copy = JSON.parse(JSON.stringify(m));
  if (copy.kind === 'CustomResourceDefinition' && ArgoRolloutsVersion.of(version)._facts.crdsNeedServerSideApply) {
    // the CRDs of 1.10 are too large for client-side apply: they ask Argo CD to apply them server-side
    expect(copy.metadata.annotations['argocd.argoproj.io/sync-options']).toEqual('ServerSideApply=true');
    delete copy.metadata.annotations['argocd.argoproj.io/sync-options'];
  }
  if (!CLUSTER_SCOPED.has(copy.kind)) {
    expect(copy.metadata.namespace).toEqual('argo-rollouts');
    delete copy.metadata.namespace;
  } else {
    expect(copy.metadata.namespace).toBeUndefined();
  }
  return copy;
}

function normalizeUpstream(m: any, version: string): any {
  const copy = JSON.parse(JSON.stringify(m));
  if (copy.kind === 'Deployment') {
    const c = copy.spec.template.spec.containers[0];
    if (copy.metadata.name === 'argo-rollouts') {
      c.image = `quay.io/argoproj/argo-rollouts:v${version}`;
      c.imagePullPolicy = 'IfNotPresent';
    } else {
      c.image = `quay.io/argoproj/kubectl-argo-rollouts:v${version}`;
      c.securityContext = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true, seccompProfile: { type: 'RuntimeDefault' } };
      copy.spec.template.spec.securityContext = { runAsNonRoot: true };
    }
  }
  return copy;
}

function expectEquivalent(ours: any[], upstreamFiles: string[], version: string) {
  const upstream = upstreamFiles.flatMap(f => loadUpstream(f));
  expect(ours.map(key).sort()).toEqual(upstream.map(key).sort());
  const mine = new Map(ours.map(m => [key(m), m]));
  for (const u of upstream) {
    expect({ object: key(u), manifest: asUpstreamWould(mine.get(key(u)), version) })
      .toEqual({ object: key(u), manifest: normalizeUpstream(u, version) });
  }
}

describe('ArgoRollouts equals the upstream install', () => {
  for (const version of ['1.10.0-rc1', '1.9.1', '1.8.4', '1.8.3']) {
    testUpstream(`install.yaml ${version}`, () => {
      expectEquivalent(install({ version: ArgoRolloutsVersion.of(version) }), [`v${version}/install.yaml`], version);
    });

    testUpstream(`namespace-install.yaml ${version}`, () => {
      expectEquivalent(install({ version: ArgoRolloutsVersion.of(version), namespaced: true }), [`v${version}/namespace-install.yaml`], version);
    });

    testUpstream(`install + dashboard + notifications ${version}`, () => {
      expectEquivalent(install({ version: ArgoRolloutsVersion.of(version), dashboard: true, notifications: true }),
        [`v${version}/install.yaml`, `v${version}/dashboard-install.yaml`, `v${version}/notifications-install.yaml`], version);
    });
  }

  test('snapshot of the default install without CRDs', () => {
    expect(install({ crds: false })).toMatchSnapshot();
  });

  test('the image is pinned, never latest', () => {
    for (const m of install({ dashboard: true }).filter(x => x.kind === 'Deployment')) {
      const c = m.spec.template.spec.containers[0];
      expect(c.image).toMatch(/:v1\.9\.1$/);
    }
  });
});

describe('restricted Pod Security Standard', () => {
  test.each([['cluster', {}], ['namespaced', { namespaced: true }], ['with dashboard', { dashboard: true }]])('%s', (_name, props) => {
    const pods = install(props).filter(m => m.kind === 'Deployment').map(m => m.spec.template.spec);
    expect(pods.length).toBeGreaterThan(0);
    for (const pod of pods) {
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.hostNetwork ?? false).toBe(false);
      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        expect(c.securityContext).toEqual(expect.objectContaining({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        }));
        expect(c.securityContext.privileged ?? false).toBe(false);
      }
    }
  });
});

describe('knobs', () => {
  const deployment = (ms: any[]) => ms.find(m => m.kind === 'Deployment' && m.metadata.name === 'argo-rollouts');

  test('namespace, createNamespace, and a chart namespace does not leak onto cluster-scoped objects', () => {
    const ms = install({ namespace: 'progressive', createNamespace: true }, { namespace: 'apps' });
    expect(ms.find(m => m.kind === 'Namespace').metadata).toEqual({ name: 'progressive' });
    for (const m of ms) {
      if (CLUSTER_SCOPED.has(m.kind)) expect(m.metadata.namespace).toBeUndefined();
      else expect(m.metadata.namespace).toEqual('progressive');
    }
    expect(ms.find(m => m.kind === 'ClusterRoleBinding').subjects[0].namespace).toEqual('progressive');
  });

  test('controller replicas above 1 spread over nodes; PDB', () => {
    const ms = install({ controller: { replicas: 2, podDisruptionBudget: { minAvailable: kplus.PercentOrAbsolute.absolute(1) } } });
    const d = deployment(ms);
    expect(d.spec.replicas).toEqual(2);
    expect(d.spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey).toEqual('kubernetes.io/hostname');
    expect(ms.find(m => m.kind === 'PodDisruptionBudget').spec).toEqual({ minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts' } } });
  });

  test('scheduling, image, env, flags and extra args', () => {
    const d = deployment(install({
      controller: {
        resources: { cpu: { request: kplus.Cpu.millis(100) } },
        nodeSelector: { pool: 'system' },
        tolerations: [kplus.NodeTaintQuery.exists('system', { effect: kplus.TaintEffect.NO_SCHEDULE })],
        topologySpreadConstraints: [{ topology: kplus.Topology.ZONE, whenUnsatisfiable: UnsatisfiableSpreadAction.SCHEDULE_ANYWAY }],
        priorityClassName: 'system-cluster-critical',
        podLabels: { team: 'platform' },
        podAnnotations: { note: 'x' },
        deploymentLabels: { tier: 'control' },
        image: { registry: 'mirror.example', digest: `sha256:${'a'.repeat(64)}`, pullPolicy: kplus.ImagePullPolicy.ALWAYS },
        imagePullSecrets: ['mirror-creds'],
        env: { ARGO_ROLLOUTS_PROMETHEUS_ADDRESS: 'http://prometheus:9090' },
        flags: {
          logLevel: ControllerLogLevel.DEBUG,
          instanceId: 'blue',
          metricsPort: 9090,
          qps: 50,
          leaderElectionLeaseDuration: Duration.seconds(30),
          albIngressClasses: ['alb', 'alb-internal'],
        },
        extraArgs: ['--kloglevel=2'],
      },
    }));
    const pod = d.spec.template.spec;
    const c = pod.containers[0];
    expect(c.image).toEqual(`mirror.example/argoproj/argo-rollouts:v1.9.1@sha256:${'a'.repeat(64)}`);
    expect(c.imagePullPolicy).toEqual('Always');
    expect(c.args).toEqual(['--loglevel=debug', '--instance-id=blue', '--metricsPort=9090', '--qps=50', '--leader-election-lease-duration=30s',
      '--alb-ingress-classes=alb', '--alb-ingress-classes=alb-internal', '--kloglevel=2']);
    expect(c.ports).toEqual([{ containerPort: 9090, name: 'metrics' }, { containerPort: 8080, name: 'healthz' }]);
    expect(c.env).toEqual([{ name: 'ARGO_ROLLOUTS_PROMETHEUS_ADDRESS', value: 'http://prometheus:9090' }]);
    expect(c.resources).toEqual({ requests: { cpu: '100m' } });
    expect(pod.nodeSelector).toEqual({ pool: 'system' });
    expect(pod.tolerations).toEqual([{ key: 'system', operator: 'Exists', effect: 'NoSchedule' }]);
    expect(pod.topologySpreadConstraints).toEqual([{
      maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts' } },
    }]);
    expect(pod.priorityClassName).toEqual('system-cluster-critical');
    expect(pod.imagePullSecrets).toEqual([{ name: 'mirror-creds' }]);
    expect(d.spec.template.metadata).toEqual({ labels: { 'team': 'platform', 'app.kubernetes.io/name': 'argo-rollouts' }, annotations: { note: 'x' } });
    expect(d.metadata.labels.tier).toEqual('control');
  });

  test('the metrics Service follows the metrics port; ServiceMonitor; NetworkPolicy', () => {
    const ms = install({ controller: { flags: { metricsPort: 9090 } }, metrics: { serviceMonitor: true, scrapeInterval: '30s', serviceMonitorLabels: { release: 'prom' } }, networkPolicy: true });
    expect(ms.find(m => m.kind === 'Service').spec.ports).toEqual([{ name: 'metrics', port: 9090, protocol: 'TCP', targetPort: 9090 }]);
    const sm = ms.find(m => m.kind === 'ServiceMonitor');
    expect(sm.apiVersion).toEqual('monitoring.coreos.com/v1');
    expect(sm.metadata.labels.release).toEqual('prom');
    expect(sm.spec).toEqual({ selector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts-metrics' } }, endpoints: [{ port: 'metrics', interval: '30s' }] });
    expect(ms.find(m => m.kind === 'NetworkPolicy').spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts' } },
      policyTypes: ['Ingress'],
      ingress: [{ ports: [{ port: 9090, protocol: 'TCP' }, { port: 8080, protocol: 'TCP' }] }],
    });
  });

  test('the 1.8 metrics flag is spelled --metricsport', () => {
    for (const version of [ArgoRolloutsVersion.V1_8_3, ArgoRolloutsVersion.V1_8_4]) {
      const d = deployment(install({ version, controller: { flags: { metricsPort: 9000 } } }));
      expect(d.spec.template.spec.containers[0].args).toEqual(['--metricsport=9000']);
    }
    const rc = deployment(install({ version: ArgoRolloutsVersion.V1_10_0_RC1, controller: { flags: { metricsPort: 9000 } } }));
    expect(rc.spec.template.spec.containers[0].args).toEqual(['--metricsPort=9000']);
  });

  test('the Traefik API group and version flags, in every release', () => {
    for (const version of ArgoRolloutsVersion.all()) {
      const d = deployment(install({ version, controller: { flags: { traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1' } } }));
      expect(d.spec.template.spec.containers[0].args).toEqual(['--traefik-api-group=traefik.io', '--traefik-api-version=traefik.io/v1alpha1']);
    }
    // 1.10's default group is traefik.io: the version alone is enough there
    const rc = deployment(install({ version: ArgoRolloutsVersion.V1_10_0_RC1, controller: { flags: { traefikApiVersion: 'traefik.io/v1beta1' } } }));
    expect(rc.spec.template.spec.containers[0].args).toEqual(['--traefik-api-version=traefik.io/v1beta1']);
  });

  test('the SMI TrafficSplit API version flag, in every release', () => {
    for (const version of ArgoRolloutsVersion.all()) {
      const d = deployment(install({ version, controller: { flags: { trafficSplitApiVersion: TrafficSplitApiVersion.V1ALPHA2 } } }));
      expect(d.spec.template.spec.containers[0].args).toEqual(['--traffic-split-api-version=v1alpha2']);
    }
  });


  test('every typed flag, in one fixed order', () => {
    const flags = {
      selfServiceNotificationEnabled: true,
      trafficSplitApiVersion: TrafficSplitApiVersion.V1ALPHA3,
      traefikApiVersion: 'traefik.io/v1alpha1',
      traefikApiGroup: 'traefik.io',
      istioApiVersion: 'v1beta1',
      nginxIngressClasses: ['nginx', 'nginx-internal'],
      albIngressClasses: ['alb'],
      awsVerifyTargetGroup: false,
      leaderElectionRetryPeriod: Duration.seconds(2),
      leaderElectionRenewDeadline: Duration.seconds(10),
      leaderElectionLeaseDuration: Duration.minutes(1),
      leaderElect: true,
      ephemeralMetadataThreads: 4,
      ingressThreads: 5,
      serviceThreads: 6,
      analysisThreads: 7,
      experimentThreads: 8,
      rolloutThreads: 9,
      burst: 60,
      qps: 30,
      rolloutResync: Duration.minutes(15),
      healthzPort: 8081,
      metricsPort: 8090,
      instanceId: 'blue',
      klogLevel: 3,
      logFormat: ControllerLogFormat.JSON,
      logLevel: ControllerLogLevel.WARN,
    };
    const args = (version: ArgoRolloutsVersion, given: object = flags) =>
      deployment(install({ version, controller: { flags: given } })).spec.template.spec.containers[0].args;
    expect(args(ArgoRolloutsVersion.V1_10_0_RC1)).toEqual([
      '--loglevel=warn', '--logformat=json', '--kloglevel=3', '--instance-id=blue', '--metricsPort=8090', '--healthzPort=8081',
      '--rollout-resync=900', '--qps=30', '--burst=60', '--rollout-threads=9', '--experiment-threads=8', '--analysis-threads=7',
      '--service-threads=6', '--ingress-threads=5', '--ephemeral-metadata-threads=4', '--leader-elect=true',
      '--leader-election-lease-duration=1m', '--leader-election-renew-deadline=10s', '--leader-election-retry-period=2s',
      '--aws-verify-target-group=false', '--alb-ingress-classes=alb', '--nginx-ingress-classes=nginx', '--nginx-ingress-classes=nginx-internal',
      '--istio-api-version=v1beta1', '--traefik-api-group=traefik.io', '--traefik-api-version=traefik.io/v1alpha1',
      '--traffic-split-api-version=v1alpha3', '--self-service-notification-enabled=true',
    ]);
    // the metrics port is spelled --metricsport before 1.9
    const { ephemeralMetadataThreads: _, ...older } = flags;
    const olderFlags = { ...older, traefikApiGroup: undefined, traefikApiVersion: undefined };
    expect(args(ArgoRolloutsVersion.V1_8_4, olderFlags)).toContain('--metricsport=8090');
  });
  test('the readiness probe and the ALB permissions follow the release', () => {
    const probe = (v: ArgoRolloutsVersion) => deployment(install({ version: v })).spec.template.spec.containers[0].readinessProbe;
    expect(probe(ArgoRolloutsVersion.V1_8_4)).toEqual({
      failureThreshold: 3, httpGet: { path: '/metrics', port: 'metrics' }, initialDelaySeconds: 10, periodSeconds: 5, successThreshold: 1, timeoutSeconds: 4,
    });
    expect(probe(ArgoRolloutsVersion.V1_10_0_RC1)).toBeUndefined();
    const albGroups = (v: ArgoRolloutsVersion) => install({ version: v }).find(m => m.kind === 'ClusterRole' && m.metadata.name === 'argo-rollouts')
      .rules.find((r: any) => r.resources.includes('targetgroupbindings')).apiGroups;
    expect(albGroups(ArgoRolloutsVersion.V1_8_4)).toEqual(['elbv2.k8s.aws']);
    expect(albGroups(ArgoRolloutsVersion.V1_10_0_RC1)).toEqual(['elbv2.k8s.aws', 'eks.amazonaws.com']);
  });

  test('plugins: config, checksum annotation, added later', () => {
    const chart = new Chart(Testing.app(), 'install');
    const ar = new ArgoRollouts(chart, 'ar', {
      plugins: [ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.invalid/gateway-api-plugin', sha256: 'b'.repeat(64) })],
    });
    const before = deployment(Testing.synth(chart)).spec.template.metadata.annotations['checksum/config'];
    ar.addPlugin(ControllerPlugin.metricProvider({ name: 'acme/metrics', location: 'file:///plugins/metrics', args: ['--verbose'] }));
    const ms = Testing.synth(chart);
    const config = ms.find(m => m.kind === 'ConfigMap' && m.metadata.name === 'argo-rollouts-config');
    expect(config.data).toEqual({
      metricProviderPlugins: '- name: acme/metrics\n  location: file:///plugins/metrics\n  args:\n    - --verbose\n',
      trafficRouterPlugins: `- name: argoproj-labs/gatewayAPI\n  location: https://example.invalid/gateway-api-plugin\n  sha256: ${'b'.repeat(64)}\n`,
    });
    const after = deployment(ms).spec.template.metadata.annotations['checksum/config'];
    expect(before).toMatch(/^[a-f0-9]{64}$/);
    expect(after).not.toEqual(before);
    expect(ar.registeredPlugins.map(p => p.name)).toEqual(['argoproj-labs/gatewayAPI', 'acme/metrics']);
  });

  test('provider permissions can be turned off and added', () => {
    const rules = (ms: any[]) => ms.find(m => m.kind === 'ClusterRole' && m.metadata.name === 'argo-rollouts').rules;
    const only = rules(install({ providerPermissions: [ProviderPermissions.ISTIO], additionalRules: [{ apiGroups: ['acme.io'], resources: ['things'], verbs: ['get'] }] }));
    const groups = only.flatMap((r: any) => r.apiGroups);
    expect(groups).toContain('networking.istio.io');
    expect(groups).not.toContain('split.smi-spec.io');
    expect(groups).not.toContain('appmesh.k8s.aws');
    expect(only[only.length - 1]).toEqual({ apiGroups: ['acme.io'], resources: ['things'], verbs: ['get'] });
    const chart = new Chart(Testing.app(), 'i');
    const ar = new ArgoRollouts(chart, 'ar');
    ar.addProviderPermissions(ProviderPermissions.GATEWAY_API);
    expect(rules(Testing.synth(chart)).flatMap((r: any) => r.apiGroups)).toContain('gateway.networking.k8s.io');
    expect(install({ aggregateRoles: false }).filter(m => m.metadata.name.includes('aggregate'))).toEqual([]);
  });

  test('dashboard: read-only, service type, exposure', () => {
    const chart = new Chart(Testing.app(), 'i');
    const ar = new ArgoRollouts(chart, 'ar', { dashboard: true, dashboardOptions: { readOnly: true, serviceType: kplus.ServiceType.LOAD_BALANCER } });
    ar.exposeDashboardViaIngress({ acknowledgeNoAuthentication: true, host: 'rollouts.example.com', ingressClassName: 'nginx', tlsSecretName: 'tls' });
    ar.exposeDashboardViaHttpRoute({ acknowledgeNoAuthentication: true, gatewayName: 'internal', hostnames: ['rollouts.internal'] });
    const ms = Testing.synth(chart);
    const role = ms.find(m => m.kind === 'ClusterRole' && m.metadata.name === 'argo-rollouts-dashboard');
    for (const r of role.rules) expect(r.verbs.every((v: string) => ['get', 'list', 'watch'].includes(v))).toBe(true);
    expect(ms.find(m => m.kind === 'Service' && m.metadata.name === 'argo-rollouts-dashboard').spec.type).toEqual('LoadBalancer');
    const ingress = ms.find(m => m.kind === 'Ingress');
    expect(ingress.spec.rules[0].http.paths[0].backend).toEqual({ service: { name: 'argo-rollouts-dashboard', port: { number: 3100 } } });
    expect(ingress.spec.tls).toEqual([{ hosts: ['rollouts.example.com'], secretName: 'tls' }]);
    expect(ms.find(m => m.kind === 'HTTPRoute').spec.rules).toEqual([{ backendRefs: [{ name: 'argo-rollouts-dashboard', port: 3100 }] }]);
  });

  test('notifications: services, triggers, templates, subscriptions, secret values', () => {
    const ms = install({
      notifications: true,
      notificationOptions: {
        services: [NotificationService.slack('slack-token'), NotificationService.webhook('ci', 'https://ci.example/hook', { secretHeaders: { Authorization: 'ci-token' } })],
        templates: [{ name: 'my-message', message: 'Rollout {{.rollout.metadata.name}} changed' }],
        triggers: [{ name: 'on-my-event', condition: "rollout.status.phase == 'Degraded'", templates: ['my-message'] }],
        defaultSubscriptions: [{ recipients: ['slack:deployments'], triggers: ['on-rollout-completed', 'on-my-event'] }],
        secret: NotificationSecret.fromValues({ 'slack-token': 'xoxb-test' }),
      },
    });
    const cm = ms.find(m => m.kind === 'ConfigMap' && m.metadata.name === 'argo-rollouts-notification-configmap');
    expect(cm.data['service.slack']).toEqual('token: $slack-token\n');
    expect(cm.data['service.webhook.ci']).toEqual('url: https://ci.example/hook\nheaders:\n  - name: Authorization\n    value: $ci-token\n');
    expect(cm.data['trigger.on-my-event']).toEqual("- when: rollout.status.phase == 'Degraded'\n  send:\n    - my-message\n");
    expect(cm.data['template.my-message']).toEqual('message: Rollout {{.rollout.metadata.name}} changed\n');
    expect(cm.data.subscriptions).toEqual('- recipients:\n    - slack:deployments\n  triggers:\n    - on-rollout-completed\n    - on-my-event\n');
    expect(cm.data['trigger.on-rollout-completed']).toBeDefined();
    expect(ms.find(m => m.kind === 'Secret').stringData).toEqual({ 'slack-token': 'xoxb-test' });
    expect(install({ notifications: true, notificationOptions: { secret: NotificationSecret.external() } }).filter(m => m.kind === 'Secret')).toEqual([]);
  });

  test('CRD options reach the included CRDs', () => {
    const crds = install({ crdOptions: { serverSideApply: true } }).filter(m => m.kind === 'CustomResourceDefinition');
    expect(crds.length).toEqual(5);
    for (const c of crds) expect(c.metadata.annotations['argocd.argoproj.io/sync-options']).toEqual('ServerSideApply=true');
  });
});

describe('bad input', () => {
  const fails = (props: any, message: RegExp | string) => expect(() => install(props)).toThrow(message);
  test('several replicas without leader election', () => fails({ controller: { replicas: 2, flags: { leaderElect: false } } },
    /controller.replicas is 2 with flags.leaderElect: false/));
  test('replicas below 1', () => fails({ controller: { replicas: 0 } }, /'controller.replicas' must be an integer >= 1, got 0/));
  test('PDB with both fields', () => fails({ controller: { podDisruptionBudget: { minAvailable: kplus.PercentOrAbsolute.absolute(1), maxUnavailable: kplus.PercentOrAbsolute.absolute(1) } } },
    /needs exactly one of minAvailable and maxUnavailable, got both/));
  test('PDB with neither', () => fails({ controller: { podDisruptionBudget: {} } }, /got neither/));
  test('namespaced with cluster-only options', () => fails({ namespaced: true, crds: true, dashboard: true },
    /a namespaced install cannot have crds: true, dashboard: true/));
  test('tag disagreeing with the version', () => fails({ version: ArgoRolloutsVersion.V1_8_3, controller: { image: { tag: 'v1.9.1' } } },
    /image tag 'v1.9.1' does not match the install's version v1.8.3/));
  test('bad digest', () => fails({ controller: { image: { digest: 'sha256:xyz' } } }, /image digest 'sha256:xyz' is not a digest/));
  test('a flag the release does not have', () => fails({ version: ArgoRolloutsVersion.V1_8_3, controller: { flags: { ephemeralMetadataThreads: 4 } } },
    "Controller flag 'ephemeralMetadataThreads' (--ephemeral-metadata-threads) does not exist in Argo Rollouts v1.8.3; the controller would refuse to start. "
    + 'Drop it, or use a release that has it (v1.10.0-rc1, v1.9.1).'));
  test('Traefik flags naming two groups', () => {
    fails({ controller: { flags: { traefikApiVersion: 'traefik.io/v1alpha1' } } },
      "flags.traefikApiVersion is 'traefik.io/v1alpha1' but flags.traefikApiGroup (the v1.9.1 default) is 'traefik.containo.us'; "
      + "the controller would look for TraefikServices in neither. Set both to one group, e.g. traefikApiGroup: 'traefik.io' with traefikApiVersion: 'traefik.io/v1alpha1'.");
    fails({ version: ArgoRolloutsVersion.V1_10_0_RC1, controller: { flags: { traefikApiGroup: 'traefik.containo.us' } } },
      /flags.traefikApiVersion \(the v1.10.0-rc1 default\) is 'traefik.io\/v1alpha1' but flags.traefikApiGroup is 'traefik.containo.us'/);
    fails({ controller: { flags: { traefikApiGroup: 'traefik.io', traefikApiVersion: 'v1alpha1' } } }, /flags.traefikApiVersion 'v1alpha1' is not <group>\/<version>/);
  });
  test('a TrafficSplit API version the controller does not support', () => fails({ controller: { flags: { trafficSplitApiVersion: 'v1beta1' } } },
    "flags.trafficSplitApiVersion 'v1beta1' is not one the controller supports (v1alpha1, v1alpha2, v1alpha3); it would fail every SMI-routed Rollout. "
    + 'Use a TrafficSplitApiVersion.'));
  test('same metrics and healthz port', () => fails({ controller: { flags: { metricsPort: 8080 } } }, /are both 8080/));
  test('invalid instance id', () => fails({ controller: { flags: { instanceId: 'not valid!' } } }, /instanceId 'not valid!' is not a valid label value/));
  test('invalid namespace', () => fails({ namespace: 'Argo_Rollouts' }, /namespace 'Argo_Rollouts' is not a valid namespace name/));
  test('notificationOptions without notifications', () => fails({ notificationOptions: {} }, /Set notifications: true/));
  test('dashboardOptions without dashboard', () => fails({ dashboardOptions: {} }, /Set dashboard: true/));
  test('serviceMonitor options without a ServiceMonitor', () => fails({ metrics: { scrapeInterval: '10s' } }, /need metrics.serviceMonitor: true/));
  test('plugin without location', () => expect(() => ControllerPlugin.trafficRouter({ name: 'a/b', location: '' })).toThrow(/has no location/));
  test('plugin with a bad scheme', () => expect(() => ControllerPlugin.step({ name: 'a/b', location: 'ftp://x/y' })).toThrow(/has the scheme 'ftp'/));
  test('plugin with a bad sha256', () => expect(() => ControllerPlugin.step({ name: 'a/b', location: 'https://x/y', sha256: 'abc' })).toThrow(/sha256 'abc' is not a SHA-256 checksum/));
  test('plugin with a bad name', () => expect(() => ControllerPlugin.step({ name: 'plugin', location: 'https://x/y' })).toThrow(/the name must have the form '<namespace>\/<name>'/));
  test('plugin registered twice', () => {
    const p = ControllerPlugin.step({ name: 'a/b', location: 'https://x/y' });
    fails({ plugins: [p, p] }, /the stepPlugins entry 'a\/b' is registered twice/);
  });
  test('dashboard exposure without acknowledgement', () => {
    const ar = new ArgoRollouts(new Chart(Testing.app(), 'i'), 'ar', { dashboard: true });
    expect(() => ar.exposeDashboardViaIngress({ acknowledgeNoAuthentication: false, host: 'x' })).toThrow(/without authentication/);
  });
  test('dashboard exposure without a dashboard', () => {
    const ar = new ArgoRollouts(new Chart(Testing.app(), 'i'), 'ar');
    expect(() => ar.exposeDashboardViaHttpRoute({ acknowledgeNoAuthentication: true, gatewayName: 'g' })).toThrow(/needs dashboard: true/);
  });
  test('notification trigger sending an unknown template', () => fails({ notifications: true, notificationOptions: { triggers: [{ name: 't', condition: 'true', templates: ['nope'] }] } },
    /sends template 'nope', which is not defined/));
  test('subscription to an unknown trigger', () => fails({ notifications: true, notificationOptions: { defaultSubscriptions: [{ recipients: ['slack:x'], triggers: ['on-nothing'] }] } },
    /names trigger 'on-nothing', which is not defined/));
  test('crdOptions with another version', () => fails({ crdOptions: { version: ArgoRolloutsVersion.V1_8_3 } }, /crdOptions.version \(v1.8.3\) differs/));
  test('unknown version', () => expect(() => ArgoRolloutsVersion.of('2.0.0')).toThrow("Argo Rollouts version '2.0.0' is not supported. Use one of: 1.10.0-rc1, 1.9.1, 1.8.4, 1.8.3."));
});

describe('the installed version decides the schema', () => {
  const rollout = (chart: Chart) => new Rollout(chart, 'web', {
    containers: [{ image: 'web:1', portNumber: 8080 }],
    strategy: RolloutStrategy.canary({ replicaProgressThreshold: ReplicaProgressThreshold.percent(90) }),
  });

  test('a field of 1.9 fails in an app that installs 1.8.3, declared before or after', () => {
    for (const installFirst of [true, false]) {
      const chart = new Chart(Testing.app(), 'app');
      if (installFirst) new ArgoRollouts(chart, 'install', { version: ArgoRolloutsVersion.V1_8_3, crds: false });
      rollout(chart);
      if (!installFirst) new ArgoRollouts(chart, 'install', { version: ArgoRolloutsVersion.V1_8_3, crds: false });
      expect(() => Testing.synth(chart)).toThrow(/Rollout app\/web breaks[^]*\[S06\] spec.strategy.canary[^]*replicaProgressThreshold[^]*1\.8\.3/);
    }
  });

  test('the same Rollout passes with 1.9.1, or without an install in the app', () => {
    const chart = new Chart(Testing.app(), 'app');
    new ArgoRollouts(chart, 'install', { crds: false });
    rollout(chart);
    expect(Testing.synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary.replicaProgressThreshold).toEqual({ type: 'Percent', value: 90 });
    const alone = new Chart(Testing.app(), 'app');
    rollout(alone);
    expect(Testing.synth(alone).length).toEqual(1);
  });

  test('CRDs of 1.8.3 in their own chart count too', () => {
    const app = Testing.app();
    new ArgoRolloutsCrds(new Chart(app, 'crds'), 'crds', { version: ArgoRolloutsVersion.V1_8_3 });
    const chart = new Chart(app, 'app');
    rollout(chart);
    expect(() => Testing.synth(chart)).toThrow(/\[S06\]/);
  });
});
