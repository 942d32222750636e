import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  AnalysisTemplate, ArgoRolloutsApp, ArgoRolloutsVersion, DatadogAggregator, MetricAuthentication, MetricProvider, MetricProviderKind, WebMethod,
} from '../../src';
import { leaves, schemaErrors } from '../util';

/** The provider in an AnalysisTemplate: checks it against the v1.9.1 schema (closed world) and returns the rendered provider. */
function render(p: MetricProvider): any {
  const provider = p._toKube();
  const manifest = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 't' }, spec: { metrics: [{ name: 'm', provider }] } };
  expect(schemaErrors(manifest)).toEqual([]);
  return provider;
}

/** Every primitive value of plain objects/arrays in `given` (class instances such as Duration are skipped). */
function primitives(given: any): any[] {
  if (given === null || given === undefined) return [];
  if (typeof given !== 'object') return [given];
  if (Array.isArray(given)) return given.flatMap(primitives);
  if (Object.getPrototypeOf(given) !== Object.prototype) return [];
  return Object.values(given).flatMap(primitives);
}

/** Asserts that every value given (and every extra, such as map keys) appears as a leaf of the output. */
function expectNothingDropped(output: any, given: any, extra: any[] = []) {
  const values = new Set(leaves(output).map(l => l.slice(l.indexOf('=') + 1)));
  for (const v of [...primitives(given), ...extra]) {
    expect(values).toContain(JSON.stringify(v));
  }
}

