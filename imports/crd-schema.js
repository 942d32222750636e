// The build steps that turn a CustomResourceDefinition's schema into a validator that needs nothing at
// run time, shared by generate-validators.js (the Argo Rollouts CRDs) and generate-argocd.js (the Argo
// CD Application CRD). What the API server does with a manifest decides every step.
//
// reduceKindSchema(): the `openAPIV3Schema` of a kind, reduced to what validation needs and closed the
// way the API server prunes:
// - `description`, `default` and the `x-kubernetes-*` extensions are dropped (the CEL rules of
//   `x-kubernetes-validations` compare an update with the stored object: out of reach at synth);
// - formats become plain keywords, so that the compiled code requires nothing: `int32` a
//   minimum/maximum, `date-time` an RFC 3339 pattern; `int64` is dropped (every JSON number fits);
//   another format is an error, to be taught here;
// - closing: the server keeps only the fields a structural schema declares, except under
//   `additionalProperties` (a map) and `x-kubernetes-preserve-unknown-fields: true`. So every other
//   object schema is closed: one that lists `properties`, as the caller asks — with
//   `propertyNames: {enum: [...]}`, which accepts exactly what `additionalProperties: false` accepts
//   and tells the rules the known field names, or with `additionalProperties: false`; one without
//   `properties` (an empty struct, of which the server keeps nothing) with `additionalProperties: false`;
// - the root `metadata` stays open (the server checks ObjectMeta itself) and `status` accepts
//   anything: it is the controller's to write. (Where the CRD has the status subresource, as the
//   Rollout has, the server ignores a given status on create and update; in the other kinds it would
//   be pruned and stored, unchecked here.)
//
// compileStandalone(): ajv standalone code (`allErrors`, no messages: the callers write their own),
// checked to require nothing. String lengths are counted in UTF-16 units (`unicode: false`, which
// needs no run-time helper; ajv 8 calls the option deprecated, and that one warning is not printed),
// where the API server counts characters; the two agree only for a minimum length of 0 or 1, so any
// other length keyword is an error in reduce(). Should ajv drop the option, its helper shows up as a
// `require` and compiling fails.
//
// What cannot be built throws a SchemaBuildError whose message says what to change; the generators
// print it and exit.
const crypto = require('crypto');
const fs = require('fs');

const INT32 = { minimum: -2147483648, maximum: 2147483647 };
/** RFC 3339 date-time, as Kubernetes accepts it for `format: date-time`. */
const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$';
/** How an object schema that lists `properties` is closed. */
const CLOSE_WITH = ['propertyNames', 'additionalProperties'];
/** ajv's warning for `unicode: false`, which is deliberate here (see the header). */
const UNICODE_DEPRECATION = 'DEPRECATED: option unicode.';

/** A schema this module cannot build a faithful validator from; the message says what to change. */
class SchemaBuildError extends Error {}

/** The text of this module: part of the input hash of everything built with it. */
const SOURCE = fs.readFileSync(__filename, 'utf8');

