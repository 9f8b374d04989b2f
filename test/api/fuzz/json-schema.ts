/**
 * A small JSON Schema (draft 2020-12) check for the subset the OpenAPI document uses: type (one or a
 * list), enum, const, properties, required, additionalProperties, propertyNames, items, prefixItems,
 * minItems/maxItems, anyOf/oneOf/allOf, minimum/maximum (and the exclusive ones), minLength/maxLength,
 * pattern and local `$ref`s. A keyword it does not know is an error, never silently passed: if the
 * document starts using one, this check must learn it first. (No JSON Schema validator is among the
 * project's declared dependencies; ajv is only there as a dependency of others.)
 *
 * Each schema is compiled once into a checking function (the fuzz suite checks thousands of bodies
 * against the same few schemas).
 */
export type JsonSchema = Record<string, unknown> | boolean;

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'format', '$schema', '$id', 'id', '$comment']);
const KNOWN = new Set([
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'prefixItems',
  'minItems', 'maxItems', 'anyOf', 'oneOf', 'allOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'pattern', '$ref',
]);

/** Pushes `path: problem` lines into `errors` (stops adding at its `max`). */
type Check = (value: unknown, path: string, errors: Errors) => void;

class Errors {
  readonly list: string[] = [];
  constructor(readonly max: number) {}
  get full(): boolean {
    return this.list.length >= this.max;
  }
  add(path: string, message: string): void {
    if (!this.full) this.list.push(`${path}: ${message}`);
  }
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Resolves `#/a/b` against the root document. */
function resolveRef(root: unknown, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) throw new Error(`json-schema: only local $refs are supported (${ref})`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`json-schema: $ref ${ref} does not resolve`);
  }
  return node as JsonSchema;
}

/** Compiled checks per root document and schema object. */
const compiled = new WeakMap<object, WeakMap<object, Check>>();

function compile(schema: JsonSchema, root: object): Check {
  if (schema === true) return () => {};
  if (schema === false) return (_v, path, errors) => errors.add(path, 'no value is allowed here');
  let perRoot = compiled.get(root);
  if (!perRoot) compiled.set(root, (perRoot = new WeakMap()));
  const known = perRoot.get(schema);
  if (known) return known;
  // A placeholder first, so that recursive `$ref`s compile (they call through it).
  let real: Check | null = null;
  perRoot.set(schema, (v, p, e) => real!(v, p, e));
  real = build(schema, root);
  perRoot.set(schema, real);
  return real;
}

