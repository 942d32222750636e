// The importer's round trip, shared by its tests: the module it writes, loaded with the package
// import pointing at the sources and synthesized, yields the manifests it was given (semantically:
// key order, number-vs-string durations and the Kubernetes defaults `normalize` lists aside).
import * as fs from 'fs';
import * as path from 'path';
import { Chart } from 'cdk8s';
import * as prettierEstree from 'prettier/plugins/estree';
import * as prettierTs from 'prettier/plugins/typescript';
import * as prettier from 'prettier/standalone';
import { generateModule, ImportOptions, ImportResult } from '../../src/import/private/generate';
import { cdk8sPlusLine } from '../../src/private/cdk8s-plus';

export const ROOT = path.join(__dirname, '..', '..');
const SOURCE = path.join(ROOT, 'src', 'index');
/** The cdk8s-plus module the sources import (build-tools/plus-lines.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const PLUS_LINES = require('../../build-tools/plus-lines');
export const BASE_PLUS: string = PLUS_LINES.moduleOf(PLUS_LINES.BASE_LINE);

/**
 * A temporary folder of the test file, inside the checkout (test-reports/ is ignored by git) so that
 * the modules written there resolve node_modules; removed after the file's tests.
 */
export function workFolder(prefix: string): string {
  fs.mkdirSync(path.join(ROOT, 'test-reports'), { recursive: true });
  const work = fs.mkdtempSync(path.join(ROOT, 'test-reports', prefix));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  return work;
}

const DURATION_FIELDS = new Set(['duration', 'interval', 'initialDelay', 'timeout', 'lookback', 'scaleDownDelay', 'step']);

/** Seconds of a duration written as a number or a Go duration string. */
function seconds(v: any): any {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return v;
  if (/^\d+$/.test(v)) return Number(v);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v);
  return m && v !== '' ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : v;
}

/** Defaults Kubernetes applies; a side that writes them equals one that leaves them out. */
export function normalize(v: any, key = '', parent = ''): any {
  if (Array.isArray(v)) return v.map(x => normalize(x, key, parent));
  if (v === null || typeof v !== 'object') return DURATION_FIELDS.has(key) ? seconds(v) : v;
  const out: any = {};
  for (const k of Object.keys(v)) {
    if (v[k] === undefined) continue;
    if (k === 'protocol' && v[k] === 'TCP' && key === 'ports') continue;
    if (k === 'type' && v[k] === 'ClusterIP' && key === 'spec' && parent === 'Service') continue;
    out[k] = normalize(v[k], k, key === '' ? v.kind : parent);
  }
  return out;
}

export const keyOf = (m: any) => `${m.apiVersion} ${m.kind} ${m.metadata?.namespace ?? ''}/${m.metadata?.name ?? `${m.metadata?.generateName}*`}`;

/**
 * Writes the module where jest can require it, with the package import pointing at the sources and
 * cdk8s-plus named as the sources name it (the suite may run on another line: CDK8S_PLUS_LINE).
 */
export function writeModule(work: string, name: string, source: string): string {
  const file = path.join(work, `${name.replace(/[^\w]/g, '_')}.ts`);
  const { library, module } = cdk8sPlusLine();
  fs.writeFileSync(file, source.replaceAll(`from '${library}'`, `from '${SOURCE}'`).replaceAll(`from '${module}'`, `from '${BASE_PLUS}'`));
  return file;
}

/** What a written module's chart synthesizes, the chart given the id its own app gives it. */
export function synthModule(file: string, chartName = 'ImportedChart'): any[] {
  const source = fs.readFileSync(file, 'utf8');
  const chartId = new RegExp(`new ${chartName}\\(app, '([^']*)'\\)`).exec(source)?.[1] ?? 'imported';
  let synthesized: any[] = [];
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file);
    // the cdk8s of the module's own registry
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const app = require('cdk8s').Testing.app();
    const chart: Chart = new mod[chartName](app, chartId);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    synthesized = require('cdk8s').Testing.synth(chart);
  });
  return synthesized;
}

/**
 * Expects the same objects, each equal to its counterpart (normalized). Objects the API server names
 * may share a key (one kind, one `generateName` prefix): those are compared as a whole, in any order.
 */
export function expectSameObjects(synthesized: any[], manifests: any[]): void {
  expect(synthesized.map(keyOf).sort()).toEqual(manifests.map(keyOf).sort());
  const byKey = (list: any[]) => {
    const out = new Map<string, any[]>();
    for (const m of list) out.set(keyOf(m), [...out.get(keyOf(m)) ?? [], normalize(m)]);
    return out;
  };
  // (ordered by their text with sorted keys, which key order does not change)
  const canonical = (v: any): string => (v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(canonical).join()}]`
    : `{${Object.keys(v).sort().map(k => `${JSON.stringify(k)}:${canonical(v[k])}`).join()}}`);
  const sorted = (list: any[]) => [...list].sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1));
  const got = byKey(synthesized);
  for (const [key, wanted] of byKey(manifests)) {
    if (wanted.length === 1) expect(got.get(key)?.[0]).toEqual(wanted[0]);
    else expect(sorted(got.get(key) ?? [])).toEqual(sorted(wanted));
  }
}

/** Imports the manifests, runs the module, and expects the same manifests back; `written` collects the module's file. */
export async function expectRoundTrip(work: string, name: string, manifests: any[], written: string[],
  options: ImportOptions = {}): Promise<ImportResult> {
  // WHEN
  const result = await generateModule(manifests, options);
  // THEN every object is represented, and the module synthesizes the input
  expect(result.failures).toEqual([]);
  // laid out as prettier lays it out (the importer does it itself: src/import/private/layout.ts)
  expect(await prettierLayout(result.source)).toEqual(result.source);
  const file = writeModule(work, name, result.source);
  written.push(file);
  expectSameObjects(synthModule(file, options.chartName), manifests);
  return result;
}

/** What prettier makes of a module, with the options the importer's layout follows (prettier is a development dependency). */
export async function prettierLayout(source: string): Promise<string> {
  return prettier.format(source, { parser: 'typescript', plugins: [prettierTs, prettierEstree as any], singleQuote: true, printWidth: 120, trailingComma: 'all' });
}
