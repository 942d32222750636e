import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { Finding, validateManifests } from '../../src/validation/private';
import { describeUpstream, HAS_UPSTREAM, UPSTREAM_DIR } from '../util';

/**
 * The upstream example manifests of Argo Rollouts must pass the engine: the controller accepts them.
 */
const EXAMPLES = path.join(UPSTREAM_DIR, 'examples');

/**
 * Upstream files that genuinely break a rule (the controller would reject them), with the findings
 * expected as `ruleId path`. Keep this list short and explain each entry.
 */
const KNOWN_VIOLATIONS: Record<string, { readonly reason: string; readonly findings: string[] }> = {};

/**
 * Split examples whose files, applied together, genuinely break a rule; by group (the name before the
 * last `__`), with the findings expected.
 */
const KNOWN_GROUP_VIOLATIONS: Record<string, { readonly reason: string; readonly findings: RegExp[] }> = {
  notifications: {
    reason: 'The example ConfigMap defines only its own trigger on-purple, and a ConfigMap of that name replaces the catalog\'s: '
      + 'the Rollout\'s subscriptions to four catalog triggers would send nothing (N09; upstream pairs it with notifications-install.yaml).',
    findings: ['on-rollout-completed', 'on-rollout-step-completed', 'on-rollout-updated', 'on-scaling-replica-set']
      .map(t => new RegExp(`^N09 rollout-canary metadata\\.annotations\\['notifications\\.argoproj\\.io/subscribe\\.${t}\\.slack'\\]: `)),
  },
};

/** Files that only define analysis templates used by other examples ("apply this file first"). */
const TEMPLATE_FILES = ['analysis-templates.yaml', 'cluster-analysis-templates.yaml'];
/** Examples that use analysis templates; each is checked together with the template files. */
const ANALYSIS_EXAMPLES = [
  'analysis-templates.yaml',
  'cluster-analysis-templates.yaml',
  'experiment-with-analysis.yaml',
  'rollout-analysis-step.yaml',
  'rollout-background-analysis.yaml',
  'rollout-baseline-vs-canary.yaml',
  'rollout-experiment-step.yaml',
  'rollout-secret.yaml',
];

function loadDocuments(file: string): any[] {
  const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
  return parseAllDocuments(text).map(doc => doc.toJS()).filter(doc => doc !== null && doc !== undefined);
}

function describeFindings(findings: Finding[]): string[] {
  return findings.map(f => `${f.ruleId} ${f.name} ${f.path}: ${f.message}`);
}

/** Files that belong together: the same name up to the last `__` (e.g. `docs-getting-started__basic__*`). */
function groupOf(file: string): string | undefined {
  const cut = file.lastIndexOf('__');
  return cut < 0 ? undefined : file.slice(0, cut);
}

// Without the upstream files the suites below are skipped; `.each` still needs one row to list.
const files = HAS_UPSTREAM ? fs.readdirSync(EXAMPLES).filter(f => /\.ya?ml$/.test(f)).sort() : ['(the upstream examples)'];

