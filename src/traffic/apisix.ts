// The APISIX router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.apisix` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, port, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { nameOf, OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { STRING_LIST, struct } from '../private/arguments';
import { objectOrEmpty as obj } from '../private/manifest-types';

/** Options of the APISIX router. */
export interface ApisixRouterOptions {
  /**
   * The ApisixRoute.
   *
   * @default - the router defines `<rollout>-apisix-route`
   */
  readonly route?: RouterObject;
  /** Names of the rules to edit. @default - the rule of the defined route */
  readonly rules?: string[];
  /** Name of the ApisixRoute the router defines. @default `<rollout>-apisix-route` */
  readonly routeName?: string;
  /** Name of the rule of the defined route. @default 'primary' */
  readonly ruleName?: string;
  /** Hosts of the defined rule. @default - any */
  readonly hosts?: string[];
  /** Paths of the defined rule. @default ['/*'] */
  readonly paths?: string[];
  /** Methods of the defined rule. @default - any */
  readonly methods?: string[];
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}

class ApisixRouter implements ITrafficRouter {
  public readonly key = 'apisix';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: ApisixRouterOptions) {}

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    let name: string;
    let rules: string[] | undefined = o.rules;
    if (o.route) {
      name = o.route.name;
    } else {
      name = o.routeName ?? `${target.rolloutName}-apisix-route`;
      const rule = o.ruleName ?? 'primary';
      rules = rules ?? [rule];
      defined.push(defineRouterObject(scope, 'ApisixRoute', 'apisix.apache.org/v2', 'ApisixRoute', name, () => {
        const s = services(target, 'apisix');
        const p = port(target, 'apisix', o.servicePort);
        return {
          http: [{
            name: rule,
            match: { paths: [...(o.paths ?? ['/*'])], methods: o.methods ? [...o.methods] : undefined, hosts: o.hosts ? [...o.hosts] : undefined },
            backends: [{ serviceName: s.stable, servicePort: p }, { serviceName: s.canary, servicePort: p }],
          }],
        };
      }));
    }
    return new Binding<ApisixTrafficRoutingSpec>('apisix', () => ({ route: { name, rules: rules ? [...rules] : undefined } }), [...defined, ...appObjects([o.route])]);
  }
}

/**
 * What the controller writes in the ApisixRoute of `trafficRouting.apisix` (`route.name`;
 * rollout/trafficrouting/apisix): `spec.http`, whose backend weights it sets. Header routes go to
 * ApisixRoutes it creates itself (named after the managed route, never in Git).
 */
function apisixOwnedFields(config: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const name = nameOf(obj(obj(config).route).name);
  return name === undefined ? [] : [ctx.entry('apisix.apache.org', 'ApisixRoute', name, ['/spec/http'])];
}

/** `trafficRouting.apisix`. */
interface ApisixTrafficRoutingSpec {
  readonly route?: { readonly name: string; readonly rules?: string[] };
}

implementRouter<ApisixRouterOptions>('TrafficRouting.apisix', {
  options: struct('ApisixRouterOptions', {
    route: ROUTER_OBJECT,
    rules: STRING_LIST,
    routeName: 'string',
    ruleName: 'string',
    hosts: STRING_LIST,
    paths: STRING_LIST,
    methods: STRING_LIST,
    servicePort: 'number',
  }),
  create: options => new ApisixRouter(options),
  ownedFields: apisixOwnedFields,
});
