import { Chart, Testing } from 'cdk8s';
import {
  ArgoRollouts, ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, NotificationRecipients, NotificationSecret, NotificationService, Rollout,
  RolloutStrategy, SelfServiceNotifications,
  SubscriptionTrigger,
} from '../../src';
import { registerNotificationObjects } from '../../src/private/notification-objects';
import { validateManifests } from '../../src/validation/private';
import { synth } from '../util';

const container = { name: 'web', image: 'nginx:1.27', portNumber: 8080 };
const slack = NotificationService.slack('slack-token');
const email = NotificationService.email({ host: 'smtp.example.com', from: 'rollouts@example.com' });
const github = NotificationService.webhook('github', 'https://api.github.com');

function rollout(chart = Testing.chart(), namespace?: string): { chart: any; web: Rollout } {
  const web = new Rollout(chart, 'web', {
    metadata: namespace ? { namespace } : undefined,
    containers: [container],
    strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause()] }),
  });
  return { chart, web };
}

function annotationsOf(chart: any): Record<string, string> {
  return synth(chart).find(m => m.kind === 'Rollout').metadata.annotations;
}

/** The install's notification objects, registered as the install would (ConfigMap in argo-rollouts). */
function registerConfig(chart: any, data: Record<string, string>): void {
  registerNotificationObjects(chart, () => [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argo-rollouts-notification-configmap', namespace: 'argo-rollouts' }, data }]);
}

describe('Rollout.notify()', () => {
  test('Slack channels, e-mail addresses and a webhook render the controller\'s annotations', () => {
    // GIVEN
    const { chart, web } = rollout();
    // WHEN
    web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('deployments', 'C0123'));
    web.notify(SubscriptionTrigger.ROLLOUT_ABORTED, email, NotificationRecipients.emails('team@example.com'));
    web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, github);
    web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('deployments', 'ops'));
    web.notify(SubscriptionTrigger.DEFAULT, slack, NotificationRecipients.slackChannels('all'));
    // THEN
    expect(annotationsOf(chart)).toEqual({
      'notifications.argoproj.io/subscribe.on-rollout-completed.slack': 'deployments;C0123;ops',
      'notifications.argoproj.io/subscribe.on-rollout-aborted.email': 'team@example.com',
      'notifications.argoproj.io/subscribe.on-rollout-completed.github': '',
      'notifications.argoproj.io/subscribe.slack': 'all',
    });
  });

  test('triggers by name and from the install\'s own triggers', () => {
    const { chart, web } = rollout();
    web.notify(SubscriptionTrigger.named('on-rollout-degraded'), slack, NotificationRecipients.slackChannels('x'));
    web.notify(SubscriptionTrigger.fromTrigger({ name: 'on-canary-half', condition: 'true', templates: ['t'] }), NotificationService.custom('opsgenie', { apiUrl: 'x' }), NotificationRecipients.of('team-a'));
    expect(Object.keys(annotationsOf(chart)).sort()).toEqual([
      'notifications.argoproj.io/subscribe.on-canary-half.opsgenie', 'notifications.argoproj.io/subscribe.on-rollout-degraded.slack',
    ]);
    expect(SubscriptionTrigger.catalog().map(t => t.name)).toEqual([
      'on-rollout-completed', 'on-rollout-aborted', 'on-rollout-paused', 'on-rollout-step-completed', 'on-rollout-updated',
      'on-scaling-replica-set', 'on-analysis-run-running', 'on-analysis-run-failed', 'on-analysis-run-error',
    ]);
  });

  test('recipients must fit the service', () => {
    const { web } = rollout();
    expect(() => web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.emails('a@example.com')))
      .toThrow("Rollout.notify(): service 'slack' (slack) does not take e-mail addresses. Give NotificationRecipients.slackChannels(...).");
    expect(() => web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, github, NotificationRecipients.of('x'))).toThrow(/does not take recipients. Give NotificationRecipients.none\(\)/);
    expect(() => web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack)).toThrow(/service 'slack' needs recipients/);
    expect(() => NotificationRecipients.emails('not-an-address')).toThrow(/is not an e-mail address/);
    expect(() => NotificationRecipients.slackChannels('a;b')).toThrow(/contains ';'/);
    expect(() => NotificationRecipients.slackChannels()).toThrow(/at least one recipient/);
    expect(() => SubscriptionTrigger.named('on.dotted')).toThrow('SubscriptionTrigger.named(): the trigger name "on.dotted" cannot be named in a subscription annotation '
      + '(notifications.argoproj.io/subscribe.<trigger>.<service>): the controller splits the key at dots, so only the part after the last dot would count. '
      + "Name it with letters, digits, '-' and '_', e.g. \"on-dotted\".");
    expect(() => web.notify('on-rollout-completed' as any, slack, NotificationRecipients.slackChannels('x'))).toThrow(/trigger/);
  });

  test('a service name the subscription annotation cannot carry is refused where it is given', () => {
    // a dot: the controller would read the key subscribe.<trigger>.a.b as the service "b"
    expect(() => NotificationService.webhook('a.b', 'https://hooks.example.com/x'))
      .toThrow(/^NotificationService\.webhook\(\): the webhook name "a\.b" cannot be named in a subscription annotation [^]*splits the key at dots[^]*e\.g\. "a-b"\.$/);
    expect(() => NotificationService.webhook('hook_', 'https://hooks.example.com/x')).toThrow(/"hook_"[^]*starting and ending with a letter or digit[^]*e\.g\. "hook"/);
    expect(() => NotificationService.webhook('h'.repeat(54), 'https://hooks.example.com/x')).toThrow(/54 characters long, and the key leaves room for 53/);
    expect(NotificationService.webhook('h'.repeat(53), 'https://hooks.example.com/x').name).toBe(`webhook.${'h'.repeat(53)}`);
    // a custom service is <type> or <type>.<name>: the part after the dot is what subscriptions carry
    expect(NotificationService.custom('webhook.github', { url: 'https://api.github.com' }).name).toBe('webhook.github');
    expect(() => NotificationService.custom('webhook.git.hub', {})).toThrow(/has 2 dots: a service is named <type> or <type>\.<name>[^]*"webhook\.git-hub"/);
    expect(() => NotificationService.custom('opsgenie.', {})).toThrow(/service name \(after the type\) "" cannot be named[^]*it is empty/);
  });

  test('a subscription key longer than an annotation key allows is refused by notify()', () => {
    const { web } = rollout();
    const hook = NotificationService.webhook('h'.repeat(40), 'https://hooks.example.com/x');
    expect(() => web.notify(SubscriptionTrigger.named('on-a-long-trigger-name'), hook))
      .toThrow(/^Rollout\.notify\(\): the subscription annotation "notifications\.argoproj\.io\/subscribe\.on-a-long-trigger-name\.h{40}" is not a valid annotation key \(the name part is 73 characters long[^]*Shorten the trigger or the service name\.$/);
    expect(() => web.notify(SubscriptionTrigger.DEFAULT, hook)).not.toThrow();
  });

  test('checked at synth against the app\'s notification ConfigMap', () => {
    const { chart, web } = rollout();
    registerConfig(chart, { 'trigger.on-rollout-completed': '- send: [c]\n', 'template.c': 'message: done\n', 'service.slack': 'token: $t\n' });
    web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('ok'));
    expect(() => synth(chart)).not.toThrow();
    web.notify(SubscriptionTrigger.ROLLOUT_ABORTED, email, NotificationRecipients.emails('team@example.com'));
    expect(() => synth(chart)).toThrow(/\[N09\][\s\S]*on-rollout-aborted[\s\S]*\[N10\][\s\S]*"email"/);
  });

  test('raw annotations are checked too; without notification objects nothing is required', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'web', {
      metadata: { annotations: { 'notifications.argoproj.io/subscribe.on-sync-succeeded.slack': 'x' } },
      containers: [container],
    });
    expect(() => synth(chart)).toThrow(/\[N08\]/);
    const { chart: plain, web } = rollout();
    web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('x'));
    expect(() => synth(plain)).not.toThrow();
  });
});

