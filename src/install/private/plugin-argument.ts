import { ExpectedClass } from '../../private/arguments';
import { ControllerPlugin } from '../plugins';

/** What a `ControllerPlugin` argument must be, for `checkArgument`. */
export const CONTROLLER_PLUGIN: ExpectedClass = {
  class: ControllerPlugin, name: 'ControllerPlugin', example: "ControllerPlugin.trafficRouter({ name: 'acme/mesh', location: 'https://…' })",
};
