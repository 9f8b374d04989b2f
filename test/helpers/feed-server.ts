/**
 * An upstream on a loopback port for the live feeds' tests: it answers as the test says, each request
 * recorded (method, path, headers), and can answer as real upstreams misbehave: an error status, never, a
 * byte at a time, an empty body, or 304 for the validators it gave.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { TestContext } from 'node:test';

export type Reply =
  | { kind: 'body'; status?: number; body: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'trickle'; body: string; everyMs: number }
  | { kind: 'cut'; body: string; declaredBytes: number };

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FeedServer {
  url: string;
  /** What the next requests get (until set again). */
  reply(reply: Reply | ((request: Received) => Reply)): void;
  requests: Received[];
}

export async function startFeedServer(t: TestContext): Promise<FeedServer> {
  let current: Reply | ((request: Received) => Reply) = { kind: 'body', body: '' };
  const requests: FeedServer['requests'] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const request: Received = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    requests.push(request);
    const reply = typeof current === 'function' ? current(request) : current;
    open.add(res);
    res.on('close', () => open.delete(res));
    if (reply.kind === 'hang') return;
    if (reply.kind === 'body') {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
      return;
    }
    if (reply.kind === 'cut') {
      res.writeHead(200, { 'content-length': String(reply.declaredBytes) });
      res.write(reply.body);
      res.socket?.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    let i = 0;
    const timer = setInterval(() => {
      if (i >= reply.body.length) {
        clearInterval(timer);
        res.end();
        return;
      }
      res.write(reply.body[i++]!);
    }, reply.everyMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    for (const timer of timers) clearInterval(timer);
    for (const res of open) res.socket?.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, reply: (r) => void (current = r), requests };
}
