// Kubernetes name syntaxes, written once: the rule engine (src/validation) and the constructs both
// use them. Each check returns a short reason, or undefined when the value is valid.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const IANA_SVC_NAME_CHARS = /^[-a-z0-9]+$/;
const HAS_LETTER = /[a-z]/;

/** A DNS-1123 label: at most 63 lowercase letters, digits and '-', starting and ending alphanumeric. */
export function dns1123LabelError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 63) {
    return `it is ${value.length} characters long (at most 63 are allowed)`;
  }
  if (!DNS1123_LABEL.test(value)) {
    return "only lowercase letters, digits and '-' are allowed, and it must start and end with a letter or digit";
  }
  return undefined;
}

const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/**
 * A DNS-1035 label (e.g. a Service name): at most 63 lowercase letters, digits and '-', starting with
 * a letter and ending with a letter or digit.
 */
export function dns1035LabelError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 63) {
    return `it is ${value.length} characters long (at most 63 are allowed)`;
  }
  if (!DNS1035_LABEL.test(value)) {
    return "only lowercase letters, digits and '-' are allowed, and it must start with a letter and end with a letter or digit";
  }
  return undefined;
}

/** A DNS-1123 subdomain: dot-separated DNS labels, at most 253 characters. */
export function dns1123SubdomainError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 253) {
    return `it is ${value.length} characters long (at most 253 are allowed)`;
  }
  if (!DNS1123_SUBDOMAIN.test(value)) {
    return "it must be dot-separated parts of lowercase letters, digits and '-', each starting and ending with a letter or digit";
  }
  return undefined;
}

/**
 * A qualified name (label and annotation keys): an optional DNS-subdomain prefix and '/', then a name
 * of at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric.
 */
export function qualifiedNameError(value: string): string | undefined {
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefixError = parts[0].length === 0 ? 'its prefix before "/" is empty' : dns1123SubdomainError(parts[0]);
    if (prefixError !== undefined) {
      return parts[0].length === 0 ? prefixError : `its prefix is not a DNS subdomain (${prefixError})`;
    }
    name = parts[1];
  } else {
    return 'it contains more than one "/"';
  }
  if (name.length === 0) {
    return 'the name part is empty';
  }
  if (name.length > 63) {
    return `the name part is ${name.length} characters long (at most 63 are allowed)`;
  }
  if (!QUALIFIED_NAME_PART.test(name)) {
    return "the name part may hold only letters, digits, '-', '_' and '.', and must start and end with a letter or digit";
  }
  return undefined;
}

/** A label value: empty, or at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric. */
export function labelValueError(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return 'label values must be strings (quote numbers and booleans)';
  }
  if (value.length > 63) {
    return `it is ${value.length} characters long (at most 63 are allowed)`;
  }
  if (!LABEL_VALUE.test(value)) {
    return "only letters, digits, '-', '_' and '.' are allowed, and it must start and end with a letter or digit";
  }
  return undefined;
}

/**
 * An IANA service name (container port names): at most 15 lowercase letters, digits and '-', with at
 * least one letter, and no leading, trailing or doubled '-'.
 */
export function ianaServiceNameError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 15) {
    return `it is ${value.length} characters long (at most 15 are allowed)`;
  }
  if (!IANA_SVC_NAME_CHARS.test(value)) {
    return "only lowercase letters, digits and '-' are allowed";
  }
  if (!HAS_LETTER.test(value)) {
    return 'it must contain at least one letter';
  }
  if (value.includes('--')) {
    return "it must not contain '--'";
  }
  if (value.startsWith('-') || value.endsWith('-')) {
    return "it must not start or end with '-'";
  }
  return undefined;
}

/**
 * Whether `value` has the characters of a DNS-1123 label (lowercase letters, digits and '-', starting
 * and ending with a letter or digit), whatever its length.
 */
