/**
 * What the canary and the blue-green strategy share: value checks, copies, messages and the
 * `checkArgument` shapes of their common option types. Internal: jsii never sees it.
 */
import { Construct } from 'constructs';
import { ResolvedService } from './service-binding';
import { RolloutAnalysisOptions } from '../../analysis/rollout-analysis';
import { ExpectedClass, PERCENT_OR_ABSOLUTE, STRING_MAP, checkArgument, struct } from '../../private/arguments';
import * as kplus from '../../private/kplus';
import { IntOrString, MetadataSpec } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';
import { metadataBlock } from '../../private/utils';
import { AntiAffinity, RolePodMetadata } from '../strategy-options';
import { StrategyService } from '../strategy-service';

export function copyList<T>(list: T[] | undefined): T[] | undefined {
  return list ? [...list] : undefined;
}

export function metadataOf(m: RolePodMetadata | undefined): MetadataSpec | undefined {
  return m ? metadataBlock(m.labels, m.annotations) : undefined;
}

export function percentOrAbsolute(field: string, v: kplus.PercentOrAbsolute | undefined): IntOrString | undefined {
  if (v === undefined || v === null) return undefined;
  checkArgument('', field, v, PERCENT_OR_ABSOLUTE);
  const raw = v.value;
  const n = typeof raw === 'string' ? Number(raw.replace(/%$/, '')) : raw;
  if (!Number.isInteger(n) || n < 0) {
    fail(`'${field}' must be a non-negative whole number or percentage, got ${raw}.`);
  }
  return raw;
}

export function checkDistinct(host: Construct, a: ResolvedService | undefined, b: ResolvedService | undefined, roleA: string, roleB: string) {
  if (a && b && a.name === b.name) {
    fail(`Rollout ${host.node.path}: the ${roleA} and ${roleB} Services are both '${a.name}'. They must be two different Services.`);
  }
}

/** Throws: the Rollout's strategy has no such list. */
export function wrongStrategy(host: Construct, kind: string, what: string, fix: string): never {
  fail(`Rollout ${host.node.path} uses a ${kind} strategy, which has no ${what}. ${fix}`);
}

/** Throws when a one-of-a-kind analysis is added twice. */
export function checkOnce(host: Construct, existing: unknown, what: string, method: string) {
  if (existing !== undefined) {
    fail(`Rollout ${host.node.path} already has a ${what}; a Rollout runs one. Pass all its templates in one ${method} call.`);
  }
}

/** A copy of analysis options, so that changing the caller's lists later does not change the Rollout. */
export function copyAnalysis<T extends RolloutAnalysisOptions>(o: T): T {
  return { ...o, templates: [...o.templates], args: copyList(o.args), dryRunMetrics: copyList(o.dryRunMetrics) };
}

/** What `checkArgument` expects where a StrategyService belongs. */
export const STRATEGY_SERVICE: ExpectedClass = {
  class: StrategyService, name: 'StrategyService', example: 'StrategyService.fromService(service) for a cdk8s-plus Service, or StrategyService.define()',
};

/** What `checkArgument` expects where an AntiAffinity belongs. */
export const ANTI_AFFINITY: ExpectedClass = { class: AntiAffinity, name: 'AntiAffinity', example: 'AntiAffinity.preferred(100) or AntiAffinity.required()' };

/** The fields of `RolePodMetadata`, for `checkArgument`. */
export const ROLE_POD_METADATA = struct('RolePodMetadata', { labels: STRING_MAP, annotations: STRING_MAP }, { example: "{ labels: { role: 'canary' } }" });
