/**
 * The importer's reading of its input: which documents are Kubernetes objects, what each object is
 * (an `Item`: kind, name, whether it is of an Argo Rollouts kind, the variable and construct id it
 * gets), and where the cdk8s-plus address label of a Rollout says its construct was (its chart id and
 * construct path), so that the generated code declares it there again.
 */
import { addressSelection, originOfAddress } from './cdk8s-origin';
import { identifier } from './code';
import { namedByServer, objectKey } from './evaluate';
import { isObject, objectOrEmpty, UncheckedObject } from '../../private/manifest-types';

const ARGO = 'argoproj.io/v1alpha1';

/** The kinds of Argo Rollouts that the importer declares with the L2 API. */
const ARGO_KINDS = ['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment'];

/** One object of the input, and how the generated code declares it. */
export interface Item {
  readonly index: number;
  readonly manifest: UncheckedObject;
  readonly kind: string;
  readonly name: string;
  /** `objectKey` of the manifest (an object the API server names: with the id of the construct that declares it). */
  key: string;
  readonly argo: boolean;
  variable: string;
  id: string;
  /** The ids of the plain constructs between the chart and the construct of the item, outermost first (see `recognizeAddresses`). */
  scopes: string[];
  /** 0: full L2; 1: L2 without traffic routing and with Services by name; 2: plain ApiObject. */
  level: number;
  /** A Rollout takes its Services by name (fromServiceName) even when the input holds them. */
  servicesByName: boolean;
  /** Declared by the install construct (ArgoRollouts / ArgoRolloutsCrds). */
  byInstall?: boolean;
  /** Services a Rollout defines: the Rollout's item and role. */
  definedBy?: { readonly rollout: Item; readonly role: string };
  demotedBecause?: string;
  /** Why an object that looks like part of the install is a plain ApiObject (see install.ts). */
  plainBecause?: string;
  /** A Rollout selecting its pods by the cdk8s-plus address label that its construct path here recreates. */
  selectsByAddress?: boolean;
  /** ... and its construct path here recreates the label's value (else a JSON patch keeps it). */
  addressRecreated?: boolean;
}

/** The objects of the input. */
export interface ReadInput {
  /** In input order. */
  readonly items: Item[];
  /** The items by `Kind/name` (objects named by the API server from one prefix: by their numbered names). */
  readonly byKindName: Map<string, Item>;
}

/** Where the cdk8s-plus address labels of the Rollouts put their constructs (see `recognizeAddresses`). */
export interface Addresses {
  /** The chart id the labels say, when a Rollout's construct path is recreated. */
  readonly chartId: string | undefined;
  /** The variables of the plain constructs that hold items, by path below the chart. */
  readonly scopeVariables: Map<string, string>;
}

/** The construct path of an item below the chart (`group/web`). */
export function pathOf(item: Item): string {
  return [...item.scopes, item.id].join('/');
}

/** The id of the chart's child that holds an item's construct. */
export function topOf(item: Item): string {
  return item.scopes[0] ?? item.id;
}

/** Whether one of two construct paths (lists of ids) is the other or holds it (compared over the shorter one's length). */
export function nested(a: string[], b: string[]): boolean {
  return a.slice(0, b.length).every((id, i) => id === b[i]);
}

/** The documents that are Kubernetes objects (apiVersion and kind); each other one is a failure. */
export function kubernetesObjects(manifests: unknown[], failures: string[]): UncheckedObject[] {
  return manifests.filter((m, i): m is UncheckedObject => {
    const ok = isObject(m) && typeof m.apiVersion === 'string' && typeof m.kind === 'string';
    if (!ok) failures.push(`document ${i + 1}: not a Kubernetes object (it needs apiVersion and kind): cannot be represented`);
    return ok;
  });
}

