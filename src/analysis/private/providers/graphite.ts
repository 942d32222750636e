// The internals of MetricProvider.graphite(): the rendered `provider.graphite` block, the fields of the options and the renderer.
import { checkUrl, requireText } from './common';
import { ExpectedStruct, struct } from '../../../private/arguments';
import { GraphiteMetricOptions } from '../../providers/graphite';

/** The rendered `provider.graphite` block. */
export interface GraphiteSpec {
  readonly address: string;
  readonly query: string;
}

/** The fields of `GraphiteMetricOptions`, for `checkArgument`. */
export const GRAPHITE_OPTIONS: ExpectedStruct = struct('GraphiteMetricOptions', { address: 'string', query: 'string' });

/** Checks the options of `MetricProvider.graphite()` and renders the provider. */
export function graphiteSpec(options: GraphiteMetricOptions): GraphiteSpec {
  const where = 'MetricProvider.graphite()';
  requireText(`${where} address`, options.address);
  checkUrl(`${where} address`, options.address);
  requireText(`${where} query`, options.query);
  return { address: options.address, query: options.query };
}
