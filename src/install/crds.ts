import { Construct } from 'constructs';
import { crdData } from './private/data';
import { installVersion } from './private/install-version';
import { argumentOrDefault } from '../private/arguments';
import { ClusterScopedApiObject } from '../private/cluster-scoped';
import { fail } from '../private/synth-error';
import { ArgoRolloutsVersion } from '../release/version';

/** Argo CD: comma-separated sync options of one resource. */
const ARGOCD_SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';
/** Argo CD: the sync wave of one resource. */
const ARGOCD_SYNC_WAVE = 'argocd.argoproj.io/sync-wave';
/** Helm: `keep` leaves the resource in the cluster on `helm uninstall`. */
const HELM_RESOURCE_POLICY = 'helm.sh/resource-policy';

/**
 * Properties of the Argo Rollouts CustomResourceDefinitions.
 */
export interface ArgoRolloutsCrdsProps {
  /**
   * The Argo Rollouts release whose CRDs are written.
   *
   * @default - the app's release (`ArgoRolloutsApp.of(app).version`: set by another install part,
   *   `ArgoRolloutsCrds` or `useVersion()`), else the default release
   */
  readonly version?: ArgoRolloutsVersion;

  /**
   * Ask Argo CD to apply the CRDs server-side (annotation
   * `argocd.argoproj.io/sync-options: ServerSideApply=true`).
   *
   * Client-side apply (`kubectl apply` without `--server-side`, Argo CD's default) copies the whole
   * object into the `kubectl.kubernetes.io/last-applied-configuration` annotation, and annotations
   * are limited to 262,144 bytes in total. The CRDs of 1.8 and 1.9 fit; those of 1.10 (which carry
   * field descriptions) do not, so for them the annotation is written by default and `false` is an
   * error. Outside Argo CD, apply the CRDs with `kubectl apply --server-side`.
   *
   * @default - true when a CRD of the release is above the limit (1.10), else false
   * @see https://argo-cd.readthedocs.io/en/stable/user-guide/sync-options/#server-side-apply
   */
  readonly serverSideApply?: boolean;

  /**
   * Keep the CRDs in the cluster when the application that installed them is deleted.
   *
   * Deleting a CRD deletes every object of its kind, so every Rollout, AnalysisTemplate and
   * Experiment in the cluster would go with it. This writes Argo CD's `Delete=false` sync option
   * (in `argocd.argoproj.io/sync-options`, next to `ServerSideApply=true` when both are set) and
   * Helm's `helm.sh/resource-policy: keep`.
   *
   * @default false
   * @see https://argo-cd.readthedocs.io/en/stable/user-guide/sync-options/#no-resource-deletion
   */
  readonly keepOnDelete?: boolean;

  /**
   * The Argo CD sync wave of the CRDs (annotation `argocd.argoproj.io/sync-wave`). A wave lower than
   * the rest of the application makes Argo CD create the CRDs before any Rollout.
   *
   * @default - no sync wave annotation (wave 0)
   * @see https://argo-cd.readthedocs.io/en/stable/user-guide/sync-waves/
   */
  readonly syncWave?: number;

  /**
   * Extra annotations on every CRD. They may not change an annotation the construct writes itself
   * (for `serverSideApply`, `keepOnDelete`, `syncWave`, or taken from the upstream CRDs).
   *
   * @default - only the annotations of the options above and of the upstream CRDs
   */
  readonly annotations?: { [key: string]: string };

  /**
   * Extra labels on every CRD, next to the labels of the chart.
   *
   * @default - only the labels of the chart
   */
  readonly labels?: { [key: string]: string };
}

/**
 * The CustomResourceDefinitions of Argo Rollouts (Rollout, AnalysisTemplate,
 * ClusterAnalysisTemplate, AnalysisRun, Experiment) for a pinned release, exactly as upstream
 * ships them.
 *
 * CRDs are cluster-scoped: they never get a namespace, even in a chart that has one. Put them in a
 * chart of their own to apply them before anything that uses them (`kubectl apply --server-side`
 * on that chart's file first), or give them an Argo CD sync wave.
 *
 * The CRDs of 1.10 are larger than client-side apply can store (262,144 bytes of annotations), so
 * for that release they carry Argo CD's `argocd.argoproj.io/sync-options: ServerSideApply=true` by
 * default, and must be applied with `kubectl apply --server-side` outside Argo CD
 * (`requiresServerSideApply` tells).
 *
 * @example
 *
 *   const crdChart = new Chart(app, 'argo-rollouts-crds');
 *   new ArgoRolloutsCrds(crdChart, 'crds', { serverSideApply: true, keepOnDelete: true, syncWave: -1 });
 */
export class ArgoRolloutsCrds extends Construct {
  /** The Argo Rollouts release whose CRDs are written. */
  public readonly version: ArgoRolloutsVersion;

  private readonly _crdNames: string[];

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsCrds
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsCrdsProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsCrds()', 'props', props, 'object', {});
    super(scope, id);
    this.version = installVersion(this, props.version, `ArgoRolloutsCrds ${this.node.path}`);

