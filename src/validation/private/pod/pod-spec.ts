/**
 * The pod template as a whole: metadata, then the pod spec fields in Kubernetes' order (volumes,
 * containers, restart and DNS policy, node selector, security context, affinity, DNS config,
 * gates, topology spread, names, tolerations, host aliases, priority, runtime class, overhead, OS).
 *
 * This is Kubernetes' pod-template validation (ValidatePodTemplateSpec) as the Rollout controller
 * runs it on a Rollout's template after applying the API defaults, and as the API server runs it on
 * the ReplicaSets of Experiments and the Jobs of job metrics.
 */
import {
  asArray, asNumber, asObject, asString, dns1123LabelError, dns1123SubdomainError, isObject, isSet, parseGoInt32, qualifiedNameError, quote,
} from '../util';
import { checkContainers } from './containers';
import { PodCheck, PodReport, PodTemplateOptions } from './context';
import { firstVersionWith } from './kubernetes-version';
import { checkAnnotations, checkLabelMap } from './metadata';
import { ipError } from './names';
import { checkAffinity, checkNodeSelector, checkTolerations, checkTopologySpread } from './scheduling';
import { checkHostProcess, checkOs, checkPodSecurity } from './security';
import {
  ContainerPortView, DnsConfigView, HostAliasView, NamedView, PlacedContainer, PodClaimView, PodSpecView, ReadinessGateView,
} from './views';
import { checkVolumes } from './volumes';
import { JsonObject, objectOrEmpty } from '../../../private/manifest-types';
import { parseQuantity } from '../../../private/quantity';

const DNS_POLICIES: readonly string[] = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const MAX_INT32 = 2147483647;
const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const TOLERATIONS_ANNOTATION = 'scheduler.alpha.kubernetes.io/tolerations';
const DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

/** Reports a value that must be a DNS-1123 label or subdomain. */
function checkName(ctx: PodCheck, value: unknown, path: string, what: string, kind: 'label' | 'subdomain', fix: string): void {
  if (!isSet(value) || typeof value !== 'string') {
    return;
  }
  const error = kind === 'label' ? dns1123LabelError(value) : dns1123SubdomainError(value);
  if (error !== undefined) {
    ctx.report(path, `${what} is ${quote(value)}, which is not a valid DNS-1123 ${kind}: ${error}.`, fix, value);
  }
}

/** Annotations with a meaning for pods: seccomp and AppArmor profiles. */
function checkPodAnnotations(ctx: PodCheck, annotations: unknown, path: string, containerNames: ReadonlySet<string>): void {
  if (!isObject(annotations)) {
    return;
  }
  for (const key of Object.keys(annotations)) {
    const value = annotations[key];
    if (typeof value !== 'string') {
      continue;
    }
    if (key === TOLERATIONS_ANNOTATION && value !== '') {
      let tolerations: unknown;
      try {
        tolerations = JSON.parse(value);
      } catch {
        tolerations = undefined;
      }
      if (!Array.isArray(tolerations)) {
        ctx.report(path, `The annotation ${quote(key)} is not a JSON list of tolerations.`, 'Write the tolerations in spec.tolerations instead.', value);
      } else {
        checkTolerations(ctx, tolerations, `${path}.${key}`);
      }
    } else if (key === DELETION_COST_ANNOTATION && !ctx.strict && parseGoInt32(value) === undefined) {
      // The Rollout controller accepts any value; the API server wants a 32-bit integer.
      ctx.report(path, `The annotation ${quote(key)} is ${quote(value)}, which is not a 32-bit integer.`, 'Set the deletion cost to an integer, e.g. "100".', value);
    } else if (key === SECCOMP_POD_ANNOTATION || key.startsWith(SECCOMP_CONTAINER_PREFIX)) {
      const valid = value === 'runtime/default' || value === 'docker/default' || value === 'unconfined'
        || (value.startsWith('localhost/') && !value.slice('localhost/'.length).startsWith('/') && !value.slice('localhost/'.length).split('/').includes('..'));
      if (!valid) {
        ctx.report(path, `The annotation ${quote(key)} has the value ${quote(value)}, which is not a seccomp profile.`,
          'Use runtime/default, unconfined or localhost/<relative path>, or better securityContext.seccompProfile.', value);
      }
    } else if (key.startsWith(APPARMOR_PREFIX)) {
      const container = key.slice(APPARMOR_PREFIX.length);
      if (!containerNames.has(container)) {
        ctx.report(path, `The annotation ${quote(key)} names the container ${quote(container)}, which the pod does not have.`,
          'Name an existing container after the prefix, or remove the annotation.', key);
      }
      if (value !== '' && value !== 'runtime/default' && value !== 'unconfined' && !value.startsWith('localhost/')) {
        ctx.report(path, `The annotation ${quote(key)} has the value ${quote(value)}, which is not an AppArmor profile.`,
          'Use runtime/default, unconfined or localhost/<profile>, or better securityContext.appArmorProfile.', value);
      }
    }
  }
}

