/**
 * Object names (S07): the API server refuses an object whose `metadata.name` (or `generateName`) does
 * not follow the name syntax of its kind, or whose `metadata.namespace` is not a namespace name.
 *
 * Custom resources (the Argo Rollouts kinds, and the traffic objects of the routers: their rows in
 * src/private/routers.ts) take DNS-1123 subdomains; of the built-in kinds the engine
 * looks at, Services take DNS-1035 labels and the others DNS-1123 subdomains. Namespaces are DNS-1123
 * labels. Other kinds are left alone: their name rules vary (RBAC names may hold ':', for one).
 */
import { apiGroupOf } from '../../../private/object-identity';
import { ROUTER_API_GROUPS } from '../../../private/routers';
import { ManifestContext, Rule } from '../context';
import { argoKindOf } from '../manifest-index';
import { checkAnnotations, checkLabelMap } from '../pod';
import { asObject, dns1035LabelError, dns1123LabelError, dns1123SubdomainError, isObject, quote } from '../util';

/** A name syntax: what it is called, its check, and how to write a valid name. */
interface NameSyntax {
  readonly label: string;
  readonly error: (value: string) => string | undefined;
  readonly how: string;
  readonly maxLength: number;
  /** Whether a name of this syntax may hold '.'. */
  readonly dots: boolean;
}

const SUBDOMAIN: NameSyntax = {
  label: 'a DNS-1123 subdomain',
  error: dns1123SubdomainError,
  how: "lowercase letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters",
  maxLength: 253,
  dots: true,
};

const DNS1035_LABEL: NameSyntax = {
  label: 'a DNS-1035 label',
  error: dns1035LabelError,
  how: "lowercase letters, digits and '-', starting with a letter and ending with a letter or digit, at most 63 characters",
  maxLength: 63,
  dots: false,
};

const NAMESPACE: NameSyntax = {
  label: 'a DNS-1123 label',
  error: dns1123LabelError,
  how: "lowercase letters, digits and '-', starting and ending with a letter or digit, at most 63 characters",
  maxLength: 63,
  dots: false,
};

/** API groups of the custom resources the engine knows: their objects take DNS-1123 subdomains. */
const CUSTOM_RESOURCE_GROUPS: ReadonlySet<string> = new Set(['argoproj.io', ...ROUTER_API_GROUPS]);

/** Built-in kinds the engine looks at, by `group/kind` ('' = core group), with their name syntax. */
const BUILT_IN_KINDS: ReadonlyMap<string, NameSyntax> = new Map([
  ['/Service', DNS1035_LABEL],
  ['/ConfigMap', SUBDOMAIN],
  ['/PodTemplate', SUBDOMAIN],
  ['apps/Deployment', SUBDOMAIN],
  ['apps/ReplicaSet', SUBDOMAIN],
  ['networking.k8s.io/Ingress', SUBDOMAIN],
  ['extensions/Ingress', SUBDOMAIN],
]);

/** Kinds that an apiVersion-less manifest is taken for (the engine reads such manifests by kind). */
const KINDS_WITHOUT_GROUP: ReadonlyMap<string, NameSyntax> = new Map([
  ['Rollout', SUBDOMAIN], ['AnalysisTemplate', SUBDOMAIN], ['ClusterAnalysisTemplate', SUBDOMAIN], ['AnalysisRun', SUBDOMAIN],
  ['Experiment', SUBDOMAIN], ['Service', DNS1035_LABEL],
]);

/** Cluster-scoped kinds among those: the API server clears a namespace given to them. */
const CLUSTER_SCOPED: ReadonlySet<string> = new Set(['argoproj.io/ClusterAnalysisTemplate', '/ClusterAnalysisTemplate']);

/** The name syntax of a manifest's kind, when the engine knows it. */
export function nameSyntaxOf(manifest: unknown): NameSyntax | undefined {
  const fields = asObject(manifest);
  const kind = fields?.kind;
  if (typeof kind !== 'string') {
    return undefined;
  }
  const apiVersion = fields?.apiVersion;
  if (apiVersion === undefined) {
    return KINDS_WITHOUT_GROUP.get(kind);
  }
  if (typeof apiVersion !== 'string') {
    return undefined;
  }
  const group = apiGroupOf(apiVersion);
  return CUSTOM_RESOURCE_GROUPS.has(group) ? SUBDOMAIN : BUILT_IN_KINDS.get(`${group}/${kind}`);
}

/** A valid name close to `value`, for the fix: lowercase, other characters turned into '-'. */
function suggestion(value: string, syntax: NameSyntax): string {
  let name = value.toLowerCase().replace(syntax.dots ? /[^-a-z0-9.]+/g : /[^-a-z0-9]+/g, '-');
  if (syntax.dots) {
    name = name.replace(/-*\.+-*/g, '.');
  }
  name = name.slice(0, syntax.maxLength).replace(/^[^a-z0-9]+/, '').replace(/[^a-z0-9]+$/, '');
  if (syntax === DNS1035_LABEL) {
    name = name.replace(/^[0-9]+/, '').replace(/^-+/, '');
  }
  return name === '' ? 'web' : name;
}

/** Whether a metadata field is given: not absent, null or empty. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Reports `field` of the metadata when it is not a valid name of `syntax`. A `generateName` is a
 * prefix: the API server appends five characters, so a trailing '-' is fine.
 */
