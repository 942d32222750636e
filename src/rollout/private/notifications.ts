// Internals of rollout/notifications.ts: a Rollout's subscription annotations and the notification objects its synth-time check reads.
import { ApiObjectMetadataDefinition } from 'cdk8s';
import { IConstruct } from 'constructs';
import { RecipientKind } from './recipient-kind';
import { NotificationService } from '../../install/notifications';
import { checkSubscriptionPart, controllerDeployments } from '../../install/private';
import { ArgumentError, checkArgument } from '../../private/arguments';
import { Manifest } from '../../private/manifest-types';
import { qualifiedNameError, SUBSCRIBE_PREFIX } from '../../private/name-syntax';
import { notificationObjects } from '../../private/notification-objects';
import { fail } from '../../private/synth-error';
import { NotificationRecipients, SubscriptionTrigger } from '../notifications';

/** The service's type and the name subscriptions use (`service.<type>` or `service.<type>.<name>`). */
function serviceParts(service: NotificationService): { type: string; name: string } {
  const parts = service.name.split('.');
  return { type: parts[0], name: parts[parts.length - 1] };
}

/** The recipient kinds each service type takes (other types take `of()`). */
const RECIPIENTS_BY_TYPE: ReadonlyMap<string, readonly RecipientKind[]> = new Map([
  ['slack', [RecipientKind.SLACK, RecipientKind.ANY]],
  ['mattermost', [RecipientKind.SLACK, RecipientKind.ANY]],
  ['rocketchat', [RecipientKind.SLACK, RecipientKind.ANY]],
  ['email', [RecipientKind.EMAIL, RecipientKind.ANY]],
  ['teams', [RecipientKind.TEAMS, RecipientKind.ANY]],
  ['teams-workflows', [RecipientKind.TEAMS, RecipientKind.ANY]],
  ['webhook', [RecipientKind.NONE]],
]);

const SUGGESTION: ReadonlyMap<string, string> = new Map([
  ['slack', 'NotificationRecipients.slackChannels(...)'],
  ['mattermost', 'NotificationRecipients.slackChannels(...)'],
  ['rocketchat', 'NotificationRecipients.slackChannels(...)'],
  ['email', 'NotificationRecipients.emails(...)'],
  ['teams', 'NotificationRecipients.teams(...)'],
  ['teams-workflows', 'NotificationRecipients.teams(...)'],
  ['webhook', 'NotificationRecipients.none()'],
]);

/** The subscriptions made through `addSubscription`, per object metadata: key → recipients. */
const subscriptionsByObject = new WeakMap<ApiObjectMetadataDefinition, Map<string, string[]>>();

/**
 * The annotation of a subscription: its key and recipients (checked against the service's type).
 *
 * @internal
 */
export function subscriptionAnnotation(where: string, trigger: SubscriptionTrigger, service: NotificationService,
  recipients: NotificationRecipients | undefined): { key: string; recipients: string[] } {
  checkArgument(where, 'trigger', trigger, { class: SubscriptionTrigger, name: 'SubscriptionTrigger', example: 'SubscriptionTrigger.ROLLOUT_COMPLETED' });
  checkArgument(where, 'service', service, { class: NotificationService, name: 'NotificationService', example: "NotificationService.slack('slack-token')" });
  checkArgument(where, 'recipients', recipients, { class: NotificationRecipients, name: 'NotificationRecipients', example: "NotificationRecipients.slackChannels('deployments')" }, true);
  const { type, name } = serviceParts(service);
  checkSubscriptionPart(where, 'service name', name);
  const given = recipients ?? (type === 'webhook' ? NotificationRecipients.none() : undefined);
  if (given === undefined) {
    fail(`${where}: service '${service.name}' needs recipients: give ${SUGGESTION.get(type) ?? 'NotificationRecipients.of(...)'}.`);
  }
  const allowed = RECIPIENTS_BY_TYPE.get(type) ?? [RecipientKind.ANY];
  if (!allowed.includes(given._kind)) {
    fail(`${where}: service '${service.name}' (${type}) does not take ${given._kind}. Give ${SUGGESTION.get(type) ?? 'NotificationRecipients.of(...)'}.`);
  }
  const key = trigger.name === '' ? `${SUBSCRIBE_PREFIX}${name}` : `${SUBSCRIBE_PREFIX}${trigger.name}.${name}`;
  const keyError = qualifiedNameError(key);
  if (keyError !== undefined) {
    fail(new ArgumentError(`${where}: the subscription annotation ${JSON.stringify(key)} is not a valid annotation key (${keyError}). `
      + 'Shorten the trigger or the service name.'));
  }
  return { key, recipients: given.values };
}

/**
 * Subscribes the object (a Rollout) to a trigger: adds or extends the annotation
 * `notifications.argoproj.io/subscribe.<trigger>.<service>` (recipients joined with `;`, each once).
 *
 * @internal
 */
export function addSubscription(metadata: ApiObjectMetadataDefinition, trigger: SubscriptionTrigger, service: NotificationService,
  recipients?: NotificationRecipients, where = 'Rollout.notify()'): void {
  const annotation = subscriptionAnnotation(where, trigger, service, recipients);
  let byKey = subscriptionsByObject.get(metadata);
  if (byKey === undefined) {
    byKey = new Map();
    subscriptionsByObject.set(metadata, byKey);
  }
  const merged = [...(byKey.get(annotation.key) ?? [])];
  for (const recipient of annotation.recipients) {
    if (!merged.includes(recipient)) merged.push(recipient);
  }
  byKey.set(annotation.key, merged);
  metadata.addAnnotation(annotation.key, merged.join(';'));
}

function isNotificationAnnotation(key: string): boolean {
  return key.startsWith('notifications.argoproj.io/') || key.startsWith('argocd-notifications.argoproj.io/');
}

/**
 * The app's notification objects and controller Deployments for a Rollout's synth-time check, when
 * the Rollout has subscriptions (its annotations); none otherwise.
 *
 * @internal
 */
export function notificationManifestsFor(scope: IConstruct, rolloutManifest: Manifest): Manifest[] {
  const annotations = rolloutManifest?.metadata?.annotations ?? {};
  const subscribes = Object.keys(annotations).some(isNotificationAnnotation);
  // with the app's controller: which namespaces it reads notification settings from
  return subscribes ? [...notificationObjects(scope), ...controllerDeployments(scope)] : [];
}
