/**
 * Name and value syntaxes of the pod API that the shared helpers in ../util do not cover:
 * environment variable names, IP addresses, HTTP header names, user and group IDs
 * and relative paths. Each check returns a short reason, or `undefined` when the value is valid.
 */
import { isIP } from 'net';
import { chDirPrefixError } from '../../../private/name-syntax';
import { dns1123SubdomainError } from '../util';

const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const HTTP_HEADER_NAME = /^[-A-Za-z0-9!#$%&'*+.^_`|~]+$/;
const MAX_ID = 2147483647;


/**
 * An environment variable name. Strict (the Rollout controller's check): letters, digits, '_', '-'
 * and '.', not starting with a digit. Relaxed (API servers since Kubernetes 1.32): any printable
 * ASCII character but '='.
 */
export function envVarNameError(value: string, relaxed: boolean): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (relaxed) {
    for (const c of value) {
      const code = c.charCodeAt(0);
      if (c === '=' || code < 32 || code > 126 || c.length > 1) {
        return "only printable ASCII characters other than '=' are allowed";
      }
    }
    return undefined;
  }
  if (value.includes('=')) {
    return "it contains '='";
  }
  if (!ENV_VAR_NAME.test(value)) {
    return "only letters, digits, '_', '-' and '.' are allowed, and it must not start with a digit";
  }
  return chDirPrefixError(value);
}


/** An IPv4 or IPv6 address (IPv4 parts may have leading zeros, as Kubernetes accepts for old objects). */
export function ipError(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') {
    return 'an IP address is required';
  }
  const sloppy = /^[0-9.]+$/.test(value) ? value.split('.').map(part => part.replace(/^0+(?=[0-9])/, '')).join('.') : value;
  return isIP(sloppy) === 0 ? 'it is not an IP address such as 10.9.8.7 or 2001:db8::ffff' : undefined;
}

/** An HTTP header name (an RFC 7230 token). */
export function httpHeaderNameError(value: unknown): string | undefined {
  return typeof value === 'string' && HTTP_HEADER_NAME.test(value) ? undefined
    : "it must be a non-empty token of letters, digits and !#$%&'*+-.^_`|~";
}

/** A Linux user or group ID: an integer from 0 to 2147483647. */
export function idError(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return 'it must be an integer';
  }
  return value < 0 || value > MAX_ID ? `it must be between 0 and ${MAX_ID}` : undefined;
}

/** A path with no '..' element. */
export function backstepError(value: string): string | undefined {
  return value.replace(/\\/g, '/').split('/').includes('..') ? "it must not contain a '..' element" : undefined;
}

/** A relative path with no '..' element (subPath, gitRepo directory, localhostProfile). */
export function relativePathError(value: string): string | undefined {
  if (value.startsWith('/')) {
    return 'it must be a relative path';
  }
  return backstepError(value);
}

/** A relative path inside a volume that does not start with '..' (item paths of Secret, ConfigMap, downward API volumes). */
export function localPathError(value: string): string | undefined {
  const error = relativePathError(value);
  if (error !== undefined) {
    return error;
  }
  return value.startsWith('..') ? "it must not start with '..'" : undefined;
}

/**
 * An object name that may be a prefix (envFrom): a DNS subdomain, where a trailing '-' is allowed
 * because more characters follow.
 */
export function prefixNameError(value: string): string | undefined {
  return dns1123SubdomainError(value.endsWith('-') ? `${value.slice(0, -1)}a` : value);
}
