// The internals of MetricProvider.newRelic(): the rendered `provider.newRelic` block, the fields of the options and the renderer.
import { requireText } from './common';
import { DURATION, ExpectedStruct, struct } from '../../../private/arguments';
import { toSeconds } from '../../../private/utils';
import { NewRelicMetricOptions } from '../../providers/new-relic';

/** The rendered `provider.newRelic` block. */
export interface NewRelicSpec {
  readonly query: string;
  readonly profile?: string;
  readonly timeout?: number;
}

/** The fields of `NewRelicMetricOptions`, for `checkArgument`. */
export const NEW_RELIC_OPTIONS: ExpectedStruct = struct('NewRelicMetricOptions', { query: 'string', profile: 'string', timeout: DURATION });

/** Checks the options of `MetricProvider.newRelic()` and renders the provider. */
export function newRelicSpec(options: NewRelicMetricOptions): NewRelicSpec {
  const where = 'MetricProvider.newRelic()';
  requireText(`${where} query`, options.query);
  if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'newrelic\'.');
  return {
    query: options.query,
    profile: options.profile,
    timeout: toSeconds(`${where} timeout`, options.timeout),
  };
}
