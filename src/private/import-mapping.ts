/**
 * How the importer writes a factory's options from a block of YAML, as data: the rows of the
 * catalogues (src/private/routers.ts, providers.ts) hold one such mapping each, and the importer
 * (`import/private/emit-mapping.ts`) reads them. A path is a dotted path of keys under the block (or
 * under the part of it an entry maps); `default` is the code written when the value maps to nothing.
 */
export type ImportValue = ImportValueKind & { readonly default?: string };

/** The kinds of option values. */
export type ImportValueKind =
  /** a string, as a literal */
  | { readonly string: string }
  /** a number */
  | { readonly number: string }
  /** a boolean */
  | { readonly bool: string }
  /** a duration (seconds or a Go duration), as `Duration` code */
  | { readonly duration: string }
  /** a map of strings */
  | { readonly stringMap: string }
  /** a list, as a literal */
  | { readonly list: string }
  /** any value, as a literal */
  | { readonly literal: string }
  /** one of the values, as the code given for it (an enum member) */
  | { readonly oneOf: string; readonly values: { readonly [value: string]: string } }
  /** a value the importer converts with a function of its own */
  | { readonly convert: ImportConverter; readonly from: string }
  /** the object of one of the kinds among the input's, by the name the path holds (`RouterObject`) */
  | { readonly object: string; readonly kinds: readonly string[] }
  /** the objects named by a name (`one`) and a list of names (`many`), both when both are set */
  | { readonly objects: { readonly one?: string; readonly many: string }; readonly kinds: readonly string[] }
  /** a field of the object of the kinds named by `name`, else the name itself */
  | { readonly fieldOf: string; readonly name: string; readonly kinds: readonly string[] }
  /** one value per entry of the list `many`, else of `[one]` (the list wins when both are set) */
  | { readonly each: { readonly one?: string; readonly many: string }; readonly value: ImportValue }
  /** an object of the fields, each read under the part; left out when the part is not set */
  | { readonly under: string; readonly fields: ImportFields }
  /** an object of the fields, each read under the block (or entry) itself */
  | { readonly fields: ImportFields };

/**
 * The importer's own conversions: `authentication` (a sigv4 block), `containers` (container specs),
 * `keyValues` (a list of `{ key, value }` as a map), `nameValues` (a list of `{ name, value }` as a map).
 */
export type ImportConverter = 'authentication' | 'containers' | 'keyValues' | 'nameValues';

/** The options of a factory, in the order the importer writes them. */
export interface ImportFields {
  readonly [option: string]: ImportValue;
}

/** A factory and its options, used when the block satisfies `when` (always, without one). */
export interface ImportVariant {
  readonly factory: string;
  /** `{ string: path }`: the value at the path is a string; `{ set: path }`: it is set (truthy). */
  readonly when?: { readonly string: string } | { readonly set: string };
  readonly fields: ImportFields;
}
