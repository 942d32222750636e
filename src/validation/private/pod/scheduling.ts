/**
 * Where pods may run: nodeSelector, node and pod (anti-)affinity, tolerations and topology spread
 * constraints.
 */
import { asArray, asNumber, asObject, asString, dns1123LabelError, dns1123SubdomainError, isObject, isSet, labelValueError, qualifiedNameError, quote } from '../util';
import { PodCheck } from './context';
import { checkLabelMap, checkLabelSelector } from './metadata';
import {
  AffinityRulesView, AffinityView, LabelSelectorView, NodeSelectorTermView, PodAffinityTermView, RequirementView, TolerationView,
  TopologySpreadView, WeightedTermView,
} from './views';
import { objectOrEmpty } from '../../../private/manifest-types';

const NODE_OPERATORS: readonly string[] = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];

/** Reports a key that is not a label key (qualified name). */
function checkKey(ctx: PodCheck, key: unknown, path: string, what: string): void {
  const error = typeof key === 'string' ? qualifiedNameError(key) : 'a key is required';
  if (error !== undefined) {
    ctx.report(path, `The ${what} ${quote(key)} is not a valid label key: ${error}.`, 'Use a label key such as "topology.kubernetes.io/zone".', key);
  }
}

/** A node selector requirement (matchExpressions of node affinity). */
function checkNodeRequirement(ctx: PodCheck, value: unknown, path: string, checkValues: boolean): void {
  if (!isObject(value)) {
    return;
  }
  const requirement: RequirementView = value;
  const operator = requirement.operator;
  const values = asArray(requirement.values);
  if (typeof operator !== 'string' || !NODE_OPERATORS.includes(operator)) {
    ctx.report(`${path}.operator`, `The node selector operator is ${quote(operator)}, which is not supported.`, 'Use In, NotIn, Exists, DoesNotExist, Gt or Lt.', operator);
  } else if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
    ctx.report(`${path}.values`, `The node selector operator ${operator} needs at least one value.`, 'List the label values to match.', requirement.values);
  } else if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0) {
    ctx.report(`${path}.values`, `The node selector operator ${operator} takes no values, but values is ${quote(requirement.values)}.`, 'Remove values.', requirement.values);
  } else if ((operator === 'Gt' || operator === 'Lt') && values.length !== 1) {
    ctx.report(`${path}.values`, `The node selector operator ${operator} takes exactly one value, but values is ${quote(requirement.values)}.`, 'Give a single integer value, e.g. ["3"].', requirement.values);
  }
  checkKey(ctx, requirement.key, `${path}.key`, 'node selector key');
  if (checkValues) {
    values.forEach((item: unknown, v: number) => {
      const error = labelValueError(item);
      if (error !== undefined) {
        ctx.report(`${path}.values[${v}]`, `The node selector value ${quote(item)} is not a valid label value: ${error}.`,
          "Use label values of at most 63 letters, digits, '-', '_' and '.'.", item);
      }
    });
  }
}

/** A node selector term: matchExpressions and matchFields (only metadata.name, with one value). */
function checkNodeTerm(ctx: PodCheck, given: unknown, path: string, checkValues: boolean): void {
  if (!isObject(given)) {
    return;
  }
  const term: NodeSelectorTermView = given;
  asArray(term.matchExpressions).forEach((r: unknown, j: number) => checkNodeRequirement(ctx, r, `${path}.matchExpressions[${j}]`, checkValues));
  asArray(term.matchFields).forEach((field: unknown, j: number) => {
    const at = `${path}.matchFields[${j}]`;
    if (!isObject(field)) {
      return;
    }
    const r: RequirementView = field;
    const values = asArray(r.values);
    if (r.operator !== 'In' && r.operator !== 'NotIn') {
      ctx.report(`${at}.operator`, `The node field selector operator is ${quote(r.operator)}; only In and NotIn are supported.`, 'Use In or NotIn.', r.operator);
    } else if (values.length !== 1) {
      ctx.report(`${at}.values`, `The node field selector takes exactly one value, but values is ${quote(r.values)}.`, 'Give a single node name.', r.values);
    }
    if (r.key !== 'metadata.name') {
      ctx.report(`${at}.key`, `The node field selector key is ${quote(r.key)}; only metadata.name is supported.`, 'Set key to "metadata.name", or use matchExpressions for labels.', r.key);
    } else {
      values.forEach((value: unknown, v: number) => {
        const error = dns1123SubdomainError(asString(value));
        if (error !== undefined) {
          ctx.report(`${at}.values[${v}]`, `The node name ${quote(value)} is not valid: ${error}.`, 'Give the name of a node.', value);
        }
      });
    }
  });
}