/** SHA-256 of the parts, each followed by a NUL byte. */
function sha256(...parts) {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

/**
 * Reduces and closes one schema node. `context` is `{ closeWith, kind }`; `at` is the node's place in
 * the kind's schema (`.spec.strategy/anyOf[0]`), for messages.
 */
function reduce(node, context, at) {
  if (Array.isArray(node)) return node.map((n, i) => reduce(n, context, `${at}[${i}]`));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key === 'default' || key.startsWith('x-kubernetes-')) continue;
    if (key === 'format') {
      if (value === 'int32') Object.assign(out, INT32);
      else if (value === 'date-time') out.pattern = DATE_TIME_PATTERN;
      else if (value !== 'int64') {
        throw new SchemaBuildError(`the schema of ${context.kind} has the format ${JSON.stringify(value)} at ${at || '(the root)'}, which reduce() does not know; `
          + 'teach it (imports/crd-schema.js) the plain keywords that check that format.');
      }
      continue;
    }
    if (key === 'maxLength' || (key === 'minLength' && value > 1)) {
      throw new SchemaBuildError(`the schema of ${context.kind} has ${key}: ${value} at ${at || '(the root)'}; the compiled code counts UTF-16 units `
        + 'where the API server counts characters, and for this bound they differ. Teach imports/crd-schema.js to count characters '
        + '(ajv `unicode: true` needs a run-time helper that the generated module must then carry).');
    }
    if (key === 'properties') {
      out.properties = {};
      for (const [name, child] of Object.entries(value)) out.properties[name] = reduce(child, context, `${at}.${name}`);
      continue;
    }
    out[key] = reduce(value, context, `${at}/${key}`);
  }
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  if (!preserve && out.additionalProperties === undefined) {
    if (out.properties) {
      if (context.closeWith === 'propertyNames') out.propertyNames = { enum: Object.keys(out.properties) };
      else out.additionalProperties = false;
    } else if (out.type === 'object') {
      out.additionalProperties = false;
    }
  }
  return out;
}

/**
 * The `openAPIV3Schema` of a kind, reduced and closed (see the header); the input is not changed.
 *
 * @param schema the `openAPIV3Schema` of the CRD's storage version
 * @param options.closeWith `propertyNames` or `additionalProperties`: how an object schema that lists its properties is closed
 * @param options.kind the kind, for messages
 */
function reduceKindSchema(schema, { closeWith, kind }) {
  if (!CLOSE_WITH.includes(closeWith)) {
    throw new SchemaBuildError(`reduceKindSchema() was given closeWith: ${JSON.stringify(closeWith)} for ${kind}; use one of ${CLOSE_WITH.join(', ')}.`);
  }
  const out = reduce(schema, { closeWith, kind }, '');
  if (!out.properties || !out.properties.metadata) {
    throw new SchemaBuildError(`the schema of ${kind} has no properties.metadata; give reduceKindSchema() the openAPIV3Schema of a kind.`);
  }
  out.properties.metadata = { type: 'object' };
  if (out.properties.status) out.properties.status = {};
  return out;
}

/**
 * Compiles reduced schemas to the code of a CommonJS module that exports one ajv validate function
 * per entry of `exportsMap` and requires nothing.
 *
 * @param schemas ajv's `schemas` option: an array of schemas with `$id`, or schemas by key
 * @param exportsMap export name → schema reference (an `$id` or key, with an optional `#/...` pointer)
 * @param what what is compiled, for messages (`the v1.9.1 validators`)
 */
function compileStandalone(schemas, exportsMap, what) {
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const ajv = new Ajv({
    allErrors: true,
    messages: false,
    strict: true,
    strictTypes: false,
    unicode: false,
    code: { source: true, optimize: true, lines: false },
    logger: {
      log: console.log,
      warn: (...args) => (String(args[0]).startsWith(UNICODE_DEPRECATION) ? undefined : console.warn(...args)),
      error: console.error,
    },
    schemas,
  });
  const code = standaloneCode(ajv, exportsMap);
  const required = code.match(/require\([^)]*\)/g);
  if (required) {
    throw new SchemaBuildError(`${what} would require ${required.join(', ')} at run time; keep the schema free of what needs it, or teach imports/crd-schema.js to replace it.`);
  }
  return code;
}

/** The first lines of a compiled module: what wrote it from what, and the hash of its inputs. */
function standaloneHeader(generator, from, inputHash) {
  return [
    `// Generated by ${generator} from ${from} (ajv ${require('ajv/package.json').version} standalone). Do not edit.`,
    `// input sha256: ${inputHash}`,
    '/* eslint-disable */',
  ].join('\n');
}

module.exports = { SchemaBuildError, SOURCE, sha256, reduceKindSchema, compileStandalone, standaloneHeader };