function build(s: Record<string, unknown>, root: object): Check {
  for (const key of Object.keys(s)) {
    if (!KNOWN.has(key) && !ANNOTATIONS.has(key)) throw new Error(`json-schema: unsupported keyword '${key}'`);
  }
  const checks: Check[] = [];
  if (s.$ref !== undefined) {
    const ref = String(s.$ref);
    let target: Check | null = null;
    checks.push((v, p, e) => (target ??= compile(resolveRef(root, ref), root))(v, p, e));
  }
  let types: string[] | null = null;
  if (s.type !== undefined) types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  if (s.const !== undefined) {
    const expected = s.const;
    checks.push((v, p, e) => {
      if (!deepEqual(v, expected)) e.add(p, `expected ${JSON.stringify(expected)}, got ${short(v)}`);
    });
  }
  if (Array.isArray(s.enum)) {
    const options = s.enum as unknown[];
    checks.push((v, p, e) => {
      if (!options.some((o) => deepEqual(o, v))) e.add(p, `${short(v)} is not one of ${JSON.stringify(options)}`);
    });
  }
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = s as Record<string, number | undefined>;
  if ([minimum, maximum, exclusiveMinimum, exclusiveMaximum].some((n) => typeof n === 'number')) {
    checks.push((v, p, e) => {
      if (typeof v !== 'number') return;
      if (typeof minimum === 'number' && v < minimum) e.add(p, `${v} < minimum ${minimum}`);
      if (typeof maximum === 'number' && v > maximum) e.add(p, `${v} > maximum ${maximum}`);
      if (typeof exclusiveMinimum === 'number' && v <= exclusiveMinimum) e.add(p, `${v} <= exclusiveMinimum ${exclusiveMinimum}`);
      if (typeof exclusiveMaximum === 'number' && v >= exclusiveMaximum) e.add(p, `${v} >= exclusiveMaximum ${exclusiveMaximum}`);
    });
  }
  const { minLength, maxLength } = s as Record<string, number | undefined>;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
  if (typeof minLength === 'number' || typeof maxLength === 'number' || pattern) {
    checks.push((v, p, e) => {
      if (typeof v !== 'string') return;
      const length = [...v].length;
      if (typeof minLength === 'number' && length < minLength) e.add(p, `shorter than ${minLength}`);
      if (typeof maxLength === 'number' && length > maxLength) e.add(p, `longer than ${maxLength}`);
      if (pattern && !pattern.test(v)) e.add(p, `${short(v)} does not match /${pattern.source}/`);
    });
  }
  const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]).map((x) => compile(x, root)) : [];
  const items = s.items !== undefined ? compile(s.items as JsonSchema, root) : null;
  const { minItems, maxItems } = s as Record<string, number | undefined>;
  if (prefix.length || items || typeof minItems === 'number' || typeof maxItems === 'number') {
    checks.push((v, p, e) => {
      if (!Array.isArray(v)) return;
      if (typeof minItems === 'number' && v.length < minItems) e.add(p, `fewer than ${minItems} items`);
      if (typeof maxItems === 'number' && v.length > maxItems) e.add(p, `more than ${maxItems} items`);
      for (let i = 0; i < v.length && !e.full; i++) {
        const check = i < prefix.length ? prefix[i]! : items;
        if (check) check(v[i], `${p}[${i}]`, e);
      }
    });
  }
  const properties = new Map(Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([k, x]) => [k, compile(x, root)]));
  const required = (s.required ?? []) as string[];
  const additional = s.additionalProperties === undefined ? null : s.additionalProperties === false ? false : compile(s.additionalProperties as JsonSchema, root);
  const names = s.propertyNames !== undefined ? compile(s.propertyNames as JsonSchema, root) : null;
  if (properties.size || required.length || additional !== null || names) {
    checks.push((v, p, e) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
      const object = v as Record<string, unknown>;
      for (const name of required) if (!Object.hasOwn(object, name)) e.add(p, `missing required property '${name}'`);
      for (const name of Object.keys(object)) {
        const check = properties.get(name);
        if (check) check(object[name], `${p}.${name}`, e);
        else if (additional === false) e.add(p, `property '${name}' is not allowed`);
        else if (additional) additional(object[name], `${p}.${name}`, e);
        if (names) names(name, `${p} (name '${name}')`, e);
      }
    });
  }
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as JsonSchema[]) checks.push(compile(sub, root));
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const kind = s.anyOf ? 'anyOf' : 'oneOf';
    const branches = ((s.anyOf ?? s.oneOf) as JsonSchema[]).map((x) => ({ schema: x, check: compile(x, root) }));
    checks.push((v, p, e) => {
      let matching = 0;
      let nearest: string | null = null;
      for (const branch of branches) {
        const probe = new Errors(1);
        branch.check(v, p, probe);
        if (probe.list.length === 0) matching++;
        else if (nearest === null || (typeof branch.schema === 'object' && [branch.schema.type].flat().some((t) => t !== undefined && matchesType(v, String(t))))) {
          nearest = probe.list[0]!;
        }
        if (matching > 0 && kind === 'anyOf') return;
      }
      if (matching === 0) e.add(p, `matches no branch of ${kind} (${nearest ?? 'no detail'})`);
      else if (matching > 1) e.add(p, `matches ${matching} branches of oneOf`);
    });
  }
  const all = checks;
  if (types) {
    const allowed = types;
    return (v, p, e) => {
      if (!allowed.some((t) => matchesType(v, t))) {
        e.add(p, `expected ${allowed.join(' or ')}, got ${typeOf(v)} ${short(v)}`);
        return;
      }
      for (const check of all) check(v, p, e);
    };
  }
  return (v, p, e) => {
    for (const check of all) check(v, p, e);
  };
}

/**
 * The ways `value` breaks `schema` (empty when it conforms), each as `path: problem`; stops after
 * `max` problems. `root` is the document `$ref`s resolve in.
 */
export function schemaErrors(schema: JsonSchema, value: unknown, root: object, max = 5): string[] {
  const errors = new Errors(max);
  compile(schema, root)(value, '$', errors);
  return errors.list;
}
