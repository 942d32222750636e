// The door of validation/'s internals: other layers import validation/private, never a file behind it.
export * from '../types';
export * from './engine';
export * from './format';
export * from './lint-run';
export * from './schema-loader';
export * from './synth-check';
export * from './types';
export * from './yaml';
export { scalerOf } from './rules/gitops';
export { BUDGET_ANNOTATIONS } from './rules/budget';
