/**
 * Provider runtime rules P01–P06. The controller raises them when it takes a measurement, not when the
 * spec is stored, but every measurement of such a metric would end in Error, so they are reported as
 * findings. Values holding a `{{ … }}` placeholder are known only at run time and are not checked.
 */
import { JsonObject } from '../../../private/manifest-types';
import { versionFacts } from '../../../private/versions';
import { AnalysisContext, Rule } from '../context';
import { checkPodTemplateSpec, PodReport } from '../pod';
import { asObject, asArray, asNumber, asString, hasPlaceholder, isSet, keyCount, listWords, parseGoDuration, parseGoUrl, quote, substituteArgs } from '../util';

/** Runs `check` for every metric whose provider sets `provider`, with the provider's path. */
function forEachProvider(ctx: AnalysisContext, provider: string, check: (settings: JsonObject, path: string, metric: unknown) => void): void {
  ctx.metrics.forEach((metric, i) => {
    const settings = asObject(asObject(asObject(metric)?.provider)?.[provider]);
    if (settings !== undefined) {
      check(settings, `spec.metrics[${i}].provider.${provider}`, metric);
    }
  });
}

function metricLabel(metric: unknown): string {
  return `Metric ${quote(asObject(metric)?.name)}`;
}

/** Reports a negative timeout (P03, P04); strings are a schema matter and left alone. */
function checkTimeout(ctx: AnalysisContext, provider: string, defaultSeconds: number): void {
  forEachProvider(ctx, provider, (settings, path, metric) => {
    const timeout = asNumber(settings.timeout);
    if (timeout !== undefined && timeout < 0) {
      ctx.report(`${path}.timeout`, `${metricLabel(metric)} sets ${provider}.timeout to ${quote(timeout)} seconds; it must not be negative.`,
        `Set timeout to a number of seconds of 0 or more, or omit it (default ${defaultSeconds}).`, timeout);
    }
  });
}

/** A non-empty literal string (no placeholder), else `undefined`. */
function literal(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !hasPlaceholder(value) ? value : undefined;
}

/** Datadog query settings that depend on the API version (P02). */
function checkDatadog(ctx: AnalysisContext, settings: JsonObject, path: string, metric: unknown): void {
  const hasQuery = asString(settings.query) !== '';
  const queries = asObject(settings.queries) ?? {};
  const queryCount = keyCount(queries);
  const apiVersion = isSet(settings.apiVersion) ? asString(settings.apiVersion) : 'v1';
  const label = metricLabel(metric);
  if (hasQuery === queryCount > 0) {
    ctx.report(path, hasQuery ? `${label} sets both datadog.query and datadog.queries.` : `${label} sets neither datadog.query nor datadog.queries.`,
      'Set query (a single query) or queries (named queries combined by formula, apiVersion v2), not both.', settings);
  } else if (apiVersion === 'v1' && !hasQuery) {
    ctx.report(`${path}.apiVersion`, `${label} uses datadog.queries with apiVersion ${quote(apiVersion)}${isSet(settings.apiVersion) ? '' : ' (the default)'}, which takes a single query only.`,
      'Set apiVersion: v2 to use queries and formula, or write one query in query.', settings.apiVersion);
  }
  if (asString(settings.formula) !== '' && queryCount === 0) {
    ctx.report(`${path}.formula`, `${label} sets datadog.formula ${quote(settings.formula)} without queries to combine.`,
      'Define the named queries the formula uses in queries (apiVersion v2), or remove formula.', settings.formula);
  }
  if (queryCount > 1 && asString(settings.formula) === '') {
    ctx.report(`${path}.queries`, `${label} sets ${queryCount} datadog.queries (${listWords(Object.keys(queries))}) but no formula to combine them.`,
      'Add a formula over the query names, e.g. formula: "a / b", or keep a single query.', Object.keys(queries));
  }
  if (asString(settings.aggregator) !== '' && apiVersion === 'v1') {
    ctx.report(`${path}.aggregator`, `${label} sets datadog.aggregator ${quote(settings.aggregator)}, which apiVersion v1 does not support.`,
      'Set apiVersion: v2 (with queries), or remove aggregator.', settings.aggregator);
  }
  // from 1.10 (the version table): the HTTP timeout of the requests, a positive Go duration; the schema
  // of earlier releases has no such field (S06)
  const timeout = literal(settings.requestTimeout);
  if (timeout !== undefined && versionFacts(ctx.options.version).rules.datadogRequestTimeout) {
    const seconds = parseGoDuration(timeout);
    if (seconds === undefined || seconds <= 0) {
      ctx.report(`${path}.requestTimeout`, `${label} sets datadog.requestTimeout to ${quote(timeout)}, which is ${seconds === undefined ? 'not a duration' : 'not above zero'}; `
        + 'every measurement would end in Error.', 'Set requestTimeout to a positive duration such as "30s" or "2m", or omit it (default 10s).', timeout);
    }
  }
  const secretRef = asObject(settings.secretRef);
  if (secretRef?.namespaced === true && asString(secretRef.name) === '') {
    ctx.report(`${path}.secretRef.name`, `${label} sets datadog.secretRef.namespaced without a Secret name.`,
      'Set secretRef.name to the Secret holding the Datadog keys in the metric\'s namespace, or remove namespaced.', secretRef.name);
  }
}

