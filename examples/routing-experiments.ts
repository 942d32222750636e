// Experiment steps that take a share of the traffic (`weight`), reproducing the upstream
// traffic-routing-experiment-step examples for Istio, ALB and SMI: the controller creates a Service
// for the experiment's pods and routes `weight` percent to it.
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { httpContainer, httpService, upstreamRollout } from './common';
import { plainNginxIngress } from './routing-ingress';
import { CanaryStep, ExperimentSpecRef, ITrafficRouter, Rollout, RolloutProps, RolloutStrategy, StrategyService, TrafficRouting } from '../src';

/** Options of `experimentRollout`. */
interface ExperimentRolloutOptions extends RolloutProps {
  readonly router: ITrafficRouter;
  readonly weight: number;
  readonly experimentWeight: number;
  readonly experiment: string;
  readonly serviceType?: kplus.ServiceType;
}

/** A Rollout that sets `weight`, then runs the canary pod template as an experiment with `experimentWeight` percent of the traffic. */
function experimentRollout(scope: Construct, name: string, o: ExperimentRolloutOptions): Rollout {
  const { router, weight, experimentWeight, experiment, serviceType, ...props } = o;
  return upstreamRollout(scope, name, {
    containers: [httpContainer(name, 'argoproj/rollouts-demo:blue', 80, 16)],
    ...props,
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define({ port: 80, serviceType }),
      canaryService: StrategyService.define({ port: 80, serviceType }),
      trafficRouting: [router],
      steps: [
        CanaryStep.setWeight(weight),
        CanaryStep.experiment({ templates: [{ name: experiment, specRef: ExperimentSpecRef.CANARY, weight: experimentWeight }] }),
      ],
    }),
  });
}

/** istio-host-split-experiment-step.yaml: the router defines istio-host-split-vsvc for the host `istio-host-split`. */
export function istioExperimentStep(app: Construct): Chart[] {
  const chart = new Chart(app, 'istio-experiment-step');
  experimentRollout(chart, 'istio-host-split', {
    router: TrafficRouting.istio({ hosts: ['istio-host-split'] }),
    weight: 10,
    experiment: 'experiment-istio',
    experimentWeight: 20,
  });
  return [chart];
}

/** rollout-alb-experiment-step.yaml: NodePort Services and the router's Ingress alb-rollout-ingress on `/*`. */
export function albExperimentStep(app: Construct): Chart[] {
  const chart = new Chart(app, 'alb-experiment-step');
  const name = 'alb-rollout';
  const root = httpService(chart, `${name}-root`, name, 'NodePort');
  experimentRollout(chart, name, {
    serviceType: kplus.ServiceType.NODE_PORT,
    router: TrafficRouting.alb({
      rootService: root.name,
      path: '/*', // the ALB's wildcard
      pathType: kplus.HttpIngressPathType.IMPLEMENTATION_SPECIFIC,
      annotations: { 'kubernetes.io/ingress.class': 'alb' },
    }),
    weight: 10,
    experiment: 'experiment-alb',
    experimentWeight: 20,
  });
  return [chart];
}

/** rollout-smi-experiment-step.yaml: the controller creates the TrafficSplit; an NGINX Ingress brings traffic in. */
export function smiExperimentStep(app: Construct): Chart[] {
  const chart = new Chart(app, 'smi-experiment-step');
  const name = 'rollout-smi-experiment';
  experimentRollout(chart, name, {
    replicas: 1,
    revisionHistoryLimit: 2,
    router: TrafficRouting.smi({ trafficSplitName: `${name}-trafficsplit` }),
    weight: 5,
    experiment: 'experiment-smi',
    experimentWeight: 5,
  });
  plainNginxIngress(chart, `${name}-stable`, {
    host: `${name}.local`, service: `${name}-stable`, pathType: kplus.HttpIngressPathType.IMPLEMENTATION_SPECIFIC,
  });
  return [chart];
}

if (require.main === module) {
  const app = new App();
  for (const define of [istioExperimentStep, albExperimentStep, smiExperimentStep]) {
    define(app);
  }
  app.synth();
}
