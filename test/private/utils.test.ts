import { Duration } from 'cdk8s';
import { toGoDuration, undefinedIfEmpty } from '../../src/private/utils';

describe('toGoDuration', () => {
  test.each([
    [Duration.seconds(0), '0s'], [Duration.seconds(45), '45s'], [Duration.minutes(5), '5m'],
    [Duration.seconds(3725), '1h2m5s'], [Duration.hours(2), '2h'], [Duration.days(1), '24h'],
  ])('%s', (d, expected) => expect(toGoDuration('x', d)).toEqual(expected));
});

test('undefinedIfEmpty', () => {
  expect(undefinedIfEmpty({})).toBeUndefined();
  expect(undefinedIfEmpty({ a: undefined })).toBeUndefined();
  expect(undefinedIfEmpty([])).toBeUndefined();
  expect(undefinedIfEmpty({ a: 1 })).toEqual({ a: 1 });
});