/**
 * For a search domain that a later Kubernetes version accepts ('.' or one with '_') at the API server of
 * a version that does not, from which version it does; else nothing.
 */
function strictSearchNote(ctx: PodCheck, search: unknown): string {
  const relaxedFrom = firstVersionWith('relaxedDnsSearch');
  if (ctx.strict || relaxedFrom === undefined || typeof search !== 'string'
    || (search !== '.' && dns1123SubdomainError(search.replace(/\.$/, '').replace(/_/g, 'a')) !== undefined)) {
    return '';
  }
  return ` (the API server of Kubernetes 1.${ctx.kubernetes.minor} checks search domains strictly; from ${relaxedFrom} on, it takes '_' and a single '.')`;
}

/** DNS policy and DNS config. */
function checkDns(ctx: PodCheck, spec: PodSpecView, path: string): void {
  ctx.checkEnum(spec.dnsPolicy, `${path}.dnsPolicy`, 'dnsPolicy', DNS_POLICIES, true);
  const config: DnsConfigView | undefined = asObject(spec.dnsConfig);
  if (spec.dnsPolicy === 'None') {
    if (config === undefined) {
      ctx.report(`${path}.dnsConfig`, 'dnsPolicy is None but the pod has no dnsConfig.', 'Add dnsConfig with at least one nameserver, or use another dnsPolicy.');
      return;
    }
    if (asArray(config.nameservers).length === 0) {
      ctx.report(`${path}.dnsConfig.nameservers`, 'dnsPolicy is None but dnsConfig lists no nameservers.', 'Add at least one nameserver IP to dnsConfig.nameservers.', config.nameservers);
      return;
    }
  }
  if (config === undefined) {
    return;
  }
  const nameservers = asArray(config.nameservers);
  if (nameservers.length > 3) {
    ctx.report(`${path}.dnsConfig.nameservers`, `dnsConfig lists ${nameservers.length} nameservers; at most 3 are allowed.`, 'Keep at most 3 nameservers.', config.nameservers);
  }
  nameservers.forEach((ns: unknown, i: number) => {
    const error = ipError(ns);
    if (error !== undefined) {
      ctx.report(`${path}.dnsConfig.nameservers[${i}]`, `The nameserver ${quote(ns)} is not valid: ${error}.`, 'List nameservers as IP addresses.', ns);
    }
  });
  const searches = asArray(config.searches);
  if (searches.length > 32) {
    ctx.report(`${path}.dnsConfig.searches`, `dnsConfig lists ${searches.length} search domains; at most 32 are allowed.`, 'Keep at most 32 search domains.', config.searches);
  }
  if (searches.map(asString).join(' ').length > 2048) {
    ctx.report(`${path}.dnsConfig.searches`, 'The dnsConfig search list is longer than 2048 characters.', 'Shorten the search list.');
  }
  // The API server (by default from Kubernetes 1.33) also takes "." and '_' in search domains; the
  // controller does not.
  const relaxed = ctx.relaxedDnsSearch;
  searches.forEach((search: unknown, i: number) => {
    if (relaxed && search === '.') {
      return;
    }
    const trimmed = asString(search).replace(/\.$/, '');
    const error = dns1123SubdomainError(relaxed ? trimmed.replace(/_/g, 'a') : trimmed);
    if (error !== undefined) {
      ctx.report(`${path}.dnsConfig.searches[${i}]`, `The search domain ${quote(search)} is not a DNS subdomain: ${error}${strictSearchNote(ctx, search)}.`,
        'Use domains such as "ns1.svc.cluster.local".', search);
    }
  });
  asArray(config.options).forEach((option: unknown, i: number) => {
    const named: NamedView = objectOrEmpty(option);
    if (asString(named.name) === '') {
      ctx.report(`${path}.dnsConfig.options[${i}]`, 'A dnsConfig option has no name.', 'Set name, e.g. "ndots".', option);
    }
  });
}

