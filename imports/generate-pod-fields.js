#!/usr/bin/env node
// Regenerates the pod field table, offline:
//   src/imports/kubernetes/pod-fields.js
// from the Kubernetes API schema of every cdk8s-plus line of build-tools/plus-lines.js (line NN is
// Kubernetes 1.NN): ../shared/third-party-crds/k8s/v1.NN.0/_definitions.json (KUBERNETES_SCHEMAS=<folder
// holding v1.NN.0/_definitions.json> overrides the folder).
//
// The table holds the object types a pod template reaches (io.k8s.api.core.v1.PodTemplateSpec) and what a
// Job's spec adds (io.k8s.api.batch.v1.JobSpec, for the Jobs of job metrics), each by its short name
// (`Container`), with its fields and their shapes, merged over the lines: rule S09 walks a template
// against it and reports a field that the Kubernetes version checked does not have (its API server drops
// it when it decodes the ReplicaSet or Job made from the template). No descriptions: names and shapes only.
//
// A field's descriptor is its shape: '' a scalar or a value not looked into (quantities, times,
// int-or-string, lists and maps of scalars but for the '{}' below), 'T' an object of type T, '[T]' a list
// of T, '{}' a map of scalars, '{T}' a map of T. A field that some lines lack has the lines that have it
// after '@': '@32' from line 32 on, '@27-27' in lines 27 to 27 (removed after). A field whose type
// changed has one descriptor per run of lines, separated by a space ('ResourceRequirements@27-27
// VolumeResourceRequirements@32'). A field without '@' is in every line that has its type.
//
// The module exports `lines` (the lines, oldest first), `types` and `inputSha256`, the SHA-256 of the
// schemas, of the line numbers and of this script (a test regenerates the file and compares). The output is
// deterministic: the same inputs give the same bytes.
//
// Usage: node imports/generate-pod-fields.js [<out folder>]   (commit the output; never hand-edit it)
const fs = require('fs');
const path = require('path');
const { sha256 } = require('./crd-schema');
const { KUBERNETES, ROOT, writeGenerated } = require('./layout');
const { lineNumbers } = require('../build-tools/plus-lines');

/** The types the walk starts from. */
const ROOTS = ['io.k8s.api.core.v1.PodTemplateSpec', 'io.k8s.api.batch.v1.JobSpec'];
const FILE = 'pod-fields.js';

const schemasDir = process.env.KUBERNETES_SCHEMAS
  ? path.resolve(process.env.KUBERNETES_SCHEMAS)
  : path.resolve(ROOT, '..', 'shared', 'third-party-crds', 'k8s');
const output = process.argv[2] ? path.resolve(process.argv[2]) : KUBERNETES;

function fail(message) {
  console.error(`imports/generate-pod-fields.js: ${message}`);
  process.exit(1);
}

/** The definitions of one line's schema, and the text they were read from (for the input hash). */
function readSchema(line) {
  const file = path.join(schemasDir, `v1.${line}.0`, '_definitions.json');
  if (!fs.existsSync(file)) {
    fail(`cannot find ${file}; set KUBERNETES_SCHEMAS to the folder that holds v1.${line}.0/_definitions.json (one per line of build-tools/plus-lines.js).`);
  }
  const text = fs.readFileSync(file, 'utf8');
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    fail(`${file} is not JSON: ${e.message}`);
  }
  if (!parsed || typeof parsed.definitions !== 'object') fail(`${file} has no "definitions" object.`);
  return { file, text, definitions: parsed.definitions };
}

/** The short name of a definition (`io.k8s.api.core.v1.Container` → `Container`). */
const shortName = name => name.slice(name.lastIndexOf('.') + 1);

