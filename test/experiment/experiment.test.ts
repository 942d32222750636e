import { Chart, Duration, Testing } from 'cdk8s';
import { AnalysisArg, AnalysisTemplate, AnalysisTemplateArg, Experiment, MetricProvider, PodTemplateDefaults } from '../../src';
import { schemaErrors, synth } from '../util';

const chart = () => new Chart(Testing.app(), 'test');
const template = (name: string) => ({ name, labels: { app: 'demo', variant: name }, containers: [{ name: 'app', image: `app:${name}` }] });

describe('Experiment', () => {
  test('every field', () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 'compare', {
      metadata: { name: 'compare' },
      args: [AnalysisTemplateArg.required('baseline-hash'), AnalysisTemplateArg.required('canary-hash')],
      metrics: [{ name: 'm', provider: MetricProvider.web({ url: 'https://judge.example/{{args.baseline-hash}}/{{args.canary-hash}}' }) }],
    });
    new Experiment(c, 'e', {
      metadata: { name: 'compare-versions' },
      templates: [
        { ...template('baseline'), replicas: 2, minReady: Duration.seconds(10), annotations: { a: 'b' }, service: true, serviceName: 'baseline-svc' },
        { ...template('canary'), selector: { variant: 'canary' }, podTemplateDefaults: PodTemplateDefaults.NONE },
      ],
      duration: Duration.minutes(30),
      progressDeadline: Duration.minutes(5),
      analyses: [{
        name: 'compare',
        template: t,
        requiredForCompletion: true,
        args: [AnalysisArg.value('baseline-hash', '{{templates.baseline.podTemplateHash}}'), AnalysisArg.value('canary-hash', '{{templates.canary.podTemplateHash}}')],
      }],
      dryRunMetrics: ['m'],
      measurementRetention: { m: 3 },
      analysisRunLabels: { team: 'web' },
      scaleDownDelay: Duration.seconds(60),
    });
    const m = synth(c).find(x => x.kind === 'Experiment');
    expect(m).toMatchSnapshot();
    expect(schemaErrors(m)).toEqual([]);
    expect(m.spec.templates[0]).toEqual(expect.objectContaining({
      name: 'baseline', replicas: 2, minReadySeconds: 10, selector: { matchLabels: { app: 'demo', variant: 'baseline' } }, service: { name: 'baseline-svc' },
    }));
    expect(m.spec.templates[0].template.spec.containers[0].securityContext).toBeDefined(); // cdk8s-plus defaults
    expect(m.spec.templates[1].template.spec.containers[0]).toEqual({ name: 'app', image: 'app:canary' });
    expect(m.spec.templates[1].selector).toEqual({ matchLabels: { variant: 'canary' } });
    expect(m.spec).toEqual(expect.objectContaining({
      duration: '30m',
      progressDeadlineSeconds: 300,
      scaleDownDelaySeconds: 60,
      dryRun: [{ metricName: 'm' }],
      measurementRetention: [{ metricName: 'm', limit: 3 }],
      analysisRunMetadata: { labels: { team: 'web' } },
    }));
    expect(m.spec.analyses[0]).toEqual(expect.objectContaining({ name: 'compare', templateName: 'compare', requiredForCompletion: true }));
  });

  describe('errors', () => {
    const fails = (props: any, re: RegExp) => expect(() => new Experiment(chart(), 'e', props)).toThrow(re);
    test('no templates', () => fails({ templates: [] }, /has no templates/));
    test('duplicate template names (X05)', () => fails({ templates: [template('a'), template('a')] }, /template name 'a' is used twice/));
    test('no containers', () => fails({ templates: [{ name: 'a', labels: { a: 'b' }, containers: [] }] }, /template 'a' has no containers/));
    test('no labels (X02)', () => fails({ templates: [{ name: 'a', labels: {}, containers: [{ image: 'x' }] }] }, /template 'a' needs pod labels/));
    test('serviceName without service', () => fails({ templates: [{ ...template('a'), serviceName: 's' }] }, /template 'a' sets serviceName 's' without service: true/));
    test('duplicate analysis names', () => {
      const c = chart();
      const t = AnalysisTemplate.fromAnalysisTemplateName(c, 't', 't');
      expect(() => new Experiment(c, 'e', { templates: [template('a')], analyses: [{ name: 'x', template: t }, { name: 'x', template: t }] }))
        .toThrow(/analysis name 'x' is used twice/);
    });
    test('minReady above progressDeadline (X03)', () => {
      const c = chart();
      new Experiment(c, 'e', { templates: [{ ...template('a'), minReady: Duration.minutes(20) }] });
      expect(() => synth(c)).toThrow(/Experiment test\/e breaks a rule[^]*\[X03\]/);
    });
    test('negative replicas', () => fails({ templates: [{ ...template('a'), replicas: -1 }] }, /replicas' must be an integer >= 0, got -1/));
  });
});

describe('Experiment analyses at synth, as in a Rollout experiment step (issue 10)', () => {
  const provider = MetricProvider.web({ url: 'https://status.example.com/{{args.service}}' });
  const withTemplate = () => {
    const c = chart();
    const t = new AnalysisTemplate(c, 't', { metadata: { name: 'checks' }, args: [AnalysisTemplateArg.required('service')], metrics: [{ name: 'm', provider }] });
    return { c, t };
  };

  test('a required argument not passed fails synth (V53)', () => {
    const { c, t } = withTemplate();
    new Experiment(c, 'e', { templates: [template('a')], analyses: [{ name: 'check', template: t }] });
    expect(() => synth(c)).toThrow(/Experiment test\/e breaks a rule[^]*the analysis, and so the Experiment, would go to phase Error[^]*\[V53\] spec.analyses\[0\].args: [^\n]*"service"/);
  });

  test('an argument no template declares is a warning; a template composed by the used one counts (A17)', () => {
    const { c, t } = withTemplate();
    new Experiment(c, 'e', {
      templates: [template('a')],
      analyses: [{ name: 'check', template: t, args: [AnalysisArg.value('service', 'web'), AnalysisArg.value('servce', 'x')] }],
    });
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => { written.push(String(text)); return true; });
    try {
      expect(() => synth(c)).not.toThrow();
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toMatch(/Warning: Experiment test\/e has a warning[^]*\[V53 warning\] spec.analyses\[0\].args\[1\].name/);
  });

  test('a template that uses an argument only a composed template declares', () => {
    const c = chart();
    const inner = new AnalysisTemplate(c, 'inner', { metadata: { name: 'inner' }, args: [AnalysisTemplateArg.withDefault('service', 'web')], metrics: [{ name: 'n', provider }] });
    const outer = new AnalysisTemplate(c, 'outer', { metadata: { name: 'outer' }, templates: [inner], metrics: [{ name: 'm', provider }] });
    new Experiment(c, 'e', { templates: [template('a')], analyses: [{ name: 'check', template: outer }] });
    expect(() => synth(c)).not.toThrow();
  });
});
