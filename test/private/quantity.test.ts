import { compareQuantities, isWholeQuantity, parseQuantity } from '../../src/private/quantity';

describe('parseQuantity', () => {
  test.each([
    ['100m', 100_000_000n],
    ['128Mi', 128n * 1024n * 1024n * 1_000_000_000n],
    ['1.5', 1_500_000_000n],
    ['2e3', 2000n * 1_000_000_000n],
    ['1n', 1n],
    ['0.1n', 1n], // rounded away from zero to a whole nano unit
    ['-0.1n', -1n],
    [' 250m ', 250_000_000n],
  ])('%j is %d nano units', (text, nanos) => {
    expect(parseQuantity(text)?.nanos).toEqual(nanos);
  });

  test.each([[''], ['1.5.5'], ['10Xi'], ['abc'], [null], [true], [{}]])('%j is not a quantity', value => {
    expect(parseQuantity(value)).toBeUndefined();
  });

  test('a JSON number parses as its decimal text; the string and the number of one value are different inputs with the same result', () => {
    expect(parseQuantity(0.5)).toEqual({ nanos: 500_000_000n, text: '0.5' });
    expect(parseQuantity('0.5')?.nanos).toEqual(parseQuantity(0.5)?.nanos);
    expect(parseQuantity(Infinity)).toBeUndefined();
    expect(parseQuantity('Infinity')).toBeUndefined();
  });

  test('a result is frozen, so the cached value it shares cannot be changed', () => {
    const first = parseQuantity('300m')!;
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { nanos: bigint }).nanos = 1n;
    }).toThrow(TypeError);
    expect(parseQuantity('300m')?.nanos).toEqual(300_000_000n);
  });

  test('results stay exact past the size of the cache (it starts over)', () => {
    for (let i = 0; i < 10_000; i++) {
      expect(parseQuantity(`${i}m`)?.nanos).toEqual(BigInt(i) * 1_000_000n);
    }
    expect(parseQuantity('1Gi')?.nanos).toEqual(1024n ** 3n * 1_000_000_000n);
    expect(parseQuantity('1x')).toBeUndefined();
  });

  test('comparison and whole numbers', () => {
    expect(compareQuantities(parseQuantity('1')!, parseQuantity('1000m')!)).toBe(0);
    expect(compareQuantities(parseQuantity('1Ki')!, parseQuantity('1k')!)).toBeGreaterThan(0);
    expect(isWholeQuantity(parseQuantity('2')!)).toBe(true);
    expect(isWholeQuantity(parseQuantity('1500m')!)).toBe(false);
  });
});