describe('MetricProvider.prometheus', () => {
  test('minimal: the query only (address from the controller environment)', () => {
    const p = MetricProvider.prometheus({ query: 'up' });
    expect(p.kind).toEqual(MetricProviderKind.PROMETHEUS);
    expect(render(p)).toEqual({ prometheus: { query: 'up' } });
  });

  test('every field, with oauth2 and a range query', () => {
    const options = {
      address: 'https://prometheus.example.com:9090',
      query: 'sum(rate(http_requests_total{service="{{args.service-name}}",code!~"5.."}[5m])) / sum(rate(http_requests_total{service="{{args.service-name}}"}[5m]))',
      timeout: Duration.seconds(45),
      insecure: true,
      headers: { 'X-Scope-OrgID': 'tenant-a', 'Authorization': 'Bearer {{args.token}}' },
      authentication: MetricAuthentication.oauth2({
        tokenUrl: 'https://auth.example.com/oauth2/token', clientId: 'argo', clientSecret: '{{args.client-secret}}', scopes: ['metrics:read', 'openid'],
      }),
      rangeQuery: { start: 'now() - duration("10m")', end: 'now()', step: Duration.minutes(1) },
    };
    const out = render(MetricProvider.prometheus(options));
    expect(out).toEqual({
      prometheus: {
        address: 'https://prometheus.example.com:9090',
        query: options.query,
        timeout: 45,
        insecure: true,
        headers: [{ key: 'X-Scope-OrgID', value: 'tenant-a' }, { key: 'Authorization', value: 'Bearer {{args.token}}' }],
        authentication: {
          oauth2: { tokenUrl: 'https://auth.example.com/oauth2/token', clientId: 'argo', clientSecret: '{{args.client-secret}}', scopes: ['metrics:read', 'openid'] },
        },
        rangeQuery: { start: 'now() - duration("10m")', end: 'now()', step: '1m' },
      },
    });
    expectNothingDropped(out, options, ['X-Scope-OrgID', 'Authorization', 'argo', 'metrics:read']);
  });

  test('sigv4 for Amazon Managed Service for Prometheus', () => {
    const out = render(MetricProvider.prometheus({
      address: 'https://aps-workspaces.us-east-1.amazonaws.com/workspaces/ws-1234/',
      query: 'up',
      authentication: MetricAuthentication.sigv4({ region: 'us-east-1', profile: 'prod', roleArn: 'arn:aws:iam::123456789012:role/argo' }),
    }));
    expect(out.prometheus.authentication).toEqual({
      sigv4: { region: 'us-east-1', profile: 'prod', roleArn: 'arn:aws:iam::123456789012:role/argo' },
    });
  });

  test('sigv4 with the address from the environment or a placeholder is accepted', () => {
    const sigv4 = MetricAuthentication.sigv4({ region: 'eu-west-1' });
    expect(render(MetricProvider.prometheus({ query: 'up', authentication: sigv4 })))
      .toEqual({ prometheus: { query: 'up', authentication: { sigv4: { region: 'eu-west-1' } } } });
    expect(render(MetricProvider.prometheus({ address: '{{args.prometheus}}', query: 'up', authentication: sigv4 })).prometheus.address)
      .toEqual('{{args.prometheus}}');
  });

  test('fails on an empty query, a bad address, a zero or fractional timeout', () => {
    expect(() => MetricProvider.prometheus({ query: '' })).toThrow(/'MetricProvider.prometheus\(\) query' must be a non-empty string, got ""/);
    expect(() => MetricProvider.prometheus({ query: 'up', address: 'prometheus:9090' }))
      .toThrow(/'MetricProvider.prometheus\(\) address' must be an absolute URL with a scheme and a host, got 'prometheus:9090'/);
    expect(() => MetricProvider.prometheus({ query: 'up', address: '' })).toThrow(/address' must be a non-empty string.*ARGO_ROLLOUTS_PROMETHEUS_ADDRESS/);
    expect(() => MetricProvider.prometheus({ query: 'up', timeout: Duration.seconds(0) })).toThrow(/timeout must be at least 1 second, got 0s/);
    expect(() => MetricProvider.prometheus({ query: 'up', timeout: Duration.millis(1500) })).toThrow(/'MetricProvider.prometheus\(\) timeout' must be a whole number of seconds, got 1.5s/);
  });

  test('fails on sigv4 with a non-AMP address', () => {
    expect(() => MetricProvider.prometheus({
      address: 'http://prometheus:9090', query: 'up', authentication: MetricAuthentication.sigv4({ region: 'us-east-1' }),
    })).toThrow(/sigv4 authentication is used only for Amazon Managed Service for Prometheus addresses \(containing 'aps-workspaces'\), got 'http:\/\/prometheus:9090'/);
  });

  test('fails on an incomplete range query', () => {
    expect(() => MetricProvider.prometheus({ query: 'up', rangeQuery: { start: '', end: 'now()', step: Duration.minutes(1) } }))
      .toThrow(/rangeQuery.start' must be a non-empty string/);
    expect(() => MetricProvider.prometheus({ query: 'up', rangeQuery: { start: 'now()', end: ' ', step: Duration.minutes(1) } }))
      .toThrow(/rangeQuery.end' must be a non-empty string/);
    expect(() => MetricProvider.prometheus({ query: 'up', rangeQuery: { start: 'now()', end: 'now()', step: Duration.seconds(0) } }))
      .toThrow(/rangeQuery.step' must be at least 1 second, got 0s/);
  });

  test('fails on an empty header name', () => {
    expect(() => MetricProvider.prometheus({ query: 'up', headers: { '': 'x' } })).toThrow(/'MetricProvider.prometheus\(\) header name' must be a non-empty string/);
    expect(() => MetricProvider.prometheus({ query: 'up', headers: { a: 1 as any } })).toThrow("MetricProvider.prometheus(): 'options.headers.a' must be a string, got the number 1.");
  });
});

describe('MetricAuthentication', () => {
  test('oauth2 without scopes', () => {
    expect(MetricAuthentication.oauth2({ tokenUrl: '{{args.token-url}}', clientId: 'c', clientSecret: 's' })._toKube())
      .toEqual({ oauth2: { tokenUrl: '{{args.token-url}}', clientId: 'c', clientSecret: 's' } });
  });

  test('fails on an empty sigv4 or incomplete oauth2', () => {
    expect(() => MetricAuthentication.sigv4()).toThrow(/sigv4\(\) needs at least one of region, profile or roleArn/);
    expect(() => MetricAuthentication.oauth2({ tokenUrl: 'auth/token', clientId: 'c', clientSecret: 's' }))
      .toThrow(/'MetricAuthentication.oauth2\(\) tokenUrl' must be an absolute URL.*got 'auth\/token'/);
    expect(() => MetricAuthentication.oauth2({ tokenUrl: '', clientId: 'c', clientSecret: 's' })).toThrow(/tokenUrl' must be a non-empty string/);
    expect(() => MetricAuthentication.oauth2({ tokenUrl: 'https://a/t', clientId: '', clientSecret: 's' })).toThrow(/clientId' must be a non-empty string/);
    expect(() => MetricAuthentication.oauth2({ tokenUrl: 'https://a/t', clientId: 'c', clientSecret: '' }))
      .toThrow(/clientSecret' must be a non-empty string.*\{\{args.client-secret\}\}/);
  });
});

describe('MetricProvider.datadogQuery / datadogQueries', () => {
  test('v1: a single query, apiVersion written explicitly', () => {
    const p = MetricProvider.datadogQuery({ query: 'avg:kubernetes.cpu.user.total{service:{{args.service}}}' });
    expect(p.kind).toEqual(MetricProviderKind.DATADOG);
    expect(render(p)).toEqual({ datadog: { apiVersion: 'v1', query: 'avg:kubernetes.cpu.user.total{service:{{args.service}}}' } });
  });

  test('v1 with every field', () => {
    const options = { query: 'avg:trace.errors{*}', interval: Duration.minutes(10), secretName: 'dd-creds', secretNamespaced: true };
    const out = render(MetricProvider.datadogQuery(options));
    expect(out).toEqual({
      datadog: { apiVersion: 'v1', query: 'avg:trace.errors{*}', interval: '10m', secretRef: { name: 'dd-creds', namespaced: true } },
    });
    expectNothingDropped(out, options);
  });

  test('v2 with every field', () => {
    const options = {
      queries: { errors: 'sum:requests.error{service:web}.as_count()', total: 'sum:requests{service:web}.as_count()' },
      formula: 'errors / total',
      aggregator: DatadogAggregator.L2NORM,
      interval: Duration.minutes(90),
      secretName: 'dd',
    };
    const out = render(MetricProvider.datadogQueries(options));
    expect(out).toEqual({
      datadog: {
        apiVersion: 'v2',
        queries: { errors: 'sum:requests.error{service:web}.as_count()', total: 'sum:requests{service:web}.as_count()' },
        formula: 'errors / total',
        aggregator: 'l2norm',
        interval: '1h30m',
        secretRef: { name: 'dd' },
      },
    });
    expectNothingDropped(out, options);
  });

  test('requestTimeout: Argo Rollouts 1.10 and later', () => {
    const provider = () => MetricProvider.datadogQuery({ query: 'avg:trace.errors{*}', requestTimeout: Duration.seconds(30) });
    expect(provider()._toKube()).toEqual({ datadog: { apiVersion: 'v1', query: 'avg:trace.errors{*}', requestTimeout: '30s' } });
    const synthIn = (version?: ArgoRolloutsVersion) => {
      const app = Testing.app();
      if (version) ArgoRolloutsApp.of(app).useVersion(version);
      const chart = new Chart(app, 'app');
      new AnalysisTemplate(chart, 'errors', { metrics: [{ name: 'errors', provider: provider() }] });
      return () => Testing.synth(chart);
    };
    expect(synthIn(ArgoRolloutsVersion.V1_10_0_RC1)()[0].spec.metrics[0].provider.datadog.requestTimeout).toEqual('30s');
    expect(synthIn()).toThrow(/\[S06\] spec\.metrics\[0\]\.provider\.datadog[^]*requestTimeout/);
    expect(() => MetricProvider.datadogQueries({ queries: { a: 'avg:x{*}' }, requestTimeout: Duration.seconds(0) })).toThrow(/requestTimeout/);
  });

  test('v2 with one query needs no formula', () => {
    expect(render(MetricProvider.datadogQueries({ queries: { a: 'avg:x{*}' } }))).toEqual({ datadog: { apiVersion: 'v2', queries: { a: 'avg:x{*}' } } });
  });

  test('every aggregator passes the schema', () => {
    for (const aggregator of Object.values(DatadogAggregator)) {
      expect(render(MetricProvider.datadogQueries({ queries: { a: 'avg:x{*}' }, aggregator })).datadog.aggregator).toEqual(aggregator);
    }
  });

  test('fails: several queries without a formula', () => {
    expect(() => MetricProvider.datadogQueries({ queries: { a: 'x', b: 'y' } }))
      .toThrow(/has 2 queries \(a, b\) but no formula.*formula: 'a \/ b'/);
  });

  test('fails: a formula or aggregator without queries (v1), or no queries', () => {
    expect(() => MetricProvider.datadogQuery({ query: 'x', formula: 'a' } as any)).toThrow(/datadogQuery\(\) does not take 'formula'.*datadogQueries\(\)/);
    expect(() => MetricProvider.datadogQuery({ query: 'x', aggregator: 'avg' } as any)).toThrow(/datadogQuery\(\) does not take 'aggregator'/);
    expect(() => MetricProvider.datadogQuery({ query: 'x', queries: { a: 'b' } } as any)).toThrow(/datadogQuery\(\) does not take 'queries'/);
    expect(() => MetricProvider.datadogQueries({ queries: {} })).toThrow(/datadogQueries\(\) needs at least one query/);
    expect(() => MetricProvider.datadogQueries({ queries: { a: 'x' }, query: 'y' } as any)).toThrow(/datadogQueries\(\) does not take 'query'/);
  });

  test('fails: empty query, query name, formula', () => {
    expect(() => MetricProvider.datadogQuery({ query: '' })).toThrow(/'MetricProvider.datadogQuery\(\) query' must be a non-empty string/);
    expect(() => MetricProvider.datadogQueries({ queries: { a: '' } })).toThrow(/datadogQueries\(\) query 'a'' must be a non-empty string/);
    expect(() => MetricProvider.datadogQueries({ queries: { '': 'x' } })).toThrow(/datadogQueries\(\) query name' must be a non-empty string/);
    expect(() => MetricProvider.datadogQueries({ queries: { a: 'x' }, formula: '' })).toThrow(/datadogQueries\(\) formula' must be a non-empty string/);
  });

  test('fails: namespaced without a secret name, zero interval', () => {
    expect(() => MetricProvider.datadogQuery({ query: 'x', secretNamespaced: true })).toThrow(/secretNamespaced needs secretName/);
    expect(() => MetricProvider.datadogQuery({ query: 'x', secretName: '' })).toThrow(/secretName' must be a non-empty string/);
    expect(() => MetricProvider.datadogQuery({ query: 'x', interval: Duration.seconds(0) })).toThrow(/datadogQuery\(\) interval' must be at least 1 second/);
  });
});

describe('MetricProvider.newRelic', () => {
  test('minimal and full', () => {
    const p = MetricProvider.newRelic({ query: "FROM Transaction SELECT percentage(count(*), WHERE httpResponseCode != 500) as successRate WHERE appName = '{{args.app}}'" });
    expect(p.kind).toEqual(MetricProviderKind.NEW_RELIC);
    expect(render(p)).toEqual({ newRelic: { query: "FROM Transaction SELECT percentage(count(*), WHERE httpResponseCode != 500) as successRate WHERE appName = '{{args.app}}'" } });
    const options = { query: 'SELECT count(*) FROM Transaction', profile: 'nr-prod', timeout: Duration.seconds(20) };
    const out = render(MetricProvider.newRelic(options));
    expect(out).toEqual({ newRelic: { query: 'SELECT count(*) FROM Transaction', profile: 'nr-prod', timeout: 20 } });
    expectNothingDropped(out, options);
  });

  test('fails on an empty query or profile, a fractional timeout', () => {
    expect(() => MetricProvider.newRelic({ query: '' })).toThrow(/newRelic\(\) query' must be a non-empty string/);
    expect(() => MetricProvider.newRelic({ query: 'x', profile: '' })).toThrow(/newRelic\(\) profile' must be a non-empty string.*'newrelic'/);
    expect(() => MetricProvider.newRelic({ query: 'x', timeout: Duration.millis(2500) })).toThrow(/newRelic\(\) timeout' must be a whole number of seconds, got 2.5s/);
  });
});

describe('MetricProvider.wavefront', () => {
  test('renders', () => {
    const options = { address: 'example.wavefront.com', query: 'sum(ts(http.errors, app="{{args.app}}"))' };
    const p = MetricProvider.wavefront(options);
    expect(p.kind).toEqual(MetricProviderKind.WAVEFRONT);
    const out = render(p);
    expect(out).toEqual({ wavefront: { address: 'example.wavefront.com', query: 'sum(ts(http.errors, app="{{args.app}}"))' } });
    expectNothingDropped(out, options);
  });

  test('fails on an empty address or query', () => {
    expect(() => MetricProvider.wavefront({ address: '', query: 'x' })).toThrow(/wavefront\(\) address' must be a non-empty string.*wavefront-api-tokens/);
    expect(() => MetricProvider.wavefront({ address: 'a', query: '' })).toThrow(/wavefront\(\) query' must be a non-empty string/);
  });
});

describe('MetricProvider.kayenta', () => {
  const window = (scope: string) => ({ scope, region: 'us-east-1', step: Duration.minutes(1) });
  const base = {
    address: 'http://kayenta.kayenta:8090',
    application: 'guestbook',
    canaryConfigName: 'guestbook-config',
    metricsAccountName: 'prometheus-account',
    configurationAccountName: 'config-account',
    storageAccountName: 'storage-account',
    threshold: { passScore: 90, marginalScore: 75 },
    scopes: [{ name: 'default', controlScope: window('app=guestbook and rs={{args.stable-hash}}'), experimentScope: window('app=guestbook and rs={{args.canary-hash}}') }],
  };

  test('minimal: start and end left to the controller', () => {
    const p = MetricProvider.kayenta(base);
    expect(p.kind).toEqual(MetricProviderKind.KAYENTA);
    expect(render(p)).toEqual({
      kayenta: {
        address: 'http://kayenta.kayenta:8090',
        application: 'guestbook',
        canaryConfigName: 'guestbook-config',
        metricsAccountName: 'prometheus-account',
        configurationAccountName: 'config-account',
        storageAccountName: 'storage-account',
        threshold: { pass: 90, marginal: 75 },
        scopes: [{
          name: 'default',
          controlScope: { scope: 'app=guestbook and rs={{args.stable-hash}}', region: 'us-east-1', step: 60 },
          experimentScope: { scope: 'app=guestbook and rs={{args.canary-hash}}', region: 'us-east-1', step: 60 },
        }],
      },
    });
  });

  test('every field: start/end on both sides, lookback, two scopes', () => {
    const options = {
      ...base,
      lookback: true,
      scopes: [
        base.scopes[0],
        {
          name: 'latency',
          controlScope: { ...window('a'), start: '2024-01-01T00:00:00Z', end: '2024-01-01T01:00:00Z' },
          experimentScope: { ...window('b'), step: Duration.seconds(30), start: '2024-01-02T00:00:00Z', end: '2024-01-02T01:00:00Z' },
        },
      ],
    };
    const out = render(MetricProvider.kayenta(options));
    expect(out.kayenta.lookback).toEqual(true);
    expect(out.kayenta.scopes[1]).toEqual({
      name: 'latency',
      controlScope: { scope: 'a', region: 'us-east-1', step: 60, start: '2024-01-01T00:00:00Z', end: '2024-01-01T01:00:00Z' },
      experimentScope: { scope: 'b', region: 'us-east-1', step: 30, start: '2024-01-02T00:00:00Z', end: '2024-01-02T01:00:00Z' },
    });
    expectNothingDropped(out, options);
  });

  test('fails: start or end set on one side only', () => {
    expect(() => MetricProvider.kayenta({
      ...base,
      scopes: [{ name: 's', controlScope: { ...window('a'), start: '2024-01-01T00:00:00Z' }, experimentScope: window('b') }],
    })).toThrow(/scope 's': start is set on controlScope only \("2024-01-01T00:00:00Z"\). Set start on both sides or on neither/);
    expect(() => MetricProvider.kayenta({
      ...base,
      scopes: [{ name: 's', controlScope: window('a'), experimentScope: { ...window('b'), end: 'x' } }],
    })).toThrow(/scope 's': end is set on experimentScope only \("x"\)/);
  });

  test('fails: thresholds', () => {
    expect(() => MetricProvider.kayenta({ ...base, threshold: { passScore: 70, marginalScore: 80 } }))
      .toThrow(/threshold.marginalScore \(80\) must not be greater than threshold.passScore \(70\)/);
    expect(() => MetricProvider.kayenta({ ...base, threshold: { passScore: 101, marginalScore: 80 } })).toThrow(/'MetricProvider.kayenta\(\) threshold.passScore' must be an integer between 0 and 100, got 101/);
    expect(() => MetricProvider.kayenta({ ...base, threshold: { passScore: 90, marginalScore: 7.5 } })).toThrow(/threshold.marginalScore' must be an integer between 0 and 100, got 7.5/);
    expect(() => MetricProvider.kayenta({ ...base, threshold: undefined as any })).toThrow(/kayenta\(\) needs a threshold/);
  });

  test('fails: scopes', () => {
    expect(() => MetricProvider.kayenta({ ...base, scopes: [] })).toThrow(/kayenta\(\) needs at least one scope/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [base.scopes[0], base.scopes[0]] })).toThrow(/scope 'default' is given twice/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ ...base.scopes[0], name: '' }] })).toThrow(/kayenta\(\) scope name' must be a non-empty string/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ name: 'x', controlScope: window('a') } as any] }))
      .toThrow(/scope 'x' needs both controlScope and experimentScope/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ name: 'x', controlScope: window(''), experimentScope: window('b') }] }))
      .toThrow(/scope 'x' controlScope scope' must be a non-empty string/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ name: 'x', controlScope: window('a'), experimentScope: { ...window('b'), region: '' } }] }))
      .toThrow(/scope 'x' experimentScope region' must be a non-empty string/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ name: 'x', controlScope: window('a'), experimentScope: { ...window('b'), step: undefined as any } }] }))
      .toThrow(/scope 'x' experimentScope needs a step/);
    expect(() => MetricProvider.kayenta({ ...base, scopes: [{ name: 'x', controlScope: window('a'), experimentScope: { ...window('b'), step: Duration.seconds(0) } }] }))
      .toThrow(/experimentScope step' must be at least 1 second/);
  });

  test('fails: required strings and the address', () => {
    expect(() => MetricProvider.kayenta({ ...base, application: '' })).toThrow(/kayenta\(\) application' must be a non-empty string/);
    expect(() => MetricProvider.kayenta({ ...base, storageAccountName: '' })).toThrow(/kayenta\(\) storageAccountName' must be a non-empty string/);
    expect(() => MetricProvider.kayenta({ ...base, address: 'kayenta' })).toThrow(/kayenta\(\) address' must be an absolute URL/);
  });
});

describe('MetricProvider.web', () => {
  test('minimal GET', () => {
    const p = MetricProvider.web({ url: 'http://{{args.service}}.{{args.namespace}}/health' });
    expect(p.kind).toEqual(MetricProviderKind.WEB);
    expect(render(p)).toEqual({ web: { url: 'http://{{args.service}}.{{args.namespace}}/health' } });
  });

  test('every field with a JSON body', () => {
    const options = {
      url: 'https://api.example.com/checks',
      method: WebMethod.POST,
      headers: { 'Content-Type': 'application/json', 'X-Team': 'web' },
      jsonBody: { service: '{{args.service}}', window: 5, strict: true, tags: ['a', 'b'], nested: { level: 2 } },
      jsonPath: '{$.data.ok}',
      timeout: Duration.seconds(20),
      insecure: true,
      authentication: MetricAuthentication.oauth2({ tokenUrl: 'https://auth.example.com/token', clientId: 'id', clientSecret: '{{args.secret}}' }),
    };
    const out = render(MetricProvider.web(options));
    expect(out).toEqual({
      web: {
        url: 'https://api.example.com/checks',
        method: 'POST',
        headers: [{ key: 'Content-Type', value: 'application/json' }, { key: 'X-Team', value: 'web' }],
        jsonBody: { service: '{{args.service}}', window: 5, strict: true, tags: ['a', 'b'], nested: { level: 2 } },
        jsonPath: '{$.data.ok}',
        timeoutSeconds: 20,
        insecure: true,
        authentication: { oauth2: { tokenUrl: 'https://auth.example.com/token', clientId: 'id', clientSecret: '{{args.secret}}' } },
      },
    });
    expectNothingDropped(out, options, ['Content-Type', 'X-Team']);
  });

  test('a text body with PUT', () => {
    expect(render(MetricProvider.web({ url: 'http://x/y', method: WebMethod.PUT, body: 'ping' })))
      .toEqual({ web: { url: 'http://x/y', method: 'PUT', body: 'ping' } });
  });

  test('GET written explicitly', () => {
    expect(render(MetricProvider.web({ url: 'http://x/y', method: WebMethod.GET })).web.method).toEqual('GET');
  });

  test('fails: a body with GET, both bodies', () => {
    expect(() => MetricProvider.web({ url: 'http://x', body: 'b' })).toThrow(/a body needs method POST or PUT, got GET/);
    expect(() => MetricProvider.web({ url: 'http://x', method: WebMethod.GET, jsonBody: { a: 1 } })).toThrow(/a jsonBody needs method POST or PUT, got GET/);
    expect(() => MetricProvider.web({ url: 'http://x', method: WebMethod.POST, body: 'b', jsonBody: { a: 1 } })).toThrow(/takes body or jsonBody, not both/);
  });

  test('fails: url, jsonPath, timeout, sigv4', () => {
    expect(() => MetricProvider.web({ url: '' })).toThrow(/web\(\) url' must be a non-empty string/);
    expect(() => MetricProvider.web({ url: '/health' })).toThrow(/web\(\) url' must be an absolute URL.*got '\/health'/);
    expect(() => MetricProvider.web({ url: 'http://x', jsonPath: '$.data.ok' })).toThrow(/jsonPath must be a JSONPath template in braces, got '\$.data.ok'/);
    expect(() => MetricProvider.web({ url: 'http://x', timeout: Duration.seconds(0) })).toThrow(/web\(\) timeout must be at least 1 second, got 0s/);
    expect(() => MetricProvider.web({ url: 'http://x', authentication: MetricAuthentication.sigv4({ region: 'r' }) }))
      .toThrow(/Web provider does not sign requests with sigv4/);
  });
});

describe('MetricProvider.job', () => {
  test('minimal: cdk8s-plus defaults the user did not ask for are left out', () => {
    const p = MetricProvider.job({ containers: [{ image: 'curlimages/curl:8.8.0', command: ['curl', '-fsS', 'http://{{args.service}}/health'], portNumber: 8080 }] });
    expect(p.kind).toEqual(MetricProviderKind.JOB);
    expect(render(p)).toEqual({
      job: {
        spec: {
          template: {
            spec: {
              containers: [{
                name: 'main', image: 'curlimages/curl:8.8.0', command: ['curl', '-fsS', 'http://{{args.service}}/health'], ports: [{ containerPort: 8080 }],
              }],
              restartPolicy: 'Never',
            },
          },
        },
      },
    });
  });

  test('every field; explicit container settings are kept; mounted volumes are added', () => {
    const chart = Testing.chart();
    const scratch = kplus.Volume.fromEmptyDir(chart, 'scratch', 'scratch');
    const config = kplus.Volume.fromConfigMap(chart, 'config', kplus.ConfigMap.fromConfigMapName(chart, 'cm', 'checks'), { name: 'checks' });
    const options = {
      containers: [
        {
          name: 'smoke',
          image: 'ghcr.io/example/smoke:1.0',
          args: ['--target', '{{args.service}}'],
          imagePullPolicy: kplus.ImagePullPolicy.IF_NOT_PRESENT,
          resources: { cpu: { request: kplus.Cpu.millis(100) } },
          securityContext: { user: 1000, ensureNonRoot: true },
          envVariables: { TARGET: kplus.EnvValue.fromValue('{{args.service}}') },
          volumeMounts: [{ path: '/scratch', volume: scratch }],
        },
        { name: 'sidecar', image: 'busybox:1.36', command: ['sh', '-c', 'true'] },
      ],
      backoffLimit: 1,
      activeDeadline: Duration.minutes(5),
      ttlAfterFinished: Duration.hours(1),
      serviceAccountName: 'smoke-tests',
      labels: { team: 'web' },
      annotations: { 'example.com/owner': 'web' },
      podLabels: { app: 'smoke' },
      podAnnotations: { 'sidecar.istio.io/inject': 'false' },
      restartPolicy: kplus.RestartPolicy.ON_FAILURE,
      volumes: [config],
    };
    const out = render(MetricProvider.job(options));
    expect(out).toEqual({
      job: {
        metadata: { labels: { team: 'web' }, annotations: { 'example.com/owner': 'web' } },
        spec: {
          backoffLimit: 1,
          activeDeadlineSeconds: 300,
          ttlSecondsAfterFinished: 3600,
          template: {
            metadata: { labels: { app: 'smoke' }, annotations: { 'sidecar.istio.io/inject': 'false' } },
            spec: {
              serviceAccountName: 'smoke-tests',
              containers: [
                {
                  name: 'smoke',
                  image: 'ghcr.io/example/smoke:1.0',
                  args: ['--target', '{{args.service}}'],
                  imagePullPolicy: 'IfNotPresent',
                  resources: { requests: { cpu: '100m' } },
                  securityContext: {
                    runAsUser: 1000, runAsNonRoot: true, allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true,
                  },
                  env: [{ name: 'TARGET', value: '{{args.service}}' }],
                  volumeMounts: [{ mountPath: '/scratch', name: 'scratch' }],
                },
                { name: 'sidecar', image: 'busybox:1.36', command: ['sh', '-c', 'true'] },
              ],
              volumes: [{ name: 'checks', configMap: { name: 'checks' } }, { name: 'scratch', emptyDir: {} }],
              restartPolicy: 'OnFailure',
            },
          },
        },
      },
    });
    expectNothingDropped(out, options, ['/scratch', 'checks', 'scratch']);
  });

  test('an explicit startup probe is kept', () => {
    const out = render(MetricProvider.job({ containers: [{ image: 'x', portNumber: 80, startup: kplus.Probe.fromTcpSocket({ port: 80 }) }] }));
    expect(out.job.spec.template.spec.containers[0].startupProbe).toEqual({ failureThreshold: 3, tcpSocket: { port: 80 } });
  });

  test('the same volume mounted twice is listed once', () => {
    const chart = Testing.chart();
    const v = kplus.Volume.fromEmptyDir(chart, 'v', 'data');
    const out = render(MetricProvider.job({
      containers: [{ name: 'a', image: 'x', volumeMounts: [{ path: '/a', volume: v }] }, { name: 'b', image: 'x', volumeMounts: [{ path: '/b', volume: v }] }],
      volumes: [v],
    }));
    expect(out.job.spec.template.spec.volumes).toEqual([{ name: 'data', emptyDir: {} }]);
  });

  test('fails: no container, duplicate names, ALWAYS, bad numbers', () => {
    expect(() => MetricProvider.job({ containers: [] })).toThrow(/job\(\) needs at least one container/);
    expect(() => MetricProvider.job({ containers: [{ image: 'a' }, { image: 'b' }] }))
      .toThrow(/container 1 is named 'main' like an earlier one \(cdk8s-plus names unnamed containers 'main'\). Give each container a unique name/);
    expect(() => MetricProvider.job({ containers: [{ name: 'x', image: 'a' }, { name: 'x', image: 'b' }] })).toThrow(/container 1 is named 'x' like an earlier one. Give/);
    expect(() => MetricProvider.job({ containers: [{ image: 'a' }], restartPolicy: kplus.RestartPolicy.ALWAYS })).toThrow(/restartPolicy must be NEVER or ON_FAILURE, got ALWAYS/);
    expect(() => MetricProvider.job({ containers: [{ image: 'a' }], backoffLimit: -1 })).toThrow(/'MetricProvider.job\(\) backoffLimit' must be an integer >= 0, got -1/);
    expect(() => MetricProvider.job({ containers: [{ image: 'a' }], activeDeadline: Duration.seconds(0) })).toThrow(/activeDeadline must be at least 1 second/);
    expect(() => MetricProvider.job({ containers: [{ image: 'a' }], ttlAfterFinished: Duration.millis(500) })).toThrow(/ttlAfterFinished' must be a whole number of seconds/);
  });

  test('fails: two volumes with one name, reserved label and annotation keys', () => {
    const chart = Testing.chart();
    const a = kplus.Volume.fromEmptyDir(chart, 'a', 'data');
    const b = kplus.Volume.fromEmptyDir(chart, 'b', 'data');
    expect(() => MetricProvider.job({ containers: [{ image: 'x', volumeMounts: [{ path: '/a', volume: a }] }], volumes: [b] }))
      .toThrow(/two different volumes are named 'data'/);
    expect(() => MetricProvider.job({ containers: [{ image: 'x' }], labels: { 'analysisrun.argoproj.io/uid': 'x' } }))
      .toThrow(/label 'analysisrun.argoproj.io\/uid' is set by the controller/);
    expect(() => MetricProvider.job({ containers: [{ image: 'x' }], annotations: { 'analysisrun.argoproj.io/metric-name': 'x' } }))
      .toThrow(/annotation 'analysisrun.argoproj.io\/metric-name' is set by the controller/);
  });
});

describe('MetricProvider.cloudWatch', () => {
  test('minimal', () => {
    const p = MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'rate', expression: 'errors / requests' }] });
    expect(p.kind).toEqual(MetricProviderKind.CLOUD_WATCH);
    expect(render(p)).toEqual({ cloudWatch: { metricDataQueries: [{ id: 'rate', expression: 'errors / requests' }] } });
  });

  test('every field; periods as integer seconds, dimensions as a list', () => {
    const options = {
      interval: Duration.minutes(15),
      metricDataQueries: [
        { id: 'rate', expression: 'errors / requests', label: 'Error rate', period: Duration.minutes(5), returnData: true },
        {
          id: 'errors',
          metricStat: {
            metric: {
              namespace: 'AWS/ApplicationELB',
              metricName: 'HTTPCode_Target_5XX_Count',
              dimensions: { LoadBalancer: 'app/web/123', TargetGroup: 'targetgroup/{{args.tg}}' },
            },
            period: Duration.seconds(30),
            stat: 'Sum',
            unit: 'Count',
          },
          returnData: false,
        },
      ],
    };
    const out = render(MetricProvider.cloudWatch(options));
    expect(out).toEqual({
      cloudWatch: {
        interval: '15m',
        metricDataQueries: [
          { id: 'rate', expression: 'errors / requests', label: 'Error rate', period: 300, returnData: true },
          {
            id: 'errors',
            metricStat: {
              metric: {
                namespace: 'AWS/ApplicationELB',
                metricName: 'HTTPCode_Target_5XX_Count',
                dimensions: [{ name: 'LoadBalancer', value: 'app/web/123' }, { name: 'TargetGroup', value: 'targetgroup/{{args.tg}}' }],
              },
              period: 30,
              stat: 'Sum',
              unit: 'Count',
            },
            returnData: false,
          },
        ],
      },
    });
    expectNothingDropped(out, options, ['LoadBalancer', 'TargetGroup']);
  });

  test('fails: no query, ids, expression vs metricStat', () => {
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [] })).toThrow(/cloudWatch\(\) needs at least one query/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: '', expression: 'x' }] })).toThrow(/metricDataQueries\[0\] id' must be a non-empty string/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'Rate', expression: 'x' }] }))
      .toThrow(/metricDataQueries\[0\] id 'Rate' must start with a lowercase letter/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'a', expression: 'x' }, { id: 'a', expression: 'y' }] }))
      .toThrow(/metricDataQueries\[1\] id 'a' is used twice/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'a' }] })).toThrow(/\('a'\) must set exactly one of expression and metricStat, got neither/);
    expect(() => MetricProvider.cloudWatch({
      metricDataQueries: [{ id: 'a', expression: 'x', metricStat: { metric: {}, period: Duration.minutes(1), stat: 'Sum' } }],
    })).toThrow(/must set exactly one of expression and metricStat, got both/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'a', expression: ' ' }] })).toThrow(/\[0\] expression' must be a non-empty string/);
  });

  test('fails: metricStat stat and period, query period, interval', () => {
    const stat = (period: Duration | undefined, s = 'Sum') => ({ id: 'a', metricStat: { metric: { metricName: 'm' }, period: period as Duration, stat: s } });
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [stat(Duration.seconds(45))] }))
      .toThrow(/metricStat.period' must be 1, 5, 10 or 30 seconds or a multiple of 60 seconds, got 45s/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [stat(undefined)] })).toThrow(/metricStat.period' is required by CloudWatch/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [stat(Duration.minutes(1), '')] })).toThrow(/metricStat.stat' must be a non-empty string/);
    expect(() => MetricProvider.cloudWatch({ metricDataQueries: [{ id: 'a', expression: 'x', period: Duration.seconds(0) }] }))
      .toThrow(/\[0\] period' must be 1, 5, 10 or 30 seconds or a multiple of 60 seconds, got 0s/);
    expect(() => MetricProvider.cloudWatch({ interval: Duration.seconds(0), metricDataQueries: [{ id: 'a', expression: 'x' }] }))
      .toThrow(/cloudWatch\(\) interval' must be at least 1 second/);
  });

  test('a placeholder id is not checked', () => {
    expect(render(MetricProvider.cloudWatch({ metricDataQueries: [{ id: '{{args.id}}', expression: 'x' }] })).cloudWatch.metricDataQueries[0].id)
      .toEqual('{{args.id}}');
  });
});

