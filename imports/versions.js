// The input list of the version table: the Argo Rollouts releases this library supports, and the
// facts about each that its release files (<upstream>/<tag>/) do not carry, read from the
// controller's source at that tag. Everything else in the table — images, CRD data and sizes,
// the controller's readiness probe, RBAC groups — is read from the release files by
// imports/generate-install-data.js, which writes the table to src/imports/argo-rollouts-versions.ts.
//
// Adding a release: add an entry here (newest first), put its files into <upstream>/<tag>/, run
// `npx projen generate`, then add tests for what changed (docs/maintaining.md).
//
// Never read by the library at run time: only the generated table is.

/** The release used when none is given: the latest release that is not a candidate. */
const DEFAULT = '1.9.1';

/** Controller flags of cmd/rollouts-controller/main.go (the flag names, without `--`). */
const FLAGS_1_8 = [
  'alb-ingress-classes', 'alb-verify-weight', 'ambassador-api-version', 'analysis-threads', 'appmesh-crd-version',
  'aws-verify-target-group', 'burst', 'controllers', 'enable-pprof-address', 'experiment-threads', 'healthzPort',
  'ingress-api-version', 'ingress-threads', 'instance-id', 'istio-api-version', 'kloglevel', 'kubeconfig', 'leader-elect',
  'leader-election-lease-duration', 'leader-election-renew-deadline', 'leader-election-retry-period', 'logformat', 'loglevel',
  'metricsport', 'namespaced', 'nginx-ingress-classes', 'qps', 'rollout-resync', 'rollout-threads',
  'self-service-notification-enabled', 'service-threads', 'traefik-api-group', 'traefik-api-version',
  'traffic-split-api-version', 'version',
];
/** 1.9 added these (and spells the metrics port `metricsPort`, keeping `metricsport` as an alias). */
const FLAGS_1_9 = [
  ...FLAGS_1_8, 'alb-tag-key-resource-id', 'aws-target-group-binding-api-version', 'ephemeral-metadata-threads',
  'ephemeral-metadata-update-pod-retries', 'metricsPort',
].sort();

/**
 * Rule facts, from pkg/apis/rollouts/validation/validation.go, utils/replicaset/canary.go,
 * rollout/replicaset.go and pkg/apis/rollouts/v1alpha1 at each tag.
 */
const RULES_1_8 = {
  // ValidateRolloutStrategyCanary: canary.pingPong needs one of these routers (trafficRouting keys)
  pingPongRouters: ['alb', 'istio'],
  // ValidateRolloutStrategyCanary: a setMirrorRoute step needs one of these routers
  mirrorRouteRouters: ['istio'],
  // CheckMinPodsPerReplicaSet: minPodsPerReplicaSet is capped at spec.replicas
  minPodsCappedAtReplicas: false,
  // an aborted Rollout with dynamicStableScale walks its setWeight steps backwards
  abortWalksStepsBackwards: false,
  // canary.replicaProgressThreshold lets a step complete before every canary pod is available
  replicaProgressThreshold: false,
  // rollout/sync.go shouldFullPromote: past the last step, a canary is promoted once its new
  // ReplicaSet has at least spec.replicas available pods (true); or exactly spec.replicas (false)
  promotesAboveReplicas: false,
  // DatadogMetric.requestTimeout (a positive Go duration) sets the HTTP timeout of the provider
  datadogRequestTimeout: false,
  // utils/istio GetVirtualServiceNamespaceName: a VirtualService reference `a.b.c` is name `a`,
  // namespace `b` (false); or, without a `.cluster.local` suffix, name `a.b`, namespace `c` (true)
  virtualServiceSplitAtLastDot: false,
  // ValidateIngress: with an nginx router, every Ingress the Rollout references (with an ALB router
  // too, the ALB Ingresses) is checked as nginx's, against stableService (true); or each Ingress by
  // the router that names it, an ALB one against alb.rootService (false)
  ingressesCheckedAsNginx: true,
};
const RULES_1_9 = {
  ...RULES_1_8, abortWalksStepsBackwards: true, replicaProgressThreshold: true, promotesAboveReplicas: true, ingressesCheckedAsNginx: false,
};
const RULES_1_10 = {
  ...RULES_1_9,
  pingPongRouters: ['alb', 'istio', 'plugins'],
  mirrorRouteRouters: ['istio', 'plugins'],
  minPodsCappedAtReplicas: true,
  datadogRequestTimeout: true,
  virtualServiceSplitAtLastDot: true,
};

/**
 * The service types of the notifications engine the controller is built with (go.mod: 0.4 in 1.8,
 * 0.5.0 in 1.9, 0.5.1 in 1.10; pkg/services/services.go of the engine at that version).
 */
const NOTIFICATION_SERVICES_1_8 = [
  'alertmanager', 'awssqs', 'email', 'github', 'googlechat', 'grafana', 'mattermost', 'newrelic', 'opsgenie', 'pagerduty',
  'pagerdutyv2', 'pushover', 'rocketchat', 'slack', 'teams', 'telegram', 'webex', 'webhook',
];
const NOTIFICATION_SERVICES_1_10 = [...NOTIFICATION_SERVICES_1_8, 'gcppubsub', 'nats', 'teams-workflows'].sort();

/** utils/defaults/defaults.go: what the controller uses when a flag is not given. */
const TRAEFIK_V2 = { traefikApiGroup: 'traefik.containo.us', traefikApiVersion: 'traefik.containo.us/v1alpha1' };
const TRAEFIK_V3 = { traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1' };

const VERSIONS = [
  {
    version: '1.10.0-rc1', prerelease: true, controllerFlags: FLAGS_1_9, controllerDefaults: TRAEFIK_V3, rules: RULES_1_10,
    notificationServices: NOTIFICATION_SERVICES_1_10,
  },
  {
    version: '1.9.1', prerelease: false, controllerFlags: FLAGS_1_9, controllerDefaults: TRAEFIK_V2, rules: RULES_1_9,
    notificationServices: NOTIFICATION_SERVICES_1_8,
  },
  {
    version: '1.8.4', prerelease: false, controllerFlags: FLAGS_1_8, controllerDefaults: TRAEFIK_V2, rules: RULES_1_8,
    notificationServices: NOTIFICATION_SERVICES_1_8,
  },
  {
    version: '1.8.3', prerelease: false, controllerFlags: FLAGS_1_8, controllerDefaults: TRAEFIK_V2, rules: RULES_1_8,
    notificationServices: NOTIFICATION_SERVICES_1_8,
  },
];

if (!VERSIONS.some(v => v.version === DEFAULT && !v.prerelease)) {
  throw new Error(`imports/versions.js: the default ${DEFAULT} must be one of the releases listed, and not a candidate.`);
}

module.exports = { DEFAULT, VERSIONS, tags: () => VERSIONS.map(v => `v${v.version}`) };
