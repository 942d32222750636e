// The door of analysis/'s internals: other layers import analysis/private, never a file behind it.
export * from './render';
export * from './spec-types';
