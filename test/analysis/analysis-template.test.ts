import { Chart, Duration, Testing } from 'cdk8s';
import {
  AnalysisArg, AnalysisRun, AnalysisTemplate, AnalysisTemplateArg, CanaryStep, ClusterAnalysisTemplate, Condition, EmptyResultPolicy, MetricProvider,
  RequestMetricsSource, RequestMetricsTemplates, Rollout, RolloutStrategy,
} from '../../src';
import { schemaErrors, synth } from '../util';

const web = MetricProvider.web({ url: 'https://status.example.com/{{args.service}}', jsonPath: '{$.ok}' });
const container = { name: 'app', image: 'app:1', portNumber: 8080 };
const chart = () => new Chart(Testing.app(), 'test');

describe('AnalysisTemplate', () => {
  test('every template field', () => {
    const c = chart();
    const base = new AnalysisTemplate(c, 'base', {
      metadata: { name: 'base' },
      metrics: [{ name: 'base-metric', provider: web, successCondition: 'result == true' }],
      args: [AnalysisTemplateArg.required('service')],
    });
    const t = new AnalysisTemplate(c, 't', {
      metadata: { name: 'full' },
      args: [AnalysisTemplateArg.required('service'), AnalysisTemplateArg.withDefault('threshold', '0.9'),
        AnalysisTemplateArg.fromSecret('token', 'creds', 'token'), AnalysisTemplateArg.fromFieldRef('ns', 'metadata.namespace')],
      templates: [base],
    });
    t.addMetric({
      name: 'rate',
      provider: web,
      interval: Duration.seconds(30),
      initialDelay: Duration.minutes(1),
      count: 4,
      condition: Condition.resultAtLeast(0.9, { onEmpty: EmptyResultPolicy.INCONCLUSIVE }),
      failureLimit: 1,
      inconclusiveLimit: 2,
      consecutiveErrorLimit: 3,
      consecutiveSuccessLimit: 0,
      dryRun: true,
      measurementRetention: 20,
    });
    const m = synth(c).find(x => x.metadata.name === 'full');
    expect(m).toMatchSnapshot();
    expect(m.spec.args).toEqual([
      { name: 'service' }, { name: 'threshold', value: '0.9' },
      { name: 'token', valueFrom: { secretKeyRef: { name: 'creds', key: 'token' } } },
      { name: 'ns', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
    ]);
    expect(m.spec.metrics[0]).toEqual(expect.objectContaining({
      name: 'rate',
      interval: '30s',
      initialDelay: '1m',
      count: 4,
      failureLimit: 1,
      inconclusiveLimit: 2,
      consecutiveErrorLimit: 3,
      consecutiveSuccessLimit: 0,
      successCondition: expect.stringContaining('result[0] >= 0.9'),
      failureCondition: expect.stringContaining('result[0] < 0.9'),
    }));
    expect(m.spec.dryRun).toEqual([{ metricName: 'rate' }]);
    expect(m.spec.measurementRetention).toEqual([{ metricName: 'rate', limit: 20 }]);
    expect(m.spec.templates).toEqual([{ templateName: 'base' }]);
    expect(schemaErrors(m)).toEqual([]);
    expect(t.args.map(a => [a.name, a.isRequired])).toEqual([['service', true], ['threshold', false], ['token', false], ['ns', false]]);
  });

  test('ClusterAnalysisTemplate is cluster-scoped and referenced with clusterScope', () => {
    const c = new Chart(Testing.app(), 'test', { namespace: 'apps' });
    const ct = new ClusterAnalysisTemplate(c, 'ct', { metadata: { name: 'org-wide' }, metrics: [{ name: 'm', provider: web }], args: [AnalysisTemplateArg.withDefault('service', 'x')] });
    new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [ct] })] }) });
    const ms = synth(c);
    const tm = ms.find(x => x.kind === 'ClusterAnalysisTemplate');
    expect(tm.metadata.namespace).toBeUndefined();
    expect(schemaErrors(tm)).toEqual([]);
    expect(ms.find(x => x.kind === 'Rollout').spec.strategy.canary.steps[0].analysis.templates).toEqual([{ templateName: 'org-wide', clusterScope: true }]);
  });

  test('metrics added later show up', () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 't', { metrics: [{ name: 'a', provider: web }], args: [AnalysisTemplateArg.required('service')] });
    t.addMetric({ name: 'b', provider: web });
    expect(synth(c)[0].spec.metrics.map((m: any) => m.name)).toEqual(['a', 'b']);
    expect(t.metrics.length).toEqual(2);
  });

  test('RequestMetricsTemplates: success rate and latency with the empty-result guard', () => {
    const c = chart();
    const sr = RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.NGINX, name: 'nginx-success', prometheusAddress: 'http://prom:9090' });
    const lat = RequestMetricsTemplates.latency(c, 'lat', { source: RequestMetricsSource.LINKERD, maxP99: Duration.millis(250), count: 3 });
    new Rollout(c, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [sr, lat], args: RequestMetricsTemplates.args('web-canary') })] }),
    });
    const ms = synth(c);
    const srm = ms.find(x => x.metadata.name === 'nginx-success');
    expect(srm.spec.args).toEqual([{ name: 'service' }, { name: 'namespace' }]);
    expect(srm.spec.metrics[0].provider.prometheus.query).toEqual(
      'sum(rate(nginx_ingress_controller_requests{namespace="{{args.namespace}}",service="{{args.service}}",status!~"5.*"}[1m]))'
      + ' / sum(rate(nginx_ingress_controller_requests{namespace="{{args.namespace}}",service="{{args.service}}"}[1m]))');
    expect(srm.spec.metrics[0].successCondition).toEqual('len(result) > 0 && !isNaN(result[0]) && result[0] >= 0.99');
    const latm = ms.find(x => x.metadata.name === lat.name);
    expect(latm.spec.metrics[0].count).toEqual(3);
    expect(latm.spec.metrics[0].successCondition).toContain('result[0] <= 250');
    for (const source of Object.values(RequestMetricsSource)) {
      const cc = chart();
      const a = RequestMetricsTemplates.successRate(cc, 'a', { source });
      const b = RequestMetricsTemplates.latency(cc, 'b', { source });
      for (const m of synth(cc)) expect(schemaErrors(m)).toEqual([]);
      expect([a.name, b.name].length).toEqual(2);
    }
  });

  describe('errors', () => {
    test('no metrics and no templates (A01)', () => {
      const c = chart();
      new AnalysisTemplate(c, 'empty');
      expect(() => synth(c)).toThrow(/\[A01\] AnalysisTemplate test\/empty has no metrics/);
    });
    test('a metric using an undeclared argument (A17)', () => {
      // issue 10: alone, the template is judged by the Rollouts and Experiments that use it (a sibling
      // template may declare the argument); it failed synth on its own before
      const c = chart();
      const t = new AnalysisTemplate(c, 't', { metadata: { name: 'uses' }, metrics: [{ name: 'm', provider: web }] });
      expect(() => synth(c)).not.toThrow();
      new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)], analysis: { templates: [t] } }) });
      expect(() => synth(c)).toThrow(/Rollout test\/r breaks a rule[^]*AnalysisRun would go to phase Error[^]*\[A17\] spec.strategy.canary.analysis.templates[^]*\{\{args.service\}\}/);
    });
    test('a placeholder that is no argument reference fails the template itself (A17)', () => {
      const c = chart();
      new AnalysisTemplate(c, 't', { metrics: [{ name: 'm', provider: MetricProvider.web({ url: 'https://status.example.com/{{ service }}' }) }] });
      expect(() => synth(c)).toThrow(/AnalysisTemplate test\/t breaks a rule[^]*\[A17\] spec.metrics\[0\][^]*\{\{ service \}\}/);
    });
    test('count above 1 without interval (A11)', () => {
      const c = chart();
      new AnalysisTemplate(c, 't', { args: [AnalysisTemplateArg.required('service')], metrics: [{ name: 'm', provider: web, count: 3 }] });
      expect(() => synth(c)).toThrow(/\[A11\] spec.metrics\[0\].interval/);
    });
    test('duplicate metric', () => {
      expect(() => new AnalysisTemplate(chart(), 't', { metrics: [{ name: 'm', provider: web }, { name: 'm', provider: web }] })).toThrow(/already has a metric named 'm'/);
    });
    test('duplicate argument', () => {
      expect(() => new AnalysisTemplate(chart(), 't', { args: [AnalysisTemplateArg.required('a'), AnalysisTemplateArg.required('a')] })).toThrow(/already declares the argument 'a'/);
    });
    test('invalid metric name', () => expect(() => new AnalysisTemplate(chart(), 't', { metrics: [{ name: 'bad name', provider: web }] })).toThrow(/metric name 'bad name' is invalid/));
    test('negative count', () => expect(() => new AnalysisTemplate(chart(), 't', { metrics: [{ name: 'm', provider: web, count: -1 }] })).toThrow(/count' must be an integer >= 0, got -1/));
    test('failureLimit below -1', () => expect(() => new AnalysisTemplate(chart(), 't', { metrics: [{ name: 'm', provider: web, failureLimit: -2 }] }))
      .toThrow(/failureLimit' must be an integer >= -1, got -2/));
    test('condition and successCondition', () => expect(() => new AnalysisTemplate(chart(), 't', {
      metrics: [{ name: 'm', provider: web, condition: Condition.resultAbove(1), successCondition: 'true' }],
    })).toThrow(/give either condition or successCondition\/failureCondition, not both/));
    test('invalid argument name', () => expect(() => AnalysisTemplateArg.required('bad name')).toThrow(/argument name 'bad name' is invalid/));
    test('secret argument without key', () => expect(() => AnalysisTemplateArg.fromSecret('a', 's', '')).toThrow(/needs a Secret name and a key/));
    test('fieldRef argument without path', () => expect(() => AnalysisTemplateArg.fromFieldRef('a', '')).toThrow(/fieldPath must not be empty/));
    test('success rate out of range', () => expect(() => RequestMetricsTemplates.successRate(chart(), 's', { source: RequestMetricsSource.ISTIO, minSuccessRate: 99 }))
      .toThrow(/minSuccessRate must be above 0 and at most 1, got 99/));
    test('latency of zero', () => expect(() => RequestMetricsTemplates.latency(chart(), 'l', { source: RequestMetricsSource.ISTIO, maxP99: Duration.millis(0) }))
      .toThrow(/maxP99 must be above zero/));
    test('a Rollout that leaves a required argument unbound (V53)', () => {
      const c = chart();
      const t = new AnalysisTemplate(c, 't', { metadata: { name: 'needs-service' }, args: [AnalysisTemplateArg.required('service')], metrics: [{ name: 'm', provider: web }] });
      new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [t] })] }) });
      expect(() => synth(c)).toThrow(/Rollout test\/r breaks[^]*\[V53\][^]*service/);
    });
    test('a Rollout that passes an unknown argument: a warning, printed once, fatal when the app asks (issue 10)', () => {
      const build = (app = Testing.app()) => {
        const c = new Chart(app, 'test');
        const t = new AnalysisTemplate(c, 't', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web }] });
        new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [t], args: [AnalysisArg.value('servce', 'y')] })] }) });
        return c;
      };
      const written: string[] = [];
      const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => { written.push(String(text)); return true; });
      try {
        const c = build();
        expect(() => synth(c)).not.toThrow(); // it was an error before: the controller ignores the argument
        synth(c);
        const warnings = written.filter(w => w.includes('servce'));
        expect(warnings).toHaveLength(1); // once per construct, however often it is rendered
        expect(warnings[0]).toMatch(/^Warning: Rollout test\/r has a warning of the Argo Rollouts rules \(after apply, the controller would accept it and ignore the argument\):\n {2}\[V53 warning\] spec.strategy.canary.steps\[0\].analysis.args\[0\].name: /);
        expect(warnings[0]).toContain('ARGO_ROLLOUTS_WARNINGS_AS_ERRORS');
      } finally {
        spy.mockRestore();
      }
      // an app-level setting makes warnings fail synth (CI)
      const strict = Testing.app();
      strict.node.setContext('argo-rollouts:warningsAsErrors', true);
      expect(() => synth(build(strict))).toThrow(/Rollout test\/r breaks a rule of the Argo Rollouts controller \(warnings count as errors here\)[^]*\[V53 warning\][^]*servce/);
      // and so does the environment variable
      process.env.ARGO_ROLLOUTS_WARNINGS_AS_ERRORS = '1';
      try {
        expect(() => synth(build())).toThrow(/\[V53 warning\][^]*servce/);
      } finally {
        delete process.env.ARGO_ROLLOUTS_WARNINGS_AS_ERRORS;
      }
    });
    test('an analysis step with an indefinite metric (V55)', () => {
      const c = chart();
      const t = new AnalysisTemplate(c, 't', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web, interval: Duration.minutes(1) }] });
      new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [t] })] }) });
      expect(() => synth(c)).toThrow(/\[V55\]/);
    });
    test('two templates with one metric name (V51)', () => {
      const c = chart();
      const a = new AnalysisTemplate(c, 'a', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web }] });
      const b = new AnalysisTemplate(c, 'b', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web }] });
      new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ analysis: { templates: [a, b] } }) });
      expect(() => synth(c)).toThrow(/\[V51\]/);
    });
  });
});

