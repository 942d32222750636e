/**
 * Code for a Rollout: its props, strategy (blue-green or canary, with its steps, traffic routers and
 * analyses), the Services its strategy defines from the input's, and its pod selection.
 */
import { ADDRESS_LABEL, keepsPodDefaults } from './cdk8s-origin';
import { call, lit, obj } from './code';
import { durationSeconds } from './diff';
import { experimentAnalyses, rolloutArgs } from './emit-analysis';
import { optionsCode } from './emit-mapping';
import { bool, containers, duration, list, metadata, num, percentOrAbsolute, PROTOCOLS, roleMetadata, str } from './emit-values';
import { ModuleWriter } from './emit-writer';
import { lineComment } from './evaluate';
import { stringMap } from './install-options';
import { Item, pathOf } from './read';
import { isObject, objectOrEmpty, objectsOrEmpty, UncheckedObject } from '../../private/manifest-types';
import { routerRow } from '../../private/routers';
import { stepKindRow, StepKey } from '../../private/step-kinds';

/** The analysis of a Rollout (background, step, pre- or post-promotion). */
function rolloutAnalysis(w: ModuleWriter, a: unknown): string | undefined {
  if (!isObject(a) || !Array.isArray(a.templates)) return undefined;
  const templates = list(a.templates.map((t: unknown) => w.template(objectOrEmpty(t).templateName, objectOrEmpty(t).clusterScope === true)));
  const retention = Array.isArray(a.measurementRetention)
    ? Object.fromEntries(a.measurementRetention.filter((r: unknown) => typeof objectOrEmpty(r).limit === 'number').map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit]))
    : {};
  return obj({
    templates: templates ?? '[]',
    args: rolloutArgs(a.args),
    dryRunMetrics: Array.isArray(a.dryRun) ? list(a.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
    measurementRetention: Object.keys(retention).length > 0 ? lit(retention) : undefined,
    analysisRunLabels: stringMap(a.analysisRunMetadata?.labels),
    analysisRunAnnotations: stringMap(a.analysisRunMetadata?.annotations),
  });
}

/** The traffic routers of a canary: each router's factory with the options its row maps, one call per plugin. */
function routers(w: ModuleWriter, tr: UncheckedObject | undefined, rollout: Item): string | undefined {
  if (!tr || typeof tr !== 'object') return undefined;
  const out: string[] = [];
  for (const key of Object.keys(tr).sort()) {
    const r = tr[key];
    const row = routerRow(key);
    if (key === 'plugins') {
      for (const name of Object.keys(r ?? {}).sort()) {
        out.push(call(row!.factory, lit(name), obj({ config: r[name] && typeof r[name] === 'object' ? lit(r[name]) : undefined })));
      }
    } else if (row?.import !== undefined) {
      out.push(call(row.factory, optionsCode(w, row.import, r)));
    } else if (key !== 'managedRoutes') { // (managedRoutes: rendered from the steps' routes)
      w.gap(rollout, `trafficRouting.${key}: no TrafficRouting factory for it`);
    }
  }
  return list(out);
}

/**
 * The code of each step kind's block: the factory of its row (src/private/step-kinds.ts) with its
 * arguments; undefined when the block cannot be written so. The type wants one per row.
 */
