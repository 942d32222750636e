/**
 * Reading the PATH arguments of the commands: files, folders (searched recursively for *.yaml,
 * *.yml and *.json, in sorted order) and `-` for standard input, as UTF-8, parsed into documents
 * with the engine's YAML / JSON reader (src/validation/yaml.ts). `List` documents are unpacked.
 *
 * The same conventions as `argo-rollouts-lint`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { decodeUtf8, InvalidUtf8Error, parseJsonDocuments, parseYamlDocuments, syntaxErrorMessage, YamlSyntaxError } from '../../validation/private';

/** Thrown for unreadable input and syntax errors: the commands exit 2. */
export class InputError extends Error {
}

/** One document read from the paths. */
export interface ReadDocument {
  /** The file it came from (`<stdin>` for `-`). */
  readonly file: string;
  /** Its index among the file's documents. */
  readonly documentIndex: number;
  /** The parsed object (an item of a List is one document of its own, with the List's index). */
  readonly manifest: any;
}

const MANIFEST_FILE = /\.(ya?ml|json)$/i;
/** Folders not searched: hidden ones (.git, ...) and installed packages. */
const SKIPPED_FOLDER = /^(\.|node_modules$)/;

/** Told of each file a folder's search leaves out, with why. */
export type SkippedFile = (file: string, why: string) => void;

function walk(folder: string, found: string[], visited: Set<string>, skipped?: SkippedFile): void {
  const real = fs.realpathSync(folder);
  if (visited.has(real)) {
    return; // a symbolic link back into a folder already searched
  }
  visited.add(real);
  const names = fs.readdirSync(folder).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const full = path.join(folder, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      continue; // a dangling symbolic link
    }
    if (stat.isDirectory()) {
      if (!SKIPPED_FOLDER.test(name)) {
        walk(full, found, visited, skipped);
      }
    } else if (stat.isFile() && MANIFEST_FILE.test(name)) {
      found.push(full);
    } else if (stat.isFile()) {
      skipped?.(full, 'not a manifest file (only *.yaml, *.yml and *.json are read)');
    }
  }
}

/** What a file system entry that is neither a regular file nor a folder is, for messages. */
function describeSpecialFile(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Refuses a PATH that is neither a regular file nor a folder (a named pipe, a device, a socket),
 * told by its status alone: opening a pipe waits for a writer, and reading a device such as
 * /dev/zero never ends.
 */
function refuseSpecialFile(given: string, stat: fs.Stats): void {
  if (!stat.isFile() && !stat.isDirectory()) {
    const what = describeSpecialFile(stat);
    throw new InputError(`${given} is ${what}${what.startsWith('not') ? '' : ', not a regular file or a folder'}, so it is not read `
      + '(a pipe may wait for a writer and a device may never end). Give a file or a folder; to check what a program writes, '
      + 'pipe it to the command and give - as the PATH.');
  }
}

function describeError(error: any): string {
  if (error?.code === 'ENOENT') return 'no such file or folder';
  if (error?.code === 'EACCES') return 'permission denied';
  if (error?.code === 'EISDIR') return 'is a folder';
  return String(error?.message ?? error);
}

function utf8Text(file: string, bytes: Uint8Array): string {
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) {
      throw new InputError(`${file}:${error.line}:${error.column}: ${error.message}. Save the file as UTF-8 (kubectl refuses it as it is).`);
    }
    throw error;
  }
}

/** The documents of a file: any JSON values (a document need not be an object). */
function parse(file: string, text: string, json: boolean): unknown[] {
  try {
    return json ? parseJsonDocuments(text) : parseYamlDocuments(text);
  } catch (error) {
    if (error instanceof YamlSyntaxError) {
      throw new InputError(syntaxErrorMessage(file, json, error));
    }
    throw error;
  }
}

function isList(document: unknown): document is { readonly kind: string; readonly items: unknown[] } {
  const d = document as { readonly kind?: unknown; readonly items?: unknown } | null;
  return d !== null && typeof d === 'object' && typeof d.kind === 'string' && /List$/.test(d.kind)
    && Array.isArray(d.items);
}

/** The text of one input: a file, or standard input (`<stdin>`). */
export interface ReadText {
  /** The file it came from (`<stdin>` for `-`). */
  readonly file: string;
  /** Its text, decoded as UTF-8. */
  readonly text: string;
  /** Whether it is JSON (a file named `*.json`); standard input is read as YAML, which includes JSON. */
  readonly json: boolean;
}

