import {
  analysisRun, analysisTemplate, clusterAnalysisTemplate, expectFinding, expectNoFinding, findingsOf, metric,
} from './helpers';
import { FindingSeverity, validateManifests } from '../../src/validation/private';

const M0 = 'spec.metrics[0]';

/** An AnalysisTemplate named `t` whose only metric is `success-rate` with `extra` merged in. */
function templateWith(extra: any, spec: any = {}): any {
  return analysisTemplate('t', { metrics: [metric('success-rate', extra)], ...spec });
}

/** Same, with a provider replacing the Prometheus one. */
function withProvider(provider: any, spec: any = {}): any {
  return templateWith({ provider }, spec);
}

describe('Analysis (A01-A17)', () => {
  test('valid templates, cluster templates and runs pass', () => {
    const template = analysisTemplate('rates', {
      args: [{ name: 'service' }, { name: 'threshold', value: '0.95' }],
      metrics: [
        metric('success-rate', { interval: '1m', count: 5, failureLimit: 1, initialDelay: '30s' }),
        metric('latency', {
          interval: '30s',
          count: '10',
          consecutiveSuccessLimit: 3,
          failureLimit: -1,
          provider: { web: { url: 'http://{{args.service}}/latency?max={{ args.threshold }}', method: 'POST', jsonBody: { a: 1 } } },
        }),
      ],
      dryRun: [{ metricName: 'lat.*' }],
      measurementRetention: [{ metricName: 'success-rate', limit: 20 }],
    });
    const cluster = clusterAnalysisTemplate('shared');
    const run = analysisRun('run', { args: [{ name: 'x', value: '1' }], metrics: [metric('m', { count: '{{args.x}}' })] });
    expect(validateManifests([template, cluster, run])).toEqual([]);
  });

  test('findings name the analysis manifest', () => {
    const template = analysisTemplate('rates', { metrics: [] }, { metadata: { namespace: 'shop' } });
    expect(validateManifests([{ kind: 'ConfigMap' }, template])).toEqual([{
      ruleId: 'A01',
      documentIndex: 1,
      kind: 'AnalysisTemplate',
      name: 'rates',
      namespace: 'shop',
      path: 'spec.metrics',
      message: expect.stringContaining('[]'),
      fix: expect.any(String),
      value: [],
    }]);
  });

  test('only argoproj.io analysis kinds are checked', () => {
    const other = { ...analysisTemplate('x', { metrics: [] }), apiVersion: 'example.com/v1' };
    expect(validateManifests([other])).toEqual([]);
  });

  describe('A01 no metrics', () => {
    test('a template without metrics or nested templates', () => {
      expectFinding('A01', [analysisTemplate('t', {})], 'spec.metrics', 'not set');
      expectFinding('A01', [clusterAnalysisTemplate('t', { metrics: [] })], 'spec.metrics', 'ClusterAnalysisTemplate');
    });

    test('an AnalysisRun without metrics', () => {
      expectFinding('A01', [analysisRun('r', { metrics: [] })], 'spec.metrics', 'AnalysisRun');
    });

    test('a template that only composes others passes', () => {
      expectNoFinding('A01', [analysisTemplate('t', { templates: [{ templateName: 'other' }] })]);
    });
  });

  test('A02 duplicate metric names', () => {
    const template = analysisTemplate('t', { metrics: [metric('a'), metric('b'), metric('a')] });
    expectFinding('A02', [template], 'spec.metrics[2].name', '"a"');
    expectNoFinding('A02', [analysisTemplate('t', { metrics: [metric('a'), metric('b')] })]);
  });

  describe('A03-A07 limits', () => {
    test('A03 consecutiveSuccessLimit below 0', () => {
      expectFinding('A03', [templateWith({ consecutiveSuccessLimit: -1 })], `${M0}.consecutiveSuccessLimit`, '-1');
      expectNoFinding('A03', [templateWith({ consecutiveSuccessLimit: 0 })]);
    });

    test('A04 failureLimit below -1, also as a string', () => {
      expectFinding('A04', [templateWith({ failureLimit: -2 })], `${M0}.failureLimit`, '-2');
      expectFinding('A04', [templateWith({ failureLimit: '-3' })], `${M0}.failureLimit`, '"-3"');
      expectNoFinding('A04', [templateWith({ failureLimit: -1, consecutiveSuccessLimit: 2 })]);
    });

    test('A05 failureLimit -1 without consecutiveSuccessLimit', () => {
      const finding = expectFinding('A05', [templateWith({ failureLimit: -1 })], `${M0}.failureLimit`, '-1');
      expect(finding.message).toContain('not set (0)');
      expectFinding('A05', [templateWith({ failureLimit: '-1', consecutiveSuccessLimit: 'x' })], `${M0}.failureLimit`, '"x" (read as 0)');
      expectNoFinding('A05', [templateWith({ failureLimit: -1, consecutiveSuccessLimit: 1 })]);
    });

    test('A06 inconclusiveLimit below 0', () => {
      expectFinding('A06', [templateWith({ inconclusiveLimit: -1 })], `${M0}.inconclusiveLimit`, '-1');
      expectNoFinding('A06', [templateWith({ inconclusiveLimit: 2 })]);
    });

    test('A07 consecutiveErrorLimit below 0', () => {
      expectFinding('A07', [templateWith({ consecutiveErrorLimit: '-1' })], `${M0}.consecutiveErrorLimit`, '"-1"');
      expectNoFinding('A07', [templateWith({ consecutiveErrorLimit: 0 }), templateWith({})]);
    });
  });

  describe('A08-A11 count', () => {
    test('A08 count below failureLimit plus consecutiveSuccessLimit', () => {
      const finding = expectFinding('A08', [templateWith({ interval: '1m', count: 3, failureLimit: 2, consecutiveSuccessLimit: 2 })], `${M0}.count`, '3');
      expect(finding.message).toContain('(4)');
      expectNoFinding('A08', [templateWith({ interval: '1m', count: 4, failureLimit: 2, consecutiveSuccessLimit: 2 })]);
    });

    test('A08 reads strings as integers', () => {
      expectFinding('A08', [templateWith({ interval: '1m', count: '2', failureLimit: '3' })], `${M0}.count`, '"2"');
    });

    test('A09 count below consecutiveSuccessLimit with failureLimit -1', () => {
      expectFinding('A09', [templateWith({ interval: '1m', count: 2, failureLimit: -1, consecutiveSuccessLimit: 3 })], `${M0}.count`, '2');
      expectNoFinding('A09', [templateWith({ interval: '1m', count: 3, failureLimit: -1, consecutiveSuccessLimit: 3 })]);
    });

    test('A10 count below inconclusiveLimit', () => {
      expectFinding('A10', [templateWith({ interval: '1m', count: 2, inconclusiveLimit: 5 })], `${M0}.count`, '5');
      expectNoFinding('A10', [templateWith({ interval: '1m', count: 5, inconclusiveLimit: 5 })]);
    });

    test('A11 count above 1 without interval', () => {
      expectFinding('A11', [templateWith({ count: 3 })], `${M0}.interval`, '3');
      expectFinding('A11', [templateWith({ count: '2', interval: '' })], `${M0}.interval`, '"2"');
      expectNoFinding('A11', [templateWith({ count: 1 }), templateWith({ count: 3, interval: '10s' })]);
    });

    test('a non-numeric string reads as 0', () => {
      // count "many" is 0, so none of the count rules apply
      const template = templateWith({ count: 'many', failureLimit: 3 });
      for (const rule of ['A08', 'A09', 'A10', 'A11']) {
        expectNoFinding(rule, [template]);
      }
    });

    test('argument placeholders in templates are known only at run time', () => {
      const template = analysisTemplate('t', {
        args: [{ name: 'count' }, { name: 'limit', value: '-5' }],
        metrics: [metric('m', {
          count: '{{args.count}}',
          failureLimit: '{{ args.limit }}',
          consecutiveSuccessLimit: '{{args.count}}',
          inconclusiveLimit: '{{args.count}}',
          consecutiveErrorLimit: '{{args.count}}',
          interval: '{{args.count}}',
        })],
      });
      expect(validateManifests([template])).toEqual([]);
    });

    test('AnalysisRun placeholders are resolved from literal argument values', () => {
      const run = analysisRun('r', {
        args: [{ name: 'limit', value: '-5' }, { name: 'secret', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
        metrics: [metric('m', { failureLimit: '{{args.limit}}', inconclusiveLimit: '{{args.secret}}' })],
      });
      expectFinding('A04', [run], `${M0}.failureLimit`, '"{{args.limit}}" (read as -5)');
      expectNoFinding('A06', [run]);
    });
  });

  describe('A12-A13 durations', () => {
    test('A12 interval is not a Go duration', () => {
      expectFinding('A12', [templateWith({ interval: '1d' })], `${M0}.interval`, '"1d"');
      expectNoFinding('A12', [templateWith({ interval: '1h30m' }), templateWith({ interval: '{{args.every}}' })]);
    });

    test('A13 initialDelay is not a Go duration', () => {
      expectFinding('A13', [templateWith({ initialDelay: '5 minutes' })], `${M0}.initialDelay`, '"5 minutes"');
      expectNoFinding('A13', [templateWith({ initialDelay: '300s' })]);
    });

    test('AnalysisRun durations are checked once resolved', () => {
      const run = analysisRun('r', { args: [{ name: 'every', value: '2d' }], metrics: [metric('m', { interval: '{{args.every}}' })] });
      expectFinding('A12', [run], `${M0}.interval`, '"{{args.every}}"');
    });
  });

  describe('A14 providers', () => {
    test('no provider', () => {
      expectFinding('A14', [withProvider({})], `${M0}.provider`, '{}');
      expectFinding('A14', [withProvider({ promethues: { query: 'x' } })], `${M0}.provider`, '"promethues" is not a provider');
      expectFinding('A14', [withProvider({ plugin: {} })], `${M0}.provider`, 'no provider');
    });

    test('several providers, plugin keys included', () => {
      expectFinding('A14', [withProvider({ prometheus: {}, web: { url: 'http://x' } })], `${M0}.provider`, 'prometheus and web');
      expectFinding('A14', [withProvider({ plugin: { 'argoproj-labs/a': {}, 'argoproj-labs/b': {} } })], `${M0}.provider`, '"argoproj-labs/b"');
      expectFinding('A14', [withProvider({ job: { spec: {} }, plugin: { 'argoproj-labs/a': {} } })], `${M0}.provider`, '2 providers');
    });

    test('exactly one provider passes', () => {
      expectNoFinding('A14', [withProvider({ plugin: { 'argoproj-labs/sample': { address: 'x' } } }), withProvider({ job: { spec: {} } })]);
    });
  });

  describe('A15-A16 metric name patterns', () => {
    const metrics = [metric('success-rate'), metric('latency-p99')];

    test('A15 a dryRun pattern that matches no metric', () => {
      // (issue 10: the controller matches with regexp.MatchString, anywhere in the name, so "latency"
      // matches "latency-p99"; this test used "latency" as a pattern matching nothing before)
      const template = analysisTemplate('t', { metrics, dryRun: [{ metricName: 'throughput' }, { metricName: 'error-rate' }] });
      const findings = findingsOf('A15', [template]);
      expect(findings.map(f => f.path)).toEqual(['spec.dryRun[0].metricName', 'spec.dryRun[1].metricName']);
      expect(findings[0].message).toContain('"throughput"');
    });

    test('A15 patterns match anywhere in a metric name, as Go regexp.MatchString does', () => {
      const template = analysisTemplate('t', {
        metrics,
        dryRun: [{ metricName: 'latency' }, { metricName: 'rate' }, { metricName: 'p9' }, { metricName: '^success' }, { metricName: 'p99$' }],
      });
      expectNoFinding('A15', [template]);
      expectFinding('A15', [analysisTemplate('t', { metrics, dryRun: [{ metricName: '^rate' }] })], 'spec.dryRun[0].metricName', '"^rate"');
      expectFinding('A15', [analysisTemplate('t', { metrics, dryRun: [{ metricName: 'latency$' }] })], 'spec.dryRun[0].metricName', '"latency$"');
    });

    test('A15 Go regular expressions', () => {
      const template = analysisTemplate('t', {
        metrics,
        dryRun: [{ metricName: '.*' }, { metricName: 'latency-.*' }, { metricName: 'success-rate' }, { metricName: '(?i)SUCCESS-RATE' }],
      });
      expectNoFinding('A15', [template]);
    });

    test('A15 a pattern that is not a valid regular expression', () => {
      const template = analysisTemplate('t', { metrics, dryRun: [{ metricName: '*' }, { metricName: '(?=x)' }, { metricName: 'lat[' }] });
      const findings = findingsOf('A15', [template]);
      expect(findings.map(f => f.path)).toEqual(['spec.dryRun[0].metricName', 'spec.dryRun[1].metricName', 'spec.dryRun[2].metricName']);
      expect(findings.map(f => f.message).join()).toContain('not a valid Go regular expression');
    });

    test('A15 on a template that composes others uses their metrics', () => {
      const parent = analysisTemplate('parent', { templates: [{ templateName: 'child' }], dryRun: [{ metricName: 'child-metric' }] });
      const child = analysisTemplate('child', { metrics: [metric('child-metric')] });
      expectNoFinding('A15', [parent, child]);
      // without the composed template the metric names are unknown: nothing to report
      expectNoFinding('A15', [parent]);
      expectFinding('A15', [parent, analysisTemplate('child', { metrics: [metric('other')] })], 'spec.dryRun[0].metricName', '"child-metric"');
    });

    test('A15 on a ClusterAnalysisTemplate that composes an AnalysisTemplate is skipped (its namespace comes from the caller)', () => {
      const parent = clusterAnalysisTemplate('parent', { templates: [{ templateName: 'child' }], dryRun: [{ metricName: 'child-metric' }] });
      expectNoFinding('A15', [parent, analysisTemplate('child', { metrics: [metric('other')] })]);
      const clusterChild = clusterAnalysisTemplate('child', { metrics: [metric('other')] });
      const clusterParent = clusterAnalysisTemplate('parent', { templates: [{ templateName: 'child', clusterScope: true }], dryRun: [{ metricName: 'x' }] });
      expectFinding('A15', [clusterParent, clusterChild], 'spec.dryRun[0].metricName', '"other"');
    });

    test('A15 on an AnalysisRun', () => {
      expectFinding('A15', [analysisRun('r', { metrics, dryRun: [{ metricName: 'x' }] })], 'spec.dryRun[0].metricName', '"x"');
    });

    test('A16 a measurementRetention pattern that matches no metric or is invalid', () => {
      const template = analysisTemplate('t', {
        metrics,
        measurementRetention: [{ metricName: 'success-rate', limit: 5 }, { metricName: 'p95', limit: 5 }, { metricName: '+', limit: 5 }],
      });
      const findings = findingsOf('A16', [template]);
      expect(findings.map(f => f.path)).toEqual(['spec.measurementRetention[1].metricName', 'spec.measurementRetention[2].metricName']);
      expect(findings[0].message).toContain('"p95"');
      // a part of a name matches (issue 10: "p99" was reported here before)
      expectNoFinding('A16', [analysisTemplate('t', { metrics, measurementRetention: [{ metricName: 'p99', limit: 1 }] })]);
      expectNoFinding('A16', [analysisTemplate('t', { metrics, measurementRetention: [{ metricName: '.*-p99', limit: 1 }] })]);
    });
  });

  describe('A17 arguments', () => {
    test('a metric uses an undeclared argument, anywhere in the metric', () => {
      const template = analysisTemplate('t', {
        args: [{ name: 'service' }],
        metrics: [
          metric('a', { provider: { prometheus: { address: 'http://{{args.host}}:9090', query: 'up{service="{{args.service}}"}' } } }),
          metric('b', { provider: { job: { spec: { template: { spec: { containers: [{ name: 'c', args: ['--ns={{ args.namespace }}'] }] } } } } } }),
        ],
      });
      expectFinding('A17', [template], 'spec.metrics[0]', '{{args.host}}');
      expectFinding('A17', [template], 'spec.metrics[1]', '"namespace"');
      expect(findingsOf('A17', [template])).toHaveLength(2);
      // issue 10: a template used by nothing is judged alone, and an argument it does not declare is
      // a warning (merged with a template that declares it, it works); it was an error before
      expect(findingsOf('A17', [template]).map(f => f.severity)).toEqual([FindingSeverity.WARNING, FindingSeverity.WARNING]);
    });

    test('declared arguments pass, with or without a value in templates', () => {
      const template = analysisTemplate('t', {
        args: [{ name: 'service' }, { name: 'ns', value: 'shop' }],
        metrics: [metric('a', { successCondition: 'result == "{{ args.service }}.{{args.ns}}"' })],
      });
      expectNoFinding('A17', [template]);
    });

    test('an AnalysisRun argument without a value', () => {
      const run = analysisRun('r', {
        args: [{ name: 'service' }, { name: 'ns', value: 'shop' }, { name: 'key', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
        metrics: [metric('a')],
      });
      expectFinding('A17', [run], 'spec.args[0]', '"service"');
      expect(findingsOf('A17', [run])).toHaveLength(1);
    });
  });
});

describe('Provider runtime (P01-P06)', () => {
  describe('P01 web', () => {
    test('body and jsonBody together', () => {
      const template = withProvider({ web: { url: 'http://x', method: 'POST', body: 'a', jsonBody: { a: 1 } } });
      expectFinding('P01', [template], `${M0}.provider.web.body`, 'jsonBody');
    });

    test('a body with method GET, also by default', () => {
      expectFinding('P01', [withProvider({ web: { url: 'http://x', body: '{"a":1}' } })], `${M0}.provider.web.method`, '"GET" (the default)');
      expectFinding('P01', [withProvider({ web: { url: 'http://x', method: 'GET', jsonBody: {} } })], `${M0}.provider.web.method`, '"GET"');
    });

    test('POST and PUT bodies, and GET without a body pass', () => {
      expectNoFinding('P01', [
        withProvider({ web: { url: 'http://x', method: 'PUT', body: 'a' } }),
        withProvider({ web: { url: 'http://x', method: 'POST', jsonBody: { a: 1 } } }),
        withProvider({ web: { url: 'http://x' } }),
      ]);
    });
  });

  describe('P02 datadog', () => {
    const D = `${M0}.provider.datadog`;

    test('neither or both of query and queries', () => {
      expectFinding('P02', [withProvider({ datadog: { apiVersion: 'v2' } })], D, 'neither');
      expectFinding('P02', [withProvider({ datadog: { apiVersion: 'v2', query: 'q', queries: { a: 'q' } } })], D, 'both');
    });

    test('queries with apiVersion v1, also by default', () => {
      expectFinding('P02', [withProvider({ datadog: { queries: { a: 'q' } } })], `${D}.apiVersion`, '"v1" (the default)');
    });

    test('formula without queries, several queries without formula', () => {
      expectFinding('P02', [withProvider({ datadog: { apiVersion: 'v2', query: 'q', formula: 'a/b' } })], `${D}.formula`, '"a/b"');
      expectFinding('P02', [withProvider({ datadog: { apiVersion: 'v2', queries: { a: 'q1', b: 'q2' } } })], `${D}.queries`, 'a and b');
    });

    test('aggregator with v1, namespaced secret without a name', () => {
      expectFinding('P02', [withProvider({ datadog: { query: 'q', aggregator: 'avg' } })], `${D}.aggregator`, '"avg"');
      expectFinding('P02', [withProvider({ datadog: { query: 'q', secretRef: { namespaced: true } } })], `${D}.secretRef.name`, 'namespaced');
    });

    test('valid v1 and v2 settings pass', () => {
      expectNoFinding('P02', [
        withProvider({ datadog: { query: 'avg:requests{*}', interval: '5m', secretRef: { name: 'dd', namespaced: true } } }),
        withProvider({ datadog: { apiVersion: 'v2', queries: { a: 'q1', b: 'q2' }, formula: 'a / b', aggregator: 'avg' } }),
      ]);
    });
  });

  describe('P03 prometheus', () => {
    const P = `${M0}.provider.prometheus`;

    test('a negative timeout', () => {
      expectFinding('P03', [withProvider({ prometheus: { address: 'http://p:9090', query: 'up', timeout: -1 } })], `${P}.timeout`, '-1');
    });

    test('an address that is not a URL', () => {
      expectFinding('P03', [withProvider({ prometheus: { address: 'prometheus:9090', query: 'up' } })], `${P}.address`, '"prometheus:9090"');
      expectFinding('P03', [withProvider({ prometheus: { address: 'prometheus.monitoring', query: 'up' } })], `${P}.address`, 'scheme and a host');
      expectFinding('P03', [withProvider({ prometheus: { address: 'http://prom etheus', query: 'up' } })], `${P}.address`, 'host name');
      expectFinding('P03', [withProvider({ prometheus: { address: 'http://prometheus:port', query: 'up' } })], `${P}.address`, '"port"');
    });

    test('templated, absent and valid addresses pass', () => {
      expectNoFinding('P03', [
        withProvider({ prometheus: { address: '{{args.prometheus}}', query: 'up' } }),
        withProvider({ prometheus: { query: 'up' } }),
        withProvider({ prometheus: { address: 'https://user:pw@[::1]:9090/prom?x=1#y', query: 'up', timeout: 0 } }),
      ]);
    });

    test('OAuth2 partly set', () => {
      const oauth2 = { tokenUrl: 'https://auth/token', clientId: 'id' };
      const template = withProvider({ prometheus: { address: 'http://p:9090', query: 'up', authentication: { oauth2 } } });
      expectFinding('P03', [template], `${P}.authentication.oauth2`, 'clientSecret');
      const complete = { ...oauth2, clientSecret: 's', scopes: ['read'] };
      expectNoFinding('P03', [withProvider({ prometheus: { address: 'http://p:9090', query: 'up', authentication: { oauth2: complete } } })]);
    });
  });

  test('P04 newRelic negative timeout', () => {
    expectFinding('P04', [withProvider({ newRelic: { query: 'q', timeout: -5 } })], `${M0}.provider.newRelic.timeout`, '-5');
    expectNoFinding('P04', [withProvider({ newRelic: { query: 'q', timeout: 10 } })]);
  });

  test('P05 kayenta scope start and end pairs', () => {
    const scope = (control: any, experiment: any) => ({
      name: 'default',
      controlScope: { scope: 'app', region: 'us', step: 60, ...control },
      experimentScope: { scope: 'app', region: 'us', step: 60, ...experiment },
    });
    const kayenta = (scopes: any[]) => withProvider({ kayenta: { address: 'http://kayenta', scopes } });
    const template = kayenta([scope({ start: '2024-01-01T00:00:00Z' }, {}), scope({}, { end: '2024-01-01T01:00:00Z' })]);
    expectFinding('P05', [template], `${M0}.provider.kayenta.scopes[0].experimentScope.start`, '"2024-01-01T00:00:00Z"');
    expectFinding('P05', [template], `${M0}.provider.kayenta.scopes[1].controlScope.end`, '"2024-01-01T01:00:00Z"');
    expectNoFinding('P05', [kayenta([scope({}, {}), scope({ start: 'a', end: 'b' }, { start: 'c', end: 'd' })])]);
  });

  test('P06 graphite address is not a valid URL', () => {
    const G = `${M0}.provider.graphite.address`;
    expectFinding('P06', [withProvider({ graphite: { address: 'http://graphite:80%zz', query: 'q' } })], G, '"http://graphite:80%zz"');
    expectFinding('P06', [withProvider({ graphite: { address: ':8080', query: 'q' } })], G, '":8080"');
    expectFinding('P06', [withProvider({ graphite: { query: 'q' } })], G, 'empty');
    expectNoFinding('P06', [
      withProvider({ graphite: { address: 'http://graphite.monitoring:8080', query: 'q' } }),
      withProvider({ graphite: { address: '{{args.graphite}}', query: 'q' } }),
    ]);
  });
});

describe('Placeholders the controller cannot resolve (issue 10)', () => {
  const withQuery = (query: string, spec: any = {}) => analysisTemplate('t', {
    metrics: [metric('m', { provider: { prometheus: { address: 'http://prometheus:9090', query } } })], ...spec,
  });
  const stepRollout = () => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
      strategy: { canary: { steps: [{ analysis: { templates: [{ templateName: 't' }] } }] } },
    },
  });

  test.each([
    ['up{job="{{ service }}"}', '{{ service }}'],
    ['{{{args.a}}}', '{{{args.a}}'],
    ['{{args.a}}}{{args}}', '{{args}}'],
    ['{{\targs.a}}', 'tabs and line breaks inside the braces are not trimmed'],
    ['{{ b {{args.a}}', '{{ b {{args.a}}'],
  ])('%p: a tag that is no declared argument reference (A17 on the template, V56 in a step analysis)', (query, mention) => {
    const template = withQuery(query, { args: [{ name: 'a' }] });
    const finding = expectFinding('A17', [template], M0, mention);
    expect(finding.severity).toBeUndefined();
    expectFinding('V56', [stepRollout(), template], M0, mention);
  });

  test.each([['a {{ b'], ['{{args.a}'], ['{{args.a}} and {{args.a']])('%p: a "{{" never closed', query => {
    const template = withQuery(query, { args: [{ name: 'a' }] });
    expectFinding('A17', [template], M0, 'no "}}" closes');
    expectFinding('V56', [stepRollout(), template], M0, 'no "}}" closes');
  });

  test('spaces inside the braces, and Unicode spaces Go trims, are fine; a declared argument resolves anywhere, keys too', () => {
    const template = analysisTemplate('t', {
      args: [{ name: 'a' }, { name: 'b', value: 'x' }],
      metrics: [metric('m', {
        provider: {
          job: { metadata: { labels: { '{{ args.a }}': '{{args.b}}' } }, spec: { template: { spec: { containers: [{ name: 'c', image: 'i:{{\u00a0args.b\u0085}}' }] } } } },
        },
      })],
    });
    expectNoFinding('A17', [template]);
    expectNoFinding('V56', [stepRollout(), template]);
    // a key with an undeclared argument
    const badKey = analysisTemplate('t', { metrics: [metric('m', { provider: { job: { metadata: { labels: { '{{ nope }}': 'v' } }, spec: {} } } })] });
    expectFinding('A17', [badKey], M0, '{{ nope }}');
  });

  test('an AnalysisRun with an unresolvable placeholder', () => {
    const run = analysisRun('r', { args: [{ name: 'a', value: '1' }], metrics: [metric('m', { successCondition: 'result == {{ a }}' })] });
    expectFinding('A17', [run], M0, '{{ a }}');
  });

  test('a Rollout background analysis merges the arguments of all its templates first (A17)', () => {
    const uses = analysisTemplate('uses', { metrics: [metric('m', { provider: { web: { url: 'http://{{args.x}}/' } } })] });
    const declares = analysisTemplate('declares', { args: [{ name: 'x', value: 'web' }], metrics: [metric('n')] });
    const rollout: any = stepRollout();
    rollout.spec.strategy.canary = { steps: [{ setWeight: 20 }], analysis: { templates: [{ templateName: 'uses' }, { templateName: 'declares' }] } };
    expect(validateManifests([rollout, uses, declares]).filter(f => f.ruleId === 'A17')).toEqual([]);
    // alone, the template's AnalysisRun would error: reported on the Rollout, as an error
    rollout.spec.strategy.canary.analysis.templates = [{ templateName: 'uses' }];
    const finding = expectFinding('A17', [rollout, uses, declares], 'spec.strategy.canary.analysis.templates', '{{args.x}}');
    expect(finding.kind).toBe('Rollout');
    expect(finding.severity).toBeUndefined();
    // the template itself is judged by its uses: no warning on it
    expect(findingsOf('A17', [rollout, uses, declares]).filter(f => f.kind === 'AnalysisTemplate')).toEqual([]);
  });

  test('a template that composes the one declaring the argument', () => {
    const outer = analysisTemplate('outer', { templates: [{ templateName: 'inner' }], metrics: [metric('m', { successCondition: '{{args.x}}' })] });
    const inner = analysisTemplate('inner', { args: [{ name: 'x' }], metrics: [metric('n')] });
    expectNoFinding('A17', [outer, inner]);
    expect(findingsOf('A17', [outer]).map(f => f.severity)).toEqual([]); // the composed template is missing: unknown
    const lone = analysisTemplate('inner', { metrics: [metric('n')] });
    expect(findingsOf('A17', [outer, lone]).map(f => [f.name, f.severity])).toEqual([['outer', FindingSeverity.WARNING]]);
  });
});


describe('Templates used by nothing are judged alone (issue 10)', () => {
  test('a template that composes itself is not used by that', () => {
    const selfish = analysisTemplate('t', { templates: [{ templateName: 't' }], metrics: [metric('m', { successCondition: '{{args.x}}' })] });
    expect(findingsOf('A17', [selfish]).map(f => f.severity)).toEqual([FindingSeverity.WARNING]);
  });
});
