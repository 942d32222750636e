import { checkKey, secretRef, toYaml } from './private/notification-util';
import { argumentOrDefault, checkArgument } from '../private/arguments';

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
    options = argumentOrDefault('NotificationService.slack()', 'options', options, 'object', {});
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
    checkArgument('NotificationService.teams()', 'recipientUrlSecretKeys', recipientUrlSecretKeys, 'object');
    const urls = Object.fromEntries(Object.entries(recipientUrlSecretKeys).map(([r, k]) => [r, secretRef(k)]));
    if (Object.keys(urls).length === 0) throw new Error('NotificationService.teams() needs at least one recipient.');
    return new NotificationService('teams', { recipientUrls: urls });
  }

  /**
   * A generic webhook, named so that several can coexist (`service.webhook.<name>`).
   *
   * @param name the webhook name, used in subscriptions as `webhook.<name>`... recipients
   * @param url the URL to call
   */
  public static webhook(name: string, url: string, options: WebhookNotificationOptions = {}): NotificationService {
    checkArgument('NotificationService.webhook()', 'name', name, 'string');
    checkArgument('NotificationService.webhook()', 'url', url, 'string');
    options = argumentOrDefault('NotificationService.webhook()', 'options', options, 'object', {});
    checkKey('webhook name', name);
    try {
      new URL(url);
    } catch {
      throw new Error(`NotificationService.webhook('${name}'): '${url}' is not a URL.`);
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
    checkArgument('NotificationService.email()', 'options', options, 'object');
    if (!options.host || !options.from) throw new Error('NotificationService.email() needs host and from.');
    return new NotificationService('email', {
      host: options.host,
      port: options.port ?? 587,
      from: options.from,
      username: options.usernameSecretKey ? secretRef(options.usernameSecretKey) : undefined,
      password: options.passwordSecretKey ? secretRef(options.passwordSecretKey) : undefined,
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
    checkArgument('NotificationService.custom()', 'settings', settings, 'object');
    checkKey('service name', name);
    return new NotificationService(name, { ...settings });
  }

  private constructor(
    /** The service name (the part after `service.`). */
    public readonly name: string,
    private readonly settings: { [key: string]: any }) {}

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
