import { App, Chart, Duration, Testing } from 'cdk8s';
import { expectFinding, validRollout } from './helpers';
import { CanaryStep, Rollout, RolloutStrategy } from '../../src';
import { Linter } from '../../src/validation/linter';
import { quote } from '../../src/validation/private/util';
import { aliasProblem, decodeUtf8, invalidUtf8Offset, MAX_ALIAS_EXPANSION, parseYaml } from '../../src/validation/private/yaml';

describe('quote', () => {
  test('writes small values as JSON', () => {
    expect(quote('a')).toEqual('"a"');
    expect(quote({ a: [1, 'b', null, true] })).toEqual('{"a":[1,"b",null,true]}');
    expect(quote([undefined, () => 1])).toEqual('[null,null]');
    expect(quote({ a: undefined, b: 1 })).toEqual('{"b":1}');
    expect(quote(undefined)).toEqual('not set');
  });

  test('numbers JSON cannot hold read NaN, Infinity and -Infinity', () => {
    expect(quote(NaN)).toEqual('NaN');
    expect(quote(Infinity)).toEqual('Infinity');
    expect(quote([-Infinity])).toEqual('[-Infinity]');
  });

  test('shortens long values, writing only what it shows', () => {
    expect(quote('x'.repeat(500))).toEqual(`"${'x'.repeat(116)}...`);
    // a value that would be 9^9 leaves long if written out: quoted at once
    let value: any = ['lol'];
    for (let i = 0; i < 9; i++) value = Array(9).fill(value);
    expect(quote(value)).toMatch(/^\[\[\[\[\[\[\[\[\[\["lol"\],\["lol"\].*\.\.\.$/);
    expect(quote(value)).toHaveLength(120);
  });

  test('a value that contains itself', () => {
    const a: any = { name: 'a' };
    a.self = a;
    expect(quote(a)).toEqual('{"name":"a","self":[circular]}');
  });
});

describe('aliasProblem', () => {
  test('counts the expanded document without expanding it', () => {
    expect(aliasProblem(parseYaml('a: &a [1, 2]\nb: *a\nc: *a\n'))).toBeUndefined();
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 7; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
    expect(() => parseYaml(text)).toThrow(/^excessive aliasing: the aliases expand the document to 12,345,678 values, more than 1,000,000 beyond the \d+ written in it/);
    expect(MAX_ALIAS_EXPANSION).toEqual(1_000_000);
  });
});

describe('invalidUtf8Offset', () => {
  test.each([
    ['ASCII', [0x61, 0x62], -1],
    ['two-byte é', [0x63, 0xc3, 0xa9], -1],
    ['four-byte emoji', [0xf0, 0x9f, 0x98, 0x80], -1],
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['a Latin-1 é', [0x61, 0xe9, 0x61], 1],
    ['a truncated sequence at the end', [0x61, 0xe2, 0x82], 1],
    ['an overlong slash', [0xc0, 0xaf], 0],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['0xff', [0xff], 0],
  ])('%s', (_name, bytes, offset) => {
    expect(invalidUtf8Offset(Uint8Array.from(bytes))).toBe(offset);
  });

  test('decodeUtf8 keeps a byte order mark and names line and column', () => {
    expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual('\ufeffa');
    expect(() => decodeUtf8(Buffer.from([0x61, 0x0a, 0xc3, 0xa9, 0xff]))).toThrow('not valid UTF-8: byte 0xff at offset 4 (line 2, column 2)');
  });
});

describe('messages name what is wrong (issue 10, item 16)', () => {
  function synthError(strategy: () => RolloutStrategy): string {
    try {
      const app = new App();
      const chart = new Chart(app, 'c');
      new Rollout(chart, 'web', { strategy: strategy(), containers: [{ image: 'nginx:1.27', portNumber: 80 }] });
      Testing.synth(chart);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  }

  test('Infinity (1e400 in JSON) and NaN are not "null, a number with a fraction"', () => {
    const json = JSON.stringify(validRollout()).replace('"replicas":', '"replicas":1e400,"x-replicas":');
    const [infinite] = Linter.lintSources([{ fileName: 'r.json', text: json }]).filter(f => f.ruleId === 'S03');
    expect(infinite.message).toContain('spec.replicas is Infinity, a number too large for JSON to carry (YAML .inf, or beyond about 1.8e308 such as 1e400)');
    expect(infinite.fix).toEqual('Write spec.replicas as an integer, e.g. spec.replicas: 1.');
    const rollout = validRollout();
    rollout.spec.replicas = NaN;
    const nan = expectFinding('S03', [rollout], 'spec.replicas');
    expect(nan.message).toMatch(/^spec\.replicas is NaN, which is not a number \(YAML \.nan\) and has no JSON form, but/);
    expect(nan.message).not.toContain('null');
  });

  test('Duration.days(30000) overflows the int32 seconds of a pause: said so', () => {
    const message = synthError(() => RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.days(30000))] }));
    expect(message).toContain('[V35]');
    expect(message).toContain('pause.duration "720000h" is 2592000000 seconds, more than the controller can hold: it reads the pause in seconds as a '
      + '32-bit integer, at most 2147483647 (about 68 years).');
    expect(message).not.toContain('neither a whole number');
  });

  test('a NaN or infinite duration does not suggest Duration.seconds(NaN)', () => {
    expect(() => CanaryStep.pause(Duration.seconds(NaN))).toThrow(
      "'CanaryStep.pause() duration' must be a finite duration, got NaN seconds (a NaN or infinite amount). Give the Duration a finite number, e.g. Duration.seconds(30).");
    expect(() => CanaryStep.pause(Duration.seconds(Infinity))).toThrow('must be a finite duration, got Infinity seconds');
    expect(() => CanaryStep.pause(Duration.seconds(NaN))).not.toThrow(/seconds\(NaN\)/);
  });

  test("a plain '25%' for maxSurge says what it got and what to use", () => {
    expect(() => RolloutStrategy.canary({ maxSurge: '25%' as any })).toThrow(
      "'options.maxSurge' must be a PercentOrAbsolute (cdk8s-plus), got the string \"25%\". Create one with PercentOrAbsolute.percent(25) or PercentOrAbsolute.absolute(1).");
    expect(() => RolloutStrategy.blueGreen({ activeService: undefined as any, maxUnavailable: 1 as any })).toThrow("'options.maxUnavailable' must be a PercentOrAbsolute");
  });
});
