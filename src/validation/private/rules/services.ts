/**
 * Referenced-Service rules V47–V49 and V70. Services are looked up among the given manifests by name in the
 * Rollout's namespace (no namespace on both sides counts as the same namespace).
 */
import { JsonObject } from '../../../private/manifest-types';
import { BLUE_GREEN_PATH, CANARY_PATH, Rule, RuleContext } from '../context';
import { closestField } from '../fields';
import { ManifestView } from '../manifest-view';
import { asArray, asObject, asString, cutText, isObject, listWords, ownValue, quote } from '../util';

/** Selector key the controller manages itself on Rollout Services. */
const POD_TEMPLATE_HASH_LABEL = 'rollouts-pod-template-hash';
/** Annotation naming the Rollout that manages a Service. */
const MANAGED_BY_ANNOTATION = 'argo-rollouts.argoproj.io/managed-by-rollouts';

/** A Service named by the Rollout: its name and the field that names it. */
interface ServiceReference {
  readonly name: string;
  readonly path: string;
}

/** Services named by the Rollout, in the controller's order (active, preview; or stable, canary, ping, pong). */
function serviceReferences(ctx: RuleContext): ServiceReference[] {
  const fields: Array<[JsonObject | undefined, string, string]> = [];
  if (ctx.blueGreen !== undefined) {
    fields.push([ctx.blueGreen, BLUE_GREEN_PATH, 'activeService'], [ctx.blueGreen, BLUE_GREEN_PATH, 'previewService']);
  } else if (ctx.canary !== undefined) {
    const pingPong = asObject(ctx.canary.pingPong);
    fields.push([ctx.canary, CANARY_PATH, 'stableService'], [ctx.canary, CANARY_PATH, 'canaryService'],
      [pingPong, `${CANARY_PATH}.pingPong`, 'pingService'], [pingPong, `${CANARY_PATH}.pingPong`, 'pongService']);
  }
  const references: ServiceReference[] = [];
  for (const [owner, base, field] of fields) {
    const value = owner?.[field];
    if (typeof value === 'string' && value !== '') {
      references.push({ name: value, path: `${base}.${field}` });
    }
  }
  return references;
}

/** Runs `check` once per distinct Service that the Rollout names and that is among the manifests. */
function forEachReferencedService(ctx: RuleContext, check: (service: ManifestView, reference: ServiceReference) => void): void {
  const seen = new Set<string>();
  for (const reference of serviceReferences(ctx)) {
    if (seen.has(reference.name)) {
      continue;
    }
    seen.add(reference.name);
    const service = ctx.index.service(ctx.namespace, reference.name);
    if (service !== undefined) {
      check(service, reference);
    }
  }
}

/** The ports the pods declare: of the containers and of the sidecars (init containers with `restartPolicy: Always`). */
interface DeclaredPorts {
  /** Named ports: name and protocol (TCP when not set). */
  readonly named: ReadonlyArray<{ readonly name: string; readonly protocol: string }>;
  /** Declared `containerPort` numbers. */
  readonly numbers: ReadonlySet<number>;
  /** Where the containers are, in words (`the pod template`, `the pod template of Deployment "web"`). */
  readonly where: string;
}

/**
 * The container ports of the Rollout's pods: those of `spec.template`, or, with a `workloadRef`, of
 * the referenced workload's template. `undefined` when the containers are unknown (the workload is
 * not among the manifests, or the template has no list of containers).
 */
function declaredPorts(ctx: RuleContext): DeclaredPorts | undefined {
  let template: unknown;
  let where = 'the pod template';
  if (ctx.hasWorkloadRef) {
    const referenced = ctx.referencedTemplate();
    if (referenced === undefined) {
      return undefined;
    }
    template = referenced.template;
    where = `the pod template of ${referenced.owner}`;
  } else {
    template = ctx.spec.template;
  }
  const pod = asObject(asObject(template)?.spec);
  if (pod === undefined || !Array.isArray(pod.containers)) {
    return undefined;
  }
  const sidecars = asArray(pod.initContainers).filter(c => asObject(c)?.restartPolicy === 'Always');
  const named: Array<{ name: string; protocol: string }> = [];
  const numbers = new Set<number>();
  for (const container of [...pod.containers, ...sidecars]) {
    for (const value of asArray(asObject(container)?.ports)) {
      const port = asObject(value);
      const name = port?.name;
      if (typeof name === 'string' && name !== '') {
        named.push({ name, protocol: asString(port?.protocol) || 'TCP' });
      }
      const containerPort = port?.containerPort;
      if (typeof containerPort === 'number') {
        numbers.add(containerPort);
      }
    }
  }
  return { named, numbers, where };
}

