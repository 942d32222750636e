import { Yaml } from 'cdk8s';
import { ArgumentError } from '../../private/arguments';
import { configMapKeyError, SUBSCRIBE_PREFIX, subscriptionPartError, subscriptionPartSuggestion } from '../../private/name-syntax';
import { fail } from '../../private/synth-error';

/** A `$key` reference to a key of the notification Secret. */
export function secretRef(key: string): string {
  checkKey('Secret key', key);
  // the notifications engine reads a reference up to the first character other than a letter, digit, _ or -
  if (key.includes('.')) {
    fail(`Notification Secret key '${key}' has a dot: the controller would read the reference $${key} as $${key.split('.')[0]}. `
      + 'Name the key with letters, digits, \'-\' and \'_\' only (e.g. ' + key.replace(/\./g, '-') + ').');
  }
  return `$${key}`;
}

export function checkKey(what: string, key: string) {
  const error = key ? configMapKeyError(key) : 'it is empty';
  if (error !== undefined) {
    fail(`Notification ${what} '${key}' is invalid (${error}): use at most 253 letters, digits, '-', '_' and '.'.`);
  }
}

export function toYaml(value: any): string {
  return Yaml.stringify(JSON.parse(JSON.stringify(value)));
}


/**
 * Throws unless a trigger or service name can be carried by a subscription annotation
 * (`notifications.argoproj.io/subscribe.<trigger>.<service>`), naming the call, the name and a fix.
 *
 * @param where the call, e.g. `NotificationService.webhook()`
 * @param what the name's role, e.g. `webhook name`
 */
export function checkSubscriptionPart(where: string, what: string, value: string): void {
  const error = subscriptionPartError(value);
  if (error !== undefined) {
    fail(new ArgumentError(`${where}: the ${what} ${JSON.stringify(value)} cannot be named in a subscription annotation `
      + `(${SUBSCRIBE_PREFIX}<trigger>.<service>): ${error}. Name it with letters, digits, '-' and '_', e.g. ${JSON.stringify(subscriptionPartSuggestion(value))}.`));
  }
}
