import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { NotificationOptions } from './notifications';
import { loadNotificationCatalog } from './private/data';
import { installVersion } from './private/install-version';
import { checkNamespace, DEFAULT_NAMESPACE, defineObject, GVK, objectMeta, subjectOf } from './private/objects';
import { NOTIFICATION_OPTIONS } from './private/option-shapes';
import { notificationConfigData } from './private/render';
import { argumentOrDefault } from '../private/arguments';
import { registerNotificationObjects } from '../private/notification-objects';
import { ArgoRolloutsVersion } from '../release/version';

/** The names the controller reads its notification settings from. */
const SECRET = 'argo-rollouts-notification-secret';
const CONFIG_MAP = 'argo-rollouts-notification-configmap';

/**
 * Properties of the controller's notification settings.
 */
export interface ArgoRolloutsNotificationsProps extends NotificationOptions {
  /**
   * The Argo Rollouts release (its catalog of triggers and templates).
   *
   * @default - the app's release (`ArgoRolloutsApp.of(app).version`: set by another install part,
   *   `ArgoRolloutsCrds` or `useVersion()`), else the default release
   */
  readonly version?: ArgoRolloutsVersion;

  /**
   * The namespace of the controller.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;

  /**
   * Define the ConfigMap `argo-rollouts-notification-configmap` (the catalog and the settings). Without
   * it only the Secret is defined, as in upstream's `install.yaml`.
   *
   * @default true
   */
  readonly configMap?: boolean;
}

/**
 * The controller's notification settings: the Secret `argo-rollouts-notification-secret` (empty, with
 * values, or left to another tool) and the ConfigMap `argo-rollouts-notification-configmap` with the
 * release's catalog of triggers and templates and your services, triggers, templates and default
 * subscriptions. `ApiObject.of(notifications)` is the ConfigMap (or, without it, the Secret).
 */
export class ArgoRolloutsNotifications extends Construct {
  /** The name of the notification Secret. */
  public readonly secretName: string = SECRET;

  /** The name of the notification ConfigMap, when it is defined. */
  public readonly configMapName?: string;

  /** Whether the Secret is defined here (not with `NotificationSecret.external()`). */
  public readonly definesSecret: boolean;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsNotifications
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsNotificationsProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsNotifications()', 'props', props,
      { ...NOTIFICATION_OPTIONS, struct: 'ArgoRolloutsNotificationsProps', fields: { ...NOTIFICATION_OPTIONS.fields, namespace: 'string', configMap: 'boolean' } }, {});
    super(scope, id);
    const namespace = props.namespace ?? DEFAULT_NAMESPACE;
    checkNamespace(subjectOf(this, 'ArgoRolloutsNotifications'), namespace);
    const version = installVersion(this, props.version, subjectOf(this, 'ArgoRolloutsNotifications'));
    const secret = props.secret;
    this.definesSecret = secret?._mode !== 'external';
    const withConfigMap = props.configMap ?? true;
    for (const service of props.services ?? []) service._checkRelease(version, subjectOf(this, 'ArgoRolloutsNotifications'));
    const objects: ApiObject[] = [];
    if (this.definesSecret) {
      objects.push(defineObject(this, withConfigMap ? 'secret' : 'Resource', GVK.secret, objectMeta(namespace, SECRET), {
        stringData: secret?._mode === 'values' ? { ...secret._values } : undefined,
      }));
    }
    if (withConfigMap) {
      const data = notificationConfigData(loadNotificationCatalog(version), props);
      objects.push(defineObject(this, 'Resource', GVK.configMap, objectMeta(namespace, CONFIG_MAP), { data }));
      this.configMapName = CONFIG_MAP;
    }
    // the app's Rollouts check their notification subscriptions against these at synth
    registerNotificationObjects(this, () => objects.map(o => o.toJson()));
  }
}
