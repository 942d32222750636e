// The SkyWalking provider: its options (public) and, module-local, their shape and the renderer of `provider.skywalking`.
import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { renderProvider } from '../private/provider-renderers';
import { checkUrl, positiveGoDuration, requireText } from '../private/providers/common';

/**
 * Options of `MetricProvider.skywalking()`.
 */
export interface SkyWalkingMetricOptions {
  /** The SkyWalking OAP URL, e.g. `http://skywalking-oap.skywalking:12800`. */
  readonly address: string;
  /** The GraphQL query. */
  readonly query: string;
  /**
   * The time window the query covers, ending now. The controller fails without it, so it is
   * required.
   */
  readonly interval: Duration;
}

/** The rendered `provider.skywalking` block. */
interface SkyWalkingSpec {
  readonly address: string;
  readonly query: string;
  readonly interval: string;
}

/** The fields of `SkyWalkingMetricOptions`, for `checkArgument`. */
const SKYWALKING_OPTIONS: ExpectedStruct = struct('SkyWalkingMetricOptions', { address: 'string', query: 'string', interval: DURATION });

/** Checks the options of `MetricProvider.skywalking()` and renders the provider. */
function skyWalkingSpec(options: SkyWalkingMetricOptions): SkyWalkingSpec {
  const where = 'MetricProvider.skywalking()';
  requireText(`${where} address`, options.address);
  checkUrl(`${where} address`, options.address);
  requireText(`${where} query`, options.query);
  if (options.interval === undefined) {
    fail(`${where} needs an interval (the controller cannot run the query without one), e.g. interval: Duration.minutes(5).`);
  }
  return {
    address: options.address,
    query: options.query,
    interval: positiveGoDuration(`${where} interval`, options.interval),
  };
}

renderProvider<SkyWalkingMetricOptions>('MetricProvider.skywalking', { options: SKYWALKING_OPTIONS, render: skyWalkingSpec });
