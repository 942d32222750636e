import { describeValue, ExpectedShape, matches } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { VERSION_NUMBERS } from '../../private/versions';
import { ArgoRolloutsVersion } from '../version';

/** An `ArgoRolloutsVersion` of another loaded copy of the library, by its method (its `version` is checked too). */
const OTHER_COPY: ExpectedShape = { name: 'ArgoRolloutsVersion', methods: ['isAtLeast'] };

/**
 * The version number of a public API's release option (`LintOptions.version`,
 * `RolloutPlanOptions.version`, the validation plugin's `version`): an `ArgoRolloutsVersion`, or a
 * version number as cdk8s.yaml and the commands give it. `undefined` stays `undefined`: the default
 * release is applied in one place, the version table's `versionFacts(undefined)`, and an unsupported
 * number is refused there, naming the releases there are.
 *
 * An object of another loaded copy of this library is taken by its shape (a string `version` and
 * `isAtLeast()`), as other classes of the public API are.
 *
 * @param where the option as users write it, for the message, e.g. `LintOptions.version`
 */
export function releaseNumber(where: string, value: unknown): string | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value === 'string') {
    return value;
  }
  if (value instanceof ArgoRolloutsVersion || (matches(value, OTHER_COPY) && typeof (value as { version?: unknown }).version === 'string')) {
    return (value as { version: string }).version;
  }
  return fail(`${where} must be an ArgoRolloutsVersion (e.g. ArgoRolloutsVersion.V1_8_4) or a version number `
    + `(e.g. '1.8.4'), got ${describeValue(value)}. The releases there are ${VERSION_NUMBERS.join(', ')}.`);
}
