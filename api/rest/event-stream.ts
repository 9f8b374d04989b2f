/**
 * Server-Sent Events for a streamed operation (`queue-stream`, op.stream), for a client that accepts
 * `text/event-stream` (without it, the product answers once, as on every transport): the call goes through the
 * pipeline once (the key, the per-second limit, one count, the answer); a refused call is answered as any
 * REST error. An admitted one stays open: a `snapshot` event with the envelope (or, on a reconnect with
 * `Last-Event-ID`, the readings since that event), then a `reading` event per new reading of its
 * checkpoints as the data versions move (this process's writes at once, another's at the next poll), a
 * comment every 15 s, and an `error` event and the end when the key is revoked or the server stops.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StreamReading } from '../../models/queue-stream.js';
import { QueueStreamInput } from '../../models/queue-stream.js';
import { PPID_PATTERN } from '../../models/query.js';
import { isServiceError, ServiceError } from '../../models/errors.js';
import type { AnyOperation } from '../../services/operation.js';
import { readingsAfter, streamEventId } from '../../services/products/queue-stream.js';
import { bearerToken } from '../access/authenticate.js';
import type { Deps } from '../deps.js';
import { identifyCaller, isInternalToken, type CallerKind } from '../pipeline/caller.js';
import { toServiceError } from '../pipeline/errors.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { routePath } from './paths.js';
import { credentialOf } from './routes.js';
import { sendError } from './error-handler.js';

/** Open streams one key may hold on one instance. */
export const MAX_STREAMS_PER_KEY = 5;
export const HEARTBEAT_MS = 15_000;

export interface EventStreamOptions {
  ops: readonly AnyOperation[];
  pipeline: Pipeline;
  deps: Deps;
  heartbeatMs?: number;
}

/** `<unix s>-<ppid>`, the ppid as the API writes it (PPID_PATTERN: no leading zeros). */
const LAST_EVENT_ID = new RegExp(`^(\\d{1,12})-(${PPID_PATTERN.source.slice(1, -1)})$`);

