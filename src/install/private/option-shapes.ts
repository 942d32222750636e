/**
 * What the install's option structs must hold, for `checkArgument`: the structs used by more than one
 * construct or factory (images, policy rules, notification options).
 */
import { ExpectedStruct, JSON_OBJECT, listOf, mapOf, STRING_LIST, STRING_MAP, struct } from '../../private/arguments';
import { NotificationSecret, NotificationService } from '../notifications';

/** The fields of `ImageOptions` (the controller's and the dashboard's image). */
export const IMAGE_OPTIONS: ExpectedStruct = struct('ImageOptions', { registry: 'string', repository: 'string', tag: 'string', digest: 'string', pullPolicy: 'string' });

/** A `PolicyRule` (`ProviderPermissions.custom()`, `additionalRules`). */
export const POLICY_RULE: ExpectedStruct = struct('PolicyRule', {
  apiGroups: STRING_LIST,
  resources: STRING_LIST,
  verbs: STRING_LIST,
  resourceNames: STRING_LIST,
}, { required: ['apiGroups', 'resources', 'verbs'], example: "{ apiGroups: ['example.com'], resources: ['routes'], verbs: ['get', 'update'] }" });

/** The fields of `NotificationOptions` (the install's and `SelfServiceNotifications`). */
export const NOTIFICATION_OPTIONS: ExpectedStruct = struct('NotificationOptions', {
  services: listOf({ class: NotificationService, name: 'NotificationService', example: "a factory such as NotificationService.slack('slack-token')" }),
  triggers: listOf(struct('NotificationTrigger', { name: 'string', condition: 'string', templates: STRING_LIST, oncePer: 'string' }, {
    required: ['name', 'condition', 'templates'],
    example: "{ name: 'on-degraded', condition: \"rollout.status.phase == 'Degraded'\", templates: ['degraded'] }",
  })),
  templates: listOf(struct('NotificationTemplate', { name: 'string', message: 'string', services: mapOf(JSON_OBJECT) }, {
    required: ['name', 'message'],
    example: "{ name: 'degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded' }",
  })),
  defaultSubscriptions: listOf(struct('NotificationSubscription', { recipients: STRING_LIST, triggers: STRING_LIST }, {
    required: ['recipients', 'triggers'],
    example: "{ recipients: ['slack:deploys'], triggers: ['on-rollout-completed'] }",
  })),
  secret: { class: NotificationSecret, name: 'NotificationSecret', example: 'NotificationSecret.external() or NotificationSecret.fromValues({ ... })' },
  catalog: 'boolean',
});

/** The fields of `MetricsOptions`, for `checkArgument`. */
export const METRICS_OPTIONS: ExpectedStruct = struct('MetricsOptions', { serviceMonitor: 'boolean', scrapeInterval: 'string', serviceMonitorLabels: STRING_MAP });