test('a custom trigger on the install and the subscription to it (docs/notifications.md)', () => {
  const chart = Testing.chart();
  const degraded = { name: 'on-rollout-degraded', condition: "rollout.status.phase == 'Degraded'", templates: ['rollout-degraded'] };
  new ArgoRollouts(chart, 'argo-rollouts', {
    notifications: true,
    notificationOptions: {
      catalog: false,
      services: [slack],
      triggers: [degraded],
      templates: [{ name: 'rollout-degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded: {{.rollout.status.message}}' }],
    },
  });
  const { web } = rollout(chart);
  web.notify(SubscriptionTrigger.fromTrigger(degraded), slack, NotificationRecipients.slackChannels('on-call'));
  const manifests = synth(chart);
  expect(manifests.find(m => m.metadata.name === 'argo-rollouts-notification-configmap').data).toEqual({
    'service.slack': 'token: $slack-token\n',
    'template.rollout-degraded': 'message: "Rollout {{.rollout.metadata.name}} is degraded: {{.rollout.status.message}}"\n',
    'trigger.on-rollout-degraded': "- when: rollout.status.phase == 'Degraded'\n  send:\n    - rollout-degraded\n",
  });
  expect(manifests.find(m => m.kind === 'Rollout').metadata.annotations).toEqual({ 'notifications.argoproj.io/subscribe.on-rollout-degraded.slack': 'on-call' });
});

