import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_ALIASES } from '../../../api/mcp/tools.js';
import { operations } from '../../../services/registry.js';
import { appWithKey } from '../../helpers/deps.js';

describe('MCP', () => {
  it('lists every product as a tool and calls queue with a key over Streamable HTTP, counted as on REST', async (t) => {
    const { app, key } = await appWithKey(t, { seed: { history: true } });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    t.after(() => client.close());
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
});
