import {
  argReferences, compileGoRegexp, dns1123LabelError, forEachString, ianaServiceNameError, intOrPercentValue, intOrStringValue, labelValueError,
  parseGoDuration, parseGoUrl, pauseDurationSeconds, qualifiedNameError, quote, substituteArgs,
} from '../../src/validation/private/util';

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

  describe('analysis placeholders and int-or-string values', () => {
    test('argReferences finds {{args.x}} with or without spaces', () => {
      expect(argReferences('a {{args.x}} b {{ args.y-z }} {{templates.t.podTemplateHash}} {{args.x}}')).toEqual(['x', 'y-z', 'x']);
      expect(argReferences('no placeholders')).toEqual([]);
    });

    test('substituteArgs resolves known arguments only', () => {
      const lookup = (name: string) => ({ a: '1', b: 'two' } as Record<string, string>)[name];
      expect(substituteArgs('{{args.a}}-{{ args.b }}', lookup)).toBe('1-two');
      expect(substituteArgs('{{args.c}}', lookup)).toBeUndefined();
      expect(substituteArgs('{{experiment.availableAt}}', lookup)).toBeUndefined();
      expect(substituteArgs('{{args.a', lookup)).toBeUndefined();
      expect(substituteArgs('plain', lookup)).toBe('plain');
    });

    test.each([
      [3, 3],
      ['5', 5],
      ['+7', 7],
      ['-1', -1],
      ['abc', 0],
      ['', 0],
      ['1.5', 0],
      [2.7, 2],
      ['{{args.n}}', undefined],
      [true, undefined],
      [null, undefined],
    ])('intOrStringValue(%p) is %p', (value, expected) => {
      expect(intOrStringValue(value)).toBe(expected);
    });

    test('intOrStringValue resolves placeholders through the lookup', () => {
      expect(intOrStringValue('{{args.n}}', name => (name === 'n' ? '4' : undefined))).toBe(4);
      expect(intOrStringValue('{{args.n}}', () => 'many')).toBe(0);
    });

    test('forEachString visits every string once, even in cyclic input', () => {
      const value: any = { a: 'x', b: [1, 'y', { c: 'z' }], d: null };
      value.b.push(value);
      const seen: string[] = [];
      forEachString(value, (text, path) => seen.push(`${path}=${text}`));
      expect(seen).toEqual(['a=x', 'b[1]=y', 'b[2].c=z']);
    });
  });

  describe('compileGoRegexp', () => {
    const matches = (pattern: string, name: string) => {
      const compiled = compileGoRegexp(pattern);
      if (!('regexp' in compiled)) {
        throw new Error(`${pattern}: ${JSON.stringify(compiled)}`);
      }
      return compiled.regexp.test(name);
    };

    test.each([
      ['.*', 'anything', true],
      ['success-rate', 'success-rate', true],
      ['rate', 'success-rate', false],
      ['success|error', 'error', true],
      ['(?i)ERROR', 'error', true],
      ['(?P<kind>error)-rate', 'error-rate', true],
      ['\\Aerror\\z', 'error', true],
      ['\\Qa.b\\E', 'a.b', true],
      ['\\Qa.b\\E', 'axb', false],
      ['[[:digit:]]+', '123', true],
      ['[]a]+', 'a]a', true],
      ['a/b', 'a/b', true],
      ['x{,3}', 'x{,3}', true],
    ])('%p against %p is %p', (pattern, name, expected) => {
      expect(matches(pattern, name)).toBe(expected);
    });

    test.each(['*', '+', 'a**', '(', 'a)', '[a', '(?=a)', '(?!a)', '(?<=a)b', '(a)\\1', '\\e', '\\k<x>', '[[:nope:]]', 'a\\'])('%p is invalid', pattern => {
      expect(compileGoRegexp(pattern)).toHaveProperty('error');
    });

    test.each(['\\pL', '\\p{Greek}', 'a(?i)b', '(?U)a*', '[[:^alpha:]]', '\\x{41}'])('%p is not evaluated', pattern => {
      expect(compileGoRegexp(pattern)).toHaveProperty('unsupported');
    });
  });

  describe('parseGoUrl', () => {
    test.each([
      ['http://prometheus.monitoring:9090', 'http', 'prometheus.monitoring:9090'],
      ['https://user:pw@[::1]:9090/a?b=c#d', 'https', '[::1]:9090'],
      ['HTTP://Host', 'http', 'Host'],
      ['prometheus.monitoring', '', ''],
      ['/relative/path', '', ''],
      ['mailto:someone', 'mailto', ''],
      ['prometheus:9090', 'prometheus', ''],
      ['', '', ''],
    ])('%p has scheme %p and host %p', (text, scheme, host) => {
      expect(parseGoUrl(text)).toEqual({ scheme, host });
    });

    test.each([
      ['10.0.0.1:9090', 'first path segment'],
      [':9090', 'no scheme'],
      ['http://host:port', 'port'],
      ['http://ho st', 'host name'],
      ['http://[::1', 'IPv6'],
      ['http://host/%zz', '%XX'],
      ['http://host/#%z', 'fragment'],
      ['http://host/\n', 'control character'],
      ['http://a b@host', 'user information'],
    ])('%p is refused', (text, reason) => {
      const result = parseGoUrl(text);
      expect(typeof result).toBe('string');
      expect(result).toContain(reason);
    });
  });
});
