/**
 * The rule registry: every Rollout rule once, in the controller's evaluation order
 * (argo-rollouts-rules.md, "Evaluation order").
 */
import { Rule } from '../context';
import { CANARY_RULES } from './canary';
import { ROLLOUT_SPEC_RULES } from './rollout-spec';
import { SERVICE_RULES } from './services';
import { STRATEGY_RULES } from './strategy';

/** Rules run on every Rollout, in evaluation order. V18 and V19 appear twice: blue-green, then canary. */
export const ROLLOUT_RULES: readonly Rule[] = [
  ...ROLLOUT_SPEC_RULES,
  ...STRATEGY_RULES,
  ...CANARY_RULES,
  ...SERVICE_RULES,
];
