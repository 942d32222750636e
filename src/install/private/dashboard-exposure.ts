// Internals of install/dashboard.ts: the acknowledgement an exposed dashboard needs (the dashboard and ArgoRollouts check it).
import { fail } from '../../private/synth-error';

/** Refuses to expose the dashboard, which has no authentication, without the acknowledgement. */
export function checkExposure(subject: string, method: string, acknowledged: boolean): void {
  if (acknowledged !== true) {
    fail(`${subject}: ${method}() exposes a dashboard without authentication, which lets anyone who reaches it promote `
      + 'and abort Rollouts. Put authentication in front of it, then pass acknowledgeNoAuthentication: true.');
  }
}
