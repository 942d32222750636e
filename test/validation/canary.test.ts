import { expectFinding, expectNoFinding, findingsOf, routedRollout, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

const CANARY = 'spec.strategy.canary';
const STEPS = `${CANARY}.steps`;

/** A valid canary with ALB ping-pong routing. */
function pingPongRollout(): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary = {
    pingPong: { pingService: 'web-ping', pongService: 'web-pong' },
    trafficRouting: { alb: { ingress: 'web', servicePort: 80, rootService: 'web-root' } },
    steps: [{ setWeight: 10 }],
  };
  return rollout;
}

/** A routed canary whose only step is `step`. */
function routedWithStep(step: any, routing?: any): any {
  const rollout = routedRollout();
  if (routing !== undefined) {
    rollout.spec.strategy.canary.trafficRouting = routing;
  }
  rollout.spec.strategy.canary.steps = [step];
  return rollout;
}

describe('Canary (V20-V46)', () => {
  test('the routed fixture is valid', () => {
    expect(validateManifests([routedRollout(), pingPongRollout()])).toEqual([]);
  });

  describe('V20 maxSurge and maxUnavailable', () => {
    test.each([
      [0, 0],
      ['0', '0%'],
      ['0%', 0],
    ])('maxSurge %p and maxUnavailable %p', (maxSurge, maxUnavailable) => {
      const rollout = validRollout();
      Object.assign(rollout.spec.strategy.canary, { maxSurge, maxUnavailable });
      const finding = expectFinding('V20', [rollout], `${CANARY}.maxSurge`, JSON.stringify(maxSurge));
      expect(finding.message).toContain(JSON.stringify(maxUnavailable));
    });

    test('one zero next to the 25% default passes', () => {
      const noSurge = validRollout();
      noSurge.spec.strategy.canary.maxSurge = 0;
      const oneUnavailable = validRollout();
      Object.assign(oneUnavailable.spec.strategy.canary, { maxSurge: '0%', maxUnavailable: 1 });
      expectNoFinding('V20', [noSurge, oneUnavailable]);
    });
  });

  describe('V21 canary and stable Services', () => {
    test('the same Service twice', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.canaryService = 'web-stable';
      expectFinding('V21', [rollout], `${CANARY}.stableService`, '"web-stable"');
    });

    test('different Services pass', () => {
      expectNoFinding('V21', [routedRollout()]);
    });
  });

  describe('V22-V26 ping-pong', () => {
    test('V22: ping-pong with a router other than alb or istio', () => {
      const rollout = pingPongRollout();
      rollout.spec.strategy.canary.trafficRouting = { nginx: { stableIngress: 'web' } };
      expectFinding('V22', [rollout], `${CANARY}.trafficRouting`, 'nginx');
    });

    test('V22: ping-pong with istio passes', () => {
      const rollout = pingPongRollout();
      rollout.spec.strategy.canary.trafficRouting = { istio: { virtualService: { name: 'web' } } };
      expectNoFinding('V22', [rollout]);
    });

    test('V23, V24: empty ping and pong Services', () => {
      const rollout = pingPongRollout();
      rollout.spec.strategy.canary.pingPong = { pingService: '' };
      expectFinding('V23', [rollout], `${CANARY}.pingPong.pingService`, '""');
      expectFinding('V24', [rollout], `${CANARY}.pingPong.pongService`, 'not set');
      expectNoFinding('V25', [rollout]);
    });

    test('V23, V24: named ping and pong Services pass', () => {
      expectNoFinding('V23', [pingPongRollout()]);
      expectNoFinding('V24', [pingPongRollout()]);
    });

    test('V25: ping and pong are the same Service', () => {
      const rollout = pingPongRollout();
      rollout.spec.strategy.canary.pingPong.pongService = 'web-ping';
      expectFinding('V25', [rollout], `${CANARY}.pingPong.pingService`, '"web-ping"');
    });

    test('V26: alb ping-pong without rootService', () => {
      const rollout = pingPongRollout();
      rollout.spec.strategy.canary.trafficRouting.alb.rootService = '';
      expectFinding('V26', [rollout], `${CANARY}.trafficRouting.alb.rootService`, '""');
    });

    test('V26: alb without ping-pong needs no rootService', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.trafficRouting = { alb: { ingress: 'web', servicePort: 80 } };
      expectNoFinding('V26', [rollout]);
    });
  });

  describe('V27 canary and stable Services required by routing', () => {
    test.each(['alb', 'smi', 'apisix', 'ambassador', 'nginx', 'appMesh', 'traefik'])('%s without Services', router => {
      const rollout = routedRollout();
      delete rollout.spec.strategy.canary.canaryService;
      delete rollout.spec.strategy.canary.stableService;
      rollout.spec.strategy.canary.trafficRouting = { [router]: {} };
      const findings = findingsOf('V27', [rollout]);
      expect(findings.map(f => f.path)).toEqual([`${CANARY}.stableService`, `${CANARY}.canaryService`]);
      expect(findings[0].message).toContain(router);
    });

    test('istio host-level split without canaryService', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.canaryService = '';
      expectFinding('V27', [rollout], `${CANARY}.canaryService`, '""');
    });

    test('not needed for istio subset-level, plugins, ping-pong or no routing', () => {
      const subset = routedRollout();
      subset.spec.strategy.canary = {
        trafficRouting: { istio: { virtualService: { name: 'web' }, destinationRule: { name: 'web', canarySubsetName: 'c', stableSubsetName: 's' } } },
        steps: [{ setWeight: 10 }],
      };
      const plugins = routedRollout();
      plugins.spec.strategy.canary = { trafficRouting: { plugins: { 'argoproj-labs/gatewayAPI': {} } }, steps: [{ setWeight: 10 }] };
      expectNoFinding('V27', [subset, plugins, pingPongRollout(), validRollout()]);
    });
  });

  describe('V28-V31 routing-only options', () => {
    test('V28: scaleDownDelaySeconds without routing', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.scaleDownDelaySeconds = 30;
      expectFinding('V28', [rollout], `${CANARY}.scaleDownDelaySeconds`, '30');
    });

    test('V28: scaleDownDelaySeconds with routing passes', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.scaleDownDelaySeconds = 30;
      expectNoFinding('V28', [rollout]);
    });

    test('V29: dynamicStableScale without routing', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.dynamicStableScale = true;
      expectFinding('V29', [rollout], `${CANARY}.dynamicStableScale`, 'dynamicStableScale is true');
    });

    test('V29: dynamicStableScale false without routing passes', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.dynamicStableScale = false;
      expectNoFinding('V29', [rollout]);
    });

    test('V30: dynamicStableScale with scaleDownDelaySeconds', () => {
      const rollout = routedRollout();
      Object.assign(rollout.spec.strategy.canary, { dynamicStableScale: true, scaleDownDelaySeconds: 45 });
      expectFinding('V30', [rollout], `${CANARY}.dynamicStableScale`, '45');
    });

    test('V30: dynamicStableScale alone passes', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.dynamicStableScale = true;
      expectNoFinding('V30', [rollout]);
    });

    test('V31: maxTrafficWeight with istio', () => {
      const rollout = routedRollout();
      rollout.spec.strategy.canary.trafficRouting.maxTrafficWeight = 1000;
      const finding = expectFinding('V31', [rollout], `${CANARY}.trafficRouting.maxTrafficWeight`, '1000');
      expect(finding.message).toContain('istio');
    });

    test('V31: maxTrafficWeight with nginx or plugins passes', () => {
      const nginx = routedRollout();
      nginx.spec.strategy.canary.trafficRouting = { nginx: { stableIngress: 'web' }, maxTrafficWeight: 1000 };
      const plugins = routedRollout();
      plugins.spec.strategy.canary.trafficRouting = { plugins: { 'example/router': {} }, maxTrafficWeight: 1000 };
      expectNoFinding('V31', [nginx, plugins]);
    });
  });

  describe('V32-V35 step kinds, weights and pauses', () => {
    test('V32: a step without a kind', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps.push({ replicaProgressThreshold: { type: 'Percent', value: 50 } }, { pause: null });
      expectFinding('V32', [rollout], `${STEPS}[4]`, 'replicaProgressThreshold');
      const finding = expectFinding('V32', [rollout], `${STEPS}[5]`, '"pause":null');
      // the kinds in the plan's order (their rows' nameRank, src/private/step-kinds.ts)
      expect(finding.fix).toBe('Give the step one of setWeight, pause, analysis, experiment, setCanaryScale, setHeaderRoute, setMirrorRoute or plugin, or remove it.');
    });

    test('V32: every step kind alone passes', () => {
      const rollout = routedWithStep({ setWeight: 5 });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'r' }];
      rollout.spec.strategy.canary.steps = [
        { setWeight: 5 }, { pause: {} }, { analysis: { templates: [{ templateName: 't' }] } },
        { experiment: { templates: [{ name: 'e', specRef: 'canary' }] } }, { setCanaryScale: { replicas: 1 } },
        { setHeaderRoute: { name: 'r' } }, { setMirrorRoute: { name: 'r' } }, { plugin: { name: 'example/step' } },
      ];
      expect(validateManifests([rollout])).toEqual([]);
    });

    test('V33: setWeight and pause in one step', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ setWeight: 20, pause: { duration: 10 } }];
      const finding = expectFinding('V33', [rollout], `${STEPS}[0]`, 'setWeight and pause');
      expect(finding.value).toEqual(['setWeight', 'pause']);
    });

    test('V33: the exclusive kinds in their rows\' order, whatever the step\'s', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ analysis: { templates: [{ templateName: 't' }] }, experiment: { templates: [] }, pause: {}, setWeight: 20 }];
      const finding = expectFinding('V33', [rollout], `${STEPS}[0]`, 'setWeight, pause, experiment and analysis together');
      expect(finding.message).toBe('The step sets setWeight, pause, experiment and analysis together; '
        + 'a step may set only one of setWeight, pause, experiment and analysis.');
      expect(finding.fix).toBe('Split it into 4 consecutive steps, one for each of setWeight, pause, experiment and analysis.');
    });

    test('V33: setCanaryScale with setHeaderRoute in one step passes', () => {
      const rollout = routedWithStep({ setCanaryScale: { replicas: 1 }, setHeaderRoute: { name: 'r' } });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'r' }];
      expectNoFinding('V33', [rollout]);
      expect(validateManifests([rollout])).toEqual([]);
    });

    test('V34: weights outside 0..100', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ setWeight: -1 }, { setWeight: 101 }];
      const low = expectFinding('V34', [rollout], `${STEPS}[0].setWeight`, '-1');
      expect(low.fix).toBe('Use a weight between 0 and 100 (maxTrafficWeight).');
      expectFinding('V34', [rollout], `${STEPS}[1].setWeight`, '101');
    });

    test('V34: the limit follows maxTrafficWeight', () => {
      const rollout = routedWithStep({ setWeight: 1001 }, { nginx: { stableIngress: 'web' }, maxTrafficWeight: 1000 });
      const finding = expectFinding('V34', [rollout], `${STEPS}[0].setWeight`, '1001');
      expect(finding.fix).toContain('1000');
      rollout.spec.strategy.canary.steps = [{ setWeight: 1000 }, { setWeight: 0 }];
      expectNoFinding('V34', [rollout]);
    });

    test.each([-5, '-5', '-5s', '1d', '10 s', '', '1.5.5h', 'abc'])('V35: pause duration %p', duration => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ pause: { duration } }];
      expectFinding('V35', [rollout], `${STEPS}[0].pause.duration`, JSON.stringify(duration));
    });

    test.each([0, 30, '10', '30s', '1m30s', '1.5h', '300ms', '+5m', '0', '-500ms'])('V35: pause duration %p passes', duration => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ pause: { duration } }, { pause: {} }];
      expectNoFinding('V35', [rollout]);
    });
  });

  describe('V36 setCanaryScale', () => {
    test('without routing', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ setCanaryScale: { weight: 25 } }];
      expectFinding('V36', [rollout], `${STEPS}[0].setCanaryScale`, '{"weight":25}');
    });

    test('with routing passes', () => {
      expectNoFinding('V36', [routedWithStep({ setCanaryScale: { matchTrafficWeight: true } })]);
    });
  });

  describe('V37-V39 header routes', () => {
    const header = (headerValue: any) => ({ setHeaderRoute: { name: 'r', match: [{ headerName: 'x-canary', headerValue }] } });

    test('V37: without routing', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [header({ exact: 'yes' })];
      expectFinding('V37', [rollout], `${STEPS}[0].setHeaderRoute`, 'no trafficRouting');
    });

    test('V37: with nginx only', () => {
      const rollout = routedWithStep(header({ exact: 'yes' }), { nginx: { stableIngress: 'web' }, managedRoutes: [{ name: 'r' }] });
      expectFinding('V37', [rollout], `${STEPS}[0].setHeaderRoute`, 'nginx');
      expectNoFinding('V38', [rollout]);
    });

    test('V37: apisix and plugins pass', () => {
      const apisix = routedWithStep(header({ exact: 'yes' }), { apisix: { route: { name: 'r' } }, managedRoutes: [{ name: 'r' }] });
      const plugins = routedWithStep(header({ exact: 'yes' }), { plugins: { 'example/router': {} }, managedRoutes: [{ name: 'r' }] });
      expectNoFinding('V37', [apisix, plugins]);
    });

    test.each([
      [undefined, 'not set'],
      [{}, '{}'],
      [{ exact: 'a', prefix: 'b' }, '"prefix":"b"'],
      [{ exact: '' }, '{"exact":""}'],
    ])('V38: headerValue %p (istio)', (headerValue, mention) => {
      const rollout = routedWithStep(header(headerValue));
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'r' }];
      expectFinding('V38', [rollout], `${STEPS}[0].setHeaderRoute.match[0].headerValue`, mention);
    });

    test.each([{ exact: 'a' }, { regex: 'a.*' }, { prefix: 'a', exact: '' }])('V38: headerValue %p passes (istio)', headerValue => {
      // with the canary scaled in the step (V71)
      const rollout = routedWithStep({ setCanaryScale: { replicas: 1 }, ...header(headerValue) });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'r' }];
      expect(validateManifests([rollout])).toEqual([]);
    });

    test('V38: a missing headerValue with alb', () => {
      const rollout = routedWithStep(header(undefined), { alb: { ingress: 'web', servicePort: 80 }, managedRoutes: [{ name: 'r' }] });
      expectFinding('V38', [rollout], `${STEPS}[0].setHeaderRoute.match[0].headerValue`, 'not set');
      expectNoFinding('V39', [rollout]);
    });

    test.each([{ regex: 'a.*' }, { exact: 'a', prefix: 'a' }, {}])('V39: alb headerValue %p', headerValue => {
      const rollout = routedWithStep(header(headerValue), { alb: { ingress: 'web', servicePort: 80 }, managedRoutes: [{ name: 'r' }] });
      expectFinding('V39', [rollout], `${STEPS}[0].setHeaderRoute.match[0].headerValue`, JSON.stringify(headerValue));
      expectNoFinding('V38', [rollout]);
    });

    test('V39: alb exact match passes', () => {
      const rollout = routedWithStep({ setCanaryScale: { replicas: 1 }, ...header({ exact: 'yes' }) }, { alb: { ingress: 'web', servicePort: 80 }, managedRoutes: [{ name: 'r' }] });
      expect(validateManifests([rollout])).toEqual([]);
    });
  });

  describe('V40-V41 mirror routes', () => {
    test('V40: mirror route with alb', () => {
      const rollout = routedWithStep({ setMirrorRoute: { name: 'm' } }, { alb: { ingress: 'web', servicePort: 80 }, managedRoutes: [{ name: 'm' }] });
      expectFinding('V40', [rollout], `${STEPS}[0].setMirrorRoute`, 'alb');
    });

    test('V40: mirror route with istio passes', () => {
      const rollout = routedWithStep({ setMirrorRoute: { name: 'm', percentage: 50 } });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'm' }];
      expect(validateManifests([rollout])).toEqual([]);
    });

    test('V41: method and path with zero or two values', () => {
      const rollout = routedWithStep({ setMirrorRoute: { name: 'm', match: [{ method: {}, path: { exact: '/a', prefix: '/' } }] } });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'm' }];
      expectFinding('V41', [rollout], `${STEPS}[0].setMirrorRoute.match[0].method`, '{}');
      expectFinding('V41', [rollout], `${STEPS}[0].setMirrorRoute.match[0].path`, '"prefix":"/"');
    });

    test('V41: one value each passes', () => {
      const rollout = routedWithStep({ setMirrorRoute: { name: 'm', match: [{ method: { exact: 'GET' }, path: { prefix: '/api' } }, { path: { regex: '.*' } }] } });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'm' }];
      expectNoFinding('V41', [rollout]);
    });
  });

  describe('V42-V43 managed routes', () => {
    test('V42: route steps without managedRoutes, reported once', () => {
      const rollout = routedWithStep({ setHeaderRoute: { name: 'header' } });
      rollout.spec.strategy.canary.steps.push({ setMirrorRoute: { name: 'mirror' } });
      const finding = expectFinding('V42', [rollout], `${CANARY}.trafficRouting.managedRoutes`, 'steps[1].setMirrorRoute');
      expect(finding.fix).toContain('"header"');
      expect(finding.message).toContain('steps[0].setHeaderRoute and steps[1].setMirrorRoute create routes,');
      expectNoFinding('V43', [rollout]);
      const one = expectFinding('V42', [routedWithStep({ setHeaderRoute: { name: 'header' } })], `${CANARY}.trafficRouting.managedRoutes`, 'steps[0].setHeaderRoute');
      expect(one.message).toContain('steps[0].setHeaderRoute creates a route, but');
    });

    test('V42: no route steps, no managedRoutes needed', () => {
      expectNoFinding('V42', [routedRollout()]);
    });

    test('V43: a route name not listed, and an empty one', () => {
      const rollout = routedWithStep({ setHeaderRoute: { name: 'other' } });
      rollout.spec.strategy.canary.steps.push({ setMirrorRoute: {} });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'header' }];
      expectFinding('V43', [rollout], `${STEPS}[0].setHeaderRoute.name`, '"other"');
      expectFinding('V43', [rollout], `${STEPS}[1].setMirrorRoute.name`, '""');
    });

    test('V43: listed names pass', () => {
      const rollout = routedWithStep({ setHeaderRoute: { name: 'header' } });
      rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'header' }];
      expectNoFinding('V43', [rollout]);
    });
  });

  describe('V44-V45 experiment template weights', () => {
    const experiment = { experiment: { templates: [{ name: 'baseline', specRef: 'stable', weight: 5 }, { name: 'canary', specRef: 'canary' }] } };

    test('V44: weight without routing', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [experiment];
      expectFinding('V44', [rollout], `${STEPS}[0].experiment.templates[0].weight`, '5');
      expectNoFinding('V45', [rollout]);
    });

    test('V45: weight with nginx routing', () => {
      const rollout = routedWithStep(experiment, { nginx: { stableIngress: 'web' } });
      const finding = expectFinding('V45', [rollout], `${STEPS}[0].experiment.templates[0].weight`, '5');
      expect(finding.message).toContain('nginx');
      expectNoFinding('V44', [rollout]);
    });

    test('V44, V45: weight with istio, smi, alb or plugins passes', () => {
      const routers = [
        { istio: { virtualService: { name: 'web' } } },
        { smi: {} },
        { alb: { ingress: 'web', servicePort: 80 } },
        { plugins: { 'example/router': {} } },
      ];
      const rollouts = routers.map(routing => routedWithStep(experiment, routing));
      expect(validateManifests(rollouts)).toEqual([]);
    });
  });

  describe('V46 analysis argument field paths', () => {
    const arg = (fieldPath: string) => ({ name: 'x', valueFrom: { fieldRef: { fieldPath } } });

    test.each([
      'metadata.generateName',
      "metadata.labels['bad key']",
      "metadata.name['x']",
      'metadataX',
      "metadata.labels['']",
    ])('step analysis arg %p', fieldPath => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{ analysis: { templates: [{ templateName: 't' }], args: [arg('metadata.name'), arg(fieldPath)] } }];
      expectFinding('V46', [rollout], `${STEPS}[0].analysis.args[1].valueFrom.fieldRef.fieldPath`, JSON.stringify(fieldPath));
    });

    test('experiment analysis arg', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.steps = [{
        experiment: { templates: [{ name: 'c', specRef: 'canary' }], analyses: [{ name: 'a', templateName: 't', args: [arg('metadata.ownerReferences')] }] },
      }];
      expectFinding('V46', [rollout], `${STEPS}[0].experiment.analyses[0].args[0].valueFrom.fieldRef.fieldPath`, '"metadata.ownerReferences"');
    });

    test('resolvable paths pass, background analysis is not checked', () => {
      const rollout = validRollout();
      const args = [
        'metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.labels', 'metadata.annotations',
        "metadata.labels['app']", "metadata.annotations['example.com/Owner']", 'spec.template.spec.containers[0].image',
      ].map(arg);
      rollout.spec.strategy.canary.steps = [{ analysis: { templates: [{ templateName: 't' }], args } }];
      rollout.spec.strategy.canary.analysis = { templates: [{ templateName: 't' }], args: [arg('metadata.generateName')] };
      expectNoFinding('V46', [rollout]);
    });
  });
});