test('an install with notifications and its Rollouts, linted together as the cdk8s plugin and the CLI do: no notification findings', () => {
  const chart = Testing.chart();
  new ArgoRollouts(chart, 'argo-rollouts', { notifications: true, notificationOptions: { services: [slack, email, github] } });
  const { web } = rollout(chart);
  web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('deployments'));
  web.notify(SubscriptionTrigger.ANALYSIS_RUN_FAILED, email, NotificationRecipients.emails('team@example.com'));
  web.notify(SubscriptionTrigger.ROLLOUT_UPDATED, github);
  const manifests = synth(chart);
  expect(validateManifests(manifests, { requireReferencedObjects: true }).filter(f => f.ruleId.startsWith('N'))).toEqual([]);
  // and a typo is found, at synth already
  web.notify(SubscriptionTrigger.named('on-rollout-complete'), slack, NotificationRecipients.slackChannels('deployments'));
  expect(() => synth(chart)).toThrow(/\[N09\][\s\S]*"on-rollout-complete"/);
});

test('the install\'s notification ConfigMap is what a Rollout is checked against at synth', () => {
  const chart = Testing.chart();
  new ArgoRollouts(chart, 'argo-rollouts', { notifications: true, notificationOptions: { services: [slack] } });
  const { web } = rollout(chart);
  web.notify(SubscriptionTrigger.ROLLOUT_COMPLETED, slack, NotificationRecipients.slackChannels('deployments'));
  expect(() => synth(chart)).not.toThrow();
  web.notify(SubscriptionTrigger.ROLLOUT_PAUSED, email, NotificationRecipients.emails('team@example.com'));
  expect(() => synth(chart)).toThrow(/\[N10\][\s\S]*service "email"[\s\S]*Use one of the services configured: slack/);
});

