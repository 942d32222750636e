import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Duration, JsonPatch, Testing, YamlOutputType } from 'cdk8s';
import { IConstruct as IConstructLike } from 'constructs';
import {
  AnalysisArg, AnalysisRun, AnalysisTemplate, AnalysisTemplateArg, CanaryStep, Experiment, MetricProvider, Rollout, RolloutStrategy, StrategyService,
} from '../../src';
import * as engine from '../../src/validation/private/engine';

const container = { name: 'app', image: 'app:1', portNumber: 8080 };
const web = MetricProvider.web({ url: 'https://status.example.com/ok', jsonPath: '{$.ok}' });

/** A canary Rollout with its two Services. */
function rollout(scope: Chart, id: string, steps = [CanaryStep.setWeight(50), CanaryStep.pause()]): Rollout {
  return new Rollout(scope, id, {
    containers: [container],
    strategy: RolloutStrategy.canary({ stableService: StrategyService.define(), canaryService: StrategyService.define(), steps }),
  });
}

/** Counts the engine's runs while `f` runs: over a batch (`batch`) and over one object alone (`alone`). */
function engineRuns<T>(f: () => T): { result: T; batch: number; alone: number; manifests: number[] } {
  const batch = jest.spyOn(engine, 'validateManifestsAttributed');
  const alone = jest.spyOn(engine, 'validateManifests');
  try {
    const result = f();
    return { result, batch: batch.mock.calls.length, alone: alone.mock.calls.length, manifests: batch.mock.calls.map(c => c[0].length) };
  } finally {
    batch.mockRestore();
    alone.mockRestore();
  }
}

/** A JSON patch the CRD schema refuses (S06): an error at synth. */
function breakIt(r: Rollout): void {
  ApiObject.of(r).addJsonPatch(JsonPatch.add('/spec/strategy/canary/stepz', []));
}

describe('one run of the rule engine per synth', () => {
  test('a chart of many Rollouts: one run over all their manifests, each related object once', () => {
    const chart = new Chart(Testing.app(), 'c');
    for (let i = 0; i < 5; i++) rollout(chart, `r${i}`);
    const runs = engineRuns(() => Testing.synth(chart));
    expect(runs.batch).toBe(1);
    expect(runs.alone).toBe(0);
    expect(runs.manifests).toEqual([5]); // the 5 Rollouts (Services the library defines from the Rollout need no check)
    expect(runs.result).toHaveLength(15);
  });

  test('a template two Rollouts use is read once, and a Rollout rule it breaks is reported for each Rollout that breaks it', () => {
    const chart = new Chart(Testing.app(), 'c');
    const t = new AnalysisTemplate(chart, 't', { metrics: [{ name: 'm', provider: web, interval: Duration.minutes(1) }] }); // no count: never ends
    rollout(chart, 'a', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [t] })]);
    rollout(chart, 'b', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [t] })]);
    // background analysis may run indefinitely: this Rollout breaks nothing
    new Rollout(chart, 'bg', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50)], analysis: { templates: [t] } }) });
    let message = '';
    const runs = engineRuns(() => {
      try {
        Testing.synth(chart);
      } catch (e) {
        message = (e as Error).message;
      }
    });
    expect(runs.batch).toBe(1);
    expect(runs.manifests).toEqual([4]); // the template once, and the three Rollouts
    expect(message).toMatch(/^2 objects break rules of the Argo Rollouts controller:\n\nRollout c\/a breaks a rule[^]*AnalysisTemplate [\w-]+: \[V55\][^]*\n\nRollout c\/b breaks a rule[^]*\[V55\]/);
    expect(message).not.toContain('c/bg');
  });

  test('one object with errors reads exactly as a check of it alone', () => {
    const build = () => {
      const chart = new Chart(Testing.app(), 'c');
      rollout(chart, 'ok');
      breakIt(rollout(chart, 'bad'));
      return chart;
    };
    const inBatch = (() => {
      try {
        Testing.synth(build());
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    const alone = (() => {
      const chart = build();
      try {
        ApiObject.of(chart.node.findChild('bad')).toJson(); // no synth: checked alone
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(inBatch).toMatch(/^Rollout c\/bad breaks a rule of the Argo Rollouts controller[^]*\[S06\] spec\.strategy\.canary\.stepz/);
    expect(inBatch).toBe(alone);
  });

  test('a change after a synth shows in the next synth: nothing rendered is reused', () => {
    const chart = new Chart(Testing.app(), 'c');
    const r = rollout(chart, 'r');
    expect(() => Testing.synth(chart)).not.toThrow();
    breakIt(r);
    expect(() => Testing.synth(chart)).toThrow(/Rollout c\/r breaks[^]*\[S06\]/);
    // and a rendering outside any synth is checked too
    expect(() => ApiObject.of(r).toJson()).toThrow(/Rollout c\/r breaks[^]*\[S06\]/);
  });

  test('a Rollout taken out of the tree does not hold the batch open', () => {
    const chart = new Chart(Testing.app(), 'c');
    rollout(chart, 'gone');
    const kept = rollout(chart, 'kept');
    chart.node.tryRemoveChild('gone');
    breakIt(kept);
    const runs = engineRuns(() => expect(() => Testing.synth(chart)).toThrow(/Rollout c\/kept breaks[^]*\[S06\]/));
    expect(runs.batch).toBe(1);
    expect(runs.alone).toBe(0);
  });

  test('App.synth of two charts: one run per chart; every output mode checks every chart', () => {
    for (const yamlOutputType of [YamlOutputType.FILE_PER_CHART, YamlOutputType.FILE_PER_APP, YamlOutputType.FILE_PER_RESOURCE,
      YamlOutputType.FOLDER_PER_CHART_FILE_PER_RESOURCE]) {
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-pass-'));
      try {
        const app = new App({ outdir, yamlOutputType });
        const one = new Chart(app, 'one');
        const two = new Chart(app, 'two');
        rollout(one, 'a');
        rollout(one, 'b');
        rollout(two, 'c');
        const runs = engineRuns(() => app.synth());
        // (one file per resource in folders per chart: cdk8s validates once, so the second chart's objects are checked alone)
        expect(runs.batch + runs.alone).toBeLessThanOrEqual(3);
        expect(runs.batch).toBeGreaterThanOrEqual(1);
        breakIt(rollout(two, 'd'));
        expect(() => app.synth()).toThrow(/Rollout two\/d breaks[^]*\[S06\]/);
      } finally {
        fs.rmSync(outdir, { recursive: true, force: true });
      }
    }
  });

  test('warnings are shown once per construct, however many synths', () => {
    const chart = new Chart(Testing.app(), 'c');
    const t = new AnalysisTemplate(chart, 't', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web }] });
    for (const id of ['a', 'b']) {
      // an argument the template does not declare: a warning (V53)
      rollout(chart, id, [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [t], args: [AnalysisArg.value('servce', 'y')] })]);
    }
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => {
      written.push(String(text)); return true;
    });
    try {
      Testing.synth(chart);
      Testing.synth(chart);
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^Warning: Rollout c\/a has a warning of the Argo Rollouts rules[^]*\[V53 warning\][^]*servce/);
    expect(written[1]).toMatch(/^Warning: Rollout c\/b has a warning/);
  });
});

