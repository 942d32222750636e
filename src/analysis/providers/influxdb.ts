// The InfluxDB provider: its options (public) and, module-local, their shape and the renderer of `provider.influxdb`.
import { ExpectedStruct, struct } from '../../private/arguments';
import { renderProvider } from '../private/provider-renderers';
import { requireText } from '../private/providers/common';

/**
 * Options of `MetricProvider.influxdb()`.
 */
export interface InfluxDbMetricOptions {
  /** The Flux query. */
  readonly query: string;

  /**
   * The Secret with `address`, `authToken` and `org`.
   *
   * @default 'influxdb'
   */
  readonly profile?: string;
}

/** The rendered `provider.influxdb` block. */
interface InfluxDbSpec {
  readonly profile?: string;
  readonly query: string;
}

/** The fields of `InfluxDbMetricOptions`, for `checkArgument`. */
const INFLUXDB_OPTIONS: ExpectedStruct = struct('InfluxDbMetricOptions', { query: 'string', profile: 'string' });

/** Checks the options of `MetricProvider.influxdb()` and renders the provider. */
function influxDbSpec(options: InfluxDbMetricOptions): InfluxDbSpec {
  const where = 'MetricProvider.influxdb()';
  requireText(`${where} query`, options.query);
  if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'influxdb\'.');
  return { profile: options.profile, query: options.query };
}

renderProvider<InfluxDbMetricOptions>('MetricProvider.influxdb', { options: INFLUXDB_OPTIONS, render: influxDbSpec });
