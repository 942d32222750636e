// The Kayenta provider: its options (public) and, module-local, their shape and the renderer of `provider.kayenta`.
import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, listOf, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { checkInteger, toSeconds } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';
import { checkUrl, requireText } from '../private/providers/common';

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

/** A rendered Kayenta scope window. */
interface KayentaWindowSpec {
  readonly scope: string;
  readonly region: string;
  readonly step: number;
  readonly start?: string;
  readonly end?: string;
}

/** The rendered `provider.kayenta` block: the options, with the threshold and the scopes as the controller reads them. */
interface KayentaSpec extends Omit<KayentaMetricOptions, 'threshold' | 'scopes'> {
  readonly threshold: { readonly pass: number; readonly marginal: number };
  readonly scopes: { readonly name: string; readonly controlScope: KayentaWindowSpec; readonly experimentScope: KayentaWindowSpec }[];
}

const KAYENTA_WINDOW = struct('KayentaScopeWindow', { scope: 'string', region: 'string', step: DURATION, start: 'string', end: 'string' });

/** The fields of `KayentaMetricOptions`, for `checkArgument`. */
const KAYENTA_OPTIONS: ExpectedStruct = struct('KayentaMetricOptions', {
  address: 'string',
  application: 'string',
  canaryConfigName: 'string',
  metricsAccountName: 'string',
  configurationAccountName: 'string',
  storageAccountName: 'string',
  threshold: struct('KayentaThreshold', { passScore: 'number', marginalScore: 'number' }),
  scopes: listOf(struct('KayentaScope', { name: 'string', controlScope: KAYENTA_WINDOW, experimentScope: KAYENTA_WINDOW },
    { example: "{ name: 'default', controlScope: { ... }, experimentScope: { ... } }" })),
  lookback: 'boolean',
});

/** Checks the options of `MetricProvider.kayenta()` and renders the provider. */
function kayentaSpec(options: KayentaMetricOptions): KayentaSpec {
  const where = 'MetricProvider.kayenta()';
  for (const field of ['address', 'application', 'canaryConfigName', 'metricsAccountName', 'configurationAccountName', 'storageAccountName']) {
    requireText(`${where} ${field}`, (options as any)[field]);
  }
  checkUrl(`${where} address`, options.address);
  const t = options.threshold;
  if (!t) fail(`${where} needs a threshold, e.g. { passScore: 90, marginalScore: 75 }.`);
  checkInteger(`${where} threshold.passScore`, t.passScore, 0, 100);
  checkInteger(`${where} threshold.marginalScore`, t.marginalScore, 0, 100);
  if (t.marginalScore > t.passScore) {
    fail(`${where} threshold.marginalScore (${t.marginalScore}) must not be greater than threshold.passScore (${t.passScore}). Swap them.`);
  }
  if (!options.scopes || options.scopes.length === 0) {
    fail(`${where} needs at least one scope, e.g. scopes: [{ name: 'default', controlScope: {...}, experimentScope: {...} }].`);
  }
  const names = new Set<string>();
  const scopes = options.scopes.map(s => {
    requireText(`${where} scope name`, s.name);
    if (names.has(s.name)) fail(`${where}: scope '${s.name}' is given twice. Give each scope a unique name.`);
    names.add(s.name);
    const at = `${where} scope '${s.name}'`;
    if (!s.controlScope || !s.experimentScope) fail(`${at} needs both controlScope and experimentScope.`);
    for (const field of ['start', 'end'] as const) {
      const c = s.controlScope[field];
      const e = s.experimentScope[field];
      if ((c === undefined || c === '') !== (e === undefined || e === '')) {
        fail(`${at}: ${field} is set on ${c ? 'controlScope' : 'experimentScope'} only (${JSON.stringify(c || e)}). `
          + `Set ${field} on both sides or on neither.`);
      }
    }
    return {
      name: s.name,
      controlScope: kayentaWindow(`${at} controlScope`, s.controlScope),
      experimentScope: kayentaWindow(`${at} experimentScope`, s.experimentScope),
    };
  });
  return {
    address: options.address,
    application: options.application,
    canaryConfigName: options.canaryConfigName,
    metricsAccountName: options.metricsAccountName,
    configurationAccountName: options.configurationAccountName,
    storageAccountName: options.storageAccountName,
    threshold: { pass: t.passScore, marginal: t.marginalScore },
    scopes,
    lookback: options.lookback,
  };
}

function kayentaWindow(where: string, w: KayentaScopeWindow): KayentaWindowSpec {
  requireText(`${where} scope`, w.scope);
  requireText(`${where} region`, w.region);
  if (w.step === undefined) fail(`${where} needs a step, e.g. step: Duration.minutes(1).`);
  const step = toSeconds(`${where} step`, w.step)!;
  if (step === 0) fail(`'${where} step' must be at least 1 second, got 0s. Use e.g. Duration.minutes(1).`);
  return { scope: w.scope, region: w.region, step, start: w.start || undefined, end: w.end || undefined };
}

renderProvider<KayentaMetricOptions>('MetricProvider.kayenta', { options: KAYENTA_OPTIONS, render: kayentaSpec });
