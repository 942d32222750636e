/**
 * How the controller reads `trafficRouting.istio.virtualService(s).name`: a '.' separates the
 * VirtualService's name from its namespace (utils/istio GetVirtualServiceNamespaceName, used by the
 * Istio reconciler and the reference checks). The rule engine (V63, V64) and the fields the
 * controller owns (`istioOwnedFields`) both read a reference with this one function.
 */
import { versionFacts } from './versions';

/** A VirtualService reference split as the controller splits it. */
export interface VirtualServiceName {
  /** The VirtualService's name. */
  readonly name: string;
  /** Its namespace; `''` when the reference names none (the controller then uses the Rollout's). */
  readonly namespace: string;
}

/**
 * Splits a VirtualService reference as the controller of the given release does:
 * - up to 1.9: the first part is the name and the second the namespace; further parts are ignored
 *   (`a.b.c` is `a` in `b`);
 * - from 1.10: a `.cluster.local` suffix is dropped, then the last part is the namespace and the
 *   rest the name (`a.b.c` is `a.b` in `c`; `a.b.svc.cluster.local` is `a.b` in `svc`).
 * Without a '.', the whole reference is the name.
 *
 * @param reference the value of `name`
 * @param version the release's version number (e.g. `1.9.1`); `undefined` for the default release
 */
export function virtualServiceName(reference: string, version: string | undefined): VirtualServiceName {
  if (versionFacts(version).rules.virtualServiceSplitAtLastDot) {
    const fields = reference.replace(/\.cluster\.local$/, '').split('.');
    return fields.length >= 2
      ? { name: fields.slice(0, -1).join('.'), namespace: fields[fields.length - 1] }
      : { name: fields[0], namespace: '' };
  }
  const fields = reference.split('.');
  return fields.length >= 2 ? { name: fields[0], namespace: fields[1] } : { name: fields[0], namespace: '' };
}
