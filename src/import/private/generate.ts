/**
 * The importer: Argo Rollouts manifests → one TypeScript module that declares the same objects with
 * this library's L2 API (a cdk8s `Chart` class).
 *
 * How it stays exact: the constructor body it writes is plain JavaScript as well as TypeScript, so it
 * is run here, against the library, and what it synthesizes is compared with the input
 * (src/import/diff.ts). What the L2 calls did not reproduce becomes a JSON patch on the object, with
 * a comment saying why; an object the L2 API refuses is kept as a plain `ApiObject`. The module is
 * run once more with the patches, and must then synthesize the input.
 */
import { ADDRESS_LABEL, addressSelection, keepsPodDefaults, originOfAddress } from './cdk8s-origin';
import { call, identifier, lit, obj, opt, resources } from './code';
import { diffManifest, durationSeconds, equivalent } from './diff';
import { DEFAULT_CHART_ID, evaluate, labelOf, lineComment, namedByServer, objectKey, patchCall, Synthesized } from './evaluate';
import { findInstall, versionCode } from './install';
import { layoutModule } from './layout';
import * as library from '../../index';
import { cdk8sPlusLine } from '../../private/cdk8s-plus';
import { isObject, objectOrEmpty, objectsOrEmpty } from '../../private/manifest-types';
import { versionFacts } from '../../private/versions';

const ARGO = 'argoproj.io/v1alpha1';

/** Options of `generateModule`. */
export interface ImportOptions {
  /** The name of the exported Chart class. @default 'ImportedChart' */
  readonly chartName?: string;
  /**
   * The Argo Rollouts release the manifests are checked against (`--version`), pinned in the
   * generated code (`ArgoRolloutsApp.of(this).useVersion()`, the install's `version`).
   * @default - the install's release when the input holds one, else the library's default release
   */
  readonly version?: string;
}

/** How one object of the input was declared. */
export interface ImportedObject {
  /** `Kind/name`. */
  readonly object: string;
  /**
   * `l2`: through the L2 API alone; `patched`: L2 plus JSON patches; `plain`: a plain ApiObject;
   * `install`: an object of the install, declared by `ArgoRollouts` / `ArgoRolloutsCrds`.
   */
  readonly how: 'l2' | 'patched' | 'plain' | 'defined-by' | 'install';
  /** For Argo objects not fully expressed: why (one line per gap). */
  readonly reasons: string[];
  /** Whether the object is of an Argo Rollouts kind. */
  readonly argo: boolean;
}

/** The result of an import. */
export interface ImportResult {
  /** The TypeScript module. */
  readonly source: string;
  /** The id the module's own app gives the chart (the input's, when cdk8s-plus address labels name it). */
  readonly chartId: string;
  /** How each input object was declared, in input order. */
  readonly objects: ImportedObject[];
  /** Objects that could not be represented at all (the CLI exits 1). */
  readonly failures: string[];
}

interface Item {
  readonly index: number;
  readonly manifest: any;
  readonly kind: string;
  readonly name: string;
  /** `objectKey` of the manifest (an object the API server names: with the id of the construct that declares it). */
  key: string;
  readonly argo: boolean;
  variable: string;
  id: string;
  /** The ids of the plain constructs between the chart and the construct of the item, outermost first (see `recognizeAddresses`). */
  scopes: string[];
  /** 0: full L2; 1: L2 without traffic routing and with Services by name; 2: plain ApiObject. */
  level: number;
  /** A Rollout takes its Services by name (fromServiceName) even when the input holds them. */
  servicesByName: boolean;
  /** Declared by the install construct (ArgoRollouts / ArgoRolloutsCrds). */
  byInstall?: boolean;
  /** Services a Rollout defines: the Rollout's item and role. */
  definedBy?: { readonly rollout: Item; readonly role: string };
  demotedBecause?: string;
  /** Why an object that looks like part of the install is a plain ApiObject (see install.ts). */
  plainBecause?: string;
  /** A Rollout selecting its pods by the cdk8s-plus address label that its construct path here recreates. */
  selectsByAddress?: boolean;
  /** ... and its construct path here recreates the label's value (else a JSON patch keeps it). */
  addressRecreated?: boolean;
}

/** The construct path of an item below the chart (`group/web`). */
function pathOf(item: Item): string {
  return [...item.scopes, item.id].join('/');
}

/** The id of the chart's child that holds an item's construct. */
function topOf(item: Item): string {
  return item.scopes[0] ?? item.id;
}

/** Whether one of two construct paths (lists of ids) is the other or holds it (compared over the shorter one's length). */
function nested(a: string[], b: string[]): boolean {
  return a.slice(0, b.length).every((id, i) => id === b[i]);
}

/** `Duration` code for a duration value (seconds or Go duration), when it is whole seconds. */
function duration(v: unknown): string | undefined {
  const s = durationSeconds(v);
  if (s === undefined) return undefined;
  if (s > 0 && s % 3600 === 0) return `Duration.hours(${s / 3600})`;
  if (s > 0 && s % 60 === 0) return `Duration.minutes(${s / 60})`;
  return `Duration.seconds(${s})`;
}

function num(v: unknown): string | undefined {
  return typeof v === 'number' ? String(v) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? lit(v) : undefined;
}

function bool(v: unknown): string | undefined {
  return typeof v === 'boolean' ? String(v) : undefined;
}

function stringMap(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length === 0) return undefined;
  return Object.values(v).every(x => typeof x === 'string') ? lit(v) : undefined;
}

function list(items: (string | undefined)[]): string | undefined {
  const defined = items.filter((i): i is string => i !== undefined);
  return defined.length === 0 ? undefined : `[${defined.join(', ')}]`;
}

function percentOrAbsolute(v: unknown): string | undefined {
  if (typeof v === 'number') return `kplus.PercentOrAbsolute.absolute(${v})`;
  if (typeof v === 'string' && /^\d+%$/.test(v)) return `kplus.PercentOrAbsolute.percent(${v.slice(0, -1)})`;
  return undefined;
}

const PROTOCOLS: { [p: string]: string } = { TCP: 'kplus.Protocol.TCP', UDP: 'kplus.Protocol.UDP', SCTP: 'kplus.Protocol.SCTP' };
const PULL_POLICIES: { [p: string]: string } = {
  Always: 'kplus.ImagePullPolicy.ALWAYS', IfNotPresent: 'kplus.ImagePullPolicy.IF_NOT_PRESENT', Never: 'kplus.ImagePullPolicy.NEVER',
};

/** What cdk8s-plus writes into a container by default, left out of the props of a pod that keeps the defaults. */
const CONTAINER_DEFAULTS = {
  name: 'main', imagePullPolicy: 'Always', resources: { requests: { cpu: '1000m', memory: '512Mi' }, limits: { cpu: '1500m', memory: '2048Mi' } },
};

/**
 * cdk8s-plus container props for a container manifest (what they do not cover is patched); `defaults`:
 * the pod keeps the cdk8s-plus defaults, so what they write is left out.
 */
