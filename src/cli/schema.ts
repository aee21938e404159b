/**
 * A validator for the part of JSON Schema (draft 2020-12) that the CLI's output schemas use
 * (docs/schema/*.schema.json): type (one or a list), enum, const, properties, required, additionalProperties
 * (true, false or a schema), items, minItems, maxItems, minimum, maximum, anyOf, allOf and $ref — to
 * `#/$defs/NAME` in the same file or `FILE#/$defs/NAME` in a sibling file. Any other keyword is refused, so a
 * schema cannot rely on a check this validator does not make. Annotations ($schema, $id, title, description,
 * $comment, $defs, schemaVersion) are allowed and ignored.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type Schema = boolean | { [keyword: string]: unknown };

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', '$comment', '$defs', 'schemaVersion']);
const CHECKS = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'allOf',
  '$ref',
]);

/** Loads schema files by name from one directory (cached), for $ref across files. */
export class SchemaSet {
  private readonly cache = new Map<string, Schema>();
  constructor(private readonly dir: string) {}

  file(name: string): Schema {
    let s = this.cache.get(name);
    if (s === undefined) {
      s = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Schema;
      this.cache.set(name, s);
    }
    return s;
  }

  /** The schema a $ref names, seen from file `from`. */
  resolve(ref: string, from: string): { schema: Schema; file: string } {
    const [path, pointer = ''] = ref.split('#');
    const file = path === '' ? from : join(dirname(from), path);
    let node: unknown = this.file(file);
    for (const part of pointer.split('/').filter(Boolean)) {
      node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (node === undefined) throw new Error(`schema: cannot resolve $ref "${ref}" from ${from}`);
    }
    return { schema: node as Schema, file };
  }
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeOf(v) === t;
  }
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The errors of `value` against `schema` (in file `file` of `set`), each "path: what is wrong"; [] when it is
 * valid.
 */
export function validate(value: unknown, schema: Schema, set: SchemaSet, file: string, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value is allowed here`];
  const errors: string[] = [];
  for (const k of Object.keys(schema))
    if (!ANNOTATIONS.has(k) && !CHECKS.has(k)) throw new Error(`schema ${file}: unsupported keyword "${k}"`);
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const r = set.resolve(s.$ref, file);
    errors.push(...validate(value, r.schema, set, r.file, path));
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => hasType(value, t))) {
      errors.push(`${path}: expected ${types.join(' or ')}, got ${typeOf(value)} ${JSON.stringify(value)}`);
      return errors; // the other checks would only repeat it
    }
  }
  if (s.const !== undefined && !equal(value, s.const))
    errors.push(`${path}: expected ${JSON.stringify(s.const)}, got ${JSON.stringify(value)}`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, value)))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) errors.push(`${path}: ${value} < ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) errors.push(`${path}: ${value} > ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems)
      errors.push(`${path}: ${value.length} items, fewer than ${s.minItems}`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems)
      errors.push(`${path}: ${value.length} items, more than ${s.maxItems}`);
    if (s.items !== undefined)
      value.forEach((v, i) => errors.push(...validate(v, s.items as Schema, set, file, `${path}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const key of (s.required ?? []) as string[])
      if (!(key in obj)) errors.push(`${path}: missing "${key}"`);
    for (const [key, v] of Object.entries(obj)) {
      if (key in props) errors.push(...validate(v, props[key], set, file, `${path}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${path}: unexpected property "${key}"`);
      else if (s.additionalProperties !== undefined)
        errors.push(...validate(v, s.additionalProperties as Schema, set, file, `${path}.${key}`));
    }
  }
  if (Array.isArray(s.allOf))
    for (const sub of s.allOf as Schema[]) errors.push(...validate(value, sub, set, file, path));
  if (Array.isArray(s.anyOf)) {
    const all = (s.anyOf as Schema[]).map((sub) => validate(value, sub, set, file, path));
    if (!all.some((e) => e.length === 0))
      errors.push(`${path}: matches none of anyOf (${all.map((e) => e[0]).join('; ')})`);
  }
  return errors;
}
