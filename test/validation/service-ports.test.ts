import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { blueGreenRollout, expectFinding, expectNoFinding, findingsOf, routedRollout, service, validRollout } from './helpers';
import { Rollout, RolloutStrategy, StrategyService } from '../../src';
import { FindingSeverity } from '../../src/validation/types';
import { stderrOf, synth } from '../util';

const STABLE = 'spec.strategy.canary.stableService';

/** A Service `name` selecting the web pods with the given ports. */
function serviceWithPorts(name: string, ports: any[]): any {
  const result = service(name);
  result.spec.ports = ports;
  return result;
}

/** The routed Rollout (port "http" = 8080 on its container), its canary Service, and a stable Service with `ports`. */
function withStablePorts(ports: any[], rollout = routedRollout()): any[] {
  return [rollout, serviceWithPorts('web-stable', ports), service('web-canary')];
}

describe('V70 Service port that no container declares', () => {
  test('the helpers\' Rollout and Services are clean', () => {
    expectNoFinding('V70', withStablePorts([{ port: 80, targetPort: 'http' }]));
    expectNoFinding('V70', [blueGreenRollout(), service('web-active'), service('web-preview')]);
  });

  test('a named targetPort that no container declares is an error', () => {
    const finding = expectFinding('V70', withStablePorts([{ name: 'web', port: 80, targetPort: 'metrics' }]), STABLE, '"metrics"');
    expect(finding.severity ?? FindingSeverity.ERROR).toBe(FindingSeverity.ERROR);
    expect(finding.message).toContain('"web-stable" port "web"');
    expect(finding.message).toContain('declared: "http"');
    expect(finding.message).toContain('no endpoints');
    expect(finding.fix).toContain('Name the container port "metrics"');
    expect(finding.value).toBe('metrics');
  });

  test('a named targetPort when no container has ports at all is an error', () => {
    const rollout = routedRollout();
    delete rollout.spec.template.spec.containers[0].ports;
    const finding = expectFinding('V70', withStablePorts([{ port: 80, targetPort: 'http' }], rollout), STABLE, 'no port has a name');
    expect(finding.message).toContain('ports[0]');
  });

  test('a named targetPort declared with another protocol is an error', () => {
    const finding = expectFinding('V70', withStablePorts([{ port: 53, targetPort: 'http', protocol: 'UDP' }]), STABLE, 'only with protocol TCP');
    expect(finding.fix).toContain('with protocol UDP');
  });

  test('a numeric targetPort that no container declares, with other ports declared, is a warning', () => {
    const finding = expectFinding('V70', withStablePorts([{ port: 80, targetPort: 9090 }]), STABLE, '9090');
    expect(finding.severity).toBe(FindingSeverity.WARNING);
    expect(finding.message).toContain('declared: 8080');
    expect(finding.value).toBe(9090);
    expectNoFinding('V70', withStablePorts([{ port: 80, targetPort: 8080 }]));
  });

  test('a numeric targetPort when no container declares any port is clean', () => {
    const rollout = routedRollout();
    delete rollout.spec.template.spec.containers[0].ports;
    const canary = serviceWithPorts('web-canary', [{ port: 80 }]);
    expectNoFinding('V70', [rollout, serviceWithPorts('web-stable', [{ port: 80, targetPort: 9090 }]), canary]);
    expectNoFinding('V70', [rollout, serviceWithPorts('web-stable', [{ port: 80 }]), canary]);
  });

  test('without a targetPort (or with 0 or ""), the port number is the target', () => {
    const finding = expectFinding('V70', withStablePorts([{ port: 80 }]), STABLE, 'container port 80');
    expect(finding.severity).toBe(FindingSeverity.WARNING);
    expectNoFinding('V70', withStablePorts([{ port: 8080 }]));
    expectNoFinding('V70', withStablePorts([{ port: 8080, targetPort: '' }]));
    expect(findingsOf('V70', withStablePorts([{ port: 80, targetPort: 0 }]))).toHaveLength(1);
  });

  test('the port of a sidecar (init container with restartPolicy Always) counts; that of a plain init container does not', () => {
    const sidecar = { name: 'proxy', image: 'envoy:1', restartPolicy: 'Always', ports: [{ name: 'proxy', containerPort: 15001 }] };
    const rollout = routedRollout();
    rollout.spec.template.spec.initContainers = [sidecar];
    expectNoFinding('V70', withStablePorts([{ port: 80, targetPort: 'proxy' }, { name: 'b', port: 81, targetPort: 15001 }], rollout));

    const plain = routedRollout();
    plain.spec.template.spec.initContainers = [{ ...sidecar, restartPolicy: undefined }];
    expectFinding('V70', withStablePorts([{ port: 80, targetPort: 'proxy' }], plain), STABLE, '"proxy"');
  });

  test('each Service named once, every role', () => {
    const findings = findingsOf('V70', [blueGreenRollout(), serviceWithPorts('web-active', [{ port: 80, targetPort: 'api' }]),
      serviceWithPorts('web-preview', [{ port: 80, targetPort: 'api' }])]);
    expect(findings.map(f => f.path)).toEqual(['spec.strategy.blueGreen.activeService', 'spec.strategy.blueGreen.previewService']);
  });

  test('with a workloadRef, the ports of the referenced Deployment are used; without it, nothing is reported', () => {
    const rollout = validRollout();
    delete rollout.spec.template;
    rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-deploy' };
    rollout.spec.strategy.canary = { ...routedRollout().spec.strategy.canary };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web-deploy' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ name: 'grpc', containerPort: 9000 }] }] } },
      },
    };
    const finding = expectFinding('V70', [rollout, deployment, service('web-stable'), serviceWithPorts('web-canary', [{ port: 80, targetPort: 'grpc' }])],
      STABLE, 'Deployment "web-deploy"');
    expect(finding.message).toContain('declared: "grpc"');
    expectNoFinding('V70', [rollout, deployment, serviceWithPorts('web-stable', [{ port: 80, targetPort: 'grpc' }])]);
    expectNoFinding('V70', [rollout, service('web-stable')]);
  });

  describe('at synth', () => {
    const container = { name: 'app', image: 'app:1', ports: [{ name: 'http', number: 8080 }] };

    /** A Rollout whose active Service is a cdk8s-plus Service targeting `targetPort` (cdk8s-plus Services take numbers only). */
    function rolloutWithActive(targetPort: number, strict = false): kplus.Service {
      const app = Testing.app();
      if (strict) {
        app.node.setContext('argo-rollouts:warningsAsErrors', true);
      }
      const chart = new Chart(app, 'test');
      const mine = new kplus.Service(chart, 'mine', { metadata: { name: 'mine' }, ports: [{ port: 80, targetPort }], selector: kplus.Pods.select(chart, 'p', { labels: { app: 'web' } }) });
      new Rollout(chart, 'r', {
        metadata: { name: 'web' },
        containers: [container],
        select: false,
        podMetadata: { labels: { app: 'web' } },
        strategy: RolloutStrategy.blueGreen({ activeService: StrategyService.fromService(mine) }),
      });
      return mine;
    }

    test('StrategyService.fromService(kplusService) with a targetPort no container declares warns with the construct path', () => {
      const mine = rolloutWithActive(9090);
      expect(stderrOf(() => synth(mine.node.scope as Chart))).toMatch(/Rollout test\/r [\s\S]*\[V70 warning\] spec\.strategy\.blueGreen\.activeService: The Service "mine" port ports\[0\] sends to container port 9090/);
    });

    test('... and fails synth with the construct path when warnings are errors', () => {
      const mine = rolloutWithActive(9090, true);
      expect(() => synth(mine.node.scope as Chart)).toThrow(/Rollout test\/r [\s\S]*\[V70 warning\] spec\.strategy\.blueGreen\.activeService: The Service "mine" port ports\[0\]/);
    });

    test('a cdk8s-plus Service whose targetPort is a declared container port synthesizes', () => {
      const mine = rolloutWithActive(8080, true);
      expect(synth(mine.node.scope as Chart).filter((m: any) => m.kind === 'Service').map((m: any) => m.metadata.name)).toEqual(['mine', 'web-preview']);
    });

    test('a defined Service with given ports is checked; one with the container ports is clean', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', {
        metadata: { name: 'web' },
        containers: [container],
        strategy: RolloutStrategy.blueGreen({ activeService: StrategyService.define({ ports: [{ port: 80, targetPort: 8080 }] }) }),
      });
      expect(() => synth(chart)).not.toThrow();
      const wrong = Testing.chart();
      const rollout = new Rollout(wrong, 'r', { metadata: { name: 'web' }, containers: [container], strategy: RolloutStrategy.blueGreen({}) });
      rollout.activeService!.bind(81, { name: 'metrics', targetPort: 9090 });
      expect(stderrOf(() => synth(wrong))).toMatch(/\[V70 warning\] spec\.strategy\.blueGreen\.activeService: The Service "web-active" port "metrics" \(ports\[1\]\) sends to container port 9090/);
    });
  });
});