/** Checks `matchLabelKeys` / `mismatchLabelKeys` of a pod affinity term. */
function checkLabelKeys(ctx: PodCheck, term: PodAffinityTermView, path: string): void {
  const matchKeys = asArray(term.matchLabelKeys);
  const mismatchKeys = asArray(term.mismatchLabelKeys);
  for (const [field, keys] of [['matchLabelKeys', matchKeys], ['mismatchLabelKeys', mismatchKeys]] as const) {
    if (keys.length > 0 && !isSet(term.labelSelector)) {
      ctx.report(`${path}.${field}`, `${field} is set without a labelSelector.`, `Add a labelSelector, or remove ${field}.`, keys);
      continue;
    }
    keys.forEach((key: unknown, k: number) => checkKey(ctx, key, `${path}.${field}[${k}]`, `${field} entry`));
  }
  const selector = asObject(term.labelSelector);
  if (selector !== undefined) {
    const selectorKeys = new Set<unknown>(Object.keys(asObject(selector.matchLabels) ?? {}));
    for (const expression of asArray(selector.matchExpressions)) {
      const key = asObject(expression)?.key;
      const index = matchKeys.indexOf(key);
      if (index >= 0 && selectorKeys.has(key)) {
        ctx.report(`${path}.matchLabelKeys[${index}]`, `The key ${quote(key)} is in both matchLabelKeys and labelSelector.`, 'Keep the key in one of them.', key);
      }
      selectorKeys.add(key);
    }
  }
  matchKeys.forEach((key: unknown, k: number) => {
    if (mismatchKeys.includes(key)) {
      ctx.report(`${path}.matchLabelKeys[${k}]`, `The key ${quote(key)} is in both matchLabelKeys and mismatchLabelKeys.`, 'Keep the key in one of them.', key);
    }
  });
}

/** A pod affinity term: selectors, namespaces, label keys and a topologyKey. */
function checkPodAffinityTerm(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const term: PodAffinityTermView = value;
  checkLabelSelector(ctx.report, term.labelSelector, `${path}.labelSelector`, 'affinity label selector');
  checkLabelSelector(ctx.report, term.namespaceSelector, `${path}.namespaceSelector`, 'affinity namespace selector');
  asArray(term.namespaces).forEach((namespace: unknown) => {
    const error = dns1123LabelError(asString(namespace));
    if (error !== undefined) {
      ctx.report(`${path}.namespaces`, `The namespace ${quote(namespace)} is not a valid namespace name: ${error}.`, 'List namespace names (DNS-1123 labels).', namespace);
    }
  });
  checkLabelKeys(ctx, term, path);
  if (asString(term.topologyKey) === '') {
    ctx.report(`${path}.topologyKey`, 'The affinity term has no topologyKey.', 'Set topologyKey, e.g. "kubernetes.io/hostname" or "topology.kubernetes.io/zone".', term.topologyKey);
  } else {
    checkKey(ctx, term.topologyKey, `${path}.topologyKey`, 'topologyKey');
  }
}

/** Reports a preference weight outside 1..100. */
function checkWeight(ctx: PodCheck, weight: unknown, path: string): void {
  const value = asNumber(weight);
  if (value === undefined || value < 1 || value > 100) {
    ctx.report(path, `The affinity weight is ${quote(weight)}; it must be between 1 and 100.`, 'Set weight to 1-100.', weight);
  }
}