describe('AnalysisRun', () => {
  test('from templates and own metrics, with TTLs', () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 't', {
      args: [AnalysisTemplateArg.required('service')],
      metrics: [{ name: 'from-template', provider: web, dryRun: true, measurementRetention: 5 }],
    });
    const run = new AnalysisRun(c, 'run', {
      metadata: { name: 'one-off' },
      templates: [t],
      args: [AnalysisTemplateArg.withDefault('service', 'web')],
      metrics: [{ name: 'own', provider: MetricProvider.graphite({ address: 'http://graphite:8080', query: 'x' }), successCondition: 'result[0] < 1' }],
      terminate: false,
      ttlAfterCompletion: Duration.hours(1),
      ttlAfterSuccess: Duration.minutes(10),
      ttlAfterFailure: Duration.days(1),
    });
    const m = synth(c).find(x => x.kind === 'AnalysisRun');
    expect(m.metadata.name).toEqual(run.name);
    expect(m.spec.args).toEqual([{ name: 'service', value: 'web' }]);
    expect(m.spec.metrics.map((x: any) => x.name)).toEqual(['from-template', 'own']);
    expect(m.spec.dryRun).toEqual([{ metricName: 'from-template' }]);
    expect(m.spec.measurementRetention).toEqual([{ metricName: 'from-template', limit: 5 }]);
    expect(m.spec.ttlStrategy).toEqual({ secondsAfterCompletion: 3600, secondsAfterSuccess: 600, secondsAfterFailure: 86400 });
    expect(schemaErrors(m)).toEqual([]);
  });

  test('fails with an argument left without a value (A17)', () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 't', { args: [AnalysisTemplateArg.required('service')], metrics: [{ name: 'm', provider: web }] });
    new AnalysisRun(c, 'run', { templates: [t] });
    expect(() => synth(c)).toThrow(/AnalysisRun test\/run breaks[^]*\[A17\]/);
  });

  test('fails with a template of another app', () => {
    const c = chart();
    expect(() => new AnalysisRun(c, 'run', { templates: [AnalysisTemplate.fromAnalysisTemplateName(c, 'ext', 'elsewhere')] }))
      .toThrow(/template 'elsewhere' is not defined in this app/);
  });
});