function checkName(ctx: ManifestContext, field: 'name' | 'generateName' | 'namespace', syntax: NameSyntax, what: string): void {
  const value = asObject(ctx.manifest.metadata)?.[field];
  const path = `metadata.${field}`;
  if (!given(value)) {
    return; // an absent name: the cluster fills the namespace; name or generateName is up to the author
  }
  if (typeof value !== 'string') {
    ctx.report(path, `${path} is ${quote(value)}, not a string; the API server cannot read the object.`,
      `Quote the ${field === 'namespace' ? 'namespace' : 'name'} (e.g. ${field}: "${suggestion(String(value), syntax)}").`, value);
    return;
  }
  const checked = field === 'generateName' && value.length > 1 && value.endsWith('-') ? `${value.slice(0, -1)}a` : value;
  const reason = syntax.error(checked);
  if (reason === undefined) {
    return;
  }
  const fixed = suggestion(value, syntax) + (field === 'generateName' && value.endsWith('-') ? '-' : '');
  ctx.report(path, `${path} ${quote(value)} is not a valid ${what}: ${reason}. A ${what} must be ${syntax.label}, so the API server refuses the object.`,
    `Use ${syntax.how}, e.g. ${quote(fixed)}.`, value);
}

/**
 * The Argo kinds that may be created with a `generateName` alone: objects created once and then left
 * to the controller (upstream's own end-to-end manifests create them so). The others are applied and
 * updated by name, and other objects find them by it.
 */
const GENERATED_NAME_KINDS: ReadonlyMap<string, string> = new Map([['AnalysisRun', 'an AnalysisRun'], ['Experiment', 'an Experiment']]);

/** Why an Argo kind needs a name of its own, by kind. */
const NAMED_BECAUSE: ReadonlyMap<string, string> = new Map([
  ['Rollout', 'A Rollout is applied and updated by its name (kubectl apply refuses generateName), and its ReplicaSets, AnalysisRuns and Argo CD find it by that name'],
  ['AnalysisTemplate', 'Rollouts and Experiments refer to an AnalysisTemplate by its name (templateName), which a generated name cannot be known for'],
  ['ClusterAnalysisTemplate', 'Rollouts and Experiments refer to a ClusterAnalysisTemplate by its name (templateName with clusterScope), which a generated name cannot be known for'],
]);

/**
 * An Argo object without `metadata.name`: the API server refuses an object with neither a name nor
 * a generateName; of the Argo kinds only AnalysisRun and Experiment may make do with a generateName.
 */
function checkNamed(ctx: ManifestContext): void {
  if (argoKindOf(ctx.manifest) === undefined) {
    return;
  }
  const metadata = asObject(ctx.manifest.metadata);
  const generateName = metadata?.generateName;
  if (given(metadata?.name)) {
    return;
  }
  const generatedOk = GENERATED_NAME_KINDS.get(ctx.kind);
  if (given(generateName)) {
    if (generatedOk === undefined) {
      const prefix = typeof generateName === 'string' ? generateName.replace(/-+$/, '') : '';
      ctx.report('metadata.name', `The ${ctx.kind} has metadata.generateName ${quote(generateName)} but no metadata.name. ${NAMED_BECAUSE.get(ctx.kind)}; `
        + 'generateName only suits objects created once, such as an AnalysisRun or an Experiment.',
      `Give the ${ctx.kind} a name: replace generateName with name: ${quote(suggestion(prefix, SUBDOMAIN))}.`);
    }
    return;
  }
  const missing = `metadata.name${metadata?.name === '' ? ' is empty' : ' is not set'}`;
  if (generatedOk !== undefined) {
    ctx.report('metadata.name', `The ${ctx.kind} has no name: ${missing}, and there is no metadata.generateName, so the API server refuses it.`,
      `Set metadata.name (e.g. name: "web-analysis"), or metadata.generateName (e.g. generateName: "web-analysis-") and create ${generatedOk} with kubectl create, `
      + 'which completes the name.');
    return;
  }
  ctx.report('metadata.name', `The ${ctx.kind} has no name: ${missing}, so the API server refuses it.`,
    `Set metadata.name, e.g. name: "web". ${NAMED_BECAUSE.get(ctx.kind)}, so generateName is no substitute.`);
}

/**
 * S07: the name, generateName and namespace of every object whose kind the engine knows, and the
 * syntax of its labels and annotations; every Argo object has a name (or, where the kind allows it,
 * a generateName).
 */
export const NAME_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'S07',
    check: ctx => {
      const syntax = nameSyntaxOf(ctx.manifest);
      if (syntax === undefined) {
        return;
      }
      checkNamed(ctx);
      const what = `${ctx.kind} name`;
      checkName(ctx, 'name', syntax, what);
      checkName(ctx, 'generateName', syntax, `${ctx.kind} generateName`);
      const group = apiGroupOf(ctx.manifest.apiVersion);
      if (!CLUSTER_SCOPED.has(`${group}/${ctx.kind}`)) {
        checkName(ctx, 'namespace', NAMESPACE, 'namespace');
      }
      // the keys and values of the label and annotation maps (a value that is no map at all is a
      // decoding error, which strict decoding reports: S03 for Argo objects, L01 for Services and Ingresses)
      const metadata = asObject(ctx.manifest.metadata);
      const report = (path: string, message: string, fix: string, value?: unknown) => ctx.report(path, message, fix, value);
      if (isObject(metadata?.labels)) {
        checkLabelMap(report, metadata.labels, 'metadata.labels', `${ctx.kind} label`);
      }
      if (isObject(metadata?.annotations)) {
        checkAnnotations(report, metadata.annotations, 'metadata.annotations', ctx.kind);
      }
    },
  },
];
