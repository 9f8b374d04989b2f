/**
 * One call, four ways: REST (app.inject), tRPC (app.inject on /trpc), MCP (the SDK's own client over a
 * real HTTP listener) and the CLI (`bdds call` in process on the same store). Each returns the HTTP
 * status the transport reported and the envelope it delivered, so tests can compare them.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { main } from '../../api/cli.js';
import { ERROR_STATUS } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { FIXED_NOW, INTERNAL_TOKEN } from './deps.js';

export type TransportName = 'rest' | 'trpc' | 'mcp' | 'cli';
export const TRANSPORTS: readonly TransportName[] = ['rest', 'trpc', 'mcp', 'cli'];

export interface Delivered {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  envelope: any;
}

/** Raw parameters as strings (what a query string or a command line carries). */
export type RawInput = Record<string, string>;

export interface TransportHarness {
  call(transport: TransportName, op: AnyOperation, input: RawInput, credential: string | null): Promise<Delivered>;
  close(): Promise<void>;
}

/** `app` must be listening (MCP goes over real HTTP); `dir` holds the store (`bdds.sqlite`) the CLI opens. */
export function createHarness(app: FastifyInstance, url: string, dir: string, options: { replay?: boolean; now?: string } = {}): TransportHarness {
  const mcpClients = new Map<string, Promise<Client>>();
  const auth = (credential: string | null): Record<string, string> => (credential === null ? {} : { authorization: `Bearer ${credential}` });

  function mcpClient(credential: string | null): Promise<Client> {
    const id = credential ?? '';
    let client = mcpClients.get(id);
    if (!client) {
      client = (async () => {
        const c = new Client({ name: 'parity-test', version: '1.0.0' });
        await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: auth(credential) } }));
        return c;
      })();
      mcpClients.set(id, client);
    }
    return client;
  }

  const transports: Record<TransportName, (op: AnyOperation, input: RawInput, credential: string | null) => Promise<Delivered>> = {
    async rest(op, input, credential) {
      const pathParams = op.pathParams ?? [];
      const named = Object.entries(input).filter(([k]) => !pathParams.includes(k));
      const query = new URLSearchParams(named).toString();
      if (op.rest) {
        // A write: its own method and place; a POST sends the named values as a JSON body.
        const path = op.rest.path.replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(input[name] ?? ''));
        const post = op.rest.method === 'POST';
        const res = await app.inject({
          method: op.rest.method, url: `/api/v${op.versions[0]}${path}${!post && query ? `?${query}` : ''}`,
          headers: { ...auth(credential), ...(post ? { 'content-type': 'application/json' } : {}) },
          ...(post ? { payload: JSON.stringify(Object.fromEntries(named)) } : {}),
        });
        return { status: res.statusCode, envelope: res.json() };
      }
      const path = pathParams.map((p) => `/${encodeURIComponent(input[p] ?? '')}`).join('');
      const res = await app.inject({ url: `/api/v${op.versions[0]}/data/${op.slug}${path}${query ? `?${query}` : ''}`, headers: auth(credential) });
      return { status: res.statusCode, envelope: res.json() };
    },
    async trpc(op, input, credential) {
      // A write is a mutation: POSTed with its input as the body.
      const res = op.rest && op.rest.method !== 'GET'
        ? await app.inject({ method: 'POST', url: `/trpc/${op.name}`, headers: { ...auth(credential), 'content-type': 'application/json' }, payload: JSON.stringify(input) })
        : await app.inject({ url: `/trpc/${op.name}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: auth(credential) });
      const body = res.json();
      return { status: res.statusCode, envelope: body.error ? body.error.data.envelope : body.result.data };
    },
    async mcp(op, input, credential) {
      const result = await (await mcpClient(credential)).callTool({ name: op.name, arguments: input });
      return { status: (result._meta as { status: number }).status, envelope: result.structuredContent };
    },
    async cli(op, input, credential) {
      const lines: string[] = [];
      const env = {
        BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_NOW: options.now ?? FIXED_NOW, BDDS_INTERNAL_TOKEN: INTERNAL_TOKEN,
        BDDS_DEMO_REPLAY: options.replay === false ? '0' : '1', BDDS_LOG_LEVEL: 'silent', BDDS_THREADS: '1', BDDS_SERVICE_NAME: 'Test Border Service',
      };
      // Operations sharing a slug (alerts) are called by name.
      const args = ['call', op.rest ? op.name : op.slug, ...Object.entries(input).flatMap(([k, v]) => [`--${k}`, v])];
      // Without --key the CLI acts as the operator when BDDS_INTERNAL_TOKEN is set: a keyless call has neither.
      const { BDDS_INTERNAL_TOKEN: _operator, ...keyless } = env;
      const code = await main(credential === null ? args : [...args, '--key', credential], {
        env: credential === null ? keyless : env, out: (l) => lines.push(l), err: () => {}, errIsTty: false,
      });
      const envelope = JSON.parse(lines.join('\n'));
      if ((code === 0) !== envelope.ok) throw new Error(`bdds call exited ${code} for ok=${envelope.ok}`);
      return { status: envelope.ok ? 200 : statusOf(envelope.error.code, envelope.error.reason), envelope };
    },
  };

  return {
    call: (transport, op, input, credential) => transports[transport](op, input, credential),
    async close() {
      for (const client of mcpClients.values()) await (await client).close();
    },
  };
}

/** The CLI prints the envelope, not a status: the contract's status for an error code (403 for a refused known key). */
function statusOf(code: keyof typeof ERROR_STATUS, reason: string | undefined): number {
  return code === 'invalid_api_key' && reason !== undefined ? 403 : ERROR_STATUS[code];
}
