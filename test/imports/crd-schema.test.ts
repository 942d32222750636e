// imports/crd-schema.js, the schema reduction that both CRD validator generators use: what it keeps,
// what it closes, and what it refuses, checked through the validators it compiles.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const crdSchema = require('../../imports/crd-schema');

/** A kind's schema with one field of each shape the API server prunes differently. */
const SCHEMA = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      description: 'dropped',
      properties: {
        struct: { type: 'object', properties: { size: { type: 'integer', format: 'int32' }, at: { type: 'string', format: 'date-time' } } },
        empty: { type: 'object', description: 'an empty struct: the server keeps none of its fields' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        free: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
        name: { type: 'string', minLength: 1, default: 'x' },
        big: { type: 'integer', format: 'int64' },
      },
    },
    status: { type: 'object', properties: { phase: { type: 'string' } } },
  },
};

const CLOSINGS = ['propertyNames', 'additionalProperties'];

/** The compiled validator of SCHEMA closed one way: compiled to a module, written and required. */
function compiled(closeWith: string): any {
  const reduced = crdSchema.reduceKindSchema(SCHEMA, { closeWith, kind: 'Test' });
  const code = crdSchema.compileStandalone({ Test: reduced }, { Test: 'Test' }, 'the test validator');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crd-schema-'));
  fs.writeFileSync(path.join(dir, 'test.js'), code);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path.join(dir, 'test.js')).Test;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const valid = { apiVersion: 'x/v1', kind: 'Test', metadata: { name: 'a', anything: 1 }, spec: { struct: { size: 3 }, name: 'n' } };

describe.each(CLOSINGS)('a kind schema closed with %s', closeWith => {
  const validate = compiled(closeWith);
  const verdict = (spec: any) => validate({ ...valid, spec: { ...valid.spec, ...spec } });

  test('accepts what the server keeps: known fields, map entries, preserved fields, any metadata and status', () => {
    expect(validate(valid)).toBe(true);
    expect(verdict({ labels: { a: 'b' }, free: { anything: { deep: [1] } }, empty: {} })).toBe(true);
    expect(validate({ ...valid, status: { phase: 1, unknown: true } })).toBe(true);
  });

  test('refuses a field the server would drop, also in an object schema without properties (an empty struct)', () => {
    expect(verdict({ unknown: 1 })).toBe(false);
    expect(verdict({ struct: { size: 3, unknown: 1 } })).toBe(false);
    expect(verdict({ empty: { dropped: 1 } })).toBe(false);
    expect(validate.errors.map((e: any) => [e.instancePath, e.keyword])).toEqual([['/spec/empty', 'additionalProperties']]);
  });

  test('checks formats with plain keywords: int32 bounds, RFC 3339 date-times; int64 is any integer', () => {
    expect(verdict({ struct: { size: 2 ** 31 } })).toBe(false);
    expect(verdict({ struct: { size: -(2 ** 31) } })).toBe(true);
    expect(verdict({ struct: { at: '2024-01-02T03:04:05Z' } })).toBe(true);
    expect(verdict({ struct: { at: 'yesterday' } })).toBe(false);
    expect(verdict({ big: 2 ** 40 })).toBe(true);
    expect(verdict({ name: '' })).toBe(false);
  });
});

describe('the two closings', () => {
  test('differ only in the keyword that reports an unknown field', () => {
    const [byNames, byAdditional] = CLOSINGS.map(compiled);
    const spec = { ...valid.spec, unknown: 1 };
    expect(byNames({ ...valid, spec })).toBe(false);
    // (the enum error carries the allowed names, which the rules use in their messages)
    expect(byNames.errors.map((e: any) => [e.keyword, e.propertyName ?? e.params.propertyName])).toEqual([['enum', 'unknown'], ['propertyNames', 'unknown']]);
    expect(byAdditional({ ...valid, spec })).toBe(false);
    expect(byAdditional.errors.map((e: any) => [e.keyword, e.params.additionalProperty])).toEqual([['additionalProperties', 'unknown']]);
  });

  test('a reduced schema keeps no description, default or x-kubernetes-* keyword, and the input is not changed', () => {
    const before = JSON.stringify(SCHEMA);
    const text = JSON.stringify(crdSchema.reduceKindSchema(SCHEMA, { closeWith: 'propertyNames', kind: 'Test' }));
    expect(text).not.toMatch(/"description"|"default"|"x-kubernetes-|"format"/);
    expect(JSON.stringify(SCHEMA)).toEqual(before);
  });
});

describe('what the reduction refuses, and says how to fix', () => {
  const withSpec = (field: any) => ({ ...SCHEMA, properties: { ...SCHEMA.properties, spec: { type: 'object', properties: { field } } } });
  const reduce = (schema: any, closeWith = 'propertyNames') => () => crdSchema.reduceKindSchema(schema, { closeWith, kind: 'v9 Test' });

  test('a format it does not know, naming the kind and the place', () => {
    expect(reduce(withSpec({ type: 'string', format: 'uuid' }))).toThrow(crdSchema.SchemaBuildError);
    expect(reduce(withSpec({ type: 'string', format: 'uuid' })))
      .toThrow('the schema of v9 Test has the format "uuid" at .spec.field, which reduce() does not know; teach it (imports/crd-schema.js)');
  });

  test('a length bound where UTF-16 units and characters differ', () => {
    expect(reduce(withSpec({ type: 'string', maxLength: 63 }))).toThrow(/the schema of v9 Test has maxLength: 63 at \.spec\.field; the compiled code counts UTF-16 units/);
    expect(reduce(withSpec({ type: 'string', minLength: 2 }))).toThrow(/minLength: 2 at \.spec\.field/);
    expect(reduce(withSpec({ type: 'string', minLength: 1 }))).not.toThrow();
  });

  test('a schema without metadata, or an unknown closing', () => {
    expect(reduce({ type: 'object', properties: { spec: { type: 'object' } } })).toThrow('the schema of v9 Test has no properties.metadata');
    expect(reduce(SCHEMA, 'closed')).toThrow('reduceKindSchema() was given closeWith: "closed" for v9 Test; use one of propertyNames, additionalProperties.');
  });
});
