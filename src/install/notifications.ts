import { NOTIFICATION_SERVICE_OPTIONS } from './private/notification-service-options';
import { checkKey, checkSubscriptionPart, secretRef, toYaml } from './private/notification-util';
import { ArgumentError, argumentOrDefault, checkArgument, JSON_OBJECT } from '../private/arguments';
import { fail } from '../private/synth-error';
import { releasesWith } from '../private/versions';
import { ArgoRolloutsVersion } from '../release/version';

/** `name → $key` for a map of names to keys of the notification Secret; at least one entry. */
/** Secret references of a map of recipient → Secret key; `argument` names the map in messages. */
function secretMap(where: string, argument: string, keys: { [name: string]: string }): { [name: string]: string } {
  checkArgument(where, argument, keys, 'object');
  const entries = Object.entries(keys);
  if (entries.length === 0) fail(`${where} needs at least one recipient.`);
  for (const [name, key] of entries) checkArgument(where, `${argument}.${name}`, key, 'string');
  return Object.fromEntries(entries.map(([name, key]) => [name, secretRef(key)]));
}

/** A Secret reference for the Secret key given as `argument`. */
function secretArgument(where: string, argument: string, key: string): string {
  checkArgument(where, argument, key, 'string');
  return secretRef(key);
}

function checkUrl(where: string, argument: string, url: string): void {
  checkArgument(where, argument, url, 'string');
  try {
    new URL(url);
  } catch {
    fail(`${where}: '${url}' is not a URL.`);
  }
}

/**
 * A notification service (where notifications are sent), configured as `service.<name>` in the
 * notifications ConfigMap. Credentials are references (`$key`) to keys of the Secret
 * `argo-rollouts-notification-secret`; the library never needs their values.
 */
