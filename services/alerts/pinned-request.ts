/**
 * One POST over a connection pinned to an address already checked (webhook-url.ts): the request's socket
 * gets a `lookup` that answers every name with that address, so DNS is not asked again between the check
 * and the connection (a rebinding answer reaches nothing). The URL keeps its host name, so TLS still
 * sends it as SNI and verifies the certificate against it. No shared agent (`agent: false`): a pooled
 * socket opened by other code to the same name could lead anywhere. The answer's body is read and dropped
 * up to `MAX_RESPONSE_BYTES`; past that the connection is closed and the status stands.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** How much of a receiver's answer is read (and dropped) before the connection is closed. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface PinnedAddress { address: string; family: 4 | 6 }

/** What a receiver answered: its status and, for a redirect, where to. */
export interface PinnedAnswer { status: number; location: string | null }

export interface PinnedRequestOptions {
  /** Ends the exchange wherever it stands (the attempt's time budget). */
  signal: AbortSignal;
  /** Certificates to trust instead of the system's (tests only). */
  ca?: string[] | undefined;
  /** The address actually dialled for the checked one (tests only: a fake public address served on loopback). */
  dial?: ((checkedAddress: string) => string) | undefined;
}

/** A socket `lookup` that only ever gives `pinned`, in both the one-address and the `all` form (Node 20 asks for all). */
export function pinnedLookup(pinned: PinnedAddress, dial: (address: string) => string = (a) => a): LookupFunction {
  const address = dial(pinned.address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family: pinned.family }]);
    else callback(null, address, pinned.family);
  };
}

/**
 * POSTs `body` to `url` at `pinned`; resolves once the answer is read (or its first `MAX_RESPONSE_BYTES`),
 * rejects on any socket or TLS error, an answer cut short, or `signal`.
 */
export function postPinned(
  url: URL, pinned: PinnedAddress, body: string, headers: Record<string, string>, options: PinnedRequestOptions,
): Promise<PinnedAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST', headers, agent: false, signal: options.signal, lookup: pinnedLookup(pinned, options.dial),
      ...(options.ca ? { ca: options.ca } : {}),
    }, (res) => {
      const answer = (): PinnedAnswer => ({ status: res.statusCode ?? 0, location: res.headers.location ?? null });
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > MAX_RESPONSE_BYTES) {
          resolve(answer());
          res.destroy();
        }
      });
      res.on('end', () => resolve(answer()));
      res.on('error', reject);
      res.on('close', () => {
        if (!res.complete) reject(new Error('the answer was cut short'));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
