// One source, one package per cdk8s-plus line (build-tools/plus-lines.js): the source names its line in
// two generated files only, and what the lines' pod APIs add beyond cdk8s-plus-27 reaches the Rollout's
// pods on the lines that have it (docs/cdk8s-plus-lines.md). The suite runs on the base line, or on any
// line with CDK8S_PLUS_LINE=NN; the differences are tested on whichever line it runs on.
import * as fs from 'fs';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Rollout, RolloutProps, RolloutStrategy } from '../src';
import { cdk8sPlusLine } from '../src/private/cdk8s-plus';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BASE_LINE, LINES, lineNumbers, lineSources, moduleOf, packageOf } = require('../build-tools/plus-lines');

const ROOT = path.join(__dirname, '..');
/** The line this run is on. */
const LINE: number = cdk8sPlusLine().kubernetesMinor;
/** The cdk8s-plus module as loaded (its types are the base line's to the compiler). */
const plus = kplus as unknown as { [name: string]: any };

describe('one source for every line', () => {
  test('the two files that name the line are what build-tools/plus-lines.js writes for the base line', () => {
    for (const [file, text] of Object.entries(lineSources(BASE_LINE) as { [file: string]: string })) {
      expect({ file, text: fs.readFileSync(path.join(ROOT, 'src', file), 'utf8') }).toEqual({ file, text });
    }
  });

  test('no other source file names a cdk8s-plus package', () => {
    const named = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true }).map(String)
      .filter(f => f.endsWith('.ts') && !f.startsWith('imports/') && !Object.keys(lineSources(BASE_LINE)).includes(f))
      .filter(f => /['"]cdk8s-plus-\d+['"/]/.test(fs.readFileSync(path.join(ROOT, 'src', f), 'utf8')));
    expect(named).toEqual([]);
  });

  test("the README's table of packages is the table of lines", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `(cdk8s-plus-\d+)` \| `([\w-]+)` \| `([^`]+)` \|$/gm)].map(m => m.slice(1, 4));
    expect(rows).toEqual(lineNumbers().map((line: number) => [moduleOf(line), packageOf(line), `${moduleOf(line)}@^${LINES[line].cdk8sPlus}`]));
  });

  test('the library knows the line it runs on, and its package there', () => {
    const expected = process.env.CDK8S_PLUS_LINE ? Number(process.env.CDK8S_PLUS_LINE) : BASE_LINE;
    expect(cdk8sPlusLine()).toEqual({ module: moduleOf(expected), kubernetesMinor: expected, library: packageOf(expected) });
    expect(lineNumbers()).toContain(expected);
  });
});

/** A Rollout with one container and `props` added, and its rendered pod spec. */
function podSpec(props: { [key: string]: unknown }, container: { [key: string]: unknown } = {}, initContainers?: { [key: string]: unknown }[]): any {
  const chart = new Chart(Testing.app(), 'test');
  new Rollout(chart, 'web', {
    containers: [{ image: 'ghcr.io/acme/web:1.0.0', portNumber: 8080, ...container }],
    ...(initContainers ? { initContainers } : {}),
    strategy: RolloutStrategy.canary({ steps: [] }),
    ...props,
  } as RolloutProps);
  return Testing.synth(chart).find(m => m.kind === 'Rollout')!.spec.template.spec;
}

/**
 * What a later line's cdk8s-plus adds to the pod API, by the line that first has it: on that line and
 * later the Rollout renders it; on an earlier line cdk8s-plus has no such API (so nothing is lost).
 */
const DIFFERENCES: { what: string; since: number; absent: () => boolean; rendered: () => void }[] = [
  {
    what: 'shareProcessNamespace (AbstractPodProps)',
    since: 32,
    absent: () => podSpec({ shareProcessNamespace: true }).shareProcessNamespace === undefined,
    rendered: () => {
      expect(podSpec({ shareProcessNamespace: true }).shareProcessNamespace).toBe(true);
      // cdk8s-plus-32 and later write `false` when it is not set; the Rollout leaves its defaults out, as on 27
      expect(podSpec({})).not.toHaveProperty('shareProcessNamespace');
    },
  },
  {
    what: 'enableServiceLinks (AbstractPodProps)',
    since: 32,
    absent: () => podSpec({ enableServiceLinks: false }).enableServiceLinks === undefined,
    rendered: () => expect(podSpec({ enableServiceLinks: false }).enableServiceLinks).toBe(false),
  },
  {
    what: 'sidecar init containers (ContainerProps.restartPolicy, ContainerRestartPolicy)',
    since: 32,
    absent: () => plus.ContainerRestartPolicy === undefined,
    rendered: () => {
      const spec = podSpec({}, {}, [{ name: 'proxy', image: 'ghcr.io/acme/proxy:1.0.0', restartPolicy: plus.ContainerRestartPolicy.ALWAYS }]);
      expect(spec.initContainers).toEqual([expect.objectContaining({ name: 'proxy', restartPolicy: 'Always' })]);
    },
  },
  {
    what: 'seccomp profiles (ContainerSecurityContextProps.seccompProfile, SeccompProfileType)',
    since: 32,
    absent: () => plus.SeccompProfileType === undefined,
    rendered: () => {
      const spec = podSpec({}, { securityContext: { seccompProfile: { type: plus.SeccompProfileType.RUNTIME_DEFAULT } } });
      expect(spec.containers[0].securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
    },
  },
  {
    what: 'gRPC probes (Probe.fromGrpc)',
    since: 32,
    absent: () => plus.Probe.fromGrpc === undefined,
    rendered: () => {
      const spec = podSpec({}, { readiness: plus.Probe.fromGrpc({ port: 9090, service: 'web' }) });
      expect(spec.containers[0].readinessProbe.grpc).toEqual({ port: 9090, service: 'web' });
    },
  },
  {
    what: 'HTTP probe headers (HttpGetProbeOptions.httpHeaders)',
    since: 32,
    absent: () => {
      const probe = kplus.Probe.fromHttpGet('/healthz', { httpHeaders: [{ name: 'X-Probe', value: '1' }] } as kplus.HttpGetProbeOptions);
      return podSpec({}, { readiness: probe }).containers[0].readinessProbe.httpGet.httpHeaders === undefined;
    },
    rendered: () => {
      const probe = kplus.Probe.fromHttpGet('/healthz', { httpHeaders: [{ name: 'X-Probe', value: '1' }] } as kplus.HttpGetProbeOptions);
      expect(podSpec({}, { readiness: probe }).containers[0].readinessProbe.httpGet.httpHeaders).toEqual([{ name: 'X-Probe', value: '1' }]);
    },
  },
];

test(`cdk8s-plus-${LINE}'s own Deployment: revisionHistoryLimit and shareProcessNamespace written from cdk8s-plus-32 on`, () => {
  // objects cdk8s-plus renders itself follow their line (docs/cdk8s-plus-lines.md); the Rollout does not
  const chart = new Chart(Testing.app(), 'test');
  new kplus.Deployment(chart, 'web', { containers: [{ image: 'ghcr.io/acme/web:1.0.0', portNumber: 8080 }] });
  const spec = Testing.synth(chart).find(m => m.kind === 'Deployment')!.spec;
  expect({ revisionHistoryLimit: spec.revisionHistoryLimit, shareProcessNamespace: spec.template.spec.shareProcessNamespace })
    .toEqual(LINE >= 32 ? { revisionHistoryLimit: 10, shareProcessNamespace: false } : {});
});

describe(`the pod API of cdk8s-plus-${LINE}`, () => {
  test.each(DIFFERENCES.map(d => [d.what, d]))('%s', (_, difference) => {
    if (LINE >= difference.since) {
      difference.rendered();
    } else {
      expect({ line: LINE, absent: difference.absent() }).toEqual({ line: LINE, absent: true });
    }
  });
});
