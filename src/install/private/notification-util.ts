import { Yaml } from 'cdk8s';

/** A `$key` reference to a key of the notification Secret. */
export function secretRef(key: string): string {
  checkKey('Secret key', key);
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

