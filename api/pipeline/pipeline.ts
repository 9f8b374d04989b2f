/**
 * The request pipeline: `caller + operation + raw parameters -> outcome`, the same for REST, tRPC, MCP
 * and the command line. It owns every policy: who the caller is, the per-second limit, the quota class
 * and cost with check-consume-settle, conditional requests, the cache, and the mapping of any failure to
 * the contract's error. Transports translate their request into a `PipelineRequest` and the `Outcome`
 * (status, headers, the JSON envelope as text) back, and decide nothing.
 */
import { performance } from 'node:perf_hooks';
import type { Credit } from '../../data/credits.js';
import type { Usage } from '../../models/envelope.js';
import { ServiceError } from '../../models/errors.js';
import type { Meter } from '../access/access-control.js';
import type { Deps } from '../deps.js';
import type { AnyOperation } from '../../services/operation.js';
import type { CachedAnswer } from '../../services/operation-cache.js';
import { identifyCaller, isInternalToken, type Caller } from './caller.js';
import { attributionOf, errorBody, successBody, successParts, successPrefix, type EnvelopeHead } from './envelope.js';
import { toServiceError } from './errors.js';
import { noneMatch } from './etag.js';
import { createCallMetrics, type Transport } from './metrics.js';
import { repeatedKey, type RawParams } from './params.js';
import { createPreparedCalls, preparedKey, type PreparedCall } from './prepared.js';
import { cachedAnswer, runOperation } from '../../services/run-operation.js';

type BodyParts = ReturnType<typeof successParts>;

/** An operation on a key's own things (alerts) called by the operator's token or the sandbox: they own none. */
const keyRequired = (op: AnyOperation) =>
  new ServiceError('forbidden', `'${op.name}' acts on an API key's own ${op.slug}: call it with an API key.`, { reason: 'key_required' });

/** `X-Devapi-Warning` for ignored parameters: names percent-encoded (a header carries no raw UTF-8). */
const ignoredWarning = (ignored: readonly string[]) => `ignored_params=${ignored.map(encodeURIComponent).join(',')}`;

