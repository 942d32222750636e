// The door of rollout/'s internals: other layers import rollout/private, never a file behind it.
export * from './blue-green-strategy';
export * from './canary-strategy';
export * from './rollout-plan';
export * from './rollout-props';
export * from './service-binding';
export * from './spec-types';
export * from './step-context';
export * from './strategy-binding';
export * from './strategy-common';