describeUpstream('upstream examples', () => {
  test('the examples folder holds the expected files', () => {
    expect(files).toEqual(expect.arrayContaining([
      'docs-getting-started__basic__rollout.yaml',
      'rollout-bluegreen.yaml',
      'rollout-canary.yaml',
      'workload-ref__workload-ref.yaml',
    ]));
  });

  // A file that is not part of a split example is self-contained, so its Services must be present too;
  // the analysis examples use templates of other files, so they are complete only together with those.
  test.each(files)('%s alone gives no findings', file => {
    const options = { requireReferencedObjects: groupOf(file) === undefined && !ANALYSIS_EXAMPLES.includes(file) };
    const findings = describeFindings(validateManifests(loadDocuments(file), options));
    expect(findings).toEqual(KNOWN_VIOLATIONS[file]?.findings ?? []);
  });

  test('the engine really checks every example Rollout', () => {
    const rollouts = files.flatMap(loadDocuments).filter(doc => doc.kind === 'Rollout');
    expect(rollouts.length).toBeGreaterThanOrEqual(20);
    for (const rollout of rollouts) {
      rollout.spec.replicas = -1;
    }
    const findings = validateManifests(rollouts);
    expect(findings.filter(f => f.ruleId === 'V01')).toHaveLength(rollouts.length);
  });

  test.each(ANALYSIS_EXAMPLES)('%s with the template files gives no findings, with every referenced object present', file => {
    const members = [file, ...TEMPLATE_FILES.filter(f => f !== file)];
    const findings = describeFindings(validateManifests(members.flatMap(loadDocuments), { requireReferencedObjects: true }));
    expect(findings).toEqual(members.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []));
  });

  test('all analysis examples together give no findings', () => {
    const findings = describeFindings(validateManifests(ANALYSIS_EXAMPLES.flatMap(loadDocuments), { requireReferencedObjects: true }));
    expect(findings).toEqual(ANALYSIS_EXAMPLES.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []));
  });

  test('the analysis examples really use their templates', () => {
    const manifests = ANALYSIS_EXAMPLES.flatMap(loadDocuments);
    // Without the template files, every template reference of the examples is reported.
    const alone = ANALYSIS_EXAMPLES.filter(f => !TEMPLATE_FILES.includes(f)).flatMap(loadDocuments);
    const missing = validateManifests(alone, { requireReferencedObjects: true }).map(f => `${f.ruleId} ${f.name} ${f.path}`);
    expect(missing).toEqual([
      'X06 experiment-with-analysis spec.analyses[0].templateName',
      'X06 experiment-with-analysis spec.analyses[1].templateName',
      'V50 rollout-analysis-step spec.strategy.canary.steps[1].analysis.templates[0].templateName',
      'V50 rollout-analysis-step spec.strategy.canary.steps[1].analysis.templates[1].templateName',
      'V50 rollout-background-analysis spec.strategy.canary.analysis.templates[0].templateName',
      'V50 rollout-experiment-step spec.strategy.canary.steps[1].experiment.analyses[0].templateName',
    ]);
    // Every template and metric of the examples is checked: a negative failureLimit is found in each.
    const templates = manifests.filter(doc => /AnalysisTemplate$/.test(doc.kind));
    expect(templates.length).toBeGreaterThanOrEqual(4);
    for (const template of templates) {
      for (const metric of template.spec.metrics) {
        metric.failureLimit = -2;
      }
    }
    const metrics = templates.reduce((n, t) => n + t.spec.metrics.length, 0);
    expect(validateManifests(manifests).filter(f => f.ruleId === 'A04')).toHaveLength(metrics);
  });

  const groups = [...new Set(files.map(groupOf).filter((g): g is string => g !== undefined))].sort();
  test.each(groups)('%s__* together give no findings, with every referenced Service present', group => {
    const members = files.filter(f => groupOf(f) === group);
    const manifests = members.flatMap(loadDocuments);
    const findings = describeFindings(validateManifests(manifests, { requireReferencedObjects: true }));
    const expected = [...members.flatMap(f => KNOWN_VIOLATIONS[f]?.findings ?? []), ...(KNOWN_GROUP_VIOLATIONS[group]?.findings ?? [])];
    expect(findings).toEqual(expected.map(e => typeof e === 'string' ? e : expect.stringMatching(e)));
  });
});

/**
 * The traffic-routing examples, each checked with the files it needs (Services, Ingresses,
 * VirtualServices, Mappings, App Mesh objects) and with every referenced object required.
 */
