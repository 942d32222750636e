/**
 * Rollout spec rules V01–V13: replicas, selector, pod template and the timing fields.
 */
import { JsonObject } from '../../../private/manifest-types';
import { DEFAULT_PROGRESS_DEADLINE_SECONDS, DEFAULT_REVISION_HISTORY_LIMIT, Rule, RuleContext } from '../context';
import { checkLabelSelector, checkPodTemplateSpec } from '../pod';
import { asArray, asNumber, asObject, asString, cutText, isObject, isSet, keyCount, ownValue, quote } from '../util';

const SELECTOR_PATH = 'spec.selector';
const TEMPLATE_LABELS_PATH = 'spec.template.metadata.labels';
const POD_SPEC_PATH = 'spec.template.spec';


/** Receives a violation: where, what is wrong, how to fix it and the bad value. */
type Report = (path: string, message: string, fix: string, value?: unknown) => void;

/** Reports a negative integer field. Shared by V01 and V10–V12. */
function checkNonNegative(ctx: RuleContext, field: string, fix: string): void {
  const value = asNumber(ctx.spec[field]);
  if (value !== undefined && value < 0) {
    ctx.report(`spec.${field}`, `${field} is ${quote(value)}, but it must not be negative.`, fix, value);
  }
}

/** Does a selector requirement (key, operator, values) hold for a label map? */
function requirementMatches(labels: JsonObject | undefined, key: string, operator: string, values: readonly unknown[]): boolean {
  const actual = ownValue(labels, key);
  switch (operator) {
    case 'In':
      return actual !== undefined && values.includes(actual);
    case 'NotIn':
      return actual === undefined || !values.includes(actual);
    case 'Exists':
      return actual !== undefined;
    default: // DoesNotExist
      return actual === undefined;
  }
}

/**
 * Checks that a set selector converts to a Kubernetes label selector (V04), reporting each problem
 * through `report`: the label-selector validation shared with the pod template's selectors.
 */
function checkSelector(selector: unknown, report: Report): void {
  checkLabelSelector(report, selector, SELECTOR_PATH, 'selector');
}

// ---------------------------------------------------------------------------------------------
// V07: pod template
// ---------------------------------------------------------------------------------------------

/**
 * V07: Kubernetes' pod-template validation as the controller runs it (after the API defaults;
 * restartPolicy and activeDeadlineSeconds are V08 and V09).
 */
function checkPodTemplate(ctx: RuleContext): void {
  checkPodTemplateSpec(asObject(ctx.spec.template), 'spec.template', ctx.report.bind(ctx), {
    validator: 'controller',
    kubernetesMinor: ctx.kubernetesMinor,
    activeDeadline: 'ignore',
    replicas: asNumber(ctx.spec.replicas) ?? 1,
    workload: 'Rollout',
  });
}

/**
 * V07 with a workloadRef: the controller copies the referenced workload's pod template into the
 * Rollout and validates it as its own (stricter than the API server that stored the workload: e.g.
 * environment variable names, privileged containers). Reported on the Rollout, naming the
 * workload's field. Checked only when the workload is among the manifests.
 */
