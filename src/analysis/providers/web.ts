// The Web provider: its options (public) and, module-local, their shape and the renderer of `provider.web`.
import { Duration } from 'cdk8s';
import { MetricAuthentication } from './authentication';
import { DURATION, ExpectedStruct, JSON_OBJECT, STRING_MAP, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { toSeconds } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';
import { AuthenticationSpec } from '../private/providers/authentication';
import { checkUrl, headerList, HeaderSpec, requireText } from '../private/providers/common';

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

/** The rendered `provider.web` block. */
interface WebSpec {
  readonly url: string;
  readonly method?: WebMethod;
  readonly headers?: HeaderSpec[];
  readonly body?: string;
  readonly jsonBody?: { [key: string]: any };
  readonly jsonPath?: string;
  readonly timeoutSeconds?: number;
  readonly insecure?: boolean;
  readonly authentication?: AuthenticationSpec;
}

/** The fields of `WebMetricOptions`, for `checkArgument`. */
const WEB_OPTIONS: ExpectedStruct = struct('WebMetricOptions', {
  url: 'string',
  method: { name: 'WebMethod', values: Object.values(WebMethod) },
  headers: STRING_MAP,
  body: 'string',
  jsonBody: JSON_OBJECT,
  jsonPath: 'string',
  timeout: DURATION,
  insecure: 'boolean',
  authentication: { class: MetricAuthentication, name: 'MetricAuthentication', example: "MetricAuthentication.oauth2({ ... }) or MetricAuthentication.sigv4({ region: 'eu-west-1' })" },
});

/** Checks the options of `MetricProvider.web()` and renders the provider. */
function webSpec(options: WebMetricOptions): WebSpec {
  const where = 'MetricProvider.web()';
  requireText(`${where} url`, options.url);
  checkUrl(`${where} url`, options.url);
  const method = options.method ?? WebMethod.GET;
  if (options.body !== undefined && options.jsonBody !== undefined) {
    fail(`${where} takes body or jsonBody, not both. Keep one of them.`);
  }
  if ((options.body !== undefined || options.jsonBody !== undefined) && method === WebMethod.GET) {
    fail(`${where}: a ${options.body !== undefined ? 'body' : 'jsonBody'} needs method POST or PUT, got ${method}. `
      + 'Set method: WebMethod.POST (or PUT), or remove the body.');
  }
  if (typeof options.jsonPath === 'string' && !(options.jsonPath.startsWith('{') && options.jsonPath.endsWith('}'))) {
    fail(`${where} jsonPath must be a JSONPath template in braces, got '${options.jsonPath}'. Use e.g. '{$.data.ok}'.`);
  }
  const timeoutSeconds = toSeconds(`${where} timeout`, options.timeout);
  if (timeoutSeconds === 0) {
    fail(`${where} timeout must be at least 1 second, got 0s (the controller would use its default of 10s). Leave it out for the default.`);
  }
  if (options.authentication?._method === 'sigv4') {
    fail(`${where}: the Web provider does not sign requests with sigv4 (the controller ignores it). Use MetricAuthentication.oauth2() or headers.`);
  }
  return {
    url: options.url,
    method: options.method,
    headers: headerList(where, options.headers),
    body: options.body,
    jsonBody: options.jsonBody !== undefined ? { ...options.jsonBody } : undefined,
    jsonPath: options.jsonPath,
    timeoutSeconds,
    insecure: options.insecure,
    authentication: options.authentication?._toKube(),
  };
}

renderProvider<WebMetricOptions>('MetricProvider.web', { options: WEB_OPTIONS, render: webSpec });
