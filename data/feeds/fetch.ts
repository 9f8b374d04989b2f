/**
 * One polite fetch of a feed: a time budget over the whole exchange (connect, headers and body: a server
 * that trickles its answer is cut off like one that never answers), a cap on the body's size, a
 * conditional GET with the validators of the last good response (ETag, Last-Modified), and a User-Agent
 * naming the service. Any HTTP error, a body cut short or over the cap is a `FeedFetchError`: the caller
 * keeps the data it has.
 */
import { gunzipSync } from 'node:zlib';
import { documentText } from '../importers/places/document-text.js';

export class FeedFetchError extends Error {
  constructor(message: string, readonly reason: 'http' | 'timeout' | 'too-large' | 'network' | 'truncated') {
    super(message);
  }
}

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Validators of the last good response (sent as If-None-Match and If-Modified-Since). */
  etag?: string | null;
  lastModified?: string | null;
  /** Headers the upstream requires (eCherha's client headers). */
  headers?: Record<string, string>;
  /** Aborts the fetch from outside (the service stopping). */
  signal?: AbortSignal;
  /** POST with this body (a SOAP request) instead of a GET. */
  post?: string;
}

export type FetchResult =
  | { status: 'ok'; text: string; bytes: number; etag: string | null; lastModified: string | null }
  | { status: 'not-modified' };

export async function fetchFeed(url: string, options: FetchOptions): Promise<FetchResult> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*', ...options.headers };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const budget = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([budget, options.signal]) : budget;
  const timedOut = () => options.signal?.aborted
    ? new FeedFetchError('stopped: the service is closing', 'network')
    : new FeedFetchError(`no complete answer within ${options.timeoutMs} ms`, 'timeout');
  let res: Response;
  try {
    res = await fetch(url, { headers, signal, redirect: 'follow', ...(options.post !== undefined ? { method: 'POST', body: options.post } : {}) });
  } catch (err) {
    if (signal.aborted) throw timedOut();
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    // The server closed the connection mid-answer (headers or body sent, then gone): an answer cut short.
    if (cause?.code === 'UND_ERR_SOCKET') throw new FeedFetchError(`the answer was cut short: ${cause.message}`, 'truncated');
    throw new FeedFetchError(`could not reach ${new URL(url).host}: ${cause?.message ?? (err as Error).message}`, 'network');
  }
  if (res.status === 304) {
    await res.body?.cancel();
    return { status: 'not-modified' };
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedFetchError(`HTTP ${res.status}`, 'http');
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > options.maxBytes) {
    await res.body?.cancel();
    throw new FeedFetchError(`the answer is ${declared} bytes, over the ${options.maxBytes} allowed`, 'too-large');
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > options.maxBytes) {
        await reader.cancel();
        throw new FeedFetchError(`the answer is over the ${options.maxBytes} bytes allowed`, 'too-large');
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof FeedFetchError) throw err;
    if (signal.aborted) throw timedOut();
    throw new FeedFetchError(`the answer was cut short: ${(err as Error).message}`, 'truncated');
  }
  if (Number.isFinite(declared) && res.headers.get('content-encoding') === null && bytes !== declared) {
    throw new FeedFetchError(`the answer was cut short: ${bytes} of ${declared} bytes`, 'truncated');
  }
  let body = Buffer.concat(chunks);
  if (new URL(url).pathname.endsWith('.gz')) body = gunzipSync(body);
  // A spreadsheet (a zip) travels as Latin-1 text, byte for byte; anything else is UTF-8.
  return { status: 'ok', text: documentText(body), bytes, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
}
