import { Duration } from 'cdk8s';
import { fail } from '../../../private/synth-error';
import { toGoDuration, undefinedIfEmpty } from '../../../private/utils';

/** The value of `metrics[].provider`: one provider's rendered body under its key. */
export interface RenderedProvider {
  readonly [kind: string]: object;
}

/** A `headers` entry of the Prometheus and Web providers. */
export interface HeaderSpec {
  readonly key: string;
  readonly value: string;
}

/** Whether a string holds an argument placeholder (`{{args.x}}`), resolved by the controller. */
export function hasPlaceholder(value: string): boolean {
  return value.includes('{{');
}

/** Throws unless `value` is a non-empty string. */
export function requireText(field: string, value: string | undefined, fix?: string) {
  if (typeof value !== 'string' || value.trim() === '') {
    fail(`'${field}' must be a non-empty string, got ${JSON.stringify(value)}.${fix ? ` ${fix}` : ''}`);
  }
}

/** Throws unless `value` is an absolute URL with a host; values with `{{` placeholders are not checked. */
export function checkUrl(field: string, value: string) {
  if (hasPlaceholder(value)) return;
  let ok = false;
  try {
    const u = new URL(value);
    ok = u.protocol !== '' && u.host !== '';
  } catch {
    ok = false;
  }
  if (!ok) {
    fail(`'${field}' must be an absolute URL with a scheme and a host, got '${value}'. Use e.g. 'http://prometheus.monitoring:9090'.`);
  }
}

/** The `headers` list of a provider, or undefined when there are none. */
export function headerList(where: string, headers: { [name: string]: string } | undefined): HeaderSpec[] | undefined {
  const list = Object.entries(headers ?? {}).map(([key, value]) => {
    requireText(`${where} header name`, key);
    if (typeof value !== 'string') {
      fail(`${where} header '${key}' must have a string value, got ${JSON.stringify(value)}.`);
    }
    return { key, value };
  });
  return undefinedIfEmpty(list);
}

/** A Go duration of at least one second. */
export function positiveGoDuration(field: string, duration: Duration): string {
  const text = toGoDuration(field, duration);
  if (text === '0s') {
    fail(`'${field}' must be at least 1 second, got 0s. Use e.g. Duration.minutes(5).`);
  }
  return text;
}

/** A copy without `undefined` values (so the manifest holds only what is set). */
export function prune<T>(value: T): T {
  return pruneValue(value) as T;
}

function pruneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneValue);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: { [key: string]: unknown } = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = pruneValue(v);
    }
    return out;
  }
  return value;
}