export interface PipelineRequest {
  op: AnyOperation;
  /** The REST root the call came under; other transports answer as the operation's first root. */
  version?: 1 | 2;
  transport: Transport;
  /** The credential as the transport received it: `Bearer <API key or internal token>`. */
  authorization: string | undefined;
  /** The client's address (failed authentications are limited per address). */
  address: string;
  params: RawParams;
  /** `If-None-Match`: a match answers 304, not counted. */
  ifNoneMatch?: string | undefined;
  /** False for HEAD: answered like GET, never counted. */
  countable?: boolean;
  /**
   * The raw parameters as one string that determines them (REST: the URL), when the transport has one:
   * repeated calls then reuse their parse.
   */
  rawKey?: string;
  /** The credential came in the URL (REST's `?key=`): an API key only, never the internal token (URLs end up in logs). */
  credentialInUrl?: boolean;
  /** `?key=` was given more than once: refused as a repeated parameter before the caller is identified (never "no key"). */
  credentialRepeated?: boolean;
  requestId: string;
}

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  /** The JSON envelope as text; null for 304. */
  body: string | null;
  /** The contract error when status >= 400. */
  error: ServiceError | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function createPipeline(deps: Deps) {
  const metrics = createCallMetrics();
  const prepared = createPreparedCalls();
  const attribution = attributionOf(deps.settings.serviceName);
  const prefixes = new Map<string, string>();
  /** The fixed start of a success body: per product and root, and per the sources an answer credits. */
  const prefixOf = (op: AnyOperation, head: EnvelopeHead, answerCredits: readonly Credit[] | undefined) => {
    const credits = answerCredits?.length ? [...new Set([...(op.credits ?? []), ...answerCredits])] : op.credits;
    const key = `${head.apiVersion}${op.slug}${answerCredits?.length ? `|${credits!.join(',')}` : ''}`;
    let prefix = prefixes.get(key);
    if (prefix === undefined) prefixes.set(key, (prefix = successPrefix(head, attributionOf(deps.settings.serviceName, credits))));
    return prefix;
  };

  function failure(head: EnvelopeHead, error: ServiceError, meter: Meter | null, requestId: string): Outcome {
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, ...meter?.headers(), ...error.headers };
    if (error.retryAfterS !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterS)));
    if (error.status === 401) headers['www-authenticate'] = 'Bearer realm="bdds"';
    const body = JSON.stringify(errorBody(head, attribution, error, requestId, meter?.usage ?? undefined));
    return { status: error.status, headers, body, error };
  }

  async function answer(request: PipelineRequest, head: EnvelopeHead, caller: Caller): Promise<{ outcome: Outcome; meter: Meter | null }> {
    const { op } = request;
    if (op.needsKey && caller.kind !== 'key') throw keyRequired(op);
    const keyContext = caller.kind === 'key' ? { keyId: caller.principal.keyId, plan: caller.principal.plan } : undefined;
    const meter = caller.kind === 'key' || caller.kind === 'sandbox' ? await deps.access.admit(caller.principal, op.quotaClass!) : null;
    try {
      const call = prepared.get(op, request.params, request.rawKey);
      const run = () => runOperation(op, call.input, deps, { key: preparedKey(op, call, deps), caller: keyContext });
      const countable = request.countable !== false;
      let cached: CachedAnswer | null = null;
      if (request.ifNoneMatch !== undefined) {
        cached = await run();
        if (noneMatch(request.ifNoneMatch, cached.etag)) {
          if (meter) await meter.peek();
          return { outcome: { status: 304, headers: { etag: cached.etag, ...meter?.headers() }, body: null, error: null }, meter };
        }
      }
      // HEAD is answered as GET would be, refusals included, and never counted: the quota is checked, not charged.
      const cost = meter ? (op.cost ? op.cost(call.input, deps) : 1) : 0;
      const usage = meter ? await (countable ? meter.charge(cost) : meter.check(cost)) : undefined;
      cached ??= await run();
      const headers: Record<string, string> = meter
        ? { 'content-type': JSON_TYPE, etag: cached.etag, ...meter.headers() }
        : { 'content-type': JSON_TYPE, etag: cached.etag };
      // The established service's warning header where a parameter was ignored (docs/migrating.md).
      if (meter && call.ignored.length > 0) headers['x-devapi-warning'] = ignoredWarning(call.ignored);
      return { outcome: { status: 200, headers, body: bodyOf(call, op, head, cached, usage), error: null }, meter };
    } catch (err) {
      const error = toServiceError(err, deps.log, request.requestId);
      const settled = meter ? await meter.settle(error, request.countable !== false) : error;
      return { outcome: failure(head, settled, meter, request.requestId), meter };
    }
  }

  /**
   * The body parts around `usage`, kept beside the cached answer (weakly: they live as long as the cache
   * holds it), per root and echoed ignored parameters; at most a few variants are kept per answer.
   */
  const partsOf = new WeakMap<CachedAnswer, Map<string, BodyParts>>();
  const MAX_VARIANTS = 8;
  function bodyOf(call: PreparedCall, op: AnyOperation, head: EnvelopeHead, cached: CachedAnswer, usage: Usage | undefined): string {
    let variants = partsOf.get(cached);
    if (variants === undefined) partsOf.set(cached, (variants = new Map()));
    const variant = head.apiVersion + call.variant;
    let parts = variants.get(variant);
    if (parts === undefined) {
      parts = successParts(prefixOf(op, head, cached.result.credits), cached, call.ignored, call.notes);
      if (variants.size < MAX_VARIANTS) variants.set(variant, parts);
    }
    return successBody(parts, usage);
  }

  const headOf = (request: PipelineRequest): EnvelopeHead => ({
    apiVersion: request.version === 2 || (request.version === undefined && request.op.versions[0] === 2) ? '2' : '1', product: request.op.slug,
  });

  return {
    metrics,
    /**
     * Answers at once, without a promise, a call in which nothing waits: no counter to commit (a public
     * product, or the internal token), parameters seen before, an answer in the cache. Null otherwise:
     * then `call` it. (Measured: an async turn per request costs about 15 % of a cached public answer.)
     */
    callNow(request: PipelineRequest): Outcome | null {
      const started = performance.now();
      const { op } = request;
      if (request.rawKey === undefined || op.needsKey) return null;
      const internal = op.access === 'keyed';
      if (internal && (request.credentialInUrl || !isInternalToken(request.authorization, deps.settings.internalToken))) return null;
      const call = prepared.peek(request.rawKey);
      const cached = call ? cachedAnswer(op, call.input, deps, preparedKey(op, call, deps)) : null;
      if (!call || !cached) return null;
      const outcome: Outcome = noneMatch(request.ifNoneMatch, cached.etag)
        ? { status: 304, headers: { etag: cached.etag }, body: null, error: null }
        : { status: 200, headers: { 'content-type': JSON_TYPE, etag: cached.etag }, body: bodyOf(call, op, headOf(request), cached, undefined), error: null };
      metrics.record(op.name, request.transport, internal ? 'internal' : 'anonymous', outcome.status);
      metrics.observe(op.name, request.transport, performance.now() - started);
      return outcome;
    },
    /** Runs one call through every policy; never throws. */
    async call(request: PipelineRequest): Promise<Outcome> {
      const started = performance.now();
      const head = headOf(request);
      let caller: Caller = { kind: 'anonymous' };
      let outcome: Outcome;
      try {
        if (request.credentialRepeated) throw repeatedKey();
        caller = identifyCaller(deps, request.op.access === 'keyed', request.authorization, request.address, request.transport === 'sandbox',
          request.credentialInUrl === true);
        outcome = (await answer(request, head, caller)).outcome;
      } catch (err) {
        // Refused before a meter existed (authentication, the per-second limit): nothing to settle.
        outcome = failure(head, toServiceError(err, deps.log, request.requestId), null, request.requestId);
      }
      metrics.record(request.op.name, request.transport, caller.kind, outcome.status);
      metrics.observe(request.op.name, request.transport, performance.now() - started);
      return outcome;
    },
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
