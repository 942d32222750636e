import { Chart, Testing } from 'cdk8s';
import { AnalysisArg, AnalysisTemplate, ClusterAnalysisTemplate, PodTemplateHash } from '../../src';

describe('references to templates defined elsewhere', () => {
  const chart = new Chart(Testing.app(), 'refs');
  test('namespaced and cluster-scoped references', () => {
    const a = AnalysisTemplate.fromAnalysisTemplateName(chart, 'a', 'success-rate');
    const c = ClusterAnalysisTemplate.fromClusterAnalysisTemplateName(chart, 'c', 'org.latency');
    expect([a.name, a.clusterScope, a.toManifest()]).toEqual(['success-rate', false, undefined]);
    expect([c.name, c.clusterScope]).toEqual(['org.latency', true]);
  });

  test('fails on an invalid name', () => {
    expect(() => AnalysisTemplate.fromAnalysisTemplateName(chart, 'x', 'Success_Rate')).toThrow(/AnalysisTemplate name 'Success_Rate' is not a valid Kubernetes name/);
    expect(() => ClusterAnalysisTemplate.fromClusterAnalysisTemplateName(chart, 'y', '-x')).toThrow(/ClusterAnalysisTemplate name '-x' is not a valid Kubernetes name/);
  });
});

describe('AnalysisArg', () => {
  test('the three sources', () => {
    expect(AnalysisArg.value('a', '1')._toKube()).toEqual({ name: 'a', value: '1' });
    expect(AnalysisArg.fromPodTemplateHash('h', PodTemplateHash.STABLE)._toKube()).toEqual({ name: 'h', valueFrom: { podTemplateHashValue: 'Stable' } });
    expect(AnalysisArg.fromFieldRef('f', "metadata.labels['app']")._toKube()).toEqual({ name: 'f', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } });
  });

  test('fails on an empty name or field path', () => {
    expect(() => AnalysisArg.value('', 'x')).toThrow(/Analysis argument name must be a non-empty string/);
    expect(() => AnalysisArg.fromFieldRef('f', '')).toThrow(/Analysis argument 'f': fieldPath must not be empty/);
  });
});
