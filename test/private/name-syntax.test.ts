import * as fs from 'fs';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { AnalysisTemplateArg, ArgoRollouts, ManagedRoute, MetricProvider, TrafficRouting } from '../../src';
import { GENERATED_DIR } from '../../src/private/generated';
import {
  dns1035LabelError, dns1123LabelError, dns1123SubdomainError, hasDns1123LabelChars, isAnalysisName, isPluginName, labelValueError,
  qualifiedNameError,
} from '../../src/private/name-syntax';
import * as engine from '../../src/validation/private/util';

const SRC = path.join(__dirname, '..', '..', 'src');

/** Every hand-written TypeScript file under `dir` (src/imports/, the generated output, left out). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return file === GENERATED_DIR ? [] : sources(file);
    return e.name.endsWith('.ts') ? [file] : [];
  });
}

describe('name syntaxes', () => {
  test('each name syntax is written once, in src/private/name-syntax.ts', () => {
    const patterns = [
      '[a-z0-9]([-a-z0-9]*[a-z0-9])?', // DNS-1123 label (and the parts of a subdomain)
      '[a-z]([-a-z0-9]*[a-z0-9])?', // DNS-1035 label
      '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]', // qualified name part, label value
      '[A-Za-z0-9-]+\\/[A-Za-z0-9_.-]+', // plugin name
      '[A-Za-z0-9][-A-Za-z0-9_.]*$', // metric and argument names
    ];
    const copies = sources(SRC)
      .filter(f => path.relative(SRC, f) !== path.join('private', 'name-syntax.ts'))
      .flatMap(f => patterns.filter(p => fs.readFileSync(f, 'utf8').includes(p)).map(p => `${path.relative(SRC, f)}: ${p}`));
    expect(copies).toEqual([]);
  });

  test('the rule engine uses the same functions', () => {
    expect(engine.dns1123LabelError).toBe(dns1123LabelError);
    expect(engine.dns1035LabelError).toBe(dns1035LabelError);
    expect(engine.dns1123SubdomainError).toBe(dns1123SubdomainError);
    expect(engine.qualifiedNameError).toBe(qualifiedNameError);
    expect(engine.labelValueError).toBe(labelValueError);
  });

  test('character checks without a length limit, plugin and analysis names', () => {
    expect(hasDns1123LabelChars('a'.repeat(80))).toBe(true);
    expect(hasDns1123LabelChars('Header-Route')).toBe(false);
    expect(isPluginName('argoproj-labs/gatewayAPI')).toBe(true);
    expect(isPluginName('gatewayAPI')).toBe(false);
    expect(isAnalysisName('success.rate_5m')).toBe(true);
    expect(isAnalysisName('-rate')).toBe(false);
  });

  describe('constructs take the shared checks', () => {
    const install = (props: any) => {
      const chart = new Chart(Testing.app(), 'install');
      new ArgoRollouts(chart, 'argo-rollouts', props);
      return Testing.synth(chart);
    };

    test('an instance id is a label value: at most 63 characters', () => {
      expect(() => install({ controller: { flags: { instanceId: 'a'.repeat(64) } } })).toThrow(/instanceId 'a{64}' is not a valid label value/);
      expect(() => install({ controller: { flags: { instanceId: 'a'.repeat(63) } } })).not.toThrow();
    });

    test('an install namespace is a DNS-1123 label', () => {
      expect(() => install({ namespace: 'a'.repeat(64) })).toThrow(/is not a valid namespace name/);
      expect(() => install({ namespace: '' })).toThrow(/is not a valid namespace name/);
    });

    test('managed route, metric, argument and plugin names', () => {
      expect(ManagedRoute.named('a'.repeat(70)).name).toHaveLength(70);
      expect(() => ManagedRoute.named('Header')).toThrow(/Managed route name 'Header' is invalid/);
      expect(() => AnalysisTemplateArg.required('.x')).toThrow(/argument name '.x' is invalid/);
      expect(() => MetricProvider.plugin('sample')).toThrow(/Metric provider plugin name 'sample' must have the form/);
      expect(() => TrafficRouting.plugin('a/b/c')).toThrow(/Traffic router plugin name 'a\/b\/c' must have the form/);
    });
  });
});
