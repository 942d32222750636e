// The Ingress the ALB and NGINX routers define: the fields of `RouterIngressOptions` and the Ingress spec built from them.
import { STRING_MAP } from '../../private/arguments';
import * as kplus from '../../private/kplus';
import { RouterIngressOptions } from '../ingress';

/** The fields of `RouterIngressOptions`, for the routers' option structs. */
export const ROUTER_INGRESS_FIELDS = {
  host: 'string',
  path: 'string',
  pathType: { name: 'HttpIngressPathType (cdk8s-plus)', values: Object.values(kplus.HttpIngressPathType) },
  ingressClassName: 'string',
  annotations: STRING_MAP,
  name: 'string',
} as const;

/** The backend Service of the Ingress a router defines: a port by number, or by name (`use-annotation`). */
export interface IngressBackendService {
  readonly name: string;
  readonly port: { readonly number: number } | { readonly name: string };
}

/** The spec of the Ingress a router defines: one rule, one path. */
export interface RouterIngressSpec {
  readonly ingressClassName?: string;
  readonly rules: {
    readonly host?: string;
    readonly http: {
      readonly paths: { readonly path: string; readonly pathType: string; readonly backend: { readonly service: IngressBackendService } }[];
    };
  }[];
}

/** The spec of the Ingress a router defines, with the given backend. */
export function ingressSpec(o: RouterIngressOptions, backend: IngressBackendService): RouterIngressSpec {
  return {
    ingressClassName: o.ingressClassName,
    rules: [{
      host: o.host,
      http: { paths: [{ path: o.path ?? '/', pathType: o.pathType ?? kplus.HttpIngressPathType.PREFIX, backend: { service: backend } }] },
    }],
  };
}
