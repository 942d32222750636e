import { Condition, EmptyResultPolicy, ResultShape } from '../../src/analysis/conditions';

const pair = (c: Condition) => [c.successCondition, c.failureCondition];

describe('Condition comparisons, list results (default)', () => {
  test('no guard by default (ERROR): the plain comparison', () => {
    expect(pair(Condition.resultAtLeast(0.95))).toEqual(['result[0] >= 0.95', undefined]);
    expect(pair(Condition.resultAbove(0))).toEqual(['result[0] > 0', undefined]);
    expect(pair(Condition.resultAtMost(100))).toEqual(['result[0] <= 100', undefined]);
    expect(pair(Condition.resultBelow(0.01))).toEqual(['result[0] < 0.01', undefined]);
    expect(pair(Condition.resultBelow(-1.5, { onEmpty: EmptyResultPolicy.ERROR }))).toEqual(['result[0] < -1.5', undefined]);
  });

  test('FAIL: no data or NaN makes the success condition false', () => {
    expect(pair(Condition.resultAtLeast(0.95, { onEmpty: EmptyResultPolicy.FAIL })))
      .toEqual(['len(result) > 0 && !isNaN(result[0]) && result[0] >= 0.95', undefined]);
    expect(pair(Condition.resultBelow(0.01, { onEmpty: EmptyResultPolicy.FAIL })))
      .toEqual(['len(result) > 0 && !isNaN(result[0]) && result[0] < 0.01', undefined]);
  });

  test('INCONCLUSIVE: both conditions, each false without data', () => {
    expect(pair(Condition.resultAtLeast(0.95, { onEmpty: EmptyResultPolicy.INCONCLUSIVE }))).toEqual([
      'len(result) > 0 && !isNaN(result[0]) && result[0] >= 0.95',
      'len(result) > 0 && !isNaN(result[0]) && result[0] < 0.95',
    ]);
    expect(pair(Condition.resultAbove(5, { onEmpty: EmptyResultPolicy.INCONCLUSIVE }))).toEqual([
      'len(result) > 0 && !isNaN(result[0]) && result[0] > 5',
      'len(result) > 0 && !isNaN(result[0]) && result[0] <= 5',
    ]);
    expect(pair(Condition.resultAtMost(5, { onEmpty: EmptyResultPolicy.INCONCLUSIVE }))).toEqual([
      'len(result) > 0 && !isNaN(result[0]) && result[0] <= 5',
      'len(result) > 0 && !isNaN(result[0]) && result[0] > 5',
    ]);
    expect(pair(Condition.resultBelow(5, { onEmpty: EmptyResultPolicy.INCONCLUSIVE }))).toEqual([
      'len(result) > 0 && !isNaN(result[0]) && result[0] < 5',
      'len(result) > 0 && !isNaN(result[0]) && result[0] >= 5',
    ]);
  });

  test('SUCCEED: no data or NaN makes the success condition true', () => {
    expect(pair(Condition.resultBelow(1, { onEmpty: EmptyResultPolicy.SUCCEED })))
      .toEqual(['len(result) == 0 || isNaN(result[0]) || result[0] < 1', undefined]);
  });
});

describe('Condition comparisons, scalar results', () => {
  const shape = ResultShape.SCALAR;

  test('ERROR: the plain comparison on result', () => {
    expect(pair(Condition.resultAtLeast(0.95, { shape }))).toEqual(['result >= 0.95', undefined]);
  });

  test('FAIL, INCONCLUSIVE, SUCCEED guard with isNil and read through default()', () => {
    expect(pair(Condition.resultAtLeast(0.95, { shape, onEmpty: EmptyResultPolicy.FAIL })))
      .toEqual(['!isNil(result) && !isNaN(default(result, 0)) && default(result, 0) >= 0.95', undefined]);
    expect(pair(Condition.resultBelow(0.05, { shape, onEmpty: EmptyResultPolicy.INCONCLUSIVE }))).toEqual([
      '!isNil(result) && !isNaN(default(result, 0)) && default(result, 0) < 0.05',
      '!isNil(result) && !isNaN(default(result, 0)) && default(result, 0) >= 0.05',
    ]);
    expect(pair(Condition.resultBelow(10, { shape, onEmpty: EmptyResultPolicy.SUCCEED })))
      .toEqual(['isNil(result) || isNaN(default(result, 0)) || default(result, 0) < 10', undefined]);
  });
});

describe('Condition thresholds', () => {
  test('tiny thresholds are written as decimals', () => {
    expect(Condition.resultBelow(1e-7).successCondition).toEqual('result[0] < 0.0000001');
    expect(Condition.resultAtLeast(2.5e-9).successCondition).toEqual('result[0] >= 0.0000000025');
  });

  test('fails on non-finite or unwritable thresholds', () => {
    expect(() => Condition.resultAtLeast(NaN)).toThrow(/Condition.resultAtLeast\(\): the threshold must be a finite number, got NaN/);
    expect(() => Condition.resultBelow(Infinity)).toThrow(/Condition.resultBelow\(\): the threshold must be a finite number, got Infinity/);
    expect(() => Condition.resultAbove(1e-30)).toThrow(/Condition.resultAbove\(\): the threshold 1e-30 is too small or too large/);
    expect(() => Condition.resultAtMost(1e25)).toThrow(/Condition.resultAtMost\(\): the threshold 1e\+25 is too small or too large/);
  });

  test('fails on an unknown policy', () => {
    expect(() => Condition.resultAtLeast(1, { onEmpty: 'Maybe' as EmptyResultPolicy })).toThrow("Condition.resultAtLeast(): 'options.onEmpty' must be an EmptyResultPolicy (one of \"Error\", \"Fail\", \"Inconclusive\", \"Succeed\"), got the string \"Maybe\".");
  });
});

describe('Condition expressions', () => {
  test('hand-written conditions are used as given', () => {
    expect(pair(Condition.expression('result.successRate >= 0.99'))).toEqual(['result.successRate >= 0.99', undefined]);
    expect(pair(Condition.expression('result >= 0.95', 'result < 0.9'))).toEqual(['result >= 0.95', 'result < 0.9']);
    expect(pair(Condition.failureExpression('default(result, 0) > {{args.max-restarts}}'))).toEqual([undefined, 'default(result, 0) > {{args.max-restarts}}']);
  });

  test('fails on empty expressions', () => {
    expect(() => Condition.expression('')).toThrow(/'Condition.expression\(\) successCondition' must be a non-empty expression over 'result'/);
    expect(() => Condition.expression('result > 1', ' ')).toThrow(/'Condition.expression\(\) failureCondition' must be a non-empty expression/);
    expect(() => Condition.failureExpression('')).toThrow(/'Condition.failureExpression\(\) failureCondition' must be a non-empty expression/);
  });
});
