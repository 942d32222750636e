/**
 * `rollout.plan()`: the plan of a Rollout construct, from the manifests of its app and the app's
 * Argo Rollouts version (the app registry).
 */
import { IConstruct } from 'constructs';
import { RolloutPlan } from '../../plan/rollout-plan';
import { AppRegistry } from '../../private/app-registry';
import { SynthPass } from '../../private/synth-pass';

/** The kinds a plan reads besides the Rollout: a workloadRef's workload, analysis templates, an HPA. */
const PLAN_KINDS: ReadonlySet<string> = new Set([
  'Deployment', 'ReplicaSet', 'PodTemplate', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'HorizontalPodAutoscaler',
]);

/**
 * The plan of the Rollout `scope` whose manifest is `own`, with the objects of the app it may refer
 * to (rendered now; an object that cannot be rendered yet is left out, as a missing one is).
 */
export function planOfRollout(scope: IConstruct, own: any): RolloutPlan {
  const manifests = SynthPass.objectsOfKinds(scope, PLAN_KINDS)
    .flatMap(c => {
      try {
        return [c.toJson()];
      } catch {
        return [];
      }
    });
  // the version set for the app, if any: else the plan reads the release from a controller among the
  // manifests, as `RolloutPlan.fromManifest` does (then the default release)
  return RolloutPlan.fromManifest(own, { manifests, version: AppRegistry.of(scope).version });
}
