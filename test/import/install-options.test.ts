// argo-rollouts-import on installs with the options whose objects used to come back as JSON patches:
// the controller's image, ports, leader election, scheduling, disruption budget, labels and annotations;
// RBAC; CRD options; the dashboard's resources and image; ServiceMonitor labels; the notification
// Secret and the typed notification services. Each comes back as the typed option, without a patch.
import { Chart, Duration, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { expectRoundTrip as roundTrip, workFolder } from './round-trip';
import {
  ArgoRollouts, ArgoRolloutsCrds, ArgoRolloutsProps, ArgoRolloutsVersion, NotificationSecret, NotificationService, ProviderPermissions,
  UnsatisfiableSpreadAction,
} from '../../src';

const WORK = workFolder('import-install-options-');
const WRITTEN: string[] = [];

/** Synthesizes an install with these props, imports it, and expects it back typed: no escape hatch, every object the install's. */
async function expectTyped(name: string, props: ArgoRolloutsProps, options: string[]): Promise<string> {
  const chart = new Chart(Testing.app(), name);
  new ArgoRollouts(chart, 'argo-rollouts', props);
  const result = await roundTrip(WORK, name, Testing.synth(chart), WRITTEN);
  expect(result.source).not.toContain('JsonPatch');
  expect(result.source).not.toContain('NotificationService.custom');
  expect(new Set(result.objects.map(o => `${o.how} ${o.reasons.join('; ')}`))).toEqual(new Set(['install ']));
  for (const option of options) expect(flat(result.source)).toContain(flat(option).replace(/,$/, ''));
  return result.source;
}

/** Code without its layout (spaces, line breaks, trailing commas), to look for options whatever the lines they are laid out on. */
function flat(code: string): string {
  return code.replace(/\s+/g, '').replace(/,([}\])])/g, '$1');
}

