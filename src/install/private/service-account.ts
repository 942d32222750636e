import { Construct } from 'constructs';
import type * as kplus from '../../private/kplus';

/**
 * A ServiceAccount the install defines (the object itself is one of the install's objects), as the
 * cdk8s-plus `IServiceAccount` that cdk8s-plus RoleBindings and pods take. cdk8s-plus's own
 * `ServiceAccount.fromServiceAccountName` would do the same, but loads cdk8s-plus; see `cdk8sPlus()`.
 */
export class ServiceAccountReference extends Construct implements kplus.IServiceAccount {
  public readonly resourceType = 'serviceaccounts';
  public readonly apiVersion = 'v1';
  public readonly apiGroup = '';
  public readonly kind = 'ServiceAccount';

  constructor(scope: Construct, id: string, public readonly name: string, private readonly namespace: string) {
    super(scope, id);
  }

  /** The name, for RBAC rules that name the object. */
  public get resourceName(): string {
    return this.name;
  }

  /** The ServiceAccount as the subject of a RoleBinding. */
  public toSubjectConfiguration(): kplus.SubjectConfiguration {
    return { kind: this.kind, name: this.name, apiGroup: this.apiGroup, namespace: this.namespace };
  }
}