describe('MetricProvider.graphite / influxdb / skywalking', () => {
  test('graphite', () => {
    const options = { address: 'http://graphite.monitoring:80', query: "target=summarize(asPercent(sumSeries(stats.timers.httpServerRequests.app.{{args.service-name}}.exception.*.method.*.outcome.{CLIENT_ERROR,INFORMATIONAL,REDIRECTION,SUCCESS}.status.*.uri.*.count), sumSeries(stats.timers.httpServerRequests.app.{{args.service-name}}.exception.*.method.*.outcome.*.status.*.uri.*.count)),'5min','avg')" };
    const p = MetricProvider.graphite(options);
    expect(p.kind).toEqual(MetricProviderKind.GRAPHITE);
    const out = render(p);
    expect(out).toEqual({ graphite: { address: 'http://graphite.monitoring:80', query: options.query } });
    expectNothingDropped(out, options);
  });

  test('graphite fails on a bad address or empty query', () => {
    expect(() => MetricProvider.graphite({ address: 'graphite', query: 'x' })).toThrow(/graphite\(\) address' must be an absolute URL.*got 'graphite'/);
    expect(() => MetricProvider.graphite({ address: '', query: 'x' })).toThrow(/graphite\(\) address' must be a non-empty string/);
    expect(() => MetricProvider.graphite({ address: 'http://g', query: '' })).toThrow(/graphite\(\) query' must be a non-empty string/);
  });

  test('influxdb', () => {
    const p = MetricProvider.influxdb({ query: 'from(bucket: "app") |> range(start: -15m)' });
    expect(p.kind).toEqual(MetricProviderKind.INFLUXDB);
    expect(render(p)).toEqual({ influxdb: { query: 'from(bucket: "app") |> range(start: -15m)' } });
    const out = render(MetricProvider.influxdb({ query: 'q', profile: 'influx-prod' }));
    expect(out).toEqual({ influxdb: { profile: 'influx-prod', query: 'q' } });
  });

  test('influxdb fails on an empty query or profile', () => {
    expect(() => MetricProvider.influxdb({ query: '' })).toThrow(/influxdb\(\) query' must be a non-empty string/);
    expect(() => MetricProvider.influxdb({ query: 'q', profile: '' })).toThrow(/influxdb\(\) profile' must be a non-empty string.*'influxdb'/);
  });

  test('skywalking', () => {
    const options = {
      address: 'http://skywalking-oap.skywalking:12800',
      query: 'query queryData($duration: Duration!) { service_apdex: readMetricsValues(condition: { name: "service_apdex", entity: { scope: Service, serviceName: "{{args.service}}", normal: true } }, duration: $duration) { label values { values { value } } } }',
      interval: Duration.minutes(5),
    };
    const p = MetricProvider.skywalking(options);
    expect(p.kind).toEqual(MetricProviderKind.SKYWALKING);
    const out = render(p);
    expect(out).toEqual({ skywalking: { address: 'http://skywalking-oap.skywalking:12800', query: options.query, interval: '5m' } });
    expectNothingDropped(out, options);
  });

  test('skywalking fails without an interval, with a bad address', () => {
    expect(() => MetricProvider.skywalking({ address: 'http://s', query: 'q' } as any)).toThrow(/skywalking\(\) needs an interval/);
    expect(() => MetricProvider.skywalking({ address: 'http://s', query: 'q', interval: Duration.seconds(0) })).toThrow(/skywalking\(\) interval' must be at least 1 second/);
    expect(() => MetricProvider.skywalking({ address: 'oap:12800', query: 'q', interval: Duration.minutes(1) })).toThrow(/skywalking\(\) address' must be an absolute URL/);
    expect(() => MetricProvider.skywalking({ address: 'http://s', query: '', interval: Duration.minutes(1) })).toThrow(/skywalking\(\) query' must be a non-empty string/);
  });
});

describe('MetricProvider.plugin', () => {
  test('renders the config under the plugin name', () => {
    const config = { address: 'http://prometheus:9090', query: 'up{job="{{args.job}}"}', nested: { list: [1, 2], flag: true } };
    const p = MetricProvider.plugin('argoproj-labs/sample-prometheus', config);
    expect(p.kind).toEqual(MetricProviderKind.PLUGIN);
    const out = render(p);
    expect(out).toEqual({ plugin: { 'argoproj-labs/sample-prometheus': config } });
    expectNothingDropped(out, config);
  });

  test('without config', () => {
    expect(render(MetricProvider.plugin('acme/metrics'))).toEqual({ plugin: { 'acme/metrics': {} } });
  });

  test('fails on a name without a namespace', () => {
    expect(() => MetricProvider.plugin('sample-prometheus', {})).toThrow(/plugin name 'sample-prometheus' must have the form '<namespace>\/<name>'/);
  });
});

describe('MetricProvider: rendering is pure', () => {
  test('_toKube() can be called twice and does not alias caller input', () => {
    const headers = { a: 'b' };
    const jsonBody: { [k: string]: any } = { x: 1 };
    const p = MetricProvider.web({ url: 'http://x', method: WebMethod.POST, headers, jsonBody });
    headers.a = 'changed';
    jsonBody.x = 2;
    expect(p._toKube()).toEqual(p._toKube());
    expect(p._toKube().web).toEqual({ url: 'http://x', method: 'POST', headers: [{ key: 'a', value: 'b' }], jsonBody: { x: 1 } });
  });
});
