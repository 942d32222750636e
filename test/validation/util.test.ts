import {
  dns1123LabelError, ianaServiceNameError, intOrPercentValue, labelValueError, parseGoDuration, pauseDurationSeconds, qualifiedNameError, quote,
} from '../../src/validation/util';

describe('util', () => {
  describe('parseGoDuration', () => {
    test.each([
      ['0', 0],
      ['30s', 30],
      ['1m30s', 90],
      ['1.5h', 5400],
      ['300ms', 0.3],
      ['-5s', -5],
      ['+2m', 120],
      ['.5s', 0.5],
      ['1h2m3s4ms', 3723.004],
      ['10us', 0.00001],
      ['1\u00b5s', 0.000001],
    ])('%p is %p seconds', (text, seconds) => {
      expect(parseGoDuration(text)).toBeCloseTo(seconds, 9);
    });

    test.each(['', '10', '1d', '1 s', 's', '.s', '1.5.5h', '-', '1h-5m', '1toString', '1S', '3000000h'])('%p is not a duration', text => {
      expect(parseGoDuration(text)).toBeUndefined();
    });
  });

  describe('pauseDurationSeconds', () => {
    test.each([
      [30, 30],
      ['10', 10],
      ['-10', -10],
      ['90s', 90],
      ['1.9s', 1],
      ['-500ms', 0],
      ['1m', 60],
    ])('%p is %p seconds', (value, seconds) => {
      expect(pauseDurationSeconds(value)).toBe(seconds);
    });

    test.each(['1d', '', 'forever', '99999999999', '1000000h', true, {}])('%p is invalid', value => {
      expect(pauseDurationSeconds(value)).toBeUndefined();
    });
  });

  describe('intOrPercentValue', () => {
    test.each([
      [0, 0],
      [2, 2],
      ['0', 0],
      ['0%', 0],
      ['25%', 25],
      ['3', 3],
      ['abc', 0],
      ['', 0],
    ])('%p reads as %p', (value, expected) => {
      expect(intOrPercentValue(value)).toBe(expected);
    });

    test('other types are not read', () => {
      expect(intOrPercentValue(true)).toBeUndefined();
      expect(intOrPercentValue(null)).toBeUndefined();
    });
  });

  describe('Kubernetes names', () => {
    test('DNS-1123 labels', () => {
      expect(dns1123LabelError('web-1')).toBeUndefined();
      expect(dns1123LabelError('Web')).toBeDefined();
      expect(dns1123LabelError('-web')).toBeDefined();
      expect(dns1123LabelError('a'.repeat(64))).toContain('64');
      expect(dns1123LabelError('')).toBeDefined();
    });

    test('qualified names', () => {
      for (const valid of ['app', 'App.Name_1', 'example.com/tier', 'a/b', 'x'.repeat(63)]) {
        expect(qualifiedNameError(valid)).toBeUndefined();
      }
      for (const invalid of ['', '/a', 'a/', 'a/b/c', 'Example.com/a', 'a b', '-a', 'x'.repeat(64), `${'a'.repeat(254)}/b`]) {
        expect(qualifiedNameError(invalid)).toBeDefined();
      }
    });

    test('label values', () => {
      for (const valid of ['', 'web', 'v1.2_3-x', 'A'.repeat(63)]) {
        expect(labelValueError(valid)).toBeUndefined();
      }
      for (const invalid of ['-web', 'web-', 'a b', 'A'.repeat(64), 1, true, null]) {
        expect(labelValueError(invalid)).toBeDefined();
      }
    });

    test('IANA service names', () => {
      for (const valid of ['http', 'http-alt', 'h2c', 'a'.repeat(15)]) {
        expect(ianaServiceNameError(valid)).toBeUndefined();
      }
      for (const invalid of ['', 'HTTP', '8080', 'a--b', '-a', 'a-', 'a'.repeat(16), 'a_b']) {
        expect(ianaServiceNameError(invalid)).toBeDefined();
      }
    });
  });

  test('quote', () => {
    expect(quote('web')).toBe('"web"');
    expect(quote(undefined)).toBe('not set');
    expect(quote({ a: 1 })).toBe('{"a":1}');
    expect(quote('x'.repeat(500)).length).toBe(120);
    const cyclic: any = {};
    cyclic.self = cyclic;
    expect(() => quote(cyclic)).not.toThrow();
  });
});
