// The Graphite provider: its options (public) and, module-local, their shape and the renderer of `provider.graphite`.
import { ExpectedStruct, struct } from '../../private/arguments';
import { renderProvider } from '../private/provider-renderers';
import { checkUrl, requireText } from '../private/providers/common';

/**
 * Options of `MetricProvider.graphite()`.
 */
export interface GraphiteMetricOptions {
  /** The Graphite URL, e.g. `http://graphite.monitoring:80`. */
  readonly address: string;
  /** The Graphite query. */
  readonly query: string;
}

/** The rendered `provider.graphite` block. */
interface GraphiteSpec {
  readonly address: string;
  readonly query: string;
}

/** The fields of `GraphiteMetricOptions`, for `checkArgument`. */
const GRAPHITE_OPTIONS: ExpectedStruct = struct('GraphiteMetricOptions', { address: 'string', query: 'string' });

/** Checks the options of `MetricProvider.graphite()` and renders the provider. */
function graphiteSpec(options: GraphiteMetricOptions): GraphiteSpec {
  const where = 'MetricProvider.graphite()';
  requireText(`${where} address`, options.address);
  checkUrl(`${where} address`, options.address);
  requireText(`${where} query`, options.query);
  return { address: options.address, query: options.query };
}

renderProvider<GraphiteMetricOptions>('MetricProvider.graphite', { options: GRAPHITE_OPTIONS, render: graphiteSpec });