/**
 * The container port a Service port sends to, as Kubernetes defaults it: `targetPort`, or `port`
 * when targetPort is absent, 0 or empty. A string of digits is taken as a number. `undefined` when
 * neither is usable (a schema matter).
 */
function targetOf(port: JsonObject): number | string | undefined {
  let target = port.targetPort;
  if (target === undefined || target === null || target === 0 || target === '') {
    target = port.port;
  }
  if (typeof target === 'string' && /^[0-9]+$/.test(target)) {
    return Number(target);
  }
  return (typeof target === 'number' && Number.isInteger(target)) || (typeof target === 'string') ? target : undefined;
}

function describeNamespace(ctx: RuleContext): string {
  return ctx.namespace === '' ? 'without a namespace' : `in namespace ${quote(ctx.namespace)}`;
}

/** V47, run in the controller's fetch phase (before the analysis templates are fetched, V50). */
export const SERVICE_EXISTENCE_RULES: readonly Rule[] = [
  {
    id: 'V47',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      for (const reference of serviceReferences(ctx)) {
        if (ctx.index.service(ctx.namespace, reference.name) === undefined) {
          ctx.report(reference.path, `The Service ${quote(reference.name)} does not exist among the manifests (looked for ${describeNamespace(ctx)}).`,
            `Define a Service named ${quote(reference.name)} in the Rollout's namespace, or correct the name.`, reference.name);
        }
      }
    },
  },
];

/** How many pod template labels the V48 fix lists. */
const MAX_LISTED_LABELS = 5;

/**
 * V48's fix: correct the selector first (to the pod label the selector key or value looks like a typo
 * of, else to the pod template labels), and only then add or change the label on the pods.
 */
function selectorFix(service: string, key: string, wanted: string, selector: JsonObject, labels: JsonObject): string {
  const selected = `${cutText(key)}: ${quote(wanted)}`;
  const actual = ownValue(labels, key);
  if (actual !== undefined) {
    return `Correct the selector of Service ${quote(service)} to ${cutText(key)}: ${quote(asString(actual))}, the value the pod template sets; `
      + `or, if the pods are meant to carry ${selected}, change that label in the pod template.`;
  }
  const podKeys = Object.keys(labels).filter(k => k !== POD_TEMPLATE_HASH_LABEL);
  const close = closestField(key, podKeys.filter(k => !Object.hasOwn(selector, k)));
  if (close !== undefined) {
    return `Correct the selector of Service ${quote(service)}: ${cutText(key)} looks like a typo of the pod label ${cutText(close)}, so select `
      + `${cutText(close)}: ${quote(asString(labels[close]))} instead; or, if the pods are meant to carry ${selected}, add that label to the pod template.`;
  }
  const shown = podKeys.slice(0, MAX_LISTED_LABELS).map(k => `${cutText(k)}: ${quote(asString(labels[k]))}`);
  const podLabels = podKeys.length === 0 ? 'the pod template has no labels'
    : `the pod template labels are ${shown.join(', ')}${podKeys.length > MAX_LISTED_LABELS ? `, and ${podKeys.length - MAX_LISTED_LABELS} more` : ''}`;
  return `Correct the selector of Service ${quote(service)} to select only labels the pods carry (${podLabels}); `
    + `or, if the pods are meant to carry ${selected}, add that label to the pod template.`;
}