/** Checks `spec.affinity`. */
export function checkAffinity(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const affinity: AffinityView = value;
  const node: AffinityRulesView | undefined = asObject(affinity.nodeAffinity);
  if (node !== undefined) {
    const at = `${path}.nodeAffinity`;
    const required = asObject(node.requiredDuringSchedulingIgnoredDuringExecution);
    if (required !== undefined) {
      const terms = asArray(required.nodeSelectorTerms);
      if (terms.length === 0) {
        ctx.report(`${at}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`, 'The required node affinity has no nodeSelectorTerms.',
          'Add at least one term with matchExpressions or matchFields, or remove the requirement.', required.nodeSelectorTerms);
      }
      terms.forEach((term: unknown, i: number) => checkNodeTerm(ctx, term, `${at}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${i}]`, true));
    }
    asArray(node.preferredDuringSchedulingIgnoredDuringExecution).forEach((item: unknown, i: number) => {
      const prefPath = `${at}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      const pref: WeightedTermView = objectOrEmpty(item);
      checkWeight(ctx, pref.weight, `${prefPath}.weight`);
      checkNodeTerm(ctx, pref.preference, `${prefPath}.preference`, false);
    });
  }
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    const pod: AffinityRulesView | undefined = asObject(affinity[kind]);
    if (pod === undefined) {
      continue;
    }
    const at = `${path}.${kind}`;
    asArray(pod.requiredDuringSchedulingIgnoredDuringExecution).forEach((term: unknown, i: number) =>
      checkPodAffinityTerm(ctx, term, `${at}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`));
    asArray(pod.preferredDuringSchedulingIgnoredDuringExecution).forEach((item: unknown, i: number) => {
      const wPath = `${at}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      const weighted: WeightedTermView = objectOrEmpty(item);
      checkWeight(ctx, weighted.weight, `${wPath}.weight`);
      checkPodAffinityTerm(ctx, weighted.podAffinityTerm, `${wPath}.podAffinityTerm`);
    });
  }
}

/** Checks `spec.tolerations`. */
export function checkTolerations(ctx: PodCheck, tolerations: unknown, path: string): void {
  asArray(tolerations).forEach((item: unknown, i: number) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      return;
    }
    const toleration: TolerationView = item;
    const key = asString(toleration.key);
    const operator = asString(toleration.operator);
    const value = asString(toleration.value);
    if (key !== '') {
      checkKey(ctx, key, `${at}.key`, 'toleration key');
    } else if (operator !== 'Exists') {
      ctx.report(`${at}.operator`, `The toleration has no key but operator ${quote(operator || 'Equal')}${operator === '' ? ' (the default)' : ''}; an empty key matches every taint only with Exists.`,
        'Set a key, or set operator: Exists to tolerate every taint.', toleration.operator);
    }
    if (isSet(toleration.tolerationSeconds) && toleration.effect !== 'NoExecute') {
      ctx.report(`${at}.effect`, `The toleration sets tolerationSeconds but its effect is ${quote(toleration.effect)}; tolerationSeconds applies only to NoExecute.`,
        'Set effect: NoExecute, or remove tolerationSeconds.', toleration.effect);
    }
    if (operator === 'Equal' || operator === '') {
      const error = labelValueError(value);
      if (error !== undefined) {
        ctx.report(`${at}.value`, `The toleration value ${quote(value)} is not a valid label value: ${error}.`, "Use at most 63 letters, digits, '-', '_' and '.'.", value);
      }
    } else if (operator === 'Exists') {
      if (value !== '') {
        ctx.report(`${at}.value`, `The toleration uses operator Exists with value ${quote(value)}; Exists takes no value.`, 'Remove value, or use operator Equal.', value);
      }
    } else {
      ctx.checkEnum(operator, `${at}.operator`, 'The toleration operator', ['Equal', 'Exists'], true);
    }
    if (asString(toleration.effect) !== '') {
      ctx.checkEnum(toleration.effect, `${at}.effect`, 'The toleration effect', ['NoSchedule', 'PreferNoSchedule', 'NoExecute'], true);
    }
  });
}