function checkReferencedPodTemplate(ctx: RuleContext): void {
  const referenced = ctx.referencedTemplate();
  if (referenced === undefined || !isObject(referenced.template)) {
    return;
  }
  const { template, path: templatePath, owner } = referenced;
  checkPodTemplateSpec(template, templatePath, (path, message, fix, value) => ctx.report('spec.workloadRef',
    `The pod template of ${owner}, which the Rollout takes through workloadRef, fails the controller's check at ${path}: ${message}`,
    `In ${owner}: ${fix}`, value), {
    validator: 'controller',
    kubernetesMinor: ctx.kubernetesMinor,
    activeDeadline: 'ignore',
    replicas: asNumber(ctx.spec.replicas) ?? 1,
    workload: 'Rollout',
  });
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** Rollout spec rules in the controller's evaluation order. */
export const ROLLOUT_SPEC_RULES: readonly Rule[] = [
  {
    id: 'V01',
    check: ctx => checkNonNegative(ctx, 'replicas', 'Set replicas to 0 or more, or leave it out for the default of 1.'),
  },
  {
    id: 'V02',
    check: ctx => {
      if (!ctx.hasWorkloadRef && !isSet(ctx.spec.selector)) {
        ctx.report(SELECTOR_PATH, 'The Rollout has neither a selector nor a workloadRef, so the controller cannot tell which pods are its own.',
          'Add spec.selector.matchLabels with labels of the pod template (e.g. app: my-app), or set spec.workloadRef.');
      }
    },
  },
  {
    id: 'V03',
    check: ctx => {
      const selector = ctx.spec.selector;
      if (!ctx.hasWorkloadRef && isObject(selector) && keyCount(selector.matchLabels) + asArray(selector.matchExpressions).length === 0) {
        ctx.report(SELECTOR_PATH, `The selector ${quote(selector)} has neither matchLabels nor matchExpressions; an empty selector is not allowed.`,
          'Add matchLabels (or matchExpressions) that select the pod template labels, e.g. matchLabels: { app: my-app }.', selector);
      }
    },
  },
  {
    id: 'V04',
    check: ctx => {
      if (isSet(ctx.spec.selector)) {
        checkSelector(ctx.spec.selector, ctx.report.bind(ctx));
      }
    },
  },
  {
    id: 'V05',
    check: ctx => {
      const metadata = asObject(asObject(ctx.spec.template)?.metadata);
      if (ctx.hasWorkloadRef && (keyCount(metadata?.labels) > 0 || keyCount(metadata?.annotations) > 0)) {
        const value = { labels: metadata?.labels, annotations: metadata?.annotations };
        ctx.report('spec.template.metadata', `The Rollout uses a workloadRef, but its own pod template also has labels or annotations (${quote(value)}).`,
          "Remove spec.template when using spec.workloadRef, and set the labels and annotations on the referenced workload's pod template instead.", value);
      }
    },
  },
  {
    id: 'V06',
    check: ctx => {
      const selector = asObject(ctx.spec.selector);
      if (ctx.hasWorkloadRef || selector === undefined) {
        return;
      }
      let convertible = true;
      checkSelector(selector, () => convertible = false);
      if (!convertible) {
        return; // V04: like the controller, match only a selector that converts
      }
      const labels = ctx.templateLabels();
      const matchLabels = asObject(selector.matchLabels) ?? {};
      for (const key of Object.keys(matchLabels)) {
        const actual = ownValue(labels, key);
        if (actual !== matchLabels[key]) {
          const found = actual === undefined ? `there is no ${quote(key)} label` : `${quote(key)} is ${quote(actual)}`;
          ctx.report(TEMPLATE_LABELS_PATH, `The selector requires label ${quote(key)} to be ${quote(matchLabels[key])}, but in the pod template labels ${found}.`,
            `Add the label ${cutText(key)}: ${cutText(asString(matchLabels[key]))} to spec.template.metadata.labels, or change the selector to match the template.`,
            { [key]: matchLabels[key] });
        }
      }
      for (const expression of asArray(selector.matchExpressions)) {
        if (!isObject(expression)) {
          continue; // (not convertible: V04)
        }
        const { key, operator } = expression;
        const values = asArray(expression.values);
        if (!requirementMatches(labels, key, operator, values)) {
          const requirement = { key, operator, ...(values.length > 0 ? { values } : {}) };
          ctx.report(TEMPLATE_LABELS_PATH, `The selector expression ${quote(requirement)} does not match the pod template labels ${quote(labels)}.`,
            'Change spec.template.metadata.labels or the selector expression so that the selector matches the pod template.', requirement);
        }
      }
    },
  },
  {
    id: 'V07',
    check: ctx => {
      if (!ctx.hasWorkloadRef) {
        checkPodTemplate(ctx);
      } else {
        checkReferencedPodTemplate(ctx);
      }
    },
  },
  {
    id: 'V08',
    check: ctx => {
      const restartPolicy = asObject(asObject(ctx.spec.template)?.spec)?.restartPolicy;
      if (!ctx.hasWorkloadRef && isSet(restartPolicy) && restartPolicy !== '' && restartPolicy !== 'Always') {
        ctx.report(`${POD_SPEC_PATH}.restartPolicy`, `The pod template restartPolicy is ${quote(restartPolicy)}; Rollout pods must always be restarted.`,
          'Set restartPolicy to "Always" or leave it out.', restartPolicy);
      }
    },
  },
  {
    id: 'V09',
    check: ctx => {
      const deadline = asObject(asObject(ctx.spec.template)?.spec)?.activeDeadlineSeconds;
      if (!ctx.hasWorkloadRef && isSet(deadline)) {
        ctx.report(`${POD_SPEC_PATH}.activeDeadlineSeconds`, `The pod template sets activeDeadlineSeconds (${quote(deadline)}), which is not allowed for long-running Rollout pods.`,
          'Remove activeDeadlineSeconds from spec.template.spec.', deadline);
      }
    },
  },
  {
    id: 'V10',
    check: ctx => checkNonNegative(ctx, 'minReadySeconds', 'Set minReadySeconds to 0 or more, or leave it out for the default of 0.'),
  },
  {
    id: 'V11',
    check: ctx => checkNonNegative(ctx, 'revisionHistoryLimit',
      `Set revisionHistoryLimit to 0 or more, or leave it out for the default of ${DEFAULT_REVISION_HISTORY_LIMIT}.`),
  },
  {
    id: 'V12',
    check: ctx => checkNonNegative(ctx, 'progressDeadlineSeconds',
      `Set progressDeadlineSeconds to a positive number of seconds, or leave it out for the default of ${DEFAULT_PROGRESS_DEADLINE_SECONDS}.`),
  },
  {
    id: 'V13',
    check: ctx => {
      const minReady = asNumber(ctx.spec.minReadySeconds) ?? 0;
      const deadline = asNumber(ctx.spec.progressDeadlineSeconds) ?? DEFAULT_PROGRESS_DEADLINE_SECONDS;
      if (minReady >= deadline) {
        const shown = isSet(ctx.spec.progressDeadlineSeconds) ? quote(deadline) : `${deadline} (the default)`;
        ctx.report('spec.progressDeadlineSeconds', `progressDeadlineSeconds ${shown} is not greater than minReadySeconds ${quote(minReady)}.`,
          `Set progressDeadlineSeconds above ${minReady}, or lower minReadySeconds below ${deadline}.`, deadline);
      }
    },
  },
];
