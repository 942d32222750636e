/**
 * The type of the rendered spec of an Argo CD Application, as far as `ArgoCdApplication` writes it.
 * Internal: jsii never sees it.
 */
import { IgnoreDifference } from '../../traffic/router';

/** `spec` of an Application (argoproj.io/v1alpha1). */
export interface ApplicationSpec {
  readonly project: string;
  readonly source: {
    readonly repoURL: string;
    readonly path?: string;
    readonly targetRevision?: string;
    readonly directory?: { readonly recurse?: boolean; readonly exclude?: string };
  };
  readonly destination: {
    readonly server?: string;
    readonly name?: string;
    readonly namespace?: string;
  };
  /** The entries have the fields of the public `IgnoreDifference`, by the same names. */
  readonly ignoreDifferences?: IgnoreDifference[];
  readonly syncPolicy?: {
    readonly automated?: { readonly prune?: boolean; readonly selfHeal?: boolean };
    readonly syncOptions?: string[];
  };
}
