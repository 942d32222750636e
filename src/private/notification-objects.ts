/**
 * The notification objects of an app (the ConfigMap `argo-rollouts-notification-configmap`, the
 * Secret `argo-rollouts-notification-secret` and the controller Deployment that reads them), as plain
 * manifests produced at synth: the constructs that define them register a producer, and each Rollout
 * with notification subscriptions checks its subscriptions against them.
 */
import { IConstruct } from 'constructs';
import { AppRegistry, AppSlot } from './app-registry';
import { Manifest } from './manifest-types';

/** Producers of notification manifests, in the order they were registered. */
const NOTIFICATION_OBJECTS = new AppSlot<() => Manifest[]>('notification-objects');

/**
 * Registers objects that the app's Rollouts check their subscriptions against; `produce` runs at
 * synth and returns plain manifests.
 */
export function registerNotificationObjects(scope: IConstruct, produce: () => Manifest[]): void {
  AppRegistry.of(scope).add(NOTIFICATION_OBJECTS, produce);
}

/** The registered notification manifests of the app of `scope`. */
export function notificationObjects(scope: IConstruct): Manifest[] {
  return AppRegistry.of(scope).list(NOTIFICATION_OBJECTS).flatMap(produce => produce());
}