export class NotificationService {
  /**
   * Slack.
   *
   * @param tokenSecretKey the key of the Secret that holds the bot token
   */
  public static slack(tokenSecretKey: string, options: SlackNotificationOptions = {}): NotificationService {
    checkArgument('NotificationService.slack()', 'tokenSecretKey', tokenSecretKey, 'string');
    options = argumentOrDefault('NotificationService.slack()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.slack, {});
    return new NotificationService('slack', {
      token: secretRef(tokenSecretKey),
      username: options.username,
      icon: options.icon,
      signingSecret: options.signingSecretKey ? secretRef(options.signingSecretKey) : undefined,
    });
  }

  /**
   * Microsoft Teams, through an incoming webhook per recipient.
   *
   * @param recipientUrlSecretKeys recipient name → key of the Secret that holds its webhook URL
   */
  public static teams(recipientUrlSecretKeys: { [recipient: string]: string }): NotificationService {
    return new NotificationService('teams', { recipientUrls: secretMap('NotificationService.teams()', 'recipientUrlSecretKeys', recipientUrlSecretKeys) });
  }

  /**
   * A generic webhook, named so that several can coexist (`service.webhook.<name>`).
   *
   * @param name the webhook name (`service.webhook.<name>`); subscriptions name the service `<name>` (`rollout.notify()` does)
   * @param url the URL to call
   */
  public static webhook(name: string, url: string, options: WebhookNotificationOptions = {}): NotificationService {
    checkArgument('NotificationService.webhook()', 'name', name, 'string');
    checkArgument('NotificationService.webhook()', 'url', url, 'string');
    options = argumentOrDefault('NotificationService.webhook()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.webhook, {});
    checkKey('webhook name', name);
    checkSubscriptionPart('NotificationService.webhook()', 'webhook name', name);
    try {
      new URL(url);
    } catch {
      fail(`NotificationService.webhook('${name}'): '${url}' is not a URL.`);
    }
    const headers = [
      ...Object.entries(options.headers ?? {}).map(([n, value]) => ({ name: n, value })),
      ...Object.entries(options.secretHeaders ?? {}).map(([n, key]) => ({ name: n, value: secretRef(key) })),
    ];
    return new NotificationService(`webhook.${name}`, { url, headers: headers.length ? headers : undefined, insecureSkipVerify: options.insecureSkipVerify });
  }

  /**
   * Email over SMTP.
   */
  public static email(options: EmailNotificationOptions): NotificationService {
    checkArgument('NotificationService.email()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.email);
    if (!options.host || !options.from) fail('NotificationService.email() needs host and from.');
    return new NotificationService('email', {
      host: options.host,
      port: options.port ?? 587,
      from: options.from,
      username: options.usernameSecretKey ? secretRef(options.usernameSecretKey) : undefined,
      password: options.passwordSecretKey ? secretRef(options.passwordSecretKey) : undefined,
    });
  }

  /**
   * Microsoft Teams through Workflows (Power Automate), the replacement of the retired Office 365
   * connectors of `teams()`; Argo Rollouts 1.10 and later.
   *
   * @param recipientUrlSecretKeys recipient name → key of the Secret that holds its workflow URL
   */
  public static teamsWorkflows(recipientUrlSecretKeys: { [recipient: string]: string }): NotificationService {
    return new NotificationService('teams-workflows', { recipientUrls: secretMap('NotificationService.teamsWorkflows()', 'recipientUrlSecretKeys', recipientUrlSecretKeys) });
  }

  /**
   * PagerDuty (Events API v2).
   *
   * @param serviceKeySecretKeys PagerDuty service name (the recipient) → key of the Secret that holds its integration key
   */
  public static pagerDutyV2(serviceKeySecretKeys: { [service: string]: string }): NotificationService {
    return new NotificationService('pagerdutyv2', { serviceKeys: secretMap('NotificationService.pagerDutyV2()', 'serviceKeySecretKeys', serviceKeySecretKeys) });
  }

  /**
   * Opsgenie.
   *
   * @param apiUrl the Opsgenie API, e.g. `https://api.opsgenie.com` or `https://api.eu.opsgenie.com`
   * @param apiKeySecretKeys team name (the recipient) → key of the Secret that holds its API key
   */
  public static opsgenie(apiUrl: string, apiKeySecretKeys: { [team: string]: string }): NotificationService {
    checkUrl('NotificationService.opsgenie()', 'apiUrl', apiUrl);
    return new NotificationService('opsgenie', { apiUrl, apiKeys: secretMap('NotificationService.opsgenie()', 'apiKeySecretKeys', apiKeySecretKeys) });
  }

  /**
   * Grafana annotations.
   *
   * @param apiUrl the Grafana API, e.g. `https://grafana.example.com/api`
   * @param apiKeySecretKey the key of the Secret that holds the API key
   */
  public static grafana(apiUrl: string, apiKeySecretKey: string): NotificationService {
    checkUrl('NotificationService.grafana()', 'apiUrl', apiUrl);
    return new NotificationService('grafana', { apiUrl, apiKey: secretArgument('NotificationService.grafana()', 'apiKeySecretKey', apiKeySecretKey) });
  }

  /**
   * Mattermost.
   *
   * @param apiUrl the Mattermost server, e.g. `https://mattermost.example.com`
   * @param tokenSecretKey the key of the Secret that holds the bot token
   */
  public static mattermost(apiUrl: string, tokenSecretKey: string): NotificationService {
    checkUrl('NotificationService.mattermost()', 'apiUrl', apiUrl);
    return new NotificationService('mattermost', { apiURL: apiUrl, token: secretArgument('NotificationService.mattermost()', 'tokenSecretKey', tokenSecretKey) });
  }

  /**
   * Telegram (recipients are chat names or IDs).
   *
   * @param tokenSecretKey the key of the Secret that holds the bot token
   */
  public static telegram(tokenSecretKey: string): NotificationService {
    return new NotificationService('telegram', { token: secretArgument('NotificationService.telegram()', 'tokenSecretKey', tokenSecretKey) });
  }

  /**
   * GitHub, as a GitHub App (commit statuses, deployments, pull-request comments, check runs).
   */
  public static github(options: GitHubNotificationOptions): NotificationService {
    checkArgument('NotificationService.github()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.github);
    if (options.enterpriseBaseUrl !== undefined) checkUrl('NotificationService.github()', 'options.enterpriseBaseUrl', options.enterpriseBaseUrl);
    return new NotificationService('github', {
      appID: options.appId,
      installationID: options.installationId,
      privateKey: secretRef(options.privateKeySecretKey),
      enterpriseBaseURL: options.enterpriseBaseUrl,
    });
  }

  /**
   * Google Chat, through an incoming webhook per space.
   *
   * @param webhookUrlSecretKeys space name (the recipient) → key of the Secret that holds its webhook URL
   */
  public static googleChat(webhookUrlSecretKeys: { [space: string]: string }): NotificationService {
    return new NotificationService('googlechat', { webhooks: secretMap('NotificationService.googleChat()', 'webhookUrlSecretKeys', webhookUrlSecretKeys) });
  }

  /**
   * NATS (recipients are subjects); Argo Rollouts 1.10 and later.
   *
   * @param url the server, e.g. `nats://nats.example.com:4222`
   */
  public static nats(url: string, options: NatsNotificationOptions = {}): NotificationService {
    checkUrl('NotificationService.nats()', 'url', url);
    options = argumentOrDefault('NotificationService.nats()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.nats, {});
    return new NotificationService('nats', {
      url,
      headers: options.headers && Object.keys(options.headers).length ? { ...options.headers } : undefined,
      nkey: options.nkeySecretKey ? secretRef(options.nkeySecretKey) : undefined,
      username: options.usernameSecretKey ? secretRef(options.usernameSecretKey) : undefined,
      password: options.passwordSecretKey ? secretRef(options.passwordSecretKey) : undefined,
    });
  }

  /**
   * Google Cloud Pub/Sub; Argo Rollouts 1.10 and later.
   *
   * @param project the Google Cloud project
   * @param topic the topic to publish to
   */
  public static gcpPubSub(project: string, topic: string, options: PubSubNotificationOptions = {}): NotificationService {
    checkArgument('NotificationService.gcpPubSub()', 'project', project, 'string');
    checkArgument('NotificationService.gcpPubSub()', 'topic', topic, 'string');
    options = argumentOrDefault('NotificationService.gcpPubSub()', 'options', options, NOTIFICATION_SERVICE_OPTIONS.gcpPubSub, {});
    return new NotificationService('gcppubsub', {
      project,
      topic,
      keyFile: options.keyFileSecretKey ? secretRef(options.keyFileSecretKey) : undefined,
      attributes: options.attributes && Object.keys(options.attributes).length ? { ...options.attributes } : undefined,
    });
  }

  /**
   * Any other service of the notifications engine, given as its settings object.
   *
   * @param name the service name, e.g. `opsgenie` or `pagerdutyv2`
   * @param settings its settings (use `$key` strings for Secret references)
   */
  public static custom(name: string, settings: { [key: string]: any }): NotificationService {
    checkArgument('NotificationService.custom()', 'name', name, 'string');
    checkArgument('NotificationService.custom()', 'settings', settings, JSON_OBJECT);
    checkKey('service name', name);
    // `<type>` or `<type>.<name>`: subscriptions name the service by its last part
    const parts = name.split('.');
    if (parts.length > 2) {
      fail(new ArgumentError(`NotificationService.custom(): the service name ${JSON.stringify(name)} has ${parts.length - 1} dots: a service is named `
        + `<type> or <type>.<name>, and subscriptions name it by the part after the dot. Use e.g. ${JSON.stringify(`${parts[0]}.${parts.slice(1).join('-')}`)}.`));
    }
    checkSubscriptionPart('NotificationService.custom()', parts.length === 2 ? 'service name (after the type)' : 'service name', parts[parts.length - 1]);
    return new NotificationService(name, { ...settings });
  }

  private constructor(
    /** The service name (the part after `service.`). */
    public readonly name: string,
    private readonly settings: { [key: string]: any }) {}

  /**
   * Refuses a service whose type the release's notifications engine does not have, while another
   * supported release's does (a custom type no release knows is rule N12's to report).
   *
   * @internal
   */
  public _checkRelease(version: ArgoRolloutsVersion, where: string): void {
    const type = this.name.split('.')[0];
    const having = releasesWith(f => f.notificationServices.includes(type));
    if (having.length > 0 && !having.includes(version.version)) {
      fail(`${where}: the notification service '${type}' is not in the notifications engine of Argo Rollouts ${version.version}, `
        + `the app's release; ${having.join(', ')} ${having.length > 1 ? 'have' : 'has'} it. `
        + 'Use one of those releases (ArgoRollouts version, or ArgoRolloutsApp.of(app).useVersion()), or another service.');
    }
  }

  /** @internal */
  public _toConfigMapEntry(): [string, string] {
    return [`service.${this.name}`, toYaml(this.settings)];
  }
}

/** Options of a Slack service. */
export interface SlackNotificationOptions {
  /** The bot's display name. @default - the app's name */
  readonly username?: string;
  /** The bot's icon (an emoji or URL). @default - the app's icon */
  readonly icon?: string;
  /** Key of the Secret that holds the signing secret (interactive messages). @default - none */
  readonly signingSecretKey?: string;
}

/** Options of a webhook service. */
export interface WebhookNotificationOptions {
  /** Plain request headers. @default - none */
  readonly headers?: { [name: string]: string };
  /** Request headers whose values come from keys of the notification Secret. @default - none */
  readonly secretHeaders?: { [name: string]: string };
  /** Skip TLS verification. @default false */
  readonly insecureSkipVerify?: boolean;
}

/** Options of an email service. */
export interface EmailNotificationOptions {
  /** SMTP host. */
  readonly host: string;
  /** SMTP port. @default 587 */
  readonly port?: number;
  /** Sender address. */
  readonly from: string;
  /** Key of the Secret that holds the SMTP user name. @default - none */
  readonly usernameSecretKey?: string;
  /** Key of the Secret that holds the SMTP password. @default - none */
  readonly passwordSecretKey?: string;
}

/** Options of a GitHub service (a GitHub App). */
export interface GitHubNotificationOptions {
  /** The App ID. */
  readonly appId: string;
  /** The installation ID of the App. */
  readonly installationId: string;
  /** Key of the Secret that holds the App's private key (PEM). */
  readonly privateKeySecretKey: string;
  /** The API of a GitHub Enterprise server. @default - github.com */
  readonly enterpriseBaseUrl?: string;
}

/** Options of a NATS service. */
export interface NatsNotificationOptions {
  /** Headers of each message. @default - none */
  readonly headers?: { [name: string]: string };
  /** Key of the Secret that holds an NKey seed. @default - none */
  readonly nkeySecretKey?: string;
  /** Key of the Secret that holds the user name. @default - none */
  readonly usernameSecretKey?: string;
  /** Key of the Secret that holds the password. @default - none */
  readonly passwordSecretKey?: string;
}

/** Options of a Google Cloud Pub/Sub service. */
export interface PubSubNotificationOptions {
  /** Key of the Secret that holds a service account key file (JSON). @default - the controller's workload identity */
  readonly keyFileSecretKey?: string;
  /** Attributes of each message. @default - none */
  readonly attributes?: { [name: string]: string };
}

/** A trigger: when a condition holds, send templates. */
export interface NotificationTrigger {
  /** The trigger name (subscriptions refer to `on-...` names). */
  readonly name: string;
  /** The condition, an expression over `rollout` (e.g. `rollout.status.phase == 'Degraded'`). */
  readonly condition: string;
  /** The templates to send. */
  readonly templates: string[];
  /** Send once per value of this expression. @default - once per condition change */
  readonly oncePer?: string;
}

/** A message template. */
export interface NotificationTemplate {
  /** The template name. */
  readonly name: string;
  /** The message text (a Go template). */
  readonly message: string;
  /** Service-specific fields, e.g. `{ slack: { attachments: '...' }, email: { subject: '...' } }`. @default - none */
  readonly services?: { [service: string]: any };
}

/** A default subscription: recipients that get the notifications of triggers for every Rollout. */
export interface NotificationSubscription {
  /** Recipients, `<service>:<recipient>` (e.g. `slack:deployments`). */
  readonly recipients: string[];
  /** Trigger names (e.g. `on-rollout-completed`). */
  readonly triggers: string[];
}

/**
 * The notification Secret (`argo-rollouts-notification-secret`).
 */
export class NotificationSecret {
  /** Define it empty, as upstream does; fill it out of band (the default). */
  public static empty(): NotificationSecret {
    return new NotificationSecret('empty');
  }

  /** Do not define it: another tool (External Secrets, Sealed Secrets, ...) owns it. */
  public static external(): NotificationSecret {
    return new NotificationSecret('external');
  }

  /**
   * Define it with these values. They end up in plain text in the synthesized manifests: prefer
   * `external()` for real credentials.
   */
  public static fromValues(values: { [key: string]: string }): NotificationSecret {
    return new NotificationSecret('values', { ...values });
  }

  private constructor(
    /** @internal */ public readonly _mode: 'empty' | 'external' | 'values',
    /** @internal */ public readonly _values?: { [key: string]: string }) {}
}

/**
 * Notification settings of an install.
 */
export interface NotificationOptions {
  /**
   * Where notifications go.
   *
   * @default - none
   */
  readonly services?: NotificationService[];

  /**
   * Triggers beyond the standard catalog (a name of the catalog replaces that trigger).
   *
   * @default - none
   */
  readonly triggers?: NotificationTrigger[];

  /**
   * Templates beyond the standard catalog (a name of the catalog replaces that template).
   *
   * @default - none
   */
  readonly templates?: NotificationTemplate[];

  /**
   * Subscriptions that apply to every Rollout.
   *
   * @default - none: Rollouts subscribe with annotations
   */
  readonly defaultSubscriptions?: NotificationSubscription[];

  /**
   * The notification Secret.
   *
   * @default NotificationSecret.empty()
   */
  readonly secret?: NotificationSecret;

  /**
   * Include the standard catalog of triggers and templates.
   *
   * @default true
   */
  readonly catalog?: boolean;
}