const ROUTING_EXAMPLES: Record<string, string[]> = {
  'istio subset split': ['istio__istio-subset-split.yaml'],
  'istio mirror': ['istio__istio-mirror.yaml'],
  'getting started istio, several VirtualServices': [
    'docs-getting-started__istio__rollout.yaml', 'docs-getting-started__istio__services.yaml',
    'docs-getting-started__istio__gateway.yaml', 'docs-getting-started__istio__multipleVirtualsvc.yaml',
  ],
  'getting started istio, single VirtualService': [
    'docs-getting-started__istio__rollout.yaml', 'docs-getting-started__istio__services.yaml',
    'docs-getting-started__istio__gateway.yaml', 'docs-getting-started__istio__virtualsvc.yaml',
  ],
  'getting started nginx': ['docs-getting-started__nginx__rollout.yaml', 'docs-getting-started__nginx__services.yaml', 'docs-getting-started__nginx__ingress.yaml'],
  'getting started alb': ['docs-getting-started__alb__rollout.yaml', 'docs-getting-started__alb__services.yaml', 'docs-getting-started__alb__ingress.yaml'],
  'getting started smi': ['docs-getting-started__smi__rollout.yaml', 'docs-getting-started__smi__services.yaml', 'docs-getting-started__smi__ingress.yaml'],
  'getting started mixed': ['docs-getting-started__mixed__rollout.yaml', 'docs-getting-started__mixed__services.yaml', 'docs-getting-started__mixed__ingress.yaml'],
  'ambassador': ['ambassador__rollout.yaml', 'ambassador__echo-service.yaml', 'ambassador__echo-mapping.yaml', 'ambassador__resolver.yaml'],
  'apisix': ['apisix__rollout.yaml', 'apisix__services.yaml', 'apisix__route.yaml'],
  'appmesh': ['appmesh__canary-rollout.yaml', 'appmesh__canary-service.yaml'],
  'experiment step, istio': ['traffic-routing-experiment-step__istio-host-split-experiment-step.yaml'],
  'experiment step, alb': ['traffic-routing-experiment-step__rollout-alb-experiment-step.yaml'],
  'experiment step, smi': ['traffic-routing-experiment-step__rollout-smi-experiment-step.yaml'],
  'workload ref': ['workload-ref__workload-ref.yaml'],
};

/**
 * Combinations that genuinely break a rule, with the findings expected as `ruleId name path`.
 *
 * The getting-started Istio Rollout (docs-getting-started__istio__rollout.yaml) names the two
 * VirtualServices of multipleVirtualsvc.yaml (rollouts-demo-vsvc1, rollouts-demo-vsvc2), while
 * virtualsvc.yaml defines only rollouts-demo-vsvc, the one the single-VirtualService variant of the
 * guide uses. Applied together, the controller cannot find the named VirtualServices (V63).
 */
const ROUTING_KNOWN_VIOLATIONS: Record<string, string[]> = {
  'getting started istio, single VirtualService': [
    'V63 rollouts-demo spec.strategy.canary.trafficRouting.istio.virtualServices[0].name',
    'V63 rollouts-demo spec.strategy.canary.trafficRouting.istio.virtualServices[1].name',
  ],
};

function routingExample(name: string): any[] {
  return ROUTING_EXAMPLES[name].flatMap(loadDocuments);
}

function findingKeys(manifests: any[], ruleId?: string): string[] {
  return validateManifests(manifests, { requireReferencedObjects: true })
    .filter(f => ruleId === undefined || f.ruleId === ruleId)
    .map(f => `${f.ruleId} ${f.name} ${f.path}`);
}

function documentOf(manifests: any[], kind: string, name?: string): any {
  const found = manifests.find(doc => doc.kind === kind && (name === undefined || doc.metadata?.name === name));
  if (found === undefined) {
    throw new Error(`no ${kind} ${name ?? ''} in the example`);
  }
  return found;
}

