/** Manifests shared by the plan tests and the docs: the headline scenarios of docs/plan.md. */

/** A pod template with requests on its one container. */
export function template(cpu = '250m', memory = '256Mi'): any {
  return {
    metadata: { labels: { app: 'web' } },
    spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu, memory } } }] },
  };
}

/** The getting-started canary of Argo Rollouts: 5 replicas, basic canary, 20 → 80 % with pauses. */
export function gettingStartedCanary(): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'rollouts-demo' },
    spec: {
      replicas: 5,
      selector: { matchLabels: { app: 'web' } },
      template: template(),
      strategy: {
        canary: {
          steps: [
            { setWeight: 20 },
            { pause: {} },
            { setWeight: 40 },
            { pause: { duration: 10 } },
            { setWeight: 60 },
            { pause: { duration: 10 } },
            { setWeight: 80 },
            { pause: { duration: 10 } },
          ],
        },
      },
    },
  };
}

/** The blue-green example of Argo Rollouts: 2 replicas, manual promotion. */
export function blueGreenExample(): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'rollout-bluegreen' },
    spec: {
      replicas: 2,
      revisionHistoryLimit: 2,
      selector: { matchLabels: { app: 'web' } },
      template: template(),
      strategy: {
        blueGreen: {
          activeService: 'rollout-bluegreen-active',
          previewService: 'rollout-bluegreen-preview',
          autoPromotionEnabled: false,
        },
      },
    },
  };
}

/** A Deployment taken over by a Rollout through workloadRef (the two-phase migration). */
export function migration(scaleDown: string): any[] {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: template('500m', '512Mi') },
  };
  const rollout = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', scaleDown },
      strategy: { canary: { steps: [{ setWeight: 25 }, { pause: { duration: '5m' } }, { setWeight: 50 }, { pause: { duration: '5m' } }] } },
    },
  };
  return [rollout, deployment];
}

/**
 * A canary with Istio header and mirror routes: the canary is scaled up with the header route, a
 * mirror of GET requests grows from 35 to 100 %, then the weight takes over (the canary scaled by it
 * again, in the same step) and the routes go.
 */
export function headerAndMirrorCanary(): any {
  const mirrorMatch = [{ method: { exact: 'GET' }, path: { prefix: '/api' } }];
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'shop' },
    spec: {
      replicas: 10,
      selector: { matchLabels: { app: 'web' } },
      template: template(),
      strategy: {
        canary: {
          canaryService: 'shop-canary',
          stableService: 'shop-stable',
          trafficRouting: {
            managedRoutes: [{ name: 'beta-testers' }, { name: 'mirror-get' }],
            istio: { virtualService: { name: 'shop', routes: ['primary'] } },
          },
          steps: [
            {
              setCanaryScale: { replicas: 2 },
              setHeaderRoute: { name: 'beta-testers', match: [{ headerName: 'X-Group', headerValue: { exact: 'beta' } }] },
            },
            { pause: {} },
            { setMirrorRoute: { name: 'mirror-get', percentage: 35, match: mirrorMatch } },
            { pause: { duration: '10m' } },
            { setMirrorRoute: { name: 'mirror-get', percentage: 100, match: mirrorMatch } },
            { pause: { duration: '10m' } },
            { setMirrorRoute: { name: 'mirror-get' } },
            { setWeight: 25, setCanaryScale: { matchTrafficWeight: true } },
            { pause: { duration: '10m' } },
            { setHeaderRoute: { name: 'beta-testers' } },
            { setWeight: 75 },
            { pause: { duration: '10m' } },
          ],
        },
      },
    },
  };
}

/** A canary Rollout of 4 replicas with these steps and other canary fields; its container requests nothing. */
export function canaryRollout(steps: any[], canary: any = {}): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      strategy: { canary: { steps, ...canary } },
    },
  };
}

/** A Prometheus metric with a successCondition only: its measurements succeed or fail, never inconclusive. */
export function prometheusMetric(name: string, fields: any): any {
  return { name, successCondition: 'result[0] >= 0.95', provider: { prometheus: { address: 'http://prometheus:9090', query: 'sum(up)' } }, ...fields };
}
