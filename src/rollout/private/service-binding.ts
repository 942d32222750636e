import { ApiObject, ApiObjectMetadata, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import * as kplus from '../../private/kplus';
import { isServiceName } from '../../private/names';
import { OnePassApiObject } from '../../private/one-pass-api-object';
import { fail } from '../../private/synth-error';
import { copyMap } from '../../private/utils';
import { StrategyService, StrategyServiceDefineOptions } from '../strategy-service';

/**
 * What an owned Service needs from its Rollout at synth time.
 */
export interface ServicePodSource {
  /** Path of the Rollout, for errors. */
  readonly node: Construct['node'];
  /** The labels that select the Rollout's pods. */
  _servicePodSelector(role: string): { [key: string]: string };
  /** The container ports of the Rollout's pods. */
  _servicePodPorts(): kplus.ContainerPort[];
}

/** A port of an owned Service, in the manifest's form. */
interface RenderedPort {
  readonly name?: string;
  readonly port: number;
  readonly targetPort?: number | string;
  readonly protocol?: string;
  readonly nodePort?: number;
}

/**
 * A cdk8s-plus Service defined by a Rollout: selector and ports are read from the Rollout at synth
 * time, so containers and labels added later still show up. `bind`, `select` and `selectLabel` work
 * as on any cdk8s-plus Service: bound ports follow the Rollout's, selected labels narrow its selector.
 *
 * Its object is rendered in one pass (`OnePassApiObject`), as the library's own objects are, with the
 * same manifest cdk8s-plus's generated `KubeService` would give: the spec is built in the manifest's
 * form, so the generated name conversion has nothing to do.
 */
class OwnedService extends kplus.Service {
  /** Ports added with `bind`. */
  private readonly boundPorts: RenderedPort[] = [];
  /** Labels added with `select` and `selectLabel`. */
  private readonly selectedLabels: { [key: string]: string } = {};

  constructor(scope: Construct, id: string, private readonly source: ServicePodSource, private readonly role: string,
    private readonly options: StrategyServiceDefineOptions, metadata: ApiObjectMetadata) {
    super(scope, id, { metadata, type: options.serviceType });
    // the object cdk8s-plus made gives way to one with the same id, metadata and manifest
    this.node.tryRemoveChild('Resource');
    (this as unknown as { apiObject: ApiObject }).apiObject = new OnePassApiObject(this, 'Resource', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata,
      spec: Lazy.any({ produce: () => this.renderSpec() }),
    });
  }

  /** Whether `select` or `selectLabel` narrowed the selector. */
  public get narrowed(): boolean {
    return Object.keys(this.selectedLabels).length > 0;
  }

  /** Whether some port is not made from the containers' ports (`define({ ports })` or `bind`), so its targetPort may miss. */
  public get givenPorts(): boolean {
    return this.options.ports !== undefined || this.boundPorts.length > 0;
  }

  /** Adds a port after the Rollout's (cdk8s-plus `Service.bind`). */
  public bind(port: number, options: kplus.ServiceBindOptions = {}): void {
    this.boundPorts.push({ name: options.name, port, targetPort: options.targetPort, protocol: options.protocol, nodePort: options.nodePort });
  }

  /** Narrows the selector to pods that also match this selector's labels (cdk8s-plus `Service.select`). */
  public select(selector: kplus.IPodSelector): void {
    Object.assign(this.selectedLabels, selector.toPodSelectorConfig().labelSelector._toKube().matchLabels ?? {});
  }

  /** Narrows the selector to pods that also have this label (cdk8s-plus `Service.selectLabel`). */
  public selectLabel(key: string, value: string): void {
    this.selectedLabels[key] = value;
  }

  /** The ports, read at the time of the call (cdk8s-plus `Service.ports`, e.g. for `IngressBackend.fromService`). */
  public get ports(): kplus.ServicePort[] {
    return this.renderPorts().map(p => ({
      name: p.name,
      port: p.port,
      protocol: p.protocol as kplus.Protocol | undefined,
      nodePort: p.nodePort,
      targetPort: typeof p.targetPort === 'number' ? p.targetPort : undefined,
    }));
  }

  /** The first port (cdk8s-plus `Service.port`). */
  public get port(): number {
    return this.ports[0].port;
  }

  /** The Service in messages. */
  private get subject(): string {
    return `The ${this.role} Service of Rollout ${this.source.node.path}`;
  }

  /** The spec, in the manifest's form. */
  private renderSpec(): object {
    return {
      type: this.options.serviceType,
      clusterIP: this.options.headless ? 'None' : undefined,
      selector: { ...this.source._servicePodSelector(this.role), ...this.selectedLabels },
      ports: this.renderPorts(),
    };
  }

  /** The ports: as given, or one per container port (named ports are targeted by name); then the bound ones. */
  private renderPorts(): RenderedPort[] {
    const ports = [...this.ownPorts(), ...this.boundPorts];
    for (let i = 0; i < ports.length; i++) {
      const port = ports[i];
      const sameName = ports.slice(0, i).find(p => p.name !== undefined && p.name === port.name);
      const sameNumber = ports.slice(0, i).find(p => p.port === port.port && (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP'));
      if (sameName || sameNumber) {
        fail(`${this.subject} has two ports ${sameName ? `named '${port.name}'` : `${port.port}/${port.protocol ?? 'TCP'}`}; the API server `
          + 'refuses a Service whose ports share a name, or a number and protocol. Bind the port with another name and number.');
      }
    }
    return ports;
  }

  /** The ports from the options or from the Rollout's containers. */
  private ownPorts(): RenderedPort[] {
    const given = this.options.ports;
    if (given) {
      return given.map(p => ({ name: p.name, port: p.port, targetPort: p.targetPort, protocol: p.protocol, nodePort: p.nodePort }));
    }
    const container = this.source._servicePodPorts();
    const where = this.subject;
    if (container.length === 0) {
      if (this.boundPorts.length > 0) return [];
      fail(`${where} has no port: no container of the Rollout declares a port. `
        + 'Add a port to a container (portNumber or ports), or pass StrategyService.define({ ports }).');
    }
    if (container.length > 1 && container.some(p => !p.name)) {
      fail(`${where} has several ports, and not all have a name. Name every container port, or pass StrategyService.define({ ports }) with named ports.`);
    }
    if (container.length > 1 && this.options.port !== undefined) {
      fail(`${where}: port ${this.options.port} is ambiguous, the containers have ${container.length} ports. Pass StrategyService.define({ ports }) instead.`);
    }
    return container.map(p => ({
      name: p.name,
      port: this.options.port ?? p.number,
      targetPort: p.name ?? p.number,
      protocol: this.options.protocol ?? p.protocol,
    }));
  }
}

/** The result of resolving a StrategyService for a Rollout. */
export interface ResolvedService {
  readonly name: string;
  /** The cdk8s-plus Service, when it is part of this app. */
  readonly service?: kplus.Service;
  /** True when the Rollout defined the Service itself. */
  readonly owned: boolean;
}

/**
 * Resolves a StrategyService: defines the Service when asked. Called once per role at construction.
 */
export function resolveStrategyService(scope: Construct & ServicePodSource, role: string, rolloutName: string,
  spec: StrategyService | undefined, namespace: string | undefined): ResolvedService | undefined {
  if (!spec || spec._mode === 'none') return undefined;
  switch (spec._mode) {
    case 'name':
      return { name: spec._name!, owned: false };
    case 'service':
      return { name: spec._service!.name, service: spec._service, owned: false };
    default: {
      const options = spec._defineOptions ?? {};
      // Service names are DNS-1035 labels: a '.' of the Rollout's name (a DNS subdomain) becomes '-'
      const name = options.name ?? `${rolloutName.replace(/\./g, '-')}-${role}`;
      if (!isServiceName(name)) {
        fail(`The ${role} Service name '${name}' of Rollout ${scope.node.path} is not a valid Service name (at most 63 lowercase letters, digits and '-', `
          + 'starting with a letter). Give the Rollout a shorter metadata.name, or pass StrategyService.define({ name }).');
      }
      const id = `${role[0].toUpperCase()}${role.slice(1)}Service`;
      const service = new OwnedService(scope, id, scope, role, options, {
        name,
        namespace,
        labels: copyMap(options.labels),
        annotations: copyMap(options.annotations),
      });
      return { name, service, owned: true };
    }
  }
}

/**
 * The manifests of the Services of this app that the Rollout's reference checks must read: those it
 * does not define, and those it defines whose selector was narrowed with `select`/`selectLabel` or
 * whose ports were given or bound (the others select its pods, and target its container ports, by construction).
 */
export function servicesToCheck(services: ResolvedService[]): ApiObject[] {
  return services
    .filter(s => s.service && (!s.owned || (s.service as OwnedService).narrowed || (s.service as OwnedService).givenPorts))
    .map(s => ApiObject.of(s.service!));
}
