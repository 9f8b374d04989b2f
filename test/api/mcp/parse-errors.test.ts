/**
 * POST /mcp refused before its handler runs is still answered in JSON-RPC, with the service's envelope as the
 * error's data: a body that is not JSON is the parse error (-32700, HTTP 400), JSON that is not JSON-RPC an
 * invalid request (-32600, HTTP 400), a content type with no parser 415; an
 * oversized body stays the service's 413 envelope (bounds.test.ts). The Accept header is not a reason to
 * refuse: the answer is JSON whatever it says, as on REST.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorEnvelope } from '../../../models/envelope.js';
import { appWithKey, buildTestApp } from '../../helpers/deps.js';

const ACCEPT = 'application/json, text/event-stream';

interface JsonRpcError {
  jsonrpc: string;
  id: unknown;
  error: { code: number; message: string; data?: unknown };
}

describe('MCP over HTTP: what is not JSON', () => {
  it('answers a body that is not JSON with a JSON-RPC parse error, HTTP 400, whatever the Accept header', async (t) => {
    const { app } = await buildTestApp(t);
    for (const [payload, accept] of [['not json', ACCEPT], ['{"jsonrpc":"2.0","id":1,', ACCEPT], ['', ACCEPT], ['not json', 'application/json']] as const) {
      const res = await app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept }, payload });
      const label = JSON.stringify(payload);
      assert.equal(res.statusCode, 400, label);
      assert.match(String(res.headers['content-type']), /^application\/json/, label);
      assert.ok(res.headers['x-request-id'], 'the request id as on every answer');
      assert.equal(res.headers['access-control-allow-origin'], '*');
      const body = res.json() as JsonRpcError & { ok?: unknown };
      assert.equal(body.ok, undefined, `${label}: not the REST envelope`);
      assert.equal(body.jsonrpc, '2.0', label);
      assert.equal(body.id, null, label);
      assert.equal(body.error.code, -32700, label);
      assert.match(body.error.message, /^Parse error/, label);
      const envelope = ErrorEnvelope.parse(body.error.data);
      assert.equal(envelope.error.code, 'bad_request');
      assert.equal(envelope.error.request_id, res.headers['x-request-id']);
    }
  });

  it('answers a body not sent as application/json with 415 in JSON-RPC, the envelope as its data, whatever the type', async (t) => {
    const { app } = await buildTestApp(t);
    const answers = [];
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': contentType, accept: ACCEPT }, payload: 'a=b' });
      assert.equal(res.statusCode, 415, contentType);
      const body = res.json() as JsonRpcError;
      assert.equal(body.jsonrpc, '2.0', contentType);
      assert.equal(body.id, null);
      // The envelope as the data, as tRPC's 415 has it.
      const envelope = ErrorEnvelope.parse(body.error.data);
      assert.deepEqual([envelope.error.code, envelope.error.reason, envelope.error.request_id], ['bad_request', 'unsupported_media_type', res.headers['x-request-id']]);
      answers.push({ ...body.error, data: null });
    }
    for (const error of answers.slice(1)) assert.deepEqual(error, answers[0], 'one refusal whatever the type');
  });

  it('answers JSON that is not JSON-RPC as an invalid request (-32600) with the envelope, and a well-formed call as before', async (t) => {
    const { app } = await buildTestApp(t);
    for (const payload of ['{"hello":1}', '[1,2]', '"tools/list"', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"id":2}]',
      // What the SDK's own schema refuses: a null or fractional or object id, params that are not an object, an extra member, a bare result.
      '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', '{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"status"}}',
      '{"jsonrpc":"2.0","id":{},"method":"tools/list"}', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":5}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","extra":true}', '{"jsonrpc":"2.0","result":{}}', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}']) {
      const notRpc = await app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: ACCEPT }, payload });
      assert.equal(notRpc.statusCode, 400, payload);
      const body = notRpc.json() as JsonRpcError;
      assert.deepEqual([body.jsonrpc, body.id, body.error.code], ['2.0', null, -32600], payload);
      assert.equal(ErrorEnvelope.parse(body.error.data).error.reason, 'not_json_rpc', payload);
    }
    const list = await app.inject({
      method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: ACCEPT },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().id, 3);
  });
});

describe('MCP over HTTP: what the SDK refuses itself', () => {
  it('answers a protocol version it does not speak with the SDK\'s 400, the envelope as the error\'s data', async (t) => {
    const { app } = await buildTestApp(t);
    const res = await app.inject({
      method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': '1999-01-01' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'status', arguments: {} } }),
    });
    assert.equal(res.statusCode, 400);
    const body = res.json() as JsonRpcError;
    assert.match(body.error.message, /protocol version/i);
    const envelope = ErrorEnvelope.parse(body.error.data);
    assert.deepEqual([envelope.error.code, envelope.error.reason, envelope.error.request_id], ['bad_request', 'mcp_refused', res.headers['x-request-id']]);
    assert.equal(envelope.error.message, body.error.message);
  });
});

describe('MCP over HTTP: the Accept header', () => {
  it('answers whatever the Accept header says (none, JSON only, anything), in JSON, as REST does', async (t) => {
    const { app, key } = await appWithKey(t);
    const rest = await app.inject({ url: '/api/v1/data/trading-sundays?country=PL', headers: { authorization: `Bearer ${key}`, accept: 'text/html' } });
    assert.equal(rest.statusCode, 200, 'REST disregards Accept');
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'tradingSundays', arguments: { country: 'PL' } } },
    ];
    for (const accept of [undefined, 'application/json', 'text/event-stream', '*/*', 'text/html']) {
      for (const message of messages) {
        const label = `Accept ${accept ?? '(none)'}, ${message.method}`;
        const res = await app.inject({
          method: 'POST', url: '/mcp', payload: JSON.stringify(message),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...(accept === undefined ? {} : { accept }) },
        });
        assert.equal(res.statusCode, 200, `${label}: ${res.body.slice(0, 200)}`);
        assert.match(String(res.headers['content-type']), /^application\/json/, label);
        const answer = res.json() as { id: number; result?: { isError?: boolean }; error?: unknown };
        assert.equal(answer.id, message.id, label);
        assert.ok(answer.result && !answer.result.isError, `${label}: ${res.body.slice(0, 200)}`);
      }
    }
  });
});
