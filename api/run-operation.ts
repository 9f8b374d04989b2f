/** The single path every transport takes into a product: cache lookup, then the handler. */
import { canonicalJson } from './canonical-json.js';
import type { CachedAnswer } from './cache.js';
import type { Deps } from './deps.js';
import type { AnyOperation, OperationResult } from './operation.js';

/** Serialises the cacheable envelope members once (`"data":...,"snapshot":...`). */
export function serializeResult(result: OperationResult<unknown>): string {
  let out = `"data":${JSON.stringify(result.data)}`;
  if (result.snapshot !== undefined) out += `,"snapshot":${JSON.stringify(result.snapshot)}`;
  if (result.resolvedLocation !== undefined) out += `,"resolved_location":${JSON.stringify(result.resolvedLocation)}`;
  return out;
}

export function cacheKey(op: AnyOperation, input: unknown, deps: Deps): string {
  const version = op.dataVersion ? op.dataVersion(input, deps) : '';
  return `${op.name}|${version}|${canonicalJson(input)}`;
}

/** Runs `op` on an already parsed input, through the operation cache unless `fresh` is set. */
export async function runOperation(
  op: AnyOperation,
  input: unknown,
  deps: Deps,
  options: { fresh?: boolean } = {},
): Promise<CachedAnswer> {
  const compute = async (): Promise<CachedAnswer> => {
    const result = await op.handler(input, deps);
    return { result, fragment: serializeResult(result) };
  };
  const ttlMs = op.cacheUntilMs ? Math.min(op.cacheTtlMs, op.cacheUntilMs(input, deps) - deps.now().getTime()) : op.cacheTtlMs;
  if (options.fresh || ttlMs <= 0) return compute();
  return deps.cache.get(cacheKey(op, input, deps), ttlMs, compute);
}
