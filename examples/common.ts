// Helpers shared by the example apps that reproduce upstream manifests.
import { Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { CanaryStep, ITrafficRouter, PodTemplateDefaults, Rollout, RolloutProps, RolloutStrategy, StrategyService } from '../src';

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

/**
 * A container of the upstream routing examples: one port `http` (TCP) and requests of 5m CPU and
 * `memoryMiB` MiB of memory.
 */
export function httpContainer(name: string, image: string, port: number, memoryMiB: number): kplus.ContainerProps {
  return {
    name,
    image,
    ports: [{ name: 'http', number: port, protocol: kplus.Protocol.TCP }],
    resources: { cpu: { request: kplus.Cpu.millis(5) }, memory: { request: Size.mebibytes(memoryMiB) } },
  };
}

/**
 * A Rollout as the upstream files write it: named `name`, pods labelled `app: <name>` and selected
 * by that label, and only the fields `props` sets.
 */
export function upstreamRollout(scope: Construct, name: string, props: RolloutProps): Rollout {
  return new Rollout(scope, name, {
    metadata: { name },
    select: false,
    podMetadata: { labels: { app: name } },
    podTemplateDefaults: PodTemplateDefaults.NONE,
    ...props,
  });
}

/**
 * A Service of an upstream example that is none of the Rollout's strategy Services (an ALB root
 * Service, the host of an Istio subset split): port 80 to the container port `http`, selecting
 * `app: <app>`.
 */
export function httpService(scope: Construct, name: string, app: string, type?: string): kplus.k8s.KubeService {
  return new kplus.k8s.KubeService(scope, `${name}-service`, {
    metadata: { name },
    spec: {
      type,
      ports: [{ port: 80, targetPort: kplus.k8s.IntOrString.fromString('http'), protocol: 'TCP', name: 'http' }],
      selector: { app },
    },
  });
}

/** Options of `gettingStartedRollout`. */
export interface GettingStartedRolloutOptions {
  /** The traffic routers. */
  readonly trafficRouting: ITrafficRouter[];
  /** Type of the stable and canary Services. @default - ClusterIP, not written */
  readonly serviceType?: kplus.ServiceType;
  /** Pod labels besides `app: rollouts-demo` (they are not selected). @default - none */
  readonly podLabels?: { [key: string]: string };
  /** Pod annotations. @default - none */
  readonly podAnnotations?: { [key: string]: string };
}

/**
 * The Rollout of the traffic-management guides of docs/getting-started (`rollouts-demo`): one
 * replica, `setWeight: 5` then a pause until promoted, and the stable and canary Services
 * `rollouts-demo-stable` / `rollouts-demo-canary` on port 80, which the Rollout defines.
 */
export function gettingStartedRollout(scope: Construct, options: GettingStartedRolloutOptions): Rollout {
  const name = 'rollouts-demo';
  const service = () => StrategyService.define({ port: 80, serviceType: options.serviceType });
  const rollout = upstreamRollout(scope, name, {
    replicas: 1,
    revisionHistoryLimit: 2,
    podMetadata: { labels: { app: name, ...options.podLabels }, annotations: options.podAnnotations },
    containers: [httpContainer(name, 'argoproj/rollouts-demo:blue', 8080, 32)],
    strategy: RolloutStrategy.canary({
      stableService: service(),
      canaryService: service(),
      trafficRouting: options.trafficRouting,
      steps: [CanaryStep.setWeight(5), CanaryStep.pause()],
    }),
  });
  // the pods are selected by `app` only, whatever other labels they carry
  rollout.select(kplus.LabelSelector.of({ labels: { app: name } }));
  return rollout;
}
