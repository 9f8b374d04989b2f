/**
 * Strict parsers for query-string values (contract section 1, "Parameters").
 * REST hands every value over as a string; tRPC callers may pass numbers and booleans directly.
 * Each parser rejects with a `reason` in the issue params, which the transports turn into `bad_request`.
 */
import { z } from 'zod';
import { echoed } from './errors.js';
import { resolveLang, type Lang } from './languages.js';

type Ctx = z.core.$RefinementCtx<unknown>;

/** Adds one custom issue carrying a machine reason and returns z.NEVER for use inside a transform. */
export function reject(ctx: Ctx, message: string, reason: string): never {
  ctx.addIssue({ code: 'custom', message, params: { reason }, input: undefined });
  return z.NEVER;
}

/** C0/C1 controls, zero-width and bidi controls, BOM, the replacement char, lone surrogates. */
const FORBIDDEN_CHARS =
  /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** Free text: NFC-normalised, control and bidi-override characters refused, at most `maxLength`. */
export function text(maxLength = 200) {
  return z.string().transform((raw, ctx) => {
    if (FORBIDDEN_CHARS.test(raw)) return reject(ctx, 'contains control or invisible characters', 'forbidden_characters');
    const value = raw.normalize('NFC').trim();
    if (value.length === 0) return reject(ctx, 'must not be empty', 'empty_value');
    if (value.length > maxLength) return reject(ctx, `longer than ${maxLength} characters`, 'too_long');
    return value;
  });
}

// Any number of digits: a position as a client's doubles print it has 16-17 (`3.7836774447446024`), and
// a value too large for its range is out of range, not "not a number".
const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
/** Longer than this, a number is refused as too long before it is read. */
export const MAX_NUMBER_CHARS = 64;

function numberParser(pattern: RegExp, kind: string, min: number, max: number, outOfRange = `must be between ${min} and ${max}`) {
  return z.union([z.number(), z.string()]).transform((raw, ctx) => {
    if (typeof raw === 'string' && raw.length > MAX_NUMBER_CHARS) return reject(ctx, `longer than ${MAX_NUMBER_CHARS} characters`, 'too_long');
    if (typeof raw === 'string' && !pattern.test(raw)) return reject(ctx, `must be ${kind} written in decimal digits`, 'not_a_number');
    const value = Number(raw) + 0; // + 0 turns -0 into 0
    if (!Number.isFinite(value)) return reject(ctx, 'must be finite', 'not_a_number');
    if (kind === 'an integer' && !Number.isInteger(value)) return reject(ctx, 'must be an integer', 'not_an_integer');
    if (value < min || value > max) return reject(ctx, outOfRange, 'out_of_range');
    return value;
  });
}

