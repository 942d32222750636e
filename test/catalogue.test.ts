import * as fs from 'fs';
import * as path from 'path';
import { App, Chart, Testing } from 'cdk8s';
import { EXAMPLES } from '../examples';
import {
  ArgoRolloutsVersion, CanaryStep, CanaryStepKind, MetricProvider, MetricProviderKind, Rollout, RolloutPlan, RolloutStrategy, TrafficRouting,
} from '../src';
import { template } from './plan/fixtures';
import { providerRenderer, renderProvider } from '../src/analysis/private/provider-renderers';
import { generateModule } from '../src/import/private/generate';
import { PROVIDERS } from '../src/private/providers';
import { RouterFactory, routerRow, ROUTERS, RouterRow, routersWith } from '../src/private/routers';
import { STEP_KINDS, StepKey, stepKindRow } from '../src/private/step-kinds';
import { implementRouter, routerImplementation } from '../src/traffic/private/router-implementations';

/**
 * What the library offers, read from the library itself, against what shows it: every traffic
 * router, metric provider and canary step kind has its docs, an example app (which the importer's
 * round trip in test/import/generate.test.ts imports and synthesizes again), and a plan row. A new
 * router, provider or step kind without them fails here, naming what is missing.
 */
const ROOT = path.join(__dirname, '..');
const doc = (file: string) => fs.readFileSync(path.join(ROOT, 'docs', file), 'utf8');

/** Fails unless docs/<file> names `call`. */
function expectDocumented(file: string, call: string): void {
  if (!doc(file).includes(call)) {
    throw new Error(`docs/${file} does not name ${call}...): add it (with its options) where the others are.`);
  }
}

/** The manifests of every example app, synthesized once. */
const EXAMPLE_MANIFESTS: { app: string; manifest: any }[] = EXAMPLES.flatMap(example => {
  const app = new App({ outdir: Testing.app().outdir });
  return example.define(app).flatMap(chart => Testing.synth(chart)).map(manifest => ({ app: example.name, manifest }));
});

/** The public static factories of a class (`TrafficRouting.istio`, ...). */
function factories(cls: object): string[] {
  return Object.getOwnPropertyNames(cls).filter(name => typeof (cls as any)[name] === 'function').sort();
}

const IMPLEMENTED_IN = new Map<string, Map<string, string[]>>();

/**
 * Where each factory is implemented: the modules of src/ that call `call('<factory>'` (a router's
 * `implementRouter`, a provider's `renderProvider`), by factory.
 */
