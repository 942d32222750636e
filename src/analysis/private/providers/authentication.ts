// The rendered `authentication` block of the Prometheus and Web providers, which MetricAuthentication renders.

/** The rendered `sigv4` authentication. */
export interface Sigv4Spec {
  readonly region?: string;
  readonly profile?: string;
  readonly roleArn?: string;
}

/** The rendered `oauth2` authentication. */
export interface OAuth2Spec {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes?: string[];
}

/** The rendered `authentication` block: one method. */
export interface AuthenticationSpec {
  readonly sigv4?: Sigv4Spec;
  readonly oauth2?: OAuth2Spec;
}