/** The items of the manifests, each with a variable and a construct id of its own. */
export function readItems(manifests: UncheckedObject[]): ReadInput {
  const byKindName = new Map<string, Item>();
  const variables = new Set<string>();
  const ids = new Set<string>();
  const nameOf = (m: unknown) => {
    const meta = objectOrEmpty(objectOrEmpty(m).metadata);
    return String(meta.name ?? meta.generateName?.replace(/-+$/, '') ?? '');
  };
  const names = manifests.map(nameOf);
  // objects of one kind that the API server names from the same prefix: one construct each, their ids numbered (`smoke-1`, `smoke-2`)
  const prefixOf = (m: unknown) => {
    const o = objectOrEmpty(m);
    return namedByServer(m) ? `${o.kind}|${objectOrEmpty(o.metadata).namespace ?? ''}|${o.metadata.generateName}` : undefined;
  };
  const prefixes = manifests.map(prefixOf);
  const items = manifests.map((m, index) => {
    const kind = String(objectOrEmpty(m).kind ?? 'Object');
    const prefix = prefixes[index];
    const sharing = prefix === undefined ? [] : prefixes.flatMap((p, i) => (p === prefix ? [i] : []));
    const name = sharing.length > 1 ? `${nameOf(m)}-${sharing.indexOf(index) + 1}` : nameOf(m);
    const fallback = kind.charAt(0).toLowerCase() + kind.slice(1);
    let variable = identifier(name, fallback);
    if (names.filter(n => n === name).length > 1 || variables.has(variable)) variable = identifier(`${name}-${kind}`, fallback);
    for (let i = 2; variables.has(variable); i++) variable = `${identifier(`${name}-${kind}`, fallback)}${i}`;
    variables.add(variable);
    let id = name || kind.toLowerCase();
    if (ids.has(id)) id = `${kind.toLowerCase()}-${id}`;
    for (let i = 2; ids.has(id); i++) id = `${kind.toLowerCase()}-${name}-${i}`;
    ids.add(id);
    const item: Item = {
      index,
      manifest: m,
      kind,
      name: nameOf(m),
      key: objectKey(m, id),
      argo: objectOrEmpty(m).apiVersion === ARGO && ARGO_KINDS.includes(kind),
      variable,
      id,
      scopes: [],
      level: 0,
      servicesByName: false,
    };
    byKindName.set(`${kind}/${name}`, item);
    return item;
  });
  return { items, byKindName };
}

/**
 * Rollouts whose pods are selected by the cdk8s-plus address label: those whose construct path
 * (chart id, the plain constructs between, and id) is found back from the label get that id, in
 * those constructs (declared as `new Construct(...)`), and the chart that id (one chart id for the
 * module: the first found); the others keep the label by a JSON patch.
 */
export function recognizeAddresses(items: Item[]): Addresses {
  let chartId: string | undefined;
  let recreatedIn: string | undefined;
  for (const item of items) {
    if (item.kind !== 'Rollout' || !item.argo || item.manifest.spec?.workloadRef) continue;
    const value = addressSelection(item.manifest.spec);
    if (value === undefined) continue;
    item.selectsByAddress = true;
    const origin = originOfAddress(value);
    if (!origin) continue;
    chartId = chartId ?? origin.chartId;
    // the path must be free: no other item at it, in it, or holding it (plain constructs are shared)
    const path = [...origin.scopes, origin.id];
    if (origin.chartId === chartId && !items.some(i => i !== item && nested(path, [...i.scopes, i.id]))) {
      recreatedIn = chartId;
      item.id = origin.id;
      item.scopes = origin.scopes;
      item.key = objectKey(item.manifest, topOf(item));
      item.addressRecreated = true;
    }
  }
  // the variables of the plain constructs: unlike the items' own (and the install's)
  const scopeVariables = new Map<string, string>();
  const variables = new Set([...items.map(i => i.variable), 'argoRolloutsInstall']);
  for (const item of items) {
    item.scopes.forEach((_, i) => {
      const path = item.scopes.slice(0, i + 1).join('/');
      if (scopeVariables.has(path)) return;
      const base = identifier(path, 'scope');
      let variable = base;
      for (let n = 1; variables.has(variable); n++) variable = `${base}Scope${n === 1 ? '' : n}`;
      variables.add(variable);
      scopeVariables.set(path, variable);
    });
  }
  return { chartId: recreatedIn, scopeVariables };
}
