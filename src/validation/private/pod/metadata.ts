/**
 * Labels, annotations and label selectors: the pod template's metadata, node selectors and the
 * selectors inside affinity terms and topology spread constraints.
 */
import { JsonObject, objectOrEmpty } from '../../../private/manifest-types';
import { asArray, asObject, isObject, isSet, labelValueError, ownValue, qualifiedNameError, quote } from '../util';
import { PodReport } from './context';
import { LabelSelectorView, RequirementView } from './views';

const LABEL_FIX = "Use label keys like \"app\" or \"example.com/tier\" and values of at most 63 letters, digits, '-', '_' and '.'.";
/** Total size limit of an object's annotations (keys and values), in bytes. */
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

/**
 * Reports invalid keys and values of a label map (template labels, nodeSelector, matchLabels).
 * `what` names the map in messages.
 */
export function checkLabelMap(report: PodReport, labels: unknown, path: string, what: string, fix: string = LABEL_FIX): void {
  if (!isSet(labels)) {
    return;
  }
  if (!isObject(labels)) {
    report(path, `The ${what} ${quote(labels)} is not a map of label keys to values.`, fix, labels);
    return;
  }
  for (const key of Object.keys(labels)) {
    const keyError = qualifiedNameError(key);
    if (keyError !== undefined) {
      report(path, `The ${what} key ${quote(key)} is not a valid label key: ${keyError}.`, fix, key);
    }
    const valueError = labelValueError(labels[key]);
    if (valueError !== undefined) {
      report(path, `The ${what} value ${quote(labels[key])} of key ${quote(key)} is not a valid label value: ${valueError}.`, fix, labels[key]);
    }
  }
}

/** Reports invalid annotation keys, non-string values and annotations above 256 KiB in total. */
export function checkAnnotations(report: PodReport, annotations: unknown, path: string, what: string): void {
  if (!isSet(annotations)) {
    return;
  }
  if (!isObject(annotations)) {
    report(path, `The ${what} annotations ${quote(annotations)} are not a map of keys to values.`,
      'Write annotations as a map of string keys to string values.', annotations);
    return;
  }
  let size = 0;
  for (const key of Object.keys(annotations)) {
    const keyError = qualifiedNameError(key.toLowerCase());
    if (keyError !== undefined) {
      report(path, `The ${what} annotation key ${quote(key)} is not a valid key: ${keyError}.`,
        'Use annotation keys like "example.com/owner": an optional DNS prefix and "/", then letters, digits, \'-\', \'_\' and \'.\'.', key);
    }
    const value = annotations[key];
    if (typeof value !== 'string') {
      report(path, `The ${what} annotation ${quote(key)} has the value ${quote(value)}, which is not a string.`,
        'Quote annotation values so that they are strings.', value);
    } else {
      size += Buffer.byteLength(key) + Buffer.byteLength(value);
    }
  }
  if (size > MAX_ANNOTATIONS_BYTES) {
    report(path, `The ${what} annotations take ${size} bytes; Kubernetes allows at most ${MAX_ANNOTATIONS_BYTES} (256 KiB) in total.`,
      'Move large data out of annotations, e.g. into a ConfigMap.');
  }
}

/** Reports a label selector (`matchLabels`, `matchExpressions`) that Kubernetes would refuse. */
export function checkLabelSelector(report: PodReport, given: unknown, path: string, what: string): void {
  if (!isSet(given)) {
    return;
  }
  if (!isObject(given)) {
    report(path, `The ${what} ${quote(given)} is not a label selector object.`,
      'Write the selector as an object with matchLabels and/or matchExpressions.', given);
    return;
  }
  const selector: LabelSelectorView = given;
  checkLabelMap(report, selector.matchLabels, `${path}.matchLabels`, `${what} label`);
  const expressions = selector.matchExpressions;
  if (isSet(expressions) && !Array.isArray(expressions)) {
    report(`${path}.matchExpressions`, `matchExpressions is ${quote(expressions)}, not a list.`,
      'Write matchExpressions as a list of { key, operator, values } objects.', expressions);
    return;
  }
  asArray(expressions).forEach((item: unknown, i: number) => {
    const at = `${path}.matchExpressions[${i}]`;
    if (!isObject(item)) {
      report(at, `The ${what} expression ${quote(item)} is not an object.`, 'Write each expression as { key, operator, values }.', item);
      return;
    }
    const expression: RequirementView = item;
    const operator = expression.operator;
    if (isSet(expression.values) && !Array.isArray(expression.values)) {
      report(`${at}.values`, `The ${what} values ${quote(expression.values)} are not a list.`, 'Write values as a list of strings.', expression.values);
      return;
    }
    const values = asArray(expression.values);
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) {
        report(`${at}.values`, `The ${what} operator ${operator} needs at least one value, but values is ${quote(expression.values)}.`,
          `List the label values to match, or use ${operator === 'In' ? 'Exists' : 'DoesNotExist'} to test only for the key.`, expression.values);
      }
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0) {
        report(`${at}.values`, `The ${what} operator ${operator} takes no values, but values is ${quote(expression.values)}.`,
          `Remove values, or use ${operator === 'Exists' ? 'In' : 'NotIn'} to match specific values.`, expression.values);
      }
    } else {
      report(`${at}.operator`, `The ${what} operator is ${quote(operator)}, which is not a label selector operator.`,
        'Use In, NotIn, Exists or DoesNotExist.', operator);
    }
    const keyError = typeof expression.key === 'string' ? qualifiedNameError(expression.key) : 'a key is required';
    if (keyError !== undefined) {
      report(`${at}.key`, `The ${what} key is ${quote(expression.key)}, which is not a valid label key: ${keyError}.`,
        'Set key to a label key such as "app" or "example.com/tier".', expression.key);
    }
    values.forEach((value: unknown, k: number) => {
      const valueError = labelValueError(value);
      if (valueError !== undefined) {
        report(`${at}.values[${k}]`, `The ${what} value ${quote(value)} is not a valid label value: ${valueError}.`,
          "Use label values of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.", value);
      }
    });
  });
}

/**
 * True when a label selector selects a label map; `undefined` when the selector is not a valid
 * selector (reported elsewhere).
 */
export function selectorMatches(value: unknown, labels: unknown): boolean | undefined {
  if (!isObject(value)) {
    return undefined;
  }
  const selector: LabelSelectorView = value;
  const matchLabels: JsonObject = asObject(selector.matchLabels) ?? {};
  for (const key of Object.keys(matchLabels)) {
    if (ownValue(labels, key) !== matchLabels[key]) {
      return false;
    }
  }
  for (const item of asArray(selector.matchExpressions)) {
    const expression: RequirementView = objectOrEmpty(item);
    const actual = ownValue(labels, String(expression.key));
    const values = asArray(expression.values);
    switch (expression.operator) {
      case 'In':
        if (actual === undefined || !values.includes(actual)) {
          return false;
        }
        break;
      case 'NotIn':
        if (actual !== undefined && values.includes(actual)) {
          return false;
        }
        break;
      case 'Exists':
        if (actual === undefined) {
          return false;
        }
        break;
      case 'DoesNotExist':
        if (actual !== undefined) {
          return false;
        }
        break;
      default:
        return undefined;
    }
  }
  return true;
}
