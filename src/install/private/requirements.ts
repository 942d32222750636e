import { IConstruct } from 'constructs';
import { PluginUse } from './plugin-use';
import { appRelease, AppRegistry, AppSlot } from '../../private/app-registry';
import { Manifest } from '../../private/manifest-types';
import { ProviderPermissions } from '../rbac';

/**
 * What an object of the app needs from the Argo Rollouts controller: a plugin (e.g. the Gateway
 * API traffic router) and permissions. An `ArgoRollouts` install in the same app reads these when
 * it renders, whichever was declared first.
 */
export interface ControllerRequirement {
  /** Path of the object that needs this, for messages. */
  readonly requiredBy: string;
  /** The plugin the object uses, when it uses one. */
  readonly plugin?: PluginUse;
  /** Permissions the controller needs. */
  readonly permissions?: ProviderPermissions;
}

/** The app's controller requirements, in the app registry. */
const REQUIREMENTS = new AppSlot<ControllerRequirement>('controller-requirements');

/**
 * Records that `scope` (e.g. a Rollout) needs a plugin or permissions from the controller of its app.
 * Nothing is recorded when the requirement is empty.
 */
export function addControllerRequirement(scope: IConstruct, requirement: Omit<ControllerRequirement, 'requiredBy'>): void {
  if (!requirement.plugin && !requirement.permissions) return;
  AppRegistry.of(scope).add(REQUIREMENTS, { requiredBy: scope.node.path, ...requirement });
}

/**
 * The requirements of every object in the app of `scope`, ordered by the path of the object that
 * needs them (so the install's output does not depend on the order in which objects were declared
 * or routers added).
 */
export function controllerRequirements(scope: IConstruct): ControllerRequirement[] {
  return [...AppRegistry.of(scope).list(REQUIREMENTS)]
    .sort((a, b) => (a.requiredBy < b.requiredBy ? -1 : a.requiredBy > b.requiredBy ? 1 : 0));
}

/** Settings of a controller installed in the app that objects of the app follow. */
export interface ControllerSettings {
  /** Path of the install, for messages. */
  readonly installedBy: string;
  /** `--traefik-api-version`, when the install sets it. */
  readonly traefikApiVersion?: string;
  /**
   * The controller's Deployment as written (its flags, its namespace), for the synth-time checks of
   * objects that the controller reads depending on them (e.g. where it reads notification settings).
   */
  readonly deployment?: () => Manifest;
}

/** The controller settings of the app's installs, in the app registry. */
const SETTINGS = new AppSlot<ControllerSettings>('controller-settings');

/** Records the settings of an install (e.g. `ArgoRollouts`) for the objects of its app. */
export function addControllerSettings(scope: IConstruct, settings: Omit<ControllerSettings, 'installedBy'>): void {
  AppRegistry.of(scope).add(SETTINGS, { installedBy: scope.node.path, ...settings });
}

/**
 * The API version of the TraefikServices the app's controller updates: the `--traefik-api-version`
 * of an install in the app, else the default of the app's release. Read it at synth.
 */
export function controllerTraefikApiVersion(scope: IConstruct): string {
  const set = AppRegistry.of(scope).list(SETTINGS).find(s => s.traefikApiVersion !== undefined);
  return set?.traefikApiVersion ?? appRelease(scope).controllerDefaults.traefikApiVersion;
}

/** The Deployments of the controllers installed in the app of `scope`, as written. Read it at synth. */
export function controllerDeployments(scope: IConstruct): Manifest[] {
  return AppRegistry.of(scope).list(SETTINGS).flatMap(s => (s.deployment ? [s.deployment()] : []));
}