/** Kayenta scope times (P05): control and experiment scope set both or neither of `field`. */
function checkKayentaScopes(ctx: AnalysisContext, settings: JsonObject, path: string, metric: unknown): void {
  asArray(settings.scopes).forEach((scope, k) => {
    const control = asObject(asObject(scope)?.controlScope);
    const experiment = asObject(asObject(scope)?.experimentScope);
    for (const field of ['start', 'end']) {
      const controlSet = asString(control?.[field]) !== '';
      const experimentSet = asString(experiment?.[field]) !== '';
      if (controlSet !== experimentSet) {
        const [set, unset] = controlSet ? ['controlScope', 'experimentScope'] : ['experimentScope', 'controlScope'];
        const value = (controlSet ? control : experiment)![field];
        ctx.report(`${path}.scopes[${k}].${unset}.${field}`,
          `${metricLabel(metric)}: kayenta scope ${quote(asObject(scope)?.name)} sets ${set}.${field} ${quote(value)} but no ${unset}.${field}.`,
          `Set ${field} on both controlScope and experimentScope, or on neither.`, value);
      }
    }
  });
}

/**
 * V07 on job metrics: the API server refuses a Job whose pod template is invalid, so every
 * measurement ends in Error. Values holding a `{{ … }}` placeholder are resolved only when the Job is
 * made, so findings about them are dropped.
 */
function checkJobTemplate(ctx: AnalysisContext): void {
  forEachProvider(ctx, 'job', (settings, path) => {
    const spec = asObject(settings.spec);
    if (spec === undefined || !isSet(spec.template)) {
      return; // a schema matter: spec.template is required
    }
    const report: PodReport = (at, message, fix, value) => {
      if (value !== undefined && quoteAll(value).includes('{{')) {
        return;
      }
      ctx.report(at, message, fix, value);
    };
    const template = ctx.isRun ? resolveArgs(spec.template, ctx) : spec.template;
    checkPodTemplateSpec(asObject(template), `${path}.spec.template`, report, {
      validator: 'apiServer',
      kubernetesMinor: ctx.kubernetesMinor,
      restartPolicies: ['OnFailure', 'Never'],
      activeDeadline: 'range',
      workload: 'Job',
    });
  });
}

/**
 * A copy of a JSON value with the `{{args.x}}` placeholders that an AnalysisRun's literal
 * arguments resolve replaced, as the controller does before it creates the Job.
 */
function resolveArgs(value: unknown, ctx: AnalysisContext, depth = 0): unknown {
  if (typeof value === 'string') {
    return hasPlaceholder(value) ? substituteArgs(value, ctx.argValue) ?? value : value;
  }
  if (value === null || typeof value !== 'object' || depth > 64) {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map(item => resolveArgs(item, ctx, depth + 1));
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = resolveArgs(item, ctx, depth + 1);
  }
  return copy;
}

