/**
 * `GET /metrics`: the service's metrics in the Prometheus text format (prom-client), for the operator only.
 *
 * Access: `Authorization: Bearer <BDDS_INTERNAL_TOKEN>`, from any address (a Prometheus scrape job sets it
 * with `authorization: { credentials: ... }`). Not by loopback: behind a reverse proxy on the same host
 * every request comes from loopback. Without the header: 401 `missing_api_key`; any other credential
 * (an API key too): 403 `forbidden`; no token configured: 404, as if there were no such route (the rule of
 * every operator route: `requireOperator`, api/pipeline/caller.ts). A scrape is not an operation: it is
 * neither counted nor metered.
 *
 * The same figures reach the dashboard through `app.serviceMetrics.overview()`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.js';
import { requireOperator } from '../pipeline/caller.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { createServiceMetrics, type ServiceMetrics } from './service-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's metrics: the /metrics registry and the dashboard's operations overview. */
    serviceMetrics: ServiceMetrics;
  }
}

export const metricsPlugin = fp(async (app: FastifyInstance, options: { deps: Deps; pipeline: Pipeline }) => {
  const { deps } = options;
  const metrics = createServiceMetrics(deps, options.pipeline);
  app.decorate('serviceMetrics', metrics);
  app.addHook('onClose', async () => metrics.close());

  app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    requireOperator(request.headers.authorization, deps.settings.internalToken, 'Metrics', { failures: deps.access.operatorFailures, address: request.ip });
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
  });
}, { name: 'metrics' });
