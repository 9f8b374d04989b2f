/**
 * A local upstream for feed tests that answers with bytes (zip, XLSX, XML) as the test sets: a status,
 * headers, and optionally a body cut short (`cutAfter`: the whole length declared, that many bytes sent,
 * then the connection dropped). It records the headers of every request (conditional GETs, User-Agent).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export interface UpstreamAnswer {
  status?: number;
  body: Buffer | string;
  headers?: Record<string, string>;
  cutAfter?: number;
}

export async function byteUpstream(t: TestContext, defaults: Record<string, string> = {}) {
  let answer: (headers: IncomingHttpHeaders) => UpstreamAnswer = () => ({ body: '' });
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    const a = answer(req.headers);
    const body = typeof a.body === 'string' ? Buffer.from(a.body) : a.body;
    res.writeHead(a.status ?? 200, { ...defaults, 'content-length': String(body.length), ...a.headers });
    if (a.cutAfter === undefined) return void res.end(body);
    res.write(body.subarray(0, a.cutAfter));
    res.socket?.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, answer: (fn: typeof answer) => void (answer = fn) };
}