function container(c: any, defaults: boolean): string {
  const given = (field: keyof typeof CONTAINER_DEFAULTS) => (defaults && c[field] !== undefined && equivalent(c[field], CONTAINER_DEFAULTS[field])
    ? undefined : c[field]);
  const env = Array.isArray(c.env) && c.env.length > 0 && c.env.every((e: unknown) => isObject(e) && typeof e.name === 'string' && typeof e.value === 'string'
    && Object.keys(e).length === 2)
    ? `{ ${c.env.map((e: unknown) => `${lit(objectOrEmpty(e).name)}: kplus.EnvValue.fromValue(${lit(objectOrEmpty(e).value)})`).join(', ')} }`
    : undefined;
  // one bare port with the startup probe cdk8s-plus derives from it: `portNumber`, which writes both
  const port = Array.isArray(c.ports) && c.ports.length === 1 && Object.keys(c.ports[0] ?? {}).join() === 'containerPort' ? c.ports[0].containerPort : undefined;
  const portNumber = typeof port === 'number' && typeof c.startupProbe === 'object' && equivalent(c.startupProbe, { failureThreshold: 3, tcpSocket: { port } }) ? String(port) : undefined;
  const ports = portNumber !== undefined ? undefined : Array.isArray(c.ports) ? list(c.ports.map((p: any) => obj({
    number: num(p.containerPort), name: str(p.name), protocol: PROTOCOLS[p.protocol], hostPort: num(p.hostPort),
  }))) : undefined;
  return obj({
    name: str(given('name')),
    image: str(c.image),
    imagePullPolicy: PULL_POLICIES[given('imagePullPolicy')],
    command: Array.isArray(c.command) && c.command.every((x: unknown) => typeof x === 'string') ? lit(c.command) : undefined,
    args: Array.isArray(c.args) && c.args.every((x: unknown) => typeof x === 'string') ? lit(c.args) : undefined,
    workingDir: str(c.workingDir),
    portNumber,
    ports,
    envVariables: env,
    resources: resources(given('resources')),
  }) ?? '{}';
}

function containers(list_: unknown, defaults = false): string | undefined {
  return Array.isArray(list_) && list_.length > 0 ? `[${list_.map(c => container(c, defaults)).join(', ')}]` : undefined;
}

function metadata(meta: unknown): string | undefined {
  const m = objectOrEmpty(meta);
  return obj({
    name: str(m.name), namespace: str(m.namespace), labels: stringMap(m.labels), annotations: stringMap(m.annotations),
  });
}

function roleMetadata(meta: unknown): string | undefined {
  const m = objectOrEmpty(meta);
  return obj({ labels: stringMap(m.labels), annotations: stringMap(m.annotations) });
}

/** `MetricAuthentication.sigv4()` for a sigv4 block (oauth2 is left to a patch). */
function authentication(auth: unknown): string | undefined {
  const a = objectOrEmpty(auth);
  const sigv4 = a.sigv4;
  if (!sigv4 || typeof sigv4 !== 'object' || Object.keys(a).length !== 1) return undefined;
  if (!Object.keys(sigv4).every(k => ['region', 'profile', 'roleArn'].includes(k) && typeof sigv4[k] === 'string')) return undefined;
  return call('MetricAuthentication.sigv4', Object.keys(sigv4).length > 0 ? lit(sigv4) : undefined);
}

/** An entry of a list of HTTP headers (`key`, `value`), as a metric provider takes them. */
interface KeyValue {
  readonly key: string;
  readonly value: string;
}

function isKeyValue(x: unknown): x is KeyValue {
  return isObject(x) && typeof x.key === 'string' && typeof x.value === 'string';
}

/** The generator of one module. */
class ModuleWriter {
  /** The statements that declare the install, when the input holds one (see `findInstall`). */
  public installStatements: string[] = [];
  /** The escape hatches of the install declaration. */
  public installNotes: string[] = [];
  /** The escape hatches of single objects of the install, by key. */
  public installObjectNotes = new Map<string, string[]>();
  /** The chart id the body runs in, and the module's app gives its chart. */
  public chartId = DEFAULT_CHART_ID;
  /** Statements before everything else (the release). */
  public preamble: string[] = [];
  private readonly items: Item[];
  private readonly byKindName = new Map<string, Item>();
  private statements: string[] = [];
  private refs = new Map<string, string>();
  private usedIds = new Set<string>();
  private reasons = new Map<Item, string[]>();
  /** The variables of the plain constructs that hold items (see `recognizeAddresses`), by path below the chart. */
  private scopeVariables = new Map<string, string>();
  /** The scopes the current body has declared. */
  private declaredScopes = new Set<string>();

  constructor(manifests: unknown[], private readonly chartName: string) {
    const variables = new Set<string>();
    const ids = new Set<string>();
    const nameOf = (m: unknown) => {
      const meta = objectOrEmpty(objectOrEmpty(m).metadata);
      return String(meta.name ?? meta.generateName?.replace(/-+$/, '') ?? '');
    };
    const names = manifests.map(nameOf);
    // objects of one kind that the API server names from the same prefix: one construct each, their ids numbered (`smoke-1`, `smoke-2`)
    const prefixOf = (m: unknown) => {
      const o = objectOrEmpty(m);
      return namedByServer(m) ? `${o.kind}|${objectOrEmpty(o.metadata).namespace ?? ''}|${o.metadata.generateName}` : undefined;
    };
    const prefixes = manifests.map(prefixOf);
    this.items = manifests.map((m, index) => {
      const kind = String(objectOrEmpty(m).kind ?? 'Object');
      const prefix = prefixes[index];
      const sharing = prefix === undefined ? [] : prefixes.flatMap((p, i) => (p === prefix ? [i] : []));
      const name = sharing.length > 1 ? `${nameOf(m)}-${sharing.indexOf(index) + 1}` : nameOf(m);
      const fallback = kind.charAt(0).toLowerCase() + kind.slice(1);
      let variable = identifier(name, fallback);
      if (names.filter(n => n === name).length > 1 || variables.has(variable)) variable = identifier(`${name}-${kind}`, fallback);
      for (let i = 2; variables.has(variable); i++) variable = `${identifier(`${name}-${kind}`, fallback)}${i}`;
      variables.add(variable);
      let id = name || kind.toLowerCase();
      if (ids.has(id)) id = `${kind.toLowerCase()}-${id}`;
      for (let i = 2; ids.has(id); i++) id = `${kind.toLowerCase()}-${name}-${i}`;
      ids.add(id);
      const item: Item = {
        index,
        manifest: m,
        kind,
        name: nameOf(m),
        key: objectKey(m, id),
        argo: objectOrEmpty(m).apiVersion === ARGO
          && ['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment'].includes(kind),
        variable,
        id,
        scopes: [],
        level: 0,
        servicesByName: false,
      };
      this.byKindName.set(`${kind}/${name}`, item);
      return item;
    });
    this.items.forEach(i => this.usedIds.add(i.id));
    this.usedIds.add(chartName);
  }

  /** The scope an item is declared in: `this`, or the variable of its innermost plain construct, declared here the first time. */
  private scopeOf(item: Item): string {
    let scope = 'this';
    item.scopes.forEach((id, i) => {
      const path = item.scopes.slice(0, i + 1).join('/');
      const variable = this.scopeVariables.get(path)!;
      if (!this.declaredScopes.has(path)) {
        this.declaredScopes.add(path);
        this.statements.push(`const ${variable} = new Construct(${scope}, ${lit(id)});`);
      }
      scope = variable;
    });
    return scope;
  }

  public get all(): Item[] {
    return this.items;
  }

  private find(kind: string, name: unknown): Item | undefined {
    return typeof name === 'string' ? this.byKindName.get(`${kind}/${name}`) : undefined;
  }

  private gap(item: Item, reason: string) {
    const list_ = this.reasons.get(item) ?? [];
    if (!list_.includes(reason)) list_.push(reason);
    this.reasons.set(item, list_);
  }

  public reasonsOf(item: Item): string[] {
    return this.reasons.get(item) ?? [];
  }

  private freshId(base: string): string {
    let id = base;
    for (let i = 2; this.usedIds.has(id); i++) id = `${base}-${i}`;
    this.usedIds.add(id);
    return id;
  }

