import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_ALIASES } from '../../../api/mcp/tools.js';
import { operations } from '../../../services/registry.js';
import { appWithKey, bearer, INTERNAL_TOKEN } from '../../helpers/deps.js';

/** An MCP client of `app` over Streamable HTTP on a real listener, calling with `key`; closed after the test. */
async function mcpClient(t: TestContext, app: FastifyInstance, key: string): Promise<Client> {
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  t.after(() => client.close());
  return client;
}

describe('MCP', () => {
  it('lists every product as a tool and calls queue with a key over Streamable HTTP, counted as on REST', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const client = await mcpClient(t, app, key);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...operations.map((op) => op.name), ...Object.keys(TOOL_ALIASES)].sort(),
      'every operation, and the established service\'s names as aliases');
    const queueTool = tools.find((tool) => tool.name === 'queue')!;
    assert.deepEqual(queueTool.inputSchema.required, ['ppid'], 'the input schema is the operation\'s');

    const result = await client.callTool({ name: 'queue', arguments: { ppid: 'id_129', section: 'snapshot' } });
    assert.equal(result.isError, false);
    const envelope = result.structuredContent as { ok: boolean; snapshot: { type_of_data: string }; usage: { requests_today: number } };
    assert.equal(envelope.ok, true);
    assert.equal(envelope.snapshot.type_of_data, 'replay');
    assert.equal(envelope.usage.requests_today, 1);
    const rest = await app.inject({ url: '/api/v1/data/queue?ppid=id_129&section=snapshot', headers: { authorization: `Bearer ${key}` } });
    assert.equal(rest.json().usage.requests_today, 2, 'the MCP call used the same counter');

    const bad = await client.callTool({ name: 'queue', arguments: { ppid: 'nope' } });
    assert.equal(bad.isError, true);
    assert.equal((bad._meta as { status: number }).status, 400);
    assert.equal((await app.inject({ url: '/mcp' })).statusCode, 405, 'stateless: no GET stream');
  });

  it("takes get_border_queue's destination as a number, a string or a list, as REST and the established service's tool do; an invalid call costs what the same invalid REST call costs", async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const client = await mcpClient(t, app, key);
    type Envelope = { ok: boolean; data: { destinations: number[] }; usage: { requests_today: number }; error?: { code: string; reason: string; message: string } };
    const tool = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: 'get_border_queue', arguments: args });
      return { status: (result._meta as { status: number }).status, body: result.structuredContent as Envelope };
    };
    const rest = async (path: string) => {
      const res = await app.inject({ url: `/api/v1/data/${path}`, headers: { authorization: `Bearer ${key}` } });
      return { status: res.statusCode, body: res.json() as Envelope };
    };
    const numeric = await tool({ origin: 1, destination: 2, crossing_type: 9 });
    assert.equal(numeric.status, 200, JSON.stringify(numeric.body.error));
    assert.deepEqual(numeric.body.data.destinations, [2]);
    const viaRest = await rest('border/1/2/9');
    assert.deepEqual(numeric.body.data, viaRest.body.data, 'the same answer as the REST path');
    assert.deepEqual((await tool({ origin: '1', destination: '2,3', crossing_type: '9' })).body.data.destinations, [2, 3]);
    assert.deepEqual((await tool({ origin: 1, destination: [3, 2], crossing_type: 9 })).body.data.destinations, [3, 2]);
    assert.equal((await tool({ origin: 1, destination: 'all', crossing_type: 9 })).status, 200);
    const counted = (await rest('border/1/2/9')).body.usage.requests_today;
    assert.equal(counted, 6, 'each answered call counted once, on one counter');

    // The same invalid call on both transports: the same 400 and exactly one unit each.
    const badTool = await tool({ origin: 1, destination: 99, crossing_type: 9 });
    const badRest = await rest('border/1/99/9');
    assert.deepEqual([badTool.status, badRest.status], [400, 400]);
    assert.deepEqual([badTool.body.error!.code, badTool.body.error!.reason], ['bad_request', 'unknown_country']);
    assert.equal(badTool.body.error!.message, badRest.body.error!.message);
    assert.deepEqual([badTool.body.usage.requests_today, badRest.body.usage.requests_today], [counted + 1, counted + 2], 'one unit each');
  });

  it('answers an unknown tool with the error envelope, uncounted, with a key or without one', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const client = await mcpClient(t, app, key);

    const result = await client.callTool({ name: 'get_border_queues', arguments: { ppid: 'id_129' } });
    assert.equal(result.isError, true);
    assert.equal((result._meta as { status: number }).status, 404);
    const envelope = result.structuredContent as { ok: boolean; product: string; attribution: string; error: { code: string; message: string; request_id: string } };
    assert.equal(envelope.ok, false);
    assert.equal(envelope.error.code, 'unknown_product');
    assert.match(envelope.error.message, /get_border_queues/);
    assert.match(envelope.error.message, /\bqueue\b.*tools\/list/, 'names the tools that exist');
    assert.match(envelope.error.request_id, /^[0-9a-f-]{36}$/);
    assert.match(envelope.attribution, /^Data by /);
    assert.deepEqual(JSON.parse((result.content as { text: string }[])[0]!.text), envelope, 'the same envelope as text');

    const rest = await app.inject({ url: '/api/v1/data/queue?ppid=id_129&section=snapshot', headers: { authorization: `Bearer ${key}` } });
    assert.equal(rest.json().usage.requests_today, 1, 'the unknown tool was not counted');

    // Without a credential, as a bare JSON-RPC POST: the same envelope, not a transport or server error.
    const bare = await app.inject({
      method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope', arguments: {} } },
    });
    assert.equal(bare.statusCode, 200);
    const answer = bare.json() as { result: { isError: boolean; structuredContent: { ok: boolean; error: { code: string } }; _meta: { status: number } } };
    assert.equal(answer.result.isError, true);
    assert.equal(answer.result._meta.status, 404);
    assert.equal(answer.result.structuredContent.ok, false);
    assert.equal(answer.result.structuredContent.error.code, 'unknown_product');
  });
});

