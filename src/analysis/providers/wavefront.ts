// The Wavefront provider: its options (public) and, module-local, their shape and the renderer of `provider.wavefront`.
import { struct } from '../../private/arguments';
import { renderProvider } from '../private/provider-renderers';
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
interface WavefrontSpec {
  readonly address: string;
  readonly query: string;
}

renderProvider<WavefrontMetricOptions>('MetricProvider.wavefront', {
  options: struct('WavefrontMetricOptions', { address: 'string', query: 'string' }),
  render: (options): WavefrontSpec => {
    const where = 'MetricProvider.wavefront()';
    requireText(`${where} address`, options.address, 'The controller looks up the API token by this address in the Secret \'wavefront-api-tokens\'.');
    requireText(`${where} query`, options.query);
    return { address: options.address, query: options.query };
  },
});
