/**
 * Typed notification subscriptions of a Rollout: a trigger (from the catalog, by name, or one of the
 * install's own), a service (the install's `NotificationService`) and recipients typed by the kind of
 * service. They render as the controller's annotations
 * `notifications.argoproj.io/subscribe.<trigger>.<service>: <recipient>;<recipient>`; the rule engine
 * (N01–N11) checks them against the notification ConfigMap at synth and in lint.
 */
import { Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { ArgoRolloutsApp } from '../install/app-version';
import { NotificationOptions, NotificationTrigger } from '../install/notifications';
import {
  checkSubscriptionPart, controllerDeployments, loadNotificationCatalog, NOTIFICATION_OPTIONS, notificationConfigData,
} from '../install/private';
import { RecipientKind } from './private/recipient-kind';
import { appRelease } from '../private/app-registry';
import { checkArgument, checkListArgument } from '../private/arguments';
import { ConfigMapManifest, SecretManifest } from '../private/manifest-types';
import { registerNotificationObjects } from '../private/notification-objects';
import { OnePassApiObject } from '../private/one-pass-api-object';
import { fail } from '../private/synth-error';
import { checkAtSynth } from '../validation/private';

/** Names of the notification ConfigMap and Secret the controller reads. */
const NOTIFICATION_CONFIG_MAP = 'argo-rollouts-notification-configmap';
const NOTIFICATION_SECRET = 'argo-rollouts-notification-secret';

/** A mail address, roughly: something@domain.tld, without spaces or `;`. */
const EMAIL_ADDRESS = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;

/**
 * A trigger a Rollout subscribes to: one of the standard catalog (the constants), the trigger of an
 * install (`fromTrigger()`), any name (`named()`), or the service's default triggers (`DEFAULT`).
 */
export class SubscriptionTrigger {
  /** `on-rollout-completed`: the Rollout completed an update. */
  public static readonly ROLLOUT_COMPLETED = new SubscriptionTrigger('on-rollout-completed');
  /** `on-rollout-aborted`: an update was aborted. */
  public static readonly ROLLOUT_ABORTED = new SubscriptionTrigger('on-rollout-aborted');
  /** `on-rollout-paused`: the Rollout paused. */
  public static readonly ROLLOUT_PAUSED = new SubscriptionTrigger('on-rollout-paused');
  /** `on-rollout-step-completed`: a canary step completed. */
  public static readonly ROLLOUT_STEP_COMPLETED = new SubscriptionTrigger('on-rollout-step-completed');
  /** `on-rollout-updated`: the pod template changed (an update starts). */
  public static readonly ROLLOUT_UPDATED = new SubscriptionTrigger('on-rollout-updated');
  /** `on-scaling-replica-set`: a ReplicaSet was scaled. */
  public static readonly SCALING_REPLICA_SET = new SubscriptionTrigger('on-scaling-replica-set');
  /** `on-analysis-run-running`: an AnalysisRun started. */
  public static readonly ANALYSIS_RUN_RUNNING = new SubscriptionTrigger('on-analysis-run-running');
  /** `on-analysis-run-failed`: an AnalysisRun failed. */
  public static readonly ANALYSIS_RUN_FAILED = new SubscriptionTrigger('on-analysis-run-failed');
  /** `on-analysis-run-error`: an AnalysisRun errored. */
  public static readonly ANALYSIS_RUN_ERROR = new SubscriptionTrigger('on-analysis-run-error');

  /**
   * The default triggers of the service (`defaultTriggers.<service>`, else `defaultTriggers` of the
   * notification ConfigMap): renders `notifications.argoproj.io/subscribe.<service>`.
   */
  public static readonly DEFAULT = new SubscriptionTrigger('');

  /** The standard catalog's triggers (the same in every supported version). */
  public static catalog(): SubscriptionTrigger[] {
    return [
      SubscriptionTrigger.ROLLOUT_COMPLETED, SubscriptionTrigger.ROLLOUT_ABORTED, SubscriptionTrigger.ROLLOUT_PAUSED,
      SubscriptionTrigger.ROLLOUT_STEP_COMPLETED, SubscriptionTrigger.ROLLOUT_UPDATED, SubscriptionTrigger.SCALING_REPLICA_SET,
      SubscriptionTrigger.ANALYSIS_RUN_RUNNING, SubscriptionTrigger.ANALYSIS_RUN_FAILED, SubscriptionTrigger.ANALYSIS_RUN_ERROR,
    ];
  }

  /**
   * A trigger by name, e.g. one defined in the notification ConfigMap outside this app.
   *
   * @param name the trigger name, e.g. `on-rollout-degraded`
   */
  public static named(name: string): SubscriptionTrigger {
    checkArgument('SubscriptionTrigger.named()', 'name', name, 'string');
    checkSubscriptionPart('SubscriptionTrigger.named()', 'trigger name', name);
    return new SubscriptionTrigger(name);
  }

  /**
   * A trigger the install defines (`NotificationOptions.triggers`).
   */
  public static fromTrigger(trigger: NotificationTrigger): SubscriptionTrigger {
    checkArgument('SubscriptionTrigger.fromTrigger()', 'trigger', trigger, 'object');
    checkArgument('SubscriptionTrigger.fromTrigger()', 'trigger.name', trigger.name, 'string');
    checkSubscriptionPart('SubscriptionTrigger.fromTrigger()', 'trigger name', trigger.name);
    return new SubscriptionTrigger(trigger.name);
  }

  private constructor(
    /** The trigger name; empty for `DEFAULT`. */
    public readonly name: string) {}
}

/**
 * The recipients of a subscription, typed by the kind of service they are for.
 */
export class NotificationRecipients {
  /**
   * Slack channels (names or IDs, e.g. `deployments` or `C0123456789`), for a Slack or Mattermost
   * service.
   */
  public static slackChannels(...channels: string[]): NotificationRecipients {
    return NotificationRecipients.make('NotificationRecipients.slackChannels()', RecipientKind.SLACK, channels);
  }

  /** E-mail addresses, for an e-mail service. */
  public static emails(...addresses: string[]): NotificationRecipients {
    const recipients = NotificationRecipients.make('NotificationRecipients.emails()', RecipientKind.EMAIL, addresses);
    for (const address of addresses) {
      if (!EMAIL_ADDRESS.test(address)) {
        fail(`NotificationRecipients.emails(): '${address}' is not an e-mail address. Give addresses like team@example.com.`);
      }
    }
    return recipients;
  }

  /** Recipient names of a Teams or Teams Workflows service (the keys of its `recipientUrlSecretKeys`). */
  public static teams(...recipients: string[]): NotificationRecipients {
    return NotificationRecipients.make('NotificationRecipients.teams()', RecipientKind.TEAMS, recipients);
  }

  /** No recipient: a webhook (the service itself is the destination). */
  public static none(): NotificationRecipients {
    return new NotificationRecipients(RecipientKind.NONE, []);
  }

  /**
   * Recipients as the service expects them, for the other services (e.g. an Opsgenie team, a
   * PagerDuty service ID, a Telegram chat, a GitHub or Google Chat space).
   */
  public static of(...recipients: string[]): NotificationRecipients {
    return NotificationRecipients.make('NotificationRecipients.of()', RecipientKind.ANY, recipients);
  }

  private static make(where: string, kind: RecipientKind, values: string[]): NotificationRecipients {
    checkListArgument(where, 'recipients', values, 'string');
    if (values.length === 0) {
      fail(`${where} needs at least one recipient. For a webhook, use NotificationRecipients.none().`);
    }
    for (const value of values) {
      if (value.trim() === '' || value.includes(';') || value.trim() !== value) {
        fail(`${where}: the recipient '${value}' is empty, has spaces around it or contains ';' (the separator of recipients). Give each recipient on its own.`);
      }
    }
    return new NotificationRecipients(kind, [...values]);
  }

  private constructor(
    /** @internal */ public readonly _kind: RecipientKind,
    /** The recipients. */
    public readonly values: string[]) {}
}

/**
 * Props of `SelfServiceNotifications`: the notification settings of one namespace.
 */
export interface SelfServiceNotificationsProps extends NotificationOptions {
  /** The namespace: the Rollouts of this namespace get these settings on top of the install's. */
  readonly namespace: string;
}

/**
 * The notification ConfigMap and Secret of one namespace, for self-service notifications: with
 * `ControllerFlags.selfServiceNotificationEnabled` the controller reads
 * `argo-rollouts-notification-configmap` and `argo-rollouts-notification-secret` from the namespace of
 * each Rollout too, so a team configures its own triggers, templates and services next to its
 * Rollouts. The ConfigMap holds the standard catalog unless `catalog: false`, with the options on top,
 * for the app's Argo Rollouts version.
 */
export class SelfServiceNotifications extends Construct {
  /** The namespace of the ConfigMap and the Secret. */
  public readonly namespace: string;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the SelfServiceNotifications
   */
  constructor(scope: Construct, id: string, props: SelfServiceNotificationsProps) {
    super(scope, id);
    checkArgument('new SelfServiceNotifications()', 'props', props, NOTIFICATION_OPTIONS);
    checkArgument('new SelfServiceNotifications()', 'props.namespace', props.namespace, 'string');
    if (props.namespace === '') {
      fail('new SelfServiceNotifications(): props.namespace is empty. Give the namespace of the Rollouts these settings are for.');
    }
    this.namespace = props.namespace;
    // the services and catalog of the app's release, known at synth (an install, or useVersion(), may come after this)
    const dataOf = () => {
      const version = ArgoRolloutsApp.of(this).version;
      for (const service of props.services ?? []) service._checkRelease(version, `SelfServiceNotifications ${this.node.path}`);
      return notificationConfigData(loadNotificationCatalog(version), props);
    };
    const secret = props.secret;
    const secretManifest: SecretManifest | undefined = secret?._mode === 'external' ? undefined : {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: NOTIFICATION_SECRET, namespace: props.namespace },
      ...(secret?._mode === 'values' ? { stringData: { ...secret._values } } : {}),
    };
    const manifestsOf = (): [ConfigMapManifest, ...SecretManifest[]] => [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: NOTIFICATION_CONFIG_MAP, namespace: props.namespace }, data: dataOf() },
      ...(secretManifest ? [secretManifest] : []),
    ];
    new OnePassApiObject(this, 'ConfigMap', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: NOTIFICATION_CONFIG_MAP, namespace: props.namespace },
      data: Lazy.any({
        produce: () => {
          // the notification rules of the ConfigMap and the Secret (e.g. a condition that does not parse, N03),
          // with the app's controller, which reads them only with self-service notifications on (N01)
          const manifests = manifestsOf();
          checkAtSynth(this, `SelfServiceNotifications ${this.node.path}`, [...manifests, ...controllerDeployments(this)], appRelease(this),
            f => f.ruleId.startsWith('N'));
          return manifests[0].data;
        },
      }),
    });
    if (secretManifest !== undefined) {
      new OnePassApiObject(this, 'Secret', secretManifest);
    }
    registerNotificationObjects(this, manifestsOf);
  }
}
