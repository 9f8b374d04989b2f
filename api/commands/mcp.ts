/** `bdds mcp [--key K]`: every product as MCP tools over stdio, in process, through the request pipeline. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from 'node:util';
import { createMcpServer } from '../mcp/tools.js';
import { createPipeline } from '../pipeline/pipeline.js';
import { operations } from '../../services/registry.js';
import { processIo, type CliIo } from './io.js';
import { openLocalService } from './local-service.js';

export const MCP_USAGE = `Usage: bdds mcp [--key <API key>]

Serves every product as an MCP tool over standard input and output (JSON-RPC), for an assistant that
starts this command. Calls go through the same pipeline as HTTP and count against the key's quota.
The caller: --key, else BDDS_API_KEY, else BDDS_INTERNAL_TOKEN (the operator: not metered).
Log lines go to standard error. Over HTTP the same tools are served at POST /mcp with the caller's
Authorization: Bearer header.`;

export async function mcpCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: { key: { type: 'string' } } });
  const service = await openLocalService(io, { lazy: true });
  const credential = values.key ?? io.env.BDDS_API_KEY ?? service.config.internalToken ?? undefined;
  const server = createMcpServer(operations, createPipeline(service.deps), {
    authorization: credential === undefined ? undefined : `Bearer ${credential}`, address: 'stdio',
  }, service.deps.settings.serviceName);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
  await service.close();
  return 0;
}