/** The whole value as text, to look for placeholders in it. */
function quoteAll(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Provider runtime rules. */
export const PROVIDER_RULES: readonly Rule<AnalysisContext>[] = [
  {
    id: 'P01',
    check: ctx => forEachProvider(ctx, 'web', (settings, path, metric) => {
      const hasBody = asString(settings.body) !== '';
      const hasJsonBody = isSet(settings.jsonBody);
      if (hasBody && hasJsonBody) {
        ctx.report(`${path}.body`, `${metricLabel(metric)} sets both web.body and web.jsonBody.`,
          'Keep one of them: body for a text payload, jsonBody for a JSON object.', settings.body);
      }
      const method = asString(settings.method) === '' ? 'GET' : asString(settings.method);
      if ((hasBody || hasJsonBody) && method === 'GET') {
        ctx.report(`${path}.method`,
          `${metricLabel(metric)} sends a request ${hasBody ? 'body' : 'jsonBody'} with method ${quote(method)}${isSet(settings.method) ? '' : ' (the default)'}.`,
          'Set method to POST or PUT, or remove the body.', settings.method);
      }
    }),
  },
  {
    id: 'P02',
    check: ctx => forEachProvider(ctx, 'datadog', (settings, path, metric) => checkDatadog(ctx, settings, path, metric)),
  },
  {
    id: 'P03',
    check: ctx => {
      checkTimeout(ctx, 'prometheus', 30);
      forEachProvider(ctx, 'prometheus', (settings, path, metric) => {
        const address = literal(settings.address);
        if (address !== undefined) {
          const parsed = parseGoUrl(address);
          const problem = typeof parsed === 'string' ? parsed
            : parsed.scheme === '' || parsed.host === '' ? 'it needs a scheme and a host, as in http://prometheus.monitoring:9090' : undefined;
          if (problem !== undefined) {
            ctx.report(`${path}.address`, `${metricLabel(metric)} has prometheus.address ${quote(address)}, which is not a URL: ${problem}.`,
              'Write the address as a full URL such as http://prometheus.monitoring.svc:9090.', address);
          }
        }
        const oauth2 = asObject(asObject(settings.authentication)?.oauth2);
        if (oauth2 !== undefined) {
          const fields = ['tokenUrl', 'clientId', 'clientSecret'];
          const set = fields.filter(field => asString(oauth2[field]) !== '');
          if (set.length > 0 && set.length < fields.length) {
            const missing = fields.filter(field => !set.includes(field));
            ctx.report(`${path}.authentication.oauth2`, `${metricLabel(metric)} sets oauth2 ${listWords(set)} but not ${listWords(missing)}.`,
              'Set tokenUrl, clientId and clientSecret together (scopes is optional), or remove oauth2.', oauth2);
          }
        }
      });
    },
  },
  {
    id: 'P04',
    check: ctx => checkTimeout(ctx, 'newRelic', 5),
  },
  {
    id: 'P05',
    check: ctx => forEachProvider(ctx, 'kayenta', (settings, path, metric) => checkKayentaScopes(ctx, settings, path, metric)),
  },
  {
    id: 'P06',
    check: ctx => forEachProvider(ctx, 'graphite', (settings, path, metric) => {
      const address = settings.address;
      if (isSet(address) && typeof address !== 'string') {
        return; // a schema matter
      }
      if (typeof address === 'string' && hasPlaceholder(address)) {
        return;
      }
      const text = asString(address); // (a string, or not set)
      const parsed = text === '' ? 'it is empty' : parseGoUrl(text);
      if (typeof parsed === 'string') {
        ctx.report(`${path}.address`, `${metricLabel(metric)} has graphite.address ${quote(address)}, which is not a valid URL: ${parsed}.`,
          'Set address to the Graphite URL, e.g. http://graphite.monitoring.svc:8080.', address);
      }
    }),
  },
  {
    id: 'V07',
    check: checkJobTemplate,
  },
];