function implementedIn(call: string): Map<string, string[]> {
  const known = IMPLEMENTED_IN.get(call);
  if (known) return known;
  const found = new Map<string, string[]>();
  IMPLEMENTED_IN.set(call, found);
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
    .flatMap(e => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  for (const file of walk(path.join(ROOT, 'src'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(new RegExp(`\\b${call}(?:<[^>]*>)?\\('([\\w.]+)'`, 'g'))) {
      found.set(m[1], [...(found.get(m[1]) ?? []), path.relative(ROOT, file)]);
    }
  }
  return found;
}

/** Fails unless `factory` is implemented in exactly one file of `dir`, which `factoryFile` re-exports (and so loads). */
function expectOneFile(found: Map<string, string[]>, factory: string, dir: string, factoryFile: string, call: string): void {
  const files = found.get(factory) ?? [];
  if (files.length !== 1 || path.dirname(files[0]) !== dir) {
    throw new Error(`${factory}() must be implemented in one file of ${dir}/ (its own: ${call}('${factory}', ...) at its end), `
      + `found ${files.length === 0 ? 'none' : files.join(', ')}.`);
  }
  const reexport = `export * from './${path.relative(path.dirname(factoryFile), files[0]).replace(/\.ts$/, '')}';`;
  expect(fs.readFileSync(path.join(ROOT, factoryFile), 'utf8')).toContain(reexport);
}

describe('every traffic router', () => {
  // TrafficRouting.plugin(name) is the door to any router plugin (gatewayApi() is one), not a router of its own
  const routers = factories(TrafficRouting).filter(name => name !== 'plugin');

  test('the catalogue is read from TrafficRouting', () => {
    expect(routers).toEqual(expect.arrayContaining(['alb', 'apisix', 'istio', 'nginx', 'smi', 'traefik']));
  });

  test.each(routers)('TrafficRouting.%s() is in docs/traffic.md', name => {
    expectDocumented('traffic.md', `\`TrafficRouting.${name}(`);
  });

  test.each(routers)('TrafficRouting.%s() has its row in src/private/routers.ts, under the key it writes', name => {
    const row: RouterRow | undefined = ROUTERS.find(r => r.factory === `TrafficRouting.${name}`);
    if (row === undefined) {
      throw new Error(`src/private/routers.ts has no row for TrafficRouting.${name}(): add one (its key, capabilities, API groups and import mapping).`);
    }
    const [[key, plugin]] = renderedRouting(name);
    expect({ key: row.key, plugin: row.plugin }).toEqual({ key, plugin });
  });

  test.each(routers)('TrafficRouting.%s() is implemented in its own file, which routers.ts re-exports and so loads', name => {
    expectOneFile(implementedIn('implementRouter'), `TrafficRouting.${name}`, 'src/traffic', 'src/traffic/routers.ts', 'implementRouter');
  });

  test('a factory is implemented once, and one without an implementation says how to add it', () => {
    const apisix = routerImplementation('TrafficRouting.apisix');
    expect(() => implementRouter('TrafficRouting.apisix', apisix)).toThrow(/TrafficRouting.apisix is implemented twice/);
    expect(routerImplementation('TrafficRouting.apisix')).toBe(apisix);
    expect(() => routerImplementation('TrafficRouting.nothing' as RouterFactory)).toThrow(/no implementation of TrafficRouting.nothing is loaded.*implementRouter/);
    const renderer = providerRenderer('MetricProvider.wavefront');
    expect(() => renderProvider('MetricProvider.wavefront', renderer)).toThrow(/MetricProvider.wavefront has two renderers/);
    expect(() => providerRenderer('MetricProvider.nothing')).toThrow(/no renderer of MetricProvider.nothing is loaded.*renderProvider/);
  });

  test.each(ROUTERS.map(r => r.factory))('the row of %s() names a factory of TrafficRouting', factory => {
    expect(factories(TrafficRouting)).toContain(factory.slice('TrafficRouting.'.length));
  });

  test.each(routers)('TrafficRouting.%s() routes a Rollout of an example app', name => {
    // the key the router writes under trafficRouting (and, for a plugin router, its plugin name)
    const rendered = renderedRouting(name);
    const users = EXAMPLE_MANIFESTS.filter(({ manifest }) => manifest.kind === 'Rollout'
      && rendered.every(([key, plugin]) => {
        const routing = manifest.spec?.strategy?.canary?.trafficRouting ?? {};
        return plugin === undefined ? routing[key] !== undefined : routing[key]?.[plugin] !== undefined;
      }));
    if (users.length === 0) {
      throw new Error(`No example app uses TrafficRouting.${name}() (trafficRouting.${rendered.map(r => r.join('.')).join(', ')}): `
        + 'add one to examples/ and examples/index.ts, so that the importer round trip and the release matrix cover it.');
    }
  });
});

/** The options a router needs to render alone. */
const PROBE_OPTIONS: { [factory: string]: object } = { gatewayApi: { gatewayName: 'public' } };

/** The keys a router factory writes under `trafficRouting`, from a Rollout of a scratch app. */
function renderedRouting(name: string): [string, string?][] {
  const chart = new Chart(Testing.app(), 'probe');
  const router = (TrafficRouting as any)[name](PROBE_OPTIONS[name] ?? {});
  new Rollout(chart, 'probe', {
    metadata: { name: 'probe' },
    containers: [{ image: 'nginx:1.27', ports: [{ number: 80 }] }],
    strategy: RolloutStrategy.canary({ trafficRouting: [router], steps: [CanaryStep.setWeight(10)] }),
  });
  const rollout = Testing.synth(chart).find((m: any) => m.kind === 'Rollout');
  const routing = rollout.spec.strategy.canary.trafficRouting;
  return Object.keys(routing).filter(k => k !== 'managedRoutes' && k !== 'maxTrafficWeight')
    .map(k => (k === 'plugins' ? [k, Object.keys(routing.plugins)[0]] : [k]) as [string, string?]);
}

describe('prose that lists routers by what they can do names the rows that can', () => {
  // the rows are the one source of a capability; the docs and the API docs that list routers must follow them
  const names = (capability: keyof RouterRow['capabilities']) => routersWith(capability).map(key => routerRow(key)!.name);
  const words = (list: string[], plugin: string, last: string) =>
    list.map(n => (n === 'a traffic-router plugin' ? plugin : n)).join(', ').replace(/, ([^,]+)$/, `${last}$1`);
  const text = (file: string) => fs.readFileSync(path.join(__dirname, '..', file), 'utf8').replace(/\s*\n\s*(\* )?/g, ' ');

  test.each([
    ['headerRoutes', 'header routes need'],
    ['experimentWeights', 'experiment weights need'],
    ['maxTrafficWeight', '`maxTrafficWeight` needs'],
  ] as const)('docs/traffic.md: %s', (capability, lead) => {
    expect(text('docs/traffic.md')).toContain(`${lead} ${words(names(capability), 'a plugin', ' or ')} (`);
  });

  test('docs/traffic.md: mirror routes, by the releases that take them', () => {
    // the routers of the default release, then each router a later release adds, from the first release that has it
    const releases = ArgoRolloutsVersion.all();
    const first = (key: string) => releases.find(v => v._facts.rules.mirrorRouteRouters.includes(key))!;
    const defaults = ArgoRolloutsVersion.defaultVersion()._facts.rules.mirrorRouteRouters;
    const later = [...new Set(releases.flatMap(v => v._facts.rules.mirrorRouteRouters))].filter(key => !defaults.includes(key));
    const name = (key: string) => routerRow(key)!.name.replace('a traffic-router plugin', 'a plugin');
    const lead = `mirror routes need ${words(defaults.map(k => routerRow(k)!.name), 'a plugin', ' or ')}`;
    const added = later.map(key => `, or from ${first(key).version.split('.').slice(0, 2).join('.')} ${name(key)} too`).join('');
    expect(later.length).toBeGreaterThan(0);
    expect(text('docs/traffic.md')).toContain(`${lead}${added} (V40)`);
  });

  // the API docs (API.md, every language) do not copy the lists: they say where they are
  test.each([
    ['src/rollout/canary-step.ts', 'Mirror matching requests to the canary.'],
    ['src/rollout/canary-step.ts', 'Route requests with matching headers to the canary.'],
    ['src/experiment/experiment-step.ts', 'Share of traffic (percent) sent to these pods.'],
    ['src/rollout/canary-options.ts', 'The denominator of traffic weights.'],
    ['src/rollout/canary-options.ts', 'Ping-pong Services: the controller swaps'],
    ['src/rollout/canary-options.ts', 'Ping-pong Services instead of stable and canary Services'],
    ['src/traffic/router.ts', 'A traffic router of a canary Rollout.'],
    ['src/traffic/router-object.ts', 'An object defined elsewhere, by name'],
  ])('%s: the comment "%s" names no router and says where they are', (file, lead) => {
    const source = text(file);
    const start = source.indexOf(lead);
    expect(start).toBeGreaterThanOrEqual(0);
    const comment = source.slice(start, source.indexOf('*/', start));
    const named = (ROUTERS as readonly RouterRow[]).map(r => r.name).filter(n => new RegExp(`\\b${n}\\b`, 'i').test(comment));
    expect(named).toEqual([]);
    expect(comment).toMatch(/synth names them|TrafficRouting|the router's options/);
  });
});

describe('every metric provider', () => {
  const providers = factories(MetricProvider);

  test('the catalogue is read from MetricProvider', () => {
    expect(providers).toEqual(expect.arrayContaining(['cloudWatch', 'datadogQueries', 'datadogQuery', 'job', 'prometheus', 'web']));
  });

  test.each(providers)('MetricProvider.%s() is in docs/analysis.md', name => {
    expectDocumented('analysis.md', `\`MetricProvider.${name}(`);
  });

  test.each(Object.values(MetricProviderKind))('the provider %s has its row in src/private/providers.ts', key => {
    if (PROVIDERS.find(p => p.key === key) === undefined) {
      throw new Error(`src/private/providers.ts has no row for the provider '${key}': add one (its key and the importer's mapping).`);
    }
  });

  test.each(PROVIDERS.map(p => p.key))('the row of %s is a MetricProviderKind, and its import mapping names factories of MetricProvider', key => {
    expect(Object.values(MetricProviderKind)).toContain(key);
    const row = PROVIDERS.find(p => p.key === key)!;
    for (const variant of row.import ?? []) {
      expect(providers).toContain(variant.factory.slice('MetricProvider.'.length));
    }
  });

  // MetricProvider.plugin(name) is the door to any provider plugin, not a provider of its own
  test.each(providers.filter(name => name !== 'plugin'))('MetricProvider.%s() is rendered by its own file, which metric-provider.ts re-exports and so loads', name => {
    expectOneFile(implementedIn('renderProvider'), `MetricProvider.${name}`, 'src/analysis/providers', 'src/analysis/metric-provider.ts', 'renderProvider');
  });

  // the key a factory writes under a metric's `provider` (the two Datadog factories write `datadog`)
  const keyOf = (name: string) => (name.startsWith('datadog') ? 'datadog' : name);

  test.each(providers)('MetricProvider.%s() measures a metric of an example app', name => {
    const used = EXAMPLE_MANIFESTS.some(({ manifest }) => ['AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun'].includes(manifest.kind)
      && (manifest.spec?.metrics ?? []).some((metric: any) => metric.provider?.[keyOf(name)] !== undefined
        && (name !== 'datadogQueries' || metric.provider.datadog.queries !== undefined)
        && (name !== 'datadogQuery' || metric.provider.datadog.query !== undefined)));
    if (!used) {
      throw new Error(`No example app has a metric of MetricProvider.${name}(): add one to examples/analysis-providers.ts.`);
    }
  });
});

/** A step of each kind, as a manifest writes it (the type wants one per row of src/private/step-kinds.ts). */
const STEP_EXAMPLES: { readonly [K in StepKey]: object } = {
  setWeight: { setWeight: 20 },
  pause: { pause: { duration: '1m' } },
  setCanaryScale: { setCanaryScale: { replicas: 1 } },
  analysis: { analysis: { templates: [{ templateName: 't' }] } },
  experiment: { experiment: { duration: '1m', templates: [{ name: 'c', specRef: 'canary' }] } },
  setHeaderRoute: { setHeaderRoute: { name: 'h', match: [{ headerName: 'x', headerValue: { exact: 'y' } }] } },
  setMirrorRoute: { setMirrorRoute: { name: 'm', percentage: 10, match: [{ method: { exact: 'GET' } }] } },
  plugin: { plugin: { name: 'acme/step', config: {} } },
};

/** A Rollout of one canary step (with a router for the kinds that need one, and a managed route for the route steps). */
function rolloutOfStep(kind: StepKey): object {
  const routes = kind === 'setHeaderRoute' || kind === 'setMirrorRoute' ? { managedRoutes: [{ name: kind === 'setHeaderRoute' ? 'h' : 'm' }] } : {};
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'r' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      template: template(),
      strategy: {
        canary: {
          ...(kind === 'setCanaryScale' || kind === 'setHeaderRoute' || kind === 'setMirrorRoute'
            ? { canaryService: 'c', stableService: 's', trafficRouting: { ...routes, istio: { virtualService: { name: 'v' } } } }
            : {}),
          steps: [STEP_EXAMPLES[kind]],
        },
      },
    },
  };
}

describe('every canary step kind', () => {
  const keys = STEP_KINDS.map(row => row.key);

  test('has its row in src/private/step-kinds.ts, and every row is a CanaryStepKind', () => {
    const missing = Object.values(CanaryStepKind).filter(kind => stepKindRow(kind) === undefined);
    if (missing.length > 0) {
      throw new Error(`src/private/step-kinds.ts has no row for the step kind ${missing.join(', ')}: add one (its factory, exclusivity, completion and ranks).`);
    }
    expect([...keys].sort()).toEqual(Object.values(CanaryStepKind).sort());
  });

  test('the rows rank the kinds once in each order', () => {
    for (const rank of ['completionRank', 'nameRank'] as const) {
      expect(STEP_KINDS.map(row => row[rank]).sort((a, b) => a - b)).toEqual(keys.map((_, i) => i + 1));
    }
  });

  test.each(STEP_KINDS.map(row => [row.key, row] as const))('the row of %s names a factory of CanaryStep', (_, row) => {
    expect(factories(CanaryStep)).toContain(row.factory.slice('CanaryStep.'.length));
  });

  test.each(keys)('the importer writes a step %s with its row\'s factory, through the L2 API alone', async key => {
    const row = stepKindRow(key)!;
    const result = await generateModule([rolloutOfStep(key)]);
    expect(result.objects.map(o => [o.object, o.how, ...o.reasons])).toEqual([['Rollout/r', 'l2']]);
    expect(result.source).toContain(`${row.factory}(`);
  });

  test.each(ArgoRolloutsVersion.all().map(v => [v.version, v] as const))('of %s has a row and a row in a plan', (_, version) => {
    // the step kinds are those of the release's Rollout CRD
    const crds = JSON.parse(fs.readFileSync(path.join(ROOT, 'src', 'imports', 'install-data', version._facts.dataFiles.crds), 'utf8'));
    const rolloutCrd = crds.find((crd: any) => crd.spec.names.kind === 'Rollout');
    const stepSchema = rolloutCrd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.strategy.properties.canary
      .properties.steps.items.properties;
    const kinds = Object.keys(stepSchema).sort();
    expect(kinds).toEqual(expect.arrayContaining(['analysis', 'experiment', 'pause', 'setCanaryScale', 'setWeight']));
    for (const kind of kinds) {
      const row = stepKindRow(kind);
      if (row === undefined) {
        throw new Error(`The Rollout CRD of ${version.tag} has the step kind ${kind}, which src/private/step-kinds.ts has no row of: `
          + 'add one (and its CanaryStepKind, factory, plan words, importer code and an example here), and make sure plans (src/plan/) give it a row.');
      }
      const plan = RolloutPlan.fromManifest(rolloutOfStep(row.key), { version: version.version });
      expect(plan.steps.filter(s => s.index === 0).map(s => s.kind)).toEqual([kind]);
    }
  });
});
