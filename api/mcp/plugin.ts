/**
 * MCP over Streamable HTTP at `/mcp`, stateless: each POST gets its own server and transport, bound to
 * the caller's `Authorization` and address, and answered as plain JSON. GET and DELETE (sessions and
 * server-initiated streams) are not offered: 405.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { headerCredential } from '../pipeline/caller.js';
import { attributionOf, errorBody, NO_PRODUCT } from '../pipeline/envelope.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { createMcpServer, listTools, MCP_SERVER_INFO } from './tools.js';

/**
 * The server card (`/.well-known/mcp/server-card.json`): what a client of the established service reads to
 * find the endpoint, the transport, how to authenticate and the tools (our names and their aliases).
 */
export function serverCard(ops: readonly AnyOperation[], serviceName: string) {
  return {
    name: MCP_SERVER_INFO.name,
    title: serviceName,
    version: MCP_SERVER_INFO.version,
    description: `${serviceName}: border queues, forecasts, fuel, truck bans and more as MCP tools (one per product).`,
    endpoint: '/mcp',
    transport: { type: 'streamable-http', url: '/mcp', stateless: true },
    authentication: {
      type: 'bearer',
      header: 'Authorization',
      scheme: 'Bearer',
      alternatives: ['X-API-Key: <key>'],
      note: 'Every tool but status needs an API key: sign up at /portal.',
    },
    capabilities: { tools: {} },
    tools: listTools(ops).map((tool) => ({ name: tool.name, title: tool.title })),
    documentation: '/docs',
  };
}

export async function mcpPlugin(app: FastifyInstance, options: { ops: readonly AnyOperation[]; pipeline: Pipeline; serviceName: string }) {
  const cardJson = JSON.stringify(serverCard(options.ops, options.serviceName));
  app.get('/.well-known/mcp/server-card.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(cardJson));
  app.post('/mcp', async (request, reply) => {
    const caller = { authorization: headerCredential(request.headers), address: request.ip };
    const server = createMcpServer(options.ops, options.pipeline, caller, options.serviceName);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // The hijacked reply skips Fastify's hooks' headers: set the ones every response carries.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // The envelope built here from the pipeline's parts, not by REST's error handler: MCP is its own transport.
  const notOffered = new ServiceError('method_not_allowed', 'MCP here is stateless: POST JSON-RPC messages to /mcp.', { reason: 'method_not_allowed' });
  const attribution = attributionOf(options.serviceName);
  const notAllowed = (request: FastifyRequest, reply: FastifyReply) => reply
    .status(notOffered.status)
    .header('Allow', 'POST')
    .type('application/json; charset=utf-8')
    .send(errorBody(NO_PRODUCT, attribution, notOffered, request.id));
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
