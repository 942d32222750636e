// The door of release/'s internals: other layers import release/private, never a file behind it.
export * from './release-option';
