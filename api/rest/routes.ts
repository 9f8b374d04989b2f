/**
 * REST: one GET route (and its HEAD) per operation and version root, a thin adapter onto the request
 * pipeline: the query string, path values, credential, address and `If-None-Match` in; status,
 * headers and the envelope out. No policy here.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AnyOperation } from '../operation.js';
import type { Outcome, Pipeline, PipelineRequest } from '../pipeline/pipeline.js';
import { routePath } from './paths.js';

const send = (reply: FastifyReply, outcome: Outcome) => reply.code(outcome.status).headers(outcome.headers).send(outcome.body ?? undefined);

export function registerOperationRoutes(app: FastifyInstance, ops: readonly AnyOperation[], pipeline: Pipeline) {
  for (const op of ops) {
    for (const version of op.versions) {
      // Not an async function: a call answerable at once is sent in the same turn (callNow).
      app.get(routePath(op, version), (request, reply) => {
        const call: PipelineRequest = {
          op, version, transport: 'rest', requestId: request.id,
          authorization: request.headers.authorization,
          address: request.ip,
          params: { values: request.query, ...(op.pathParams ? { path: request.params as Record<string, string> } : {}), text: true },
          ifNoneMatch: request.headers['if-none-match'],
          countable: request.method !== 'HEAD',
          rawKey: request.url,
        };
        const now = pipeline.callNow(call);
        if (now) return send(reply, now);
        return pipeline.call(call).then((outcome) => send(reply, outcome));
      });
    }
  }
}
