/**
 * The plan layer: the Argo Rollouts controller's arithmetic over plain manifests — the replica
 * counts it sets next, and per-step plans of pods, traffic, capacity and time.
 */
export * from './types';
export * from './replica-counts';
export * from './rollout-plan';
export * from './comparison-types';
export * from './comparison';
