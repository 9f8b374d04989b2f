/**
 * REST: one GET route (and its HEAD) per operation and version root, a thin adapter onto the request
 * pipeline: the query string, path values, credential, address and `If-None-Match` in; status,
 * headers and the envelope out. No policy here.
 *
 * The credential: `Authorization: Bearer <key>` (preferred; any case, 1+ spaces), else `X-API-Key: <key>` (these two are the
 * pipeline's `headerCredential`, as on MCP), else `?key=<key>` (the forms clients of the established
 * service send, docs/migrating.md; an API key only: the internal token in a URL is refused, as URLs end up in
 * logs). Whichever form it came in, the pipeline receives it as `Bearer <key>`;
 * the query form is taken out of the parameters (never echoed in `meta.ignored_params`) and out of the raw
 * key the pipeline remembers parses by.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyOperation } from '../../services/operation.js';
import { headerCredential, isBearerCredential } from '../pipeline/caller.js';
import { httpStatusOf } from '../pipeline/envelope.js';
import type { Outcome, Pipeline, PipelineRequest } from '../pipeline/pipeline.js';
import type { RawQuery } from './querystring.js';
import { routePath } from './paths.js';

const send = (reply: FastifyReply, outcome: Outcome) => reply.code(outcome.status).headers(outcome.headers).send(outcome.body ?? undefined);

/** The query parameter that may carry the key. */
export const QUERY_KEY = 'key';

/** The URL without its `key=` query parameters (the path and the other parameters unchanged). */
export function withoutQueryKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url.slice(at + 1).split('&').filter((part) => part !== QUERY_KEY && !part.startsWith(`${QUERY_KEY}=`));
  return kept.length > 0 ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/**
 * The credential as `Bearer <key>`, from the first form given, and the query without `key`. A `key` given
 * twice is said `repeated`, which every transport hands on (`credentialRepeated`): the pipeline refuses it as a
 * repeated parameter before identifying the caller.
 */
export function credentialOf(request: FastifyRequest): { authorization: string | undefined; query: unknown; rawKey: string; inUrl: boolean; repeated: boolean } {
  const query = request.query as RawQuery | undefined;
  const fromQuery = query ? query[QUERY_KEY] : undefined;
  if (typeof fromQuery !== 'string') {
    return { authorization: headerCredential(request.headers), query, rawKey: request.url, inUrl: false, repeated: Array.isArray(fromQuery) };
  }
  const rest: RawQuery = Object.create(null);
  for (const name of Object.keys(query!)) if (name !== QUERY_KEY) rest[name] = query![name]!;
  const header = headerCredential(request.headers);
  // A header of another scheme (`Authorization: Basic`, e.g. a proxy's) carries no key: the query's key speaks then.
  const fromUrl = !isBearerCredential(header) && fromQuery !== '';
  const authorization = fromUrl ? `Bearer ${fromQuery}` : header;
  return { authorization, query: rest, rawKey: withoutQueryKey(request.url), inUrl: fromUrl, repeated: false };
}

/**
 * A POST's body with its `Idempotency-Key` header as the `idempotency_key` value the operation reads (every
 * transport names it so); given in both places differently, both go on, and the input check refuses them.
 */
function withIdempotencyKey(body: unknown, header: string | string[] | undefined): unknown {
  if (header === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const inBody = (body as Record<string, unknown>).idempotency_key;
  const given = typeof header === 'string' ? [header] : header;
  const all = [...new Set([...(inBody === undefined ? [] : [inBody]), ...given])];
  return { ...body, idempotency_key: all.length === 1 ? all[0] : all };
}

/** The largest JSON body a write operation (POST) accepts: an alert is a few hundred bytes. */
export const WRITE_BODY_LIMIT = 16 * 1024;

/**
 * A write (`op.rest`: POST, DELETE, or a GET outside the data root): the JSON body (POST) or the query string
 * as the named values, the path's values, the credential; never remembered by raw form (the body is not in
 * the URL) and never conditional.
 */
function registerWriteRoute(app: FastifyInstance, op: AnyOperation, version: 1 | 2, pipeline: Pipeline) {
  const route = op.rest!;
  app.route({
    method: route.method, url: routePath(op, version), bodyLimit: WRITE_BODY_LIMIT,
    handler: async (request, reply) => {
      const credential = credentialOf(request);
      const values = route.method === 'POST' ? withIdempotencyKey(request.body ?? {}, request.headers['idempotency-key']) : credential.query;
      const outcome = await pipeline.call({
        op, version, transport: 'rest', requestId: request.id,
        authorization: credential.authorization, address: request.ip,
        params: { values, ...(op.pathParams ? { path: request.params as Record<string, string> } : {}), text: route.method !== 'POST' },
        credentialInUrl: credential.inUrl, credentialRepeated: credential.repeated,
      });
      return send(reply, { ...outcome, status: httpStatusOf(op, outcome.status) });
    },
  });
}

export function registerOperationRoutes(app: FastifyInstance, ops: readonly AnyOperation[], pipeline: Pipeline) {
  for (const op of ops) {
    for (const version of op.versions) {
      if (op.rest) {
        registerWriteRoute(app, op, version, pipeline);
        continue;
      }
      // A stream has its own route (event-stream.ts).
      if (op.stream) continue;
      // Not an async function: a call answerable at once is sent in the same turn (callNow).
      app.get(routePath(op, version), (request, reply) => {
        const credential = credentialOf(request);
        const call: PipelineRequest = {
          op, version, transport: 'rest', requestId: request.id,
          authorization: credential.authorization,
          address: request.ip,
          params: { values: credential.query, ...(op.pathParams ? { path: request.params as Record<string, string> } : {}), text: true },
          ifNoneMatch: request.headers['if-none-match'],
          countable: request.method !== 'HEAD',
          rawKey: credential.rawKey,
          credentialInUrl: credential.inUrl,
          credentialRepeated: credential.repeated,
        };
        const now = pipeline.callNow(call);
        if (now) return send(reply, now);
        return pipeline.call(call).then((outcome) => send(reply, outcome));
      });
    }
  }
}
