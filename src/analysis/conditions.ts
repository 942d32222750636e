import { argumentOrDefault, checkArgument, describeValue, struct } from '../private/arguments';
import { fail } from '../private/synth-error';

/**
 * What a measurement without a usable value (no data, or NaN) becomes.
 *
 * The controller decides a measurement's phase from the two conditions of the metric:
 * with a success condition only, the measurement fails when it is false; with a failure condition
 * only, it succeeds when that is false; with both, it fails when the failure condition holds,
 * succeeds when the success condition holds, and is Inconclusive when neither holds. An expression
 * that cannot be evaluated (e.g. `result[0]` of an empty list) makes the measurement an Error.
 */
export enum EmptyResultPolicy {
  /**
   * No guard: the condition reads the value directly, so no data is an evaluation error (counted
   * against the metric's `consecutiveErrorLimit`, 4 by default). NaN compares false, so it fails
   * the measurement. This is what a hand-written `result[0] >= 0.95` does.
   */
  ERROR = 'Error',

  /** No data or NaN fails the measurement (counted against `failureLimit`). */
  FAIL = 'Fail',

  /**
   * No data or NaN makes the measurement Inconclusive (counted against `inconclusiveLimit`; when
   * it is exceeded, a canary Rollout pauses for a decision). Produces both a success and a failure
   * condition.
   */
  INCONCLUSIVE = 'Inconclusive',

  /** No data or NaN passes the measurement (e.g. an error count that has no series while there are no errors). */
  SUCCEED = 'Succeed',
}

/**
 * The shape of a provider's `result`.
 */
export enum ResultShape {
  /**
   * A list of numbers, of which the first is compared: `result[0]`. No data is an empty list,
   * tested with `len(result)`. Prometheus instant vectors and range queries and Graphite give lists
   * that are empty, never nil, without data. Aggregate the query to one series (e.g. `sum(...)`),
   * since only the first element is read.
   */
  LIST = 'List',

  /**
   * A single number that is nil without data, e.g. Datadog. The value is read as
   * `default(result, 0)`: the expression language rejects a comparison with a nil `result` before
   * evaluating anything, and `default` keeps the expression valid; the `isNil(result)` guard
   * decides before the substitute 0 is ever compared.
   */
  SCALAR = 'Scalar',
}

/**
 * Options of the comparisons of `Condition`.
 */
export interface ResultConditionOptions {
  /**
   * What a measurement with no data or a NaN value becomes.
   *
   * @default EmptyResultPolicy.ERROR
   */
  readonly onEmpty?: EmptyResultPolicy;

  /**
   * The shape of `result`.
   *
   * @default ResultShape.LIST
   */
  readonly shape?: ResultShape;
}

/**
 * The success and failure conditions of a metric: expressions over the measurement's `result` in
 * the controller's expression language (which has `len`, `isNaN`, `isInf`, `isNil`, `asInt`,
 * `asFloat` and `default`).
 *
 * The comparisons guard against results without data according to `onEmpty`. For
 * `Condition.resultAtLeast(0.95, { onEmpty })` with a list result:
 *
 * | onEmpty        | successCondition                                             | failureCondition                                          |
 * |----------------|--------------------------------------------------------------|-----------------------------------------------------------|
 * | `ERROR`        | `result[0] >= 0.95`                                          | -                                                         |
 * | `FAIL`         | `len(result) > 0 && !isNaN(result[0]) && result[0] >= 0.95`  | -                                                         |
 * | `INCONCLUSIVE` | `len(result) > 0 && !isNaN(result[0]) && result[0] >= 0.95`  | `len(result) > 0 && !isNaN(result[0]) && result[0] < 0.95` |
 * | `SUCCEED`      | `len(result) == 0 \|\| isNaN(result[0]) \|\| result[0] >= 0.95` | -                                                         |
 *
 * With `shape: ResultShape.SCALAR`, `len(result) > 0` becomes `!isNil(result)` (`isNil(result)`
 * for `SUCCEED`), and the value `default(result, 0)` (plain `result` for `ERROR`).
 *
 * @example
 * Condition.resultAtLeast(0.95, { onEmpty: EmptyResultPolicy.INCONCLUSIVE });
 * Condition.resultBelow(0.01, { shape: ResultShape.SCALAR, onEmpty: EmptyResultPolicy.SUCCEED });
 * Condition.expression('result.successRate >= 0.99');
 */
export class Condition {
  /**
   * Success when the value is at least `threshold` (`>=`).
   */
  public static resultAtLeast(threshold: number, options: ResultConditionOptions = {}): Condition {
    return Condition.compare('resultAtLeast', '>=', '<', threshold, options);
  }

