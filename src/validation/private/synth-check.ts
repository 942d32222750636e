/**
 * The rule engine at synth: the check of the library's constructs, once per synth for the objects of
 * a chart (`checkBatchAtSynth`, see SynthPass) or for one object alone (`checkAtSynth`). Errors throw
 * (synth fails); warnings are written to standard error once per construct, or fail synth too when
 * the app asks for it (CI).
 */
import { IConstruct } from 'constructs';
import { validateManifestsAttributed } from './engine';
import { AttributedFinding } from './finding-sink';
import { checkFindings, reportFindings, RuleError } from './format';
import { AppRegistry, AppSlot } from '../../private/app-registry';
import { identityKey } from '../../private/object-identity';
import { compareQuantities, parseQuantity } from '../../private/quantity';
import { fail } from '../../private/synth-error';
import { SynthCheckEntry } from '../../private/synth-pass';
import { VersionFacts } from '../../private/versions';
import { CapacityBudget } from '../types';
import { Finding } from './types';

/** The app-wide capacity budgets (`RolloutBudget.forApp`), in the app registry. */
const BUDGET_SLOT = new AppSlot<CapacityBudget>('capacity-budgets');

/** The app-wide capacity budgets of an app: added by `RolloutBudget.forApp`, read at synth. */
export const APP_BUDGETS = {
  add(scope: IConstruct, budget: CapacityBudget): void {
    AppRegistry.of(scope).add(BUDGET_SLOT, budget);
  },
  read(scope: IConstruct): CapacityBudget[] {
    return AppRegistry.of(scope).list(BUDGET_SLOT);
  },
};

/** The app-wide budget of `scope`'s app: the smallest value of each resource over its budgets; undefined when none. */
export function appBudget(scope: IConstruct): CapacityBudget | undefined {
  const budgets = APP_BUDGETS.read(scope);
  if (budgets.length === 0) {
    return undefined;
  }
  const smaller = (a: string | undefined, b: string | undefined) => {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    if (qa === undefined || qb === undefined) {
      return qa === undefined ? b : a;
    }
    return compareQuantities(qa, qb) <= 0 ? a : b;
  };
  return budgets.reduce((a, b) => ({
    pods: a.pods === undefined ? b.pods : b.pods === undefined ? a.pods : Math.min(a.pods, b.pods),
    cpu: smaller(a.cpu, b.cpu),
    memory: smaller(a.memory, b.memory),
  }));
}

/**
 * Context key that makes warnings fail synth: `app.node.setContext('argo-rollouts:warningsAsErrors', true)`
 * (right after `new App()`: constructs refuse context once children exist), or on a chart before its children.
 */
export const WARNINGS_AS_ERRORS_CONTEXT = 'argo-rollouts:warningsAsErrors';

/** Environment variable that makes warnings fail synth when set to `1` or `true` (e.g. in CI). */
export const WARNINGS_AS_ERRORS_ENV = 'ARGO_ROLLOUTS_WARNINGS_AS_ERRORS';

const TRUE_WORDS: ReadonlySet<string> = new Set(['1', 'true', 'yes']);

/** True when the app (context) or the environment asks to treat warnings as errors. */
export function warningsAsErrors(scope: IConstruct): boolean {
  const context = scope.node.tryGetContext(WARNINGS_AS_ERRORS_CONTEXT);
  if (context !== undefined) {
    return context === true || TRUE_WORDS.has(String(context).trim().toLowerCase());
  }
  const env = process.env[WARNINGS_AS_ERRORS_ENV];
  return env !== undefined && TRUE_WORDS.has(env.trim().toLowerCase());
}

/** The warnings already shown, per construct: a construct rendered twice warns once. */
const shown = new WeakMap<IConstruct, Set<string>>();

/**
 * Runs the rule engine for a construct over its manifest (document 0) and the manifests it
 * references, with the app's capacity budget (B02): throws on errors kept by `keep`, writes warnings to standard error once.
 *
 * @param scope the construct (its path names it; its app holds the warnings-as-errors setting)
 * @param subject e.g. `Rollout demo/web`
 * Pod templates are checked against the Kubernetes version of the package's cdk8s-plus line (the
 * engine's default `kubernetesVersion`): the version the constructs render for.
 *
 * @param release the Argo Rollouts release to check against (the app's)
 * @param keep which findings concern the construct; by default those on its own manifest
 */