const STEP_CODE: {
  readonly [K in StepKey]: (w: ModuleWriter, v: any, factory: string, maxTrafficWeight: number | undefined) => string | undefined;
} = {
  setWeight: (_w, v, factory, maxTrafficWeight) =>
    (typeof v === 'number' ? call(factory, String(v), maxTrafficWeight ? `{ maxTrafficWeight: ${maxTrafficWeight} }` : undefined) : undefined),
  pause: (_w, v, factory) => (v?.duration === undefined ? call(factory) : call(factory, duration(v.duration))),
  setCanaryScale: (_w, v, factory) =>
    call(factory, obj({ replicas: num(v?.replicas), weight: num(v?.weight), matchTrafficWeight: bool(v?.matchTrafficWeight) }) ?? '{}'),
  analysis: (w, v, factory) => {
    const a = rolloutAnalysis(w, v);
    return a ? call(factory, a) : undefined;
  },
  experiment: (w, v, factory) => call(factory, experimentStep(w, v)),
  setHeaderRoute: (_w, v, factory) => call(factory, call('ManagedRoute.named', lit(v?.name)), Array.isArray(v?.match) ? list(v.match.map((m: UncheckedObject) => obj({
    headerName: str(m.headerName), headerValue: stringMatch(m.headerValue),
  }))) : undefined),
  setMirrorRoute: (_w, v, factory) => call(factory, call('ManagedRoute.named', lit(v?.name)), obj({
    matches: Array.isArray(v?.match) ? list(v.match.map((m: UncheckedObject) => obj({
      method: stringMatch(m.method),
      path: stringMatch(m.path),
      headers: m.headers ? obj(Object.fromEntries(Object.entries(m.headers).map(([k, x]) => [k, stringMatch(x)]))) : undefined,
    }))) : undefined,
    percentage: num(v?.percentage),
  })),
  plugin: (_w, v, factory) => call(factory, lit(v?.name), v?.config !== undefined ? lit(v.config) : undefined),
};

/** The code of one canary step (of several keys: combined); undefined (and a gap) for one without a factory. */
function stepCode(w: ModuleWriter, s: any, maxTrafficWeight: number | undefined, rollout: Item): string | undefined {
  const keys = Object.keys(s ?? {});
  if (keys.length > 1) {
    const parts = keys.map(k => stepCode(w, { [k]: s[k] }, maxTrafficWeight, rollout));
    return parts.every(p => p !== undefined) ? call('CanaryStep.combined', `[${parts.join(', ')}]`) : undefined;
  }
  if (keys.length === 0) return undefined;
  const row = stepKindRow(keys[0]);
  if (row === undefined) {
    w.gap(rollout, `step '${keys[0]}': no CanaryStep factory for it`);
    return undefined;
  }
  return STEP_CODE[row.key](w, s[keys[0]], row.factory, maxTrafficWeight);
}

/** A `StringMatch` for a header, method or path match. */
function stringMatch(m: unknown): string | undefined {
  if (!isObject(m)) return undefined;
  for (const kind of ['exact', 'prefix', 'regex']) {
    if (typeof m[kind] === 'string') return call(`StringMatch.${kind}`, lit(m[kind]));
  }
  return undefined;
}

/** One `CanaryStep` call per step, with runs of setWeight + equal pauses as a progression. */
function stepsCode(w: ModuleWriter, steps: unknown[], maxTrafficWeight: number | undefined, rollout: Item): string {
  const out: string[] = [];
  let i = 0;
  while (i < steps.length) {
    const run: { weight: number; pause: unknown }[] = [];
    let j = i;
    while (j + 1 < steps.length && Object.keys(steps[j] ?? {}).join() === 'setWeight' && Object.keys(steps[j + 1] ?? {}).join() === 'pause'
      && typeof objectOrEmpty(steps[j]).setWeight === 'number'
      && (run.length === 0 || objectOrEmpty(steps[j]).setWeight > run[run.length - 1].weight)) {
      run.push({ weight: objectOrEmpty(steps[j]).setWeight, pause: objectOrEmpty(steps[j + 1]).pause?.duration });
      j += 2;
    }
    const timed = [...new Set(run.filter(r => r.pause !== undefined).map(r => durationSeconds(r.pause)))];
    if (run.length >= 2 && !maxTrafficWeight && timed.length <= 1 && !timed.includes(undefined)) {
      const pause = run.find(r => r.pause !== undefined)?.pause;
      const indefinite = run.filter(r => r.pause === undefined).map(r => r.weight);
      out.push(`...${call('CanaryStep.progression', obj({
        weights: lit(run.map(r => r.weight)),
        pause: pause !== undefined ? duration(pause) : undefined,
        indefinitePauseAfter: pause !== undefined && indefinite.length > 0 ? lit(indefinite) : undefined,
      }))}`);
      i = j;
      continue;
    }
    const step = stepCode(w, steps[i], maxTrafficWeight, rollout);
    if (step) out.push(step);
    i++;
  }
  return `[${out.join(', ')}]`;
}

