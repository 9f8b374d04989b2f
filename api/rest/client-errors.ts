/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`): an
 * oversized request line or header block (431), a request not received in time (408), anything that is
 * not HTTP/1.1. Each is answered on the socket with the contract's envelope and an `X-Request-Id`, then
 * the connection is closed; nothing is counted, since no route ran.
 *
 * One refusal is recovered instead: a request target with raw (unencoded) UTF-8, which curl and many other
 * clients send (`?name=medyka,Шегині`) and Node's parser rejects. Its bytes >= 0x80 are percent-encoded
 * (what the client should have sent, so `name` decodes to the same text) and the request is parsed again
 * by the same server, on an in-memory connection relayed to the socket, with `Connection: close`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { ServiceError } from '../../models/errors.js';
import { attributionOf, errorBody } from '../pipeline/envelope.js';
import { EXPOSED_HEADER_LIST } from './http-basics.js';
import { headFromUrl } from './paths.js';

export interface ClientErrorOptions {
  serviceName: string;
  log: Logger;
  /** The HTTP server the recovered request is handed back to. */
  server: () => Server;
}

interface ParserError extends Error {
  code?: string;
  /** Where in `rawPacket` the parser stopped. */
  bytesParsed?: number;
  /** The chunk the parser was reading. */
  rawPacket?: unknown;
}

/**
 * After an answer the socket is half-closed and still read (so the rest of an oversized request does not
 * reset the connection before the client has read the answer), and destroyed at the latest this long after.
 */
const LINGER_MS = 1_000;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([^ ]+) (HTTP\/1\.[01])\r?$/;
const BODY_HEADER = /\r\n(?:content-length[ \t]*:[ \t]*(?!0*[ \t]*\r\n)|transfer-encoding[ \t]*:)/i;

function refusal(err: ParserError): ServiceError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('header_too_large', 'The URL and headers together are larger than the server accepts; send a shorter request.', { reason: 'header_too_large' });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError('bad_request', 'The request was not received in time.', { status: 408, reason: 'request_timeout' });
    case 'HPE_INVALID_URL':
      return new ServiceError('bad_request', 'The URL has characters that must be percent-encoded.', { reason: 'malformed_url' });
    default:
      return new ServiceError('bad_request', 'The request is not valid HTTP/1.1.', { reason: 'malformed_request' });
  }
}

/** The request target of the request line at the start of `packet`, when there is one (for the envelope head). */
function targetOf(packet: Buffer | null): string {
  if (!packet) return '';
  const end = packet.indexOf(0x0a);
  const line = packet.toString('latin1', 0, end === -1 ? Math.min(packet.length, 2_048) : Math.min(end, 2_048));
  return /^[A-Z]+ ([^ ]+)/.exec(line)?.[1] ?? '';
}

/**
 * The request the parser refused at `at`, its target's bytes >= 0x80 percent-encoded and `Connection: close`
 * added; null unless it is one whole GET-like request (request line and headers, no body) starting this
 * chunk, with raw non-ASCII in the target and nothing else wrong with the request line.
 */
export function reencodeRequest(packet: Buffer, at: number): Buffer | null {
  const start = packet.lastIndexOf(0x0a, Math.min(at, packet.length - 1)) + 1;
  // Only blank lines may come before it in this chunk (nothing of an earlier request).
  for (let i = 0; i < start; i++) if (packet[i] !== 0x0d && packet[i] !== 0x0a) return null;
  const lineEnd = packet.indexOf(0x0a, start);
  if (lineEnd === -1 || lineEnd < at) return null;
  const headersEnd = packet.indexOf('\r\n\r\n', lineEnd - 1, 'latin1');
  if (headersEnd === -1) return null;
  const match = REQUEST_LINE.exec(packet.toString('latin1', start, lineEnd));
  if (!match) return null;
  const [, method, target, version] = match as unknown as [string, string, string, string];
  if (!/[\x80-\xff]/.test(target)) return null;
  const headers = packet.subarray(lineEnd + 1, headersEnd + 4);
  if (BODY_HEADER.test(`\r\n${headers.toString('latin1')}`)) return null;
  let encoded = '';
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    encoded += code >= 0x80 ? `%${code.toString(16).toUpperCase()}` : target[i];
  }
  return Buffer.concat([Buffer.from(`${method} ${encoded} ${version}\r\nConnection: close\r\n`, 'latin1'), headers]);
}

/** An in-memory connection whose bytes go to `socket` and that reports the socket's addresses. */
function relayTo(socket: Socket): Duplex {
  const relay = new Duplex({
    read() {},
    write(chunk, _encoding, done) {
      if (socket.destroyed) done();
      else socket.write(chunk, () => done());
    },
    final(done) {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
      done();
    },
    destroy(error, done) {
      socket.destroy();
      done(error);
    },
  });
  for (const name of ['remoteAddress', 'remotePort', 'remoteFamily', 'localAddress', 'localPort'] as const) {
    Object.defineProperty(relay, name, { get: () => socket[name] });
  }
  socket.on('close', () => relay.destroy());
  return relay;
}

export function clientErrorHandler(options: ClientErrorOptions) {
  const attribution = attributionOf(options.serviceName);
  /** Sockets already answered or relayed: the parser reports every further chunk as an error again. */
  const handled = new WeakSet<object>();
  const relays = new WeakSet<object>();

  function answer(socket: Socket | Duplex, err: ParserError, packet: Buffer | null) {
    const requestId = randomUUID();
    const error = refusal(err);
    const inFlight = (socket as { _httpMessage?: { _headerSent?: boolean } | null })._httpMessage;
    options.log.info({ reqId: requestId, status: error.status, parserError: err.code }, 'request refused by the HTTP parser');
    if (!socket.writable || inFlight?._headerSent) {
      socket.destroy();
      return;
    }
    // Closed at once, like Node does: a timed-out request, or one behind an answer not yet sent (which never will be).
    const now = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || Boolean(inFlight);
    const body = JSON.stringify(errorBody(headFromUrl(targetOf(packet)), attribution, error, requestId));
    socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Access-Control-Allow-Origin: *\r\n' +
      `Access-Control-Expose-Headers: ${EXPOSED_HEADER_LIST}\r\n` +
      `Connection: close\r\n\r\n${body}`, () => {
      if (now) socket.destroy();
    });
    if (!now) setTimeout(() => socket.destroy(), LINGER_MS).unref();
  }

  return (err: ParserError, socket: Socket | Duplex) => {
    if (err.code === 'ECONNRESET' || socket.destroyed || handled.has(socket)) return;
    handled.add(socket);
    const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : null;
    const inFlight = (socket as { _httpMessage?: unknown })._httpMessage;
    if (err.code === 'HPE_INVALID_URL' && packet && !relays.has(socket) && !inFlight) {
      const request = reencodeRequest(packet, err.bytesParsed ?? 0);
      if (request) {
        const relay = relayTo(socket as Socket);
        relays.add(relay);
        options.server().emit('connection', relay);
        relay.push(request);
        return;
      }
    }
    answer(socket, err, packet);
  };
}
