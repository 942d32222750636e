import * as fs from 'fs';
import * as path from 'path';
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  ArgoRollouts, ArgoRolloutsConfig, ArgoRolloutsController, ArgoRolloutsDashboard, ArgoRolloutsMetrics, ArgoRolloutsNotifications, ArgoRolloutsRbac,
  ArgoRolloutsVersion, ControllerPlugin, ProviderPermissions,
} from '../../src';
import { loadUpstream, testUpstream } from '../util';

const key = (m: any) => `${m.kind}/${m.metadata.name}`;

describe('ArgoRollouts is composed of typed constructs', () => {
  test('each component is a property, and ApiObject.of() gives its main object', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', { dashboard: true, notifications: true });
    expect(install.controller).toBeInstanceOf(ArgoRolloutsController);
    expect(install.controller.config).toBeInstanceOf(ArgoRolloutsConfig);
    expect(install.rbac).toBeInstanceOf(ArgoRolloutsRbac);
    expect(install.metrics).toBeInstanceOf(ArgoRolloutsMetrics);
    expect(install.notifications).toBeInstanceOf(ArgoRolloutsNotifications);
    expect(install.dashboard).toBeInstanceOf(ArgoRolloutsDashboard);
    const main = (c: any) => key({ kind: ApiObject.of(c).kind, metadata: { name: ApiObject.of(c).name } });
    const parts = [install.controller, install.controller.config, install.rbac, install.metrics, install.notifications, install.dashboard!];
    expect(parts.map(main)).toEqual([
      'Deployment/argo-rollouts', 'ConfigMap/argo-rollouts-config', 'ClusterRole/argo-rollouts', 'Service/argo-rollouts-metrics',
      'ConfigMap/argo-rollouts-notification-configmap', 'Deployment/argo-rollouts-dashboard',
    ]);
    expect(install.controller.serviceAccount.name).toEqual('argo-rollouts');
    expect([install.controller.metricsPort, install.controller.healthzPort, install.metrics.port]).toEqual([8090, 8080, 8090]);
    expect([install.metrics.serviceName, install.dashboard!.serviceName, install.dashboard!.port])
      .toEqual(['argo-rollouts-metrics', 'argo-rollouts-dashboard', 3100]);
    expect([install.notifications.secretName, install.notifications.configMapName]).toEqual(['argo-rollouts-notification-secret', 'argo-rollouts-notification-configmap']);
  });

  test('the controller\'s ServiceAccount works where cdk8s-plus takes one, as cdk8s-plus\'s own reference does', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', { crds: false, namespace: 'rollouts' });
    const reader = new kplus.Role(chart, 'reader');
    reader.allowRead(install.controller.serviceAccount);
    const binding = new kplus.RoleBinding(chart, 'binding', { role: reader });
    binding.addSubjects(install.controller.serviceAccount);
    const theirs = kplus.ServiceAccount.fromServiceAccountName(chart, 'theirs', 'argo-rollouts', { namespaceName: 'rollouts' });
    expect(install.controller.serviceAccount.toSubjectConfiguration()).toEqual(theirs.toSubjectConfiguration());
    const rendered = Testing.synth(chart);
    expect(rendered.find(m => m.kind === 'RoleBinding').subjects).toEqual([{ kind: 'ServiceAccount', name: 'argo-rollouts', apiGroup: '', namespace: 'rollouts' }]);
    expect(rendered.find(m => m.kind === 'Role' && m.metadata.name.startsWith('test-reader')).rules)
      .toEqual([{ apiGroups: [''], resourceNames: ['argo-rollouts'], resources: ['serviceaccounts'], verbs: ['get', 'list', 'watch'] }]);
  });

  test('the escape hatch works on every component', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', { crds: false });
    ApiObject.of(install.controller).addJsonPatch(JsonPatch.add('/spec/template/spec/hostNetwork', false));
    ApiObject.of(install.metrics).metadata.addAnnotation('team', 'platform');
    const out = Testing.synth(chart);
    expect(out.find(m => m.kind === 'Deployment').spec.template.spec.hostNetwork).toBe(false);
    expect(out.find(m => m.kind === 'Service').metadata.annotations).toEqual({ team: 'platform' });
  });

  test('the objects are written in upstream order, whatever is included', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', {
      createNamespace: true,
      dashboard: true,
      notifications: true,
      networkPolicy: true,
      metrics: { serviceMonitor: true },
      controller: { podDisruptionBudget: { minAvailable: kplus.PercentOrAbsolute.absolute(1) } },
    });
    install.exposeDashboardViaIngress({ acknowledgeNoAuthentication: true, host: 'rollouts.internal' });
    expect(Testing.synth(chart).map(m => m.kind).filter(k => k !== 'CustomResourceDefinition')).toEqual([
      'Namespace', 'ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'ClusterRole', 'ClusterRole', 'ClusterRole', 'ConfigMap', 'Secret', 'ConfigMap',
      'Service', 'Deployment', 'PodDisruptionBudget', 'ServiceMonitor', 'NetworkPolicy',
      'ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'Service', 'Deployment', 'Ingress',
    ]);
  });

  test('plugins and permissions added later reach the config and the role', () => {
    const chart = Testing.chart();
    const install = new ArgoRollouts(chart, 'install', { crds: false, providerPermissions: [] });
    install.addPlugin(ControllerPlugin.step({ name: 'acme/step', location: 'https://example.invalid/step' }));
    install.addProviderPermissions(ProviderPermissions.SMI);
    expect(install.registeredPlugins.map(p => p.name)).toEqual(['acme/step']);
    expect(install.rbac.providerPermissions).toEqual([ProviderPermissions.SMI]);
    const out = Testing.synth(chart);
    expect(out.find(m => m.metadata.name === 'argo-rollouts-config').data.stepPlugins).toContain('acme/step');
    expect(out.find(m => m.kind === 'ClusterRole' && m.metadata.name === 'argo-rollouts').rules.some((r: any) => r.apiGroups.includes('split.smi-spec.io'))).toBe(true);
  });
});