/** A decimal number literal (`12`, `-3.5`); hex, exponents, blanks and padding are refused. */
export const decimal = (min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  numberParser(DECIMAL, 'a number', min, max);

/**
 * A whole number in decimal digits within [min, max]. `outOfRange` replaces the message a value outside
 * them gets, where the parameter takes only some of the numbers between (`must be 24 or 168`): the same
 * words for every value refused, never a range that seems to allow the ones between.
 */
export const integer = (min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, outOfRange?: string) =>
  numberParser(INTEGER, 'an integer', min, max, outOfRange);

export const latitude = () => decimal(-90, 90);
export const longitude = () => decimal(-180, 180);

/** `1`/`0`/`true`/`false` (or a boolean); nothing else. */
export const flag = () =>
  z.union([z.boolean(), z.string()]).transform((raw, ctx) => {
    if (typeof raw === 'boolean') return raw;
    if (raw === '1' || raw === 'true') return true;
    if (raw === '0' || raw === 'false') return false;
    return reject(ctx, 'must be 1, 0, true or false', 'not_a_boolean');
  });

/**
 * `id_` and a number written without leading zeros (at most 9 digits). One spelling per checkpoint: `id_0214`
 * is not another way to write `id_214` but a malformed identifier (400 `malformed_ppid`), never a 404 for a
 * checkpoint that "does not exist" and never silently read as `id_214`.
 */
export const PPID_PATTERN = /^id_(?:0|[1-9]\d{0,8})$/;

/** What a checkpoint identifier of no id's shape is told (bus-carriers adds its `all`). */
export const PPID_SHAPE = 'must look like id_123';

/**
 * What is wrong with a checkpoint identifier (null: nothing; it may still be unknown), in the words the API
 * and the importers both use: `id_0114` must be written without leading zeros (id_114).
 */
export function ppidProblem(raw: string): string | null {
  if (PPID_PATTERN.test(raw)) return null;
  const digits = /^id_0\d+$/.test(raw) ? raw.slice(3).replace(/^0+/, '') || '0' : null;
  // Only a number the pattern takes is named: `id_01234567890` has ten digits after its zero, and no checkpoint.
  return digits !== null && digits.length <= 9 ? `must be written without leading zeros (id_${digits})` : PPID_SHAPE;
}

/** A checkpoint identifier: `id_` followed by a number without leading zeros. */
export const ppid = () =>
  z.string().transform((raw, ctx) => {
    const problem = ppidProblem(raw);
    return problem === null ? raw : reject(ctx, problem, 'malformed_ppid');
  });

/** A calendar date `YYYY-MM-DD` that exists. */
export const isoDate = () =>
  z.string().transform((raw, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return reject(ctx, 'must be a date YYYY-MM-DD', 'malformed_date');
    const date = new Date(`${raw}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
      return reject(ctx, 'is not a calendar date', 'malformed_date');
    }
    return raw;
  });

/** One of a fixed set of words; the message lists them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().transform((raw, ctx) =>
    (values as readonly string[]).includes(raw)
      ? (raw as T[number])
      : reject(ctx, `must be one of: ${values.join(', ')}`, 'invalid_value'));

/**
 * A comma-separated list in one value: items trimmed, empties dropped, duplicates removed (first occurrence
 * kept), capped at `max` distinct items before any item is parsed, each item parsed by `item`. The cap counts
 * what the call asks for, as its cost does (contract: computed after de-duplication): `id_1` given 25 times
 * is one ppid. From a JSON transport a list may also come as an array, and an item as a number.
 */
export function commaList<T extends z.ZodType>(item: T, max: number, tooManyReason: string) {
  // JSON transports (tRPC, MCP) may send a number or a list of numbers where a query string sends digits.
  const scalar = z.union([z.string(), z.number()]);
  return z.union([scalar, z.array(scalar)]).transform((raw, ctx) => {
    const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'number' ? [String(raw)] : raw.split(',');
    const parts = items.map((s) => s.trim()).filter((s) => s.length > 0);
    if (parts.length === 0) return reject(ctx, 'must name at least one value', 'empty_value');
    const distinct = new Set(parts);
    if (distinct.size > max) return reject(ctx, `takes at most ${max} distinct values (got ${distinct.size})`, tooManyReason);
    const out: z.output<T>[] = [];
    for (const part of distinct) {
      const parsed = item.safeParse(part);
      if (!parsed.success) {
        const first = parsed.error.issues[0]!;
        const reason = (first as { params?: { reason?: string } }).params?.reason ?? 'invalid_value';
        // An item parser that names the value itself (`'XX' is not an ISO 3166 country code`) is not prefixed again.
        return reject(ctx, first.message.startsWith("'") ? first.message : `'${echoed(part)}' ${first.message}`, reason);
      }
      if (!out.includes(parsed.data)) out.push(parsed.data);
    }
    return out;
  });
}

/** The word `all` in any case (`all`, `ALL`, `All`), as country codes are case-insensitive beside it. */
export const isAll = (raw: unknown): boolean => typeof raw === 'string' && raw.toLowerCase() === 'all';

/** `all` (any case), else what `parser` makes of the value, with its own message and reason. */
function allOrParsed<S extends z.ZodType, T extends z.ZodType>(accepted: S, parser: T) {
  return accepted.transform((raw, ctx): 'all' | z.output<T> => {
    if (isAll(raw)) return 'all';
    const parsed = parser.safeParse(raw);
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0]!;
    return reject(ctx, first.message, (first as { params?: { reason?: string } }).params?.reason ?? 'invalid_value');
  });
}

/**
 * The word `all` (in any case), or what `list` parses (a comma list, or from JSON a number or an array), with
 * the list's own message and reason when it is neither: never zod's bare "Invalid input" of a union.
 */
export function allOr<T extends z.ZodType>(list: T) {
  const scalar = z.union([z.string(), z.number()]);
  // `all` first, so the OpenAPI document lists it as a constant beside the list.
  return allOrParsed(z.union([z.literal('all'), scalar, z.array(scalar)]), list);
}

/**
 * The word `all` (in any case), or one value `item` parses (a string, or from JSON a number), with the item's
 * own message and reason (`unknown_country` for `XX`) when it is neither.
 */
export function allOrOne<T extends z.ZodType>(item: T) {
  // One value as a country parameter takes it (a number or a string): REST documents it as a string beside `all`.
  return allOrParsed(z.union([z.literal('all'), z.union([z.number(), z.string()])]), item);
}

/**
 * Parameters that apply only when another parameter has one of some values (`fuel`'s `ppid` only with
 * `mode=border`): the pipeline reads this registry after parsing, and a parameter given where it does not
 * apply is not used but echoed in `meta.ignored_params`, with a sentence in `meta.ignored_notes` saying
 * where it applies (api/pipeline/prepared.ts). Never silently dropped, and never a 400: a client may send
 * one set of parameters to every mode.
 */
export interface AppliesWhen {
  /** The parameter that decides (after parsing, its default applied). */
  param: string;
  /** Its values under which this parameter applies; `'given'`: whenever it is given (`onlyWith`). */
  values: readonly string[] | 'given';
}
export const appliesWhenRegistry = z.registry<AppliesWhen>();

/** `schema`, applying only when `param` is one of `values` (see `appliesWhenRegistry`). */
export function onlyWhen<T extends z.ZodType>(schema: T, param: string, values: readonly string[]): T {
  appliesWhenRegistry.add(schema, { param, values });
  return schema;
}

/** `schema`, applying only when `param` is given (`restaurants`' `country` with `city`; see `appliesWhenRegistry`). */
export function onlyWith<T extends z.ZodType>(schema: T, param: string): T {
  appliesWhenRegistry.add(schema, { param, values: 'given' });
  return schema;
}

/**
 * The given parameters that do not apply to this parsed input (`onlyWhen`), each with the sentence saying where
 * it applies: `'fuel_type' applies only with mode=nearest or mode=border (this call: mode=country); ignored.`
 */
export function notApplying(
  shape: Readonly<Record<string, unknown>>,
  input: Readonly<Record<string, unknown>>,
  given: Iterable<string>,
): { name: string; note: string }[] {
  const out: { name: string; note: string }[] = [];
  for (const name of given) {
    const schema = Object.hasOwn(shape, name) ? shape[name] : undefined;
    const rule = schema ? appliesWhenRegistry.get(schema as z.ZodType) : undefined;
    if (!rule) continue;
    const actual = input[rule.param];
    if (rule.values === 'given') {
      if (actual === undefined) out.push({ name, note: `'${name}' applies only with '${rule.param}', which this call does not give; it was ignored.` });
      continue;
    }
    if (rule.values.includes(String(actual))) continue;
    const where = rule.values.map((v) => `${rule.param}=${v}`).join(' or ');
    out.push({ name, note: `'${name}' applies only with ${where} (this call: ${rule.param}=${echoed(String(actual), 32)}); it was ignored.` });
  }
  return out;
}

const LANG_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/;

/**
 * A BCP-47 tag resolved to one of the 24 languages; absent or unsupported, the product's default (`defineOperation`
 * sets it from the interface's table, models/interface-rules.ts).
 */
export const lang = (defaultLang: Lang = 'en') =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw !== undefined && !LANG_TAG.test(raw)) return reject(ctx, 'must be a language tag such as en or pl-PL', 'malformed_lang');
      return resolveLang(raw, defaultLang);
    });