  /** A template reference: the template's variable, or a reference by name. */
  private template(name: unknown, cluster: boolean): string | undefined {
    if (typeof name !== 'string') return undefined;
    const item = this.find(cluster ? 'ClusterAnalysisTemplate' : 'AnalysisTemplate', name);
    if (item && item.level < 2) return item.variable;
    const refKey = `${cluster}/${name}`;
    let variable = this.refs.get(refKey);
    if (!variable) {
      variable = identifier(`${name}-ref`, 'template');
      const fn = cluster ? 'ClusterAnalysisTemplate.fromClusterAnalysisTemplateName' : 'AnalysisTemplate.fromAnalysisTemplateName';
      this.statements.push(lineComment(`'${name}' is not among the imported objects: referenced by name`));
      this.statements.push(`const ${variable} = ${fn}(this, ${lit(this.freshId(`${name}-ref`))}, ${lit(name)});`);
      this.refs.set(refKey, variable);
    }
    return variable;
  }

  private rolloutArgs(args: unknown): string | undefined {
    if (!Array.isArray(args)) return undefined;
    return list(args.map((arg: unknown) => {
      const a = objectOrEmpty(arg);
      if (typeof a.value === 'string') return call('AnalysisArg.value', lit(a.name), lit(a.value));
      const hash = objectOrEmpty(a.valueFrom).podTemplateHashValue;
      if (hash === 'Stable' || hash === 'Latest') return call('AnalysisArg.fromPodTemplateHash', lit(a.name), `PodTemplateHash.${hash.toUpperCase()}`);
      const field = objectOrEmpty(objectOrEmpty(a.valueFrom).fieldRef).fieldPath;
      if (typeof field === 'string') return call('AnalysisArg.fromFieldRef', lit(a.name), lit(field));
      return undefined;
    }));
  }