describe('the components on their own', () => {
  const normalizeDashboard = (m: any, version: string) => {
    const copy = JSON.parse(JSON.stringify(m));
    if (copy.kind === 'Deployment') {
      const c = copy.spec.template.spec.containers[0];
      c.image = `quay.io/argoproj/kubectl-argo-rollouts:v${version}`;
      c.securityContext = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, readOnlyRootFilesystem: true, seccompProfile: { type: 'RuntimeDefault' } };
      copy.spec.template.spec.securityContext = { runAsNonRoot: true };
    }
    return copy;
  };

  testUpstream('a dashboard alone is upstream\'s dashboard-install.yaml', () => {
    for (const version of ArgoRolloutsVersion.all()) {
      const chart = new Chart(Testing.app(), 'dash');
      new ArgoRolloutsDashboard(chart, 'dashboard', { version });
      const ours = Testing.synth(chart).map(m => {
        const copy = JSON.parse(JSON.stringify(m));
        delete copy.metadata.namespace;
        return copy;
      });
      const upstream = loadUpstream(`${version.tag}/dashboard-install.yaml`).map(m => normalizeDashboard(m, version.version));
      expect(ours.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(upstream.sort((a, b) => key(a).localeCompare(key(b))));
    }
  });

  test('a controller alone sets the app\'s version and names itself in messages', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    const controller = new ArgoRolloutsController(chart, 'controller', { version: ArgoRolloutsVersion.V1_8_4, namespace: 'rollouts', replicas: 2 });
    expect(Testing.synth(chart).map(key)).toEqual(['ServiceAccount/argo-rollouts', 'ConfigMap/argo-rollouts-config', 'Deployment/argo-rollouts']);
    expect(controller.namespace).toEqual('rollouts');
    expect(() => new ArgoRolloutsController(new Chart(Testing.app(), 'c'), 'x', { replicas: 2, flags: { leaderElect: false } }))
      .toThrow(/^ArgoRolloutsController c\/x: controller.replicas is 2 with flags.leaderElect: false/);
    expect(() => new ArgoRolloutsController(new Chart(app, 'd'), 'x', { version: ArgoRolloutsVersion.V1_9_1 }))
      .toThrow(/ArgoRolloutsController d\/x uses Argo Rollouts 1\.9\.1, but ArgoRolloutsController c\/controller already set this app to 1\.8\.4/);
    // without a version, a second part follows the app's
    const other = new Chart(app, 'e');
    new ArgoRolloutsDashboard(other, 'dashboard');
    expect(Testing.synth(other).find(m => m.kind === 'Deployment').spec.template.spec.containers[0].image).toEqual('quay.io/argoproj/kubectl-argo-rollouts:v1.8.4');
  });

  test('RBAC alone: namespaced, without aggregate roles', () => {
    const chart = Testing.chart();
    new ArgoRolloutsRbac(chart, 'rbac', { namespace: 'team-a', namespaced: true, aggregateRoles: false, providerPermissions: [ProviderPermissions.ISTIO] });
    const out = Testing.synth(chart);
    expect(out.map(key)).toEqual(['Role/argo-rollouts', 'RoleBinding/argo-rollouts']);
    expect(out[0].metadata.namespace).toEqual('team-a');
    expect(out[0].rules.filter((r: any) => r.apiGroups.includes('networking.istio.io'))).toHaveLength(1);
  });

  test('metrics and notifications alone', () => {
    const chart = Testing.chart();
    new ArgoRolloutsMetrics(chart, 'metrics', { port: 9000, serviceMonitor: true });
    new ArgoRolloutsNotifications(chart, 'notifications', { configMap: false });
    const out = Testing.synth(chart);
    expect(out.map(key)).toEqual(['Service/argo-rollouts-metrics', 'ServiceMonitor/argo-rollouts-metrics', 'Secret/argo-rollouts-notification-secret']);
    expect(out[0].spec.ports).toEqual([{ name: 'metrics', port: 9000, protocol: 'TCP', targetPort: 9000 }]);
    expect(() => new ArgoRolloutsMetrics(Testing.chart(), 'm', { scrapeInterval: '10s' })).toThrow(/need metrics.serviceMonitor: true/);
  });
});