    if (props.syncWave !== undefined && !Number.isInteger(props.syncWave)) {
      fail(`ArgoRolloutsCrds ${this.node.path}: 'syncWave' must be a whole number (Argo CD orders waves by integer), got ${props.syncWave}.`);
    }
    const owned = ownedAnnotations({ ...props, serverSideApply: this.serverSideApply(props.serverSideApply) });

    const crds = crdData(this.version);
    this._crdNames = crds.map(crd => crd.metadata.name);
    for (const { apiVersion, kind, metadata, plural, fields } of crds) {
      const upstreamAnnotations: Record<string, string> = metadata.annotations ?? {};
      const upstream = (key: string, value: string): OwnedEntry => ({
        key, value, source: `the upstream CRD ${metadata.name} of Argo Rollouts ${this.version.tag}`, fix: 'it is part of the upstream CRD',
      });
      const annotations = merge(this, 'annotation', [
        ...Object.entries(upstreamAnnotations).map(([key, value]) => upstream(key, value)),
        ...owned,
      ], props.annotations ?? {});
      const labels = merge(this, 'label', Object.entries(metadata.labels ?? {})
        .map(([key, value]) => upstream(key, value as string)), props.labels ?? {});

      // the upstream fields (spec) are rendered from the generated data at synth, fresh each time
      new ClusterScopedApiObject(this, plural, {
        apiVersion,
        kind,
        metadata: { ...metadata, name: metadata.name, annotations, labels },
        ...fields,
      });
    }
  }

  /**
   * Whether the CRDs must be applied server-side: a CRD of the release is above the annotation limit
   * of client-side apply. The CRDs then carry Argo CD's `ServerSideApply=true` sync option; apply
   * them with `kubectl apply --server-side` outside Argo CD.
   */
  public get requiresServerSideApply(): boolean {
    return this.version._facts.crdsNeedServerSideApply;
  }

  /** The names of the CRDs, e.g. `rollouts.argoproj.io`, in the order they are written. */
  public get crdNames(): string[] {
    return [...this._crdNames];
  }

  /** `serverSideApply` as given, or the release's need; `false` for CRDs that need it is an error. */
  private serverSideApply(given: boolean | undefined): boolean {
    if (!this.requiresServerSideApply) {
      return given ?? false;
    }
    if (given === false) {
      const [name, bytes] = Object.entries(this.version._facts.crdBytes).sort(([, a], [, b]) => b - a)[0];
      fail(`ArgoRolloutsCrds ${this.node.path}: serverSideApply is false, but the CRD ${name} of Argo Rollouts ${this.version.tag} is `
        + `${bytes.toLocaleString('en-US')} bytes, above the 262,144-byte annotation limit that client-side apply runs into: kubectl apply and Argo CD's default `
        + 'sync would fail with "metadata.annotations: Too long". Drop serverSideApply: false (the CRDs then ask Argo CD for ServerSideApply=true) '
        + 'and apply them with kubectl apply --server-side outside Argo CD.');
    }
    return true;
  }
}

/** An annotation or label the construct writes, and where it comes from (for error messages). */
interface OwnedEntry {
  readonly key: string;
  readonly value: string;
  /** Who writes it, e.g. `'serverSideApply'`. */
  readonly source: string;
  /** Why the user may not change it, or what to do instead. */
  readonly fix: string;
}

/** The annotations written for `serverSideApply`, `keepOnDelete` and `syncWave`. */
function ownedAnnotations(props: ArgoRolloutsCrdsProps): OwnedEntry[] {
  const owned: OwnedEntry[] = [];
  const syncOptions: string[] = [];
  const syncSources: string[] = [];
  if (props.serverSideApply) {
    syncOptions.push('ServerSideApply=true');
    syncSources.push('serverSideApply');
  }
  if (props.keepOnDelete) {
    syncOptions.push('Delete=false');
    syncSources.push('keepOnDelete');
    owned.push(option(HELM_RESOURCE_POLICY, 'keep', ['keepOnDelete']));
  }
  if (syncOptions.length > 0) {
    owned.push(option(ARGOCD_SYNC_OPTIONS, syncOptions.join(','), syncSources));
  }
  if (props.syncWave !== undefined) {
    owned.push(option(ARGOCD_SYNC_WAVE, String(props.syncWave), ['syncWave']));
  }
  return owned;
}

/** An annotation written for some of the props. */
function option(key: string, value: string, props: string[]): OwnedEntry {
  const names = props.map(p => `'${p}'`).join(' and ');
  return { key, value, source: names, fix: `or drop ${names} and write the whole value in 'annotations' yourself` };
}

/**
 * The construct's own entries plus the user's extra ones. A user entry that would change an own
 * entry is an error naming both values; repeating an own entry with the same value is allowed.
 */
function merge(host: Construct, what: string, owned: OwnedEntry[], extra: { [key: string]: string }): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of owned) result[entry.key] = entry.value;
  const plural = `${what}s`;
  for (const [key, value] of Object.entries(extra)) {
    const mine = owned.find(e => e.key === key);
    if (mine && mine.value !== value) {
      fail(`ArgoRolloutsCrds ${host.node.path}: the ${what} '${key}' is set twice, to '${value}' in '${plural}' and to '${mine.value}' by ${mine.source}. `
        + `Drop '${key}' from '${plural}' (${mine.fix}).`);
    }
    result[key] = value;
  }
  return result;
}
