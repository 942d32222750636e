import { Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { installVersion } from './private/install-version';
import {
  checkNamespace, componentLabels, CONTROLLER_LABELS, DEFAULT_NAMESPACE, defineObject, GVK, NAME, objectMeta, RBAC_GROUP, renderRule, subjectOf,
} from './private/objects';
import { POLICY_RULE } from './private/option-shapes';
import { PROVIDER_PERMISSIONS } from './private/provider-permissions';
import { aggregateRules, controllerRules } from './private/render';
import { controllerRequirements } from './private/requirements';
import { PolicyRule, ProviderPermissions } from './rbac';
import { argumentOrDefault, checkArgument, checkListArgument } from '../private/arguments';
import { ArgoRolloutsVersion } from '../release/version';

/**
 * Properties of the controller's RBAC.
 */
export interface ArgoRolloutsRbacProps {
  /**
   * The Argo Rollouts release (some permissions differ between releases).
   *
   * @default - the app's release (`ArgoRolloutsApp.of(app).version`: set by another install part,
   *   `ArgoRolloutsCrds` or `useVersion()`), else the default release
   */
  readonly version?: ArgoRolloutsVersion;

  /**
   * The namespace of the controller's ServiceAccount.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;

  /**
   * A Role and RoleBinding for a controller that watches only its namespace, instead of the
   * ClusterRole and ClusterRoleBinding.
   *
   * @default false
   */
  readonly namespaced?: boolean;

  /**
   * The traffic providers the controller may manage. Leave out those the cluster does not run.
   *
   * @default ProviderPermissions.defaults() - the providers of the upstream install
   */
  readonly providerPermissions?: ProviderPermissions[];

  /**
   * Rules added to the controller's ClusterRole (or Role).
   *
   * @default - none
   */
  readonly additionalRules?: PolicyRule[];

  /**
   * Define the ClusterRoles that extend the built-in admin, edit and view roles with Argo kinds.
   *
   * @default true
   */
  readonly aggregateRoles?: boolean;
}

/**
 * The controller's permissions: the ClusterRole and ClusterRoleBinding `argo-rollouts` (a Role and
 * RoleBinding when namespaced) for the ServiceAccount `argo-rollouts`, with the permission groups of
 * the traffic providers, and the aggregate ClusterRoles that add the Argo kinds to the built-in
 * `admin`, `edit` and `view` roles. The permissions the app's Rollouts need (e.g. a plugin's) are
 * added at synth. `ApiObject.of(rbac)` is the ClusterRole (or Role).
 */
export class ArgoRolloutsRbac extends Construct {
  /** The release. */
  public readonly version: ArgoRolloutsVersion;

  /** Whether the permissions are a Role in the namespace instead of a ClusterRole. */
  public readonly namespaced: boolean;

  /** The name of the ClusterRole (or Role) and its binding. */
  public readonly roleName: string = NAME;

  private readonly providers: ProviderPermissions[];

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsRbac
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsRbacProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsRbac()', 'props', props, 'object', {});
    super(scope, id);
    checkListArgument('new ArgoRolloutsRbac()', 'props.providerPermissions', props.providerPermissions, PROVIDER_PERMISSIONS, true);
    checkListArgument('new ArgoRolloutsRbac()', 'props.additionalRules', props.additionalRules, POLICY_RULE, true);
    const namespace = props.namespace ?? DEFAULT_NAMESPACE;
    checkNamespace(subjectOf(this, 'ArgoRolloutsRbac'), namespace);
    this.version = installVersion(this, props.version, subjectOf(this, 'ArgoRolloutsRbac'));
    this.namespaced = props.namespaced ?? false;
    this.providers = [...(props.providerPermissions ?? ProviderPermissions.defaults())];
    const additional = props.additionalRules ?? [];

    const rules = Lazy.any({ produce: () => controllerRules(this.version, this.allProviders(), additional).map(renderRule) });
    const meta = (clusterScoped: boolean) => objectMeta(namespace, NAME, CONTROLLER_LABELS, undefined, clusterScoped);
    if (this.namespaced) {
      defineObject(this, 'Resource', GVK.role, meta(false), { rules });
      defineObject(this, 'role-binding', GVK.roleBinding, meta(false), {
        roleRef: { apiGroup: RBAC_GROUP, kind: 'Role', name: NAME },
        subjects: [{ kind: 'ServiceAccount', name: NAME }],
      });
    } else {
      defineObject(this, 'Resource', GVK.clusterRole, meta(true), { rules }, true);
      defineObject(this, 'cluster-role-binding', GVK.clusterRoleBinding, meta(true), {
        roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: NAME },
        subjects: [{ kind: 'ServiceAccount', name: NAME, namespace }],
      }, true);
    }
    if (props.aggregateRoles ?? true) {
      for (const role of ['admin', 'edit', 'view'] as const) {
        const name = `argo-rollouts-aggregate-to-${role}`;
        const labels = { ...componentLabels('aggregate-cluster-role', name), [`rbac.authorization.k8s.io/aggregate-to-${role}`]: 'true' };
        defineObject(this, `aggregate-to-${role}`, GVK.clusterRole, objectMeta(namespace, name, labels, undefined, true), {
          rules: aggregateRules(role).map(renderRule),
        }, true);
      }
    }
  }

  /** The permission groups given or added (a copy), without those the app's Rollouts add at synth. */
  public get providerPermissions(): ProviderPermissions[] {
    return [...this.providers];
  }

  /**
   * Grants the controller the permissions of one more provider.
   */
  public addProviderPermissions(permissions: ProviderPermissions): void {
    checkArgument('ArgoRollouts.addProviderPermissions()', 'permissions', permissions, PROVIDER_PERMISSIONS);
    if (!this.providers.some(p => p.name === permissions.name)) this.providers.push(permissions);
  }

  /** The permission groups, with those the app's Rollouts need. */
  private allProviders(): ProviderPermissions[] {
    const all = [...this.providers];
    for (const req of controllerRequirements(this)) {
      if (req.permissions && !all.some(p => p.name === req.permissions!.name)) all.push(req.permissions);
    }
    return all;
  }
}
