/**
 * One delivery attempt of a webhook: the URL checked and resolved (webhook-url.ts), the body POSTed over a
 * connection pinned to the checked address (pinned-request.ts), within one time budget over the whole
 * exchange, resolution, connection, TLS, headers and body, as data/feeds/fetch.ts does for the feeds: a
 * receiver that trickles its answer is cut off like one that never answers. A 2xx answer is a delivery;
 * anything else is a failure named by a short token in `error` (what the outbox stores and retries on).
 *
 * Redirects: 307 and 308 keep the method and body by definition, so they are followed, at most
 * `maxRedirects` times, each new URL checked and resolved afresh (an https URL that redirects to an inside
 * address or to http is refused as that URL would be). 301, 302 and 303 let or make a client turn the POST
 * into a GET without the body, which no receiver of an event means: they are a failure,
 * `redirect_changes_method`, so that the client sees it and registers the URL the redirect names.
 */
import { postPinned } from './pinned-request.js';
import { resolveWebhookTarget, type LookupAll, type WebhookUrlReason } from './webhook-url.js';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 3;

export interface PostWebhookOptions {
  /** Development and tests: inside addresses and names, and `http:`, allowed (webhook-url.ts). */
  allowPrivate: boolean;
  /** The budget of the whole attempt, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves the host (tests inject one); `dns.promises.lookup` by default. */
  lookup?: LookupAll;
  /** Names the service to the receiver. */
  userAgent: string;
  /** Tests only, never set by the service: certificates trusted instead of the system's, and the address dialled for a checked one. */
  testNetwork?: { ca: string[]; dial: (checkedAddress: string) => string };
}

export type WebhookError =
  | WebhookUrlReason | 'timeout' | 'network' | 'tls' | 'http_status'
  | 'redirect_changes_method' | 'redirect_without_location' | 'too_many_redirects';

export interface WebhookAttempt {
  /** A 2xx answer. */
  ok: boolean;
  /** The last answer's HTTP status; null when no whole answer came (time-out, refused URL, network error). */
  status: number | null;
  /** Why the attempt failed, as a stable token; null when ok. */
  error: WebhookError | null;
  /** What happened, for a person (the refused address, the socket error); null when ok. */
  detail: string | null;
  durationMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One attempt to deliver `body` to `target.url`; never throws for anything the network or the receiver does. */
export async function postWebhook(
  target: { url: string },
  body: string,
  headers: Record<string, string>,
  options: PostWebhookOptions,
): Promise<WebhookAttempt> {
  const startedMs = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(timeoutMs);
  const sent = {
    'content-type': 'application/json', ...headers, 'user-agent': options.userAgent, 'content-length': String(Buffer.byteLength(body)),
  };
  const done = (status: number | null, error: WebhookError | null, detail: string | null): WebhookAttempt =>
    ({ ok: error === null, status, error, detail, durationMs: Math.round(performance.now() - startedMs) });

  const pinning = { signal, ca: options.testNetwork?.ca, dial: options.testNetwork?.dial };
  let url = target.url;
  for (let hop = 0; ; hop++) {
    let status: number;
    let location: string | null;
    try {
      const resolved = await untilAborted(resolveWebhookTarget(url, { allowPrivate: options.allowPrivate, lookup: options.lookup }), signal);
      if (!resolved.ok) return done(null, resolved.reason, hop === 0 ? resolved.message : `redirected: ${resolved.message}`);
      ({ status, location } = await postPinned(resolved.url, resolved, body, sent, pinning));
    } catch (err) {
      if (signal.aborted) return done(null, 'timeout', `no complete answer within ${timeoutMs} ms`);
      const code = (err as NodeJS.ErrnoException).code ?? '';
      return done(null, /CERT|TLS|SSL/.test(code) ? 'tls' : 'network', `${code ? `${code}: ` : ''}${(err as Error).message}`);
    }
    if (status >= 200 && status < 300) return done(status, null, null);
    if (!REDIRECTS.has(status)) return done(status, 'http_status', `HTTP ${status}`);
    if (status !== 307 && status !== 308) {
      return done(status, 'redirect_changes_method', `HTTP ${status} would turn the POST into a GET: register the URL it names`);
    }
    if (location === null) return done(status, 'redirect_without_location', `HTTP ${status} without a Location`);
    if (hop >= maxRedirects) return done(status, 'too_many_redirects', `more than ${maxRedirects} redirects`);
    if (!URL.canParse(location, url)) return done(status, 'invalid_url', 'the redirect names no valid URL');
    url = new URL(location, url).href;
  }
}

/** `promise`, or the budget's abort if that comes first (a DNS lookup cannot itself be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
