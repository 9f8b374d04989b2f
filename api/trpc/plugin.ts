/**
 * tRPC at /trpc over the request pipeline. The route hands tRPC (`resolveResponse`, as tRPC's own Fastify
 * adapter does) the request with a context holding what the pipeline takes from an HTTP transport, read as
 * REST reads it: the credential (`Authorization: Bearer`, else `X-API-Key`, else `?key=`: REST's
 * `credentialOf`), the address, the request id, and for a single GET `If-None-Match` (a match: 304 with the
 * pipeline's headers and no body, not counted). A HEAD is answered as its GET would be, status and headers
 * (ETag, RateLimit, a refusal's Retry-After), without a body and never counted, as on REST: tRPC itself
 * answers every HEAD 204 without running anything, so it is handed the request as a GET.
 *
 * tRPC serves GET (queries) and POST (mutations, a JSON body). What is not a tRPC call is answered here, in
 * tRPC's error shape with the contract's envelope and the request's id: another method (`405
 * method_not_allowed`, `Allow` naming the procedure's method; an unknown procedure 404), a POST whose body is
 * not JSON (415; to a query, 405). What tRPC refuses before it made a context (which holds the request id) is
 * answered again here with the id. `OPTIONS` is not routed here: the preflight route of `http-basics.ts`
 * answers it as on every path, offering the methods served here (the refusing route is marked
 * `refusesMethods`, as `/mcp`'s is).
 */
import type { TRPCError } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { attributionOf, errorBody } from '../pipeline/envelope.js';
import { isJsonType } from '../pipeline/params.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { toServiceError as fromFastifyError } from '../rest/error-handler.js';
import type { RawQuery } from '../rest/querystring.js';
import { credentialOf } from '../rest/routes.js';
import { headOf, methodNotAllowed, methodOf, serviceErrorOf, trpcCodeOf, trpcErrorResponse, unknownProcedure, unsupportedMediaType } from './errors.js';
import { createTrpcRouter, type TrpcContext } from './router.js';

const PREFIX = '/trpc';
const JSON_TYPE = 'application/json; charset=utf-8';

/** A HEAD handed to tRPC as the GET it stands for (tRPC answers a HEAD 204 without calling anything). */
const asGet = (req: Request) => new Request(req, { method: 'GET' });

