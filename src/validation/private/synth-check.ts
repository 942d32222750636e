/**
 * The rule engine at synth: what every construct of the library runs while it is rendered. Errors
 * throw (synth fails); warnings are written to standard error once per construct, or fail synth too
 * when the app asks for it (CI).
 */
import { IConstruct } from 'constructs';
import { checkFindings } from './format';
import { AppRegistry, AppSlot } from '../../private/app-registry';
import { compareQuantities, parseQuantity } from '../../private/quantity';
import { CapacityBudget, Finding } from '../types';

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
 * @param versions the Argo Rollouts versions to check against (`undefined` = the default)
 * @param keep which findings concern the construct; by default those on its own manifest
 */
export function checkAtSynth(scope: IConstruct, subject: string, manifests: any[], versions: readonly (string | undefined)[],
  keep?: (f: Finding) => boolean): void {
  const warnings = checkFindings(subject, manifests, { keep, versions, warningsAsErrors: warningsAsErrors(scope), budget: appBudget(scope) });
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
