import { findingsOf, validRollout } from './helpers';
import { loadNotificationCatalog } from '../../src/install/private/data';
import { ArgoRolloutsVersion } from '../../src/release/version';
import { validateManifests } from '../../src/validation/private';
import { exprSyntaxError } from '../../src/validation/private/expr';
import { consequenceOf } from '../../src/validation/private/rules/consequences';
import { readsAppVariable, serviceTypesOf } from '../../src/validation/private/rules/notifications';

/** A notification ConfigMap with `data` (in namespace argo-rollouts unless `namespace` says otherwise). */
function configMap(data: Record<string, string>, namespace: string | undefined = 'argo-rollouts', name = 'argo-rollouts-notification-configmap'): any {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(namespace ? { namespace } : {}) }, data };
}

function secret(keys: string[], namespace = 'argo-rollouts', name = 'argo-rollouts-notification-secret'): any {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace }, stringData: Object.fromEntries(keys.map(k => [k, 'x'])) };
}

/** The controller Deployment, with extra args. */
function controller(args: string[] = [], namespace = 'argo-rollouts'): any {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'argo-rollouts', namespace },
    spec: {
      selector: { matchLabels: { app: 'argo-rollouts' } },
      template: { metadata: { labels: { app: 'argo-rollouts' } }, spec: { containers: [{ name: 'argo-rollouts', image: 'quay.io/argoproj/argo-rollouts:v1.9.1', args }] } },
    },
  };
}

const CATALOG = {
  'trigger.on-rollout-completed': '- send: [rollout-completed]\n',
  'template.rollout-completed': 'message: Rollout {{.rollout.metadata.name}} completed\n',
  'service.slack': 'token: $slack-token\n',
  'service.webhook.github': 'url: https://api.github.com\n',
};

/** A Rollout in namespace `apps` with these annotations. */
function subscribed(annotations: Record<string, string>, namespace = 'apps'): any {
  const rollout = validRollout();
  rollout.metadata = { name: 'web', namespace, annotations };
  return rollout;
}

describe('expression syntax (trigger conditions)', () => {
  test.each([
    "rollout.status.phase == 'Degraded'",
    "any(rollout.status.conditions, {.type == 'Available' && .status == 'True'})",
    'rollout.status.currentStepIndex != nil and rollout.spec.strategy?.canary?.steps[rollout.status.currentStepIndex].pause != nil',
    'len(rollout.status.conditions) > 0 ? true : false',
    'x ?: y', '1..5 | map(# * 2) | sum() > 3', 'a not in [1, 2,]', 'let x = 1; x + 1', "{a: 1, 'b': 2}.a == 1", 'filter(xs, {# > 0})[0:2]',
    'time.Now().Sub(time.Parse(rollout.status.lastUpdate)).Minutes() > 5', '!true || not false', 'a ?? b', '2 ** 3 ^ 2',
    "rollout.metadata.labels['app'] matches '^web'", '/* c */ true // d', 'if a { 1 } else { 2 }', 'a?.[0]', '0x1F + 1_000 + 1.5e3', 'a ?0.5 : 1',
  ])('%s parses', text => {
    expect(exprSyntaxError(text)).toBeUndefined();
  });

  test.each([
    ["rollout.status.phase = 'Degraded'", /unexpected "=" after a complete expression/, 21],
    ['a ==', /ends where an operand is expected/, 4],
    ['(a', /expected "\)" to close the parenthesis/, 2],
    ["'open", /not closed/, 0],
    ['a && && b', /unexpected "&&"/, 5],
    ['rollout.status.', /expected a field name after \./, 15],
    ['a ? b', /expected ":" in a ternary/, 5],
    ['and b', /operand is missing before it/, 0],
    ['a @ b', /"@" has no meaning/, 2],
    ['1e', /exponent without digits/, 0],
  ] as const)('%s does not parse', (text, message, position) => {
    expect(exprSyntaxError(text)).toEqual({ message: expect.stringMatching(message), position });
  });
});

