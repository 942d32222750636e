// The cdk8s-plus line the bench runs on: CDK8S_PLUS_LINE=NN (build-tools/plus-lines.js), the base line when
// unset. Imported before anything else: in this process the base line's module then loads that line's; the
// fresh processes run the compiled package of that line, in its build folder (`npx projen package:variants NN`).
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lines = require('../build-tools/plus-lines');

/** The base line. */
export const BASE_LINE: number = lines.BASE_LINE;
/** The line. */
export const LINE: number = lines.lineFromEnvironment(true);
/** Its cdk8s-plus module. */
export const PLUS: string = lines.moduleOf(LINE);
/** Where the compiled package of the line is (lib/, bin/, node_modules/): the checkout for the base line. */
export const BUILT: string = LINE === lines.BASE_LINE ? path.join(__dirname, '..') : path.join(__dirname, '..', 'dist', 'variants', `plus-${LINE}`);
