// Helpers shared by the example apps that reproduce upstream manifests.
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { PodTemplateDefaults, Rollout, RolloutStrategy } from '../src';

/**
 * The demo Rollout of the upstream examples: `argoproj/rollouts-demo:blue` on port 8080, pods
 * labelled `app: <name>`, two old ReplicaSets kept, and only the fields the upstream files set.
 */
export function demoRollout(scope: Construct, name: string, replicas: number, strategy: RolloutStrategy): Rollout {
  return new Rollout(scope, name, {
    metadata: { name },
    replicas,
    revisionHistoryLimit: 2,
    select: false,
    podMetadata: { labels: { app: name } },
    podTemplateDefaults: PodTemplateDefaults.NONE,
    containers: [{
      name: 'rollouts-demo',
      image: 'argoproj/rollouts-demo:blue',
      imagePullPolicy: kplus.ImagePullPolicy.ALWAYS,
      portNumber: 8080,
    }],
    strategy,
  });
}
