import { Duration } from 'cdk8s';

/**
 * The pass and marginal scores of a Kayenta judgement (0 to 100), written as `threshold.pass`
 * and `threshold.marginal`. (Named `passScore`/`marginalScore` because `pass` is a Python keyword.)
 */
export interface KayentaThreshold {
  /**
   * A score at or above this passes (`threshold.pass`).
   */
  readonly passScore: number;

  /**
   * A score below this fails; between `marginalScore` and `passScore` the result is inconclusive
   * (`threshold.marginal`).
   */
  readonly marginalScore: number;
}

/**
 * One side (control or experiment) of a Kayenta scope.
 */
export interface KayentaScopeWindow {
  /**
   * The scope expression, e.g. `app=guestbook and rs={{args.stable-hash}}`.
   */
  readonly scope: string;

  /**
   * The region of the metrics.
   */
  readonly region: string;

  /**
   * The resolution of the metrics.
   */
  readonly step: Duration;

  /**
   * The start of the window (a timestamp). Set on both sides or on neither.
   *
   * @default - computed by the controller from the metric's interval (or the start of the run with `lookback`)
   */
  readonly start?: string;

  /**
   * The end of the window (a timestamp). Set on both sides or on neither.
   *
   * @default - the time of the measurement
   */
  readonly end?: string;
}

/**
 * A named Kayenta scope: the control and the experiment windows to compare.
 */
export interface KayentaScope {
  /**
   * The scope name, as in the canary config (e.g. `default`).
   */
  readonly name: string;

  /**
   * The control (baseline) side.
   */
  readonly controlScope: KayentaScopeWindow;

  /**
   * The experiment (canary) side.
   */
  readonly experimentScope: KayentaScopeWindow;
}

/**
 * Options of `MetricProvider.kayenta()`.
 */
export interface KayentaMetricOptions {
  /** The Kayenta URL, e.g. `http://kayenta.kayenta:8090`. */
  readonly address: string;
  /** The application name. */
  readonly application: string;
  /** The canary configuration to judge with. */
  readonly canaryConfigName: string;
  /** The metrics account. */
  readonly metricsAccountName: string;
  /** The configuration account. */
  readonly configurationAccountName: string;
  /** The storage account. */
  readonly storageAccountName: string;
  /** The pass and marginal scores. */
  readonly threshold: KayentaThreshold;
  /** The scopes to compare (at least one, unique names). */
  readonly scopes: KayentaScope[];

  /**
   * Compare from the start of the AnalysisRun instead of over the last `interval` only.
   *
   * @default false
   */
  readonly lookback?: boolean;
}
