import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { createTestDeps } from '../../helpers/deps.js';

describe('slow clients', () => {
  it('cuts off a client trickling its request, while others are served promptly', async (t) => {
    const { deps } = createTestDeps(t);
    const app = buildApp(deps, { timeouts: { requestTimeoutMs: 1_000 } });
    t.after(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    const request = 'GET /api/v1/data/status HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    let i = 0;
    const trickle = setInterval(() => socket.write(request[i++ % request.length]!), 150);
    const started = Date.now();
    const ended = new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => undefined);
    });

    const t0 = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/data/status`);
    assert.equal(res.status, 200);
    assert.ok(Date.now() - t0 < 1_000, 'a normal request is not held up by the slow one');

    const closedAfterMs = await ended;
    clearInterval(trickle);
    assert.ok(closedAfterMs < 4_000, `the slow client was cut off after ${closedAfterMs} ms`);
  });
});
