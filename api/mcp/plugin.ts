/**
 * MCP over Streamable HTTP at `/mcp`, stateless: each POST gets its own server and transport, bound to
 * the caller's credential and address, and answered as plain JSON. GET and DELETE (sessions and
 * server-initiated streams), PUT and PATCH are not offered: 405.
 *
 * The credential is read as REST reads it (`credentialOf`: `Authorization: Bearer`, else `X-API-Key`, else
 * `?key=`, which never takes the internal token), so every transport takes the forms the 401's advice names.
 * The answer is JSON whatever `Accept` says, as on REST: the SDK's transport demands both JSON and event
 * streams in it and answered 406 in its own shape, outside the envelope, to clients that send none.
 *
 * Bounded, since a POST needs no key (tools/list is public) and one POST may hold a batch: the body at
 * `MCP_MAX_BODY_BYTES` before it is parsed (413), a batch at `MCP_MAX_BATCH` messages, the answer at
 * `MCP_MAX_RESPONSE_BYTES` (both 400 with JSON-RPC -32600, as an empty batch is); a lone `tools/list` is
 * answered from the list serialised once, without a server. A body that is not JSON is JSON-RPC's parse
 * error (400, -32700).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { attributionOf, errorBody, NO_PRODUCT } from '../pipeline/envelope.js';
import { isJsonType } from '../pipeline/params.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { credentialOf, withoutQueryKey } from '../rest/routes.js';
import { createMcpServer, listTools, MCP_SERVER_INFO, toolsListJson } from './tools.js';

/** A POST's body, refused before it is parsed beyond this: tool arguments are a product's parameters. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;
/** Messages in one batch (the SDK's own limit is 100). */
export const MCP_MAX_BATCH = 10;
/**
 * The answers to one POST of several messages (ten tool lists are about 340 KB). A lone message's answer is
 * sent whatever its size, as REST sends the same product's: `fuelCities` for Italy (457 KB over REST, twice
 * that as a tool result's text and structured content) was refused with advice no client could follow.
 */
export const MCP_MAX_RESPONSE_BYTES = 512 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The Accept the SDK's transport demands of every POST, handed to it whatever the client sent: the answer is
 * JSON in any case (`enableJsonResponse`), and REST disregards Accept too (RFC 9110 12.5.1 lets a server).
 */
const SDK_ACCEPT = 'application/json, text/event-stream';
const jsonRpcId = (id: unknown) => (typeof id === 'string' || Number.isInteger(id) ? id as string | number : null);
/** A message the SDK's transport takes (its own schema: a JSON-RPC 2.0 request, notification or response, integer or string ids). */
const isJsonRpcMessage = (value: unknown): boolean => JSONRPCMessageSchema.safeParse(value).success;

/** A lone request for the tool list that the SDK would answer. */
function loneToolsList(body: unknown): { id: string | number } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const message = body as Record<string, unknown>;
  const id = jsonRpcId(message.id);
  const params = message.params;
  const plainParams = params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params));
  return message.jsonrpc === '2.0' && message.method === 'tools/list' && id !== null && plainParams ? { id } : null;
}

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
      alternatives: ['X-API-Key: <key>', '?key=<key>'],
      note: 'Every tool but status needs an API key: sign up at /portal.',
    },
    capabilities: { tools: {} },
    tools: listTools(ops).map((tool) => ({ name: tool.name, title: tool.title })),
    documentation: '/docs',
  };
}

/** The request as the SDK's transport reads it: its headers with the Accept it demands, its URL without the key. */
function sdkRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  headers.set('accept', SDK_ACCEPT);
  return new Request(`http://mcp.local${withoutQueryKey(request.url)}`, { method: 'POST', headers });
}