describe('MCP over HTTP: the forms an API key may come in', () => {
  const post = (app: FastifyInstance, url: string, id: number, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => app.inject({
    method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    payload: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
  });
  type ToolAnswer = { result: { isError: boolean; structuredContent: { usage?: { requests_today: number }; error?: { code: string; message: string; reason?: string } }; _meta: { status: number } } };
  const envelopeOf = (res: { json: () => unknown }) => (res.json() as ToolAnswer).result.structuredContent;
  const statusOf = (res: { json: () => unknown }) => (res.json() as ToolAnswer).result._meta.status;

  it('takes X-API-Key and ?key= as REST and tRPC do, and never the internal token in the URL', async (t) => {
    const { app, key } = await appWithKey(t);
    const args = { country: 'PL' };
    const header = await post(app, '/mcp', 1, 'tradingSundays', args, { 'x-api-key': key });
    assert.equal(statusOf(header), 200, header.body.slice(0, 300));
    assert.equal(envelopeOf(header).usage!.requests_today, 1);
    const query = await post(app, `/mcp?key=${encodeURIComponent(key)}`, 2, 'tradingSundays', args);
    assert.equal(statusOf(query), 200, query.body.slice(0, 300));
    assert.equal(envelopeOf(query).usage!.requests_today, 2, 'the key in the query is the caller, on the same counter');
    const rest = await app.inject({ url: `/api/v1/data/trading-sundays?country=PL&key=${encodeURIComponent(key)}` });
    assert.equal(rest.json().usage.requests_today, 3, 'as REST counts it');

    const both = await post(app, `/mcp?key=bdds_${'a'.repeat(32)}`, 3, 'tradingSundays', args, bearer(key));
    assert.equal(statusOf(both), 200, 'a Bearer header comes first, as on REST');
    const basic = await post(app, `/mcp?key=${encodeURIComponent(key)}`, 4, 'tradingSundays', args, { authorization: 'Basic dXNlcjpwdw==' });
    assert.equal(statusOf(basic), 200, 'a header of another scheme carries no key: the query speaks');

    const token = await post(app, `/mcp?key=${encodeURIComponent(INTERNAL_TOKEN)}`, 5, 'tradingSundays', args);
    assert.equal(statusOf(token), 401, 'the internal token is refused from a URL, as on REST');
    assert.equal(envelopeOf(token).error!.code, 'invalid_api_key');
    assert.equal(envelopeOf(await post(app, '/mcp', 6, 'tradingSundays', args, bearer(INTERNAL_TOKEN))).usage, undefined,
      'in a header it is the operator (not metered)');

    const none = await post(app, '/mcp', 7, 'tradingSundays', args);
    assert.equal(statusOf(none), 401);
    assert.match(envelopeOf(none).error!.message, /X-API-Key: <key>, or \?key=<key>/, 'the message names forms that work here');

    // A key given twice is that, as on REST (not a missing key): the pipeline's 400, as the tool's result.
    const twice = await post(app, `/mcp?key=${encodeURIComponent(key)}&key=${encodeURIComponent(key)}`, 8, 'tradingSundays', args);
    assert.equal(statusOf(twice), 400);
    assert.deepEqual([envelopeOf(twice).error!.reason, envelopeOf(twice).error!.message],
      ['repeated_parameter', "Parameter 'key' is given more than once: send the API key once (or in the Authorization header)."]);
    assert.equal(envelopeOf(await post(app, '/mcp', 9, 'tradingSundays', args, { 'x-api-key': key })).usage!.requests_today, 6, 'not counted (five calls counted before)');
  });

  it('says so in the server card', async (t) => {
    const { app } = await appWithKey(t);
    const card = (await app.inject({ url: '/.well-known/mcp/server-card.json' })).json() as { authentication: { alternatives: string[] } };
    assert.deepEqual(card.authentication.alternatives, ['X-API-Key: <key>', '?key=<key>']);
  });
});
