/**
 * Signing a webhook's body so that its receiver can tell it came from the service, unchanged and
 * recently: Stripe's scheme, which receivers' libraries and docs already know. The header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the whole secret string (its
 * `whsec_` prefix included) as UTF-8; while a secret is being rotated the service signs with both, one
 * `v1=` each, and a receiver holding either accepts the event.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How far a signature's timestamp may stand from the receiver's clock (s), either way: replays older than this fail. */
export const SIGNATURE_TOLERANCE_S = 300;

/** The header value for `body` sent at `timestampS`: one `v1=` per secret (two while rotating, old and new). */
export function signWebhook(secret: string | readonly string[], body: string, timestampS: number): string {
  if (!Number.isSafeInteger(timestampS) || timestampS < 0) throw new Error(`timestampS must be whole seconds since the epoch, got ${timestampS}`);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new Error('signWebhook needs at least one secret');
  return [`t=${timestampS}`, ...secrets.map((s) => `v1=${hmacHex(s, timestampS, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret`: its timestamp within `toleranceS` of `nowS` (either way) and
 * any of its `v1=` values equal to the expected HMAC, compared in constant time. Any other scheme
 * (`v0=`) is ignored; a header without a timestamp or with two is refused.
 */
export function verifyWebhook(secret: string, body: string, header: string, nowS: number, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  const parsed = parseSignatureHeader(header);
  // Written so that a NaN clock is stale too.
  if (parsed === null || !(Math.abs(nowS - parsed.timestampS) <= toleranceS)) return false;
  const expected = Buffer.from(hmacHex(secret, parsed.timestampS, body), 'hex');
  let matched = false;
  for (const signature of parsed.signatures) {
    // Every value compared, the one matching or not: the time taken says nothing of which.
    if (timingSafeEqual(Buffer.from(signature, 'hex'), expected)) matched = true;
  }
  return matched;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url (256 bits, as long as the HMAC's key block needs). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function hmacHex(secret: string, timestampS: number, body: string): string {
  if (secret.length === 0) throw new Error('a webhook secret must not be empty');
  return createHmac('sha256', secret).update(`${timestampS}.${body}`, 'utf8').digest('hex');
}

/** `t=` once, in digits; `v1=` values of exactly 64 hex digits (others dropped, so every compared buffer is 32 bytes). */
function parseSignatureHeader(header: string): { timestampS: number; signatures: string[] } | null {
  let timestampS: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestampS !== null || !/^\d{1,15}$/.test(value)) return null;
      timestampS = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(value);
    }
  }
  return timestampS === null || signatures.length === 0 ? null : { timestampS, signatures };
}
