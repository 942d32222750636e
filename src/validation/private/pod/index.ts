/**
 * Kubernetes pod-template validation, by the field it checks: containers, env, probes, resources
 * (with exact quantity parsing), volumes, security contexts and scheduling. Pure functions that
 * report findings at a given base path, so that the same checks serve a Rollout's template (V07),
 * Experiment templates and the pod templates of job metrics; and what the API server refuses only in
 * the pods made from a template (S08, pod-only.ts).
 */
export { type PodReport, type PodTemplateOptions } from './context';
export { checkAnnotations, checkLabelMap, checkLabelSelector, selectorMatches } from './metadata';
export { checkPodTemplateSpec } from './pod-spec';
export { checkPodOnly, type PodOnlyOptions } from './pod-only';
export { compareQuantities, parseQuantity, type Quantity } from '../../../private/quantity';
