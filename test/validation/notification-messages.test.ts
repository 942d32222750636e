// The notification rules' texts when a ConfigMap defines nothing of a kind: a sentence, never "none"
// in a list ("it defines: none", "configured: none").
import { findingsOf, validRollout } from './helpers';
import { Finding } from '../../src/validation/private';

function configMap(data: Record<string, string>): any {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argo-rollouts-notification-configmap', namespace: 'argo-rollouts' }, data };
}

function subscribed(annotations: Record<string, string>): any {
  const rollout = validRollout();
  rollout.metadata = { name: 'web', namespace: 'apps', annotations };
  return rollout;
}

/** Every text of the findings, message and fix. */
function texts(findings: readonly Finding[]): string[] {
  return findings.flatMap(f => [f.message, f.fix]);
}

describe('an empty list reads as a sentence', () => {
  test('N04: a ConfigMap without templates', () => {
    const findings = findingsOf('N04', [configMap({ 'trigger.on-x': '- send: [rollout-done]\n', 'service.slack': 'token: x\n' })]);
    expect(findings.map(f => f.fix)).toEqual(['Add template.rollout-done to the ConfigMap: it defines no templates.']);
  });

  test('N04: with templates, the fix lists them', () => {
    const findings = findingsOf('N04', [configMap({ 'trigger.on-x': '- send: [rollout-done]\n', 'template.b': 'message: b\n', 'template.a': 'message: a\n' })]);
    expect(findings.map(f => f.fix)).toEqual(['Add template.rollout-done to the ConfigMap, or send one of the templates it defines: a, b.']);
  });

  test('N05: a ConfigMap without triggers', () => {
    const findings = findingsOf('N05', [configMap({ 'defaultTriggers': '[on-rollout-completed]', 'template.t': 'message: x\n' })]);
    expect(findings.map(f => f.fix)).toEqual(['Define trigger.on-rollout-completed: the ConfigMap defines no triggers.']);
  });

  test('N09: no default triggers, said in words', () => {
    const findings = findingsOf('N09', [subscribed({ 'notifications.argoproj.io/subscribe.slack': 'a' }), configMap({ 'service.slack': 'token: x\n' })]);
    expect(findings.map(f => f.message)).toEqual([
      'The subscription "notifications.argoproj.io/subscribe.slack" names no trigger, so it uses the default triggers, and '
      + 'argo-rollouts-notification-configmap (namespace argo-rollouts) defines no default triggers (neither defaultTriggers nor defaultTriggers.slack): nothing is sent.',
    ]);
  });

  test('no text of N04, N05, N09 or N10 on an empty configuration says "none" as a list', () => {
    const rollout = subscribed({ 'notifications.argoproj.io/subscribe.on-x.slack': 'a', 'notifications.argoproj.io/subscribe.email': 'b' });
    const empty = configMap({ 'trigger.on-y': '- send: [t]\n', 'defaultTriggers': '[on-z]' });
    const all = ['N04', 'N05', 'N09', 'N10'].flatMap(id => findingsOf(id, [rollout, empty]));
    expect(all.map(f => f.ruleId).sort()).toEqual(['N04', 'N05', 'N09', 'N10', 'N10']);
    for (const text of texts(all)) {
      expect(text).not.toMatch(/:\s*none\b|\bdefines none\b/);
    }
  });
});
