import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, struct } from '../../private/arguments';
import { toSeconds } from '../../private/utils';
import { requireText } from '../private/providers/common';

/**
 * Options of `MetricProvider.newRelic()`.
 */
export interface NewRelicMetricOptions {
  /**
   * The NRQL query.
   */
  readonly query: string;

  /**
   * The Secret with the New Relic credentials (`personal-api-key`, `account-id`, and optionally
   * `region`, `base-url-rest`, `base-url-nerdgraph`).
   *
   * @default 'newrelic'
   */
  readonly profile?: string;

  /**
   * How long the query may take.
   *
   * @default Duration.seconds(5)
   */
  readonly timeout?: Duration;
}

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
