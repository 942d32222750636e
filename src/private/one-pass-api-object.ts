/**
 * The ApiObject every object of the library is: cdk8s's `ApiObject`, rendered to JSON in one pass.
 *
 * cdk8s renders an object in two walks over its whole value: `resolve` (which asks every resolver of
 * the app about every value, allocating a context and a key path each time) and `sanitizeValue` (which
 * drops null and undefined and sorts keys). With the app's three default resolvers the outcome of the
 * two walks is fixed, so this class does both in one walk, with the same result: a `Lazy` is produced,
 * a value with a `resolve()` method is resolved, a number-or-string union object becomes `{ value }`,
 * null and undefined values are dropped, keys are sorted, and any other class instance is refused
 * with cdk8s's message. The metadata is still rendered by `metadata.toJson()` and JSON patches are
 * applied after, as cdk8s does.
 *
 * Generated data (the CRDs) comes as `RenderedJson`: values parsed from data already in that form,
 * taken as they are, without a walk.
 *
 * An app with resolvers of its own (`new App({ resolvers })`), or with `CDK8S_DISABLE_SORT` set, gets
 * cdk8s's own rendering: the one-pass walk only stands in for the default resolution.
 */
import { ApiObject, ApiObjectProps, App, ImplicitTokenResolver, IResolver, JsonPatch, Lazy, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { Manifest, UncheckedObject } from './manifest-types';
import { SynthError, fail } from './synth-error';
import { SynthPass } from './synth-pass';

/** An object being built by the walk. */
type MutableObject = { [key: string]: unknown };

/**
 * A JSON value already in the form cdk8s renders (keys sorted, no null values), as the generators
 * write their data (imports/layout.js, `renderedJson`): rendering takes the value `produce` gives,
 * without walking it. `produce` gives a value no one else holds on every call. In cdk8s's own
 * rendering it is a token like any other (`resolve()`), walked as usual, with the same result.
 */
export class RenderedJson {
  /**
   * @param produce gives the value, a new one on every call
   */
  constructor(private readonly produce: () => unknown) {}

  /** The value, a new one on every call. */
  public resolve(): unknown {
    return this.produce();
  }
}

/** Whether the app of `scope` resolves with exactly cdk8s's default resolvers, in their order. */
function defaultResolution(scope: IConstruct): boolean {
  if (process.env.CDK8S_DISABLE_SORT) {
    return false;
  }
  const resolvers: IResolver[] | undefined = (scope.node.root as Partial<App>).resolvers;
  return resolvers !== undefined && resolvers.length === 3
    && resolvers[0] instanceof LazyResolver
    && resolvers[1] instanceof ImplicitTokenResolver
    && resolvers[2] instanceof NumberStringUnionResolver;
}

/** What `sanitizeValue` does to a value that `resolve` leaves as it is: drops null, sorts keys, refuses class instances. */
function sanitizeOnly(value: unknown): unknown {
  if (value == null) {
    return undefined;
  }
  if (typeof value !== 'object') {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map(sanitizeOnly);
  }
  const object = value as UncheckedObject;
  if (object.constructor?.name !== 'Object') {
    // (cdk8s's own error, wrapped below with the construct path as cdk8s wraps it)
    throw new Error(`can't render non-simple object of type '${object.constructor?.name}'`);
  }
  return sortedCopy(object, sanitizeOnly);
}

/** A copy of an object with its keys sorted and its values rendered by `render`; null and undefined values are dropped. */
function sortedCopy(object: UncheckedObject, render: (value: unknown) => unknown): MutableObject {
  const out: MutableObject = {};
  for (const key of Object.keys(object).sort()) {
    const v = render(object[key]);
    if (v != null) {
      out[key] = v;
    }
  }
  return out;
}

/**
 * cdk8s's `resolve` with the default resolvers followed by `sanitizeValue({ sortKeys: true })`, in
 * one walk.
 */
export function resolveAndSanitize(value: unknown): unknown {
  if (value == null) {
    return undefined;
  }
  if (typeof value !== 'object' && typeof value !== 'function') {
    return value;
  }
  if (value instanceof RenderedJson) {
    return value.resolve(); // what the walk below would give: the value is in rendered form
  }
  // the default resolvers, in their order
  if (value instanceof Lazy) {
    return resolveAndSanitize(value.produce());
  }
  const object = value as UncheckedObject;
  if (typeof object.resolve === 'function') {
    return resolveAndSanitize(object.resolve());
  }
  if (object.constructor !== Object && (typeof object.value === 'number' || typeof object.value === 'string')) {
    return { value: object.value }; // cdk8s renders a union object as a map with its value
  }
  if (typeof value === 'function') {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map(resolveAndSanitize);
  }
  if (object.constructor == Object) {
    return sortedCopy(object, resolveAndSanitize);
  }
  // an object `resolve` does not walk into: cdk8s only sanitizes it
  return sanitizeOnly(value);
}

/** What an object of the library does beyond cdk8s's `ApiObject` when it is rendered. */
export interface OnePassApiObjectOptions {
  /**
   * The kind is cluster-scoped: cdk8s gives every ApiObject the namespace of its chart, so the
   * namespace is taken out again when the object is rendered. @default false
   */
  readonly clusterScoped?: boolean;
  /**
   * Called with the manifest exactly as it is written (metadata, JSON patches and all), each time the
   * object is rendered, before it is returned: e.g. the rule engine, which may throw. Must not change
   * the manifest. (Every rendering is also handed to the synth's pass, see `SynthPass.rendered`.) @default - nothing
   */
  readonly rendered?: (manifest: Manifest) => void;
}

/**
 * An `ApiObject` rendered in one pass (see the module's comment). Output, JSON patches, error
 * messages and the `ApiObject.of()` escape hatch are cdk8s's, but for a `SynthError` met while
 * rendering (a rule error of an object rendered meanwhile): it names its construct, and is passed on
 * as it is, without cdk8s's `Failed serializing …` wrapper, whichever renders.
 */
export class OnePassApiObject extends ApiObject {
  /** The props as given (cdk8s keeps its copy private). */
  private readonly givenProps: ApiObjectProps;
  /** The JSON patches added (cdk8s keeps its list private). */
  private readonly givenPatches: JsonPatch[] = [];

  constructor(scope: Construct, id: string, props: ApiObjectProps, private readonly options: OnePassApiObjectOptions = {}) {
    super(scope, id, props);
    this.givenProps = props;
    SynthPass.track(this);
  }

  public addJsonPatch(...ops: JsonPatch[]): void {
    super.addJsonPatch(...ops);
    this.givenPatches.push(...ops);
  }

  public toJson(): Manifest {
    let json = defaultResolution(this) ? this.renderInOnePass() : this.renderByCdk8s();
    if (this.options.clusterScoped && json.metadata?.namespace !== undefined) {
      const { namespace: _, ...metadata } = json.metadata;
      json = { ...json, metadata };
    }
    this.options.rendered?.(json);
    SynthPass.rendered(this, json);
    return json;
  }

  private renderInOnePass(): Manifest {
    try {
      // the props are an object, so the walk gives one
      const json = resolveAndSanitize({ ...this.givenProps, metadata: this.metadata.toJson() }) as UncheckedObject;
      const patched: UncheckedObject = this.givenPatches.length > 0 ? JsonPatch.apply(json, ...this.givenPatches) : json;
      // apiVersion, kind and metadata first, as cdk8s writes them
      const result: MutableObject = {};
      for (const key of ['apiVersion', 'kind', 'metadata', ...Object.keys(patched)]) {
        if (key in patched) {
          result[key] = patched[key];
        }
      }
      return result as unknown as Manifest; // the props have apiVersion and kind (cdk8s requires them)
    } catch (e) {
      if (SynthError.isSynthError(e)) {
        fail(e); // it names its construct: passed on as it is, see SynthError
      }
      fail(`Failed serializing construct at path '${this.node.path}' with name '${this.name}': ${e}`);
    }
  }

  /** cdk8s's rendering; a `SynthError` of an object rendered meanwhile comes out as it is, not in cdk8s's wrapper. */
  private renderByCdk8s(): Manifest {
    try {
      return super.toJson();
    } catch (e) {
      const error = SynthError.unwrap(e, this);
      fail(error as Error); // a SynthError; any other error is cdk8s's, as it is
    }
  }
}
