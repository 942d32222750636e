import { Duration } from 'cdk8s';
import { MetricAuthentication } from './authentication';

/**
 * The HTTP methods of the Web provider.
 */
export enum WebMethod {
  /** GET (no body). */
  GET = 'GET',
  /** POST. */
  POST = 'POST',
  /** PUT. */
  PUT = 'PUT',
}

/**
 * Options of `MetricProvider.web()`.
 */
export interface WebMetricOptions {
  /**
   * The URL to call. Argument placeholders are allowed, e.g. `http://{{args.service}}/health`.
   */
  readonly url: string;

  /**
   * The HTTP method.
   *
   * @default WebMethod.GET
   */
  readonly method?: WebMethod;

  /**
   * HTTP headers, by header name.
   *
   * @default - none
   */
  readonly headers?: { [name: string]: string };

  /**
   * A text body. Only with POST or PUT; not with `jsonBody`.
   *
   * @default - no body
   */
  readonly body?: string;

  /**
   * A JSON body (sent with `Content-Type: application/json`). Only with POST or PUT; not with `body`.
   *
   * @default - no body
   */
  readonly jsonBody?: { [key: string]: any };

  /**
   * A JSONPath template in braces that selects the result from the response, e.g. `{$.data.ok}`.
   *
   * @default '{$}' (the whole response)
   */
  readonly jsonPath?: string;

  /**
   * How long the request may take (whole seconds, at least 1).
   *
   * @default Duration.seconds(10)
   */
  readonly timeout?: Duration;

  /**
   * Skip the verification of the server's TLS certificate.
   *
   * @default false
   */
  readonly insecure?: boolean;

  /**
   * How the controller authenticates. The Web provider supports OAuth2 only.
   *
   * @default - no authentication
   */
  readonly authentication?: MetricAuthentication;
}
