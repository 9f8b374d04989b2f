/**
 * Parsing a call's parameters, remembered per raw form. The same raw parameters always parse to the same
 * input (the schemas are pure), so a transport that can name the raw form (REST: the URL) lets a repeated
 * call skip collecting, validating and canonicalising. Failed parses are not remembered. A remembered call
 * holds no answer: body parts are kept beside the cached answer itself (pipeline.ts), so they go when the
 * operation cache drops it (10,000 calls each holding its last answer once kept 1.3 GB alive).
 */
import type { z } from 'zod';
import { boundedCache } from '../../models/bounded-cache.js';
import { notApplying } from '../../models/query.js';
import type { AnyOperation } from '../../services/operation.js';
import { canonicalJson } from '../../services/canonical-json.js';
import type { OperationDeps } from '../../services/deps.js';
import { inputError } from './input-error.js';
import { collectParams, type RawParams } from './params.js';

export interface PreparedCall {
  input: unknown;
  /** `meta.ignored_params`: names the product does not take, then those that do not apply to this call (`onlyWhen`). */
  ignored: string[];
  /** `meta.ignored_notes`: why, where the name alone does not say (a parameter of another mode, an empty name). */
  notes: string[];
  canonical: string;
  /** Which body parts of an answer this call uses: the ignored parameters it echoes (`meta.ignored_params`). */
  variant: string;
  /** The cache key for the data version it was built for (rebuilt when the version moves). */
  key: string | null;
  keyVersion: string | number | null;
}

/** Freezes the parsed input (and its lists) so that one shared copy can never be changed by a handler. */
function freeze<T>(input: T): T {
  if (input && typeof input === 'object') {
    for (const value of Object.values(input)) if (Array.isArray(value)) Object.freeze(value);
    Object.freeze(input);
  }
  return input;
}

/**
 * The parsed input without the given parameters that do not apply to it (models/query.ts `onlyWhen`: `fuel`'s
 * `fuel_type` with `mode=country`): each is set as if it had not been given (its default, or absent), so the
 * handler cannot use it and the call shares the cache with the same call without it; it is echoed instead.
 * Its value is still checked: a malformed value of a known parameter is a 400 in any mode.
 */
function withoutInapplicable(op: AnyOperation, input: Record<string, unknown>, given: readonly string[], ignored: string[], notes: string[]) {
  const shape = op.input.shape as Record<string, z.ZodType>;
  const unused = notApplying(shape, input, given);
  if (unused.length === 0) return input;
  const out: Record<string, unknown> = { ...input };
  for (const { name, note } of unused) {
    const absent = shape[name]!.safeParse(undefined);
    if (absent.success && absent.data !== undefined) out[name] = absent.data;
    else delete out[name];
    ignored.push(name);
    notes.push(note);
  }
  return out;
}

export function prepare(op: AnyOperation, params: RawParams): PreparedCall {
  const { values, ignored, notes } = collectParams(op, params);
  const parsed = op.input.safeParse(values);
  if (!parsed.success) throw inputError(parsed.error, values);
  const input = withoutInapplicable(op, parsed.data as Record<string, unknown>, Object.keys(values), ignored, notes);
  return {
    input: freeze(input), ignored, notes, canonical: canonicalJson(input), variant: [...ignored, ...notes].join('\u0000'), key: null, keyVersion: null,
  };
}

export function createPreparedCalls(max = 10_000) {
  const memo = boundedCache<string, PreparedCall>(max);
  return {
    /** The remembered call for `rawKey`, if any (never parses). `rawKey` names the operation too (REST: the URL). */
    peek: (rawKey: string): PreparedCall | undefined => memo.get(rawKey),
    /** The prepared call for `rawKey` (remembered), or parsed afresh when there is no raw key. */
    get(op: AnyOperation, params: RawParams, rawKey: string | undefined): PreparedCall {
      if (rawKey === undefined) return prepare(op, params);
      let call = memo.get(rawKey);
      if (!call) memo.set(rawKey, (call = prepare(op, params)));
      return call;
    },
  };
}

/** The cache key of a prepared call (services/run-operation.ts's `cacheKey`), rebuilt only when its data version moves. */
export function preparedKey(op: AnyOperation, call: PreparedCall, deps: OperationDeps): string {
  const version = op.dataVersion ? op.dataVersion(call.input, deps) : '';
  if (call.key === null || call.keyVersion !== version) {
    call.key = `${op.name}|${version}|${call.canonical}`;
    call.keyVersion = version;
  }
  return call.key;
}
