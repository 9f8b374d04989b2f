import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { appWithKey, FIXED_NOW, makeKey } from '../../helpers/deps.js';

/** `bdds mcp` as a process of its own, spoken to over its standard streams. */
describe('MCP over stdio', () => {
  it('serves the same tools over stdio from `bdds mcp`', async (t) => {
    const { deps, dir } = await appWithKey(t, { seed: { history: true } });
    const { key } = makeKey(deps);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'api/cli.ts', 'mcp', '--key', key],
      env: { BDDS_DB: join(dir, 'bdds.sqlite'), BDDS_NOW: FIXED_NOW, BDDS_LOG_LEVEL: 'silent', PATH: process.env.PATH ?? '' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    t.after(() => client.close());
    const result = await client.callTool({ name: 'updateInfo', arguments: { ppid: 'id_129' } });
    const envelope = result.structuredContent as { ok: boolean; usage: { requests_today: number; limit_today: number } };
    assert.equal(envelope.ok, true);
    assert.deepEqual([envelope.usage.requests_today, envelope.usage.limit_today], [1, 200], 'the Explorer key was metered');
  });
});
