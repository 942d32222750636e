import { ApiObject, App, Chart, YamlOutputType } from 'cdk8s';
import { IConstruct } from 'constructs';
import { AppRegistry } from './app-registry';
import { ClusterScopedApiObject } from './cluster-scoped';
import { describeObject, duplicateObjects } from './object-identity';
import { SynthPass } from './synth-pass';

/**
 * Whether the app writes all its objects to one output (one file, or one folder of a file per
 * object, which `kubectl apply -f` takes at once); otherwise each chart is a file of its own, applied
 * on its own (like the base and the overlay of a folder), and only objects of one chart can clash.
 */
function oneOutput(root: IConstruct): boolean {
  const type = root instanceof App ? root.yamlOutputType : YamlOutputType.FILE_PER_CHART;
  return type === YamlOutputType.FILE_PER_APP || type === YamlOutputType.FILE_PER_RESOURCE;
}

/** The objects of the app that clash: pairs of construct paths with the object they both write. */
function duplicateErrors(root: IConstruct): string[] {
  const objects = SynthPass.objects(root);
  const charts: Chart[] = [];
  const groups = oneOutput(root) ? undefined : objects.map(o => {
    const chart = Chart.of(o);
    const known = charts.indexOf(chart);
    return known >= 0 ? known : charts.push(chart) - 1;
  });
  const manifests = objects.map(o => {
    // its chart's namespace is dropped when rendered (not instanceof: cdk8s makes that true for every ApiObject)
    const clusterScoped = ClusterScopedApiObject.prototype.isPrototypeOf(o);
    const namespace = clusterScoped ? undefined : (o as ApiObject).metadata.namespace;
    return { apiVersion: o.apiVersion, kind: o.kind, metadata: { name: o.name, namespace } };
  });
  return duplicateObjects(manifests, groups).map(d => `[L05] ${objects[d.first].node.path} and ${objects[d.second].node.path} both define ${describeObject(d.identity)}${groups ? ' in the same chart' : ''}; `
    + 'kubectl apply would keep only the last one, so the other is silently lost. '
    + 'Fix: define the object once (e.g. pass the Service of one Rollout to the other), or give one of them another name.');
}

/**
 * Adds, once per app, a validation to the app's root that fails synth when two constructs write
 * the same object (API group, kind, namespace and name) into one output file, naming both construct
 * paths: with the default output, a file per chart, two objects of one chart; with
 * `YamlOutputType.FILE_PER_APP` or `FILE_PER_RESOURCE`, any two of the app.
 */
export function checkDuplicateObjects(scope: IConstruct): void {
  SynthPass.enable(scope); // first: its validation opens the pass whose walk this check reads
  AppRegistry.of(scope).once('duplicate-object-check', root => root.node.addValidation({ validate: () => duplicateErrors(root) }));
}
