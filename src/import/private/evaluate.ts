/**
 * Running a generated constructor body against the library, and the small pieces of generated text
 * that the importer's parts share (object keys, comments, JSON patch calls).
 */
import { ApiObject, App, Chart, Duration, JsonPatch, Size } from 'cdk8s';
import { Construct } from 'constructs';
import { call, lit } from './code';
import { PatchOperation } from './diff';
import * as library from '../../index';
import * as kplus from '../../private/kplus';
import { objectOrEmpty } from '../../private/manifest-types';

/** The chart id the importer runs the body in when the input names none (see `cdk8s-origin.ts`). */
export const DEFAULT_CHART_ID = 'import';

/** What identifies an object of the input: apiVersion, kind, namespace, and name (or `generateName` prefix). */
export function keyOf(manifest: unknown): string {
  const m = objectOrEmpty(manifest);
  const meta = objectOrEmpty(m.metadata);
  const name = meta.name ?? (typeof meta.generateName === 'string' ? `${meta.generateName}*` : '');
  return `${m.apiVersion}|${m.kind}|${meta.namespace ?? ''}|${name}`;
}

/** Whether the API server names the object: `metadata.generateName` and no `metadata.name`. */
export function namedByServer(m: unknown): boolean {
  const meta = objectOrEmpty(objectOrEmpty(m).metadata);
  return meta.name === undefined && typeof meta.generateName === 'string';
}

/**
 * What identifies an object in a run of the generated code: `keyOf`, and for an object the API
 * server names (several may share a prefix) also the id of the chart's child that declares it.
 */
export function objectKey(m: unknown, top: string): string {
  return namedByServer(m) ? `${keyOf(m)}@${top}` : keyOf(m);
}

/** `Kind/name` of an object for messages; `Kind/prefix* (generateName)` for one named by the API server. */
export function labelOf(manifest: unknown): string {
  const m = objectOrEmpty(manifest);
  const meta = objectOrEmpty(m.metadata);
  const name = meta.name;
  if (name === undefined && typeof meta.generateName === 'string') return `${m.kind}/${meta.generateName}* (generateName)`;
  return `${m.kind}/${name ?? ''}`;
}

/**
 * `//` comments, one per line of the text: its text comes from the input (names, keys, messages),
 * and the body is run, so a line terminator must never end a comment and make the rest code.
 */
export function lineComment(text: string): string {
  return text.split(/\r\n|[\r\n\u2028\u2029]/).map(line => `// ${line}`.trimEnd()).join('\n');
}

/** A `JsonPatch` call for one operation. */
export function patchCall(op: PatchOperation): string {
  switch (op.op) {
    case 'remove': return call('JsonPatch.remove', lit(op.path));
    case 'add': return call('JsonPatch.add', lit(op.path), lit(op.value));
    default: return call('JsonPatch.replace', lit(op.path), lit(op.value));
  }
}

/** The names the constructor body may use, and their values. */
function scopeNames(): { names: string[]; values: unknown[] } {
  const lib: { readonly [name: string]: unknown } = library;
  const names = ['ApiObject', 'Construct', 'Duration', 'JsonPatch', 'Size', 'kplus', ...Object.keys(lib).filter(n => n !== 'crds' && /^[A-Z]/.test(n))];
  const values = [ApiObject, Construct, Duration, JsonPatch, Size, kplus, ...names.slice(6).map(n => lib[n])];
  return { names, values };
}

/**
 * The objects a body synthesizes, by `objectKey`, with the id of the chart's child that defines each
 * and the path of the ApiObject below the chart (`group/web/Resource`).
 */
export interface Synthesized {
  readonly byKey: Map<string, { readonly json: any; readonly top: string; readonly path: string }>;
}

/** Runs a constructor body in a chart of the given id and returns what it synthesizes. */
export function evaluate(statements: string[], chartId: string = DEFAULT_CHART_ID): Synthesized {
  // nothing is written: the app is never synthesized to disk (Testing.app() would make a folder per run)
  const app = new App({ outdir: 'dist' });
  const chart = new Chart(app, chartId);
  const { names, values } = scopeNames();
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fn = new Function(...names, statements.join('\n'));
  fn.call(chart, ...values);
  const byKey = new Map<string, { json: any; top: string; path: string }>();
  for (const c of chart.node.findAll()) {
    if (c instanceof ApiObject) {
      const json = c.toJson();
      const top = c.node.scopes[2]?.node.id ?? c.node.id;
      byKey.set(objectKey(json, top), { json, top, path: c.node.scopes.slice(2).map(s => s.node.id).join('/') });
    }
  }
  chart.toJson();
  return { byKey };
}
