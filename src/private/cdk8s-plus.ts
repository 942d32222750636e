/**
 * cdk8s-plus-27, loaded on first use. The install constructs take cdk8s-plus types in their options
 * (resources, tolerations, node labels) but need its code only when such an option is given, so an app
 * that installs Argo Rollouts with the defaults does not load it (about a tenth of a cold install synth).
 * Modules that only name its types import them with `import type`.
 */
export function cdk8sPlus(): typeof import('cdk8s-plus-27') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('cdk8s-plus-27');
}