describe('scheduling of the controller in cdk8s-plus terms', () => {
  const podSpec = (controller: any) => {
    const chart = Testing.chart();
    new ArgoRollouts(chart, 'install', { crds: false, controller });
    return Testing.synth(chart).find(m => m.kind === 'Deployment').spec.template.spec;
  };

  test('node labels and keeping replicas apart', () => {
    const spec = podSpec({
      replicas: 3,
      affinity: {
        requiredNodeLabels: [kplus.NodeLabelQuery.is('pool', 'system')],
        preferredNodeLabels: [kplus.NodeLabelQuery.in('zone', ['a', 'b'])],
        separateReplicasBy: kplus.Topology.ZONE,
        requireSeparation: true,
      },
    });
    expect(spec.affinity).toEqual({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['system'] }] }] },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] } }],
      },
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'argo-rollouts' } }, topologyKey: 'topology.kubernetes.io/zone' }],
      },
    });
  });

  test('the default for several replicas, and a given affinity replaces it', () => {
    expect(podSpec({ replicas: 2 }).affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey)
      .toEqual('kubernetes.io/hostname');
    expect(podSpec({ replicas: 2, affinity: { requiredNodeLabels: [kplus.NodeLabelQuery.exists('system')] } }).affinity.podAntiAffinity).toBeUndefined();
    expect(podSpec({ replicas: 1 }).affinity).toBeUndefined();
  });

  test('generated Kubernetes types are refused with a message, and none is in the public props', () => {
    expect(() => podSpec({ tolerations: [{ key: 'system', operator: 'Exists' }] })).toThrow(/'controller.tolerations\[0\]' must be a NodeTaintQuery \(cdk8s-plus\), got a plain object/);
    expect(() => podSpec({ topologySpreadConstraints: [{ topologyKey: 'x', maxSkew: 1 }] })).toThrow(/topology must be a cdk8s-plus Topology/);
    const install = path.join(__dirname, '..', '..', 'src', 'install');
    const offenders = fs.readdirSync(install).filter(f => f.endsWith('.ts'))
      .flatMap(f => fs.readFileSync(path.join(install, f), 'utf8').split('\n').filter(l => /^\s*(public )?readonly \w+\??: .*kplus\.k8s\./.test(l)).map(l => `${f}: ${l.trim()}`));
    expect(offenders).toEqual([]);
  });
});