const eventText = (event: string, data: unknown, id?: string) => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const eventStreamPlugin = fp(async (app: FastifyInstance, options: EventStreamOptions) => {
  const { deps, pipeline } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  /**
   * Open streams per key (or the operator's token): the secret itself, however it came (`Bearer`, `bearer`
   * with more spaces, `X-API-Key`, `?key=`: bearerToken reads one string from each), so that no form of a key
   * opens five more.
   */
  const open = new Map<string, number>();
  const closers = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
  });

  /**
   * The answer to a stream past the per-key limit, given only once the caller is known: a key that holds
   * streams but is no longer valid (expired, or revoked elsewhere: its streams end at the next heartbeat) gets
   * its 401/403 as any call would, never this 429. For a key the refusal is a call like a HEAD: it takes a
   * per-second token (a client retrying in a loop meets qps_exceeded), counts nothing, and carries the key's
   * `RateLimit-Policy`, its `RateLimit` as the counter stands, and `Retry-After`, as the pipeline's 429s do.
   */
  async function streamRefusal(op: AnyOperation, credential: ReturnType<typeof credentialOf>, request: FastifyRequest, held: number) {
    const tooMany = (headers?: Record<string, string>) => new ServiceError('qps_exceeded',
      `This key holds ${held} open streams, the most it may; close one first.`, { reason: 'too_many_streams', retryAfterS: 5, ...(headers ? { headers } : {}) });
    let caller: CallerKind = 'anonymous';
    try {
      const identified = identifyCaller(deps, true, credential.authorization, request.ip, false, credential.inUrl);
      caller = identified.kind;
      // The operator's token is limited in streams too, but has no plan: no rate-limit headers (as on its other answers).
      if (identified.kind !== 'key') return { caller, error: tooMany() };
      const meter = await deps.access.admit(identified.principal, op.quotaClass!);
      await meter.peek();
      return { caller, error: tooMany(meter.headers()) };
    } catch (err) {
      return { caller, error: toServiceError(err, request.log, request.id) };
    }
  }

  /** A refusal answered here rather than by the pipeline: its headers as the pipeline sets them, and in the call metrics. */
  function refuse(op: AnyOperation, request: FastifyRequest, reply: FastifyReply, caller: CallerKind, error: ServiceError) {
    pipeline.metrics.record(op.name, 'rest', caller, error.status);
    if (error.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="bdds"');
    return sendError(reply, request, error, deps.settings.serviceName);
  }

  function serve(op: AnyOperation, version: 1 | 2, request: FastifyRequest, reply: FastifyReply) {
    return async () => {
      const credential = credentialOf(request);
      // Without `Accept: text/event-stream` (EventSource always sends it) the product answers once, as on every transport.
      const streamed = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/event-stream');
      // No key, no slot: the pipeline answers 401. A slot is only ever held past its call by an admitted key.
      const slot = streamed ? bearerToken(credential.authorization) : null;
      const held = slot === null ? 0 : open.get(slot) ?? 0;
      if (slot !== null && held >= MAX_STREAMS_PER_KEY) {
        const { caller, error } = await streamRefusal(op, credential, request, held);
        return refuse(op, request, reply, caller, error);
      }
      // The slot is taken before the call, so that connections opened together cannot all pass the check.
      const release = () => {
        if (slot === null) return;
        const n = (open.get(slot) ?? 1) - 1;
        if (n > 0) open.set(slot, n);
        else open.delete(slot);
      };
      if (slot !== null) open.set(slot, held + 1);
      const outcome = await pipeline.call({
        op, version, transport: 'rest', requestId: request.id, authorization: credential.authorization, address: request.ip,
        params: { values: credential.query, text: true }, credentialInUrl: credential.inUrl,
        credentialRepeated: credential.repeated, countable: request.method !== 'HEAD',
      });
      if (!streamed || outcome.status !== 200) {
        release();
        return reply.code(outcome.status).headers(outcome.headers).send(outcome.body ?? undefined);
      }
      const lastEventId = request.headers['last-event-id'];
      const resume = typeof lastEventId === 'string' ? LAST_EVENT_ID.exec(lastEventId.trim()) : null;
      const authorization = credential.authorization!;
      const ppids = QueueStreamInput.parse(Object.fromEntries(Object.entries(credential.query as Record<string, string>).filter(([k]) => k === 'ppid'))).ppid;

      reply.hijack();
      const raw = reply.raw;
      const { 'content-type': _type, etag: _etag, ...rateHeaders } = outcome.headers;
      // What every response gets (the request id, CORS, the security headers: set on the reply by the hooks) goes
      // out too: a hijacked reply writes its own head.
      raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...rateHeaders, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
      // The newest reading sent per checkpoint: a new reading is one after its own checkpoint's, so that a
      // feed's reading stored late, older than another checkpoint's already sent, is not lost.
      const sent = new Map<string, number>();
      const send = (rows: { ts: number; reading: StreamReading }[]) => {
        for (const { ts, reading } of rows) {
          raw.write(eventText('reading', reading, streamEventId(ts, reading.ppid)));
          sent.set(reading.ppid, Math.max(ts, sent.get(reading.ppid) ?? 0));
        }
      };
      if (resume) {
        const after = { ts: Number(resume[1]), ppid: resume[2]! };
        for (const ppid of ppids) sent.set(ppid, after.ts);
        send(readingsAfter(deps, ppids, after).readings);
      } else {
        // The snapshot's own readings (the answer's), not read again: what it holds is what was sent.
        const snapshot = JSON.parse(outcome.body!) as { data: { readings: StreamReading[] } };
        const times = snapshot.data.readings.map((r) => ({ ts: Date.parse(r.at) / 1000, ppid: r.ppid }));
        for (const { ts, ppid } of times) sent.set(ppid, ts);
        const newest = times.at(-1);
        raw.write(eventText('snapshot', snapshot, newest ? streamEventId(newest.ts, newest.ppid) : undefined));
      }

      let closed = false;
      const close = (error?: ServiceError) => {
        if (closed) return;
        closed = true;
        if (error) raw.write(eventText('error', { code: error.code, reason: error.reason ?? null, message: error.message }));
        raw.end();
      };
      const watched = new Set(ppids);
      const stopReadings = deps.versions.changes.on((change) => {
        const moved = change.readingsMoved.filter((p) => watched.has(p));
        if (closed || moved.length === 0) return;
        const rows = moved.flatMap((ppid) => readingsAfter(deps, [ppid], { ts: sent.get(ppid) ?? 0, ppid }).readings);
        send(rows.sort((a, b) => a.ts - b.ts || (a.reading.ppid < b.reading.ppid ? -1 : 1)));
      });
      // The key is looked at again whenever keys change here, and with each heartbeat (changes made elsewhere).
      const operator = !credential.inUrl && isInternalToken(authorization, deps.settings.internalToken);
      const checkKey = () => {
        if (operator) return;
        try {
          deps.access.authenticate(authorization, request.ip);
        } catch (err) {
          close(isServiceError(err) ? err : new ServiceError('invalid_api_key', 'The key is no longer valid.'));
        }
      };
      const stopKeys = deps.repos.keys.changes.on(() => setImmediate(checkKey));
      const heartbeat = setInterval(() => {
        checkKey();
        if (!closed) raw.write(': heartbeat\n\n');
      }, heartbeatMs);
      const end = () => close(new ServiceError('service_unavailable', 'The server is stopping; reconnect with Last-Event-ID.', { reason: 'shutting_down' }));
      closers.add(end);
      raw.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        stopReadings();
        stopKeys();
        closers.delete(end);
        release();
      });
    };
  }

  for (const op of options.ops) {
    if (!op.stream) continue;
    for (const version of op.versions) {
      app.get(routePath(op, version), (request, reply) => serve(op, version, request, reply)());
    }
  }
}, { name: 'event-stream' });
