// Ingress and SMI traffic routing, reproducing the traffic-management guides of docs/getting-started:
// NGINX, the AWS Load Balancer Controller (ALB), SMI (Linkerd) and NGINX with SMI together. The
// routers define the Ingresses; the Rollout defines the stable and canary Services.
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { gettingStartedRollout, httpService } from './common';
import { TrafficRouting } from '../src';

/** The Ingress of the NGINX guides: `rollouts-demo.local` to the stable Service. */
function nginxRouter() {
  // defines the Ingress rollouts-demo-stable (host rollouts-demo.local, path / to rollouts-demo-stable:80)
  return TrafficRouting.nginx({ host: 'rollouts-demo.local', annotations: { 'kubernetes.io/ingress.class': 'nginx' } });
}

/** Options of `plainNginxIngress`. */
export interface PlainNginxIngressOptions {
  readonly host: string;
  /** The Service of the only path, `/`, on port 80. */
  readonly service: string;
  readonly pathType: kplus.HttpIngressPathType;
  readonly annotations?: { [key: string]: string };
}

/**
 * An NGINX Ingress that brings traffic in but that no router uses: with SMI, the TrafficSplit does
 * the split, so the Ingress is an ordinary object of the app.
 */
export function plainNginxIngress(scope: Construct, name: string, o: PlainNginxIngressOptions): kplus.k8s.KubeIngress {
  return new kplus.k8s.KubeIngress(scope, name, {
    metadata: { name, annotations: { 'kubernetes.io/ingress.class': 'nginx', ...o.annotations } },
    spec: {
      rules: [{
        host: o.host,
        http: { paths: [{ path: '/', pathType: o.pathType, backend: { service: { name: o.service, port: { number: 80 } } } }] },
      }],
    },
  });
}

/** docs/getting-started/nginx: rollout.yaml, services.yaml, ingress.yaml. */
export function nginxGettingStarted(app: Construct): Chart[] {
  const chart = new Chart(app, 'nginx-getting-started');
  gettingStartedRollout(chart, { trafficRouting: [nginxRouter()] });
  return [chart];
}

/** docs/getting-started/alb: rollout.yaml, services.yaml (root, canary and stable NodePort Services), ingress.yaml. */
export function albGettingStarted(app: Construct): Chart[] {
  const chart = new Chart(app, 'alb-getting-started');
  // the root Service the Ingress names; the controller's action annotation splits it into stable and canary
  const root = httpService(chart, 'rollouts-demo-root', 'rollouts-demo', 'NodePort');
  gettingStartedRollout(chart, {
    serviceType: kplus.ServiceType.NODE_PORT,
    // defines the Ingress rollouts-demo-ingress (path / to rollouts-demo-root, port use-annotation)
    trafficRouting: [TrafficRouting.alb({ rootService: root.name, annotations: { 'kubernetes.io/ingress.class': 'alb' } })],
  });
  return [chart];
}

/** The annotation Linkerd needs on an NGINX Ingress (https://linkerd.io/2/tasks/using-ingress/#nginx). */
const LINKERD_DST_OVERRIDE = {
  'nginx.ingress.kubernetes.io/configuration-snippet': 'proxy_set_header l5d-dst-override $service_name.$namespace.svc.cluster.local:$service_port;\n',
};

/** docs/getting-started/smi: rollout.yaml, services.yaml, ingress.yaml (the controller creates the TrafficSplit). */
export function smiGettingStarted(app: Construct): Chart[] {
  const chart = new Chart(app, 'smi-getting-started');
  gettingStartedRollout(chart, {
    podAnnotations: { 'linkerd.io/inject': 'enabled' },
    trafficRouting: [TrafficRouting.smi()],
  });
  plainNginxIngress(chart, 'rollouts-demo-stable', {
    host: 'rollouts-demo.local', service: 'rollouts-demo-stable', pathType: kplus.HttpIngressPathType.PREFIX, annotations: LINKERD_DST_OVERRIDE,
  });
  return [chart];
}

/** docs/getting-started/mixed: NGINX and SMI route one Rollout; rollout.yaml, services.yaml, ingress.yaml. */
export function mixedGettingStarted(app: Construct): Chart[] {
  const chart = new Chart(app, 'mixed-getting-started');
  gettingStartedRollout(chart, {
    podAnnotations: { 'linkerd.io/inject': 'enabled' },
    trafficRouting: [nginxRouter(), TrafficRouting.smi()],
  });
  return [chart];
}

if (require.main === module) {
  const app = new App();
  for (const define of [nginxGettingStarted, albGettingStarted, smiGettingStarted, mixedGettingStarted]) {
    define(app);
  }
  app.synth();
}
