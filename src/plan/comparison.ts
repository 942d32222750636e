import { PlanComparisonJson, RolloutPlanChange } from './comparison-types';
import { comparePlans, PLAN_FIGURE_IDS, planKey } from './private/compare';
import { renderComparisonMarkdown, renderComparisonText } from './private/compare-render';
import { renderComparisonSvg } from './private/compare-svg';
import { RolloutPlanJson } from './types';
import { checkArgument, checkListArgument, struct } from '../private/arguments';
import { fail } from '../private/synth-error';

/** What a plan in its JSON form must have for a comparison (`RolloutPlan.toJson()`). */
const PLAN_JSON = struct('RolloutPlanJson', {
  name: 'string', namespace: 'string', strategy: 'string', version: 'string', steps: 'array', totals: 'object', abort: 'object', notes: 'array',
}, { required: ['name', 'namespace', 'strategy', 'version', 'steps', 'totals', 'abort', 'notes'], example: 'RolloutPlan.fromManifest(rollout).toJson()' });

/**
 * What a change does to the updates of Rollouts: the plans of two sets of manifests (a base
 * branch's `cdk8s synth` output and a pull request's) compared Rollout by Rollout — added, removed,
 * changed or unchanged; for a changed one the peak pods, CPU and memory, minimum time, manual
 * promotions and pods on abort before and after, the steps added, removed and changed, and the
 * canary's traffic share over the update.
 *
 * Get one from `RolloutPlan.compare(base, head)`, or from saved plans with `PlanComparison.fromJson`.
 */
export class PlanComparison {
  /** The figures a comparison reports, by ID: `peak`, `cpu`, `memory`, `time`, `promotions`, `abort`. */
  public static readonly FIGURES: string[] = [...PLAN_FIGURE_IDS];

  /**
   * Compares plans in their JSON form (`RolloutPlan.toJson()`, or `argo-rollouts-plan --format json`).
   * Base and head are paired by namespace and name, which must be unique in each.
   */
  public static fromJson(base: RolloutPlanJson[], head: RolloutPlanJson[]): PlanComparison {
    checkListArgument('PlanComparison.fromJson()', 'base', base, PLAN_JSON);
    checkListArgument('PlanComparison.fromJson()', 'head', head, PLAN_JSON);
    return new PlanComparison(comparePlans(base, head));
  }

  /** The Rollouts, sorted by namespace, then name. */
  public readonly rollouts: RolloutPlanChange[];

  private constructor(private readonly json: PlanComparisonJson) {
    this.rollouts = json.rollouts;
  }

  /** True when some Rollout is added, removed or its plan changed. */
  public get hasChanges(): boolean {
    return this.rollouts.some(r => r.change !== 'unchanged');
  }

  /**
   * The Rollouts (`namespace/name`) whose figure grows: `peak`, `cpu`, `memory`, `time`,
   * `promotions` or `abort` (see `FIGURES`). A Rollout the change adds grows every figure from 0.
   * For gating a pull request: fail when the list is not empty.
   */
  public grown(figure: string): string[] {
    checkArgument('PlanComparison.grown()', 'figure', figure, 'string');
    if (!PLAN_FIGURE_IDS.includes(figure)) {
      fail(`PlanComparison.grown(): there is no figure ${JSON.stringify(figure)}; use one of ${PLAN_FIGURE_IDS.join(', ')}.`);
    }
    return this.rollouts
      .filter(r => r.figures.some(f => f.figure === figure && f.delta > 0))
      .map(planKey);
  }

  /** The comparison as JSON with a stable shape (see `PlanComparisonJson`), for snapshot tests. */
  public toJson(): PlanComparisonJson {
    return this.json;
  }

  /** The comparison as plain text, for terminals and CI logs. */
  public toText(): string {
    return renderComparisonText(this.json);
  }

  /** The comparison as Markdown, made to be posted as a pull-request comment. */
  public toMarkdown(): string {
    return renderComparisonMarkdown(this.json);
  }

  /**
   * A chart of one Rollout: the canary's traffic share over the minimum time of the update, base
   * and head as two lines, manual promotions marked, the figures before and after.
   *
   * @param rollout the Rollout (`name` or `namespace/name`)
   * @default - the one Rollout that is not unchanged (an error when there are several or none)
   */
  public toSvg(rollout?: string): string {
    checkArgument('PlanComparison.toSvg()', 'rollout', rollout, 'string', true);
    return renderComparisonSvg(this.chartRollout(rollout));
  }

  private chartRollout(rollout: string | undefined): RolloutPlanChange {
    if (rollout !== undefined) {
      const found = this.rollouts.filter(r => planKey(r) === rollout || r.name === rollout);
      if (found.length !== 1) {
        const what = found.length === 0 ? 'no Rollout' : `${found.length} Rollouts (${found.map(planKey).join(', ')})`;
        fail(`PlanComparison.toSvg(): there is ${what} named ${JSON.stringify(rollout)}; name one of ${this.rollouts.map(planKey).join(', ') || '(none)'}`
          + ' (as namespace/name when the name is in several namespaces).');
      }
      return found[0];
    }
    const changed = this.rollouts.filter(r => r.change !== 'unchanged');
    if (changed.length !== 1) {
      fail(`PlanComparison.toSvg() draws one Rollout, and ${changed.length} ${changed.length === 1 ? 'is' : 'are'} added, removed or changed`
        + `${changed.length > 0 ? ` (${changed.map(planKey).join(', ')})` : ''}: name the one to draw, e.g. toSvg(${JSON.stringify(planKey(changed[0] ?? this.rollouts[0] ?? { name: 'NAME', namespace: '' }))}).`);
    }
    return changed[0];
  }
}