  /**
   * Success when the value is greater than `threshold` (`>`).
   */
  public static resultAbove(threshold: number, options: ResultConditionOptions = {}): Condition {
    return Condition.compare('resultAbove', '>', '<=', threshold, options);
  }

  /**
   * Success when the value is at most `threshold` (`<=`).
   */
  public static resultAtMost(threshold: number, options: ResultConditionOptions = {}): Condition {
    return Condition.compare('resultAtMost', '<=', '>', threshold, options);
  }

  /**
   * Success when the value is less than `threshold` (`<`).
   */
  public static resultBelow(threshold: number, options: ResultConditionOptions = {}): Condition {
    return Condition.compare('resultBelow', '<', '>=', threshold, options);
  }

  /**
   * A hand-written success condition, and optionally a failure condition, used as given.
   *
   * @param successCondition the success expression, e.g. `result.successRate >= 0.99`
   * @param failureCondition a failure expression; with both, a measurement where neither holds is Inconclusive
   */
  public static expression(successCondition: string, failureCondition?: string): Condition {
    checkExpression('Condition.expression() successCondition', successCondition);
    if (failureCondition !== undefined) checkExpression('Condition.expression() failureCondition', failureCondition);
    return new Condition(successCondition, failureCondition);
  }

  /**
   * A hand-written failure condition alone: the measurement succeeds whenever it is false.
   *
   * @param failureCondition the failure expression, e.g. `result[0] > 5`
   */
  public static failureExpression(failureCondition: string): Condition {
    checkExpression('Condition.failureExpression() failureCondition', failureCondition);
    return new Condition(undefined, failureCondition);
  }

  private static compare(method: string, op: string, negated: string, threshold: number, options: ResultConditionOptions): Condition {
    checkArgument(`Condition.${method}()`, 'threshold', threshold, 'number');
    options = argumentOrDefault(`Condition.${method}()`, 'options', options, struct('ResultConditionOptions', {
      onEmpty: { name: 'EmptyResultPolicy', values: Object.values(EmptyResultPolicy) },
      shape: { name: 'ResultShape', values: Object.values(ResultShape) },
    }), {});
    const t = formatThreshold(`Condition.${method}()`, threshold);
    const scalar = (options.shape ?? ResultShape.LIST) === ResultShape.SCALAR;
    const policy = options.onEmpty ?? EmptyResultPolicy.ERROR;
    if (policy === EmptyResultPolicy.ERROR) {
      return new Condition(`${scalar ? 'result' : 'result[0]'} ${op} ${t}`);
    }
    const value = scalar ? 'default(result, 0)' : 'result[0]';
    const hasData = scalar ? '!isNil(result)' : 'len(result) > 0';
    const noData = scalar ? 'isNil(result)' : 'len(result) == 0';
    const guard = `${hasData} && !isNaN(${value})`;
    switch (policy) {
      case EmptyResultPolicy.FAIL:
        return new Condition(`${guard} && ${value} ${op} ${t}`);
      case EmptyResultPolicy.INCONCLUSIVE:
        return new Condition(`${guard} && ${value} ${op} ${t}`, `${guard} && ${value} ${negated} ${t}`);
      case EmptyResultPolicy.SUCCEED:
        return new Condition(`${noData} || isNaN(${value}) || ${value} ${op} ${t}`);
      default:
        fail(`Condition.${method}(): unknown onEmpty '${policy}'. Use one of ${Object.values(EmptyResultPolicy).join(', ')}.`);
    }
  }

  private constructor(
    /**
     * The `successCondition` of the metric.
     *
     * @default - none (the measurement succeeds unless the failure condition holds)
     */
    public readonly successCondition?: string,
    /**
     * The `failureCondition` of the metric.
     *
     * @default - none (the measurement fails unless the success condition holds)
     */
    public readonly failureCondition?: string) {}
}

function checkExpression(field: string, expression: string) {
  if (typeof expression !== 'string' || expression.trim() === '') {
    fail(`'${field}' must be a non-empty expression over 'result', got ${describeValue(expression)}. Use e.g. 'result[0] >= 0.95'.`);
  }
}

/** A threshold as an expression literal, without exponent notation. */
function formatThreshold(where: string, threshold: number): string {
  if (typeof threshold !== 'number' || !Number.isFinite(threshold)) {
    fail(`${where}: the threshold must be a finite number, got ${threshold}. Use Condition.expression() with isInf()/isNaN() for special values.`);
  }
  const text = String(threshold);
  if (!/e/i.test(text)) return text;
  const abs = Math.abs(threshold);
  if (abs < 1e-20 || abs >= 1e21) {
    fail(`${where}: the threshold ${threshold} is too small or too large to write as a decimal. Rescale the query or use Condition.expression().`);
  }
  return threshold.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}
