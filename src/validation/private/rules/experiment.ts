/**
 * Experiment rules X01–X06: checked on every Experiment manifest, and (X06, experiment-step template
 * `specRef`) on the experiment steps of Rollouts. V07 checks each template's pod template as the
 * API server checks the ReplicaSet the Experiment creates from it.
 */
import { JsonObject } from '../../../private/manifest-types';
import { DEFAULT_PROGRESS_DEADLINE_SECONDS, ManifestContext, Rule, STEPS_PATH } from '../context';
import { checkPodTemplateSpec, selectorMatches } from '../pod';
import { ANALYSIS_TEMPLATE, referencedKind } from '../templates';
import { article, asArray, asNumber, asObject, asString, isObject, isSet, keyCount, quote } from '../util';

/** `specRef` values of an experiment-step template. */
const SPEC_REFS: readonly string[] = ['canary', 'stable'];

/** Runs `check` for every Experiment template that is an object, with its path. */
function forEachTemplate(ctx: ManifestContext, check: (template: JsonObject, path: string, i: number) => void): void {
  asArray(ctx.spec.templates).forEach((template, i) => {
    if (isObject(template)) {
      check(template, `spec.templates[${i}]`, i);
    }
  });
}

/** Describes where an AnalysisTemplate is looked up, for messages. */
export function describeLookup(kind: string, namespace: string): string {
  if (kind !== ANALYSIS_TEMPLATE) {
    return 'cluster-scoped';
  }
  return namespace === '' ? 'looked for without a namespace' : `looked for in namespace ${quote(namespace)}`;
}

