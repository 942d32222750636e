// Internals of install/controller-rbac.ts: what `checkArgument` expects for ProviderPermissions (the RBAC and ArgoRollouts check it).
import { ExpectedClass } from '../../private/arguments';
import { ProviderPermissions } from '../rbac';

/** What `checkArgument` expects where ProviderPermissions belong. */
export const PROVIDER_PERMISSIONS: ExpectedClass = { class: ProviderPermissions, name: 'ProviderPermissions', example: "ProviderPermissions.custom('name', rules)" };