describeUpstream('upstream traffic-routing examples', () => {
  test('every example file of a routing group is covered', () => {
    const routingFiles = files.filter(f => /^(istio|docs-getting-started__(istio|nginx|alb|smi|mixed)|ambassador|apisix|appmesh|traffic-routing-experiment-step|workload-ref)__/.test(f));
    const covered = new Set(Object.values(ROUTING_EXAMPLES).flat());
    expect(routingFiles.filter(f => !covered.has(f))).toEqual([]);
  });

  test.each(Object.keys(ROUTING_EXAMPLES))('%s: no findings with every referenced object present', name => {
    expect(findingKeys(routingExample(name))).toEqual(ROUTING_KNOWN_VIOLATIONS[name] ?? []);
  });

  test('the single-VirtualService variant names the VirtualServices it lacks', () => {
    const findings = validateManifests(routingExample('getting started istio, single VirtualService'), { requireReferencedObjects: true });
    expect(findings.map(f => f.message).join('\n')).toMatch(/"rollouts-demo-vsvc1"[\s\S]*"rollouts-demo-vsvc2"/);
  });

  test('without their referenced objects, the routing Rollouts are reported (V63, V67)', () => {
    const rolloutsOnly = (name: string) => routingExample(name).filter(doc => doc.kind === 'Rollout' || doc.kind === 'Service');
    expect(findingKeys(rolloutsOnly('getting started nginx'), 'V63')).toEqual(['V63 rollouts-demo spec.strategy.canary.trafficRouting.nginx.stableIngress']);
    expect(findingKeys(rolloutsOnly('getting started alb'), 'V63')).toEqual(['V63 rollouts-demo spec.strategy.canary.trafficRouting.alb.ingress']);
    expect(findingKeys(rolloutsOnly('istio mirror'), 'V63')).toEqual(['V63 istio-host-split spec.strategy.canary.trafficRouting.istio.virtualService.name']);
    expect(findingKeys(rolloutsOnly('ambassador'), 'V63')).toEqual(['V63 echo-rollout spec.strategy.canary.trafficRouting.ambassador.mappings[0]']);
    expect(findingKeys(rolloutsOnly('appmesh'), 'V63')).toEqual(['V63 my-rollout spec.strategy.canary.trafficRouting.appMesh.virtualService']);
    expect(findingKeys(rolloutsOnly('workload ref'), 'V67')).toEqual(['V67 rollout-ref-deployment spec.workloadRef']);
  });

  test('the routing rules really check the example objects', () => {
    const nginx = routingExample('getting started nginx');
    documentOf(nginx, 'Ingress').spec.rules[0].http.paths[0].backend.service.name = 'rollouts-demo-old';
    expect(findingKeys(nginx, 'V58')).toEqual(['V58 rollouts-demo spec.strategy.canary.trafficRouting.nginx.stableIngress']);

    const alb = routingExample('experiment step, alb');
    documentOf(alb, 'Ingress').spec.rules[0].http.paths[0].backend.service.name = 'alb-rollout-stable';
    expect(findingKeys(alb, 'V59')).toEqual(['V59 alb-rollout spec.strategy.canary.trafficRouting.alb.ingress']);

    const istio = routingExample('getting started istio, several VirtualServices');
    documentOf(istio, 'VirtualService', 'rollouts-demo-vsvc2').spec.http[0].route.pop();
    expect(findingKeys(istio, 'V64')).toEqual(['V64 rollouts-demo spec.strategy.canary.trafficRouting.istio.virtualServices[1].routes[0]']);

    const subsets = routingExample('istio subset split');
    documentOf(subsets, 'VirtualService').spec.http[0].route[1].destination.subset = 'preview';
    expect(findingKeys(subsets, 'V64')).toEqual(['V64 istio-subset-split spec.strategy.canary.trafficRouting.istio.virtualService.routes[0]']);
    // a DestinationRule that lacks a subset is no InvalidSpec: the controller relabels only the subsets it finds
    const subsetsOfRule = routingExample('istio subset split');
    documentOf(subsetsOfRule, 'DestinationRule').spec.subsets[1].name = 'preview';
    expect(findingKeys(subsetsOfRule, 'V64')).toEqual([]);

    const mirror = routingExample('istio mirror');
    documentOf(mirror, 'VirtualService').spec.http[0].name = 'main';
    expect(findingKeys(mirror, 'V64')).toEqual(['V64 istio-host-split spec.strategy.canary.trafficRouting.istio.virtualService.routes[0]']);

    const ambassador = routingExample('ambassador');
    documentOf(ambassador, 'Mapping').spec.weight = 20;
    expect(findingKeys(ambassador, 'V65')).toEqual(['V65 echo-rollout spec.strategy.canary.trafficRouting.ambassador.mappings[0]']);

    const appMesh = routingExample('appmesh');
    documentOf(appMesh, 'VirtualRouter').spec.routes[0].httpRoute.action.weightedTargets.pop();
    expect(findingKeys(appMesh, 'V66')).toEqual(['V66 my-rollout spec.strategy.canary.trafficRouting.appMesh.virtualService']);

    const workloadRef = routingExample('workload ref');
    documentOf(workloadRef, 'Rollout').spec.workloadRef.kind = 'StatefulSet';
    expect(findingKeys(workloadRef, 'V67')).toEqual(['V67 rollout-ref-deployment spec.workloadRef']);
  });
});
