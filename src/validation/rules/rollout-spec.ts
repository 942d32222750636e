/**
 * Rollout spec rules V01–V13: replicas, selector, pod template and the timing fields.
 */
import { DEFAULT_PROGRESS_DEADLINE_SECONDS, DEFAULT_REVISION_HISTORY_LIMIT, Rule, RuleContext } from '../context';
import {
  asArray, asNumber, asObject, asString, dns1123LabelError, ianaServiceNameError, isObject, isSet, keyCount,
  labelValueError, ownValue, portNumberError, qualifiedNameError, quote,
} from '../util';

const SELECTOR_PATH = 'spec.selector';
const TEMPLATE_LABELS_PATH = 'spec.template.metadata.labels';
const POD_SPEC_PATH = 'spec.template.spec';

/** Selector operators the Kubernetes label selector accepts. */
const SELECTOR_OPERATORS: ReadonlySet<string> = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);
/** Container port protocols accepted by Kubernetes (empty means TCP). */
const PORT_PROTOCOLS: ReadonlySet<string> = new Set(['TCP', 'UDP', 'SCTP']);

/** Receives a violation: where, what is wrong, how to fix it and the bad value. */
type Report = (path: string, message: string, fix: string, value?: any) => void;

/** Reports a negative integer field. Shared by V01 and V10–V12. */
function checkNonNegative(ctx: RuleContext, field: string, fix: string): void {
  const value = asNumber(ctx.spec[field]);
  if (value !== undefined && value < 0) {
    ctx.report(`spec.${field}`, `${field} is ${quote(value)}, but it must not be negative.`, fix, value);
  }
}

/**
 * Reports invalid keys and values of a label map (selector matchLabels, template labels). `what`
 * names the map in messages.
 */
