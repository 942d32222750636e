// The one-pass rendering of the library's ApiObjects gives what cdk8s's own rendering gives
// (`ApiObject.prototype.toJson`): for every kind of value cdk8s resolves, for every object of every
// example app, and it steps aside for apps with resolvers of their own.
import { ApiObject, App, Chart, JsonPatch, Lazy, ResolutionContext, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EXAMPLES } from '../../examples';
import { OnePassApiObject, resolveAndSanitize } from '../../src/private/one-pass-api-object';

/** cdk8s's rendering of the same object. */
const cdk8sJson = (o: ApiObject) => ApiObject.prototype.toJson.call(o);
/** The one-pass rendering, read as any JSON. */
const ours = (o: OnePassApiObject): any => o.toJson();

/** A value whose resolve() cdk8s calls (an implicit token). */
class Token {
  constructor(private readonly v: unknown) {}
  public resolve() {
    return this.v;
  }
}

/** A number-or-string union as the generated L1 types make them. */
class Union {
  constructor(public readonly value: number | string) {}
}

class Opaque {
  public readonly x = 1;
}

function objectWith(body: { [key: string]: unknown }, chart = new Chart(Testing.app(), 'c')): OnePassApiObject {
  return new OnePassApiObject(chart, 'o', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'o', labels: { b: '2', a: '1' } }, ...body });
}

describe('OnePassApiObject renders what cdk8s renders', () => {
  const bodies: { [name: string]: { [key: string]: unknown } } = {
    'nested maps, unsorted keys': { spec: { z: 1, a: { d: [3, { y: 'x', b: true }], c: 'c' }, m: 0, e: '' } },
    'null and undefined values dropped': { spec: { a: null, b: undefined, c: { d: null, e: [null, undefined, 1] } } },
    'empty maps and lists kept': { spec: { a: {}, b: [], c: { d: {} } } },
    'Lazy values, also nested in a Lazy': { spec: Lazy.any({ produce: () => ({ b: Lazy.any({ produce: () => [2, 1] }), a: undefined }) }) },
    'implicit tokens': { data: { k: new Token('v'), n: new Token({ z: 1, a: new Token(2) }) } },
    'number-or-string unions': { spec: { port: new Union(8080), name: new Union('http'), list: [new Union(1)] } },
    'a Lazy producing undefined': { spec: { a: Lazy.any({ produce: () => undefined }), b: 1 } },
    'a cdk8s-plus IntOrString': { spec: { targetPort: kplus.k8s.IntOrString.fromString('http') } },
    'top-level keys after apiVersion, kind and metadata, sorted': { zeta: 1, alpha: { b: 1, a: 2 }, data: { x: 'y' } },
  };

  test.each(Object.keys(bodies))('%s', name => {
    const o = objectWith(bodies[name]);
    const expected = cdk8sJson(o);
    expect(o.toJson()).toEqual(expected);
    expect(JSON.stringify(o.toJson())).toEqual(JSON.stringify(expected)); // key order too
  });

  test('a class instance cdk8s cannot render is refused with cdk8s\'s message and the construct path', () => {
    const o = objectWith({ spec: { a: new Opaque() } });
    expect(() => cdk8sJson(o)).toThrow(/non-simple object of type 'Opaque'/);
    expect(() => o.toJson()).toThrow("Failed serializing construct at path 'c/o' with name 'o': Error: can't render non-simple object of type 'Opaque'");
  });

  test('JSON patches apply after rendering, as in cdk8s', () => {
    const o = objectWith({ spec: { replicas: 1, list: [1, 2] } });
    o.addJsonPatch(JsonPatch.replace('/spec/replicas', 3), JsonPatch.add('/spec/list/-', 9), JsonPatch.remove('/metadata/labels/a'));
    expect(o.toJson()).toEqual(cdk8sJson(o));
    expect(ours(o).spec).toEqual({ list: [1, 2, 9], replicas: 3 });
    expect(ours(o).metadata.labels).toEqual({ b: '2' });
  });

  test('an app with resolvers of its own gets cdk8s\'s rendering (the resolvers run)', () => {
    const upper = { resolve: (ctx: ResolutionContext) => { if (typeof ctx.value === 'string' && ctx.value.startsWith('x')) ctx.replaceValue(ctx.value.toUpperCase()); } };
    const app = new App({ resolvers: [upper] });
    const o = objectWith({ data: { a: 'xyz', b: 'abc' } }, new Chart(app, 'c'));
    expect(ours(o).data).toEqual({ a: 'XYZ', b: 'abc' });
  });

  test('CDK8S_DISABLE_SORT keeps the keys in the order given, as cdk8s does', () => {
    const o = objectWith({ data: { b: '1', a: '2' } });
    process.env.CDK8S_DISABLE_SORT = '1';
    try {
      expect(Object.keys(ours(o).data)).toEqual(['b', 'a']);
    } finally {
      delete process.env.CDK8S_DISABLE_SORT;
    }
    expect(Object.keys(ours(o).data)).toEqual(['a', 'b']);
  });

  test('objects are fresh copies: a value used twice is not shared (YAML would write an anchor)', () => {
    const shared = { a: 1 };
    const out: any = resolveAndSanitize({ x: shared, y: shared, z: [shared] });
    expect(out.x).not.toBe(out.y);
    expect(out.x).not.toBe(shared);
    expect(out.z[0]).not.toBe(out.x);
  });
});

describe('every object of every example app renders as cdk8s renders it', () => {
  test.each(EXAMPLES.map(e => e.name))('%s', name => {
    const app = Testing.app();
    EXAMPLES.find(e => e.name === name)!.define(app);
    // (`instanceof` would not do: cdk8s's ApiObject answers it for any ApiObject, subclasses included)
    const objects = app.node.findAll().filter((c): c is OnePassApiObject => OnePassApiObject.prototype.isPrototypeOf(c));
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) {
      expect({ path: o.node.path, json: JSON.stringify(o.toJson()) }).toEqual({ path: o.node.path, json: JSON.stringify(cdk8sJson(o)) });
    }
  });
});