/** Checks `spec.topologySpreadConstraints`. */
export function checkTopologySpread(ctx: PodCheck, constraints: unknown, path: string): void {
  const list = asArray(constraints);
  list.forEach((item: unknown, i: number) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      return;
    }
    const constraint: TopologySpreadView = item;
    const maxSkew = asNumber(constraint.maxSkew);
    if (maxSkew === undefined || maxSkew <= 0) {
      ctx.report(`${at}.maxSkew`, `maxSkew is ${quote(constraint.maxSkew)}; it must be greater than 0.`, 'Set maxSkew to 1 or more.', constraint.maxSkew);
    }
    const topologyKey = asString(constraint.topologyKey);
    if (topologyKey === '') {
      ctx.report(`${at}.topologyKey`, 'The topology spread constraint has no topologyKey.', 'Set topologyKey, e.g. "topology.kubernetes.io/zone".', constraint.topologyKey);
    }
    const action = constraint.whenUnsatisfiable;
    if (action !== 'DoNotSchedule' && action !== 'ScheduleAnyway') {
      ctx.report(`${at}.whenUnsatisfiable`, isSet(action) ? `whenUnsatisfiable is ${quote(action)}, which is not supported.` : 'The topology spread constraint has no whenUnsatisfiable.',
        'Set whenUnsatisfiable to "DoNotSchedule" or "ScheduleAnyway" (it has no default).', action);
    }
    const repeat = list.slice(i + 1).some((next: unknown) => {
      const other: TopologySpreadView = objectOrEmpty(next);
      return asString(other.topologyKey) === topologyKey && other.whenUnsatisfiable === action;
    });
    if (repeat) {
      ctx.report(at, `Another topology spread constraint also uses topologyKey ${quote(topologyKey)} with whenUnsatisfiable ${quote(action)}.`,
        'Merge the two constraints; each {topologyKey, whenUnsatisfiable} pair may appear once.', { topologyKey, whenUnsatisfiable: action });
    }
    if (isSet(constraint.minDomains)) {
      const minDomains = asNumber(constraint.minDomains);
      if (minDomains === undefined || minDomains <= 0) {
        ctx.report(`${at}.minDomains`, `minDomains is ${quote(constraint.minDomains)}; it must be greater than 0.`, 'Set minDomains to 1 or more, or leave it out.', constraint.minDomains);
      }
      if (action !== 'DoNotSchedule') {
        ctx.report(`${at}.minDomains`, `minDomains is set, but whenUnsatisfiable is ${quote(action)}; minDomains works only with DoNotSchedule.`,
          'Set whenUnsatisfiable: DoNotSchedule, or remove minDomains.', constraint.minDomains);
      }
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      ctx.checkEnum(constraint[policy], `${at}.${policy}`, policy, ['Ignore', 'Honor'], false);
    }
    const keys = asArray(constraint.matchLabelKeys);
    if (keys.length > 0) {
      const selector: LabelSelectorView | undefined = asObject(constraint.labelSelector);
      if (selector === undefined) {
        ctx.report(`${at}.matchLabelKeys`, 'matchLabelKeys is set without a labelSelector.', 'Add a labelSelector, or remove matchLabelKeys.', keys);
      }
      const selectorKeys = new Set<unknown>([
        ...Object.keys(asObject(selector?.matchLabels) ?? {}),
        ...asArray(selector?.matchExpressions).map((e: unknown): unknown => (isObject(e) ? e.key : undefined)),
      ]);
      keys.forEach((key: unknown, k: number) => {
        checkKey(ctx, key, `${at}.matchLabelKeys[${k}]`, 'matchLabelKeys entry');
        if (selectorKeys.has(key)) {
          ctx.report(`${at}.matchLabelKeys[${k}]`, `The key ${quote(key)} is in both matchLabelKeys and labelSelector.`, 'Keep the key in one of them.', key);
        }
      });
    }
    checkLabelSelector(ctx.report, constraint.labelSelector, `${at}.labelSelector`, 'topology spread label selector');
  });
}

/** Checks `spec.nodeSelector` (a label map). */
export function checkNodeSelector(ctx: PodCheck, nodeSelector: unknown, path: string): void {
  checkLabelMap(ctx.report, nodeSelector, path, 'nodeSelector', 'Use label keys like "kubernetes.io/os" and values of at most 63 letters, digits, \'-\', \'_\' and \'.\'.');
}
