/**
 * The options of the `NotificationService` factories, for `checkArgument` (apart from
 * option-shapes.ts, which names the NotificationService class: notifications.ts may import this file).
 */
import { STRING_MAP, struct } from '../../private/arguments';

/**
 * The options of each factory (`argumentOrDefault` where the options have a default);
 * `NotificationService.custom()` takes its settings as `JSON_OBJECT`, the maps of recipients to keys
 * are `STRING_MAP`s.
 */
export const NOTIFICATION_SERVICE_OPTIONS = {
  slack: struct('SlackNotificationOptions', { username: 'string', icon: 'string', signingSecretKey: 'string' }),
  webhook: struct('WebhookNotificationOptions', { headers: STRING_MAP, secretHeaders: STRING_MAP, insecureSkipVerify: 'boolean' }),
  email: struct('EmailNotificationOptions', { host: 'string', port: 'number', from: 'string', usernameSecretKey: 'string', passwordSecretKey: 'string' },
    { required: ['host', 'from'], example: "{ host: 'smtp.example.com', from: 'rollouts@example.com' }" }),
  github: struct('GitHubNotificationOptions', { appId: 'string', installationId: 'string', privateKeySecretKey: 'string', enterpriseBaseUrl: 'string' },
    { required: ['appId', 'installationId', 'privateKeySecretKey'] }),
  nats: struct('NatsNotificationOptions', { headers: STRING_MAP, nkeySecretKey: 'string', usernameSecretKey: 'string', passwordSecretKey: 'string' }),
  gcpPubSub: struct('PubSubNotificationOptions', { keyFileSecretKey: 'string', attributes: STRING_MAP }),
} as const;
