/**
 * Smaller points of the contract a hostile tester found (issue 33, point 9): MCP's error for arguments that
 * are not an object, an oversized MCP body, other methods on /mcp, tRPC's attribution on its own errors,
 * the portal's CSP on a plain-http deployment, and the internal token in a URL.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createMailer } from '../../../api/portal/mailer.js';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { bearer, buildTestApp, captureLogger, INTERNAL_TOKEN, tempDir } from '../../helpers/deps.js';

const rpc = (body: unknown) => ({
  method: 'POST' as const, url: '/mcp', payload: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
});

describe('contract points', () => {
  it('MCP: arguments that are not an object are -32602 (invalid params), for any tool', async (t) => {
    const { app } = await buildTestApp(t);
    for (const args of ['ppid=id_129', ['id_129'], 42, null]) {
      const res = await app.inject(rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'queue', arguments: args } }));
      assert.equal(res.statusCode, 200, JSON.stringify(args));
      const answer = res.json() as { id: number; error?: { code: number } };
      assert.equal(answer.id, 7);
      assert.equal(answer.error?.code, -32602, `arguments ${JSON.stringify(args)}: ${res.body}`);
    }
    const fine = await app.inject(rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'status', arguments: {} } }));
    assert.equal((fine.json() as { result: { isError: boolean } }).result.isError, false, 'an object still calls the tool');
  });

  it('MCP over HTTP: an oversized body is 413 payload_too_large in the envelope; PUT and PATCH are 405 like GET and DELETE', async (t) => {
    const { app } = await buildTestApp(t);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'status', arguments: { pad: 'x'.repeat(2_000_000) } } });
    const res = await fetch(`${url}/mcp`, { method: 'POST', body: big, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
    assert.equal(res.status, 413);
    const envelope = ErrorEnvelope.parse(await res.json());
    assert.equal(envelope.error.code, 'payload_too_large');
    assert.notEqual(envelope.error.code, 'bad_request');
    for (const method of ['PUT', 'PATCH']) {
      const other = await fetch(`${url}/mcp`, { method, body: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal(other.status, 405, method);
      assert.equal(other.headers.get('allow'), 'POST');
      assert.equal(ErrorEnvelope.parse(await other.json()).error.code, 'method_not_allowed');
    }
  });

  it("tRPC: its own errors (an unknown procedure, unparsable input) carry the service's attribution", async (t) => {
    const { app } = await buildTestApp(t);
    for (const url of ['/trpc/noSuchProcedure', '/trpc/queue?input=%7Bnot-json', '/trpc/status,queue?batch=1&input=%5B']) {
      const res = await app.inject({ url });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${url}: ${res.statusCode}`);
      const body = res.json() as { error: { data: { envelope: { attribution: string } } } } | { error: { data: { envelope: { attribution: string } } } }[];
      for (const item of [body].flat()) assert.equal(item.error.data.envelope.attribution, 'Data by Test Border Service', url);
    }
  });

  it('portal: no upgrade-insecure-requests in the CSP when the public URL is plain http; kept for https', async (t) => {
    const { log } = captureLogger();
    const portal = (publicUrl: string) => ({
      mailer: createMailer({ smtpUrl: null, mailFrom: 'Test <no-reply@example.org>', outbox: join(tempDir(t), 'outbox') }, log, () => new Date()),
      publicUrl: () => publicUrl, secureCookies: publicUrl.startsWith('https:'),
    });
    const { app: plain } = await buildTestApp(t, { portal: portal('http://bdds.internal:8080') });
    const csp = String((await plain.inject({ url: '/portal' })).headers['content-security-policy']);
    assert.match(csp, /form-action 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
    // No public URL configured: the listener's own address, not known yet when the portal registers (an empty string).
    const { app: unset } = await buildTestApp(t, { portal: portal('') });
    assert.doesNotMatch(String((await unset.inject({ url: '/portal' })).headers['content-security-policy']), /upgrade-insecure-requests/);
    const { app: secure } = await buildTestApp(t, { portal: portal('https://bdds.example.org') });
    assert.match(String((await secure.inject({ url: '/portal' })).headers['content-security-policy']), /upgrade-insecure-requests/);
  });

  it('REST: the internal token is refused as ?key= (URLs end up in logs), and works in the header', async (t) => {
    const { app } = await buildTestApp(t);
    const url = '/api/v1/data/checkpoints?country=PL';
    for (let i = 0; i < 2; i++) { // the second time the answer is cached: the same-turn path must refuse it too
      const inUrl = await app.inject({ url: `${url}&key=${encodeURIComponent(INTERNAL_TOKEN)}` });
      assert.equal(inUrl.statusCode, 401, inUrl.body);
      assert.equal(ErrorEnvelope.parse(inUrl.json()).error.code, 'invalid_api_key');
      assert.equal((await app.inject({ url, headers: bearer(INTERNAL_TOKEN) })).statusCode, 200);
    }
  });
});
