/** How the pipeline runs a product: cache lookup, then the handler; the answer serialised and tagged once. */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { CachedAnswer } from './operation-cache.js';
import type { OperationDeps } from './deps.js';
import type { ResolvedLang } from '../models/languages.js';
import type { AnyOperation, KeyContext, OperationResult } from './operation.js';

/**
 * The one language rule, stated in every answer that takes `lang`: `meta.lang` is the language answered
 * in; a tag that fell back to the product's default adds `lang_fallback: true` and the tag asked for.
 */
function withLangMeta(result: OperationResult<unknown>, input: unknown): OperationResult<unknown> {
  const lang = (input as { lang?: unknown } | null)?.lang as ResolvedLang | undefined;
  if (!lang || typeof lang !== 'object' || typeof lang.lang !== 'string') return result;
  const stated = lang.fallback ? { lang: lang.lang, lang_fallback: true, lang_requested: lang.requested } : { lang: lang.lang };
  return { ...result, meta: { ...stated, ...result.meta } };
}

/** Serialises the cacheable envelope members once (`"data":...,"snapshot":...`). */
export function serializeResult(result: OperationResult<unknown>): string {
  let out = `"data":${result.dataJson ?? JSON.stringify(result.data)}`;
  if (result.snapshot !== undefined) out += `,"snapshot":${JSON.stringify(result.snapshot)}`;
  if (result.resolvedLocation !== undefined) out += `,"resolved_location":${JSON.stringify(result.resolvedLocation)}`;
  return out;
}

/**
 * A strong entity tag over what the answer says (`data`, `snapshot`, the operation's `meta`): equal bytes,
 * equal tag. Per-call members (`usage`, `ignored_params`) are not part of it, so a client's copy stays valid
 * while only its counter moved.
 */
export function entityTag(fragment: string, meta: Record<string, unknown> | undefined): string {
  const hash = createHash('sha1').update(fragment);
  if (meta) hash.update(JSON.stringify(meta));
  return `"${hash.digest('base64url')}"`;
}

export function cacheKey(op: AnyOperation, input: unknown, deps: OperationDeps, canonical = canonicalJson(input)): string {
  const version = op.dataVersion ? op.dataVersion(input, deps) : '';
  return `${op.name}|${version}|${canonical}`;
}

function ttlOf(op: AnyOperation, input: unknown, deps: OperationDeps): number {
  return op.cacheUntilMs ? Math.min(op.cacheTtlMs, op.cacheUntilMs(input, deps) - deps.now().getTime()) : op.cacheTtlMs;
}

/** The cached answer of `op` under `key`, or null when it would have to be computed. */
export function cachedAnswer(op: AnyOperation, input: unknown, deps: OperationDeps, key: string): CachedAnswer | null {
  return !op.needsKey && ttlOf(op, input, deps) > 0 ? deps.cache.peek(key) ?? null : null;
}

/**
 * Runs `op` on an already parsed input, through the operation cache unless `fresh` is set. `key` is the
 * cache key when the caller has built it already.
 */
export async function runOperation(
  op: AnyOperation,
  input: unknown,
  deps: OperationDeps,
  options: { fresh?: boolean; key?: string; caller?: KeyContext } = {},
): Promise<CachedAnswer> {
  const compute = async (): Promise<CachedAnswer> => {
    const result = withLangMeta(await op.handler(input, deps, options.caller), input);
    const fragment = serializeResult(result);
    return { result: { meta: result.meta, credits: result.credits }, fragment, etag: entityTag(fragment, result.meta) };
  };
  const ttlMs = ttlOf(op, input, deps);
  if (options.fresh || ttlMs <= 0 || op.needsKey) return compute();
  return deps.cache.get(options.key ?? cacheKey(op, input, deps), ttlMs, compute);
}
