/**
 * What the API server refuses in a pod but accepts in a pod template (S08): the checks Kubernetes
 * runs only when a pod is created (`ValidatePodCreate`), on top of the pod-template validation that
 * V07 mirrors. A ReplicaSet or Job whose template breaks one of them is stored, but every pod its
 * controller makes from the template is refused.
 *
 * Of those checks, what a manifest decides is checked here, by field:
 *
 * - **image**: a container's or init container's image must not start or end with white space (as Go's
 *   `strings.TrimSpace` sees it). Templates keep accepting such images, for compatibility.
 * - **nodeName**: a pod may not be bound to a node while it still has scheduling gates, so a template
 *   that sets both `nodeName` and `schedulingGates` gives pods that are refused at creation.
 *
 * The other differences cannot be known from the template: a pod's name is generated from the
 * ReplicaSet's (its prefix cut to 58 characters, so always valid), the PVC of a generic ephemeral
 * volume is named after that pod, a projected service account token needs a `serviceAccountName`
 * that admission fills in, and `hostPort` under `hostNetwork` is defaulted on pods.
 */
import { goTrimSpace } from '../placeholders';
import { asArray, asObject, hasPlaceholder, isObject, quote } from '../util';
import { PodReport } from './context';
import { ContainerView, PodSpecView } from './views';

/** How the values of a template are read. */
export interface PodOnlyOptions {
  /**
   * The value a string takes when the pod is made: the string itself, or for a job template with
   * `{{ … }}` placeholders their values when known (an AnalysisRun's literal arguments);
   * `undefined` when it is known only at run time. By default strings with placeholders are unknown.
   */
  readonly resolve?: (text: string) => string | undefined;
}

const unresolved = (text: string): string | undefined => (hasPlaceholder(text) ? undefined : text);

/** Which ends of a text hold white space, for messages ("leading", "trailing", "leading and trailing"). */
function whiteSpaceEnds(text: string, trimmed: string): string {
  if (trimmed === '') {
    return 'nothing but';
  }
  const leading = !text.startsWith(trimmed);
  const trailing = !text.endsWith(trimmed);
  return leading && trailing ? 'leading and trailing' : leading ? 'leading' : 'trailing';
}

/**
 * Reports an image with white space at either end. A literal space outside a placeholder is known
 * now whatever the placeholder resolves to; otherwise the image is checked as the pod gets it.
 */
function checkImage(report: PodReport, container: ContainerView, path: string, what: string, resolve: (text: string) => string | undefined): void {
  const image = container.image;
  if (typeof image !== 'string' || image === '') {
    return; // no image at all: the template is refused already (V07)
  }
  let value: string | undefined = image;
  if (goTrimSpace(image) === image) {
    value = hasPlaceholder(image) ? resolve(image) : undefined;
    if (value === undefined || goTrimSpace(value) === value) {
      return;
    }
  }
  const trimmed = goTrimSpace(value);
  const name = typeof container.name === 'string' && container.name !== '' ? `The ${what} ${quote(container.name)}` : `${what.startsWith('init') ? 'An' : 'A'} ${what} without a name`;
  const resolved = value === image ? '' : ` (${quote(image)} with the run's arguments)`;
  report(`${path}.image`,
    `${name} has the image ${quote(value)}${resolved}, with ${whiteSpaceEnds(value, trimmed)} white space. The API server accepts it in a pod template, `
    + 'but refuses every pod made from it: a pod\'s image must not start or end with white space.',
    value !== image ? `Remove the white space from the arguments the image takes, so that it is ${trimmed === '' ? 'an image name' : quote(trimmed)}.`
      : trimmed === '' ? 'Set image to the container image to run, e.g. "nginx:1.27".' : `Remove the white space: image: ${quote(trimmed)}.`, image);
}

/** Reports `nodeName` next to scheduling gates. */
function checkNodeName(report: PodReport, spec: PodSpecView, specPath: string, resolve: (text: string) => string | undefined): void {
  const gates = asArray(spec.schedulingGates);
  if (gates.length === 0 || typeof spec.nodeName !== 'string' || spec.nodeName === '') {
    return;
  }
  const nodeName = resolve(spec.nodeName);
  if (nodeName === undefined || nodeName === '') {
    return;
  }
  const names = gates.map((gate: unknown) => quote(asObject(gate)?.name)).join(', ');
  report(`${specPath}.nodeName`,
    `nodeName is ${quote(nodeName)} while the pod template has ${gates.length === 1 ? 'the scheduling gate' : `${gates.length} scheduling gates`} ${names}. `
    + 'The API server accepts both in a pod template, but refuses every pod made from it: a pod cannot be bound to a node before its scheduling gates are removed.',
    'Remove nodeName and let the scheduler place the pods once the gates are removed (pin them to a node with a nodeSelector on kubernetes.io/hostname), '
    + 'or remove schedulingGates.', spec.nodeName);
}

/**
 * Checks a pod template (`metadata` and `spec`) found at `path` for what the API server refuses only
 * in pods, reporting through `report`. Cheap: a few fields of each container.
 */
export function checkPodOnly(template: unknown, path: string, report: PodReport, options: PodOnlyOptions = {}): void {
  const spec: PodSpecView | undefined = asObject(asObject(template)?.spec);
  if (spec === undefined) {
    return;
  }
  const resolve = options.resolve ?? unresolved;
  const specPath = `${path}.spec`;
  for (const [list, what] of [['containers', 'container'], ['initContainers', 'init container']] as const) {
    asArray(spec[list]).forEach((container: unknown, i: number) => {
      if (isObject(container)) {
        checkImage(report, container, `${specPath}.${list}[${i}]`, what, resolve);
      }
    });
  }
  checkNodeName(report, spec, specPath, resolve);
}