describe('argo-rollouts-import: install options come back typed', () => {
  test('the controller: image, ports, leader election, tolerations, affinity, spread, disruption budget, labels and annotations', async () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    await expectTyped('controller', {
      crds: false,
      controller: {
        replicas: 2,
        image: { registry: 'registry.example.com', repository: 'mirror/argo-rollouts', digest, pullPolicy: kplus.ImagePullPolicy.ALWAYS },
        flags: {
          metricsPort: 9100,
          healthzPort: 9101,
          leaderElectionLeaseDuration: Duration.seconds(30),
          leaderElectionRenewDeadline: Duration.seconds(20),
          leaderElectionRetryPeriod: Duration.minutes(1),
        },
        tolerations: [
          kplus.NodeTaintQuery.exists('dedicated', { effect: kplus.TaintEffect.NO_SCHEDULE }),
          kplus.NodeTaintQuery.is('team', 'ops', { effect: kplus.TaintEffect.NO_EXECUTE, evictAfter: Duration.seconds(300) }),
          kplus.NodeTaintQuery.any(),
        ],
        affinity: {
          requiredNodeLabels: [kplus.NodeLabelQuery.is('pool', 'system'), kplus.NodeLabelQuery.notIn('zone', ['a', 'b'])],
          preferredNodeLabels: [kplus.NodeLabelQuery.exists('ssd')],
          separateReplicasBy: kplus.Topology.ZONE,
          requireSeparation: true,
        },
        topologySpreadConstraints: [
          { topology: kplus.Topology.HOSTNAME, maxSkew: 2, whenUnsatisfiable: UnsatisfiableSpreadAction.SCHEDULE_ANYWAY },
          { topology: kplus.Topology.custom('example.com/rack') },
        ],
        podDisruptionBudget: { minAvailable: kplus.PercentOrAbsolute.absolute(1) },
        podLabels: { team: 'platform' },
        podAnnotations: { 'example.com/scrape': 'true' },
        deploymentLabels: { tier: 'control' },
        deploymentAnnotations: { 'example.com/owner': 'platform' },
      },
    }, [
      'replicas: 2,',
      `image: { registry: 'registry.example.com', repository: 'mirror/argo-rollouts', digest: '${digest}', pullPolicy: kplus.ImagePullPolicy.ALWAYS }`,
      'metricsPort: 9100,', 'healthzPort: 9101,', 'leaderElectionLeaseDuration: Duration.seconds(30),', 'leaderElectionRenewDeadline: Duration.seconds(20),',
      'leaderElectionRetryPeriod: Duration.minutes(1),',
      "kplus.NodeTaintQuery.exists('dedicated', { effect: kplus.TaintEffect.NO_SCHEDULE })",
      "kplus.NodeTaintQuery.is('team', 'ops', { effect: kplus.TaintEffect.NO_EXECUTE, evictAfter: Duration.seconds(300) })", 'kplus.NodeTaintQuery.any()',
      "requiredNodeLabels: [kplus.NodeLabelQuery.is('pool', 'system'), kplus.NodeLabelQuery.notIn('zone', ['a', 'b'])],",
      "preferredNodeLabels: [kplus.NodeLabelQuery.exists('ssd')],", 'separateReplicasBy: kplus.Topology.ZONE,', 'requireSeparation: true,',
      '{ topology: kplus.Topology.HOSTNAME, maxSkew: 2, whenUnsatisfiable: UnsatisfiableSpreadAction.SCHEDULE_ANYWAY }',
      "{ topology: kplus.Topology.custom('example.com/rack') }", 'podDisruptionBudget: { minAvailable: kplus.PercentOrAbsolute.absolute(1) },',
      "podLabels: { team: 'platform' },", "podAnnotations: { 'example.com/scrape': 'true' },", "deploymentLabels: { tier: 'control' },",
      "deploymentAnnotations: { 'example.com/owner': 'platform' },",
    ]);
  }, 60_000);

  test('replicas without the default anti-affinity are affinity: {}; a budget in percent; a tag of its own under a mirror', async () => {
    const source = await expectTyped('controller-plain', {
      version: ArgoRolloutsVersion.V1_10_0_RC1,
      crds: false,
      controller: {
        replicas: 3,
        affinity: {},
        podDisruptionBudget: { maxUnavailable: kplus.PercentOrAbsolute.percent(50) },
        image: { registry: 'mirror.example.com', tag: 'v1.10.0-rc1-patched' },
      },
    }, ['affinity: {},', 'podDisruptionBudget: { maxUnavailable: kplus.PercentOrAbsolute.percent(50) },',
      "image: { registry: 'mirror.example.com', tag: 'v1.10.0-rc1-patched' },"]);
    expect(source).not.toContain('pullPolicy');
  }, 60_000);

  test('the metrics port of 1.8 (--metricsport) is the same flag', async () => {
    await expectTyped('metrics-port-1-8', { version: ArgoRolloutsVersion.V1_8_3, crds: false, networkPolicy: true, controller: { flags: { metricsPort: 9100 } } },
      ['version: ArgoRolloutsVersion.V1_8_3', 'controller: { flags: { metricsPort: 9100 } }']);
  }, 60_000);

  test('RBAC: the providers given, and rules of its own', async () => {
    await expectTyped('rbac', {
      crds: false,
      providerPermissions: [ProviderPermissions.ISTIO, ProviderPermissions.TRAEFIK, ProviderPermissions.GATEWAY_API],
      additionalRules: [{ apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get', 'list'], resourceNames: ['main'] }],
    }, ['providerPermissions: [ProviderPermissions.ISTIO, ProviderPermissions.TRAEFIK, ProviderPermissions.GATEWAY_API],',
      "additionalRules: [{ apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get', 'list'], resourceNames: ['main'] }],"]);
    // a namespaced install with no provider at all
    await expectTyped('rbac-none', { namespaced: true, providerPermissions: [] }, ['providerPermissions: [],', 'namespaced: true']);
  }, 60_000);

  test('CRD options: keep-on-delete, annotations and labels, with the sync options and wave', async () => {
    // GIVEN the CRDs with options inside the install, and alone
    const crdOptions = { keepOnDelete: true, syncWave: -2, annotations: { 'example.com/team': 'platform' }, labels: { tier: 'crds' } };
    const inside = new Chart(Testing.app(), 'crds-inside');
    new ArgoRollouts(inside, 'argo-rollouts', { crdOptions });
    const alone = new Chart(Testing.app(), 'crds-alone');
    new ArgoRolloutsCrds(alone, 'crds', { ...crdOptions, serverSideApply: true });
    // WHEN
    const fromInside = await roundTrip(WORK, 'crds-inside', Testing.synth(inside), WRITTEN);
    const fromAlone = await roundTrip(WORK, 'crds-alone', Testing.synth(alone), WRITTEN);
    // THEN both are an ArgoRolloutsCrds with the options (crdOptions of ArgoRollouts write the same objects), without escape hatches
    expect(flat(fromInside.source)).toContain(flat("new ArgoRollouts(this, 'argo-rollouts', { version: ArgoRolloutsVersion.V1_9_1, crds: false });"
      + "new ArgoRolloutsCrds(this, 'crds', { version: ArgoRolloutsVersion.V1_9_1, keepOnDelete: true, syncWave: -2, "
      + "annotations: { 'example.com/team': 'platform' }, labels: { tier: 'crds' } });"));
    expect(flat(fromAlone.source)).toContain(flat("new ArgoRolloutsCrds(this, 'crds', { version: ArgoRolloutsVersion.V1_9_1, serverSideApply: true, "
      + "keepOnDelete: true, syncWave: -2, annotations: { 'example.com/team': 'platform' }, labels: { tier: 'crds' } });"));
    for (const result of [fromInside, fromAlone]) {
      expect(result.source).not.toMatch(/JsonPatch|CustomResourceDefinition/);
      expect(new Set(result.objects.map(o => `${o.how} ${o.reasons.length}`))).toEqual(new Set(['install 0']));
    }
  }, 120_000);

  test('the dashboard\'s resources and image, the ServiceMonitor\'s labels, the notification Secret with values', async () => {
    await expectTyped('dashboard-metrics', {
      crds: false,
      dashboard: true,
      dashboardOptions: {
        resources: { cpu: { request: kplus.Cpu.millis(50) }, memory: { limit: Size.mebibytes(128) } },
        image: { registry: 'mirror.example.com', pullPolicy: kplus.ImagePullPolicy.IF_NOT_PRESENT },
      },
      metrics: { serviceMonitor: true, serviceMonitorLabels: { release: 'prometheus' } },
      notifications: true,
      notificationOptions: { secret: NotificationSecret.fromValues({ 'slack-token': 'xoxb-1' }) },
    }, [
      'resources: { cpu: { request: kplus.Cpu.millis(50) }, memory: { limit: Size.mebibytes(128) } },',
      "image: { registry: 'mirror.example.com', pullPolicy: kplus.ImagePullPolicy.IF_NOT_PRESENT },",
      "metrics: { serviceMonitor: true, serviceMonitorLabels: { release: 'prometheus' } }",
      "secret: NotificationSecret.fromValues({ 'slack-token': 'xoxb-1' })",
    ]);
  }, 60_000);

  test('notification services through their typed factories', async () => {
    await expectTyped('services', {
      crds: false,
      notifications: true,
      notificationOptions: {
        services: [
          NotificationService.teams({ ops: 'teams-ops' }),
          NotificationService.webhook('deploys', 'https://hooks.example.com/deploys', {
            headers: { 'Content-Type': 'application/json' }, secretHeaders: { Authorization: 'hook-auth' }, insecureSkipVerify: true,
          }),
          NotificationService.email({ host: 'smtp.example.com', port: 465, from: 'rollouts@example.com', usernameSecretKey: 'smtp-user', passwordSecretKey: 'smtp-password' }),
          NotificationService.pagerDutyV2({ checkout: 'pd-checkout' }),
          NotificationService.opsgenie('https://api.opsgenie.com', { sre: 'opsgenie-sre' }),
          NotificationService.grafana('https://grafana.example.com/api', 'grafana-key'),
          NotificationService.mattermost('https://mattermost.example.com', 'mattermost-token'),
          NotificationService.telegram('telegram-token'),
          NotificationService.github({ appId: '12345', installationId: '67890', privateKeySecretKey: 'github-key', enterpriseBaseUrl: 'https://git.example.com/api/v3' }),
          NotificationService.googleChat({ deploys: 'chat-deploys' }),
          NotificationService.slack('slack-token', { icon: ':rocket:', signingSecretKey: 'slack-signing' }),
        ],
      },
    }, [
      "NotificationService.teams({ ops: 'teams-ops' })",
      "NotificationService.webhook('deploys', 'https://hooks.example.com/deploys', {",
      "headers: { 'Content-Type': 'application/json' },", "secretHeaders: { Authorization: 'hook-auth' },", 'insecureSkipVerify: true,',
      'NotificationService.email({', 'port: 465,', "usernameSecretKey: 'smtp-user',",
      "NotificationService.pagerDutyV2({ checkout: 'pd-checkout' })",
      "NotificationService.opsgenie('https://api.opsgenie.com', { sre: 'opsgenie-sre' })",
      "NotificationService.grafana('https://grafana.example.com/api', 'grafana-key')",
      "NotificationService.mattermost('https://mattermost.example.com', 'mattermost-token')",
      "NotificationService.telegram('telegram-token')",
      'NotificationService.github({', "appId: '12345',", "enterpriseBaseUrl: 'https://git.example.com/api/v3',",
      "NotificationService.googleChat({ deploys: 'chat-deploys' })",
      "NotificationService.slack('slack-token', { icon: ':rocket:', signingSecretKey: 'slack-signing' })",
    ]);
    // the services of 1.10
    await expectTyped('services-1-10', {
      version: ArgoRolloutsVersion.V1_10_0_RC1,
      crds: false,
      notifications: true,
      notificationOptions: {
        services: [
          NotificationService.teamsWorkflows({ ops: 'workflow-ops' }),
          NotificationService.nats('nats://nats.example.com:4222', { headers: { team: 'ops' }, nkeySecretKey: 'nats-nkey' }),
          NotificationService.gcpPubSub('acme', 'rollouts', { keyFileSecretKey: 'pubsub-key', attributes: { env: 'prod' } }),
        ],
      },
    }, [
      "NotificationService.teamsWorkflows({ ops: 'workflow-ops' })",
      "NotificationService.nats('nats://nats.example.com:4222', { headers: { team: 'ops' }, nkeySecretKey: 'nats-nkey' })",
      "NotificationService.gcpPubSub('acme', 'rollouts', { keyFileSecretKey: 'pubsub-key', attributes: { env: 'prod' } })",
    ]);
  }, 60_000);

  test('a service whose settings no typed factory writes stays NotificationService.custom', async () => {
    // GIVEN an email service without a port (the typed factory always writes one)
    const chart = new Chart(Testing.app(), 'custom');
    new ArgoRollouts(chart, 'argo-rollouts', {
      crds: false, notifications: true, notificationOptions: { services: [NotificationService.custom('email', { host: 'smtp.example.com', from: 'a@example.com' })] },
    });
    const result = await roundTrip(WORK, 'custom-service', Testing.synth(chart), WRITTEN);
    expect(result.source).toContain("NotificationService.custom('email', { host: 'smtp.example.com', from: 'a@example.com' })");
    expect(result.source).not.toContain('JsonPatch');
  }, 60_000);
});
