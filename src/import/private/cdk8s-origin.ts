/**
 * What the importer recognizes of manifests that cdk8s and cdk8s-plus wrote with their defaults,
 * so that the generated code keeps those defaults instead of writing their output by hand:
 *
 * - the address label `cdk8s.io/metadata.addr`, by which a cdk8s-plus workload selects its pods
 *   when `select` is left at its default. Its value is derived from the construct path (readable
 *   part + hash), so the typed construct recreates it only at the same path: the chart id and the
 *   construct id are found back from the value (every split of its readable part, checked against
 *   the hash), and the generated chart takes that id;
 * - the pod template defaults (`PodTemplateDefaults`) that cdk8s-plus writes into every pod spec.
 */
import { App, Chart, Names } from 'cdk8s';
import { Construct } from 'constructs';
import * as kplus from '../../private/kplus';

/** The label cdk8s-plus selects a workload's pods by when `select` is left at its default. */
export const ADDRESS_LABEL: string = kplus.Pod.ADDRESS_LABEL;

/** At most this many words in a label's readable part are split into construct ids (2^(n-1) tries). */
const MAX_WORDS = 12;

/** The label value of a workload at `chartId/id`, as cdk8s-plus writes it. */
function labelValueAt(chartId: string, id: string): string | undefined {
  try {
    const chart = new Chart(new App({ outdir: 'dist' }), chartId);
    return Names.toLabelValue(new Construct(chart, id));
  } catch {
    return undefined; // not a valid construct id
  }
}

/** The construct path of a workload in a chart: the chart's id and the workload's id. */
export interface WorkloadOrigin {
  readonly chartId: string;
  readonly id: string;
}

/**
 * The chart id and construct id of a workload whose address label has the given value, when one
 * split of its readable part gives it back exactly; undefined otherwise (a truncated value, a
 * deeper construct path, ids that cdk8s normalized).
 */
export function originOfAddress(value: unknown): WorkloadOrigin | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)+)-([0-9a-f]{8})$/.exec(value);
  if (!m) return undefined;
  const words = m[1].split('-');
  if (words.length > MAX_WORDS) return undefined;
  for (let cut = 1; cut < words.length; cut++) {
    const origin = { chartId: words.slice(0, cut).join('-'), id: words.slice(cut).join('-') };
    if (labelValueAt(origin.chartId, origin.id) === value) return origin;
  }
  return undefined;
}

/** The address label of a Rollout's pods when it selects them by it alone, with its value. */
export function addressSelection(rolloutSpec: any): string | undefined {
  const selected = rolloutSpec?.selector?.matchLabels;
  const labels = rolloutSpec?.template?.metadata?.labels;
  if (!selected || typeof selected !== 'object' || Object.keys(selected).join() !== ADDRESS_LABEL) return undefined;
  const value = selected[ADDRESS_LABEL];
  return typeof value === 'string' && labels?.[ADDRESS_LABEL] === value && rolloutSpec.selector.matchExpressions === undefined ? value : undefined;
}

/**
 * Whether a pod spec carries what cdk8s-plus writes into every pod spec by default (the pod-level
 * security and scheduling defaults): then the generated Rollout keeps `PodTemplateDefaults` at its
 * default, and what differs is patched, rather than writing the defaults by hand.
 */
export function keepsPodDefaults(podSpec: any): boolean {
  return podSpec?.automountServiceAccountToken === false && podSpec.dnsPolicy === 'ClusterFirst' && podSpec.hostNetwork === false
    && podSpec.restartPolicy === 'Always' && podSpec.setHostnameAsFQDN === false && podSpec.securityContext?.runAsNonRoot === true;
}
