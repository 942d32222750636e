/**
 * The importer's view of an Argo Rollouts install: an `ArgoRollouts` (and an `ArgoRolloutsCrds` for
 * CRDs of their own) with the options that reproduce the input's objects.
 *
 * How: the install's shape (release, namespace, namespaced, CRDs inside or apart, dashboard,
 * notifications, ServiceMonitor, network policy, ...) is read from which objects the input holds; the
 * candidates are synthesized and the one closest to the input is kept. Then each typed option the
 * input shows (controller replicas, notification services, triggers, templates, subscriptions,
 * metrics, dashboard options, ...) is tried, and kept when it brings the install closer. What no
 * option reproduces falls back per object, never for the whole install: a JSON patch on the object
 * (with the field and why), the removal of an object the input does not hold, or, for an object of
 * the input the install does not define, a plain ApiObject with the reason.
 */
import { lit, obj, resources } from './code';
import { diffManifest, PatchOperation } from './diff';
import { evaluate, lineComment, patchCall, Synthesized } from './evaluate';
import {
  addedEntries, affinity, controllerArgs, crdOptionEntries, disruptionBudget, imageOptions, notificationOptions, plugins, rbacOptions,
  spreadConstraints, stringMap, tolerations,
} from './install-options';
import * as library from '../../index';
import { isObject, objectOrEmpty } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';

/** What the install part needs of an object of the input. */
export interface InstallInput {
  readonly kind: string;
  readonly name: string;
  readonly key: string;
  readonly manifest: any;
  /** Declared by the install construct (ArgoRollouts / ArgoRolloutsCrds). */
  byInstall?: boolean;
  /** Why an object that looks like part of the install is kept as a plain ApiObject. */
  plainBecause?: string;
}

/** The install's declaration, when the input holds one. */
export interface InstallDeclaration {
  /** The statements that declare it, with its escape hatches. */
  readonly statements: string[];
  /** Notes that concern every object of the install. */
  readonly notes: string[];
  /** Notes of single objects of the install (patched ones), by key. */
  readonly objectNotes: Map<string, string[]>;
}

/** Options of `findInstall`. */
export interface InstallSearchOptions {
  /** The release to declare (`--version`): the only one tried. */
  readonly version?: string;
  /** The chart id the body runs in. */
  readonly chartId?: string;
}

const VARIABLE = 'argoRolloutsInstall';

/** `ArgoRolloutsVersion.V1_9_1` for `1.9.1`, when the library has the release. */
export function versionCode(version: string | undefined): string | undefined {
  if (version === undefined) return undefined;
  const key = `V${version.replace(/^v/, '').replace(/[.-]/g, '_').toUpperCase()}`;
  return Object.keys(library.ArgoRolloutsVersion).includes(key) ? `ArgoRolloutsVersion.${key}` : undefined;
}

/** An ArgoRollouts props object, as entries (code). */
type Props = { [key: string]: string | undefined };

/** How far a synthesized install is from the input: patch size, objects to remove and objects left out. */
interface Fit {
  readonly cost: number;
  readonly patches: Map<string, PatchOperation[]>;
  readonly extra: { kind: string; name: string; key: string }[];
  readonly produced: Set<string>;
  /** What the install synthesized. */
  readonly synthesized: Synthesized;
}

/** Whether an object of the input looks like part of an Argo Rollouts install (for the cost, and for the reason given). */
function looksInstalled(item: InstallInput, namespace: string | undefined): boolean {
  if (item.kind === 'CustomResourceDefinition') return /\.argoproj\.io$/.test(item.name);
  const at = item.manifest?.metadata?.namespace ?? undefined;
  return /^argo-rollouts/.test(item.name) && (at === namespace || (at === undefined && /^Cluster/.test(item.kind)));
}

function fit(out: Synthesized, byKey: Map<string, InstallInput>, namespace: string | undefined, skipCrds: boolean): Fit {
  let cost = 0;
  const patches = new Map<string, PatchOperation[]>();
  const extra: Fit['extra'] = [];
  for (const [key, o] of out.byKey) {
    const input = byKey.get(key);
    if (!input) {
      extra.push({ kind: o.json.kind, name: o.json.metadata?.name, key });
      cost += 50;
      continue;
    }
    let ops: PatchOperation[];
    try {
      ops = diffManifest(o.json, input.manifest);
    } catch {
      ops = [{ op: 'replace', path: '', value: input.manifest }];
    }
    if (ops.length > 0) patches.set(key, ops);
    cost += ops.reduce((n, op) => n + 1 + JSON.stringify(op.value ?? null).length / 1000, 0);
  }
  for (const [key, item] of byKey) {
    if (out.byKey.has(key) || (skipCrds && item.kind === 'CustomResourceDefinition')) continue;
    if (looksInstalled(item, namespace)) cost += 100 + JSON.stringify(item.manifest).length / 1000;
  }
  return { cost, patches, extra, produced: new Set(out.byKey.keys()), synthesized: out };
}