/**
 * Reads the given paths (files, folders searched recursively, `-` for standard input) as UTF-8
 * text; throws `InputError` for anything unreadable or not UTF-8, and, without opening it, for a
 * path that is neither a regular file nor a folder (a named pipe, a device, a socket; a folder's
 * search skips those).
 */
export function readTexts(paths: readonly string[], readStdin: () => string | Uint8Array, skipped?: SkippedFile): ReadText[] {
  const out: ReadText[] = [];
  for (const given of paths) {
    if (given === '-') {
      let input: string | Uint8Array;
      try {
        input = readStdin();
      } catch (error) {
        throw new InputError(`cannot read standard input: ${describeError(error)}.`);
      }
      out.push({ file: '<stdin>', text: typeof input === 'string' ? input : utf8Text('<stdin>', input), json: false });
      continue;
    }
    let files: string[];
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given); // (the status only: nothing is opened before it is known to be a file or a folder)
    } catch (error) {
      throw new InputError(`cannot read ${given}: ${describeError(error)}.`);
    }
    refuseSpecialFile(given, stat);
    try {
      if (stat.isDirectory()) {
        files = [];
        walk(given, files, new Set(), skipped);
      } else {
        files = [given];
      }
    } catch (error) {
      throw new InputError(`cannot read ${given}: ${describeError(error)}.`);
    }
    for (const file of files) {
      let bytes: Uint8Array;
      try {
        bytes = fs.readFileSync(file);
      } catch (error) {
        throw new InputError(`cannot read ${file}: ${describeError(error)}.`);
      }
      out.push({ file, text: utf8Text(file, bytes), json: /\.json$/i.test(file) });
    }
  }
  return out;
}

/**
 * Reads and parses the given paths; throws `InputError` for anything unreadable. `skipped` is told
 * of the files a folder's search leaves out (other extensions), with why.
 */
export function readDocuments(paths: readonly string[], readStdin: () => string | Uint8Array, skipped?: SkippedFile): ReadDocument[] {
  const out: ReadDocument[] = [];
  for (const { file, text, json } of readTexts(paths, readStdin, skipped)) {
    parse(file, text, json).forEach((document, documentIndex) => {
      if (isList(document)) {
        for (const item of document.items) {
          out.push({ file, documentIndex, manifest: item });
        }
      } else if (document !== null && document !== undefined) {
        out.push({ file, documentIndex, manifest: document });
      }
    });
  }
  return out;
}

/** One option of a command line, with its value when it takes one. */
export interface CommandOption {
  readonly name: string;
  readonly value?: string;
}

/**
 * Splits a command line into options and PATHs, the commands' common conventions: `-` and anything
 * not starting with `-` is a PATH, `--` ends the options, `--name value` and `--name=value` for the
 * options in `valueOptions`; throws `InputError` for a missing or unexpected value.
 */
export function splitArguments(argv: readonly string[], valueOptions: ReadonlySet<string>): { options: CommandOption[]; paths: string[] } {
  const options: CommandOption[] = [];
  const paths: string[] = [];
  let onlyPaths = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPaths || arg === '-' || !arg.startsWith('-')) {
      paths.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPaths = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (valueOptions.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') {
        throw new InputError(`${name} needs a value.`);
      }
      options.push({ name, value });
    } else if (eq > 0) {
      throw new InputError(`${name} takes no value.`);
    } else {
      options.push({ name });
    }
  }
  return { options, paths };
}

/** What every command's parsed arguments hold. */
export interface CommandArguments {
  readonly paths: readonly string[];
  readonly help: boolean;
}

/**
 * How every command starts: parses its arguments; prints the usage and ends the command for
 * `--help` (status 0), for a bad argument or when no PATH is given (status 2, with the reason).
 *
 * @returns the arguments, or the exit status when the command ends here
 */
export function startCommand<A extends CommandArguments>(command: string, usage: string, parseArguments: (argv: readonly string[]) => A,
  argv: readonly string[], io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void }): A | number {
  let args: A;
  try {
    args = parseArguments(argv);
  } catch (error) {
    io.stderr(`${command}: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (args.help) {
    io.stdout(usage);
    return 0;
  }
  if (args.paths.length === 0) {
    io.stderr(`${command}: no PATH given.\n\n${usage}`);
    return 2;
  }
  return args;
}
