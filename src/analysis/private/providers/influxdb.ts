// The internals of MetricProvider.influxdb(): the rendered `provider.influxdb` block, the fields of the options and the renderer.
import { requireText } from './common';
import { ExpectedStruct, struct } from '../../../private/arguments';
import { InfluxDbMetricOptions } from '../../providers/influxdb';

/** The rendered `provider.influxdb` block. */
export interface InfluxDbSpec {
  readonly profile?: string;
  readonly query: string;
}

/** The fields of `InfluxDbMetricOptions`, for `checkArgument`. */
export const INFLUXDB_OPTIONS: ExpectedStruct = struct('InfluxDbMetricOptions', { query: 'string', profile: 'string' });

/** Checks the options of `MetricProvider.influxdb()` and renders the provider. */
export function influxDbSpec(options: InfluxDbMetricOptions): InfluxDbSpec {
  const where = 'MetricProvider.influxdb()';
  requireText(`${where} query`, options.query);
  if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'influxdb\'.');
  return { profile: options.profile, query: options.query };
}
