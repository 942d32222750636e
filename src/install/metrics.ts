import { Construct } from 'constructs';
import { checkNamespace, componentLabels, DEFAULT_NAMESPACE, defineObject, GVK, objectMeta, SELECTOR, subjectOf } from './private/objects';
import { METRICS_OPTIONS } from './private/option-shapes';
import { argumentOrDefault, struct } from '../private/arguments';
import { fail } from '../private/synth-error';
import { checkInteger } from '../private/utils';

/** Name of the metrics Service and its ServiceMonitor. */
const METRICS = 'argo-rollouts-metrics';

/**
 * Metrics options.
 */
export interface MetricsOptions {
  /**
   * Define a Prometheus-operator ServiceMonitor for the metrics Service.
   *
   * @default false
   */
  readonly serviceMonitor?: boolean;

  /**
   * Scrape interval of the ServiceMonitor.
   *
   * @default - the Prometheus default
   */
  readonly scrapeInterval?: string;

  /**
   * Labels of the ServiceMonitor (Prometheus selects monitors by label, e.g. `release: prometheus`).
   *
   * @default - none
   */
  readonly serviceMonitorLabels?: { [key: string]: string };
}

/**
 * Properties of the controller's metrics Service.
 */
export interface ArgoRolloutsMetricsProps extends MetricsOptions {
  /**
   * The namespace of the controller.
   *
   * @default 'argo-rollouts'
   */
  readonly namespace?: string;

  /**
   * The port of the controller's metrics endpoint (`flags.metricsPort` of the controller).
   *
   * @default 8090
   */
  readonly port?: number;
}

/**
 * The controller's metrics: the Service `argo-rollouts-metrics` in front of the controller's metrics
 * port, and optionally a Prometheus-operator ServiceMonitor. `ApiObject.of(metrics)` is the Service.
 */
export class ArgoRolloutsMetrics extends Construct {
  /** The name of the metrics Service. */
  public readonly serviceName: string = METRICS;

  /** The port of the Service (the controller's metrics port). */
  public readonly port: number;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoRolloutsMetrics
   */
  constructor(scope: Construct, id: string, props: ArgoRolloutsMetricsProps = {}) {
    props = argumentOrDefault('new ArgoRolloutsMetrics()', 'props', props,
      struct('ArgoRolloutsMetricsProps', { ...METRICS_OPTIONS.fields, namespace: 'string', port: 'number' }), {});
    super(scope, id);
    const where = subjectOf(this, 'ArgoRolloutsMetrics');
    const namespace = props.namespace ?? DEFAULT_NAMESPACE;
    checkNamespace(where, namespace);
    checkInteger('metrics port', props.port, 1, 65535);
    if (!props.serviceMonitor && (props.scrapeInterval !== undefined || props.serviceMonitorLabels !== undefined)) {
      fail(`${where}: metrics.scrapeInterval and metrics.serviceMonitorLabels need metrics.serviceMonitor: true.`);
    }
    this.port = props.port ?? 8090;
    const labels = componentLabels('server', METRICS);
    defineObject(this, 'Resource', GVK.service, objectMeta(namespace, METRICS, labels), {
      spec: {
        ports: [{ name: 'metrics', port: this.port, protocol: 'TCP', targetPort: this.port }],
        selector: SELECTOR,
      },
    });
    if (props.serviceMonitor) {
      defineObject(this, 'service-monitor', GVK.serviceMonitor, objectMeta(namespace, METRICS, { ...labels, ...props.serviceMonitorLabels }), {
        spec: {
          selector: { matchLabels: { 'app.kubernetes.io/name': METRICS } },
          endpoints: [{ port: 'metrics', interval: props.scrapeInterval }],
        },
      });
    }
  }
}
