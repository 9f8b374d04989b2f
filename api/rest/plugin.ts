/** REST: the operation routes under /api/v1 and /api/v2, the error and not-found mapping, the root's pointers. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AnyOperation } from '../../services/operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { installErrorHandling } from './error-handler.js';
import { registerOperationRoutes } from './routes.js';

export interface RestOptions {
  ops: readonly AnyOperation[];
  pipeline: Pipeline;
  serviceName: string;
}

export const restPlugin = fp(async (app: FastifyInstance, { ops, pipeline, serviceName }: RestOptions) => {
  installErrorHandling(app, ops, serviceName);
  registerOperationRoutes(app, ops, pipeline);
  // The root says where things are (a pointer, not an error): built once.
  const rootJson = JSON.stringify({
    ok: true,
    service: serviceName,
    docs: '/docs',
    openapi: '/api/openapi.json',
    status: '/api/v1/data/status',
    get_a_key: 'Sign up at /portal: a free Explorer key once your e-mail address is confirmed (operators: `bdds keys create`).',
  });
  app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(rootJson));
}, { name: 'rest' });
