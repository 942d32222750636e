import { checkArgument } from '../private/arguments';
import { hasDns1123LabelChars } from '../private/name-syntax';
import { StringMatchSpec } from './private/spec-types';
import { fail } from '../private/synth-error';

/**
 * A string condition of a header or mirror route: exactly one of exact, prefix or regex.
 */
export class StringMatch {
  /** The value must equal `value`. */
  public static exact(value: string): StringMatch {
    checkArgument('StringMatch.exact()', 'value', value, 'string');
    return new StringMatch('exact', value);
  }

  /** The value must start with `value`. Not supported by the ALB router. */
  public static prefix(value: string): StringMatch {
    checkArgument('StringMatch.prefix()', 'value', value, 'string');
    return new StringMatch('prefix', value);
  }

  /** The value must match the regular expression `pattern`. Not supported by the ALB router. */
  public static regex(pattern: string): StringMatch {
    checkArgument('StringMatch.regex()', 'pattern', pattern, 'string');
    try {
      new RegExp(pattern);
    } catch (e) {
      fail(`StringMatch.regex('${pattern}') is not a valid regular expression: ${(e as Error).message}`);
    }
    return new StringMatch('regex', pattern);
  }

  private constructor(
    /** The kind of match: `exact`, `prefix` or `regex`. */
    public readonly matchType: string,
    /** The value or pattern. */
    public readonly value: string) {
    if (typeof value !== 'string' || value === '') {
      fail(`StringMatch.${matchType}() needs a non-empty string, got '${value}'.`);
    }
  }

  /** @internal */
  public _toKube(): StringMatchSpec {
    return { [this.matchType]: this.value };
  }
}

/**
 * A route that the controller creates and removes during the steps of a canary: header routes
 * (`CanaryStep.setHeaderRoute`) and mirror routes (`CanaryStep.setMirrorRoute`).
 *
 * The Rollout lists every route its steps use in `trafficRouting.managedRoutes`, in the order of
 * first use (the order is the routes' precedence).
 */
export class ManagedRoute {
  /**
   * A route with the given name.
   *
   * @param name the route name, unique within the Rollout
   */
  public static named(name: string): ManagedRoute {
    checkArgument('ManagedRoute.named()', 'name', name, 'string');
    if (!name || !hasDns1123LabelChars(name)) {
      fail(`Managed route name '${name}' is invalid: use lowercase letters, digits and '-', e.g. 'header-route-1'.`);
    }
    return new ManagedRoute(name);
  }

  private constructor(
    /** The route name. */
    public readonly name: string) {}
}