export async function mcpPlugin(app: FastifyInstance, options: { ops: readonly AnyOperation[]; pipeline: Pipeline; serviceName: string }) {
  const cardJson = JSON.stringify(serverCard(options.ops, options.serviceName));
  app.get('/.well-known/mcp/server-card.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(cardJson));
  const attribution = attributionOf(options.serviceName);
  /** A refused POST: JSON-RPC's invalid request, with the service's error envelope as its data. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, message: string, reason: string) => {
    const error = new ServiceError('bad_request', message, { reason });
    return reply.code(400).type(JSON_TYPE).send({
      jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${message}`, data: errorBody(NO_PRODUCT, attribution, error, request.id) },
    });
  };
  /**
   * A refusal the SDK's transport made itself (a protocol version it does not speak, say): its JSON-RPC error
   * with the service's envelope as the data, as every refusal made here has it.
   */
  const withEnvelope = (text: string, status: number, request: FastifyRequest): string => {
    let answer: { error?: { message?: unknown; data?: unknown } };
    try {
      answer = JSON.parse(text);
    } catch {
      return text;
    }
    if (!answer?.error || typeof answer.error !== 'object' || answer.error.data !== undefined) return text;
    const message = typeof answer.error.message === 'string' ? answer.error.message : 'The request was refused.';
    const error = new ServiceError('bad_request', message, { status, reason: 'mcp_refused' });
    return JSON.stringify({ ...answer, error: { ...answer.error, data: errorBody(NO_PRODUCT, attribution, error, request.id) } });
  };
  /** A body that is not `application/json` (text/plain reaches the handler, other types Fastify refuses): as tRPC's 415, with the envelope as its data. */
  const unsupportedType = (request: FastifyRequest, reply: FastifyReply) => {
    const error = new ServiceError('bad_request', 'A JSON-RPC message is a JSON body: send it with Content-Type: application/json.',
      { status: 415, reason: 'unsupported_media_type' });
    return reply.code(415).type(JSON_TYPE).send({
      jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json', data: errorBody(NO_PRODUCT, attribution, error, request.id) },
    });
  };
  /**
   * What Fastify refuses before the handler, answered in JSON-RPC as the SDK answers its own refusals: a body
   * that is not JSON (empty, or not parsing) is JSON-RPC's parse error (-32700, HTTP 400), a content type
   * Fastify has no parser for is 415 as the SDK has it. Anything else (an oversized body: 413 `payload_too_large`)
   * goes on to the service's error handler and its envelope, by being thrown on.
   */
  const parseRefusal = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The body is empty; send a JSON-RPC message.' : 'The body is not valid JSON.';
      const error = new ServiceError('bad_request', message, { reason: 'malformed_request' });
      return reply.code(400).type(JSON_TYPE).send({
        jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${message}`, data: errorBody(NO_PRODUCT, attribution, error, request.id) },
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedType(request, reply);
    throw err;
  };
  app.post('/mcp', { bodyLimit: MCP_MAX_BODY_BYTES, errorHandler: parseRefusal }, async (request, reply) => {
    const body = request.body;
    if (!isJsonType(request.headers['content-type'])) return unsupportedType(request, reply);
    // JSON-RPC 2.0 (section 6): an empty array is an invalid request. The SDK answered it 202, as if it held only notifications.
    if (Array.isArray(body) && body.length === 0) {
      return refuse(request, reply, 'The batch is empty; send at least one JSON-RPC message.', 'empty_batch');
    }
    // JSON that is not JSON-RPC (`{"hello":1}`, `[1, 2]`) is an invalid request (-32600), not the parse error the SDK calls it.
    if (!(Array.isArray(body) ? body : [body]).every(isJsonRpcMessage)) {
      return refuse(request, reply, 'Each message is a JSON-RPC 2.0 object: {"jsonrpc": "2.0", "method": ..., "id": ...}.', 'not_json_rpc');
    }
    if (Array.isArray(body) && body.length > MCP_MAX_BATCH) {
      return refuse(request, reply, `A batch holds at most ${MCP_MAX_BATCH} messages; send the rest in another request.`, 'batch_too_large');
    }
    const list = loneToolsList(body);
    if (list) return reply.type(JSON_TYPE).send(`{"result":${toolsListJson(options.ops)},"jsonrpc":"2.0","id":${JSON.stringify(list.id)}}`);

    const credential = credentialOf(request);
    const caller = { authorization: credential.authorization, credentialInUrl: credential.inUrl, credentialRepeated: credential.repeated, address: request.ip };
    const server = createMcpServer(options.ops, options.pipeline, caller, options.serviceName);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(sdkRequest(request), { parsedBody: body });
      const text = await answer.text();
      if (Array.isArray(body) && body.length > 1 && Buffer.byteLength(text) > MCP_MAX_RESPONSE_BYTES) {
        return refuse(request, reply, `The answers to this batch exceed ${MCP_MAX_RESPONSE_BYTES} bytes; send fewer messages per request.`, 'response_too_large');
      }
      reply.code(answer.status);
      answer.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(answer.status >= 400 ? withEnvelope(text, answer.status, request) : text === '' ? undefined : text);
    } finally {
      void transport.close();
      void server.close();
    }
  });
  // The envelope built here from the pipeline's parts, not by REST's error handler: MCP is its own transport.
  const notOffered = new ServiceError('method_not_allowed', 'MCP here is stateless: POST JSON-RPC messages to /mcp.', { reason: 'method_not_allowed' });
  const notAllowed = (request: FastifyRequest, reply: FastifyReply) => reply
    .status(notOffered.status)
    .header('Allow', 'POST')
    .type('application/json; charset=utf-8')
    .send(errorBody(NO_PRODUCT, attribution, notOffered, request.id));
  // Marked as refusals, so a CORS preflight of /mcp offers POST only (rest/http-basics.ts).
  app.route({ method: ['GET', 'DELETE', 'PUT', 'PATCH'], url: '/mcp', config: { refusesMethods: true }, handler: notAllowed });
}
