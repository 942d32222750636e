import { argumentOrDefault, checkArgument, STRING_LIST, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { undefinedIfEmpty } from '../../private/utils';
import { AuthenticationSpec, OAuth2Spec, Sigv4Spec } from '../private/providers/authentication';
import { checkUrl, requireText } from '../private/providers/common';

/**
 * Options of `MetricAuthentication.sigv4()`. Set at least one field.
 */
export interface Sigv4AuthenticationOptions {
  /**
   * The AWS region of the Amazon Managed Service for Prometheus workspace.
   *
   * @default - the region of the controller's AWS configuration
   */
  readonly region?: string;

  /**
   * The AWS profile whose credentials sign the requests.
   *
   * @default - the default credential chain of the controller
   */
  readonly profile?: string;

  /**
   * An IAM role to assume for signing.
   *
   * @default - no role is assumed
   */
  readonly roleArn?: string;
}

/**
 * Options of `MetricAuthentication.oauth2()`: the OAuth2 client-credentials flow.
 */
export interface OAuth2AuthenticationOptions {
  /**
   * The token endpoint, e.g. `https://auth.example.com/oauth2/token`.
   */
  readonly tokenUrl: string;

  /**
   * The client id.
   */
  readonly clientId: string;

  /**
   * The client secret. It is written into the template as given, so pass an argument placeholder
   * such as `{{args.client-secret}}` and fill the argument from a Secret
   * (`valueFrom.secretKeyRef`) rather than a literal secret.
   */
  readonly clientSecret: string;

  /**
   * The scopes to request.
   *
   * @default - no scope is requested
   */
  readonly scopes?: string[];
}

/**
 * How the controller authenticates to a metric endpoint (the `authentication` block of the
 * Prometheus and Web providers).
 *
 * @example
 * MetricAuthentication.oauth2({ tokenUrl: 'https://auth.example.com/token', clientId: 'argo', clientSecret: '{{args.client-secret}}' });
 * MetricAuthentication.sigv4({ region: 'eu-west-1' });
 */
export class MetricAuthentication {
  /**
   * Sign requests with AWS Signature Version 4, for Amazon Managed Service for Prometheus.
   *
   * Only the Prometheus provider supports it, and the controller signs only requests to an
   * address that contains `aps-workspaces`.
   */
  public static sigv4(options: Sigv4AuthenticationOptions = {}): MetricAuthentication {
    options = argumentOrDefault('MetricAuthentication.sigv4()', 'options', options,
      struct('Sigv4AuthenticationOptions', { region: 'string', profile: 'string', roleArn: 'string' }), {});
    if (!options.region && !options.profile && !options.roleArn) {
      fail('MetricAuthentication.sigv4() needs at least one of region, profile or roleArn; '
        + 'without them the controller does not sign requests. Pass e.g. { region: \'us-east-1\' }.');
    }
    return new MetricAuthentication('sigv4', { region: options.region, profile: options.profile, roleArn: options.roleArn });
  }

  /**
   * Fetch a token with the OAuth2 client-credentials flow and send it with every request.
   */
  public static oauth2(options: OAuth2AuthenticationOptions): MetricAuthentication {
    checkArgument('MetricAuthentication.oauth2()', 'options', options,
      struct('OAuth2AuthenticationOptions', { tokenUrl: 'string', clientId: 'string', clientSecret: 'string', scopes: STRING_LIST }));
    requireText('MetricAuthentication.oauth2() tokenUrl', options.tokenUrl);
    checkUrl('MetricAuthentication.oauth2() tokenUrl', options.tokenUrl);
    requireText('MetricAuthentication.oauth2() clientId', options.clientId);
    requireText('MetricAuthentication.oauth2() clientSecret', options.clientSecret,
      'Pass a placeholder such as \'{{args.client-secret}}\' and fill the argument from a Secret.');
    return new MetricAuthentication('oauth2', {
      tokenUrl: options.tokenUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      scopes: undefinedIfEmpty([...options.scopes ?? []]),
    });
  }

  private constructor(
    /** @internal */
    public readonly _method: 'sigv4' | 'oauth2',
    private readonly body: Sigv4Spec | OAuth2Spec) {}

  /** @internal */
  public _toKube(): AuthenticationSpec {
    return { [this._method]: this.body };
  }
}