/** Rules of Experiment manifests, in the controller's order. */
export const EXPERIMENT_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'X01',
    check: ctx => forEachTemplate(ctx, (template, path) => {
      if (!isSet(template.selector)) {
        ctx.report(`${path}.selector`, `Experiment template ${quote(template.name)} has no selector.`,
          'Set selector.matchLabels to labels of the template\'s pod template, e.g. selector: { matchLabels: { app: ... } }.');
      }
    }),
  },
  {
    id: 'X02',
    check: ctx => forEachTemplate(ctx, (template, path) => {
      const selector = asObject(template.selector);
      if (selector !== undefined && keyCount(selector.matchLabels) === 0 && asArray(selector.matchExpressions).length === 0) {
        ctx.report(`${path}.selector`, `Experiment template ${quote(template.name)} has an empty selector ${quote(template.selector)}, which would select every pod.`,
          'Give the selector matchLabels (or matchExpressions) that match the template\'s pod labels.', template.selector);
      }
    }),
  },
  {
    id: 'X03',
    check: ctx => {
      const deadline = asNumber(ctx.spec.progressDeadlineSeconds) ?? DEFAULT_PROGRESS_DEADLINE_SECONDS;
      forEachTemplate(ctx, (template, path) => {
        const minReady = asNumber(template.minReadySeconds);
        if (minReady !== undefined && minReady > deadline) {
          const shown = isSet(ctx.spec.progressDeadlineSeconds) ? quote(deadline) : `${deadline} (the default)`;
          ctx.report(`${path}.minReadySeconds`,
            `Experiment template ${quote(template.name)} has minReadySeconds ${quote(minReady)}, more than progressDeadlineSeconds ${shown}.`,
            `Lower minReadySeconds to ${deadline} or less, or raise spec.progressDeadlineSeconds to at least ${minReady}.`, minReady);
        }
      });
    },
  },
  {
    id: 'X04',
    check: ctx => forEachTemplate(ctx, (template, path) => {
      if (asString(template.name) === '') {
        ctx.report(`${path}.name`, `An Experiment template has no name (name is ${quote(template.name)}).`,
          'Give every template a unique, non-empty name.', template.name);
      }
    }),
  },
  {
    id: 'X05',
    check: ctx => {
      const first = new Map<string, number>();
      forEachTemplate(ctx, (template, path, i) => {
        const name = asString(template.name);
        const earlier = first.get(name);
        if (name === '') {
          return;
        }
        if (earlier === undefined) {
          first.set(name, i);
          return;
        }
        ctx.report(`${path}.name`, `The Experiment template name ${quote(name)} is already used by spec.templates[${earlier}].`,
          `Rename one of the templates ${quote(name)}; names must be unique within the Experiment.`, name);
      });
    },
  },
  {
    // The Experiment's ReplicaSets are refused by the API server when their pod template is
    // invalid, so the Experiment fails: the same pod-template rule as a Rollout's (V07).
    id: 'V07',
    check: ctx => forEachTemplate(ctx, (template, path) => {
      if (!isSet(template.template)) {
        return; // a schema matter: template is required
      }
      const labels = asObject(asObject(asObject(template.template)?.metadata)?.labels) ?? {};
      const selector = asObject(template.selector);
      const selects = keyCount(selector?.matchLabels) + asArray(selector?.matchExpressions).length > 0;
      if (selector !== undefined && selects && selectorMatches(selector, labels) === false) {
        ctx.report(`${path}.template.metadata.labels`, `Experiment template ${quote(template.name)} has a selector ${quote(selector)} that does not select its pod labels ${quote(labels)}.`,
          'Give the pod template the labels the selector asks for, or change the selector to match them.', labels);
      }
      checkPodTemplateSpec(asObject(template.template), `${path}.template`, ctx.report.bind(ctx), {
        validator: 'apiServer',
        kubernetesMinor: ctx.kubernetesMinor,
        restartPolicies: ['Always'],
        activeDeadline: 'forbid',
        replicas: asNumber(template.replicas) ?? 1,
        workload: 'Experiment (ReplicaSet)',
      });
    }),
  },
  {
    id: 'X06',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      asArray(ctx.spec.analyses).forEach((analysis, k) => {
        if (!isObject(analysis)) {
          return;
        }
        const path = `spec.analyses[${k}].templateName`;
        const kind = referencedKind(analysis);
        const name = asString(analysis.templateName);
        const template = ctx.index.template(kind, ctx.namespace, name);
        if (template === undefined) {
          ctx.report(path, `Analysis ${quote(analysis.name)} uses the ${kind} ${quote(name)}, which does not exist among the manifests (${describeLookup(kind, ctx.namespace)}).`,
            `Define ${article(kind)} ${kind} named ${quote(name)}${kind === ANALYSIS_TEMPLATE ? ' in the Experiment\'s namespace' : ''}, or correct templateName (set clusterScope: true for a ClusterAnalysisTemplate).`,
            name);
          return;
        }
        for (const missing of ctx.index.templateTree(template, ctx.namespace).missing) {
          ctx.report(path,
            `Analysis ${quote(analysis.name)} uses ${missing.holder.kind} ${quote(missing.holder.name)}, which composes the ${missing.kind} ${quote(missing.name)}; it does not exist among the manifests (${describeLookup(missing.kind, ctx.namespace)}).`,
            `Define ${article(missing.kind)} ${missing.kind} named ${quote(missing.name)}, or correct spec.templates[${missing.index}] of ${missing.holder.kind} ${quote(missing.holder.name)}.`,
            missing.name);
        }
      });
    },
  },
];

/** X06 on Rollouts: an experiment-step template must copy the canary or the stable pod template. */
export const EXPERIMENT_STEP_RULES: readonly Rule[] = [
  {
    id: 'X06',
    check: ctx => ctx.steps.forEach((step, i) => {
      const experiment = asObject(asObject(step)?.experiment);
      asArray(experiment?.templates).forEach((template, k) => {
        if (!isObject(template)) {
          return;
        }
        const specRef = template.specRef;
        if (!SPEC_REFS.includes(asString(specRef)) || typeof specRef !== 'string') {
          ctx.report(`${STEPS_PATH}[${i}].experiment.templates[${k}].specRef`,
            `Experiment-step template ${quote(template.name)} has specRef ${quote(specRef)}; the Experiment would fail when the step runs.`,
            'Set specRef to "canary" (the new pod template) or "stable" (the current one).', specRef);
        }
      });
    }),
  },
];
