import { Duration } from 'cdk8s';
import { ArgumentError, checkArgument, describeValue, DURATION, numericStringFix } from './arguments';
import { MetadataSpec } from './manifest-types';
import { fail } from './synth-error';

/**
 * `undefined` for an empty array or an object without defined keys, so that nothing empty reaches
 * the manifest.
 */
export function undefinedIfEmpty<T>(value: T): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).filter(k => (value as Readonly<Record<string, unknown>>)[k] !== undefined);
    return keys.length === 0 ? undefined : value;
  }
  return value;
}

/**
 * Whole seconds of a Duration, for the `...Seconds` fields of the Argo API.
 * Throws with the field name when the duration has a fractional second or is negative.
 */
export function toSeconds(field: string, duration: Duration | undefined): number | undefined {
  if (duration === undefined || duration === null) return undefined;
  checkArgument('', field, duration, DURATION);
  const seconds = duration.toSeconds({ integral: false });
  if (!Number.isFinite(seconds)) {
    fail(`'${field}' must be a finite duration, got ${seconds} seconds (a NaN or infinite amount). `
      + 'Give the Duration a finite number, e.g. Duration.seconds(30).');
  }
  if (seconds < 0) {
    fail(`'${field}' must not be negative, got ${seconds}s. Use a positive Duration, e.g. Duration.seconds(30).`);
  }
  if (!Number.isInteger(seconds)) {
    fail(`'${field}' must be a whole number of seconds, got ${seconds}s. Use e.g. Duration.seconds(${Math.round(seconds)}).`);
  }
  return seconds;
}

/**
 * A Duration as a Go duration string (`10s`, `5m`, `1h30m`), the format of Argo's duration fields.
 * Throws with the field name for negative or sub-second durations.
 */
export function toGoDuration(field: string, duration: Duration): string {
  checkArgument('', field, duration, DURATION);
  const seconds = toSeconds(field, duration)!;
  if (seconds === 0) return '0s';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s ? `${s}s` : ''}`;
}

/**
 * Throws unless `value` is an integer within [min, max]. A value that is no number at all (a numeric
 * string, null) is an ArgumentError that shows it as what it is: `got the string "50"`, `got null`.
 */
export function checkInteger(field: string, value: number | undefined, min: number, max: number = Number.MAX_SAFE_INTEGER, fix?: string) {
  if (value === undefined) return;
  const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer between ${min} and ${max}`;
  if (typeof value !== 'number') {
    fail(new ArgumentError(`'${field}' must be ${range}, got ${describeValue(value)}.${numericStringFix(value)}${fix ? ` ${fix}` : ''}`));
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`'${field}' must be ${range}, got ${value}.${fix ? ` ${fix}` : ''}`);
  }
}

/** A copy of a string map, or undefined when empty. */
export function copyMap(map: { [key: string]: string } | undefined): { [key: string]: string } | undefined {
  return map ? undefinedIfEmpty({ ...map }) : undefined;
}

/** A `{ labels, annotations }` block, or undefined when both are empty. */
export function metadataBlock(labels?: { [key: string]: string }, annotations?: { [key: string]: string }): MetadataSpec | undefined {
  return undefinedIfEmpty({ labels: copyMap(labels), annotations: copyMap(annotations) });
}