/** Why a field of an install object differs, for the comment of its patch. */
function installWhy(kind: string, path: string): string {
  if (kind === 'Deployment' && /\/containers\/\d+\/(image|imagePullPolicy)$/.test(path)) {
    return 'the image is not the release\'s (ArgoRollouts pins the image to its version)';
  }
  return 'no ArgoRollouts option the importer maps reproduces it';
}

/**
 * Finds the install in the input; marks its objects `byInstall`, and the objects that look like
 * part of it but are not declared by it with why (`plainBecause`). Undefined when the input holds
 * no install (no controller Deployment `argo-rollouts`, and not the five CRDs alone).
 */
export function findInstall(items: InstallInput[], options: InstallSearchOptions = {}): InstallDeclaration | undefined {
  const find = (kind: string, name: string) => items.find(i => i.kind === kind && i.name === name);
  const controller = find('Deployment', 'argo-rollouts');
  const image = controller?.manifest?.spec?.template?.spec?.containers?.[0]?.image;
  const tag = typeof image === 'string' ? /argo-rollouts:v(\d+\.\d+\.\d+(?:-rc\d+)?)(?:@sha256:[a-f0-9]{64})?$/.exec(image)?.[1] : undefined;
  const all = library.ArgoRolloutsVersion.all().map(v => v.version);
  const crds = items.filter(i => i.kind === 'CustomResourceDefinition' && /\.argoproj\.io$/.test(i.name));
  /** The CRD options of a release (code entries, without `version`); the annotations, labels and keep-on-delete only when the library takes them. */
  const crdOptionsOf = new Map<string, { [key: string]: string | undefined }>();
  const crdEntries = (version: string) => {
    if (!crdOptionsOf.has(version)) {
      const manifests = crds.map(c => c.manifest);
      let entries = crdOptionEntries(manifests, [], false);
      try {
        const upstream = [...evaluate([`new ArgoRolloutsCrds(this, 'crds', { version: ${versionCode(version)} });`], options.chartId).byKey.values()];
        const extended = crdOptionEntries(manifests, upstream.map(o => o.json), true);
        if (extended.keepOnDelete ?? extended.annotations ?? extended.labels) {
          evaluate([`new ArgoRolloutsCrds(this, 'crds', ${obj({ version: versionCode(version), ...extended })});`], options.chartId);
          entries = extended;
        }
      } catch {
        // the library refuses them: the CRDs' other differences stay JSON patches
      }
      crdOptionsOf.set(version, entries);
    }
    return crdOptionsOf.get(version)!;
  };
  const crdProps = (version: string) => obj({ version: versionCode(version), ...crdEntries(version) });
  if (options.version !== undefined && tag !== undefined && versionCode(tag) && tag !== options.version.replace(/^v/, '')) {
    fail(`--version ${options.version} is not the release of the install in the input (${tag}: the controller image ${image}); `
      + `an ArgoRollouts of ${options.version} would declare other objects. Give --version ${tag}, or leave --version out.`);
  }
  const versions = options.version !== undefined ? [options.version.replace(/^v/, '')]
    : tag && versionCode(tag) ? [tag] : all;
  const byKey = new Map(items.map(i => [i.key, i]));
  const chartId = options.chartId;

  if (!controller) {
    if (crds.length !== 5) return undefined;
    // the CRDs alone: their version is that of the bundled definitions that match
    for (const version of versions) {
      const statements = [`new ArgoRolloutsCrds(this, 'crds', ${crdProps(version)});`];
      let out: Synthesized;
      try {
        out = evaluate(statements, chartId);
      } catch {
        continue;
      }
      const f = fit(out, byKey, undefined, false);
      if (f.extra.length === 0 && f.patches.size === 0) {
        for (const key of f.produced) byKey.get(key)!.byInstall = true;
        return { statements, notes: [], objectNotes: new Map() };
      }
    }
    return undefined;
  }

  const namespace: string | undefined = controller.manifest.metadata?.namespace;
  const ns = namespace ?? 'argo-rollouts';
  const namespaced = !find('ClusterRole', 'argo-rollouts');
  const base: Props = {
    namespace: ns !== 'argo-rollouts' ? lit(ns) : undefined,
    createNamespace: items.some(i => i.kind === 'Namespace' && i.name === ns) ? 'true' : undefined,
    namespaced: namespaced ? 'true' : undefined,
    aggregateRoles: !namespaced && !find('ClusterRole', 'argo-rollouts-aggregate-to-admin') ? 'false' : undefined,
    dashboard: find('Deployment', 'argo-rollouts-dashboard') ? 'true' : undefined,
    notifications: find('ConfigMap', 'argo-rollouts-notification-configmap') ? 'true' : undefined,
    networkPolicy: items.some(i => i.kind === 'NetworkPolicy' && /^argo-rollouts/.test(i.name)) ? 'true' : undefined,
  };
  const strip = namespace === undefined ? [
    lineComment('Escape hatch: like upstream\'s install.yaml, no namespace on the objects (it is applied with kubectl apply -n)'),
    `for (const child of ${VARIABLE}.node.findAll()) {`,
    '  if (child instanceof ApiObject && child.metadata.namespace !== undefined) child.addJsonPatch(JsonPatch.remove(\'/metadata/namespace\'));',
    '}',
  ] : [];
  /** The declaration; `crdsAt`: inside the install, in an ArgoRolloutsCrds apart, or none (while options are tried: they do not change the CRDs). */
  const declare = (props: Props, crdsAt: 'inside' | 'apart' | 'none', version: string) => [
    `const ${VARIABLE} = new ArgoRollouts(this, 'argo-rollouts', ${obj({
      version: versionCode(version),
      ...props,
      crds: crdsAt === 'inside' ? undefined : 'false',
    }) ?? '{}'});`,
    ...strip,
    ...(crdsAt === 'apart' && crds.length > 0 ? [`new ArgoRolloutsCrds(this, 'crds', ${crdProps(version)});`] : []),
  ];
  const refusals: string[] = [];
  const attempt = (statements: string[], skipCrds: boolean): Fit | undefined => {
    try {
      return fit(evaluate(statements, chartId), byKey, namespace, skipCrds);
    } catch (error) {
      const message = String((error as Error).message ?? error);
      if (!refusals.includes(message)) refusals.push(message);
      return undefined; // the options are refused: not this candidate
    }
  };
  /** No ArgoRollouts reproduces the install: its objects are plain ApiObjects, each saying why (every refusal, whole). */
  const none = (): undefined => {
    for (const item of items) {
      if (looksInstalled(item, namespace)) {
        item.plainBecause = `it looks like part of the Argo Rollouts install (${item.kind} ${item.name}), but no ArgoRollouts declaration the importer `
          + `tried is accepted by the library: ${refusals.join('\n')}`;
      }
    }
    return undefined;
  };

  // the release (told by the objects other than the CRDs), then where the CRDs are
  let best: { version: string; fit: Fit } | undefined;
  // (an untagged image: the CRDs tell the release too, where the other objects of two releases are alike)
  const byCrds = versions.length > 1 && crds.length > 0;
  for (const version of versions.filter(v => versionCode(v))) {
    const f = attempt(declare(base, byCrds ? (namespaced ? 'apart' : 'inside') : 'none', version), !byCrds);
    if (f && (!best || f.cost < best.fit.cost)) best = { version, fit: f };
  }
  if (!best) return none();
  const version = best.version;
  let crdsAt: 'inside' | 'apart' | 'none' = 'none';
  if (crds.length > 0) {
    let crdCost = Infinity;
    // CRDs with options of their own (sync wave, keep-on-delete, annotations, labels) are an ArgoRolloutsCrds apart, as the library's
    // documentation declares them (ArgoRollouts' crdOptions write the same objects)
    for (const at of namespaced ? ['apart', 'inside'] as const : ['inside', 'apart'] as const) {
      const f = attempt(declare(base, at, version), false);
      if (f && f.cost < crdCost) [crdsAt, crdCost] = [at, f.cost];
      if (f && crds.every(c => f.produced.has(c.key) && !f.patches.has(c.key))) break; // the CRDs as they are: look no further
    }
  }

  // the options: each kept when the install it gives is closer to the input (tried without CRDs, which they do not change)
  const props: Props = { ...base };
  const container = controller.manifest.spec?.template?.spec ?? {};
  const baseData = (() => {
    if (!base.notifications) return undefined;
    try {
      const out = evaluate([`new ArgoRollouts(this, 'argo-rollouts', ${obj({ version: versionCode(version), namespace: base.namespace, notifications: 'true', crds: 'false' })});`], chartId);
      return [...out.byKey.values()].find(o => o.json.kind === 'ConfigMap' && o.json.metadata?.name === 'argo-rollouts-notification-configmap')?.json.data;
    } catch {
      return undefined;
    }
  })();
  const monitor = items.find(i => i.kind === 'ServiceMonitor' && i.name === 'argo-rollouts-metrics')?.manifest;
  const dashboardService = find('Service', 'argo-rollouts-dashboard')?.manifest;
  const serviceTypes: { [t: string]: string } = { NodePort: 'kplus.ServiceType.NODE_PORT', LoadBalancer: 'kplus.ServiceType.LOAD_BALANCER' };
  const args: unknown = container.containers?.[0]?.args;
  // what the install without options writes, for the maps of labels and annotations that options add to
  const baseFit = best.fit;
  const baseJson = (kind: string, name: string) => [...baseFit.synthesized.byKey.values()]
    .find(o => o.json.kind === kind && o.json.metadata?.name === name)?.json;
  const baseDeployment = baseJson('Deployment', 'argo-rollouts');
  const template = controller.manifest.spec?.template ?? {};
  const replicas = typeof controller.manifest.spec?.replicas === 'number' ? controller.manifest.spec.replicas : 1;
  const roleKind = namespaced ? 'Role' : 'ClusterRole';
  const dashboardContainer = find('Deployment', 'argo-rollouts-dashboard')?.manifest?.spec?.template?.spec?.containers?.[0];
  const trials: (Props | ((kept: Props) => Props))[] = [
    { controller: obj({ replicas: typeof controller.manifest.spec?.replicas === 'number' ? String(controller.manifest.spec.replicas) : undefined }) },
    { controller: obj({ nodeSelector: stringMap(container.nodeSelector), priorityClassName: typeof container.priorityClassName === 'string' ? lit(container.priorityClassName) : undefined }) },
    { controller: obj({ resources: resources(container.containers?.[0]?.resources) }) },
    { plugins: plugins(find('ConfigMap', 'argo-rollouts-config')?.manifest?.data) },
    { controller: obj(controllerArgs(args)) },
    // when the flags do not reproduce the arguments: all of them as they are
    (kept: Props) => ({
      controller: kept.controller?.includes('extraArgs:') || !Array.isArray(args) || !args.every(a => typeof a === 'string')
      || !args.some(a => a !== '--namespaced') ? undefined : obj({ extraArgs: lit(args.filter(a => a !== '--namespaced')) }),
    }),
    {
      controller: obj({
        env: Array.isArray(container.containers?.[0]?.env) && container.containers[0].env.every((e: unknown) => isObject(e) && typeof e.name === 'string' && typeof e.value === 'string')
          ? lit(Object.fromEntries(container.containers[0].env.map((e: unknown) => [objectOrEmpty(e).name, objectOrEmpty(e).value]))) : undefined,
        imagePullSecrets: Array.isArray(container.imagePullSecrets) && container.imagePullSecrets.every((x: unknown) => isObject(x) && typeof x.name === 'string')
          ? lit(container.imagePullSecrets.map((x: unknown) => objectOrEmpty(x).name)) : undefined,
      }),
    },
    {
      notificationOptions: base.notifications ? notificationOptions(find('ConfigMap', 'argo-rollouts-notification-configmap')?.manifest?.data, baseData,
        find('Secret', 'argo-rollouts-notification-secret')?.manifest) : undefined,
    },
    {
      metrics: monitor ? obj({
        serviceMonitor: 'true',
        scrapeInterval: typeof monitor.spec?.endpoints?.[0]?.interval === 'string' ? lit(monitor.spec.endpoints[0].interval) : undefined,
        serviceMonitorLabels: addedEntries(monitor.metadata?.labels, baseJson('Service', 'argo-rollouts-metrics')?.metadata?.labels),
      }) : undefined,
    },
    { dashboardOptions: base.dashboard ? obj({ readOnly: 'true' }) : undefined },
    { dashboardOptions: base.dashboard ? obj({ serviceType: serviceTypes[dashboardService?.spec?.type] }) : undefined },
    {
      dashboardOptions: base.dashboard ? obj({
        resources: resources(dashboardContainer?.resources),
        image: imageOptions('dashboard', version, dashboardContainer?.image, dashboardContainer?.imagePullPolicy),
      }) : undefined,
    },
    // the controller's image, scheduling, disruption budget, labels and annotations
    { controller: obj({ image: imageOptions('controller', version, container.containers?.[0]?.image, container.containers?.[0]?.imagePullPolicy, 'IfNotPresent') }) },
    { controller: obj({ tolerations: tolerations(container.tolerations) }) },
    // (with the replicas when they were not kept alone: more than one gives an affinity of its own by default)
    (kept: Props) => ({
      controller: obj({
        replicas: replicas !== 1 && !/\breplicas: /.test(kept.controller ?? '') ? String(replicas) : undefined,
        affinity: affinity(container.affinity, replicas),
      }),
    }),
    { controller: obj({ topologySpreadConstraints: spreadConstraints(container.topologySpreadConstraints) }) },
    { controller: obj({ podDisruptionBudget: disruptionBudget(find('PodDisruptionBudget', 'argo-rollouts')?.manifest) }) },
    { controller: obj({ podLabels: addedEntries(template.metadata?.labels, baseDeployment?.spec?.template?.metadata?.labels) }) },
    { controller: obj({ podAnnotations: addedEntries(template.metadata?.annotations, baseDeployment?.spec?.template?.metadata?.annotations, ['checksum/config']) }) },
    { controller: obj({ deploymentLabels: addedEntries(controller.manifest.metadata?.labels, baseDeployment?.metadata?.labels) }) },
    { controller: obj({ deploymentAnnotations: addedEntries(controller.manifest.metadata?.annotations, baseDeployment?.metadata?.annotations) }) },
    // the controller's permissions: the providers' groups, and rules of its own
    rbacOptions(find(roleKind, 'argo-rollouts')?.manifest?.rules, baseJson(roleKind, 'argo-rollouts')?.rules, version),
  ];
  let current: Fit | undefined = best.fit;
  for (const trial of trials) {
    const entries = Object.entries(typeof trial === 'function' ? trial(props) : trial).filter(([, v]) => v !== undefined);
    if (entries.length === 0 || !current) continue;
    // options of one group merge with those kept before (controller: { replicas } and { nodeSelector })
    const merged: Props = { ...props };
    for (const [k, v] of entries) merged[k] = props[k] ? `{ ${props[k]!.slice(1, -1).trim()}, ${v!.slice(1, -1).trim()} }` : v;
    const f = attempt(declare(merged, 'none', version), true);
    if (f && f.cost < current.cost) {
      Object.assign(props, merged);
      current = f;
    }
  }

  const statements = declare(props, crdsAt, version);
  const final = attempt(statements, false);
  if (!final) return none();
  for (const key of final.produced) {
    if (byKey.has(key)) byKey.get(key)!.byInstall = true;
  }
  for (const item of items) {
    if (!item.byInstall && looksInstalled(item, namespace)) {
      item.plainBecause = `it looks like part of the Argo Rollouts install (${item.kind} ${item.name}), but the ArgoRollouts declared does not define it `
        + 'with any option the importer maps: kept as a plain ApiObject next to the install';
    }
  }

  // the escape hatches, per object
  const notes: string[] = [];
  const objectNotes = new Map<string, string[]>();
  if (namespace === undefined) notes.push('no namespace on the objects, as upstream\'s install.yaml (a JSON patch: ArgoRollouts always writes its namespace)');
  const hatches: string[] = [];
  for (const [key, ops] of [...final.patches.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const target = byKey.get(key)!;
    const lines = ops.map(op => {
      const reason = installWhy(target.kind, op.path);
      if (reason.startsWith('the image')) {
        const note = `the controller image ${image} (a JSON patch: ArgoRollouts pins the image to its version)`;
        if (!notes.includes(note)) notes.push(note);
      } else {
        const list = objectNotes.get(key) ?? [];
        list.push(`${op.path}: ${reason} (a JSON patch)`);
        objectNotes.set(key, list);
      }
      return `${lineComment(`${op.path}: ${reason}`)}\n    ${patchCall(op)},`;
    });
    hatches.push(`  if (child.kind === ${lit(target.kind)} && child.name === ${lit(target.name)}) {\n    child.addJsonPatch(\n${lines.join('\n')}\n    );\n  }`);
  }
  for (const extra of final.extra) {
    const note = `${extra.kind} ${extra.name}: the install defines it and the input does not hold it: removed (an escape hatch)`;
    notes.push(note);
    hatches.push(`  ${lineComment(note)}\n  if (child.kind === ${lit(extra.kind)} && child.name === ${lit(extra.name)}) child.node.scope?.node.tryRemoveChild(child.node.id);`);
  }
  const escape = hatches.length === 0 ? [] : [
    lineComment('Escape hatches on the install\'s objects: what the ArgoRollouts options above do not reproduce'),
    'for (const child of this.node.findAll()) {',
    '  if (!(child instanceof ApiObject)) continue;',
    ...hatches,
    '}',
  ];
  return { statements: [...statements, ...escape], notes, objectNotes };
}