describe('template names at synth (issue 10, item 6)', () => {
  test('an AnalysisTemplate named "Bad Name" fails synth', () => {
    const c = chart();
    new AnalysisTemplate(c, 't', { metadata: { name: 'Bad Name' }, metrics: [{ name: 'm', provider: web, successCondition: 'result == true' }], args: [AnalysisTemplateArg.required('service')] });
    expect(() => synth(c)).toThrow(/\[S07\] metadata\.name: metadata\.name "Bad Name" is not a valid AnalysisTemplate name/);
  });
});

describe('Nested templates at synth (issue 10)', () => {
  test('a Rollout follows the templates a referenced template composes, at any depth (V51, V53, V55)', () => {
    const c = chart();
    const deepest = new AnalysisTemplate(c, 'deepest', {
      metadata: { name: 'deepest' },
      args: [AnalysisTemplateArg.required('region')],
      metrics: [{ name: 'endless', provider: web, interval: Duration.minutes(1) }, { name: 'rate', provider: web, count: 1 }],
    });
    const inner = new AnalysisTemplate(c, 'inner', { metadata: { name: 'inner' }, args: [AnalysisTemplateArg.withDefault('service', 'x')], templates: [deepest] });
    const outer = new AnalysisTemplate(c, 'outer', { metadata: { name: 'outer' }, metrics: [{ name: 'rate', provider: web, count: 1 }], templates: [inner] });
    new Rollout(c, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [outer] })] }) });
    let message = '';
    try {
      synth(c);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/Rollout test\/r breaks 6 rules/); // and V56 on each template whose own args lack "service"
    expect(message).toMatch(/\[V51\] spec.strategy.canary.steps\[0\].analysis.templates: [^\n]*"rate"/);
    expect(message).toMatch(/\[V53\] spec.strategy.canary.steps\[0\].analysis.args: [^\n]*"region"/);
    expect(message).toMatch(/AnalysisTemplate deepest: \[V55\] spec.metrics\[0\].count/);
  });

  test('the synth error says per finding what would happen after apply', () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 't', {
      metadata: { name: 't' }, args: [AnalysisTemplateArg.required('service')], metrics: [{ name: 'm', provider: web, count: 1 }],
    });
    const rollout = new Rollout(c, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [t], dryRunMetrics: ['nothing-like-it'] })] }),
    });
    rollout.addStep(CanaryStep.setWeight(20));
    expect(() => synth(c)).toThrow(new RegExp([
      'Rollout test/r breaks 2 rules of the Argo Rollouts controller:\\n',
      '  After apply, the Rollout would be stuck in InvalidSpec \\(phase Degraded, nothing is rolled out\\):\\n',
      '    \\[V53\\] spec.strategy.canary.steps\\[0\\].analysis.args: [^\\n]*\\n',
      '  After apply, the AnalysisRun would go to phase Error \\(its Rollout or Experiment takes that as a failed analysis\\):\\n',
      '    \\[A15\\] spec.strategy.canary.steps\\[0\\].analysis.dryRun\\[0\\].metricName: ',
    ].join('')));
    // a single consequence stays on the header line
    const one = chart();
    new AnalysisTemplate(one, 't', { metrics: [{ name: 'm', provider: web, count: 3 }], args: [AnalysisTemplateArg.required('service')] });
    expect(() => synth(one)).toThrow(/AnalysisTemplate test\/t breaks a rule of the Argo Rollouts controller \(after apply, the AnalysisRun would go to phase Error \(its Rollout or Experiment takes that as a failed analysis\)\):\n {2}\[A11\]/);
  });
});