export function checkAtSynth(scope: IConstruct, subject: string, manifests: any[], release: VersionFacts,
  keep?: (f: Finding) => boolean): void {
  showWarnings(scope, checkFindings(subject, manifests, { keep, release, warningsAsErrors: warningsAsErrors(scope), budget: appBudget(scope) }));
}

/**
 * `checkAtSynth` for many constructs of one app at once (a synth's batch, see SynthPass): the engine
 * runs once over their manifests, each related object once, and each construct gets the findings a
 * check of it alone would give, with the same messages. Every construct's warnings are shown; the
 * errors of all constructs that have some throw as one error, the constructs in the order given.
 */
export function checkBatchAtSynth(entries: readonly SynthCheckEntry[], release: VersionFacts): void {
  if (entries.length === 0) {
    return;
  }
  const scope = entries[0].scope;
  const { manifests, positions } = combine(entries);
  const budget = appBudget(scope);
  const attributed = validateManifestsAttributed(manifests, { version: release.version, budget });
  const onDocument = new Map<number, AttributedFinding[]>();
  for (const found of attributed) {
    const list = onDocument.get(found.finding.documentIndex);
    if (list === undefined) onDocument.set(found.finding.documentIndex, [found]);
    else list.push(found);
  }
  const errors: Error[] = [];
  entries.forEach((entry, i) => {
    const local = positions[i];
    const keep = entry.keep ?? (f => f.documentIndex === 0);
    // by its own document order, as a check of it alone lists them
    const findings = local.flatMap((documentIndex, at) => (onDocument.get(documentIndex) ?? [])
      // found by the rules of a manifest a check of it alone holds
      .filter(({ sources }) => sources.some(source => local.includes(source)))
      .map(({ finding }) => ({ ...finding, documentIndex: at }))
      .filter(keep));
    try {
      showWarnings(entry.scope, reportFindings(entry.subject, findings, warningsAsErrors(entry.scope)));
    } catch (error) {
      errors.push(error as Error); // a RuleError (reportFindings throws nothing else)
    }
  });
  if (errors.length === 1) {
    fail(errors[0]);
  } else if (errors.length > 1) {
    fail(new RuleError(`${errors.length} objects break rules of the Argo Rollouts controller:\n\n${errors.map(e => e.message).join('\n\n')}`));
  }
}

/**
 * The manifests of a batch, each once: every entry's own first (the object as written), then the
 * objects they refer to; two renderings of one object (the same identity and the same content) are one.
 * `positions[i]` maps the entry's manifests to their indexes.
 */
function combine(entries: readonly SynthCheckEntry[]): { manifests: object[]; positions: number[][] } {
  const manifests: object[] = [];
  const byIdentity = new Map<string, number[]>();
  const place = (manifest: object): number => {
    const key = identityKey(manifest);
    const same = key === undefined ? undefined : byIdentity.get(key);
    if (same !== undefined) {
      const text = JSON.stringify(manifest);
      const found = same.find(k => manifests[k] === manifest || JSON.stringify(manifests[k]) === text);
      if (found !== undefined) {
        return found;
      }
    }
    const index = manifests.push(manifest) - 1;
    if (key !== undefined) {
      byIdentity.set(key, [...(same ?? []), index]);
    }
    return index;
  };
  const owns = entries.map(e => place(e.manifests[0]));
  const positions = entries.map((e, i) => [owns[i], ...e.manifests.slice(1).map(place)]);
  return { manifests, positions };
}

/** Writes a construct's warnings to standard error, once per construct (a construct rendered twice warns once). */
function showWarnings(scope: IConstruct, warnings: string | undefined): void {
  if (warnings === undefined) {
    return;
  }
  const done = shown.get(scope) ?? new Set<string>();
  shown.set(scope, done);
  if (!done.has(warnings)) {
    done.add(warnings);
    process.stderr.write(`Warning: ${warnings}\n  (set ${WARNINGS_AS_ERRORS_ENV}=1 or the context ${WARNINGS_AS_ERRORS_CONTEXT} to make warnings fail synth)\n`);
  }
}