describe('SelfServiceNotifications', () => {
  test('the ConfigMap and Secret in the namespace, with the catalog and the options', () => {
    const chart = Testing.chart();
    new SelfServiceNotifications(chart, 'team', {
      namespace: 'team-a',
      services: [slack],
      catalog: false,
      triggers: [{ name: 'on-rollout-completed', condition: "rollout.status.phase == 'Healthy'", templates: ['done'] }],
      templates: [{ name: 'done', message: 'Rollout {{.rollout.metadata.name}} is done' }],
      secret: NotificationSecret.fromValues({ 'slack-token': 'xoxb' }),
    });
    const [configMap, secret] = synth(chart);
    expect(configMap).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'argo-rollouts-notification-configmap', namespace: 'team-a' },
      data: {
        'service.slack': 'token: $slack-token\n',
        'trigger.on-rollout-completed': "- when: rollout.status.phase == 'Healthy'\n  send:\n    - done\n",
        'template.done': 'message: Rollout {{.rollout.metadata.name}} is done\n',
      },
    });
    expect(secret).toEqual({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'argo-rollouts-notification-secret', namespace: 'team-a' }, stringData: { 'slack-token': 'xoxb' } });
  });

  test('an install in the app that does not read the namespace fails the synth, as the lint does (N01)', () => {
    for (const selfService of [false, true]) {
      // GIVEN an install in the app, with or without self-service notifications
      const app = Testing.app();
      new ArgoRollouts(new Chart(app, 'platform'), 'argo-rollouts', { controller: { flags: { selfServiceNotificationEnabled: selfService } } });
      const chart = new Chart(app, 'team');
      new SelfServiceNotifications(chart, 'team', { namespace: 'team-a', services: [slack], secret: NotificationSecret.external() });
      // WHEN / THEN
      if (selfService) {
        expect(() => app.synthYaml()).not.toThrow();
      } else {
        expect(() => app.synthYaml()).toThrow(/SelfServiceNotifications team\/team breaks a rule[^]*\[N01\] metadata\.namespace: The ConfigMap argo-rollouts-notification-configmap is in namespace "team-a", but the controller reads it only from its own namespace "argo-rollouts"/);
      }
    }
  });

  test('the Rollouts of the app check their subscriptions against it; an external Secret is not defined', () => {
    const chart = Testing.chart();
    new SelfServiceNotifications(chart, 'team', { namespace: 'team-a', services: [slack], secret: NotificationSecret.external() });
    expect(synth(chart).map(m => m.kind)).toEqual(['ConfigMap']);
    const { web } = rollout(chart, 'team-a');
    web.notify(SubscriptionTrigger.ROLLOUT_PAUSED, slack, NotificationRecipients.slackChannels('x'));
    expect(() => synth(chart)).not.toThrow();
    web.notify(SubscriptionTrigger.named('on-nothing'), slack, NotificationRecipients.slackChannels('x'));
    expect(() => synth(chart)).toThrow(/\[N09\]/);
  });

  test('its own notification rules run at synth', () => {
    const chart = Testing.chart();
    new SelfServiceNotifications(chart, 'team', {
      namespace: 'team-a',
      triggers: [{ name: 'on-degraded', condition: "rollout.status.phase = 'Degraded'", templates: ['rollout-aborted'] }],
    });
    expect(() => synth(chart)).toThrow(/\[N03\][\s\S]*does not parse: unexpected "=" after a complete expression/);
  });

  test('needs a namespace', () => {
    expect(() => new SelfServiceNotifications(Testing.chart(), 'x', { namespace: '' })).toThrow(/namespace is empty/);
  });

  test('its services follow the app\'s release, set before or after it', () => {
    const teams = NotificationService.teamsWorkflows({ ops: 'teams-ops-url' });
    const app = Testing.app();
    const chart = new Chart(app, 'team');
    new SelfServiceNotifications(chart, 'settings', { namespace: 'team-a', services: [teams] });
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_10_0_RC1);
    const configMap = synth(chart).find(m => m.kind === 'ConfigMap');
    expect(Object.keys(configMap.data)).toContain('service.teams-workflows');

    const older = Testing.chart();
    new SelfServiceNotifications(older, 'settings', { namespace: 'team-a', services: [teams] });
    expect(() => synth(older)).toThrow("SelfServiceNotifications test/settings: the notification service 'teams-workflows' is not in the notifications engine of "
      + "Argo Rollouts 1.9.1, the app's release; 1.10.0-rc1 has it.");
  });
});

