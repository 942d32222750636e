// Name checks shared by the constructs: each throws with the name, what it is for and how to fix it.

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const PLUGIN_NAME = /^[A-Za-z0-9-]+\/[A-Za-z0-9_.-]+$/;

/** An object name (DNS subdomain, at most 253 characters), e.g. of a Deployment or a template. */
export function checkObjectName(subject: string, name: string): string {
  if (typeof name !== 'string' || !DNS_SUBDOMAIN.test(name) || name.length > 253) {
    throw new Error(`${subject} '${name}' is not a valid Kubernetes name: use lowercase letters, digits, '-' and '.', `
      + 'starting and ending with a letter or digit.');
  }
  return name;
}

/** Whether `name` is a valid Service name (DNS label starting with a letter, at most 63 characters). */
export function isServiceName(name: string): boolean {
  return typeof name === 'string' && DNS_LABEL.test(name) && name.length <= 63;
}

/** A plugin name, `<namespace>/<name>`, as the controller reads it from `argo-rollouts-config`. */
export function checkPluginName(subject: string, name: string, example: string = 'argoproj-labs/gatewayAPI'): string {
  if (typeof name !== 'string' || !PLUGIN_NAME.test(name)) {
    throw new Error(`${subject} must have the form '<namespace>/<name>' (letters, digits and '-' before the '/', `
      + `letters, digits, '_', '.' and '-' after it), e.g. '${example}'.`);
  }
  return name;
}
