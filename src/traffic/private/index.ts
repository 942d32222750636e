// The door of traffic/'s internals: other layers import traffic/private, never a file behind it.
export * from './binding';
export * from './objects';
export * from './owned-fields';
export * from './router-owned-fields';
export * from './spec-types';
