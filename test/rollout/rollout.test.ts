import { ApiObject, Chart, Duration, JsonPatch, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { CanaryStep, PodTemplateDefaults, Rollout, RolloutStrategy } from '../../src';
import { leaves, schemaErrors, synth } from '../util';

const demoContainer = { name: 'rollouts-demo', image: 'argoproj/rollouts-demo:blue', portNumber: 8080 };

describe('Rollout', () => {
  test('the seed demo as users write it', () => {
    // GIVEN
    const chart = Testing.chart();
    // WHEN
    new Rollout(chart, 'rollouts-demo', {
      replicas: 5,
      containers: [demoContainer],
      strategy: RolloutStrategy.canary({
        steps: [CanaryStep.setWeight(20), CanaryStep.pause(), CanaryStep.setWeight(40), CanaryStep.pause(Duration.seconds(10))],
      }),
    });
    // THEN
    const manifests = synth(chart);
    expect(manifests).toMatchSnapshot();
    const [rollout] = manifests;
    expect(rollout.apiVersion).toEqual('argoproj.io/v1alpha1');
    expect(rollout.kind).toEqual('Rollout');
    expect(rollout.spec.replicas).toEqual(5);
    expect(rollout.spec.strategy.canary.steps).toEqual([
      { setWeight: 20 }, { pause: {} }, { setWeight: 40 }, { pause: { duration: '10s' } },
    ]);
    // selector and pod labels agree
    expect(rollout.spec.template.metadata.labels).toEqual(expect.objectContaining(rollout.spec.selector.matchLabels));
    // cdk8s-plus defaults by default
    expect(rollout.spec.template.spec.containers[0].securityContext.runAsNonRoot).toBe(true);
    expect(schemaErrors(rollout)).toEqual([]);
  });

  test('blue-green seed defines active and preview Services', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'rollout-bluegreen', {
      replicas: 2,
      containers: [{ image: 'argoproj/rollouts-demo:blue', portNumber: 8080 }],
      strategy: RolloutStrategy.blueGreen({ autoPromotionEnabled: false }),
    });
    const manifests = synth(chart);
    expect(manifests).toMatchSnapshot();
    const rollout = manifests.find(m => m.kind === 'Rollout');
    const services = manifests.filter(m => m.kind === 'Service');
    const { activeService, previewService } = rollout.spec.strategy.blueGreen;
    expect(services.map(s => s.metadata.name)).toEqual([activeService, previewService]);
    for (const s of services) {
      expect(s.spec.selector).toEqual(rollout.spec.selector.matchLabels);
      expect(s.spec.ports).toEqual([{ port: 8080, targetPort: 8080 }]);
    }
    expect(rollout.spec.strategy.blueGreen.autoPromotionEnabled).toBe(false);
    expect(schemaErrors(rollout)).toEqual([]);
  });

  test('defaultChild is the Rollout and JSON patches work', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { containers: [demoContainer] });
    const obj = ApiObject.of(rollout);
    expect(obj.kind).toEqual('Rollout');
    obj.addJsonPatch(JsonPatch.add('/spec/paused', true));
    expect(synth(chart)[0].spec.paused).toBe(true);
  });

  test('every spec field', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      metadata: { name: 'full', namespace: 'apps' },
      replicas: 3,
      containers: [demoContainer],
      minReady: Duration.seconds(10),
      progressDeadline: Duration.minutes(5),
      progressDeadlineAbort: true,
      revisionHistoryLimit: 3,
      paused: true,
      restartAt: new Date('2026-01-02T03:04:05Z'),
      rollbackWindowRevisions: 2,
      successfulRunHistoryLimit: 7,
      unsuccessfulRunHistoryLimit: 8,
    });
    const spec = synth(chart)[0].spec;
    expect(spec).toEqual(expect.objectContaining({
      replicas: 3,
      minReadySeconds: 10,
      progressDeadlineSeconds: 300,
      progressDeadlineAbort: true,
      revisionHistoryLimit: 3,
      paused: true,
      restartAt: '2026-01-02T03:04:05.000Z',
      rollbackWindow: { revisions: 2 },
      analysis: { successfulRunHistoryLimit: 7, unsuccessfulRunHistoryLimit: 8 },
      strategy: { canary: {} },
    }));
    expect(schemaErrors(synth(chart)[0])).toEqual([]);
  });

  test('only what is set: no empty objects and no controller defaults', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', { containers: [demoContainer], podTemplateDefaults: PodTemplateDefaults.NONE });
    const spec = synth(chart)[0].spec;
    expect(Object.keys(spec).sort()).toEqual(['selector', 'strategy', 'template']);
    expect(spec.template.spec).toEqual({ containers: [{ name: 'rollouts-demo', image: 'argoproj/rollouts-demo:blue', ports: [{ containerPort: 8080 }] }] });
  });

  test('PodTemplateDefaults.NONE keeps what the user set', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      podTemplateDefaults: PodTemplateDefaults.NONE,
      automountServiceAccountToken: true,
      terminationGracePeriod: Duration.seconds(5),
      containers: [{ ...demoContainer, imagePullPolicy: kplus.ImagePullPolicy.IF_NOT_PRESENT, securityContext: { ensureNonRoot: true } }],
    });
    const pod = synth(chart)[0].spec.template.spec;
    expect(pod.automountServiceAccountToken).toBe(true);
    expect(pod.terminationGracePeriodSeconds).toBe(5);
    expect(pod.containers[0].imagePullPolicy).toEqual('IfNotPresent');
    expect(pod.containers[0].securityContext.runAsNonRoot).toBe(true);
    expect(pod.containers[0].resources).toBeUndefined();
  });

  test('pod template through the cdk8s-plus API: volumes, init containers, env, scheduling, service account', () => {
    const chart = Testing.chart();
    const sa = kplus.ServiceAccount.fromServiceAccountName(chart, 'sa', 'app-sa');
    const rollout = new Rollout(chart, 'r', { serviceAccount: sa, containers: [demoContainer] });
    const cm = kplus.ConfigMap.fromConfigMapName(chart, 'cm', 'settings');
    const volume = kplus.Volume.fromConfigMap(chart, 'vol', cm);
    rollout.containers[0].mount('/etc/settings', volume);
    rollout.containers[0].env.addVariable('MODE', kplus.EnvValue.fromValue('demo'));
    rollout.addInitContainer({ name: 'init', image: 'busybox', command: ['true'] });
    rollout.scheduling.tolerate(kplus.Node.tainted(kplus.NodeTaintQuery.is('dedicated', 'apps')));
    rollout.podMetadata.addAnnotation('team', 'web');
    const m = synth(chart)[0];
    const pod = m.spec.template.spec;
    expect(pod.serviceAccountName).toEqual('app-sa');
    expect(pod.volumes[0].configMap.name).toEqual('settings');
    expect(pod.containers[0].volumeMounts[0].mountPath).toEqual('/etc/settings');
    expect(pod.containers[0].env).toEqual([{ name: 'MODE', value: 'demo' }]);
    expect(pod.initContainers[0].name).toEqual('init');
    expect(pod.tolerations).toEqual([{ key: 'dedicated', operator: 'Equal', value: 'apps', effect: undefined }].map(t => JSON.parse(JSON.stringify(t))));
    expect(m.spec.template.metadata.annotations).toEqual({ team: 'web' });
    expect(schemaErrors(m)).toEqual([]);
  });

  test('selector: overridable with select(), derived from pod labels when select is false', () => {
    const chart = Testing.chart();
    const a = new Rollout(chart, 'a', { containers: [demoContainer] });
    a.select(kplus.LabelSelector.of({ labels: { tier: 'web' } }));
    a.podMetadata.addLabel('tier', 'web');
    new Rollout(chart, 'b', { containers: [demoContainer], select: false, podMetadata: { labels: { app: 'b' } } });
    const [ra, rb] = synth(chart);
    expect(ra.spec.selector.matchLabels.tier).toEqual('web');
    expect(rb.spec.selector).toEqual({ matchLabels: { app: 'b' } });
    expect(rb.spec.template.metadata.labels).toEqual({ app: 'b' });
  });

  test('spread is applied once, however often the chart is synthesized', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', { containers: [demoContainer], spread: true });
    const first = JSON.stringify(synth(chart));
    expect(JSON.stringify(synth(chart))).toEqual(first);
    expect(synth(chart)[0].spec.template.spec.affinity.podAntiAffinity).toBeDefined();
  });

  test('re-synth is byte-identical and nothing is mutated', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { containers: [demoContainer], strategy: RolloutStrategy.blueGreen() });
    const a = JSON.stringify(synth(chart));
    const b = JSON.stringify(synth(chart));
    expect(b).toEqual(a);
    expect(rollout.activeService).toBeDefined();
  });

  test('order of declaration does not change the output', () => {
    const build = (addLate: boolean) => {
      const chart = Testing.chart();
      const rollout = new Rollout(chart, 'r', { containers: addLate ? [] : [demoContainer], strategy: RolloutStrategy.blueGreen() });
      if (addLate) rollout.addContainer(demoContainer);
      rollout.podMetadata.addLabel('team', 'web');
      return JSON.stringify(synth(chart));
    };
    expect(build(true)).toEqual(build(false));
  });

  test('nothing given is dropped (the int-or-string trap)', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [demoContainer],
      strategy: RolloutStrategy.canary({
        maxSurge: kplus.PercentOrAbsolute.percent(30),
        maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
        steps: [CanaryStep.setWeight(10), CanaryStep.pause(Duration.minutes(1))],
      }),
    });
    const flat = leaves(synth(chart)[0]);
    expect(flat).toEqual(expect.arrayContaining([
      'spec.strategy.canary.maxSurge="30%"',
      'spec.strategy.canary.maxUnavailable=1',
      'spec.strategy.canary.steps.1.pause.duration="1m"',
    ]));
  });

  test('HPA: a Rollout is scalable and then has no replicas', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', {
      containers: [{ ...demoContainer, resources: { cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.millis(200) } } }],
    });
    new kplus.HorizontalPodAutoscaler(chart, 'hpa', { target: rollout, maxReplicas: 10 });
    const manifests = synth(chart);
    const r = manifests.find(m => m.kind === 'Rollout');
    const hpa = manifests.find(m => m.kind === 'HorizontalPodAutoscaler');
    expect(r.spec.replicas).toBeUndefined();
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: r.metadata.name });
  });

  test('a cdk8s-plus Service can select the Rollout', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { containers: [demoContainer], select: false, podMetadata: { labels: { app: 'x' } } });
    const svc = new kplus.Service(chart, 'svc', { selector: rollout, ports: [{ port: 80, targetPort: 8080 }] });
    expect(svc).toBeDefined();
    expect(synth(chart).find(m => m.kind === 'Service').spec.selector).toEqual({ app: 'x' });
  });

  describe('errors', () => {
    test('fails when progressDeadline is not above minReady', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { minReady: Duration.minutes(20), containers: [demoContainer] }))
        .toThrow(/'progressDeadline' \(600s\) must be greater than 'minReady' \(1200s\)/);
    });
    test('fails on negative replicas', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { replicas: -1, containers: [demoContainer] })).toThrow(/'replicas' must be an integer >= 0, got -1/);
    });
    test('fails on negative revisionHistoryLimit', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { revisionHistoryLimit: -2 })).toThrow(/'revisionHistoryLimit' must be an integer >= 0, got -2/);
    });
    test('fails on fractional durations', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { minReady: Duration.millis(1500) })).toThrow(/'minReady' must be a whole number of seconds, got 1.5s/);
    });
    test('fails on an invalid restartAt', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { restartAt: new Date('nope') })).toThrow("new Rollout(): 'props.restartAt' is an invalid Date (its time is NaN).");
    });
    test('fails at synth without containers, naming the path and the rule', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'empty');
      expect(() => synth(chart)).toThrow(/\[V07\] Rollout test\/empty has no containers/);
    });
    test('fails at synth on a restart policy other than Always', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [demoContainer], restartPolicy: kplus.RestartPolicy.NEVER });
      expect(() => synth(chart)).toThrow(/\[V08\] spec\.template\.spec\.restartPolicy/);
    });
  });
});

