// The internals of MetricProvider.wavefront(): the rendered `provider.wavefront` block, the fields of the options and the renderer.
import { requireText } from './common';
import { ExpectedStruct, struct } from '../../../private/arguments';
import { WavefrontMetricOptions } from '../../providers/wavefront';

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
