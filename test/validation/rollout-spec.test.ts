import { expectFinding, expectNoFinding, findingsOf, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

describe('Rollout spec (V01-V13)', () => {
  test('the fixture is valid', () => {
    expect(validateManifests([validRollout()])).toEqual([]);
  });

  describe('V01 replicas', () => {
    test('negative replicas are reported', () => {
      const rollout = validRollout();
      rollout.spec.replicas = -2;
      const finding = expectFinding('V01', [rollout], 'spec.replicas', '-2');
      expect(finding).toMatchObject({ documentIndex: 0, kind: 'Rollout', name: 'web', value: -2 });
      expect(finding.namespace).toBeUndefined();
    });

    test('zero and absent replicas pass', () => {
      const zero = validRollout();
      zero.spec.replicas = 0;
      const absent = validRollout();
      delete absent.spec.replicas;
      expectNoFinding('V01', [zero, absent]);
    });
  });

  describe('V02 selector missing', () => {
    test('no selector and no workloadRef', () => {
      const rollout = validRollout();
      delete rollout.spec.selector;
      expectFinding('V02', [rollout], 'spec.selector', 'workloadRef');
      // the selector rules that need a selector stay quiet
      expectNoFinding('V06', [rollout]);
    });

    test('a workloadRef replaces the selector', () => {
      const rollout = validRollout();
      delete rollout.spec.selector;
      delete rollout.spec.template;
      rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
      expect(validateManifests([rollout])).toEqual([]);
    });
  });

  describe('V03 empty selector', () => {
    test('a selector without matchLabels and matchExpressions', () => {
      const rollout = validRollout();
      rollout.spec.selector = { matchLabels: {} };
      expectFinding('V03', [rollout], 'spec.selector', '{"matchLabels":{}}');
    });

    test('matchExpressions alone are enough', () => {
      const rollout = validRollout();
      rollout.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] };
      expectNoFinding('V03', [rollout]);
      expect(validateManifests([rollout])).toEqual([]);
    });
  });

  describe('V04 malformed selector', () => {
    test('an unknown operator', () => {
      const rollout = validRollout();
      rollout.spec.selector.matchExpressions = [{ key: 'app', operator: 'Equals', values: ['web'] }];
      expectFinding('V04', [rollout], 'spec.selector.matchExpressions[0].operator', '"Equals"');
    });

    test('In without values and Exists with values', () => {
      const rollout = validRollout();
      rollout.spec.selector.matchExpressions = [
        { key: 'tier', operator: 'NotIn', values: [] },
        { key: 'app', operator: 'Exists', values: ['web'] },
      ];
      expectFinding('V04', [rollout], 'spec.selector.matchExpressions[0].values', 'NotIn');
      expectFinding('V04', [rollout], 'spec.selector.matchExpressions[1].values', '["web"]');
    });

    test('invalid label keys and values', () => {
      const rollout = validRollout();
      rollout.spec.selector = {
        matchLabels: { 'app': 'web', 'bad key!': 'x', 'tier': 'not valid!' },
        matchExpressions: [{ key: 'a/b/c', operator: 'In', values: ['-dash'] }],
      };
      const labelFindings = findingsOf('V04', [rollout]).filter(f => f.path === 'spec.selector.matchLabels');
      expect(labelFindings.map(f => f.value)).toEqual(['bad key!', 'not valid!']);
      expectFinding('V04', [rollout], 'spec.selector.matchExpressions[0].key', '"a/b/c"');
      expectFinding('V04', [rollout], 'spec.selector.matchExpressions[0].values[0]', '"-dash"');
      // a selector that does not convert is not matched against the template (V06)
      expectNoFinding('V06', [rollout]);
    });

    test('a selector that is not an object', () => {
      const rollout = validRollout();
      rollout.spec.selector = 'app=web';
      expectFinding('V04', [rollout], 'spec.selector', '"app=web"');
    });

    test('valid expressions with prefixed keys pass', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.labels['example.com/tier'] = 'front';
      rollout.spec.selector.matchExpressions = [
        { key: 'example.com/tier', operator: 'In', values: ['front', 'edge'] },
        { key: 'track', operator: 'DoesNotExist' },
      ];
      expect(validateManifests([rollout])).toEqual([]);
    });
  });

  describe('V05 workloadRef with template metadata', () => {
    test('labels next to a workloadRef', () => {
      const rollout = validRollout();
      delete rollout.spec.template.spec;
      rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
      expectFinding('V05', [rollout], 'spec.template.metadata', '"app":"web"');
    });

    test('an empty template next to a workloadRef passes', () => {
      const rollout = validRollout();
      rollout.spec.template = { metadata: { labels: {} } };
      rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
      expectNoFinding('V05', [rollout]);
    });
  });

  describe('V06 selector vs template labels', () => {
    test('a matchLabels value differing from the template', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.labels.app = 'api';
      const finding = expectFinding('V06', [rollout], 'spec.template.metadata.labels', '"api"');
      expect(finding.fix).toContain('app: web');
    });

    test('a missing label and a failing expression', () => {
      const rollout = validRollout();
      rollout.spec.selector.matchLabels.tier = 'front';
      rollout.spec.selector.matchExpressions = [{ key: 'app', operator: 'NotIn', values: ['web'] }];
      const findings = findingsOf('V06', [rollout]);
      expect(findings.map(f => f.value)).toEqual([{ tier: 'front' }, { key: 'app', operator: 'NotIn', values: ['web'] }]);
      expect(findings[0].message).toContain('"tier"');
    });

    test('template labels may be a superset of the selector', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.labels.version = 'v1';
      rollout.spec.selector.matchExpressions = [{ key: 'version', operator: 'Exists' }, { key: 'canary', operator: 'DoesNotExist' }];
      expectNoFinding('V06', [rollout]);
    });
  });

  describe('V07 pod template', () => {
    const POD = 'spec.template.spec';

    test('no containers', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.containers = [];
      expectFinding('V07', [rollout], `${POD}.containers`, '[]');
    });

    test('no pod spec at all', () => {
      const rollout = validRollout();
      delete rollout.spec.template.spec;
      expectFinding('V07', [rollout], POD, 'not set');
    });

    test('container names: invalid, empty and duplicated across init containers', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.containers.push({ name: 'Side_Car', image: 'busybox' }, { name: '', image: 'busybox' });
      rollout.spec.template.spec.initContainers = [{ name: 'web', image: 'busybox' }];
      expectFinding('V07', [rollout], `${POD}.containers[1].name`, '"Side_Car"');
      expectFinding('V07', [rollout], `${POD}.containers[2].name`, '""');
      const duplicate = expectFinding('V07', [rollout], `${POD}.initContainers[0].name`, '"web"');
      expect(duplicate.message).toContain(`${POD}.containers[0]`);
    });

    test('empty image', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.containers[0].image = '';
      expectFinding('V07', [rollout], `${POD}.containers[0].image`, '""');
    });

    test('ports: range, host port, names and protocol', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.containers[0].ports = [
        { name: 'http', containerPort: 70000 },
        { name: 'metrics--port', containerPort: 9090, hostPort: -1 },
        { name: 'http', containerPort: 8081, protocol: 'HTTP' },
        { containerPort: 0 },
      ];
      rollout.spec.template.spec.containers.push({ name: 'side', image: 'busybox', ports: [{ name: '1234', containerPort: 1234 }] });
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[0].containerPort`, '70000');
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[1].name`, '"metrics--port"');
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[1].hostPort`, '-1');
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[2].name`, '"http"');
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[2].protocol`, '"HTTP"');
      expectFinding('V07', [rollout], `${POD}.containers[0].ports[3].containerPort`, '0');
      expectFinding('V07', [rollout], `${POD}.containers[1].ports[0].name`, '"1234"');
    });

    test('port names must be unique within a container; Kubernetes allows the same name in two containers', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.containers.push({ name: 'side', image: 'busybox', ports: [{ name: 'http', containerPort: 9000 }] });
      expectNoFinding('V07', [rollout]);
    });

    test('env names, volumes and volume mounts', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.volumes = [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }, { name: 'Cache', emptyDir: {} }];
      rollout.spec.template.spec.containers[0].env = [{ name: 'MODE', value: 'x' }, { value: 'no-name' }];
      rollout.spec.template.spec.containers[0].volumeMounts = [{ name: 'data', mountPath: '/data' }, { name: 'logs', mountPath: '' }];
      expectFinding('V07', [rollout], `${POD}.containers[0].env[1].name`, '"no-name"');
      expectFinding('V07', [rollout], `${POD}.containers[0].volumeMounts[1].name`, '"logs"');
      expectFinding('V07', [rollout], `${POD}.containers[0].volumeMounts[1].mountPath`, '""');
      expectFinding('V07', [rollout], `${POD}.volumes[1].name`, '"data"');
      expectFinding('V07', [rollout], `${POD}.volumes[2].name`, '"Cache"');
    });

    test('template label and annotation keys and values', () => {
      const rollout = validRollout();
      rollout.spec.template.metadata.labels['my label'] = 'x';
      rollout.spec.template.metadata.labels.version = 'a'.repeat(64);
      rollout.spec.template.metadata.annotations = { 'example.com/Owner': 'team', '/bad': 'x', 'count': 3 };
      const labels = findingsOf('V07', [rollout]).filter(f => f.path === 'spec.template.metadata.labels');
      expect(labels.map(f => f.value)).toEqual(['my label', 'a'.repeat(64)]);
      const annotations = findingsOf('V07', [rollout]).filter(f => f.path === 'spec.template.metadata.annotations');
      expect(annotations.map(f => f.value)).toEqual(['/bad', 3]);
      expect(annotations[0].message).toContain('"/bad"');
    });

    test('a full valid pod passes, including privileged and init containers', () => {
      const rollout = validRollout();
      const pod = rollout.spec.template.spec;
      pod.volumes = [{ name: 'data', emptyDir: {} }];
      pod.initContainers = [{ name: 'init', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }];
      pod.containers[0].securityContext = { privileged: true };
      pod.containers[0].env = [{ name: 'MODE', value: 'x' }];
      pod.containers[0].ports.push({ name: 'metrics-1', containerPort: 9090, hostPort: 9090, protocol: 'UDP' });
      rollout.spec.template.metadata.annotations = { 'example.com/owner': 'team' };
      expect(validateManifests([rollout])).toEqual([]);
    });

    test('a workloadRef skips the pod template checks', () => {
      const rollout = validRollout();
      delete rollout.spec.template;
      rollout.spec.workloadRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
      expectNoFinding('V07', [rollout]);
    });
  });

  describe('V08 restartPolicy', () => {
    test('OnFailure is reported', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.restartPolicy = 'OnFailure';
      expectFinding('V08', [rollout], 'spec.template.spec.restartPolicy', '"OnFailure"');
    });

    test('Always and empty pass', () => {
      const always = validRollout();
      always.spec.template.spec.restartPolicy = 'Always';
      const empty = validRollout();
      empty.spec.template.spec.restartPolicy = '';
      expectNoFinding('V08', [always, empty]);
    });
  });

  describe('V09 activeDeadlineSeconds', () => {
    test('any value is reported', () => {
      const rollout = validRollout();
      rollout.spec.template.spec.activeDeadlineSeconds = 300;
      expectFinding('V09', [rollout], 'spec.template.spec.activeDeadlineSeconds', '300');
    });

    test('absent passes', () => {
      expectNoFinding('V09', [validRollout()]);
    });
  });

  describe('V10-V12 non-negative fields', () => {
    test.each([
      ['V10', 'minReadySeconds'],
      ['V11', 'revisionHistoryLimit'],
      ['V12', 'progressDeadlineSeconds'],
    ])('%s: negative %s', (ruleId, field) => {
      const rollout = validRollout();
      rollout.spec[field] = -5;
      expectFinding(ruleId, [rollout], `spec.${field}`, '-5');
    });

    test.each([
      ['V10', 'minReadySeconds'],
      ['V11', 'revisionHistoryLimit'],
      ['V12', 'progressDeadlineSeconds'],
    ])('%s: zero or positive %s passes', (ruleId, field) => {
      const rollout = validRollout();
      rollout.spec[field] = field === 'progressDeadlineSeconds' ? 1 : 0;
      expectNoFinding(ruleId, [rollout]);
    });
  });

  describe('V13 progressDeadlineSeconds vs minReadySeconds', () => {
    test('minReadySeconds reaching the default deadline of 600', () => {
      const rollout = validRollout();
      rollout.spec.minReadySeconds = 600;
      const finding = expectFinding('V13', [rollout], 'spec.progressDeadlineSeconds', '600');
      expect(finding.message).toContain('default');
    });

    test('an explicit deadline below minReadySeconds', () => {
      const rollout = validRollout();
      rollout.spec.minReadySeconds = 30;
      rollout.spec.progressDeadlineSeconds = 20;
      expectFinding('V13', [rollout], 'spec.progressDeadlineSeconds', '20');
    });

    test('a deadline above minReadySeconds passes', () => {
      const rollout = validRollout();
      rollout.spec.minReadySeconds = 30;
      rollout.spec.progressDeadlineSeconds = 31;
      expectNoFinding('V13', [rollout]);
    });
  });
});