/** The props of an experiment step. */
function experimentStep(w: ModuleWriter, step: unknown): string {
  const e = objectOrEmpty(step);
  return obj({
    templates: list((e.templates ?? []).map((template: unknown) => {
      const t = objectOrEmpty(template);
      return obj({
        name: str(t.name),
        specRef: t.specRef === 'stable' ? 'ExperimentSpecRef.STABLE' : t.specRef === 'canary' ? 'ExperimentSpecRef.CANARY' : undefined,
        replicas: num(t.replicas),
        weight: num(t.weight),
        labels: stringMap(objectOrEmpty(t.metadata).labels),
        annotations: stringMap(objectOrEmpty(t.metadata).annotations),
        selector: stringMap(objectOrEmpty(t.selector).matchLabels),
        service: t.service && Object.keys(t.service).length === 0 ? 'true' : undefined,
        serviceName: str(objectOrEmpty(t.service).name),
      });
    })) ?? '[]',
    duration: e.duration !== undefined ? duration(e.duration) : undefined,
    analyses: experimentAnalyses(w, e.analyses),
    dryRunMetrics: Array.isArray(e.dryRun) ? list(e.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
    analysisRunLabels: stringMap(objectOrEmpty(e.analysisRunMetadata).labels),
    analysisRunAnnotations: stringMap(objectOrEmpty(e.analysisRunMetadata).annotations),
  }) ?? '{ templates: [] }';
}

/** A Service of a strategy role: defined by the Rollout when the input holds it and no one else defines it. */
function strategyService(w: ModuleWriter, name: unknown, role: string, rollout: Item): string | undefined {
  if (typeof name !== 'string') return undefined;
  const svc = w.find('Service', name);
  if (!svc || rollout.servicesByName || (svc.definedBy && svc.definedBy.rollout !== rollout)) return call('StrategyService.fromServiceName', lit(name));
  svc.definedBy = { rollout, role };
  const spec = svc.manifest.spec ?? {};
  // ports that define() derives from the container ports (targeting them by name) are left out
  const containerPorts = objectsOrEmpty((rollout.manifest.spec?.template?.spec?.containers ?? [])
    .flatMap((c: unknown) => objectOrEmpty(c).ports ?? []));
  const derived = Array.isArray(spec.ports) && spec.ports.length === containerPorts.length && spec.ports.length > 0
    && spec.ports.every((p: unknown, i: number) => isObject(p) && ((typeof p.targetPort === 'string' && p.targetPort === containerPorts[i]?.name)
        || (containerPorts[i]?.name === undefined && typeof p.targetPort === 'number' && p.targetPort === containerPorts[i]?.containerPort))
      && (p.name === undefined || p.name === containerPorts[i]?.name) && p.nodePort === undefined
      && (spec.ports.length === 1 || p.port === containerPorts[i]?.containerPort));
  const ports = derived ? undefined : Array.isArray(spec.ports) ? list(spec.ports.map((p: UncheckedObject) => obj({
    port: num(p.port),
    targetPort: typeof p.targetPort === 'number' ? String(p.targetPort) : undefined,
    name: str(p.name),
    protocol: PROTOCOLS[p.protocol],
    nodePort: num(p.nodePort),
  }))) : undefined;
  const types: { [t: string]: string } = {
    ClusterIP: 'kplus.ServiceType.CLUSTER_IP', NodePort: 'kplus.ServiceType.NODE_PORT', LoadBalancer: 'kplus.ServiceType.LOAD_BALANCER',
  };
  return call('StrategyService.define', obj({
    name: lit(name),
    ports,
    port: derived && spec.ports[0].port !== containerPorts[0]?.containerPort ? num(spec.ports[0].port) : undefined,
    protocol: derived && new Set(spec.ports.map((p: unknown) => objectOrEmpty(p).protocol)).size === 1
      && spec.ports.some((p: unknown, i: number) => objectOrEmpty(p).protocol !== containerPorts[i]?.protocol)
      ? PROTOCOLS[spec.ports[0].protocol] : undefined,
    serviceType: types[spec.type],
    headless: spec.clusterIP === 'None' ? 'true' : undefined,
    labels: stringMap(svc.manifest.metadata?.labels),
    annotations: stringMap(svc.manifest.metadata?.annotations),
  }));
}

/** The `RolloutStrategy` of a Rollout. */
function strategyCode(w: ModuleWriter, strategy: unknown, rollout: Item): string | undefined {
  const st = objectOrEmpty(strategy);
  if (st.blueGreen) {
    const b = st.blueGreen;
    return call('RolloutStrategy.blueGreen', obj({
      activeService: strategyService(w, b.activeService, 'active', rollout),
      previewService: b.previewService === undefined ? 'StrategyService.none()' : strategyService(w, b.previewService, 'preview', rollout),
      autoPromotionEnabled: bool(b.autoPromotionEnabled),
      autoPromotionDelay: b.autoPromotionSeconds !== undefined ? duration(b.autoPromotionSeconds) : undefined,
      previewReplicaCount: num(b.previewReplicaCount),
      maxUnavailable: percentOrAbsolute(b.maxUnavailable),
      scaleDownDelay: b.scaleDownDelaySeconds !== undefined ? duration(b.scaleDownDelaySeconds) : undefined,
      scaleDownDelayRevisionLimit: num(b.scaleDownDelayRevisionLimit),
      abortScaleDownDelay: b.abortScaleDownDelaySeconds !== undefined ? duration(b.abortScaleDownDelaySeconds) : undefined,
      prePromotionAnalysis: rolloutAnalysis(w, b.prePromotionAnalysis),
      postPromotionAnalysis: rolloutAnalysis(w, b.postPromotionAnalysis),
      antiAffinity: antiAffinityCode(b.antiAffinity),
      activeMetadata: roleMetadata(b.activeMetadata),
      previewMetadata: roleMetadata(b.previewMetadata),
    }));
  }
  if (!st.canary) return undefined;
  const c = st.canary;
  const analysis = rolloutAnalysis(w, c.analysis);
  return call('RolloutStrategy.canary', obj({
    steps: Array.isArray(c.steps) ? stepsCode(w, c.steps, c.trafficRouting?.maxTrafficWeight ?? undefined, rollout) : undefined,
    maxSurge: percentOrAbsolute(c.maxSurge),
    maxUnavailable: percentOrAbsolute(c.maxUnavailable),
    stableService: strategyService(w, c.stableService, 'stable', rollout),
    canaryService: strategyService(w, c.canaryService, 'canary', rollout),
    pingPong: c.pingPong ? obj({
      pingService: strategyService(w, c.pingPong.pingService, 'ping', rollout),
      pongService: strategyService(w, c.pingPong.pongService, 'pong', rollout),
    }) : undefined,
    trafficRouting: rollout.level === 0 ? routers(w, c.trafficRouting, rollout) : undefined,
    maxTrafficWeight: rollout.level === 0 ? num(c.trafficRouting?.maxTrafficWeight) : undefined,
    analysis: analysis && c.analysis.startingStep !== undefined
      ? analysis.replace(/ }$/, `, startingStep: ${num(c.analysis.startingStep)} }`) : analysis,
    canaryMetadata: roleMetadata(c.canaryMetadata),
    stableMetadata: roleMetadata(c.stableMetadata),
    scaleDownDelay: c.scaleDownDelaySeconds !== undefined ? duration(c.scaleDownDelaySeconds) : undefined,
    scaleDownDelayRevisionLimit: num(c.scaleDownDelayRevisionLimit),
    abortScaleDownDelay: c.abortScaleDownDelaySeconds !== undefined ? duration(c.abortScaleDownDelaySeconds) : undefined,
    dynamicStableScale: bool(c.dynamicStableScale),
    minPodsPerReplicaSet: num(c.minPodsPerReplicaSet),
    antiAffinity: antiAffinityCode(c.antiAffinity),
  }));
}

