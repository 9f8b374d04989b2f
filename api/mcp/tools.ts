/**
 * MCP: every registered operation as a tool (name = operation name, input schema = the operation's zod
 * input as JSON Schema, the same one OpenAPI publishes), plus the established service's tool names as
 * aliases (`TOOL_ALIASES`), each call a thin adapter onto the request
 * pipeline. The tool result carries the REST envelope as `structuredContent` and as text, `isError` for
 * an error envelope, and the HTTP status and headers the pipeline gave in `_meta`. A tool that does not
 * exist is answered the same way, with REST's error for an unknown product.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { jsonSchema } from '../openapi.js';
import type { AnyOperation } from '../../services/operation.js';
import { attributionOf, errorBody, httpStatusOf, NO_PRODUCT } from '../pipeline/envelope.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { echoed, ServiceError } from '../../models/errors.js';

export interface McpCaller {
  /** `Bearer <API key or internal token>`, as every transport passes it. */
  authorization: string | undefined;
  address: string;
  /** The credential came in the URL (`POST /mcp?key=`): an API key only, as on REST (the pipeline refuses the internal token there). */
  credentialInUrl?: boolean;
  /** `?key=` was given more than once (refused by the pipeline, as on REST). */
  credentialRepeated?: boolean;
}

const LooseToolCall = z.object({ method: z.literal('tools/call'), params: z.unknown() });

export const MCP_SERVER_INFO = { name: 'bdds', version: '1.0.0' };

/**
 * The tool names a client of the established service calls, each an alias of one of ours (same input, same
 * envelope, same counting): listed beside our names, never instead of them (docs/migrating.md).
 */
export const TOOL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  get_api_status: 'status',
  list_checkpoints: 'checkpoints',
  get_border_queue: 'border',
  get_live_queue: 'queue',
  get_queue_forecast: 'forecast',
});

function toolOf(op: AnyOperation, name = op.name) {
  const alias = name === op.name ? null : `Alias of \`${op.name}\` (the established service's tool name).`;
  return {
    name,
    title: op.summary,
    description: [op.summary, alias, op.description, op.access === 'keyed' ? `Quota class: ${op.quotaClass}.` : 'Public: never counted.']
      .filter(Boolean).join('\n\n'),
    inputSchema: jsonSchema(op.input, 'input') as { type: 'object'; properties?: Record<string, object> },
  };
}

/** Every operation by its own name, then the aliases of those present. */
export function toolNames(ops: readonly AnyOperation[]): Map<string, AnyOperation> {
  const byName = new Map(ops.map((op) => [op.name, op]));
  for (const [alias, target] of Object.entries(TOOL_ALIASES)) {
    const op = byName.get(target);
    if (op && !byName.has(alias)) byName.set(alias, op);
  }
  return byName;
}

/** The tools of `ops`, built once per list of operations (JSON Schemas of every input: not per request). */
const toolLists = new WeakMap<readonly AnyOperation[], { tools: ReturnType<typeof toolOf>[]; json: string }>();
function toolList(ops: readonly AnyOperation[]) {
  let list = toolLists.get(ops);
  if (!list) {
    const tools = [...toolNames(ops)].map(([name, op]) => toolOf(op, name));
    list = { tools, json: JSON.stringify({ tools }) };
    toolLists.set(ops, list);
  }
  return list;
}

export function listTools(ops: readonly AnyOperation[]) {
  return toolList(ops).tools;
}

/** The result of `tools/list` for `ops` as JSON text, serialised once. */
export const toolsListJson = (ops: readonly AnyOperation[]): string => toolList(ops).json;

/** A tool result from an answer: the envelope as structured content and as text, status and headers in `_meta`. */
function toolResult(status: number, headers: Record<string, string>, body: string) {
  return {
    isError: status >= 400,
    content: [{ type: 'text' as const, text: body }],
    structuredContent: JSON.parse(body) as Record<string, unknown>,
    _meta: { status, headers },
  };
}

/**
 * A call to a tool that does not exist: the error REST gives an unknown product (404 `unknown_product`),
 * naming our tools. Answered before the pipeline, so it is never counted, whoever the caller is (a key, the
 * operator, nobody), and never a JSON-RPC error: a client reads it like any other tool's refusal.
 */
function unknownTool(name: string, ops: readonly AnyOperation[], attribution: string) {
  const error = new ServiceError('unknown_product',
    `There is no tool '${echoed(name, 64)}'. The tools: ${ops.map((op) => op.name).join(', ')}, and their aliases; tools/list describes them.`);
  const body = JSON.stringify(errorBody(NO_PRODUCT, attribution, error, randomUUID()));
  return toolResult(error.status, { 'content-type': 'application/json; charset=utf-8' }, body);
}

/**
 * An MCP server whose tools call `pipeline` as `caller`. One per connection (stdio) or per request (HTTP).
 * `serviceName` is for the attribution of the errors answered here (an unknown tool), not by the pipeline.
 */
export function createMcpServer(ops: readonly AnyOperation[], pipeline: Pipeline, caller: McpCaller, serviceName: string): McpServer {
  const mcp = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  const byName = toolNames(ops);
  const tools = listTools(ops);
  const attribution = attributionOf(serviceName);
  // Our own handlers, not McpServer's registerTool: it would answer an unknown name with a JSON-RPC error.
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  // Registered with a loose schema: the SDK then checks the call itself and answers bad params (arguments
  // that are not an object) with -32602, invalid params; registered with its strict schema, the parse
  // failed first and the SDK answered -32603, an internal error.
  mcp.server.setRequestHandler(LooseToolCall, async (raw) => {
    const request = CallToolRequestSchema.parse(raw);
    const op = byName.get(request.params.name);
    if (!op) return unknownTool(request.params.name, ops, attribution);
    const outcome = await pipeline.call({
      op, transport: 'mcp', requestId: randomUUID(), authorization: caller.authorization, address: caller.address,
      credentialInUrl: caller.credentialInUrl === true, credentialRepeated: caller.credentialRepeated === true,
      params: { values: request.params.arguments ?? {}, text: false },
    });
    return toolResult(httpStatusOf(op, outcome.status), outcome.headers, outcome.body ?? '{}');
  });
  return mcp;
}
