// The New Relic provider: its options (public) and, module-local, their shape and the renderer of `provider.newRelic`.
import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, struct } from '../../private/arguments';
import { toSeconds } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';
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
interface NewRelicSpec {
  readonly query: string;
  readonly profile?: string;
  readonly timeout?: number;
}

/** The fields of `NewRelicMetricOptions`, for `checkArgument`. */
const NEW_RELIC_OPTIONS: ExpectedStruct = struct('NewRelicMetricOptions', { query: 'string', profile: 'string', timeout: DURATION });

/** Checks the options of `MetricProvider.newRelic()` and renders the provider. */
function newRelicSpec(options: NewRelicMetricOptions): NewRelicSpec {
  const where = 'MetricProvider.newRelic()';
  requireText(`${where} query`, options.query);
  if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'newrelic\'.');
  return {
    query: options.query,
    profile: options.profile,
    timeout: toSeconds(`${where} timeout`, options.timeout),
  };
}

renderProvider<NewRelicMetricOptions>('MetricProvider.newRelic', { options: NEW_RELIC_OPTIONS, render: newRelicSpec });