describe('N01: notification ConfigMap or Secret with the wrong name or namespace', () => {
  test("Argo CD's ConfigMap name, with notification keys", () => {
    const findings = findingsOf('N01', [configMap(CATALOG, 'argo-rollouts', 'argocd-notifications-cm')]);
    expect(findings).toEqual([expect.objectContaining({
      path: 'metadata.name',
      value: 'argocd-notifications-cm',
      message: expect.stringMatching(/reads only the one named "argo-rollouts-notification-configmap" \(this is Argo CD's name\)/),
      fix: 'Name it argo-rollouts-notification-configmap.',
    })]);
  });

  test('a ConfigMap named like it but without notification keys is left alone', () => {
    expect(findingsOf('N01', [configMap({ foo: 'bar' }, 'argo-rollouts', 'my-notifications')])).toEqual([]);
  });

  test('a misnamed Secret next to the ConfigMap', () => {
    const findings = findingsOf('N01', [configMap(CATALOG), secret(['slack-token'], 'argo-rollouts', 'argo-rollouts-notifications-secret')]);
    expect(findings).toEqual([expect.objectContaining({ kind: 'Secret', path: 'metadata.name', message: expect.stringMatching(/"argo-rollouts-notification-secret"/) })]);
  });

  test('outside the controller namespace without self-service; fine with it', () => {
    const manifests = [controller(), configMap(CATALOG, 'apps'), secret(['slack-token'], 'apps')];
    expect(findingsOf('N01', manifests).map(f => [f.kind, f.path, f.value])).toEqual([['ConfigMap', 'metadata.namespace', 'apps'], ['Secret', 'metadata.namespace', 'apps']]);
    expect(findingsOf('N01', manifests)[0].fix).toMatch(/--self-service-notification-enabled/);
    expect(findingsOf('N01', [controller(['--self-service-notification-enabled']), configMap(CATALOG, 'apps')])).toEqual([]);
    expect(findingsOf('N01', [controller(['--self-service-notification-enabled=false']), configMap(CATALOG, 'apps')])).toHaveLength(1);
    expect(findingsOf('N01', [controller(), configMap(CATALOG)])).toEqual([]);
  });
});

describe('N02: unreadable notification settings', () => {
  test.each([
    ['trigger.on-x', 'when: true', /not a list of conditions/],
    ['trigger.on-y', '- send: rollout-completed', /send is not a list of template names/],
    ['defaultTriggers', 'on-rollout-completed', /not a list of trigger names/],
    ['subscriptions', '{recipients: [slack:x]}', /not a list of subscriptions/],
    ['template.x', '[a', /not YAML/],
    ['service.webhook.a.b', 'url: x', /has 4 parts/],
  ])('%s: %s', (key, value, message) => {
    const findings = findingsOf('N02', [configMap({ ...CATALOG, [key]: value })]);
    expect(findings).toEqual([expect.objectContaining({ path: `data['${key}']`, message: expect.stringMatching(message) })]);
    expect(findings[0].message).toMatch(/none of its notifications is sent/);
  });

  test('an unreadable subscriptions annotation on a Rollout', () => {
    const findings = findingsOf('N02', [subscribed({ 'notifications.argoproj.io/subscriptions': 'trigger: x' }), configMap(CATALOG)]);
    expect(findings).toEqual([expect.objectContaining({ kind: 'Rollout', path: "metadata.annotations['notifications.argoproj.io/subscriptions']" })]);
  });

  test('the catalog of each version reads', () => {
    for (const version of ArgoRolloutsVersion.all()) {
      const catalog = loadNotificationCatalog(version);
      expect(validateManifests([configMap(catalog)], { version: version.version }).filter(f => f.ruleId.startsWith('N'))).toEqual([]);
    }
  });
});

describe('N03: a trigger condition that does not parse', () => {
  test('when and oncePer, with the position', () => {
    const findings = findingsOf('N03', [configMap({ ...CATALOG, 'trigger.on-degraded': "- when: rollout.status.phase = 'Degraded'\n  oncePer: rollout.metadata.\n  send: [rollout-completed]\n" })]);
    expect(findings.map(f => [f.path, f.value])).toEqual([
      ["data['trigger.on-degraded'][0].when", "rollout.status.phase = 'Degraded'"],
      ["data['trigger.on-degraded'][0].oncePer", 'rollout.metadata.'],
    ]);
    expect(findings[0].message).toMatch(/unexpected "=" after a complete expression \(at character 22 of/);
  });

  test('an empty condition is false, not an error', () => {
    expect(findingsOf('N03', [configMap({ ...CATALOG, 'trigger.on-x': "- when: ''\n  send: [rollout-completed]\n" })])).toEqual([]);
  });
});

describe('N04: a trigger sends a template that does not exist', () => {
  test('reported at the send entry, listing the templates', () => {
    const findings = findingsOf('N04', [configMap({ ...CATALOG, 'trigger.on-x': '- send: [rollout-completed, rollout-done]\n' })]);
    expect(findings).toEqual([expect.objectContaining({ path: "data['trigger.on-x'][0].send[1]", value: 'rollout-done', fix: expect.stringMatching(/one of the templates it defines: rollout-completed/) })]);
  });
});

describe('N05: default triggers and default subscriptions naming unknown triggers', () => {
  test('defaultTriggers, defaultTriggers.<service>, subscriptions', () => {
    const findings = findingsOf('N05', [configMap({
      ...CATALOG,
      'defaultTriggers': '[on-rollout-completed, on-rollout-done]',
      'defaultTriggers.slack': '[on-sync-succeeded]',
      'subscriptions': '- recipients: [slack:deploys]\n  triggers: [on-rollout-completed, on-rollout-aborted]\n',
    })]);
    expect(findings.map(f => [f.path, f.value])).toEqual([
      ["data['defaultTriggers'][1]", 'on-rollout-done'],
      ["data['defaultTriggers.slack'][0]", 'on-sync-succeeded'],
      ["data['subscriptions'][0].triggers[1]", 'on-rollout-aborted'],
    ]);
  });
});

describe('N06: a $key the Secret does not hold', () => {
  test('only when the Secret is among the manifests', () => {
    expect(findingsOf('N06', [configMap(CATALOG)])).toEqual([]);
    expect(findingsOf('N06', [configMap(CATALOG), secret(['slack-token'])])).toEqual([]);
    const findings = findingsOf('N06', [configMap(CATALOG), secret(['token'])]);
    expect(findings).toEqual([expect.objectContaining({ path: "data['service.slack'].token", value: '$slack-token', fix: expect.stringMatching(/reference one it holds: token/) })]);
  });

  test('an empty Secret (filled out of band, as the install defines it by default) is not judged', () => {
    expect(findingsOf('N06', [configMap(CATALOG), secret([])])).toEqual([]);
  });

  test('a key with a dot: the reference stops at the dot', () => {
    const findings = findingsOf('N06', [configMap({ ...CATALOG, 'service.slack': 'token: $slack.token\n' }), secret(['slack.token'])]);
    expect(findings).toEqual([expect.objectContaining({ value: '$slack', message: expect.stringMatching(/reads the key "slack", not "slack.token"/) })]);
  });

  test('the Secret of the ConfigMap\'s namespace is the one that counts', () => {
    expect(findingsOf('N06', [configMap(CATALOG), secret(['slack-token'], 'other')])).toEqual([]);
    expect(findingsOf('N06', [configMap(CATALOG), secret(['x']), secret(['slack-token'], 'other')])).toHaveLength(1);
  });
});

describe('N07: the retired Office 365 connector service', () => {
  test('teams-workflows exists from Argo Rollouts 1.10 on', () => {
    expect(['1.8.3', '1.8.4', '1.9.1', '1.10.0-rc1'].map(v => serviceTypesOf(v).includes('teams-workflows'))).toEqual([false, false, false, true]);
  });

  test('reported on 1.10, for service.teams and service.teams.<name>', () => {
    const findings = findingsOf('N07', [configMap({ ...CATALOG, 'service.teams': 'recipientUrls: {ops: $ops-url}\n', 'service.teams.sre': 'recipientUrls: {a: $a}\n' })], { version: '1.10.0-rc1' });
    expect(findings.map(f => f.path)).toEqual(["data['service.teams']", "data['service.teams.sre']"]);
    expect(findings[0].message).toMatch(/retired these connectors on 2026-03-31/);
    expect(findings[0].fix).toMatch(/teams-workflows/);
  });

  test('not reported on the versions without teams-workflows', () => {
    expect(findingsOf('N07', [configMap({ ...CATALOG, 'service.teams': 'recipientUrls: {ops: $ops-url}\n' })], { version: '1.9.1' })).toEqual([]);
  });
});

describe('N08: Argo CD conventions', () => {
  test('a template reading .app', () => {
    const findings = findingsOf('N08', [configMap({ ...CATALOG, 'template.deployed': 'message: "{{.app.metadata.name}} deployed"\nslack:\n  title: "{{ .rollout.metadata.name }}"\n' })]);
    expect(findings).toEqual([expect.objectContaining({ path: "data['template.deployed'].message", fix: expect.stringMatching(/\.rollout/) })]);
  });

  test('.app at the root of a field chain only', () => {
    expect(['{{.app.metadata.name}}', '{{ $.app.spec }}', '{{if .app}}x{{end}}', '{{ index .app.metadata.labels "a" }}', '{{(.app).metadata}}'].map(readsAppVariable))
      .toEqual([true, true, true, true, true]);
    expect(['{{.rollout.metadata.labels.app}}', '.app outside an action', '{{ .rollout.spec.app }}', '{{ .application }}', '{{ index .rollout.metadata.labels "app" }}'].map(readsAppVariable))
      .toEqual([false, false, false, false, false]);
  });

  test('the argocd-notifications prefix and Argo CD triggers on a Rollout', () => {
    const findings = findingsOf('N08', [subscribed({
      'argocd-notifications.argoproj.io/subscribe.on-rollout-completed.slack': 'deploys',
      'notifications.argoproj.io/subscribe.on-sync-succeeded.slack': 'deploys',
    }), configMap(CATALOG)]);
    expect(findings.map(f => f.value)).toEqual(['argocd-notifications.argoproj.io/subscribe.on-rollout-completed.slack', 'on-sync-succeeded']);
    expect(findings[0].fix).toBe('Rename it to notifications.argoproj.io/subscribe.on-rollout-completed.slack.');
    // not also N09
    expect(findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.on-sync-succeeded.slack': 'deploys' }), configMap(CATALOG)])).toEqual([]);
  });
});

describe('N09: a subscription to a trigger not defined', () => {
  test('reported with the defined triggers', () => {
    const findings = findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.on-rollout-done.slack': 'deploys' }), configMap(CATALOG)]);
    expect(findings).toEqual([expect.objectContaining({
      kind: 'Rollout',
      path: "metadata.annotations['notifications.argoproj.io/subscribe.on-rollout-done.slack']",
      value: 'on-rollout-done',
      fix: 'Use one of the triggers defined: on-rollout-completed; or define trigger.on-rollout-done in the ConfigMap.',
    })]);
  });

  test('a catalog trigger, when the ConfigMap does not include the catalog', () => {
    const findings = findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.on-rollout-aborted.slack': 'deploys' }), configMap(CATALOG)]);
    expect(findings).toEqual([expect.objectContaining({
      message: expect.stringMatching(/It is a trigger of the standard catalog, which this ConfigMap does not include/),
      fix: expect.stringMatching(/keep catalog: true/),
    })]);
  });

  test('the YAML subscriptions annotation', () => {
    const findings = findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscriptions': '- trigger: [on-rollout-completed, on-x]\n  destinations: [{service: slack, recipients: [a]}]\n' }), configMap(CATALOG)]);
    expect(findings.map(f => f.value)).toEqual(['on-x']);
  });

  test('subscribe.<service> without defaultTriggers; fine with them', () => {
    const rollout = subscribed({ 'notifications.argoproj.io/subscribe.slack': 'deploys' });
    expect(findingsOf('N09', [rollout, configMap(CATALOG)])).toEqual([expect.objectContaining({ message: expect.stringMatching(/names no trigger/) })]);
    expect(findingsOf('N09', [rollout, configMap({ ...CATALOG, defaultTriggers: '[on-rollout-completed]' })])).toEqual([]);
    expect(findingsOf('N09', [rollout, configMap({ ...CATALOG, 'defaultTriggers.slack': '[on-rollout-completed]' })])).toEqual([]);
  });

  test('self-service: the Rollout namespace\'s ConfigMap counts only with the flag', () => {
    const rollout = subscribed({ 'notifications.argoproj.io/subscribe.on-team.slack': 'deploys' });
    const own = configMap({ 'trigger.on-team': '- send: [t]\n', 'template.t': 'message: x\n', 'service.slack': 'token: x\n' }, 'apps');
    expect(findingsOf('N09', [controller(), configMap(CATALOG), own, rollout])).toHaveLength(1);
    expect(findingsOf('N09', [controller(['--self-service-notification-enabled']), configMap(CATALOG), own, rollout])).toEqual([]);
    // without the controller among the manifests, any notification ConfigMap may be the one
    expect(findingsOf('N09', [configMap(CATALOG), own, rollout])).toEqual([]);
  });

  test('without a ConfigMap, nothing to check against', () => {
    expect(findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.on-x.slack': 'a' })])).toEqual([]);
  });

  test('a ConfigMap without triggers says so in words', () => {
    const findings = findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.on-x.slack': 'a' }), configMap({ 'service.slack': 'token: x\n' })]);
    expect(findings.map(f => f.fix)).toEqual(['No triggers are defined: define trigger.on-x in the ConfigMap.']);
  });
});

describe('N10: a subscription to a service not configured', () => {
  test('reported, webhooks by their own name', () => {
    const findings = findingsOf('N10', [subscribed({
      'notifications.argoproj.io/subscribe.on-rollout-completed.email': 'a@example.com',
      'notifications.argoproj.io/subscribe.on-rollout-completed.github': '',
      'notifications.argoproj.io/subscribe.on-rollout-completed.webhook.github': '',
    }), configMap(CATALOG)]);
    expect(findings.map(f => f.value)).toEqual(['email', 'webhook']);
    expect(findings[1].message).toMatch(/A webhook is subscribed by its own name/);
    expect(findings[0].fix).toBe('Use one of the services configured: github, slack; or add service.email to the ConfigMap.');
  });

  test('a ConfigMap without services says so in words', () => {
    const findings = findingsOf('N10', [subscribed({ 'notifications.argoproj.io/subscribe.on-rollout-completed.slack': 'a' }),
      configMap({ 'trigger.on-rollout-completed': '- send: [t]\n', 'template.t': 'message: x\n' })]);
    expect(findings.map(f => f.fix)).toEqual(['No notification services are configured: add service.slack to the ConfigMap.']);
  });
});

describe('N11: no notification ConfigMap', () => {
  test('only when references are required', () => {
    const rollout = subscribed({ 'notifications.argoproj.io/subscribe.on-rollout-completed.slack': 'a' });
    expect(findingsOf('N11', [rollout])).toEqual([]);
    expect(findingsOf('N11', [rollout], { requireReferencedObjects: true })).toEqual([expect.objectContaining({ message: expect.stringMatching(/looked in any namespace/) })]);
    expect(findingsOf('N11', [rollout, controller()], { requireReferencedObjects: true })[0].message).toMatch(/controller's namespace "argo-rollouts"\)/);
    expect(findingsOf('N11', [rollout, configMap(CATALOG)], { requireReferencedObjects: true })).toEqual([]);
    expect(findingsOf('N11', [validRollout()], { requireReferencedObjects: true })).toEqual([]);
  });
});

describe('consequences', () => {
  test('the N family, and the rules that lose a whole configuration', () => {
    expect(consequenceOf({ ruleId: 'N09', kind: 'Rollout', path: 'metadata.annotations' })).toBe('the Rollout would roll out, but the notification would not be sent (the controller only logs it)');
    expect(consequenceOf({ ruleId: 'N03', kind: 'ConfigMap', path: 'data' })).toMatch(/none of its notifications would be sent/);
  });
});

describe('N12: a service type the release does not have', () => {
  test('teams-workflows on 1.9.1; fine on 1.10; a typo of a type', () => {
    const data = { ...CATALOG, 'service.teams-workflows': 'recipientUrls: {ops: $u}\n', 'service.slak.ops': 'token: $t\n' };
    const findings = findingsOf('N12', [configMap(data)], { version: '1.9.1' });
    expect(findings.map(f => [f.path, f.value])).toEqual([["data['service.teams-workflows']", 'teams-workflows'], ["data['service.slak.ops']", 'slak']]);
    expect(findings[0].message).toBe('Service "service.teams-workflows" has the type "teams-workflows", which the notifications engine of Argo Rollouts 1.9.1 does not have (Argo Rollouts 1.10.0-rc1 has it), so each notification to it fails.');
    expect(findings[1].fix).toMatch(/^Use one of the service types of this release: alertmanager, awssqs, .*webhook\.$/);
    expect(findingsOf('N12', [configMap(data)], { version: '1.10.0-rc1' }).map(f => f.value)).toEqual(['slak']);
    expect(serviceTypesOf('1.8.3')).toHaveLength(18);
    expect(serviceTypesOf('1.10.0-rc1')).toHaveLength(21);
  });
});
