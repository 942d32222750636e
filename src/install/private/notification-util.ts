import { Yaml } from 'cdk8s';

/** A `$key` reference to a key of the notification Secret. */
export function secretRef(key: string): string {
  checkKey('Secret key', key);
  // the notifications engine reads a reference up to the first character other than a letter, digit, _ or -
  if (key.includes('.')) {
    throw new Error(`Notification Secret key '${key}' has a dot: the controller would read the reference $${key} as $${key.split('.')[0]}. `
      + 'Name the key with letters, digits, \'-\' and \'_\' only (e.g. ' + key.replace(/\./g, '-') + ').');
  }
  return `$${key}`;
}

export function checkKey(what: string, key: string) {
  if (!key || !/^[-._a-zA-Z0-9]+$/.test(key)) {
    throw new Error(`Notification ${what} '${key}' is invalid: use letters, digits, '-', '_' and '.'.`);
  }
}

export function toYaml(value: any): string {
  return Yaml.stringify(JSON.parse(JSON.stringify(value)));
}

