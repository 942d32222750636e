// Istio traffic routing, reproducing the upstream examples: subset-level split (istio-subset-split.yaml),
// host-level split with a mirror route (istio-mirror.yaml), and the Istio guide of docs/getting-started
// with two VirtualServices (rollout.yaml, multipleVirtualsvc.yaml) and with one (virtualsvc.yaml).
// Istio Gateways are plain cdk8s ApiObjects: this library does not own the kind.
import { ApiObject, App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { gettingStartedRollout, httpContainer, httpService, upstreamRollout } from './common';
import {
  CanaryStep, ManagedRoute, RolloutStrategy, RouterObject, StrategyService, StringMatch, TrafficRouting,
} from '../src';

const ISTIO_API = 'networking.istio.io/v1alpha3';

/** An Istio Gateway on port 80 of the default ingress gateway, for `hosts`. */
function istioGateway(scope: Construct, name: string, hosts: string[]): ApiObject {
  return new ApiObject(scope, name, {
    apiVersion: ISTIO_API,
    kind: 'Gateway',
    metadata: { name },
    spec: {
      selector: { istio: 'ingressgateway' }, // the default Istio ingress controller
      servers: [{ port: { number: 80, name: 'http', protocol: 'HTTP' }, hosts }],
    },
  });
}

/** istio-subset-split.yaml: one Service, and the router's VirtualService and DestinationRule with two subsets. */
export function istioSubsetSplit(app: Construct): Chart[] {
  const chart = new Chart(app, 'istio-subset-split');
  const name = 'istio-subset-split';
  httpService(chart, name, name);
  upstreamRollout(chart, name, {
    containers: [httpContainer(name, 'nginx:1.19-alpine', 80, 16)],
    strategy: RolloutStrategy.canary({
      // the router defines istio-subset-split-vsvc (route `primary`) and istio-subset-split-destrule
      trafficRouting: [TrafficRouting.istio({ subsets: { host: name } })],
      steps: [CanaryStep.setWeight(10), CanaryStep.pause()],
    }),
  });
  return [chart];
}

/** istio-mirror.yaml: host-level split through a Gateway; half of the POSTs to /color are mirrored to the canary. */
export function istioMirror(app: Construct): Chart[] {
  const chart = new Chart(app, 'istio-mirror');
  const name = 'istio-host-split';
  const gateway = istioGateway(chart, `${name}-gateway`, [`${name}.com`]);
  upstreamRollout(chart, name, {
    replicas: 4,
    containers: [httpContainer(name, 'argoproj/rollouts-demo:green', 8080, 16)],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define({ port: 80 }),
      canaryService: StrategyService.define({ port: 80 }),
      // the router defines istio-host-split-vsvc, route `primary`, stable 100 / canary 0
      trafficRouting: [TrafficRouting.istio({ hosts: [`${name}.com`], gateways: [gateway.name] })],
      steps: [
        CanaryStep.canaryScale({ weight: 50 }),
        CanaryStep.setMirrorRoute(ManagedRoute.named('mirror-route'), {
          percentage: 50,
          matches: [{ method: StringMatch.exact('POST'), path: StringMatch.prefix('/color') }],
        }),
        CanaryStep.pause(),
      ],
    }),
  });
  return [chart];
}

/**
 * One of the two VirtualServices of docs/getting-started/istio/multipleVirtualsvc.yaml: the HTTP route
 * names a destination port and there is a TLS route, which the VirtualService the router defines has
 * not, so they are defined here and handed to the router.
 */
function gettingStartedVirtualService(scope: Construct, index: number, route: string, port: number): ApiObject {
  const split = (destinationPort?: number) => [
    { destination: { host: 'rollouts-demo-stable', port: destinationPort ? { number: destinationPort } : undefined }, weight: 100 },
    { destination: { host: 'rollouts-demo-canary', port: destinationPort ? { number: destinationPort } : undefined }, weight: 0 },
  ];
  return new ApiObject(scope, `vsvc${index}`, {
    apiVersion: ISTIO_API,
    kind: 'VirtualService',
    metadata: { name: `rollouts-demo-vsvc${index}` },
    spec: {
      gateways: ['rollouts-demo-gateway'],
      hosts: [`rollouts-demo-vsvc${index}.local`],
      http: [{ name: route, route: split(port) }],
      tls: [{ match: [{ port: 3000, sniHosts: ['reviews.bookinfo.com', 'localhost'] }], route: split() }],
    },
  });
}

/** docs/getting-started/istio: rollout.yaml with its two VirtualServices, services.yaml, gateway.yaml. */
export function istioGettingStarted(app: Construct): Chart[] {
  const chart = new Chart(app, 'istio-getting-started');
  istioGateway(chart, 'rollouts-demo-gateway', ['*']);
  const vsvc1 = gettingStartedVirtualService(chart, 1, 'primary', 15372);
  const vsvc2 = gettingStartedVirtualService(chart, 2, 'secondary', 15373);
  gettingStartedRollout(chart, {
    podLabels: { 'istio-injection': 'enabled' },
    trafficRouting: [TrafficRouting.istio({
      virtualServices: [
        { object: RouterObject.fromConstruct(vsvc1), routes: ['primary'] },
        { object: RouterObject.fromConstruct(vsvc2), routes: ['secondary'] },
      ],
    })],
  });
  return [chart];
}

/** docs/getting-started/istio with a single VirtualService (virtualsvc.yaml), which the router defines. */
export function istioGettingStartedSingle(app: Construct): Chart[] {
  const chart = new Chart(app, 'istio-getting-started-single');
  const gateway = istioGateway(chart, 'rollouts-demo-gateway', ['*']);
  gettingStartedRollout(chart, {
    podLabels: { 'istio-injection': 'enabled' },
    // rollouts-demo-vsvc, route `primary`
    trafficRouting: [TrafficRouting.istio({ hosts: ['rollouts-demo.local'], gateways: [gateway.name] })],
  });
  return [chart];
}

if (require.main === module) {
  const app = new App();
  for (const define of [istioSubsetSplit, istioMirror, istioGettingStarted, istioGettingStartedSingle]) {
    define(app);
  }
  app.synth();
}
