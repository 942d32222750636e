import { Testing } from 'cdk8s';
import { ArgoRollouts, ArgoRolloutsVersion, NotificationRecipients, NotificationService, Rollout, SubscriptionTrigger } from '../../src';
import { synth } from '../util';

/** The ConfigMap entry of a service, as the install writes it. */
function entry(service: NotificationService): [string, string] {
  return service._toConfigMapEntry();
}

describe('NotificationService factories', () => {
  test.each(([
    [NotificationService.teamsWorkflows({ ops: 'teams-ops-url' }), 'service.teams-workflows', 'recipientUrls:\n  ops: $teams-ops-url\n'],
    [NotificationService.pagerDutyV2({ checkout: 'pd-checkout' }), 'service.pagerdutyv2', 'serviceKeys:\n  checkout: $pd-checkout\n'],
    [NotificationService.opsgenie('https://api.eu.opsgenie.com', { sre: 'opsgenie-sre' }), 'service.opsgenie', 'apiUrl: https://api.eu.opsgenie.com\napiKeys:\n  sre: $opsgenie-sre\n'],
    [NotificationService.grafana('https://grafana.example.com/api', 'grafana-key'), 'service.grafana', 'apiUrl: https://grafana.example.com/api\napiKey: $grafana-key\n'],
    [NotificationService.mattermost('https://mm.example.com', 'mm-token'), 'service.mattermost', 'apiURL: https://mm.example.com\ntoken: $mm-token\n'],
    [NotificationService.telegram('telegram-token'), 'service.telegram', 'token: $telegram-token\n'],
    [NotificationService.github({ appId: '12345', installationId: '678', privateKeySecretKey: 'github-key' }), 'service.github',
      'appID: "12345"\ninstallationID: "678"\nprivateKey: $github-key\n'],
    [NotificationService.googleChat({ deploys: 'gchat-deploys' }), 'service.googlechat', 'webhooks:\n  deploys: $gchat-deploys\n'],
    [NotificationService.nats('nats://nats.example.com:4222', { usernameSecretKey: 'nats-user', passwordSecretKey: 'nats-password' }), 'service.nats',
      'url: nats://nats.example.com:4222\nusername: $nats-user\npassword: $nats-password\n'],
    [NotificationService.gcpPubSub('acme', 'rollouts', { keyFileSecretKey: 'pubsub-key', attributes: { team: 'web' } }), 'service.gcppubsub',
      'project: acme\ntopic: rollouts\nkeyFile: $pubsub-key\nattributes:\n  team: web\n'],
  ] as const).map(([service, key, yaml]) => [key, service, yaml] as const))('%s', (key, service, yaml) => {
    expect(entry(service)).toEqual([key, yaml]);
  });

  test('secret values only by reference, URLs checked', () => {
    expect(() => NotificationService.grafana('not a url', 'k')).toThrow("NotificationService.grafana(): 'not a url' is not a URL.");
    expect(() => NotificationService.telegram('bad key!')).toThrow(/Secret key 'bad key!' is invalid/);
    // the key syntax of a Secret, as the API server checks it: also at most 253 characters
    expect(() => NotificationService.telegram('k'.repeat(254))).toThrow(/is invalid \(it is 254 characters long \(at most 253 are allowed\)\)/);
    expect(() => NotificationService.pagerDutyV2({})).toThrow(/at least one recipient/);
    // the engine reads $slack.token as $slack
    expect(() => NotificationService.slack('slack.token')).toThrow("Notification Secret key 'slack.token' has a dot: the controller would read the reference $slack.token as $slack. "
      + "Name the key with letters, digits, '-' and '_' only (e.g. slack-token).");
  });

  test('teams-workflows, nats and gcppubsub need Argo Rollouts 1.10', () => {
    const services = [NotificationService.teamsWorkflows({ ops: 'u' }), NotificationService.nats('nats://n:4222'), NotificationService.gcpPubSub('p', 't')];
    for (const service of services) {
      expect(() => new ArgoRollouts(Testing.chart(), 'install', { version: ArgoRolloutsVersion.V1_9_1, notifications: true, notificationOptions: { services: [service] } }))
        .toThrow(`ArgoRollouts test/install: the notification service '${service.name}' is not in the notifications engine of Argo Rollouts 1.9.1, the app's release; `
          + '1.10.0-rc1 has it. Use one of those releases (ArgoRollouts version, or ArgoRolloutsApp.of(app).useVersion()), or another service.');
    }
    const chart = Testing.chart();
    new ArgoRollouts(chart, 'install', { version: ArgoRolloutsVersion.V1_10_0_RC1, notifications: true, notificationOptions: { services } });
    const configMap = synth(chart).find(m => m.metadata?.name === 'argo-rollouts-notification-configmap');
    expect(Object.keys(configMap.data).filter(k => k.startsWith('service.')).sort()).toEqual(['service.gcppubsub', 'service.nats', 'service.teams-workflows']);
  });

  test('a Teams Workflows subscription takes Teams recipients', () => {
    const chart = Testing.chart();
    const teams = NotificationService.teamsWorkflows({ ops: 'teams-ops-url' });
    new ArgoRollouts(chart, 'install', { version: ArgoRolloutsVersion.V1_10_0_RC1, notifications: true, notificationOptions: { services: [teams] } });
    const web = new Rollout(chart, 'web', { containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
    web.notify(SubscriptionTrigger.ROLLOUT_ABORTED, teams, NotificationRecipients.teams('ops'));
    expect(() => web.notify(SubscriptionTrigger.ROLLOUT_ABORTED, teams, NotificationRecipients.emails('a@example.com'))).toThrow(/does not take e-mail addresses/);
    expect(synth(chart).find(m => m.kind === 'Rollout').metadata.annotations).toEqual({ 'notifications.argoproj.io/subscribe.on-rollout-aborted.teams-workflows': 'ops' });
  });
});
