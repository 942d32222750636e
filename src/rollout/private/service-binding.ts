import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { Manifest } from '../../private/manifest-types';
import { isServiceName } from '../../private/names';
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

/**
 * A cdk8s-plus Service defined by a Rollout: selector and ports are read from the Rollout at synth
 * time, so containers and labels added later still show up.
 */
class OwnedService extends kplus.Service {
  constructor(scope: Construct, id: string, private readonly source: ServicePodSource, private readonly role: string,
    private readonly options: StrategyServiceDefineOptions, metadata: ApiObjectMetadata) {
    super(scope, id, { metadata, type: options.serviceType });
  }

  /** @internal */
  public _toKube(): kplus.k8s.ServiceSpec {
    const selector = this.source._servicePodSelector(this.role);
    return {
      type: this.options.serviceType,
      clusterIp: this.options.headless ? 'None' : undefined,
      selector,
      ports: this.renderPorts().map(p => ({
        name: p.name,
        port: p.port,
        targetPort: p.targetPort,
        protocol: p.protocol,
        nodePort: p.nodePort,
      })),
    };
  }

  /** The ports, read at the time of the call (cdk8s-plus `Service.ports`, e.g. for `IngressBackend.fromService`). */
  public get ports(): kplus.ServicePort[] {
    return this.renderPorts().map(p => ({
      name: p.name,
      port: p.port,
      protocol: p.protocol as kplus.Protocol | undefined,
      nodePort: p.nodePort,
      targetPort: typeof p.targetPort?.value === 'number' ? p.targetPort.value : undefined,
    }));
  }

  /** The first port (cdk8s-plus `Service.port`). */
  public get port(): number {
    return this.ports[0].port;
  }

  /** The ports: as given, or one per container port (named ports are targeted by name). */
  private renderPorts() {
    const given = this.options.ports;
    if (given) {
      return given.map(p => ({ ...p, targetPort: p.targetPort !== undefined ? kplus.k8s.IntOrString.fromNumber(p.targetPort) : undefined }));
    }
    const container = this.source._servicePodPorts();
    const where = `The ${this.role} Service of Rollout ${this.source.node.path}`;
    if (container.length === 0) {
      throw new Error(`${where} has no port: no container of the Rollout declares a port. `
        + 'Add a port to a container (portNumber or ports), or pass StrategyService.define({ ports }).');
    }
    if (container.length > 1 && container.some(p => !p.name)) {
      throw new Error(`${where} has several ports, and not all have a name. Name every container port, or pass StrategyService.define({ ports }) with named ports.`);
    }
    if (container.length > 1 && this.options.port !== undefined) {
      throw new Error(`${where}: port ${this.options.port} is ambiguous, the containers have ${container.length} ports. Pass StrategyService.define({ ports }) instead.`);
    }
    return container.map(p => ({
      name: p.name,
      port: this.options.port ?? p.number,
      targetPort: p.name ? kplus.k8s.IntOrString.fromString(p.name) : kplus.k8s.IntOrString.fromNumber(p.number),
      protocol: (this.options.protocol ?? p.protocol) as string | undefined,
      nodePort: undefined as number | undefined,
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
        throw new Error(`The ${role} Service name '${name}' of Rollout ${scope.node.path} is not a valid Service name (at most 63 lowercase letters, digits and '-', `
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

/** The plain manifest of a Service of this app, for reference checks. */
export function serviceManifest(resolved: ResolvedService | undefined): Manifest | undefined {
  if (!resolved?.service) return undefined;
  return ApiObject.of(resolved.service).toJson();
}
