/**
 * Raw parameters into the one record an operation's schema parses. Text transports (query strings,
 * the command line) hand over strings, where a list means a parameter given twice (refused); JSON
 * transports (tRPC, MCP) hand over values. Unknown names are kept aside for `meta.ignored_params`.
 */
import { badRequest, echoed } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';

/**
 * How many unknown parameter names `meta.ignored_params` echoes (each cut to 64 characters, control and bidi
 * characters written as `\uXXXX`).
 */
export const MAX_ECHOED_PARAMS = 20;

export interface RawParams {
  /** Named values (query string, tool arguments, command-line options). */
  values: unknown;
  /** Values from the path (REST), merged in; a name given in both is given twice. */
  path?: Readonly<Record<string, string>>;
  /** Values arrived as text: a list means the parameter was repeated. */
  text: boolean;
}

const repeated = (key: string) =>
  badRequest(`Parameter '${echoed(key)}' is given more than once; pass a list as one comma-separated value.`, 'repeated_parameter');

/**
 * The refusal of a key given twice in the query (`?key=a&key=b`, `credentialRepeated`), made by the pipeline
 * before the caller is identified: authentication, which runs first, would otherwise call it missing.
 */
export const repeatedKey = () =>
  badRequest("Parameter 'key' is given more than once: send the API key once (or in the Authorization header).", 'repeated_parameter');

/** What `meta.ignored_notes` says of a parameter with an empty name (`?=x`, `?ppid=id_1&=`): it names nothing. */
export const EMPTY_NAME_NOTE = "A parameter with an empty name ('=value' in the query string) names no parameter; it was ignored.";

/**
 * Merges path and named values into a null-prototype record; refuses repeats; lists names the product ignores
 * (`ignored`), and says why where the name alone does not (`notes`: an empty name).
 */
export function collectParams(op: AnyOperation, raw: RawParams): { values: Record<string, unknown>; ignored: string[]; notes: string[] } {
  if (raw.values !== undefined && raw.values !== null && (typeof raw.values !== 'object' || Array.isArray(raw.values))) {
    throw badRequest('The parameters must be an object of named values.', 'malformed_input');
  }
  const given = (raw.values ?? {}) as Record<string, unknown>;
  const shape = op.input.shape as Record<string, unknown>;
  const values: Record<string, unknown> = Object.create(null);
  const ignored: string[] = [];
  const notes: string[] = [];
  let unechoed = 0;
  for (const key of Object.keys(given)) {
    const value = given[key];
    if ((raw.text && Array.isArray(value)) || (raw.path && Object.hasOwn(raw.path, key))) throw repeated(key);
    if (Object.hasOwn(shape, key)) values[key] = value;
    else if (ignored.length < MAX_ECHOED_PARAMS) {
      ignored.push(echoed(key, 64));
      // `""` in a list is easy to miss: the empty name is echoed as it came, and said in words.
      if (key === '') notes.push(EMPTY_NAME_NOTE);
    } else unechoed++;
  }
  // A list cut short says so: the names past the first MAX_ECHOED_PARAMS were ignored as well.
  if (unechoed > 0) notes.push(`${unechoed} more unknown parameter${unechoed === 1 ? '' : 's'} ignored, not listed (the list stops at ${MAX_ECHOED_PARAMS}).`);
  if (raw.path) {
    for (const key of Object.keys(raw.path)) {
      const value = raw.path[key]!;
      // A path item is one value, exactly as written: padding (`/%201%20/`) is refused, not trimmed away.
      if (value !== value.trim() || value === '') throw badRequest(`Path item '${echoed(key)}' has blanks around its value or is empty.`, 'malformed_path');
      values[key] = value;
    }
  }
  return { values, ignored, notes };
}

/** The body's media type is JSON (`application/json`, any parameters, any case: as tRPC matches it); the tRPC and MCP POSTs take no other. */
export const isJsonType = (contentType: string | undefined) => contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
