import { IConstruct } from 'constructs';
import { AppRegistry } from '../../private/app-registry';
import { ArgoRolloutsVersion } from '../../release/version';
import { ArgoRolloutsApp } from '../app-version';

/**
 * The release of an install or of one of its parts, recorded as the app's version: the one given,
 * else the app's (set by another install, `ArgoRolloutsCrds` or `ArgoRolloutsApp.useVersion()`),
 * else the default release. A release other than the app's throws, naming both.
 *
 * @param setBy the construct, for the message, e.g. `ArgoRolloutsDashboard app/dashboard`
 */
export function installVersion(scope: IConstruct, given: ArgoRolloutsVersion | undefined, setBy: string): ArgoRolloutsVersion {
  const version = given ?? ArgoRolloutsApp.of(scope).version;
  AppRegistry.of(scope).setVersion(version.version, setBy);
  return version;
}