describe('an empty plugins map is no router (issue 10, item 5)', () => {
  // The controller counts the entries of trafficRouting.plugins; `plugins: {}` has none.
  const withRouting = (trafficRouting: any, steps: any[] = [{ setWeight: 10 }]) => {
    const rollout = validRollout();
    rollout.spec.strategy.canary = { canaryService: 'web-canary', stableService: 'web-stable', trafficRouting, steps };
    return rollout;
  };

  test('V31: maxTrafficWeight with plugins: {}', () => {
    const finding = expectFinding('V31', [withRouting({ plugins: {}, maxTrafficWeight: 1000 })], `${CANARY}.trafficRouting.maxTrafficWeight`, 'empty map');
    expect(finding.message).toContain('sets no router');
    expectNoFinding('V31', [withRouting({ plugins: { 'example/router': {} }, maxTrafficWeight: 1000 })]);
  });

  test('V37: setHeaderRoute with plugins: {}', () => {
    const step = { setHeaderRoute: { name: 'r', match: [{ headerName: 'x-canary', headerValue: { exact: 'yes' } }] } };
    const rollout = withRouting({ plugins: {}, managedRoutes: [{ name: 'r' }] }, [step]);
    expectFinding('V37', [rollout], `${STEPS}[0].setHeaderRoute`, 'empty map');
  });

  test('V45: experiment weight with plugins: {}', () => {
    const step = { experiment: { templates: [{ name: 'baseline', specRef: 'stable', weight: 5 }] } };
    expectFinding('V45', [withRouting({ plugins: {} }, [step])], `${STEPS}[0].experiment.templates[0].weight`, 'empty map');
    expectNoFinding('V45', [withRouting({ plugins: { 'example/router': null } }, [step])]);
  });
});
