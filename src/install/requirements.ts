import { Construct } from 'constructs';
import { ControllerPlugin } from './plugins';
import { ProviderPermissions } from './rbac';

/**
 * What an object of the app needs from the Argo Rollouts controller: a plugin (e.g. the Gateway
 * API traffic router) and permissions. An `ArgoRollouts` install in the same app reads these when
 * it renders, whichever was declared first.
 */
export class ControllerRequirement extends Construct {
  /** The requirements of every object in the app of `scope`, in construct-tree order. */
  public static inApp(scope: Construct): ControllerRequirement[] {
    return scope.node.root.node.findAll().filter((c): c is ControllerRequirement => c instanceof ControllerRequirement);
  }

  constructor(scope: Construct, id: string,
    /** The plugin name the object uses, when it uses one. */
    public readonly pluginName: string | undefined,
    /** The plugin binary, when the object knows it. */
    public readonly plugin: ControllerPlugin | undefined,
    /** Permissions the controller needs. */
    public readonly permissions: ProviderPermissions | undefined) {
    super(scope, id);
  }

  /** Path of the object that needs this (the requirement's parent). */
  public get requiredBy(): string {
    return this.node.scope!.node.path;
  }
}
