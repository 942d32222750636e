// Name checks shared by the constructs: each throws with the name, what it is for and how to fix it.
// The name syntaxes themselves are in name-syntax.ts, written once for the constructs and the rule
// engine (rule S07 uses the same checks).
import { dns1035LabelError, dns1123SubdomainError, isPluginName } from './name-syntax';
import { fail } from './synth-error';

/** An object name (DNS subdomain, at most 253 characters), e.g. of a Deployment or a template. */
export function checkObjectName(subject: string, name: string): string {
  const reason = typeof name === 'string' ? dns1123SubdomainError(name) : 'it is not a string';
  if (reason !== undefined) {
    fail(`${subject} '${name}' is not a valid Kubernetes name (${reason}): use lowercase letters, digits, '-' and '.', `
      + 'starting and ending with a letter or digit, at most 253 characters.');
  }
  return name;
}

/** Whether `name` is a valid Service name (DNS-1035 label: starts with a letter, at most 63 characters). */
export function isServiceName(name: string): boolean {
  return typeof name === 'string' && dns1035LabelError(name) === undefined;
}

/** A plugin name, `<namespace>/<name>`, as the controller reads it from `argo-rollouts-config`. */
export function checkPluginName(subject: string, name: string, example: string = 'argoproj-labs/gatewayAPI'): string {
  if (typeof name !== 'string' || !isPluginName(name)) {
    fail(`${subject} must have the form '<namespace>/<name>' (letters, digits and '-' before the '/', `
      + `letters, digits, '_', '.' and '-' after it), e.g. '${example}'.`);
  }
  return name;
}
