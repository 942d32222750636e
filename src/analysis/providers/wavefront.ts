import { ExpectedStruct, struct } from '../../private/arguments';
import { requireText } from '../private/providers/common';

/**
 * Options of `MetricProvider.wavefront()`.
 */
export interface WavefrontMetricOptions {
  /**
   * The Wavefront server, e.g. `example.wavefront.com`. The controller looks up the API token
   * under this key in its Secret `wavefront-api-tokens`, so it is required.
   */
  readonly address: string;

  /**
   * The Wavefront query.
   */
  readonly query: string;
}

/** The rendered `provider.wavefront` block. */
export interface WavefrontSpec {
  readonly address: string;
  readonly query: string;
}

/** The fields of `WavefrontMetricOptions`, for `checkArgument`. */
export const WAVEFRONT_OPTIONS: ExpectedStruct = struct('WavefrontMetricOptions', { address: 'string', query: 'string' });

/** Checks the options of `MetricProvider.wavefront()` and renders the provider. */
export function wavefrontSpec(options: WavefrontMetricOptions): WavefrontSpec {
  const where = 'MetricProvider.wavefront()';
  requireText(`${where} address`, options.address, 'The controller looks up the API token by this address in the Secret \'wavefront-api-tokens\'.');
  requireText(`${where} query`, options.query);
  return { address: options.address, query: options.query };
}
