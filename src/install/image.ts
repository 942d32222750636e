import * as kplus from 'cdk8s-plus-27';
import { ArgoRolloutsVersion } from './version';

/**
 * The image of an install component. Every part is optional; the default is the upstream image
 * pinned to the install's version.
 */
export interface ImageOptions {
  /**
   * The registry, e.g. a pull-through mirror.
   *
   * @default 'quay.io'
   */
  readonly registry?: string;

  /**
   * The repository within the registry.
   *
   * @default - `argoproj/argo-rollouts` (controller) or `argoproj/kubectl-argo-rollouts` (dashboard)
   */
  readonly repository?: string;

  /**
   * The tag. Must be the install's version tag (CRDs and controller come from one release) unless
   * you mirror it under another name; use `digest` to pin the content.
   *
   * @default - the version tag, e.g. `v1.9.1`
   */
  readonly tag?: string;

  /**
   * The image digest (`sha256:` and 64 hex digits). With a tag, the reference is `repo:tag@digest`.
   *
   * @default - none
   */
  readonly digest?: string;

  /**
   * The pull policy.
   *
   * @default ImagePullPolicy.IF_NOT_PRESENT
   */
  readonly pullPolicy?: kplus.ImagePullPolicy;
}

/** The image reference of a component, checked. */
export function imageReference(component: string, defaultRepository: string, version: ArgoRolloutsVersion, options: ImageOptions = {}): string {
  const registry = options.registry ?? 'quay.io';
  const repository = options.repository ?? defaultRepository;
  const tag = options.tag ?? version.tag;
  const customRepository = options.repository !== undefined || options.registry !== undefined;
  if (options.tag !== undefined && options.tag !== version.tag && !customRepository) {
    throw new Error(`The ${component} image tag '${options.tag}' does not match the install's version ${version.tag}: the CRDs and the controller must come from `
      + `one release. Set version: ArgoRolloutsVersion.of('${options.tag}') or drop the tag.`);
  }
  if (options.tag !== undefined && !/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(options.tag)) {
    throw new Error(`The ${component} image tag '${options.tag}' is not a valid tag (letters, digits, '_', '.' and '-', at most 128).`);
  }
  if (options.digest !== undefined && !/^sha256:[a-f0-9]{64}$/.test(options.digest)) {
    throw new Error(`The ${component} image digest '${options.digest}' is not a digest: use 'sha256:' followed by 64 lowercase hex digits.`);
  }
  return `${registry}/${repository}:${tag}${options.digest ? `@${options.digest}` : ''}`;
}
