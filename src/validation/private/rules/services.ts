/**
 * Referenced-Service rules V47–V49. Services are looked up among the given manifests by name in the
 * Rollout's namespace (no namespace on both sides counts as the same namespace).
 */
import { BLUE_GREEN_PATH, CANARY_PATH, Rule, RuleContext } from '../context';
import { asObject, asString, cutText, isObject, ownValue, quote } from '../util';

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
  const fields: Array<[any, string, string]> = [];
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
function forEachReferencedService(ctx: RuleContext, check: (service: any, reference: ServiceReference) => void): void {
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
              `Add the label ${cutText(key)}: ${quote(asString(selector[key]))} to the pod template, or change the selector of Service ${quote(reference.name)} to match the pod template labels.`,
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
];
