/**
 * Argument guards of the public API. TypeScript refuses a wrong argument at compile time; JavaScript
 * callers and the other jsii languages do not, and a `null` options object or a plain object where a
 * value class belongs would otherwise end in "Cannot read properties of null" or "x is not a
 * function" deep inside a render. Each public factory, constructor and add-method checks its
 * arguments with `checkArgument` (one call per argument, or per field that holds a class instance),
 * so the error names the argument, what it must be and what it got.
 */
import { Construct } from 'constructs';

/** A class whose instances an argument must be (`instanceof`), with a way to create one. */
export interface ExpectedClass {
  /** The class. */
  readonly class: { readonly prototype: unknown };
  /** Its name as users write it, e.g. `CanaryStep`. */
  readonly name: string;
  /** How to create one, e.g. `CanaryStep.setWeight(20)`. */
  readonly example?: string;
}

/**
 * An object that must have some methods: an interface (which jsii languages implement with their own
 * objects) or a class of another package (of which a second copy may be loaded, so `instanceof` would
 * be wrong).
 */
export interface ExpectedShape {
  /** Its name as users write it, e.g. `Duration` or `IAnalysisTemplate`. */
  readonly name: string;
  /** Methods the object must have. */
  readonly methods: readonly string[];
  /** How to create one, e.g. `Duration.seconds(30)`. */
  readonly example?: string;
}

/** One of the values of an enum. */
export interface ExpectedValue {
  /** The enum, e.g. `RequestMetricsSource`. */
  readonly name: string;
  /** Its values. */
  readonly values: readonly string[];
}

/**
 * What an argument must be: a JSON type (`object` is an options struct or a map: a non-null object
 * that is not a list), a class, an object with some methods, or a value of an enum.
 */
export type Expected = 'string' | 'number' | 'boolean' | 'object' | 'array' | ExpectedClass | ExpectedShape | ExpectedValue;

/** The cdk8s `Duration`, by its methods (the app may load another copy of cdk8s). */
export const DURATION: ExpectedShape = { name: 'Duration (cdk8s)', methods: ['toSeconds', 'toMilliseconds'], example: 'Duration.seconds(30)' };

/** A cdk8s-plus `PercentOrAbsolute`, by its methods. */
export const PERCENT_OR_ABSOLUTE: ExpectedShape = {
  name: 'PercentOrAbsolute (cdk8s-plus)',
  methods: ['isZero'],
  example: 'PercentOrAbsolute.percent(25) or PercentOrAbsolute.absolute(1)',
};

/** A traffic router (`ITrafficRouter`), by its method. */
export const TRAFFIC_ROUTER: ExpectedShape = { name: 'ITrafficRouter', methods: ['bind'], example: 'a factory such as TrafficRouting.istio()' };

/** An analysis template (`IAnalysisTemplate`), by its method. */
export const ANALYSIS_TEMPLATE: ExpectedShape = {
  name: 'IAnalysisTemplate',
  methods: ['toManifest'],
  example: "new AnalysisTemplate(...) or AnalysisTemplate.fromAnalysisTemplateName(scope, id, 'name')",
};

/** A construct scope (a Chart, an App or any construct in them). */
export const SCOPE: ExpectedClass = { class: Construct, name: 'Construct (the scope: a Chart or another construct)' };

/** An error in how the public API was called: the argument, what it must be, and what it got. */
export class ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}

const ARTICLE = /^[aeiou]/i;

function describeExpected(expected: Expected): string {
  switch (expected) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean (true or false)';
    case 'object': return 'an object (a map of options or values)';
    case 'array': return 'a list';
    default:
      if ('values' in expected) {
        return `a ${expected.name} (one of ${expected.values.map(v => JSON.stringify(v)).join(', ')})`;
      }
      return `${ARTICLE.test(expected.name) ? 'an' : 'a'} ${expected.name}`;
  }
}

/** The value an argument got, in words: `null`, `the number 5`, `a plain object {"weight":20}`, ... */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (undefined)';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  switch (typeof value) {
    case 'string': return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
    case 'number':
    case 'bigint': return `the number ${String(value)}`;
    case 'boolean': return `the boolean ${value}`;
    case 'function': return `a function${value.name ? ` (${value.name})` : ''}`;
    case 'object': {
      const proto = Object.getPrototypeOf(value);
      if (proto !== null && proto !== Object.prototype) {
        const name = proto.constructor?.name;
        return name ? `an instance of ${name}` : 'an object of another class';
      }
      const keys = Object.keys(value as object);
      const shown = keys.slice(0, 5).join(', ');
      return keys.length === 0 ? 'a plain object {}' : `a plain object with ${shown}${keys.length > 5 ? ', ...' : ''}`;
    }
    default: return typeof value;
  }
}

function matches(value: unknown, expected: Expected): boolean {
  switch (expected) {
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === expected;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      if ('class' in expected) {
        return value instanceof (expected.class as any);
      }
      if ('values' in expected) {
        return typeof value === 'string' && expected.values.includes(value);
      }
      return value !== null && (typeof value === 'object' || typeof value === 'function')
        && expected.methods.every(m => typeof (value as any)[m] === 'function');
  }
}

/**
 * Throws an ArgumentError unless `value` is what `expected` describes. An optional argument may be
 * `undefined` or `null` (jsii languages pass their "none" as either).
 *
 * @param where the call, e.g. `RolloutStrategy.canary()`
 * @param name the argument, or the path of the field in it, e.g. `options.steps[2]`
 * @param value what the caller passed
 * @param expected what it must be
 * @param optional whether the argument may be left out
 */
export function checkArgument(where: string, name: string, value: unknown, expected: Expected, optional = false): void {
  if (optional && (value === undefined || value === null)) {
    return;
  }
  if (matches(value, expected)) {
    return;
  }
  const missing = value === undefined || value === null;
  const example = typeof expected === 'object' && 'example' in expected && expected.example ? ` Create one with ${expected.example}.` : '';
  throw new ArgumentError(`${where === '' ? '' : `${where}: `}'${name}' ${missing && !optional ? 'is required and ' : ''}must be ${describeExpected(expected)}, `
    + `got ${describeValue(value)}.${example}`);
}

/**
 * Checks each item of an optional list argument (`checkArgument` on the list, then on every item,
 * named `<name>[i]`).
 */
export function checkListArgument(where: string, name: string, value: unknown, item: Expected, optional = false): void {
  checkArgument(where, name, value, 'array', optional);
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkArgument(where, `${name}[${i}]`, v, item));
  }
}

/**
 * An argument that has a default (`options = {}`): checked like an optional argument, and the default
 * when the caller passed `undefined` or `null` (a parameter default does not apply to `null`).
 */
export function argumentOrDefault<T>(where: string, name: string, value: T | undefined | null, expected: Expected, fallback: T): T {
  checkArgument(where, name, value, expected, true);
  return value ?? fallback;
}
