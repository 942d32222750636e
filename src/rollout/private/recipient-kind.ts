// The kind of recipients a NotificationRecipients names (rollout/notifications.ts), which its subscription check compares with the service's type.
/** What recipients name. */
export enum RecipientKind {
  SLACK = 'Slack channels',
  EMAIL = 'e-mail addresses',
  TEAMS = 'Teams recipients',
  NONE = 'no recipient',
  ANY = 'recipients',
}
