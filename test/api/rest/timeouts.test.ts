import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { buildApp } from '../../../api/app.js';
import { createTestDeps } from '../../helpers/deps.js';

describe('slow clients', () => {
  // How long the cut-off takes is the configured time-out; no wall-clock figure is asserted here (bench/ measures).
  it('cuts off a client trickling its request, while others are served meanwhile', { timeout: 30_000 }, async (t) => {
    const { deps } = createTestDeps(t);
    const app = buildApp(deps, { timeouts: { requestTimeoutMs: 1_000 } });
    t.after(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    const request = 'GET /api/v1/data/status HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    let i = 0;
    // The client never finishes its headers: any end of this socket is the server's doing.
    const trickle = setInterval(() => socket.write(request[i++ % request.length]!), 150);
    t.after(() => clearInterval(trickle));
    let closed = false;
    const ended = new Promise<void>((resolve) => {
      socket.on('close', () => resolve(void (closed = true)));
      socket.on('error', () => undefined);
    });

    const res = await fetch(`http://127.0.0.1:${port}/api/v1/data/status`);
    assert.equal(res.status, 200);
    assert.equal(closed, false, 'a normal request is answered while the slow one is still being sent');

    // Cut off by the request time-out (1 s here); a server without one would keep it until the test's own time-out.
    await ended;
    assert.equal(closed, true);
  });
});