function checkLabelMap(report: Report, labels: any, path: string, what: string, fix: string): void {
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

/** Does a selector requirement (key, operator, values) hold for a label map? */
function requirementMatches(labels: any, key: string, operator: string, values: readonly any[]): boolean {
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
 * through `report`.
 */
function checkSelector(selector: any, report: Report): void {
  if (!isObject(selector)) {
    report(SELECTOR_PATH, `The selector ${quote(selector)} is not a label selector object.`,
      'Write the selector as an object with matchLabels and/or matchExpressions.', selector);
    return;
  }
  checkLabelMap(report, selector.matchLabels, `${SELECTOR_PATH}.matchLabels`, 'selector label',
    "Use label keys like \"app\" or \"example.com/tier\" and values of at most 63 letters, digits, '-', '_' and '.'.");
  const expressions = selector.matchExpressions;
  if (isSet(expressions) && !Array.isArray(expressions)) {
    report(`${SELECTOR_PATH}.matchExpressions`, `matchExpressions is ${quote(expressions)}, not a list.`,
      'Write matchExpressions as a list of { key, operator, values } objects.', expressions);
    return;
  }
  asArray(expressions).forEach((expression: any, i: number) => {
    const path = `${SELECTOR_PATH}.matchExpressions[${i}]`;
    if (!isObject(expression)) {
      report(path, `The selector expression ${quote(expression)} is not an object.`,
        'Write each expression as { key, operator, values }.', expression);
      return;
    }
    const key = expression.key;
    const keyError = typeof key === 'string' ? qualifiedNameError(key) : 'a key is required';
    if (keyError !== undefined) {
      report(`${path}.key`, `The selector expression key is ${quote(key)}, which is not a valid label key: ${keyError}.`,
        'Set key to a label key such as "app" or "example.com/tier".', key);
    }
    const operator = expression.operator;
    if (typeof operator !== 'string' || !SELECTOR_OPERATORS.has(operator)) {
      report(`${path}.operator`, `The selector operator is ${quote(operator)}, which is not supported.`,
        'Use one of In, NotIn, Exists or DoesNotExist.', operator);
      return;
    }
    const values = expression.values;
    if (isSet(values) && !Array.isArray(values)) {
      report(`${path}.values`, `The selector values ${quote(values)} are not a list.`, 'Write values as a list of strings.', values);
      return;
    }
    const list = asArray(values);
    if ((operator === 'In' || operator === 'NotIn') && list.length === 0) {
      report(`${path}.values`, `The selector operator ${operator} needs at least one value, but values is ${quote(values)}.`,
        `Add the label values to match to values, or use ${operator === 'In' ? 'Exists' : 'DoesNotExist'} to test only for the key.`, values);
    } else if ((operator === 'Exists' || operator === 'DoesNotExist') && list.length > 0) {
      report(`${path}.values`, `The selector operator ${operator} takes no values, but values is ${quote(values)}.`,
        `Remove values, or use ${operator === 'Exists' ? 'In' : 'NotIn'} to match specific values.`, values);
    }
    list.forEach((value: any, k: number) => {
      const valueError = labelValueError(value);
      if (valueError !== undefined) {
        report(`${path}.values[${k}]`, `The selector value ${quote(value)} is not a valid label value: ${valueError}.`,
          "Use label values of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.", value);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// V07: pod template
// ---------------------------------------------------------------------------------------------

/** Checks one container or init container; `names` and `portNames` collect names across the pod. */
function checkContainer(
  ctx: RuleContext,
  container: any,
  path: string,
  names: Map<string, string>,
  portNames: Map<string, string>,
  volumeNames: ReadonlySet<string>,
): void {
  if (!isObject(container)) {
    ctx.report(path, `The container ${quote(container)} is not an object.`, 'Define each container as an object with at least a name and an image.', container);
    return;
  }
  const name = container.name;
  const nameError = typeof name === 'string' ? dns1123LabelError(name) : 'a name is required';
  if (nameError !== undefined) {
    ctx.report(`${path}.name`, `The container name is ${quote(name)}, which is not a valid DNS-1123 label: ${nameError}.`,
      "Name the container with at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit (e.g. \"app\").", name);
  } else if (names.has(name)) {
    ctx.report(`${path}.name`, `The container name ${quote(name)} is already used by ${names.get(name)}.`,
      'Give every container and init container of the pod a different name.', name);
  } else {
    names.set(name, path);
  }

  if (typeof container.image !== 'string' || container.image.length === 0) {
    ctx.report(`${path}.image`, `The container ${quote(asString(name))} has no image (image is ${quote(container.image)}).`,
      'Set image to the container image to run, e.g. "nginx:1.27".', container.image);
  }

  checkPorts(ctx, container.ports, `${path}.ports`, portNames);

  asArray(container.env).forEach((env: any, e: number) => {
    const envName = asObject(env)?.name;
    if (typeof envName !== 'string' || envName.length === 0) {
      ctx.report(`${path}.env[${e}].name`, `The environment variable ${quote(env)} has no name.`, 'Give every environment variable a non-empty name.', envName);
    }
  });

  asArray(container.volumeMounts).forEach((mount: any, v: number) => {
    const mountPath = `${path}.volumeMounts[${v}]`;
    const mountName = asObject(mount)?.name;
    if (typeof mountName !== 'string' || !volumeNames.has(mountName)) {
      ctx.report(`${mountPath}.name`, `The volume mount's name is ${quote(mountName)}, which is not a volume declared by the pod.`,
        `Add a volume named ${quote(asString(mountName))} to spec.template.spec.volumes, or mount one of the declared volumes.`, mountName);
    }
    const target = asObject(mount)?.mountPath;
    if (typeof target !== 'string' || target.length === 0) {
      ctx.report(`${mountPath}.mountPath`, `The volume mount of ${quote(mountName)} has no mountPath (it is ${quote(target)}).`,
        'Set mountPath to the directory where the volume appears in the container, e.g. "/data".', target);
    }
  });
}

/** Checks the ports of one container; port names must be unique across the whole pod. */
function checkPorts(ctx: RuleContext, ports: any, path: string, portNames: Map<string, string>): void {
  asArray(ports).forEach((port: any, p: number) => {
    const portPath = `${path}[${p}]`;
    if (!isObject(port)) {
      ctx.report(portPath, `The container port ${quote(port)} is not an object.`, 'Define each port as an object with at least containerPort.', port);
      return;
    }
    const portName = port.name;
    if (isSet(portName) && portName !== '') {
      const nameError = typeof portName === 'string' ? ianaServiceNameError(portName) : 'it is not a string';
      if (nameError !== undefined) {
        ctx.report(`${portPath}.name`, `The port name ${quote(portName)} is not a valid IANA service name: ${nameError}.`,
          "Use at most 15 lowercase letters, digits and single '-' with at least one letter, e.g. \"http\".", portName);
      } else if (portNames.has(portName)) {
        ctx.report(`${portPath}.name`, `The port name ${quote(portName)} is already used by ${portNames.get(portName)}.`,
          'Give every container port of the pod a different name.', portName);
      } else {
        portNames.set(portName, portPath);
      }
    }
    const containerPortError = portNumberError(port.containerPort);
    if (containerPortError !== undefined) {
      ctx.report(`${portPath}.containerPort`, `containerPort is ${quote(port.containerPort)}: ${containerPortError}.`,
        'Set containerPort to the port number the container listens on (1-65535).', port.containerPort);
    }
    if (isSet(port.hostPort) && port.hostPort !== 0) {
      const hostPortError = portNumberError(port.hostPort);
      if (hostPortError !== undefined) {
        ctx.report(`${portPath}.hostPort`, `hostPort is ${quote(port.hostPort)}: ${hostPortError}.`,
          'Set hostPort to a port number between 1 and 65535, or leave it out.', port.hostPort);
      }
    }
    if (isSet(port.protocol) && port.protocol !== '' && !PORT_PROTOCOLS.has(port.protocol)) {
      ctx.report(`${portPath}.protocol`, `The port protocol ${quote(port.protocol)} is not supported.`,
        'Use "TCP" (the default), "UDP" or "SCTP".', port.protocol);
    }
  });
}

/** V07: standard Kubernetes pod-template checks (after defaulting). */
function checkPodTemplate(ctx: RuleContext): void {
  const template = asObject(ctx.spec.template);
  const metadata = asObject(template?.metadata);
  checkLabelMap(ctx.report.bind(ctx), metadata?.labels, TEMPLATE_LABELS_PATH, 'pod template label',
    "Use label keys like \"app\" or \"example.com/tier\" and values of at most 63 letters, digits, '-', '_' and '.'.");

  const annotations = metadata?.annotations;
  if (isSet(annotations) && !isObject(annotations)) {
    ctx.report('spec.template.metadata.annotations', `The pod template annotations ${quote(annotations)} are not a map of keys to values.`,
      'Write annotations as a map of string keys to string values.', annotations);
  } else if (isObject(annotations)) {
    for (const key of Object.keys(annotations)) {
      const keyError = qualifiedNameError(key.toLowerCase());
      if (keyError !== undefined) {
        ctx.report('spec.template.metadata.annotations', `The pod template annotation key ${quote(key)} is not a valid key: ${keyError}.`,
          'Use annotation keys like "example.com/owner": an optional DNS prefix and "/", then letters, digits, \'-\', \'_\' and \'.\'.', key);
      }
      if (typeof annotations[key] !== 'string') {
        ctx.report('spec.template.metadata.annotations', `The pod template annotation ${quote(key)} has the value ${quote(annotations[key])}, which is not a string.`,
          'Quote annotation values so that they are strings.', annotations[key]);
      }
    }
  }

  const podSpec = asObject(template?.spec);
  if (podSpec === undefined) {
    ctx.report(POD_SPEC_PATH, `The pod template has no pod spec (spec.template.spec is ${quote(template?.spec)}).`,
      'Define spec.template.spec with at least one container (name and image).', template?.spec);
    return;
  }

  const volumeNames = new Set<string>();
  for (const volume of asArray(podSpec.volumes)) {
    const volumeName = asObject(volume)?.name;
    if (typeof volumeName === 'string') {
      volumeNames.add(volumeName);
    }
  }

  const containers = podSpec.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    ctx.report(`${POD_SPEC_PATH}.containers`, `The pod template has no containers (containers is ${quote(containers)}).`,
      'Add at least one container with a name and an image to spec.template.spec.containers.', containers);
  }
  const initContainers = podSpec.initContainers;
  if (isSet(initContainers) && !Array.isArray(initContainers)) {
    ctx.report(`${POD_SPEC_PATH}.initContainers`, `initContainers is ${quote(initContainers)}, not a list.`,
      'Write initContainers as a list of containers, or leave it out.', initContainers);
  }
  const names = new Map<string, string>();
  const portNames = new Map<string, string>();
  asArray(containers).forEach((container: any, i: number) =>
    checkContainer(ctx, container, `${POD_SPEC_PATH}.containers[${i}]`, names, portNames, volumeNames));
  asArray(initContainers).forEach((container: any, i: number) =>
    checkContainer(ctx, container, `${POD_SPEC_PATH}.initContainers[${i}]`, names, portNames, volumeNames));

  const seenVolumes = new Map<string, string>();
  asArray(podSpec.volumes).forEach((volume: any, v: number) => {
    const path = `${POD_SPEC_PATH}.volumes[${v}].name`;
    const volumeName = asObject(volume)?.name;
    const nameError = typeof volumeName === 'string' ? dns1123LabelError(volumeName) : 'a name is required';
    if (nameError !== undefined) {
      ctx.report(path, `The volume name is ${quote(volumeName)}, which is not a valid DNS-1123 label: ${nameError}.`,
        "Name the volume with at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit.", volumeName);
    } else if (seenVolumes.has(volumeName)) {
      ctx.report(path, `The volume name ${quote(volumeName)} is already used by ${seenVolumes.get(volumeName)}.`,
        'Give every volume of the pod a different name.', volumeName);
    } else {
      seenVolumes.set(volumeName, `${POD_SPEC_PATH}.volumes[${v}]`);
    }
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
            `Add the label ${key}: ${asString(matchLabels[key])} to spec.template.metadata.labels, or change the selector to match the template.`,
            { [key]: matchLabels[key] });
        }
      }
      for (const expression of asArray(selector.matchExpressions)) {
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