/** The `AntiAffinity` of a strategy. */
function antiAffinityCode(antiAffinity: unknown): string | undefined {
  const a = objectOrEmpty(antiAffinity);
  if (a.requiredDuringSchedulingIgnoredDuringExecution) return 'AntiAffinity.required()';
  const w = objectOrEmpty(a.preferredDuringSchedulingIgnoredDuringExecution).weight;
  return typeof w === 'number' ? `AntiAffinity.preferred(${w})` : undefined;
}

/** Declares a Rollout, and selects its pods when its selector is not the pod labels. */
export function declareRollout(w: ModuleWriter, item: Item): void {
  const m = item.manifest;
  const spec = m.spec ?? {};
  const ref = spec.workloadRef;
  const scaleDowns: { [s: string]: string } = {
    never: 'WorkloadScaleDown.NEVER', onsuccess: 'WorkloadScaleDown.ON_SUCCESS', progressively: 'WorkloadScaleDown.PROGRESSIVELY',
  };
  const deployment = ref ? w.find('Deployment', ref.name) : undefined;
  const template = spec.template ?? {};
  // selected by the cdk8s-plus address label: `select` at its default recreates it (see cdk8s-origin.ts)
  const byAddress = item.selectsByAddress === true;
  const withoutAddress = (labels: unknown) => (byAddress && labels
    ? Object.fromEntries(Object.entries(labels).filter(([k]) => k !== ADDRESS_LABEL)) : labels);
  const scope = w.scopeOf(item);
  if (byAddress && item.addressRecreated) {
    w.write(lineComment(`pods selected by the cdk8s-plus address label, from the construct path ${w.chartId}/${pathOf(item)}: `
      + `keep the chart id and ${item.scopes.length > 0 ? 'the ids of this path' : 'this id'}, or the label (and the selector, which the API server `
      + 'does not let change) changes'));
  }
  const props = obj({
    metadata: metadata(m.metadata),
    replicas: num(spec.replicas),
    select: byAddress ? undefined : 'false',
    podTemplateDefaults: ref || keepsPodDefaults(template.spec) ? undefined : 'PodTemplateDefaults.NONE',
    podMetadata: ref ? undefined : roleMetadata({ ...template.metadata, labels: withoutAddress(template.metadata?.labels) }),
    containers: ref ? undefined : containers(template.spec?.containers, keepsPodDefaults(template.spec)),
    initContainers: ref ? undefined : containers(template.spec?.initContainers, keepsPodDefaults(template.spec)),
    workloadRef: ref ? call('WorkloadReference.fromDeploymentName', lit(ref.name), obj({
      scaleDown: scaleDowns[ref.scaleDown],
      podLabels: stringMap(deployment?.manifest?.spec?.template?.metadata?.labels ?? spec.selector?.matchLabels),
    })) : undefined,
    minReady: spec.minReadySeconds !== undefined ? duration(spec.minReadySeconds) : undefined,
    progressDeadline: spec.progressDeadlineSeconds !== undefined ? duration(spec.progressDeadlineSeconds) : undefined,
    progressDeadlineAbort: bool(spec.progressDeadlineAbort),
    revisionHistoryLimit: num(spec.revisionHistoryLimit),
    paused: bool(spec.paused),
    restartAt: typeof spec.restartAt === 'string' ? `new Date(${lit(spec.restartAt)})` : undefined,
    rollbackWindowRevisions: num(spec.rollbackWindow?.revisions),
    successfulRunHistoryLimit: num(spec.analysis?.successfulRunHistoryLimit),
    unsuccessfulRunHistoryLimit: num(spec.analysis?.unsuccessfulRunHistoryLimit),
    strategy: strategyCode(w, spec.strategy, item),
  });
  w.write(`const ${item.variable} = new Rollout(${scope}, ${lit(item.id)}, ${props ?? '{}'});`);
  const selected = withoutAddress(spec.selector?.matchLabels);
  const podLabels = withoutAddress(template.metadata?.labels);
  if (stringMap(selected) && (ref || JSON.stringify(selected) !== JSON.stringify(podLabels))) {
    w.write(`${item.variable}.select(kplus.LabelSelector.of({ labels: ${lit(selected)} }));`);
  }
}