/** Pod-level fields: gates, names, host aliases, priority, runtime class, overhead, deadlines. */
function checkPodFields(ctx: PodCheck, spec: PodSpecView, path: string): void {
  asArray(spec.readinessGates).forEach((item: unknown, i: number) => {
    const gate: ReadinessGateView = objectOrEmpty(item);
    const error = qualifiedNameError(asString(gate.conditionType));
    if (error !== undefined) {
      ctx.report(`${path}.readinessGates[${i}].conditionType`, `The readiness gate condition ${quote(gate.conditionType)} is not a qualified name: ${error}.`,
        'Use a condition type such as "example.com/ready".', gate.conditionType);
    }
  });
  const gates = new Set<string>();
  asArray(spec.schedulingGates).forEach((item: unknown, i: number) => {
    const gate: NamedView = objectOrEmpty(item);
    const name = asString(gate.name);
    const error = qualifiedNameError(name);
    if (error !== undefined) {
      ctx.report(`${path}.schedulingGates[${i}]`, `The scheduling gate ${quote(gate.name)} is not a qualified name: ${error}.`, 'Use a name such as "example.com/wait".', gate.name);
    } else if (gates.has(name)) {
      ctx.report(`${path}.schedulingGates[${i}]`, `The scheduling gate ${quote(name)} is listed twice.`, 'List each gate once.', name);
    }
    gates.add(name);
  });
  if (asString(spec.serviceAccountName) !== '') {
    checkName(ctx, spec.serviceAccountName, `${path}.serviceAccountName`, 'serviceAccountName', 'subdomain', 'Name an existing ServiceAccount, e.g. "web".');
  }
  if (asString(spec.nodeName) !== '') {
    checkName(ctx, spec.nodeName, `${path}.nodeName`, 'nodeName', 'subdomain', 'Give the name of a node, or leave nodeName out and let the scheduler choose.');
  }
  if (spec.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds !== null) {
    const deadline = spec.activeDeadlineSeconds;
    if (ctx.options.activeDeadline === 'forbid') {
      ctx.report(`${path}.activeDeadlineSeconds`, `The pod template sets activeDeadlineSeconds (${quote(deadline)}), which ${ctx.options.workload} pods may not have.`,
        'Remove activeDeadlineSeconds.', deadline);
    } else if (ctx.options.activeDeadline === 'range' && typeof deadline === 'number' && (deadline < 1 || deadline > MAX_INT32)) {
      ctx.report(`${path}.activeDeadlineSeconds`, `activeDeadlineSeconds is ${quote(deadline)}; it must be between 1 and ${MAX_INT32}.`, 'Set a positive number of seconds.', deadline);
    }
  }
  if (asString(spec.hostname) !== '') {
    checkName(ctx, spec.hostname, `${path}.hostname`, 'hostname', 'label', "Use at most 63 lowercase letters, digits and '-', e.g. \"web-0\".");
  }
  if (asString(spec.subdomain) !== '') {
    checkName(ctx, spec.subdomain, `${path}.subdomain`, 'subdomain', 'label', "Use at most 63 lowercase letters, digits and '-' (the name of a headless Service).");
  }
  asArray(spec.hostAliases).forEach((item: unknown, i: number) => {
    const alias: HostAliasView = objectOrEmpty(item);
    const error = ipError(alias.ip);
    if (error !== undefined) {
      ctx.report(`${path}.hostAliases[${i}].ip`, `The host alias IP ${quote(alias.ip)} is not valid: ${error}.`, 'Set ip to an IP address.', alias.ip);
    }
    asArray(alias.hostnames).forEach((hostname: unknown, j: number) =>
      checkName(ctx, hostname, `${path}.hostAliases[${i}].hostnames[${j}]`, 'The host alias hostname', 'subdomain', 'Use host names such as "db.local".'));
  });
  if (asString(spec.priorityClassName) !== '') {
    checkName(ctx, spec.priorityClassName, `${path}.priorityClassName`, 'priorityClassName', 'subdomain', 'Name an existing PriorityClass.');
  }
  if (isSet(spec.runtimeClassName)) {
    checkName(ctx, spec.runtimeClassName, `${path}.runtimeClassName`, 'runtimeClassName', 'subdomain', 'Name an existing RuntimeClass, or leave runtimeClassName out.');
  }
  if (isSet(spec.preemptionPolicy)) {
    ctx.checkEnum(spec.preemptionPolicy, `${path}.preemptionPolicy`, 'preemptionPolicy', ['PreemptLowerPriority', 'Never'], false);
  }
  const overhead: JsonObject = objectOrEmpty(spec.overhead);
  for (const name of Object.keys(overhead)) {
    const quantity = parseQuantity(overhead[name]);
    if (quantity === undefined || quantity.nanos < 0n) {
      ctx.report(`${path}.overhead.${name}`, `The overhead ${name} is ${quote(overhead[name])}, which is not a non-negative quantity.`, 'Write a quantity such as "250m" or "120Mi".', overhead[name]);
    }
  }
  const claims = new Set<string>();
  asArray(spec.resourceClaims).forEach((item: unknown, i: number) => {
    const at = `${path}.resourceClaims[${i}]`;
    const claim: PodClaimView = objectOrEmpty(item);
    const name = asString(claim.name);
    if (name === '') {
      ctx.report(`${at}.name`, 'A resource claim has no name.', 'Give every resource claim a name (a DNS-1123 label).', claim.name);
    } else if (claims.has(name)) {
      ctx.report(`${at}.name`, `The resource claim name ${quote(name)} is used twice.`, 'Give every resource claim a different name.', name);
    } else {
      checkName(ctx, name, `${at}.name`, 'The resource claim name', 'label', "Use lowercase letters, digits and '-'.");
    }
    claims.add(name);
    const byName = isSet(claim.resourceClaimName);
    const byTemplate = isSet(claim.resourceClaimTemplateName);
    if (byName === byTemplate) {
      ctx.report(at, byName ? 'The resource claim sets both resourceClaimName and resourceClaimTemplateName.' : 'The resource claim sets neither resourceClaimName nor resourceClaimTemplateName.',
        'Set exactly one of resourceClaimName or resourceClaimTemplateName.', item);
    }
    for (const field of ['resourceClaimName', 'resourceClaimTemplateName'] as const) {
      if (isSet(claim[field])) {
        checkName(ctx, claim[field], `${at}.${field}`, field, 'subdomain', `Name an existing ${field === 'resourceClaimName' ? 'ResourceClaim' : 'ResourceClaimTemplate'}.`);
      }
    }
  });
}

