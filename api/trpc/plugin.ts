/** tRPC at /trpc over the request pipeline: the caller's Authorization and address go into the context. */
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AnyOperation } from '../../services/operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { createTrpcRouter, type TrpcContext } from './router.js';

export async function trpcPlugin(app: FastifyInstance, options: { ops: readonly AnyOperation[]; pipeline: Pipeline; log: Logger; serviceName: string }) {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: createTrpcRouter(options.ops, options.pipeline, options.serviceName),
      createContext: ({ req }: { req: FastifyRequest }): TrpcContext => ({
        authorization: req.headers.authorization, address: req.ip, requestId: req.id, headers: {},
      }),
      responseMeta: ({ ctx }: { ctx?: TrpcContext }) => ({ headers: ctx?.headers ?? {} }),
      onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
        // Failures inside an operation are logged by the pipeline; this catches tRPC's own.
        if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause === undefined) options.log.error({ err: error }, 'internal error in tRPC');
      },
    },
  });
}
