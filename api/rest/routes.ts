/**
 * REST: one GET route (and its HEAD) per operation and version root, a thin adapter onto the request
 * pipeline: the query string, path values, credential, address and `If-None-Match` in; status,
 * headers and the envelope out. No policy here.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyOperation } from '../operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { routePath } from './paths.js';

export function registerOperationRoutes(app: FastifyInstance, ops: readonly AnyOperation[], pipeline: Pipeline) {
  for (const op of ops) {
    for (const version of op.versions) {
      app.get(routePath(op, version), async (request, reply) => {
        const outcome = await pipeline.call({
          op, version, transport: 'rest', requestId: request.id,
          authorization: request.headers.authorization,
          address: request.ip,
          params: { values: request.query, ...(op.pathParams ? { path: request.params as Record<string, string> } : {}), text: true },
          ifNoneMatch: request.headers['if-none-match'],
          countable: request.method !== 'HEAD',
        });
        return reply.code(outcome.status).headers(outcome.headers).send(outcome.body ?? undefined);
      });
    }
  }
}