/** Checks of the fetched Services, V48–V49, in the controller's evaluation order. */
export const SERVICE_RULES: readonly Rule[] = [
  {
    id: 'V48',
    check: ctx => {
      const labels = ctx.templateLabels();
      if (labels === undefined) {
        return; // workloadRef to a workload that is not among the manifests
      }
      forEachReferencedService(ctx, (service, reference) => {
        const selector = asObject(asObject(service.spec)?.selector);
        if (selector === undefined) {
          return;
        }
        for (const key of Object.keys(selector)) {
          if (key === POD_TEMPLATE_HASH_LABEL) {
            continue;
          }
          const actual = ownValue(labels, key);
          if (actual !== selector[key]) {
            const found = actual === undefined ? `have no ${quote(key)} label` : `have ${quote(key)} set to ${quote(actual)}`;
            ctx.report(reference.path,
              `The Service ${quote(reference.name)} selects ${cutText(key)}=${cutText(asString(selector[key]))}, but the pod template labels ${found}, so it would select no Rollout pods.`,
              selectorFix(reference.name, key, asString(selector[key]), selector, labels),
              { [key]: selector[key] });
          }
        }
      });
    },
  },
  {
    id: 'V49',
    check: ctx => forEachReferencedService(ctx, (service, reference) => {
      const annotations = asObject(asObject(service.metadata)?.annotations);
      const manager = isObject(annotations) ? ownValue(annotations, MANAGED_BY_ANNOTATION) : undefined;
      if (typeof manager === 'string' && manager !== ctx.name) {
        ctx.report(reference.path,
          `The Service ${quote(reference.name)} is already managed by the Rollout ${quote(manager)} (annotation ${MANAGED_BY_ANNOTATION}).`,
          `Give this Rollout its own Service, or remove the ${MANAGED_BY_ANNOTATION} annotation from Service ${quote(reference.name)} once the Rollout ${quote(manager)} no longer uses it.`,
          manager);
      }
    }),
  },
  {
    // Not in the upstream rule list: the API server and the controller accept the Service, but its
    // endpoints are made from the pods' container ports (a named targetPort must be declared).
    id: 'V70',
    check: ctx => {
      const declared = ctx.memoize('V70:ports', () => declaredPorts(ctx));
      if (declared === undefined) {
        return; // the containers are unknown (workloadRef to a workload that is not among the manifests)
      }
      forEachReferencedService(ctx, (service, reference) => {
        asArray(asObject(service.spec)?.ports).forEach((port, i) => {
          if (!isObject(port)) {
            return;
          }
          const target = targetOf(port);
          const shown = `${quote(reference.name)} port ${typeof port.name === 'string' && port.name !== '' ? `${quote(port.name)} (ports[${i}])` : `ports[${i}]`}`;
          if (typeof target === 'string') {
            checkNamedTarget(ctx, declared, reference, shown, target, asString(port.protocol) || 'TCP');
          } else if (target !== undefined && declared.numbers.size > 0 && !declared.numbers.has(target)) {
            const numbers = [...declared.numbers].sort((a, b) => a - b).map(String);
            ctx.warn(reference.path,
              `The Service ${shown} sends to container port ${target}, which no container of ${declared.where} declares (declared: ${listWords(numbers)}); `
              + `the pods get the traffic only if a process listens on ${target} without declaring it.`,
              `Declare containerPort ${target} on the container that listens on it, or point targetPort of Service ${quote(reference.name)} at a declared port.`,
              target);
          }
        });
      });
    },
  },
];

/** V70 for a named targetPort: some container must declare a port of that name and protocol, or the Service gets no endpoints. */
function checkNamedTarget(ctx: RuleContext, declared: DeclaredPorts, reference: ServiceReference, shown: string, target: string,
  protocol: string): void {
  const sameName = declared.named.filter(p => p.name === target);
  if (sameName.some(p => p.protocol === protocol)) {
    return;
  }
  const names = [...new Set(declared.named.map(p => quote(p.name)))];
  const found = sameName.length > 0
    ? `a container of ${declared.where} declares ${quote(target)} only with protocol ${listWords([...new Set(sameName.map(p => p.protocol))])}, not ${protocol}`
    : `no container of ${declared.where} declares a port named ${quote(target)} (${names.length > 0 ? `declared: ${listWords(names)}` : 'no port has a name'})`;
  ctx.report(reference.path,
    `The Service ${shown} sends to the container port named ${quote(target)}, but ${found}, so the Service would get no endpoints and no traffic would reach the pods.`,
    `Name the container port ${quote(target)}${sameName.length > 0 ? ` with protocol ${protocol}` : ''}, or point targetPort of Service ${quote(reference.name)} `
    + 'at a declared port name or number.',
    target);
}