export async function trpcPlugin(app: FastifyInstance, options: { ops: readonly AnyOperation[]; pipeline: Pipeline; log: Logger; serviceName: string }) {
  const router = createTrpcRouter(options.ops, options.pipeline, options.serviceName, PREFIX);
  const byName = new Map(options.ops.map((op) => [op.name, op]));
  const attribution = attributionOf(options.serviceName);

  /** Sends a refusal in tRPC's error shape, with the contract's envelope. */
  function refuse(request: FastifyRequest, reply: FastifyReply, error: ServiceError, op: AnyOperation | undefined, path: string | undefined) {
    const envelope = errorBody(headOf(op), attribution, error, request.id);
    if (error.retryAfterS !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterS))));
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.status).type(JSON_TYPE).send(trpcErrorResponse(trpcCodeOf(error.status), error.status, path, envelope));
  }

  /**
   * A request tRPC would not take as a call, refused as REST refuses it: null for GET, HEAD and a JSON POST
   * (tRPC's own, a query POSTed or a mutation sent as a GET included: its 405 carries the same envelope,
   * `errors.ts`).
   */
  function refusal(request: FastifyRequest, path: string): { error: ServiceError; op: AnyOperation | undefined; allow?: string } | null {
    const { method } = request;
    if (method === 'GET' || method === 'HEAD' || (method === 'POST' && isJsonType(request.headers['content-type']))) return null;
    const batch = (request.query as RawQuery | undefined)?.batch === '1';
    const named = (batch ? path.split(',') : [path]).map((name) => byName.get(name));
    const op = named.length === 1 ? named[0] : undefined;
    if (named.some((o) => o === undefined)) return { error: unknownProcedure(), op };
    const methods = [...new Set(named.map((o) => methodOf(o!)))].sort();
    if (!methods.includes(method as 'GET' | 'POST')) {
      return { error: methodNotAllowed(methods, `${PREFIX}/${path}`), op, allow: methods.join(', ') };
    }
    return { error: unsupportedMediaType(), op };
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = (request.params as { path: string }).path;
    const refused = refusal(request, path);
    if (refused) {
      if (refused.allow) reply.header('allow', refused.allow);
      return refuse(request, reply, refused.error, refused.op, path);
    }

    // The request as tRPC's Fastify adapter hands it over: the body Fastify read (as text) on the message.
    const raw = request.raw as IncomingMessage & { body?: unknown };
    raw.body = request.body;
    const credential = credentialOf(request);
    const head = request.method === 'HEAD';
    const req = incomingMessageToRequest(raw, reply.raw, { maxBodySize: null });
    let ctx: TrpcContext | undefined;
    let early: TRPCError | undefined;
    const response = await resolveResponse({
      router, path, error: null,
      req: head ? asGet(req) : req,
      createContext: async ({ info }) => (ctx = {
        authorization: credential.authorization, credentialInUrl: credential.inUrl, credentialRepeated: credential.repeated, address: request.ip, requestId: request.id, headers: {},
        batch: info.isBatchCall,
        ifNoneMatch: !info.isBatchCall && (request.method === 'GET' || head) ? request.headers['if-none-match'] : undefined,
        ...(head ? { countable: false } : {}),
      }),
      responseMeta: ({ ctx: context }) => ({ headers: context?.headers ?? {} }),
      onError: ({ error, ctx: context }) => {
        if (context === undefined) early = error;
        // Failures inside an operation are logged by the pipeline; this catches tRPC's own.
        if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause === undefined) options.log.error({ err: error, reqId: request.id }, 'internal error in tRPC');
      },
    });
    const done = ctx as TrpcContext | undefined;
    if (done?.notModified) {
      // 304 as REST sends it: the pipeline's headers (ETag, the quota's), no body.
      void response.body?.cancel();
      return reply.code(304).headers(done.notModified.headers).send();
    }
    if (done === undefined && early !== undefined) {
      // Refused before a context existed (a malformed batch, unparsable connection parameters): tRPC's body has
      // no request id; the same refusal with it.
      void response.body?.cancel();
      const error = serviceErrorOf(early, undefined, `${PREFIX}/${path}`);
      return refuse(request, reply, error, undefined, undefined);
    }
    // Status and headers set here and the body sent as a stream, not the Response whole: an onSend hook that
    // replaces the payload (compression) would otherwise drop the Response's status and headers.
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    // HEAD: the GET's body whole, which Fastify's HEAD route drops, keeping its length (as REST's HEAD does); bytes,
    // not text, so that Fastify leaves tRPC's content type as the GET has it.
    return reply.send(head ? Buffer.from(await response.arrayBuffer()) : response.body);
  }

  // tRPC reads the body itself, as text (as its Fastify adapter has Fastify do); any other type too, so that
  // such a body is refused here in tRPC's shape (415, or 405 for another method) rather than by Fastify.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // What Fastify refuses on these routes before the handler (a body over its limit): in tRPC's shape too.
  app.setErrorHandler((err: FastifyError, request, reply) => refuse(request, reply, fromFastifyError(err, request), undefined, undefined));
  app.route({ method: ['GET', 'POST'], url: `${PREFIX}/:path`, handler: handle });
  // Every other method but OPTIONS (the preflight's), refused by the same handler: 405, or 404 for no procedure.
  const otherMethods = app.supportedMethods.filter((method) => !['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method)) as HTTPMethods[];
  app.route({ method: otherMethods, url: `${PREFIX}/:path`, config: { refusesMethods: true }, handler: handle });
}
