/**
 * The Argo CD `ignoreDifferences` of a whole app: every field that the Argo Rollouts controller
 * writes at run time in the app's objects, read from the manifests (so that Rollouts from `Include`,
 * Helm or raw `ApiObject`s count as much as ours). What each traffic router writes is said once, by
 * its router's file (`src/traffic/<router>.ts`, its `ownedFields`), and read through
 * `routerOwnedFields` as `rollout.ignoreDifferences` reads it; the Services, the autoscaled Rollouts
 * and the workloadRef Deployments are here.
 */
import { isObject, manifestNamespace } from '../../private/manifest-types';
import { apiGroupOf } from '../../private/object-identity';
import {
  annotationPointer, canaryOf, ControllerFacts, ObjectLookup, nameOf, OwnedFieldEntries, ownedFieldsContext, pointer, routerOwnedFields,
} from '../../traffic/private';
import { IgnoreDifference } from '../../traffic/router';
import { scalerOf } from '../../validation/private';

/** workloadRef.scaleDown values with which the controller scales the referenced Deployment down. */
const SCALING_DOWN = new Set(['onsuccess', 'progressively']);

const MANAGED_BY = annotationPointer('argo-rollouts.argoproj.io/managed-by-rollouts');
const POD_TEMPLATE_HASH_SELECTOR = pointer('spec', 'selector', 'rollouts-pod-template-hash');

/**
 * The ignoreDifferences entries for every field the Argo Rollouts controller writes at run time in
 * the given manifests (see docs/argocd.md for why each is there):
 * - the Services a Rollout names (stable, canary, ping, pong, active, preview): the selector key
 *   `rollouts-pod-template-hash` and the annotation `argo-rollouts.argoproj.io/managed-by-rollouts`;
 * - the objects of each traffic router, header and mirror routes included (per router, see
 *   `src/traffic/<router>.ts`);
 * - `spec.replicas` of a Rollout that an HPA or KEDA ScaledObject among the manifests scales (with
 *   or without the field in the manifest: with `RespectIgnoreDifferences=true` a sync then never
 *   removes the live value, the trap of rule L06);
 * - `spec.replicas` of the Deployment of a `workloadRef` with `scaleDown: onsuccess` or
 *   `progressively`.
 * Each entry names group, kind, name and (when known) namespace, lists JSON pointers, and names the
 * controller's field manager (`rollouts-controller`) for server-side diff. One entry per object.
 *
 * @param controller the controller's release and settings (see `ControllerFacts`)
 */
export function controllerOwnedFields(manifests: readonly any[], controller: ControllerFacts): IgnoreDifference[] {
  const list = Array.isArray(manifests) ? manifests : [];
  const index = new ObjectLookup(list);
  const entries = new OwnedFieldEntries();
  const scaled = new Set<string>();
  for (const manifest of list) {
    const scaler = scalerOf(manifest);
    if (scaler !== undefined) scaled.add(`${scaler.namespace}\u0000${scaler.target}`);
  }
  for (const rollout of list) {
    if (!isObject(rollout) || rollout.kind !== 'Rollout' || !['', 'argoproj.io'].includes(apiGroupOf(rollout.apiVersion))) continue;
    const spec = isObject(rollout.spec) ? rollout.spec : {};
    const strategy = isObject(spec.strategy) ? spec.strategy : {};
    const canary = canaryOf(rollout);
    const blueGreen = isObject(strategy.blueGreen) ? strategy.blueGreen : {};
    const ctx = ownedFieldsContext(rollout, index, controller);
    const namespace = manifestNamespace(rollout);

    const serviceNames = [canary.stableService, canary.canaryService, canary.pingPong?.pingService, canary.pingPong?.pongService,
      blueGreen.activeService, blueGreen.previewService].map(nameOf).filter((n): n is string => n !== undefined);
    for (const name of serviceNames) {
      entries.add(ctx.entry('', 'Service', name, [POD_TEMPLATE_HASH_SELECTOR, MANAGED_BY]));
    }

    routerOwnedFields(ctx).forEach(e => entries.add(e));

    const name = ctx.rolloutName;
    if (scaled.has(`${namespace}\u0000${name}`) || scaled.has(`\u0000${name}`)) {
      entries.add(ctx.entry('argoproj.io', 'Rollout', name, ['/spec/replicas']));
    }
    const workloadRef = isObject(spec.workloadRef) ? spec.workloadRef : undefined;
    const workload = nameOf(workloadRef?.name);
    if (workloadRef !== undefined && workload !== undefined && workloadRef.kind === 'Deployment' && SCALING_DOWN.has(String(workloadRef.scaleDown))) {
      entries.add(ctx.entry('apps', 'Deployment', workload, ['/spec/replicas']));
    }
  }
  return entries.list();
}
