/**
 * Probes (liveness, readiness, startup) and lifecycle hooks (postStart, preStop): one handler each,
 * its fields, and the probe timings after Kubernetes' defaults (timeout 1, period 10, success 1,
 * failure 3).
 */
import { asArray, asNumber, ianaServiceNameError, isObject, isSet, portNumberError, quote } from '../util';
import { PodCheck } from './context';
import { firstVersionWith } from './kubernetes-version';
import { httpHeaderNameError } from './names';
import { HandlerActionView, HandlerView, LifecycleView, NamedView } from './views';
import { objectOrEmpty } from '../../../private/manifest-types';

const PROBE_HANDLERS: ReadonlyArray<keyof HandlerView> = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const LIFECYCLE_HANDLERS: ReadonlyArray<keyof HandlerView> = ['exec', 'httpGet', 'tcpSocket', 'sleep'];
const PROBE_TIMINGS: ReadonlyArray<keyof HandlerView> = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];

/** Checks a port given by number or by name (httpGet, tcpSocket). */
function checkPortNumOrName(ctx: PodCheck, port: unknown, path: string): void {
  if (typeof port === 'string') {
    const error = ianaServiceNameError(port);
    if (error !== undefined) {
      ctx.report(path, `The port ${quote(port)} is neither a port number nor a valid port name: ${error}.`,
        'Use the number (1-65535) or the name of a container port, e.g. "http".', port);
    }
    return;
  }
  const error = portNumberError(port);
  if (error !== undefined) {
    ctx.report(path, `The port is ${quote(port)}: ${error}.`, 'Set port to a number between 1 and 65535 or to the name of a container port.', port);
  }
}

/** Checks the handler of a probe or hook: exactly one of `kinds`, and its fields. */
function checkHandler(ctx: PodCheck, handler: HandlerView, path: string, what: string, kinds: ReadonlyArray<keyof HandlerView>): void {
  const set = kinds.filter(kind => isSet(handler[kind]));
  if (set.length === 0) {
    const grpcInHook = kinds === LIFECYCLE_HANDLERS && isSet(handler.grpc) ? ' (grpc is available to probes only)' : '';
    ctx.report(path, `The ${what} has no handler${grpcInHook}.`, `Set exactly one of ${kinds.join(', ')}.`, handler);
    return;
  }
  if (set.length > 1) {
    ctx.report(`${path}.${set[1]}`, `The ${what} has ${set.length} handlers (${set.join(', ')}); only one is allowed.`,
      `Keep one of ${set.join(', ')}.`, set);
    return;
  }
  const kind = set[0];
  const value = handler[kind];
  if (!isObject(value)) {
    return; // a schema matter
  }
  const action: HandlerActionView = value;
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'exec':
      if (asArray(action.command).length === 0) {
        ctx.report(`${at}.command`, `The ${what} runs exec without a command.`, 'Set exec.command to the command and its arguments, e.g. ["cat", "/tmp/healthy"].', action.command);
      }
      break;
    case 'httpGet':
      checkPortNumOrName(ctx, action.port, `${at}.port`);
      ctx.checkEnum(action.scheme, `${at}.scheme`, `The ${what}'s httpGet.scheme`, ['HTTP', 'HTTPS'], true);
      asArray(action.httpHeaders).forEach((item: unknown, h: number) => {
        const header: NamedView = objectOrEmpty(item);
        const error = httpHeaderNameError(header.name);
        if (error !== undefined) {
          ctx.report(`${at}.httpHeaders[${h}].name`, `The header name ${quote(header.name)} is not a valid HTTP header name: ${error}.`,
            'Use a header name such as "X-Probe".', header.name);
        }
      });
      break;
    case 'tcpSocket':
      checkPortNumOrName(ctx, action.port, `${at}.port`);
      break;
    case 'grpc': {
      const error = portNumberError(action.port);
      if (error !== undefined) {
        ctx.report(`${at}.port`, `The ${what}'s grpc.port is ${quote(action.port)}: ${error}.`, 'Set grpc.port to the number of the gRPC port (1-65535).', action.port);
      }
      break;
    }
    default: { // sleep
      const seconds = asNumber(action.seconds);
      // the API server takes a zero-second sleep by default from Kubernetes 1.33; the controller does not
      const min = ctx.zeroSecondSleep ? 0 : 1;
      if (seconds !== undefined && (seconds < min || seconds > ctx.gracePeriod)) {
        const zeroFrom = firstVersionWith('zeroSecondSleep');
        const note = seconds === 0 && !ctx.strict && zeroFrom !== undefined
          ? ` (the API server of Kubernetes 1.${ctx.kubernetes.minor} refuses a zero-second sleep; from ${zeroFrom} on, it takes one)` : '';
        ctx.report(`${at}.seconds`, `The ${what} sleeps ${quote(seconds)} seconds; it must be ${min === 1 ? 'more than 0' : '0 or more'} and at most terminationGracePeriodSeconds (${ctx.gracePeriod})${note}.`,
          `Sleep between ${min} and ${ctx.gracePeriod} seconds, or raise spec.terminationGracePeriodSeconds.`, seconds);
      }
    }
  }
}

/** Checks one probe; `kind` is livenessProbe, readinessProbe or startupProbe. */
export function checkProbe(ctx: PodCheck, given: unknown, path: string, kind: string): void {
  if (!isSet(given) || !isObject(given)) {
    return;
  }
  const probe: HandlerView = given;
  checkHandler(ctx, probe, path, kind, PROBE_HANDLERS);
  for (const timing of PROBE_TIMINGS) {
    const value = asNumber(probe[timing]);
    if (value !== undefined && value < 0) {
      ctx.report(`${path}.${timing}`, `The ${kind}'s ${timing} is ${quote(value)}; it must not be negative.`, `Set ${timing} to 0 or more, or leave it out for the default.`, value);
    }
  }
  const success = asNumber(probe.successThreshold);
  if (kind !== 'readinessProbe' && success !== undefined && success !== 0 && success !== 1 && success > 0) {
    ctx.report(`${path}.successThreshold`, `The ${kind}'s successThreshold is ${quote(success)}; for ${kind === 'livenessProbe' ? 'liveness' : 'startup'} probes it must be 1.`,
      'Set successThreshold to 1 or leave it out (only readiness probes may need several successes).', success);
  }
  const grace = probe.terminationGracePeriodSeconds;
  if (isSet(grace)) {
    if (kind === 'readinessProbe') {
      ctx.report(`${path}.terminationGracePeriodSeconds`, `The readinessProbe sets terminationGracePeriodSeconds (${quote(grace)}), which readiness probes do not take.`,
        'Remove terminationGracePeriodSeconds from the readiness probe.', grace);
    } else if (typeof grace === 'number' && grace <= 0) {
      ctx.report(`${path}.terminationGracePeriodSeconds`, `The ${kind}'s terminationGracePeriodSeconds is ${quote(grace)}; it must be more than 0.`,
        'Set it to a positive number of seconds, or leave it out to use the pod\'s.', grace);
    }
  }
}

/** Checks a container's lifecycle hooks. */
export function checkLifecycle(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const lifecycle: LifecycleView = value;
  for (const hook of ['postStart', 'preStop'] as const) {
    const handler = lifecycle[hook];
    if (isSet(handler) && isObject(handler)) {
      checkHandler(ctx, handler, `${path}.${hook}`, `${hook} hook`, LIFECYCLE_HANDLERS);
    }
  }
}
