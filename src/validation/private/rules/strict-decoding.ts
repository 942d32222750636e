/**
 * Strict decoding, rule L01: `kubectl argo rollouts lint` decodes Rollouts, Services and Ingresses
 * strictly, so an unknown field fails. For Rollouts the CRD schema rule S06 finds them; this rule
 * checks core Services (v1) and Ingresses (networking.k8s.io/v1, and the removed extensions/v1beta1
 * and networking.k8s.io/v1beta1) against a field table generated from the Kubernetes API types
 * (src/imports/validators/k8s-fields.js). It also reports an object or list given where the type
 * takes another shape, which strict decoding refuses too. Scalar types and `status` are not checked.
 */
import { JsonObject } from '../../../private/manifest-types';
import { ManifestContext, Rule } from '../context';
import { joinPath, unknownFieldFix } from '../fields';
import { k8sFieldTable } from '../schema-loader';
import { isObject, quote } from '../util';

/** The key of a manifest in the field table (`v1/Service`), when its kind is decoded strictly. */
export function strictDecodingKey(manifest: unknown): string | undefined {
  if (!isObject(manifest) || (manifest.kind !== 'Service' && manifest.kind !== 'Ingress') || typeof manifest.apiVersion !== 'string') {
    return undefined;
  }
  const key = `${manifest.apiVersion}/${manifest.kind}`;
  return Object.prototype.hasOwnProperty.call(k8sFieldTable().roots, key) ? key : undefined;
}

/**
 * Where strict decoding reports: `unknown` is true for a field the type does not have (which the API
 * server drops), false for a value of the wrong shape (which it refuses).
 */
type Report = (path: string, message: string, fix: string, value?: unknown, unknown?: boolean) => void;

/** What a descriptor wants, for messages. */
function shapeOf(descriptor: string): string {
  if (descriptor.startsWith('[')) return 'a list';
  return descriptor.startsWith('{') ? 'a map' : 'an object';
}

/** Checks `value` against a descriptor of the field table; `what` names the kind for messages. */
function checkValue(value: unknown, descriptor: string, path: string, what: string, report: Report): void {
  if (descriptor === '' || value === null || value === undefined) {
    return;
  }
  const types = k8sFieldTable().types;
  if (descriptor.startsWith('[')) {
    if (!Array.isArray(value)) {
      report(path, `${path} is ${quote(value)}, but the ${what} takes ${shapeOf(descriptor)} here, so strict decoding fails.`, `Write ${path} as a list.`, value);
      return;
    }
    const item = descriptor.slice(1, -1);
    value.forEach((v, i) => checkValue(v, item, `${path}[${i}]`, what, report));
    return;
  }
  if (!isObject(value)) {
    report(path, `${path} is ${quote(value)}, but the ${what} takes ${shapeOf(descriptor)} here, so strict decoding fails.`, `Write ${path} as ${shapeOf(descriptor)}.`, value);
    return;
  }
  if (descriptor.startsWith('{')) {
    const item = descriptor.slice(1, -1);
    if (item !== '') {
      for (const key of Object.keys(value)) checkValue(value[key], item, joinPath(path, key), what, report);
    }
    return;
  }
  checkFields(value, types[descriptor] ?? {}, path, what, report);
}

function checkFields(object: JsonObject, fields: { readonly [field: string]: string }, path: string, what: string, report: Report): void {
  for (const key of Object.keys(object)) {
    const fieldPath = joinPath(path, key);
    if (!Object.prototype.hasOwnProperty.call(fields, key)) {
      report(fieldPath, `${path === '' ? `The ${what}` : path} has the field ${quote(key)}, which the ${what} does not have: strict decoding `
        + '(kubectl argo rollouts lint, kubectl apply --validate=strict) fails, and otherwise the API server drops it.',
      unknownFieldFix(key, Object.keys(fields)), object[key], true);
      continue;
    }
    checkValue(object[key], fields[key], fieldPath, what, report);
  }
}

/**
 * Decodes an object's `metadata` strictly (ObjectMeta of the field table): reports each field
 * ObjectMeta does not have (`unknown` true) and each value of the wrong shape.
 *
 * @param what the object, for messages, e.g. `Rollout`
 */
export function checkObjectMeta(metadata: unknown, what: string, report: Report): void {
  checkValue(metadata, 'ObjectMeta', 'metadata', what, report);
}

/** Rules of Services and Ingresses: L01. */
export const STRICT_DECODING_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'L01',
    check: ctx => {
      const key = strictDecodingKey(ctx.manifest);
      if (key === undefined) {
        return;
      }
      const what = `${ctx.kind} (${ctx.manifest.apiVersion})`;
      checkFields(ctx.manifest, k8sFieldTable().roots[key], '', what, (path, message, fix, value) => ctx.report(path, message, fix, value));
    },
  },
];
