import type * as kplus from '../private/kplus';

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
