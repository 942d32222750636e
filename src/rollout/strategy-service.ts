import { argumentOrDefault, checkArgument, listOf, STRING_MAP, struct } from '../private/arguments';
import * as kplus from '../private/kplus';
import { isServiceName } from '../private/names';
import { fail } from '../private/synth-error';

/**
 * Options for a Service that the Rollout defines for its strategy.
 */
export interface StrategyServiceDefineOptions {
  /**
   * The Service name.
   *
   * @default - `<rollout name>-<role>`, e.g. `my-app-active`, `my-app-canary` (a '.' of the Rollout's
   * name becomes '-': Service names hold no '.')
   */
  readonly name?: string;

  /**
   * The Service ports.
   *
   * @default - one port per container port of the Rollout, with its name and protocol, targeting it
   * (by name when it has one)
   */
  readonly ports?: kplus.ServicePort[];

  /**
   * The port of the Service, for a Rollout whose containers have one port: that container port is
   * the target (by name when it has one).
   *
   * @default - the container port's number
   */
  readonly port?: number;

  /**
   * The protocol of the ports derived from the containers.
   *
   * @default - the container port's protocol
   */
  readonly protocol?: kplus.Protocol;

  /**
   * Make the Service headless (`clusterIP: None`), as App Mesh virtual nodes want.
   *
   * @default false
   */
  readonly headless?: boolean;

  /**
   * The Service type.
   *
   * @default ServiceType.CLUSTER_IP
   */
  readonly serviceType?: kplus.ServiceType;

  /**
   * Labels of the Service.
   *
   * @default - none
   */
  readonly labels?: { [key: string]: string };

  /**
   * Annotations of the Service.
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
}

/**
 * A Service that a Rollout strategy points at (active, preview, stable, canary, ping, pong).
 *
 * The Rollout defines the Services its strategy needs unless you give your own: a cdk8s-plus
 * `Service` of this app, or the name of a Service defined elsewhere.
 */
export class StrategyService {
  /**
   * The Rollout defines this Service: its selector is the Rollout's pod selector and its ports
   * are the containers' ports.
   */
  public static define(options: StrategyServiceDefineOptions = {}): StrategyService {
    options = argumentOrDefault('StrategyService.define()', 'options', options, struct('StrategyServiceDefineOptions', {
      name: 'string',
      ports: listOf('object'),
      port: 'number',
      protocol: { name: 'Protocol (cdk8s-plus)', values: Object.values(kplus.Protocol) },
      headless: 'boolean',
      serviceType: { name: 'ServiceType (cdk8s-plus)', values: Object.values(kplus.ServiceType) },
      labels: STRING_MAP,
      annotations: STRING_MAP,
    }), {});
    return new StrategyService('define', options);
  }

  /**
   * A cdk8s-plus Service of this app. Its selector must select the Rollout's pods (checked at synth).
   */
  public static fromService(service: kplus.Service): StrategyService {
    return new StrategyService('service', undefined, service);
  }

  /**
   * A Service defined elsewhere, by name (in the Rollout's namespace).
   */
  public static fromServiceName(name: string): StrategyService {
    checkArgument('StrategyService.fromServiceName()', 'name', name, 'string');
    if (!isServiceName(name)) {
      fail(`Service name '${name}' is not a valid Service name: use at most 63 lowercase letters, digits and '-', starting with a letter.`);
    }
    return new StrategyService('name', undefined, undefined, name);
  }

  /**
   * No Service for this role (e.g. a blue-green Rollout without a preview Service).
   */
  public static none(): StrategyService {
    return new StrategyService('none');
  }

  private constructor(
    /** @internal */ public readonly _mode: 'define' | 'service' | 'name' | 'none',
    /** @internal */ public readonly _defineOptions?: StrategyServiceDefineOptions,
    /** @internal */ public readonly _service?: kplus.Service,
    /** @internal */ public readonly _name?: string) {}
}
