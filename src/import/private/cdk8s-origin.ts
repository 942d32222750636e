/**
 * What the importer recognizes of manifests that cdk8s and cdk8s-plus wrote with their defaults,
 * so that the generated code keeps those defaults instead of writing their output by hand:
 *
 * - the address label `cdk8s.io/metadata.addr`, by which a cdk8s-plus workload selects its pods
 *   when `select` is left at its default. Its value is derived from the construct path (readable
 *   part + hash), so the typed construct recreates it only at the same path: the chart id, the ids
 *   of the plain constructs between the chart and the workload, and the workload's id are found back
 *   from the value (every split of its readable part, checked against the hash), and the generated
 *   chart takes that id;
 * - the pod template defaults (`PodTemplateDefaults`) that cdk8s-plus writes into every pod spec.
 */
import { App, Chart, Names } from 'cdk8s';
import { Construct } from 'constructs';
import * as kplus from '../../private/kplus';
import { isObject, objectOrEmpty } from '../../private/manifest-types';

/** The label cdk8s-plus selects a workload's pods by when `select` is left at its default. */
export const ADDRESS_LABEL: string = kplus.Pod.ADDRESS_LABEL;

/** At most this many words in a label's readable part are split into construct ids (2^(n-1) tries). */
const MAX_WORDS = 12;

/**
 * The label value of a workload at `chartId/...path`, as cdk8s-plus writes it; the constructs are
 * made in `app`, where those of earlier tries are found again (one app for all the tries of a value).
 */
function labelValueAt(app: App, chartId: string, path: string[]): string | undefined {
  try {
    let scope: Construct = app.node.tryFindChild(chartId) as Chart | undefined ?? new Chart(app, chartId);
    for (const id of path) scope = scope.node.tryFindChild(id) as Construct | undefined ?? new Construct(scope, id);
    return Names.toLabelValue(scope);
  } catch {
    return undefined; // not a valid construct id
  }
}

/** The construct path of a workload: its chart's id, the plain constructs it sits in, and its own id. */
export interface WorkloadOrigin {
  readonly chartId: string;
  /** The ids of the constructs between the chart and the workload, outermost first; empty for a child of the chart. */
  readonly scopes: string[];
  readonly id: string;
}

/** Every way to cut `words` into `parts` runs of consecutive words, each run joined by '-' (in order: the earlier cuts first). */
function splits(words: string[], parts: number): string[][] {
  if (parts === 1) return [[words.join('-')]];
  const out: string[][] = [];
  for (let cut = 1; cut <= words.length - parts + 1; cut++) {
    for (const rest of splits(words.slice(cut), parts - 1)) out.push([words.slice(0, cut).join('-'), ...rest]);
  }
  return out;
}

/**
 * The construct path of a workload whose address label has the given value, when one split of its
 * readable part gives it back exactly (the chart id first, the workload's id last, the ids between
 * them those of plain constructs; the fewest parts tried first); undefined otherwise (a truncated
 * value, ids that cdk8s normalized or left out).
 */
export function originOfAddress(value: unknown): WorkloadOrigin | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)+)-([0-9a-f]{8})$/.exec(value);
  if (!m) return undefined;
  const words = m[1].split('-');
  if (words.length > MAX_WORDS) return undefined;
  const app = new App({ outdir: 'dist' });
  for (let parts = 2; parts <= words.length; parts++) {
    for (const [chartId, ...path] of splits(words, parts)) {
      if (labelValueAt(app, chartId, path) === value) return { chartId, scopes: path.slice(0, -1), id: path[path.length - 1] };
    }
  }
  return undefined;
}

/** The address label of a Rollout's pods when it selects them by it alone, with its value. */
export function addressSelection(rolloutSpec: unknown): string | undefined {
  const spec = objectOrEmpty(rolloutSpec);
  const selected = objectOrEmpty(spec.selector).matchLabels;
  const labels = objectOrEmpty(objectOrEmpty(spec.template).metadata).labels;
  if (!selected || typeof selected !== 'object' || Object.keys(selected).join() !== ADDRESS_LABEL) return undefined;
  const value = selected[ADDRESS_LABEL];
  return typeof value === 'string' && labels?.[ADDRESS_LABEL] === value && spec.selector.matchExpressions === undefined ? value : undefined;
}

/**
 * Whether a pod spec carries what cdk8s-plus writes into every pod spec by default (the pod-level
 * security and scheduling defaults): then the generated Rollout keeps `PodTemplateDefaults` at its
 * default, and what differs is patched, rather than writing the defaults by hand.
 */
export function keepsPodDefaults(podSpec: unknown): boolean {
  return isObject(podSpec) && podSpec.automountServiceAccountToken === false && podSpec.dnsPolicy === 'ClusterFirst' && podSpec.hostNetwork === false
    && podSpec.restartPolicy === 'Always' && podSpec.setHostnameAsFQDN === false && podSpec.securityContext?.runAsNonRoot === true;
}