/**
 * Checks a pod template (`metadata` and `spec`) found at `path` of a manifest, reporting each
 * violation through `report`. Absent fields count as their Kubernetes defaults.
 */
export function checkPodTemplateSpec(template: unknown, path: string, report: PodReport, options: PodTemplateOptions): void {
  const metadata = asObject(asObject(template)?.metadata);
  checkLabelMap(report, metadata?.labels, `${path}.metadata.labels`, 'pod template label');
  checkAnnotations(report, metadata?.annotations, `${path}.metadata.annotations`, 'pod template');

  const specPath = `${path}.spec`;
  const spec: PodSpecView | undefined = asObject(asObject(template)?.spec);
  if (spec === undefined) {
    report(specPath, `The pod template has no pod spec (${specPath} is ${quote(asObject(template)?.spec)}).`,
      `Define ${specPath} with at least one container (name and image).`, asObject(template)?.spec);
    return;
  }
  const ctx = new PodCheck(report, options, spec);
  checkVolumes(ctx, spec.volumes, `${specPath}.volumes`);
  checkContainers(ctx, spec, specPath);

  const containers: PlacedContainer[] = [
    ...asArray(spec.containers).map((c: unknown, i: number): [unknown, string] => [c, `${specPath}.containers[${i}]`]),
    ...asArray(spec.initContainers).map((c: unknown, i: number): [unknown, string] => [c, `${specPath}.initContainers[${i}]`]),
  ].filter((entry): entry is PlacedContainer => isObject(entry[0]));

  if (spec.hostNetwork === true) {
    const ports = (container: unknown) => asArray(objectOrEmpty(container).ports);
    asArray(spec.containers).forEach((container: unknown, i: number) => ports(container).forEach((item: unknown, p: number) => {
      const port: ContainerPortView = objectOrEmpty(item);
      const hostPort = asNumber(port.hostPort) ?? 0;
      if (hostPort !== 0 && hostPort !== port.containerPort) {
        ctx.report(`${specPath}.containers[${i}].ports[${p}].hostPort`, `With hostNetwork, hostPort ${quote(hostPort)} must equal containerPort ${quote(port.containerPort)}.`,
          'Leave hostPort out or set it to the containerPort.', hostPort);
      }
    }));
  }
  const restartPolicies = options.restartPolicies;
  if (restartPolicies !== undefined) {
    const restartPolicy = isSet(spec.restartPolicy) && spec.restartPolicy !== '' ? spec.restartPolicy : 'Always';
    if (typeof restartPolicy !== 'string' || !restartPolicies.includes(restartPolicy)) {
      report(`${specPath}.restartPolicy`, `The pod template restartPolicy is ${quote(restartPolicy)}${isSet(spec.restartPolicy) && spec.restartPolicy !== '' ? '' : ' (the default)'}; ${options.workload} pods need ${restartPolicies.join(' or ')}.`,
        `Set restartPolicy to ${restartPolicies.map(p => `"${p}"`).join(' or ')}.`, spec.restartPolicy);
    }
  }
  checkDns(ctx, spec, specPath);
  checkNodeSelector(ctx, spec.nodeSelector, `${specPath}.nodeSelector`);
  checkPodSecurity(ctx, spec, specPath);
  checkAffinity(ctx, spec.affinity, `${specPath}.affinity`);
  checkTopologySpread(ctx, spec.topologySpreadConstraints, `${specPath}.topologySpreadConstraints`);
  checkPodFields(ctx, spec, specPath);
  checkTolerations(ctx, spec.tolerations, `${specPath}.tolerations`);
  checkHostProcess(ctx, spec, specPath, containers);
  checkOs(ctx, spec, specPath, containers);
  if (isObject(metadata?.annotations)) {
    checkPodAnnotations(ctx, metadata.annotations, `${path}.metadata.annotations`, new Set(containers.map(([c]) => asString(c.name))));
  }
}
