/**
 * The app-wide capacity budget of Rollouts (kept in the app registry and given to the rule engine at
 * synth). The annotations a Rollout's own budget is written to, and the objects of the app a budget
 * check needs, are in private/budget.ts.
 */
import { IConstruct } from 'constructs';
import { checkCapacityBudget } from './private/budget';
import { checkArgument, SCOPE } from '../private/arguments';
import { APP_BUDGETS, CapacityBudget } from '../validation/private';

/**
 * Capacity budgets for the Rollouts of an app. A Rollout's own budget is its `budget` prop; a
 * ResourceQuota in a Rollout's namespace counts as a budget by itself.
 */
export class RolloutBudget {
  /**
   * Budgets every Rollout of the app that `scope` belongs to: synth fails (rule B02) when an update's
   * peak — the most pods at once, the CPU and memory they request, also of a workloadRef migration —
   * exceeds it. Called more than once, the smallest value of each resource applies.
   *
   * @param scope any construct of the app
   * @param budget the most pods, CPU and memory an update of a Rollout may take at once
   */
  public static forApp(scope: IConstruct, budget: CapacityBudget): void {
    checkArgument('RolloutBudget.forApp()', 'scope', scope, SCOPE);
    checkArgument('RolloutBudget.forApp()', 'budget', budget, 'object');
    checkCapacityBudget('RolloutBudget.forApp()', budget);
    APP_BUDGETS.add(scope, { ...budget });
  }

  private constructor() {}
}
