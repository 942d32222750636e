// The internals of MetricProvider.skywalking(): the rendered `provider.skywalking` block, the fields of the options and the renderer.
import { checkUrl, positiveGoDuration, requireText } from './common';
import { DURATION, ExpectedStruct, struct } from '../../../private/arguments';
import { fail } from '../../../private/synth-error';
import { SkyWalkingMetricOptions } from '../../providers/skywalking';

/** The rendered `provider.skywalking` block. */
export interface SkyWalkingSpec {
  readonly address: string;
  readonly query: string;
  readonly interval: string;
}

/** The fields of `SkyWalkingMetricOptions`, for `checkArgument`. */
export const SKYWALKING_OPTIONS: ExpectedStruct = struct('SkyWalkingMetricOptions', { address: 'string', query: 'string', interval: DURATION });

/** Checks the options of `MetricProvider.skywalking()` and renders the provider. */
export function skyWalkingSpec(options: SkyWalkingMetricOptions): SkyWalkingSpec {
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