/** The definition a `$ref` (or an `allOf` holding one) names, else undefined. */
function refOf(property) {
  if (typeof property.$ref === 'string') return property.$ref.replace(/^#\/definitions\//, '');
  if (Array.isArray(property.allOf) && property.allOf.length === 1 && typeof property.allOf[0].$ref === 'string') {
    return property.allOf[0].$ref.replace(/^#\/definitions\//, '');
  }
  return undefined;
}

/**
 * The closure of ROOTS in one line's definitions: full name → { field → descriptor }, with
 * descriptors that name types by their full names (shortened once all lines are read).
 */
function closure(line, definitions, file) {
  const types = new Map();
  /** A definition with properties is an object type; one without (Quantity, Time, FieldsV1) is a value. */
  const isObjectType = name => {
    const definition = definitions[name];
    if (definition === undefined) fail(`${file} refers to ${name}, which it does not define.`);
    return definition.properties !== undefined;
  };
  const shapeOf = (type, field, property) => {
    const ref = refOf(property);
    if (ref !== undefined) return isObjectType(ref) ? { kind: 'object', type: ref } : { kind: 'scalar' };
    if (property.type === 'array') {
      const items = property.items || {};
      const itemRef = refOf(items);
      if (itemRef !== undefined) return isObjectType(itemRef) ? { kind: 'list', type: itemRef } : { kind: 'scalar' };
      if (items.type === 'array' || items.type === 'object') fail(`${file}: ${type}.${field} is a list of ${items.type}s; teach shapeOf() about it.`);
      return { kind: 'scalar' };
    }
    if (property.type === 'object') {
      const values = property.additionalProperties;
      if (values === undefined || values === true) {
        fail(`${file}: ${type}.${field} is an object without properties or additionalProperties; teach shapeOf() about it.`);
      }
      const valueRef = refOf(values);
      if (valueRef !== undefined) return isObjectType(valueRef) ? { kind: 'map', type: valueRef } : { kind: 'map' };
      if (values.type === 'array' || values.type === 'object') fail(`${file}: ${type}.${field} is a map of ${values.type}s; teach shapeOf() about it.`);
      return { kind: 'map' };
    }
    return { kind: 'scalar' };
  };
  const stack = [...ROOTS];
  while (stack.length > 0) {
    const name = stack.pop();
    if (types.has(name)) continue;
    if (!isObjectType(name)) fail(`${file}: ${name} has no properties.`);
    const fields = new Map();
    types.set(name, fields);
    for (const [field, property] of Object.entries(definitions[name].properties)) {
      const shape = shapeOf(name, field, property);
      fields.set(field, shape);
      if (shape.type !== undefined) stack.push(shape.type);
    }
  }
  return types;
}

/** The text of a shape, with the short type name. */
function shapeText(shape) {
  switch (shape.kind) {
    case 'object': return shortName(shape.type);
    case 'list': return `[${shortName(shape.type)}]`;
    case 'map': return shape.type === undefined ? '{}' : `{${shortName(shape.type)}}`;
    default: return '';
  }
}

/**
 * The descriptor of a field from the shape it has in each line (`undefined` where the line lacks it),
 * given the lines that have its type: the shape alone when every such line has it so, else one
 * `<shape>@<first>[-<last>]` per run of lines with one shape.
 */
function descriptor(where, perLine, lines, typeLines) {
  const present = lines.filter((line, i) => perLine[i] !== undefined);
  const shapes = [...new Set(perLine.filter(s => s !== undefined))];
  if (shapes.length === 1 && present.length === typeLines.length) return shapes[0];
  const runs = [];
  lines.forEach((line, i) => {
    const shape = perLine[i];
    if (shape === undefined) return;
    const last = runs[runs.length - 1];
    if (last !== undefined && last.shape === shape && last.end === i - 1) {
      last.end = i;
    } else {
      runs.push({ shape, start: i, end: i });
    }
  });
  const shapesSeen = new Set();
  for (const run of runs) {
    if (shapesSeen.has(run.shape)) {
      fail(`${where} has the shape ${JSON.stringify(run.shape)} in lines that are not consecutive (${lines.filter((l, i) => perLine[i] === run.shape).join(', ')}); `
        + 'the descriptor cannot say that: teach descriptor() a list of lines.');
    }
    shapesSeen.add(run.shape);
  }
  return runs.map(run => `${run.shape}@${lines[run.start]}${run.end === lines.length - 1 ? '' : `-${lines[run.end]}`}`).join(' ');
}

const lines = lineNumbers();
if (lines.length === 0) fail('build-tools/plus-lines.js lists no lines.');
const schemas = lines.map(readSchema);
const closures = schemas.map((schema, i) => closure(lines[i], schema.definitions, schema.file));

// Short names must name one type across every line.
const fullNameOf = new Map();
for (const types of closures) {
  for (const name of types.keys()) {
    const short = shortName(name);
    const known = fullNameOf.get(short);
    if (known !== undefined && known !== name) fail(`the short name ${short} names both ${known} and ${name}; give one of them a longer name in the table.`);
    fullNameOf.set(short, name);
  }
}

const table = {};
for (const short of [...fullNameOf.keys()].sort()) {
  const name = fullNameOf.get(short);
  const typeLines = lines.filter((line, i) => closures[i].has(name));
  const fieldNames = new Set();
  closures.forEach(types => types.get(name)?.forEach((shape, field) => fieldNames.add(field)));
  const fields = {};
  for (const field of [...fieldNames].sort()) {
    const perLine = closures.map(types => {
      const shape = types.get(name)?.get(field);
      return shape === undefined ? undefined : shapeText(shape);
    });
    fields[field] = descriptor(`${short}.${field}`, perLine, lines, typeLines);
  }
  table[short] = fields;
}

const inputHash = sha256(fs.readFileSync(__filename, 'utf8'), lines.join(','), ...schemas.map(s => s.text));
const text = [
  `// Generated by imports/generate-pod-fields.js from the Kubernetes API schemas of ${lines.map(l => `1.${l}`).join(', ')} (_definitions.json). Do not edit.`,
  `// input sha256: ${inputHash}`,
  '// The fields of a pod template and of a Job spec per object type, merged over the cdk8s-plus lines (rule S09).',
  '// Descriptors: "" scalar or not looked into, "T" object of type T, "[T]" list of T, "{}" map of scalars, "{T}" map',
  '// of T; "@A" only in line A and later, "@A-B" only in lines A to B; alternatives separated by a space.',
  '/* eslint-disable */',
  '"use strict";',
  `exports.lines = ${JSON.stringify(lines)};`,
  'exports.types = {',
  Object.keys(table).map(short => ` ${JSON.stringify(short)}: ${JSON.stringify(table[short])}`).join(',\n'),
  '};',
  `exports.inputSha256 = ${JSON.stringify(inputHash)};`,
  '',
].join('\n');
writeGenerated(path.join(output, FILE), text);
