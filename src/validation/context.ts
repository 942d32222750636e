import { Finding, ValidationOptions } from './types';
import { asArray, asNumber, asObject, asString, isObject, isSet } from './util';

/** Path of the canary strategy; rules build their paths from these. */
export const CANARY_PATH = 'spec.strategy.canary';
/** Path of the blue-green strategy. */
export const BLUE_GREEN_PATH = 'spec.strategy.blueGreen';
/** Path of the canary steps. */
export const STEPS_PATH = `${CANARY_PATH}.steps`;

/** Defaults the controller applies (argo-rollouts-rules.md). */
export const DEFAULT_REVISION_HISTORY_LIMIT = 10;
export const DEFAULT_PROGRESS_DEADLINE_SECONDS = 600;
export const DEFAULT_MAX_TRAFFIC_WEIGHT = 100;
export const DEFAULT_MAX_SURGE = '25%';
export const DEFAULT_MAX_UNAVAILABLE = '25%';

/** A rule of the engine: its ID from argo-rollouts-rules.md and a check that reports through the context. */
export interface Rule {
  readonly id: string;
  check(ctx: RuleContext): void;
}

/** Key of a namespaced object in the indexes: namespace (empty when absent) and name. */
function objectKey(namespace: string, name: string): string {
  return `${namespace}\u0000${name}`;
}

function namespaceOf(manifest: any): string {
  return asString(asObject(manifest?.metadata)?.namespace);
}

function nameOf(manifest: any): string {
  return asString(asObject(manifest?.metadata)?.name);
}

/** Kinds a `workloadRef` may point at, with their API group ('' = core). */
const WORKLOAD_KINDS: ReadonlyMap<string, string> = new Map([
  ['Deployment', 'apps'],
  ['ReplicaSet', 'apps'],
  ['PodTemplate', ''],
]);

function apiGroupOf(apiVersion: any): string | undefined {
  if (typeof apiVersion !== 'string') {
    return undefined;
  }
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * Objects that Rollouts refer to, indexed once per validation run: core Services, and the workloads a
 * `workloadRef` may name.
 */
export class ManifestIndex {
  /** Builds the index over all manifests of a run. */
  public static build(manifests: readonly any[]): ManifestIndex {
    const index = new ManifestIndex();
    for (const manifest of manifests) {
      if (!isObject(manifest) || typeof manifest.kind !== 'string') {
        continue;
      }
      const group = apiGroupOf(manifest.apiVersion);
      const key = objectKey(namespaceOf(manifest), nameOf(manifest));
      if (manifest.kind === 'Service' && (group === undefined || group === '')) {
        if (!index.services.has(key)) {
          index.services.set(key, manifest);
        }
      } else if (WORKLOAD_KINDS.has(manifest.kind) && (group === undefined || group === WORKLOAD_KINDS.get(manifest.kind))) {
        const workloadKey = `${manifest.kind}\u0000${key}`;
        if (!index.workloads.has(workloadKey)) {
          index.workloads.set(workloadKey, manifest);
        }
      }
    }
    return index;
  }

  private readonly services = new Map<string, any>();
  private readonly workloads = new Map<string, any>();

  private constructor() {
  }

  /** The Service of that name in that namespace ('' = no namespace), if present. */
  public service(namespace: string, name: string): any {
    return this.services.get(objectKey(namespace, name));
  }

  /** The Deployment, ReplicaSet or PodTemplate of that kind, namespace and name, if present. */
  public workload(kind: string, namespace: string, name: string): any {
    return this.workloads.get(`${kind}\u0000${objectKey(namespace, name)}`);
  }
}

/**
 * What the rules see of one Rollout: the raw manifest, tolerant views of the fields most rules need
 * (never throwing on malformed input), and `report()`, which turns a violation into a Finding.
 */
export class RuleContext {
  /** Rule ID stamped on reported findings; set by the engine before each rule runs. */
  public ruleId = '';

  public readonly name: string;
  public readonly namespace: string;
  /** `spec`, or an empty object when it is missing or not an object. */
  public readonly spec: any;
  /** True when `spec.workloadRef` is set. */
  public readonly hasWorkloadRef: boolean;
  /** `spec.strategy.blueGreen` when it is the only strategy set. */
  public readonly blueGreen: any;
  /** `spec.strategy.canary` when it is the only strategy set. */
  public readonly canary: any;
  /** `spec.strategy.canary.trafficRouting` when the canary strategy is used and routing is set. */
  public readonly trafficRouting: any;
  /** The canary steps (empty when not a canary or no steps). */
  public readonly steps: readonly any[];

  constructor(
    public readonly manifest: any,
    public readonly documentIndex: number,
    public readonly index: ManifestIndex,
    public readonly options: ValidationOptions,
    private readonly findings: Finding[],
  ) {
    const metadata = asObject(manifest.metadata);
    this.name = asString(metadata?.name);
    this.namespace = asString(metadata?.namespace);
    this.spec = asObject(manifest.spec) ?? {};
    this.hasWorkloadRef = isSet(this.spec.workloadRef);

    const strategy = asObject(this.spec.strategy);
    const hasBlueGreen = isSet(strategy?.blueGreen);
    const hasCanary = isSet(strategy?.canary);
    this.blueGreen = hasBlueGreen && !hasCanary ? asObject(strategy.blueGreen) ?? {} : undefined;
    this.canary = hasCanary && !hasBlueGreen ? asObject(strategy.canary) ?? {} : undefined;
    this.trafficRouting = isSet(this.canary?.trafficRouting) ? asObject(this.canary.trafficRouting) ?? {} : undefined;
    this.steps = asArray(this.canary?.steps);
  }

  /** `trafficRouting.maxTrafficWeight`, or its default of 100. */
  public get maxTrafficWeight(): number {
    return asNumber(this.trafficRouting?.maxTrafficWeight) ?? DEFAULT_MAX_TRAFFIC_WEIGHT;
  }

  /** True when traffic routing is set and has one of the given routers (e.g. `alb`, `istio`, `plugins`). */
  public hasRouter(...routers: string[]): boolean {
    const routing = this.trafficRouting;
    return routing !== undefined && routers.some(router => isSet(routing[router]));
  }

  /**
   * The pod template labels the controller works with: those of `spec.template`, or, with a
   * `workloadRef`, those of the referenced workload when it is among the manifests (`undefined` when
   * it is not, so that checks depending on them are skipped).
   */
  public templateLabels(): any {
    if (!this.hasWorkloadRef) {
      return asObject(asObject(asObject(this.spec.template)?.metadata)?.labels) ?? {};
    }
    const ref = asObject(this.spec.workloadRef);
    const kind = asString(ref?.kind);
    if (!WORKLOAD_KINDS.has(kind)) {
      return undefined;
    }
    const workload = this.index.workload(kind, this.namespace, asString(ref?.name));
    if (workload === undefined) {
      return undefined;
    }
    const template = kind === 'PodTemplate' ? workload.template : asObject(workload.spec)?.template;
    return asObject(asObject(asObject(template)?.metadata)?.labels) ?? {};
  }

  /** Records a violation of the current rule at `path`. */
  public report(path: string, message: string, fix: string, value?: any): void {
    const finding: Finding = {
      ruleId: this.ruleId,
      documentIndex: this.documentIndex,
      kind: 'Rollout',
      name: this.name,
      ...(this.namespace !== '' ? { namespace: this.namespace } : {}),
      path,
      message,
      fix,
      ...(value !== undefined ? { value } : {}),
    };
    this.findings.push(finding);
  }
}
