/**
 * Kubernetes pod-template validation, by the field it checks: containers, env, probes, resources
 * (with exact quantity parsing), volumes, security contexts and scheduling. Pure functions that
 * report findings at a given base path, so that the same checks serve a Rollout's template (V07),
 * Experiment templates and the pod templates of job metrics; what the API server refuses only in
 * the pods made from a template (S08, pod-only.ts); and the fields a Kubernetes version's pod API has
 * (S09, api-fields.ts), with what its checks do differently by version (kubernetes-version.ts).
 */
export { type PodReport, type PodTemplateOptions } from './context';
export { checkAnnotations, checkLabelMap, checkLabelSelector, selectorMatches } from './metadata';
export { checkPodTemplateSpec } from './pod-spec';
export { checkPodOnly, type PodOnlyOptions } from './pod-only';
export { checkApiFields, type PodFieldRoot, type UnknownFieldReport, type VersionType } from './api-fields';
export { firstVersionWith, KUBERNETES_FACT_VERSIONS, kubernetesFacts, type KubernetesVersionFacts } from './kubernetes-version';
export { compareQuantities, parseQuantity, type Quantity } from '../../../private/quantity';