  private rolloutAnalysis(a: unknown): string | undefined {
    if (!isObject(a) || !Array.isArray(a.templates)) return undefined;
    const templates = list(a.templates.map((t: unknown) => this.template(objectOrEmpty(t).templateName, objectOrEmpty(t).clusterScope === true)));
    const retention = Array.isArray(a.measurementRetention)
      ? Object.fromEntries(a.measurementRetention.filter((r: unknown) => typeof objectOrEmpty(r).limit === 'number').map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit]))
      : {};
    return obj({
      templates: templates ?? '[]',
      args: this.rolloutArgs(a.args),
      dryRunMetrics: Array.isArray(a.dryRun) ? list(a.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
      measurementRetention: Object.keys(retention).length > 0 ? lit(retention) : undefined,
      analysisRunLabels: stringMap(a.analysisRunMetadata?.labels),
      analysisRunAnnotations: stringMap(a.analysisRunMetadata?.annotations),
    });
  }

  private routerObject(kinds: string[], name: unknown): string | undefined {
    if (typeof name !== 'string') return undefined;
    for (const kind of kinds) {
      const item = this.find(kind, name);
      if (item) return call('RouterObject.fromConstruct', item.variable);
    }
    return call('RouterObject.fromName', lit(name));
  }

  private routers(tr: any, rollout: Item): string | undefined {
    if (!tr || typeof tr !== 'object') return undefined;
    const out: string[] = [];
    for (const router of Object.keys(tr).sort()) {
      const r = tr[router];
      switch (router) {
        case 'istio': {
          const vss = r.virtualServices ?? (r.virtualService ? [r.virtualService] : []);
          const dr = r.destinationRule;
          const drItem = this.find('DestinationRule', dr?.name);
          out.push(call('TrafficRouting.istio', obj({
            virtualServices: list(vss.map((vs: unknown) => {
              const v = objectOrEmpty(vs);
              return obj({
                object: this.routerObject(['VirtualService'], v.name),
                routes: Array.isArray(v.routes) ? lit(v.routes) : undefined,
                tlsRoutes: Array.isArray(v.tlsRoutes)
                  ? list(v.tlsRoutes.map((t: any) => obj({ port: num(t.port), sniHosts: opt(t.sniHosts) }))) : undefined,
                tcpRoutePorts: Array.isArray(v.tcpRoutes) ? list(v.tcpRoutes.map((t: any) => num(t.port))) : undefined,
              });
            })),
            subsets: dr ? obj({
              host: lit(drItem?.manifest?.spec?.host ?? dr.name),
              destinationRule: this.routerObject(['DestinationRule'], dr.name),
              canarySubsetName: str(dr.canarySubsetName),
              stableSubsetName: str(dr.stableSubsetName),
            }) : undefined,
          })));
          break;
        }
        case 'nginx':
          out.push(call('TrafficRouting.nginx', obj({
            stableIngresses: list([...(r.stableIngress ? [r.stableIngress] : []), ...(r.stableIngresses ?? [])]
              .map((n: unknown) => this.routerObject(['Ingress'], n))),
            annotationPrefix: str(r.annotationPrefix),
            additionalIngressAnnotations: stringMap(r.additionalIngressAnnotations),
            canaryIngressAnnotations: stringMap(r.canaryIngressAnnotations),
          })));
          break;
        case 'alb':
          out.push(call('TrafficRouting.alb', obj({
            ingresses: list([...(r.ingress ? [r.ingress] : []), ...(r.ingresses ?? [])].map((n: unknown) => this.routerObject(['Ingress'], n))),
            servicePort: num(r.servicePort),
            rootService: str(r.rootService),
            annotationPrefix: str(r.annotationPrefix),
          })));
          break;
        case 'smi':
          out.push(call('TrafficRouting.smi', obj({
            rootService: str(r.rootService), trafficSplitName: str(r.trafficSplitName),
          })));
          break;
        case 'ambassador':
          out.push(call('TrafficRouting.ambassador', obj({
            mappings: Array.isArray(r.mappings) ? list(r.mappings.map((n: unknown) => this.routerObject(['Mapping'], n))) : undefined,
          })));
          break;
        case 'apisix':
          out.push(call('TrafficRouting.apisix', obj({
            route: this.routerObject(['ApisixRoute'], r.route?.name),
            rules: Array.isArray(r.route?.rules) ? lit(r.route.rules) : undefined,
          })));
          break;
        case 'appMesh':
          out.push(call('TrafficRouting.appMesh', obj({
            virtualService: this.routerObject(['VirtualService'], r.virtualService?.name),
            routes: Array.isArray(r.virtualService?.routes) ? lit(r.virtualService.routes) : undefined,
            canaryVirtualNode: this.routerObject(['VirtualNode'], r.virtualNodeGroup?.canaryVirtualNodeRef?.name),
            stableVirtualNode: this.routerObject(['VirtualNode'], r.virtualNodeGroup?.stableVirtualNodeRef?.name),
          })));
          break;
        case 'traefik':
          out.push(call('TrafficRouting.traefik', obj({
            weightedTraefikService: this.routerObject(['TraefikService'], r.weightedTraefikServiceName),
          })));
          break;
        case 'plugins':
          for (const name of Object.keys(r ?? {}).sort()) {
            out.push(call('TrafficRouting.plugin', lit(name), obj({ config: r[name] && typeof r[name] === 'object' ? lit(r[name]) : undefined })));
          }
          break;
        case 'managedRoutes':
          break; // rendered from the steps' routes
        default:
          this.gap(rollout, `trafficRouting.${router}: no TrafficRouting factory for it`);
      }
    }
    return list(out);
  }

  private step(s: any, maxTrafficWeight: number | undefined, rollout: Item): string | undefined {
    const keys = Object.keys(s ?? {});
    if (keys.length > 1) {
      const parts = keys.map(k => this.step({ [k]: s[k] }, maxTrafficWeight, rollout));
      return parts.every(p => p !== undefined) ? call('CanaryStep.combined', `[${parts.join(', ')}]`) : undefined;
    }
    if (keys.length === 0) return undefined;
    const v = s[keys[0]];
    switch (keys[0]) {
      case 'setWeight':
        return typeof v === 'number' ? call('CanaryStep.setWeight', String(v), maxTrafficWeight ? `{ maxTrafficWeight: ${maxTrafficWeight} }` : undefined) : undefined;
      case 'pause':
        return v?.duration === undefined ? 'CanaryStep.pause()' : call('CanaryStep.pause', duration(v.duration));
      case 'setCanaryScale':
        return call('CanaryStep.canaryScale', obj({ replicas: num(v?.replicas), weight: num(v?.weight), matchTrafficWeight: bool(v?.matchTrafficWeight) }) ?? '{}');
      case 'analysis': {
        const a = this.rolloutAnalysis(v);
        return a ? call('CanaryStep.analysis', a) : undefined;
      }
      case 'experiment':
        return call('CanaryStep.experiment', this.experimentStep(v));
      case 'setHeaderRoute':
        return call('CanaryStep.setHeaderRoute', call('ManagedRoute.named', lit(v?.name)), Array.isArray(v?.match) ? list(v.match.map((m: any) => obj({
          headerName: str(m.headerName), headerValue: this.stringMatch(m.headerValue),
        }))) : undefined);
      case 'setMirrorRoute':
        return call('CanaryStep.setMirrorRoute', call('ManagedRoute.named', lit(v?.name)), obj({
          matches: Array.isArray(v?.match) ? list(v.match.map((m: any) => obj({
            method: this.stringMatch(m.method),
            path: this.stringMatch(m.path),
            headers: m.headers ? obj(Object.fromEntries(Object.entries(m.headers).map(([k, x]) => [k, this.stringMatch(x)]))) : undefined,
          }))) : undefined,
          percentage: num(v?.percentage),
        }));
      case 'plugin':
        return call('CanaryStep.plugin', lit(v?.name), v?.config !== undefined ? lit(v.config) : undefined);
      default:
        this.gap(rollout, `step '${keys[0]}': no CanaryStep factory for it`);
        return undefined;
    }
  }

  private stringMatch(m: unknown): string | undefined {
    if (!isObject(m)) return undefined;
    for (const kind of ['exact', 'prefix', 'regex']) {
      if (typeof m[kind] === 'string') return call(`StringMatch.${kind}`, lit(m[kind]));
    }
    return undefined;
  }

  /** One `CanaryStep` call per step, with runs of setWeight + equal pauses as a progression. */
  private steps(steps: unknown[], maxTrafficWeight: number | undefined, rollout: Item): string {
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
      const step = this.step(steps[i], maxTrafficWeight, rollout);
      if (step) out.push(step);
      i++;
    }
    return `[${out.join(', ')}]`;
  }

  private experimentAnalyses(analyses: unknown): string | undefined {
    if (!Array.isArray(analyses)) return undefined;
    return list(analyses.map((entry: unknown) => {
      const a = objectOrEmpty(entry);
      return obj({
        name: str(a.name),
        template: this.template(a.templateName, a.clusterScope === true),
        args: this.rolloutArgs(a.args),
        requiredForCompletion: bool(a.requiredForCompletion),
      });
    }));
  }

  private experimentStep(step: unknown): string {
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
      analyses: this.experimentAnalyses(e.analyses),
      dryRunMetrics: Array.isArray(e.dryRun) ? list(e.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
      analysisRunLabels: stringMap(objectOrEmpty(e.analysisRunMetadata).labels),
      analysisRunAnnotations: stringMap(objectOrEmpty(e.analysisRunMetadata).annotations),
    }) ?? '{ templates: [] }';
  }

  /** A Service of a strategy role: defined by the Rollout when the input holds it and no one else defines it. */
  private strategyService(name: unknown, role: string, rollout: Item): string | undefined {
    if (typeof name !== 'string') return undefined;
    const svc = this.find('Service', name);
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
    const ports = derived ? undefined : Array.isArray(spec.ports) ? list(spec.ports.map((p: any) => obj({
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

  private strategy(strategy: unknown, rollout: Item): string | undefined {
    const st = objectOrEmpty(strategy);
    if (st.blueGreen) {
      const b = st.blueGreen;
      return call('RolloutStrategy.blueGreen', obj({
        activeService: this.strategyService(b.activeService, 'active', rollout),
        previewService: b.previewService === undefined ? 'StrategyService.none()' : this.strategyService(b.previewService, 'preview', rollout),
        autoPromotionEnabled: bool(b.autoPromotionEnabled),
        autoPromotionDelay: b.autoPromotionSeconds !== undefined ? duration(b.autoPromotionSeconds) : undefined,
        previewReplicaCount: num(b.previewReplicaCount),
        maxUnavailable: percentOrAbsolute(b.maxUnavailable),
        scaleDownDelay: b.scaleDownDelaySeconds !== undefined ? duration(b.scaleDownDelaySeconds) : undefined,
        scaleDownDelayRevisionLimit: num(b.scaleDownDelayRevisionLimit),
        abortScaleDownDelay: b.abortScaleDownDelaySeconds !== undefined ? duration(b.abortScaleDownDelaySeconds) : undefined,
        prePromotionAnalysis: this.rolloutAnalysis(b.prePromotionAnalysis),
        postPromotionAnalysis: this.rolloutAnalysis(b.postPromotionAnalysis),
        antiAffinity: this.antiAffinity(b.antiAffinity),
        activeMetadata: roleMetadata(b.activeMetadata),
        previewMetadata: roleMetadata(b.previewMetadata),
      }));
    }
    if (!st.canary) return undefined;
    const c = st.canary;
    const analysis = this.rolloutAnalysis(c.analysis);
    return call('RolloutStrategy.canary', obj({
      steps: Array.isArray(c.steps) ? this.steps(c.steps, c.trafficRouting?.maxTrafficWeight ?? undefined, rollout) : undefined,
      maxSurge: percentOrAbsolute(c.maxSurge),
      maxUnavailable: percentOrAbsolute(c.maxUnavailable),
      stableService: this.strategyService(c.stableService, 'stable', rollout),
      canaryService: this.strategyService(c.canaryService, 'canary', rollout),
      pingPong: c.pingPong ? obj({
        pingService: this.strategyService(c.pingPong.pingService, 'ping', rollout),
        pongService: this.strategyService(c.pingPong.pongService, 'pong', rollout),
      }) : undefined,
      trafficRouting: rollout.level === 0 ? this.routers(c.trafficRouting, rollout) : undefined,
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
      antiAffinity: this.antiAffinity(c.antiAffinity),
    }));
  }

  private antiAffinity(antiAffinity: unknown): string | undefined {
    const a = objectOrEmpty(antiAffinity);
    if (a.requiredDuringSchedulingIgnoredDuringExecution) return 'AntiAffinity.required()';
    const w = objectOrEmpty(a.preferredDuringSchedulingIgnoredDuringExecution).weight;
    return typeof w === 'number' ? `AntiAffinity.preferred(${w})` : undefined;
  }

  private rollout(item: Item): void {
    const m = item.manifest;
    const spec = m.spec ?? {};
    const ref = spec.workloadRef;
    const scaleDowns: { [s: string]: string } = {
      never: 'WorkloadScaleDown.NEVER', onsuccess: 'WorkloadScaleDown.ON_SUCCESS', progressively: 'WorkloadScaleDown.PROGRESSIVELY',
    };
    const deployment = ref ? this.find('Deployment', ref.name) : undefined;
    const template = spec.template ?? {};
    // selected by the cdk8s-plus address label: `select` at its default recreates it (see cdk8s-origin.ts)
    const byAddress = item.selectsByAddress === true;
    const withoutAddress = (labels: unknown) => (byAddress && labels
      ? Object.fromEntries(Object.entries(labels).filter(([k]) => k !== ADDRESS_LABEL)) : labels);
    const scope = this.scopeOf(item);
    if (byAddress && item.addressRecreated) {
      this.statements.push(lineComment(`pods selected by the cdk8s-plus address label, from the construct path ${this.chartId}/${pathOf(item)}: `
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
      strategy: this.strategy(spec.strategy, item),
    });
    this.statements.push(`const ${item.variable} = new Rollout(${scope}, ${lit(item.id)}, ${props ?? '{}'});`);
    const selected = withoutAddress(spec.selector?.matchLabels);
    const podLabels = withoutAddress(template.metadata?.labels);
    if (stringMap(selected) && (ref || JSON.stringify(selected) !== JSON.stringify(podLabels))) {
      this.statements.push(`${item.variable}.select(kplus.LabelSelector.of({ labels: ${lit(selected)} }));`);
    }
  }

  private provider(p: any, item: Item): string | undefined {
    const kinds = Object.keys(p ?? {});
    if (kinds.length !== 1) return undefined;
    const v = p[kinds[0]] ?? {};
    const headers = (h: unknown) => Array.isArray(h) && h.every(isKeyValue)
      && new Set(h.map(x => x.key)).size === h.length ? lit(Object.fromEntries(h.map(x => [x.key, x.value]))) : undefined;
    switch (kinds[0]) {
      case 'prometheus':
        return call('MetricProvider.prometheus', obj({
          address: str(v.address),
          query: str(v.query) ?? "''",
          timeout: v.timeout !== undefined ? duration(v.timeout) : undefined,
          insecure: bool(v.insecure),
          headers: headers(v.headers),
          authentication: authentication(v.authentication),
        }));
      case 'web': {
        const methods: { [m: string]: string } = { GET: 'WebMethod.GET', POST: 'WebMethod.POST', PUT: 'WebMethod.PUT' };
        return call('MetricProvider.web', obj({
          url: str(v.url) ?? "''",
          method: methods[v.method],
          headers: headers(v.headers),
          body: str(v.body),
          jsonBody: v.jsonBody !== undefined ? lit(v.jsonBody) : undefined,
          jsonPath: str(v.jsonPath),
          timeout: v.timeoutSeconds !== undefined ? duration(v.timeoutSeconds) : undefined,
          insecure: bool(v.insecure),
          authentication: authentication(v.authentication),
        }));
      }
      case 'job': {
        const pod = v.spec?.template ?? {};
        const policies: { [r: string]: string } = { Never: 'kplus.RestartPolicy.NEVER', OnFailure: 'kplus.RestartPolicy.ON_FAILURE' };
        return call('MetricProvider.job', obj({
          containers: containers(pod.spec?.containers) ?? '[]',
          labels: stringMap(v.metadata?.labels),
          annotations: stringMap(v.metadata?.annotations),
          podLabels: stringMap(pod.metadata?.labels),
          podAnnotations: stringMap(pod.metadata?.annotations),
          backoffLimit: num(v.spec?.backoffLimit),
          activeDeadline: v.spec?.activeDeadlineSeconds !== undefined ? duration(v.spec.activeDeadlineSeconds) : undefined,
          ttlAfterFinished: v.spec?.ttlSecondsAfterFinished !== undefined ? duration(v.spec.ttlSecondsAfterFinished) : undefined,
          serviceAccountName: str(pod.spec?.serviceAccountName),
          restartPolicy: policies[pod.spec?.restartPolicy],
        }));
      }
      case 'newRelic':
        return call('MetricProvider.newRelic', obj({ query: str(v.query) ?? "''", profile: str(v.profile), timeout: v.timeout !== undefined ? duration(v.timeout) : undefined }));
      case 'wavefront':
        return call('MetricProvider.wavefront', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''" }));
      case 'graphite':
        return call('MetricProvider.graphite', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''" }));
      case 'influxdb':
        return call('MetricProvider.influxdb', obj({ query: str(v.query) ?? "''", profile: str(v.profile) }));
      case 'skywalking':
        return call('MetricProvider.skywalking', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''", interval: duration(v.interval) ?? 'Duration.minutes(5)' }));
      case 'datadog':
        if (typeof v.query === 'string') return call('MetricProvider.datadogQuery', obj({ query: lit(v.query), interval: v.interval !== undefined ? duration(v.interval) : undefined }));
        if (v.queries) {
          const aggregators = ['avg', 'min', 'max', 'sum', 'last', 'percentile', 'mean', 'l2norm', 'area'];
          return call('MetricProvider.datadogQueries', obj({
            queries: stringMap(v.queries),
            formula: str(v.formula),
            aggregator: aggregators.includes(v.aggregator) ? `DatadogAggregator.${v.aggregator.toUpperCase()}` : undefined,
            interval: v.interval !== undefined ? duration(v.interval) : undefined,
          }));
        }
        return undefined;
      case 'kayenta': {
        const window = (scope: unknown) => {
          const w = objectOrEmpty(scope);
          return obj({
            scope: str(w.scope),
            region: str(w.region),
            step: duration(w.step),
            start: str(w.start),
            end: str(w.end),
          });
        };
        return call('MetricProvider.kayenta', obj({
          address: str(v.address),
          application: str(v.application),
          canaryConfigName: str(v.canaryConfigName),
          metricsAccountName: str(v.metricsAccountName),
          configurationAccountName: str(v.configurationAccountName),
          storageAccountName: str(v.storageAccountName),
          threshold: obj({ passScore: num(v.threshold?.pass), marginalScore: num(v.threshold?.marginal) }),
          scopes: Array.isArray(v.scopes) ? list(v.scopes.map((scope: unknown) => {
            const sc = objectOrEmpty(scope);
            return obj({
              name: str(sc.name),
              controlScope: window(sc.controlScope),
              experimentScope: window(sc.experimentScope),
            });
          })) : undefined,
          lookback: bool(v.lookback),
        }));
      }
      case 'cloudWatch': {
        const dimensions = (d: unknown) => (Array.isArray(d) && d.length > 0
          ? lit(Object.fromEntries(d.map((x: unknown) => [objectOrEmpty(x).name, objectOrEmpty(x).value]))) : undefined);
        return call('MetricProvider.cloudWatch', obj({
          interval: v.interval !== undefined ? duration(v.interval) : undefined,
          metricDataQueries: list((v.metricDataQueries ?? []).map((query: unknown) => {
            const q = objectOrEmpty(query);
            return obj({
              id: str(q.id),
              expression: str(q.expression),
              label: str(q.label),
              metricStat: q.metricStat ? obj({
                metric: obj({
                  namespace: str(q.metricStat.metric?.namespace),
                  metricName: str(q.metricStat.metric?.metricName),
                  dimensions: dimensions(q.metricStat.metric?.dimensions),
                }) ?? '{}',
                period: duration(q.metricStat.period),
                stat: str(q.metricStat.stat),
                unit: str(q.metricStat.unit),
              }) : undefined,
              period: q.period !== undefined ? duration(q.period) : undefined,
              returnData: bool(q.returnData),
            });
          })) ?? '[]',
        }));
      }
      case 'plugin': {
        const names = Object.keys(v);
        return names.length === 1 ? call('MetricProvider.plugin', lit(names[0]), v[names[0]] !== undefined ? lit(v[names[0]]) : undefined) : undefined;
      }
      default:
        this.gap(item, `metric provider '${kinds[0]}': the importer has no mapping to its MetricProvider factory yet`);
        return undefined;
    }
  }

  private metrics(metrics: unknown, analysisSpec: unknown, item: Item): string | undefined {
    if (!Array.isArray(metrics)) return undefined;
    const spec = objectOrEmpty(analysisSpec);
    const dry = new Set((spec.dryRun ?? []).map((d: unknown) => objectOrEmpty(d).metricName));
    const retention = new Map((spec.measurementRetention ?? []).map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit]));
    return list(metrics.map((metric: unknown) => {
      const m = objectOrEmpty(metric);
      const provider = this.provider(m.provider, item);
      if (!provider) throw new Demote(`metric '${m.name}': provider ${Object.keys(m.provider ?? {}).join(', ')} has no MetricProvider mapping`);
      const condition = typeof m.successCondition === 'string'
        ? call('Condition.expression', lit(m.successCondition), str(m.failureCondition))
        : typeof m.failureCondition === 'string' ? call('Condition.failureExpression', lit(m.failureCondition)) : undefined;
      return obj({
        name: str(m.name),
        provider,
        interval: m.interval !== undefined ? duration(m.interval) : undefined,
        initialDelay: m.initialDelay !== undefined ? duration(m.initialDelay) : undefined,
        count: num(m.count),
        condition,
        failureLimit: num(m.failureLimit),
        inconclusiveLimit: num(m.inconclusiveLimit),
        consecutiveErrorLimit: num(m.consecutiveErrorLimit),
        consecutiveSuccessLimit: num(m.consecutiveSuccessLimit),
        dryRun: dry.has(m.name) ? 'true' : undefined,
        measurementRetention: typeof retention.get(m.name) === 'number' ? String(retention.get(m.name)) : undefined,
      });
    }));
  }

  private templateArgs(args: unknown): string | undefined {
    if (!Array.isArray(args)) return undefined;
    return list(args.map((arg: unknown) => {
      const a = objectOrEmpty(arg);
      if (typeof a.value === 'string') return call('AnalysisTemplateArg.withDefault', lit(a.name), lit(a.value));
      const secret = objectOrEmpty(a.valueFrom).secretKeyRef;
      if (secret) return call('AnalysisTemplateArg.fromSecret', lit(a.name), lit(secret.name), lit(secret.key));
      const field = objectOrEmpty(objectOrEmpty(a.valueFrom).fieldRef).fieldPath;
      if (typeof field === 'string') return call('AnalysisTemplateArg.fromFieldRef', lit(a.name), lit(field));
      return call('AnalysisTemplateArg.required', lit(a.name));
    }));
  }

  private analysisTemplate(item: Item): void {
    const spec = item.manifest.spec ?? {};
    const props = obj({
      metadata: metadata(item.manifest.metadata),
      args: this.templateArgs(spec.args),
      metrics: this.metrics(spec.metrics, spec, item),
      templates: Array.isArray(spec.templates)
        ? list(spec.templates.map((t: unknown) => this.template(objectOrEmpty(t).templateName, objectOrEmpty(t).clusterScope === true))) : undefined,
    });
    this.statements.push(`const ${item.variable} = new ${item.kind}(this, ${lit(item.id)}, ${props ?? '{}'});`);
  }

  private analysisRun(item: Item): void {
    const spec = item.manifest.spec ?? {};
    const props = obj({
      metadata: metadata(item.manifest.metadata),
      args: Array.isArray(spec.args) ? list(spec.args.map((arg: unknown) => {
        const a = objectOrEmpty(arg);
        return typeof a.value === 'string'
          ? call('AnalysisTemplateArg.withDefault', lit(a.name), lit(a.value)) : call('AnalysisTemplateArg.required', lit(a.name));
      })) : undefined,
      metrics: this.metrics(spec.metrics, spec, item),
      terminate: bool(spec.terminate),
      ttlAfterCompletion: duration(spec.ttlStrategy?.secondsAfterCompletion),
      ttlAfterSuccess: duration(spec.ttlStrategy?.secondsAfterSuccess),
      ttlAfterFailure: duration(spec.ttlStrategy?.secondsAfterFailure),
    });
    this.statements.push(`const ${item.variable} = new AnalysisRun(this, ${lit(item.id)}, ${props ?? '{}'});`);
    this.generatedName(item);
  }

  private experiment(item: Item): void {
    const spec = item.manifest.spec ?? {};
    const retention = Array.isArray(spec.measurementRetention)
      ? Object.fromEntries(spec.measurementRetention.filter((r: unknown) => typeof objectOrEmpty(r).limit === 'number')
        .map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit])) : {};
    const props = obj({
      metadata: metadata(item.manifest.metadata),
      templates: list((spec.templates ?? []).map((template: unknown) => {
        const t = objectOrEmpty(template);
        const pod = objectOrEmpty(t.template);
        return obj({
          name: str(t.name),
          containers: containers(objectOrEmpty(pod.spec).containers) ?? '[]',
          labels: stringMap(objectOrEmpty(pod.metadata).labels) ?? '{}',
          annotations: stringMap(objectOrEmpty(pod.metadata).annotations),
          selector: stringMap(objectOrEmpty(t.selector).matchLabels),
          replicas: num(t.replicas),
          minReady: t.minReadySeconds !== undefined ? duration(t.minReadySeconds) : undefined,
          service: t.service && Object.keys(t.service).length === 0 ? 'true' : undefined,
          serviceName: str(objectOrEmpty(t.service).name),
          podTemplateDefaults: 'PodTemplateDefaults.NONE',
        });
      })) ?? '[]',
      duration: spec.duration !== undefined ? duration(spec.duration) : undefined,
      progressDeadline: spec.progressDeadlineSeconds !== undefined ? duration(spec.progressDeadlineSeconds) : undefined,
      analyses: this.experimentAnalyses(spec.analyses),
      dryRunMetrics: Array.isArray(spec.dryRun) ? list(spec.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
      measurementRetention: Object.keys(retention).length > 0 ? lit(retention) : undefined,
      analysisRunLabels: stringMap(spec.analysisRunMetadata?.labels),
      analysisRunAnnotations: stringMap(spec.analysisRunMetadata?.annotations),
      scaleDownDelay: spec.scaleDownDelaySeconds !== undefined ? duration(spec.scaleDownDelaySeconds) : undefined,
      terminate: bool(spec.terminate),
    });
    this.statements.push(`const ${item.variable} = new Experiment(this, ${lit(item.id)}, ${props});`);
    this.generatedName(item);
  }

  private plain(item: Item, comment?: string): void {
    const scope = this.scopeOf(item);
    if (comment ?? item.plainBecause) this.statements.push(lineComment((comment ?? item.plainBecause)!));
    this.statements.push(`const ${item.variable} = new ApiObject(${scope}, ${lit(item.id)}, ${lit(item.manifest)});`);
  }

  /**
   * An object named by the API server (`generateName` and no `name`, as AnalysisRuns and Experiments
   * created with kubectl create are): the L2 constructs always name their object, so the name is
   * exchanged for the prefix.
   */
  private generatedName(item: Item): void {
    const prefix = item.manifest.metadata?.generateName;
    if (item.manifest.metadata?.name !== undefined || typeof prefix !== 'string') return;
    this.statements.push(lineComment('named by the API server from metadata.generateName (create it with kubectl create): '
      + 'the L2 construct always writes a name, exchanged here for the prefix'));
    this.statements.push(`ApiObject.of(${item.variable}).addJsonPatch(${patchCall({ op: 'remove', path: '/metadata/name' })}, `
      + `${patchCall({ op: 'add', path: '/metadata/generateName', value: prefix })});`);
  }

  /**
   * Rollouts whose pods are selected by the cdk8s-plus address label: those whose construct path
   * (chart id, the plain constructs between, and id) is found back from the label get that id, in
   * those constructs (declared as `new Construct(...)`), and the chart that id (one chart id for the
   * module: the first found); the others keep the label by a JSON patch.
   */
  public recognizeAddresses(): void {
    let chartId: string | undefined;
    for (const item of this.items) {
      if (item.kind !== 'Rollout' || !item.argo || item.manifest.spec?.workloadRef) continue;
      const value = addressSelection(item.manifest.spec);
      if (value === undefined) continue;
      item.selectsByAddress = true;
      const origin = originOfAddress(value);
      if (!origin) continue;
      chartId = chartId ?? origin.chartId;
      // the path must be free: no other item at it, in it, or holding it (plain constructs are shared)
      const path = [...origin.scopes, origin.id];
      if (origin.chartId === chartId && !this.items.some(i => i !== item && nested(path, [...i.scopes, i.id]))) {
        this.chartId = chartId;
        item.id = origin.id;
        item.scopes = origin.scopes;
        item.key = objectKey(item.manifest, topOf(item));
        item.addressRecreated = true;
      }
    }
    // the variables of the plain constructs: unlike the items' own (and the install's)
    const variables = new Set([...this.items.map(i => i.variable), 'argoRolloutsInstall']);
    for (const item of this.items) {
      item.scopes.forEach((_, i) => {
        const path = item.scopes.slice(0, i + 1).join('/');
        if (this.scopeVariables.has(path)) return;
        const base = identifier(path, 'scope');
        let variable = base;
        for (let n = 1; variables.has(variable); n++) variable = `${base}Scope${n === 1 ? '' : n}`;
        variables.add(variable);
        this.scopeVariables.set(path, variable);
      });
    }
    this.usedIds = new Set([...this.items.map(topOf), this.chartName]);
  }


  /** The constructor body for the current levels. */
  public body(): string[] {
    this.statements = [...this.preamble, ...this.installStatements];
    this.refs = new Map();
    this.reasons = new Map();
    this.declaredScopes = new Set();
    this.usedIds = new Set([...this.items.map(topOf), this.chartName]);
    this.items.forEach(i => (i.definedBy = undefined));
    const order = (i: Item) => {
      if (!i.argo || i.level >= 2) return 0;
      if (i.kind === 'AnalysisTemplate' || i.kind === 'ClusterAnalysisTemplate') return i.manifest.spec?.templates ? 2 : 1;
      return 3;
    };
    // Services defined by Rollouts are decided first, so that they are not also declared on their own.
    const rollouts = this.items.filter(i => i.argo && i.kind === 'Rollout' && i.level < 2);
    for (const r of rollouts) {
      const st = r.manifest.spec?.strategy ?? {};
      if (r.servicesByName) continue;
      const roles: [unknown, string][] = [[st.canary?.stableService, 'stable'], [st.canary?.canaryService, 'canary'],
        [st.canary?.pingPong?.pingService, 'ping'], [st.canary?.pingPong?.pongService, 'pong'],
        [st.blueGreen?.activeService, 'active'], [st.blueGreen?.previewService, 'preview']];
      for (const [name, role] of roles) {
        const svc = this.find('Service', name);
        if (svc && !svc.definedBy && svc.manifest.apiVersion === 'v1') svc.definedBy = { rollout: r, role };
      }
    }
    const decided = new Map(this.items.map(i => [i, i.definedBy] as const));
    this.items.forEach(i => (i.definedBy = undefined));
    for (const rank of [0, 1, 2, 3]) {
      for (const item of this.items.filter(i => order(i) === rank)) {
        if (rank === 0) {
          if (decided.get(item) || item.byInstall) continue;
          this.plain(item, item.argo ? `kept as a plain ApiObject: ${item.demotedBecause}` : undefined);
          continue;
        }
        try {
          const mark = this.statements.length;
          try {
            if (item.kind === 'Rollout') this.rollout(item);
            else if (item.kind === 'AnalysisRun') this.analysisRun(item);
            else if (item.kind === 'Experiment') this.experiment(item);
            else this.analysisTemplate(item);
          } catch (error) {
            this.statements.length = mark;
            throw error;
          }
        } catch (error) {
          if (!(error instanceof Demote)) throw error;
          item.level = 2;
          item.demotedBecause = error.message;
          this.plain(item, `kept as a plain ApiObject: ${error.message}`);
        }
      }
    }
    return this.statements;
  }
}

class Demote extends Error {
}

/** Why a patched field is not expressed by the generated L2 calls (the API gap it points to). */
function why(path: string): string {
  const table: [RegExp, string][] = [
    [/^\/spec\/template\/spec\/containers\/\d+\/(livenessProbe|readinessProbe|startupProbe)/, 'probes: cdk8s-plus probes (ContainerProps.liveness...) are not generated by the importer'],
    [/\/containers\/\d+\/resources/, 'container resources other than cpu millis and Mi/Gi memory are not generated by the importer'],
    [/\/containers\/\d+\/env/, 'env other than plain values (valueFrom, ...) is not generated by the importer'],
    [/\/containers\/\d+\/volumeMounts|\/spec\/volumes/, 'volumes: cdk8s-plus volumes are not generated by the importer'],
    [/^\/spec\/template\/spec\//, 'a pod spec field that the importer does not map to cdk8s-plus props'],
    [/^\/spec\/strategy\/canary\/trafficRouting/, 'a traffic routing field that no TrafficRouting option reproduces'],
    [/^\/spec\/strategy\/canary\/steps/, 'steps that no CanaryStep factory reproduces as written'],
    [/cdk8s\.io~1metadata\.addr$/, 'the cdk8s-plus address label of another construct path (its chart id and construct id could not be found back '
      + 'from the value, or the module\'s chart has another id): kept as written'],
    [/^\/spec\/selector/, 'a selector that Workload.select() with labels does not reproduce'],
    [/^\/metadata/, 'metadata that the L2 props do not reproduce'],
    [/^\/spec\/metrics\/\d+\/provider/, 'a metric provider field that no MetricProvider option reproduces'],
  ];
  return table.find(([re]) => re.test(path))?.[1] ?? 'not reproduced by the generated L2 calls';
}

const ACCESSORS: { [role: string]: string } = {
  stable: 'stableService', canary: 'canaryService', active: 'activeService', preview: 'previewService',
};

/**
 * Generates the module for the given manifests.
 */
export async function generateModule(manifests: unknown[], options: ImportOptions = {}): Promise<ImportResult> {
  const chartName = options.chartName ?? 'ImportedChart';
  if (!/^[A-Z][A-Za-z0-9_]*$/.test(chartName)) {
    throw new Error(`--chart-name '${chartName}' is not a class name: use letters and digits, starting with a capital letter (e.g. MyAppChart).`);
  }
  const failures: string[] = [];
  const usable = manifests.filter((m, i) => {
    const ok = isObject(m) && typeof m.apiVersion === 'string' && typeof m.kind === 'string';
    if (!ok) failures.push(`document ${i + 1}: not a Kubernetes object (it needs apiVersion and kind): cannot be represented`);
    return ok;
  });
  const version = options.version === undefined ? undefined : versionFacts(options.version).version; // (an unsupported one throws, naming those supported)
  const writer = new ModuleWriter(usable, chartName);
  writer.recognizeAddresses();
  if (version !== undefined) {
    writer.preamble = [
      lineComment(`the Argo Rollouts release the objects are checked against at synth (argo-rollouts-import --version ${version})`),
      `ArgoRolloutsApp.of(this).useVersion(${versionCode(version)});`,
    ];
  }
  const install = findInstall(writer.all, { version, chartId: writer.chartId });
  if (install) {
    writer.installStatements = install.statements;
    writer.installNotes = install.notes;
    writer.installObjectNotes = install.objectNotes;
  }

  for (let round = 0; ; round++) {
    const outcome = generateOnce(writer, [...failures]);
    if (outcome.retry && round < writer.all.length) continue;
    return {
      source: await format(moduleSource(chartName, writer.chartId, outcome.body)),
      chartId: writer.chartId,
      objects: outcome.objects,
      failures: outcome.failures,
    };
  }
}

interface Outcome {
  readonly body: string[];
  readonly objects: ImportedObject[];
  readonly failures: string[];
  /** A Rollout was demoted: generate again. */
  readonly retry: boolean;
}

/** Source text without string literals, comments and spreads (for looking up the names it uses). */
function codeOnly(text: string): string {
  return text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''").replace(/\/\/.*$/gm, '').replace(/\.\.\./g, ' ');
}

/** `const x = new ...` becomes `new ...` where nothing refers to `x`. */
function unusedVariablesDropped(statements: string[], patches: string[]): string[] {
  const all = codeOnly([...statements, ...patches].join('\n'));
  return statements.map(st => {
    const m = /^const (\w+) = (new [\s\S]*)$/.exec(st);
    if (!m) return st;
    // not counting object keys of the same name
    const uses = all.match(new RegExp(`(?<![\\w$.])${m[1]}\\b(?!\\s*:)`, 'g'))?.length ?? 0;
    return uses > 1 ? st : m[2];
  });
}

/** One step down: Services by name, then no traffic routing, then a plain ApiObject. */
function demote(item: Item): void {
  if (item.kind === 'Rollout' && !item.servicesByName) item.servicesByName = true;
  else if (item.kind === 'Rollout' && item.level === 0) item.level = 1;
  else item.level = 2;
}

function generateOnce(writer: ModuleWriter, failures: string[]): Outcome {
  let statements: string[] = [];
  let result: Synthesized | undefined;
  for (let attempt = 0; attempt < 3 * writer.all.length + 3; attempt++) {
    statements = writer.body();
    try {
      result = evaluate(statements, writer.chartId);
    } catch (error) {
      const message = String((error as Error).message ?? error); // whole: a rule's message continues on its next lines
      const culprit = writer.all.find(i => i.argo && i.level < 2 && message.includes(`/${pathOf(i)}`))
        ?? writer.all.find(i => i.argo && i.level < 2 && i.kind === 'Rollout' && i.level === 0)
        ?? writer.all.find(i => i.argo && i.level < 2);
      if (!culprit) throw error;
      demote(culprit);
      culprit.demotedBecause = `the L2 API refuses it: ${message}`;
      result = undefined;
      continue;
    }
    // objects the L2 calls define that the input does not hold (e.g. a router's own object)
    const inputKeys = new Set(writer.all.map(i => i.key));
    const extra = [...result.byKey.entries()].filter(([k]) => !inputKeys.has(k));
    if (extra.length > 0) {
      const at = extra[0][1].path.split('/');
      const culprit = writer.all.find(i => nested([...i.scopes, i.id], at) && i.argo && i.level < 2);
      if (!culprit) throw new Error(`the generated code defines ${extra[0][0]}, which the input does not hold`);
      demote(culprit);
      culprit.demotedBecause = `its L2 form defines ${extra[0][1].json.kind} ${extra[0][1].json.metadata?.name}, which the input does not hold`;
      result = undefined;
      continue;
    }
    break;
  }
  if (!result) throw new Error('the importer could not find an L2 form that synthesizes');

  // JSON patches for what the L2 calls did not reproduce
  const patches: string[] = [];
  const objects: ImportedObject[] = [];
  for (const item of writer.all) {
    const got = result.byKey.get(item.key);
    const label = labelOf(item.manifest);
    if (!got) {
      failures.push(`${label}: the generated code does not synthesize it`);
      continue;
    }
    const ops = diffManifest(got.json, item.manifest);
    const reasons = [...writer.reasonsOf(item)];
    if (ops.length > 0) {
      const target = item.definedBy
        ? `ApiObject.of(${item.definedBy.rollout.variable}.${ACCESSORS[item.definedBy.role] ?? `${item.definedBy.role}Service`}!)`
        : `ApiObject.of(${item.variable})`;
      const lines = ops.map(op => {
        const reason = why(op.path);
        if (!reasons.includes(reason)) reasons.push(reason);
        return `${lineComment(`${op.path}: ${reason}`)}\n${patchCall(op)},`;
      });
      patches.push(`${target}.addJsonPatch(\n${lines.join('\n')}\n);`);
    }
    if (item.byInstall) {
      objects.push({ object: label, how: 'install', reasons: [...writer.installNotes, ...(writer.installObjectNotes.get(item.key) ?? [])], argo: item.argo });
      continue;
    }
    const how = item.argo && item.level >= 2 ? 'plain' : item.definedBy ? 'defined-by' : !item.argo ? 'plain' : ops.length > 0 ? 'patched' : 'l2';
    if (item.argo && item.demotedBecause) reasons.unshift(item.demotedBecause);
    if (item.plainBecause && how === 'plain') reasons.unshift(item.plainBecause);
    objects.push({ object: label, how: how === 'defined-by' && ops.length > 0 ? 'patched' : how, reasons, argo: item.argo });
  }

  // the module with its patches must synthesize the input exactly
  const js = patches.map(p => p.replace(/Service!\)/g, 'Service)'));
  let check: Synthesized;
  try {
    check = evaluate([...statements, ...js], writer.chartId);
  } catch (error) {
    // with its patches, an object breaks a rule of the release (e.g. a field it does not know): a plain ApiObject, with the whole message
    const message = String((error as Error).message ?? error);
    const culprit = writer.all.find(i => i.argo && i.level < 2 && message.includes(`/${pathOf(i)} `));
    if (!culprit) throw error;
    culprit.level = 2;
    culprit.demotedBecause = `with the JSON patches that reproduce it, the L2 API refuses it: ${message}`;
    return { body: [], objects: [], failures, retry: true };
  }
  for (const item of writer.all) {
    const got = check.byKey.get(item.key);
    if (got && diffManifest(got.json, item.manifest).length > 0) {
      const owner = item.definedBy?.rollout;
      if (owner && !owner.servicesByName) {
        // a patch on a cdk8s-plus Service is filtered by its typed L1 (e.g. a named targetPort): take the Services by name
        owner.servicesByName = true;
        owner.demotedBecause = `a JSON patch cannot reproduce its ${item.definedBy!.role} Service ${item.name}`;
        return { body: [], objects: [], failures, retry: true };
      }
      failures.push(`${item.kind}/${item.name}: even with JSON patches, the synthesized object differs from the input`);
    }
  }

  const body = [...unusedVariablesDropped(statements, patches), ...(patches.length > 0 ? ['', '// Escape hatches: what the L2 calls above do not reproduce', ...patches] : [])];
  return { body, objects, failures, retry: false };
}

function moduleSource(chartName: string, chartId: string, body: string[]): string {
  const text = body.join('\n');
  // what the body uses, outside string literals and comments
  const code = codeOnly(text);
  const uses = (name: string) => new RegExp(`(?<![.\\w])${name}\\b`).test(code);
  const cdk8sNames = ['ApiObject', 'App', 'Chart', 'ChartProps', 'Duration', 'JsonPatch', 'Size'].filter(n => ['App', 'Chart', 'ChartProps'].includes(n) || uses(n));
  const libNames = Object.keys(library).filter(n => n !== 'crds' && /^[A-Z]/.test(n) && uses(n)).sort();
  const head = [
    '// Generated by argo-rollouts-import. Run it with `npx ts-node <this file>` (or as a cdk8s.yaml app): it synthesizes into dist/.',
    `import { ${cdk8sNames.join(', ')} } from 'cdk8s';`,
    ...(uses('kplus') ? [`import * as kplus from '${cdk8sPlusLine().module}';`] : []),
    "import { Construct } from 'constructs';",
    ...(libNames.length > 0 ? [`import { ${libNames.join(', ')} } from '${cdk8sPlusLine().library}';`] : []),
  ];
  return `${head.join('\n')}

export class ${chartName} extends Chart {
  constructor(scope: Construct, id: string, props: ChartProps = {}) {
    super(scope, id, props);
${text}
  }
}

if (require.main === module) {
  const app = new App();
  new ${chartName}(app, ${lit(chartId !== DEFAULT_CHART_ID ? chartId : chartName.replace(/Chart$/, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase() || 'imported')});
  app.synth();
}
`;
}

async function format(source: string): Promise<string> {
  return layoutModule(source);
}