describe('object names at synth (issue 10, item 6)', () => {
  const rolloutIn = (chart: any, name: string) => new Rollout(chart, 'web', {
    metadata: { name },
    containers: [demoContainer],
    strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause()] }),
  });

  test.each(['Bad_Name', 'a'.repeat(300)])('a Rollout named %p fails synth', name => {
    const chart = Testing.chart();
    rolloutIn(chart, name);
    expect(() => synth(chart)).toThrow(/\[S07\] metadata\.name: .*not a valid Rollout name/);
  });

  test('a Rollout in namespace "Bad NS" fails synth', () => {
    const chart = new Chart(Testing.app(), 'test', { namespace: 'Bad NS' });
    rolloutIn(chart, 'web');
    expect(() => synth(chart)).toThrow(/\[S07\] metadata\.namespace: metadata\.namespace "Bad NS" is not a valid namespace/);
  });
});

describe('Rollout pod template validation at synth (V07)', () => {
  test('fails on an environment variable name with "="', () => {
    // GIVEN
    const chart = Testing.chart();
    // WHEN
    new Rollout(chart, 'web', {
      containers: [{ ...demoContainer, envVariables: { 'A=B': kplus.EnvValue.fromValue('x') } }],
    });
    // THEN
    expect(() => synth(chart)).toThrow(/\[V07\] spec\.template\.spec\.containers\[0\]\.env\[0\]\.name: The environment variable name is "A=B", which is not valid/);
  });

  test('fails on a cpu request above its limit', () => {
    // GIVEN
    const chart = Testing.chart();
    // WHEN
    new Rollout(chart, 'web', {
      containers: [{
        ...demoContainer,
        resources: { cpu: { request: kplus.Cpu.units(2), limit: kplus.Cpu.units(1) } },
      }],
    });
    // THEN
    expect(() => synth(chart)).toThrow(/\[V07\] spec\.template\.spec\.containers\[0\]\.resources\.requests\.cpu: The cpu request "2" is greater than its limit "1"/);
  });

  test('the cdk8s-plus default pod template passes', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'web', { containers: [demoContainer] });
    expect(() => synth(chart)).not.toThrow();
  });
});
