/**
 * MCP over Streamable HTTP at `/mcp`, stateless: each POST gets its own server and transport, bound to
 * the caller's `Authorization` and address, and answered as plain JSON. GET and DELETE (sessions and
 * server-initiated streams) are not offered: 405.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../operation.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { sendError } from '../rest/error-handler.js';
import { createMcpServer } from './tools.js';

export async function mcpPlugin(app: FastifyInstance, options: { ops: readonly AnyOperation[]; pipeline: Pipeline; serviceName: string }) {
  app.post('/mcp', async (request, reply) => {
    const server = createMcpServer(options.ops, options.pipeline, { authorization: request.headers.authorization, address: request.ip });
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
  const notAllowed = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Allow', 'POST');
    return sendError(reply, request, new ServiceError('method_not_allowed', 'MCP here is stateless: POST JSON-RPC messages to /mcp.', { reason: 'method_not_allowed' }), options.serviceName);
  };
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
