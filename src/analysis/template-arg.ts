import { ArgSpec } from './private/spec-types';
import { checkArgument } from '../private/arguments';
import { isAnalysisName } from '../private/name-syntax';
import { fail } from '../private/synth-error';

/**
 * An argument that an analysis template declares, used in its metrics as `{{args.<name>}}`.
 *
 * @example
 * AnalysisTemplateArg.required('service-name');
 * AnalysisTemplateArg.withDefault('threshold', '0.95');
 * AnalysisTemplateArg.fromSecret('api-token', 'datadog', 'api-key');
 */
export class AnalysisTemplateArg {
  /**
   * An argument every caller must give (a Rollout, an Experiment or an AnalysisRun).
   */
  public static required(name: string): AnalysisTemplateArg {
    return new AnalysisTemplateArg(checkName('AnalysisTemplateArg.required()', name), {});
  }

  /**
   * An argument with a default value that callers may override.
   */
  public static withDefault(name: string, value: string): AnalysisTemplateArg {
    checkName('AnalysisTemplateArg.withDefault()', name);
    checkArgument('AnalysisTemplateArg.withDefault()', 'value', value, 'string');
    return new AnalysisTemplateArg(name, { value });
  }

  /**
   * An argument read from a key of a Secret in the namespace of the AnalysisRun.
   */
  public static fromSecret(name: string, secretName: string, key: string): AnalysisTemplateArg {
    checkArgument('AnalysisTemplateArg.fromSecret()', 'name', name, 'string');
    checkArgument('AnalysisTemplateArg.fromSecret()', 'secretName', secretName, 'string');
    checkArgument('AnalysisTemplateArg.fromSecret()', 'key', key, 'string');
    if (!secretName || !key) {
      fail(`Analysis template argument '${name}': fromSecret() needs a Secret name and a key, got '${secretName}' and '${key}'.`);
    }
    return new AnalysisTemplateArg(checkName('AnalysisTemplateArg.fromSecret()', name), { valueFrom: { secretKeyRef: { name: secretName, key } } });
  }

  /**
   * An argument read from a field of the object that runs the analysis (e.g. `metadata.namespace`).
   */
  public static fromFieldRef(name: string, fieldPath: string): AnalysisTemplateArg {
    checkArgument('AnalysisTemplateArg.fromFieldRef()', 'name', name, 'string');
    checkArgument('AnalysisTemplateArg.fromFieldRef()', 'fieldPath', fieldPath, 'string');
    if (!fieldPath) fail(`Analysis template argument '${name}': fieldPath must not be empty. Use e.g. 'metadata.namespace'.`);
    return new AnalysisTemplateArg(checkName('AnalysisTemplateArg.fromFieldRef()', name), { valueFrom: { fieldRef: { fieldPath } } });
  }

  private constructor(
    /** The argument name. */
    public readonly name: string,
    private readonly source: Omit<ArgSpec, 'name'>) {}

  /** Whether callers must give a value. */
  public get isRequired(): boolean {
    return this.source.value === undefined && this.source.valueFrom === undefined;
  }

  /** @internal */
  public _toKube(): ArgSpec {
    return { name: this.name, ...JSON.parse(JSON.stringify(this.source)) };
  }
}

function checkName(where: string, name: string): string {
  checkArgument(where, 'name', name, 'string');
  if (!name || !isAnalysisName(name)) {
    fail(`Analysis template argument name '${name}' is invalid: use letters, digits, '-', '_' and '.', starting with a letter or digit.`);
  }
  return name;
}