export function hasDns1123LabelChars(value: string): boolean {
  return DNS1123_LABEL.test(value);
}

const PLUGIN_NAME = /^[A-Za-z0-9-]+\/[A-Za-z0-9_.-]+$/;

/** Whether `value` is a plugin name as the controller reads it: `<namespace>/<name>`. */
export function isPluginName(value: string): boolean {
  return PLUGIN_NAME.test(value);
}

const ANALYSIS_NAME = /^[A-Za-z0-9][-A-Za-z0-9_.]*$/;

/** Whether `value` can name a metric or an analysis argument: letters, digits, '-', '_' and '.', starting alphanumeric. */
export function isAnalysisName(value: string): boolean {
  return ANALYSIS_NAME.test(value);
}

const CONFIG_MAP_KEY = /^[-._a-zA-Z0-9]+$/;

/** `.` and `..` as a name, or a `..` prefix, which Kubernetes refuses in file-like names. */
export function chDirPrefixError(value: string): string | undefined {
  if (value === '.' || value === '..') {
    return `it must not be ${JSON.stringify(value)}`;
  }
  return value.startsWith('..') ? "it must not start with '..'" : undefined;
}

/** A ConfigMap or Secret key: at most 253 letters, digits, '-', '_' and '.'. */
export function configMapKeyError(value: string): string | undefined {
  if (value.length > 253) {
    return `it is ${value.length} characters long (at most 253 are allowed)`;
  }
  if (!CONFIG_MAP_KEY.test(value)) {
    return "only letters, digits, '-', '_' and '.' are allowed";
  }
  return chDirPrefixError(value);
}

/**
 * The annotation key of a notification subscription, before `<trigger>.<service>` (or `<service>` for
 * the service's default triggers).
 */
export const SUBSCRIBE_PREFIX = 'notifications.argoproj.io/subscribe.';

const SUBSCRIPTION_PART = /^[A-Za-z0-9]([-_A-Za-z0-9]*[A-Za-z0-9])?$/;
/** The longest name part of a qualified name (an annotation key after its prefix). */
const QUALIFIED_NAME_LENGTH = 63;
/** The part of the key's name that comes before a trigger or service name: `subscribe.`. */
const SUBSCRIBE_NAME_PREFIX = SUBSCRIBE_PREFIX.slice(SUBSCRIBE_PREFIX.indexOf('/') + 1);

/**
 * A trigger or service name as a subscription annotation key carries it: the controller splits the
 * key at dots, and the key is a qualified name, so letters, digits, '-' and '_', starting and ending
 * with a letter or digit, and short enough that `subscribe.<name>` fits the 63 characters of the key's
 * name part.
 */
export function subscriptionPartError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  const longest = QUALIFIED_NAME_LENGTH - SUBSCRIBE_NAME_PREFIX.length;
  if (value.length > longest) {
    return `it is ${value.length} characters long, and the key leaves room for ${longest} (${SUBSCRIBE_NAME_PREFIX}<name> must fit in ${QUALIFIED_NAME_LENGTH})`;
  }
  if (value.includes('.')) {
    return 'the controller splits the key at dots, so only the part after the last dot would count';
  }
  if (!SUBSCRIPTION_PART.test(value)) {
    return "an annotation key may hold only letters, digits, '-' and '_' here, starting and ending with a letter or digit";
  }
  return undefined;
}

/**
 * A name with the characters a subscription annotation key can carry, close to `value` (for fixes):
 * other characters become '-', and the ends are trimmed to a letter or digit.
 */
export function subscriptionPartSuggestion(value: string): string {
  const name = value.replace(/[^-_A-Za-z0-9]+/g, '-').replace(/^[-_]+/, '').replace(/[-_]+$/, '')
    .slice(0, QUALIFIED_NAME_LENGTH - SUBSCRIBE_NAME_PREFIX.length).replace(/[-_]+$/, '');
  return name === '' ? 'my-service' : name;
}
