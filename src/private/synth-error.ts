/**
 * The errors the library throws while objects are rendered at synth (`app.synth()`, `cdk8s synth`,
 * `chart.toJson()`, `Testing.synth(chart)`): errors whose message already names the construct, and
 * for a rule of the Argo Rollouts controller the rule, so that what the user reads first is that
 * message, as it is.
 *
 * - Rendering passes them on unchanged: an object that renders another one (an Argo CD Application
 *   renders the objects it deploys) does not wrap them in cdk8s's `Failed serializing construct …`,
 *   which would put the path of the wrong object first.
 * - Their `stack` is the message followed by the frames of the user's code only (where the app
 *   synthesized): no frame of the library or of node_modules, and no frame in front of the message.
 *   The frames are written without a function name (`at /app/main.ts:12:5`), the form of a frame that
 *   the source map support of ts-node does not print a source line for above the error.
 * - They are thrown by one statement, in `fail()`, which ends with the comment
 *   `node-do-not-add-exception-line`: Node prints an uncaught error with the source line of the
 *   statement that threw it and a caret above the error, unless that line holds this comment (Node's
 *   own modules use it to the same end).
 *
 * Every error the library reports to the app's author goes through `fail()`: bad props at
 * construction as well as rule errors at synth.
 */
import * as path from 'path';

/** The folder of the library's code: src/, or lib/ in the package. */
const LIBRARY_DIR = path.resolve(__dirname, '..');

/** Marks a synth error across copies of the library (a package installed twice). */
const SYNTH_ERROR = Symbol.for('cdk8s-argo-rollouts.SynthError');

/** The last synth error made: to find it again inside the `Failed serializing` error cdk8s wraps it in. */
let latest: SynthError | undefined;

/** How many frames the trace of a synth error keeps: enough to reach the user's code below cdk8s. */
const STACK_FRAMES = 100;

/** A frame of a V8 stack: `    at fn (file:line:col)` or `    at file:line:col`. */
const FRAME = /^\s+at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

/** Whether the file of a frame is the user's: not the library's, not a package's, not Node's. */
function usersFile(file: string): boolean {
  const local = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
  return path.isAbsolute(local)
    && !local.startsWith(LIBRARY_DIR + path.sep)
    && !local.split(/[\\/]/).includes('node_modules');
}

/** The frames of `stack` in the user's code, as `    at file:line:col`. */
function usersFrames(stack: string | undefined): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const match = FRAME.exec(line);
    if (match !== null && usersFile(match[1])) {
      frames.push(`    at ${match[1]}:${match[2]}:${match[3]}`);
    }
  }
  return frames;
}

/**
 * An error the library reports to the app's author, whose message opens with the construct (see the
 * module's comment). Throw it with `fail()`.
 */
export class SynthError extends Error {
  /** Whether `error` is a synth error (of this copy of the library or of another). */
  public static isSynthError(error: unknown): error is SynthError {
    return error instanceof Error && (error as unknown as Record<symbol, unknown>)[SYNTH_ERROR] === true;
  }

  /**
   * The synth error that cdk8s wrapped into `error` (`Failed serializing construct at path … : <error>`)
   * while rendering `object`, when that is what `error` is; else `error` itself.
   */
  public static unwrap(error: unknown, object: { readonly node: { readonly path: string }; readonly name: string }): unknown {
    const wrapped = latest !== undefined && error instanceof Error
      && error.message === `Failed serializing construct at path '${object.node.path}' with name '${object.name}': ${String(latest)}`;
    return wrapped ? latest : error;
  }

  constructor(message: string, name = 'SynthError') {
    super(message);
    // not enumerable, so that Node does not print it after the message (`{ name: 'SynthError' }`)
    Object.defineProperty(this, 'name', { value: name, enumerable: false, configurable: true, writable: true });
    Object.defineProperty(this, SYNTH_ERROR, { value: true, enumerable: false });
    // The user's frames lie below those of the library and of cdk8s, deeper than the 10 frames Node
    // keeps by default. The trace is formatted when the stack is first read (an error caught and
    // dropped costs no formatting).
    const trace: { stack?: string } = {};
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Math.max(limit, STACK_FRAMES);
    Error.captureStackTrace(trace, SynthError);
    Error.stackTraceLimit = limit;
    let stack: string | undefined;
    Object.defineProperty(this, 'stack', {
      enumerable: false,
      configurable: true,
      get: () => (stack ??= [message, ...usersFrames(trace.stack)].join('\n')),
      set: (value: string) => {
        stack = value;
      },
    });
    latest = this;
  }
}

/**
 * Throws an error the library reports to the app's author: a message (made a `SynthError`) or an error
 * made already. The one `throw` of these errors, so that Node prints no line of the library above them.
 */
export function fail(error: string | Error): never {
  throw typeof error === 'string' ? new SynthError(error) : error; // node-do-not-add-exception-line
}