describe('a batch gives each construct what a check of it alone gives', () => {
  /** Runs `f`, returning what it wrote to standard error and the message of what it threw. */
  function capture(f: () => void): { warnings: string[]; error?: string } {
    const warnings: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text: any) => {
      warnings.push(String(text)); return true;
    });
    try {
      f();
      return { warnings };
    } catch (e) {
      return { warnings, error: (e as Error).message };
    } finally {
      spy.mockRestore();
    }
  }

  /**
   * An app whose objects have warnings and errors of every sort of attribution: a template's own
   * findings, a Rollout rule on a shared template (V55) from two Rollouts, background analysis on
   * the same template (fine), an argument a template does not declare (V53 warnings) from two
   * Rollouts, a composed template judged by its uses (V56), an Experiment and an AnalysisRun with the templates.
   */
  function build(): { chart: Chart; checked: IConstructLike[] } {
    const chart = new Chart(Testing.app(), 'c');
    const endless = new AnalysisTemplate(chart, 'endless', { metrics: [{ name: 'm', provider: web, interval: Duration.minutes(1) }] });
    const inner = new AnalysisTemplate(chart, 'inner', {
      metrics: [{ name: 'uses-arg', provider: MetricProvider.web({ url: 'https://x.example/{{args.service}}', jsonPath: '{$.ok}' }), count: 1 }],
    });
    const outer = new AnalysisTemplate(chart, 'outer', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'rate', provider: web, count: 1 }], templates: [inner] });
    const a = rollout(chart, 'a', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [endless] })]);
    const b = rollout(chart, 'b', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [endless, outer] })]);
    const bg = new Rollout(chart, 'bg', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(50)], analysis: { templates: [endless] } }) });
    const warn = rollout(chart, 'warn', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [outer], args: [AnalysisArg.value('servce', 'y')] })]);
    const plain = new AnalysisTemplate(chart, 'plain', { args: [AnalysisTemplateArg.withDefault('service', 'x')], metrics: [{ name: 'm', provider: web }] });
    const typo = rollout(chart, 'typo', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [plain], args: [AnalysisArg.value('servce', 'y')] })]);
    const typo2 = rollout(chart, 'typo2', [CanaryStep.setWeight(50), CanaryStep.analysis({ templates: [plain], args: [AnalysisArg.value('servce', 'y')] })]);
    const run = new AnalysisRun(chart, 'run', { templates: [outer] });
    const experiment = new Experiment(chart, 'experiment', {
      templates: [{ name: 'canary', containers: [container], labels: { app: 'exp' } }],
      analyses: [{ name: 'a', template: endless }],
    });
    return { chart, checked: [endless, inner, outer, plain, a, b, bg, warn, typo, typo2, run, experiment] };
  }

  test('the same warnings and errors, construct by construct', () => {
    const batch = capture(() => Testing.synth(build().chart));
    const { checked } = build();
    const alone = checked.map(c => capture(() => ApiObject.of(c as any).toJson()));
    expect(batch.warnings.sort()).toEqual(alone.flatMap(a => a.warnings).sort());
    const errors = alone.filter(a => a.error !== undefined).map(a => a.error!);
    expect(errors.length).toBeGreaterThan(1);
    expect(batch.warnings.length).toBeGreaterThan(1);
    expect(batch.error).toBe(`${errors.length} objects break rules of the Argo Rollouts controller:\n\n${errors.join('\n\n')}`);
  });
});
