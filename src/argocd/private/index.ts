// The door of argocd/'s internals: other layers import argocd/private, never a file behind it.
export * from './ignore-differences';
export * from './spec-types';
