/**
 * Where the service may send a webhook: a client's URL must not turn the service into a way into its own
 * network (SSRF). `checkWebhookUrlSyntax` judges the text (when the URL is registered, and each redirect);
 * `resolveWebhookTarget` resolves the host and refuses it when ANY of its addresses is not public, and
 * returns the one address the delivery then connects to (webhook-post.ts pins the socket to it, so that a
 * second, different answer from DNS between the check and the connection reaches nothing).
 *
 * Public means what `ipaddr.js` calls `unicast` (after unwrapping IPv4-mapped IPv6: `::ffff:127.0.0.1` is
 * loopback), and for IPv6 also inside 2000::/3, the only block allocated for global unicast (so the
 * deprecated IPv4-compatible `::7f00:1` is refused too). `allowPrivate` (development, tests) lifts the
 * address and name rules and allows `http:`; credentials in the URL and its length are refused always.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlReason =
  | 'invalid_url' | 'too_long' | 'not_https' | 'credentials_in_url' | 'private_hostname' | 'private_address' | 'unresolvable';

export interface WebhookUrlRefusal { ok: false; reason: WebhookUrlReason; message: string }

/** `dns.promises.lookup(host, { all: true })`, or a test's stand-in. */
export type LookupAll = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;

export interface WebhookUrlOptions { allowPrivate: boolean }

export interface WebhookTarget { ok: true; url: URL; address: string; family: 4 | 6 }

/** Names that only mean something inside a network: RFC 6761 `localhost`, mDNS `.local`, RFC 8375 `home.arpa`, and the usual private suffixes. */
const PRIVATE_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa'];
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Whether `address` (an IP in text) may be reached from the public internet; anything unparseable is not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

/** The URL's text judged without DNS: scheme, credentials, length, and a host that names an inside address or name. */
export function checkWebhookUrlSyntax(url: string, options: WebhookUrlOptions): { ok: true; url: URL } | WebhookUrlRefusal {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return refuse('too_long', `the URL is ${url.length} characters, over the ${MAX_WEBHOOK_URL_LENGTH} allowed`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('invalid_url', 'not an absolute URL');
  }
  if (parsed.href.length > MAX_WEBHOOK_URL_LENGTH) return refuse('too_long', `the URL is over ${MAX_WEBHOOK_URL_LENGTH} characters once encoded`);
  if (parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:')) {
    return refuse('not_https', `a webhook URL must start with https:// (not ${parsed.protocol}//)`);
  }
  if (parsed.username !== '' || parsed.password !== '') return refuse('credentials_in_url', 'a webhook URL must not carry a user name or password');
  if (options.allowPrivate) return { ok: true, url: parsed };
  const host = hostOf(parsed);
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) return refuse('private_address', `${host} is not a public address`);
  } else if (isPrivateName(host)) {
    return refuse('private_hostname', `${host} is not a public host name`);
  }
  return { ok: true, url: parsed };
}

/**
 * The address to deliver `url` to: the syntax checked again, an IP literal taken as it is, a name resolved
 * with every address it has (`all: true`) and refused when any is not public (a name that answers with both a
 * public and a private address could be sent to either). The first address is the one to connect to.
 */
export async function resolveWebhookTarget(
  url: string | URL,
  options: WebhookUrlOptions & { lookup?: LookupAll | undefined },
): Promise<WebhookTarget | WebhookUrlRefusal> {
  const checked = checkWebhookUrlSyntax(typeof url === 'string' ? url : url.href, options);
  if (!checked.ok) return checked;
  const host = hostOf(checked.url);
  if (isIpLiteral(host)) return { ok: true, url: checked.url, address: host, family: ipaddr.parse(host).kind() === 'ipv4' ? 4 : 6 };
  const lookup: LookupAll = options.lookup ?? systemLookup;
  let found: LookupAddress[];
  try {
    found = await lookup(host, { all: true });
  } catch (err) {
    return refuse('unresolvable', `${host} did not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const first = found[0];
  if (first === undefined) return refuse('unresolvable', `${host} has no address`);
  const inside = options.allowPrivate ? undefined : found.find((a) => !isPublicAddress(a.address));
  if (inside !== undefined) return refuse('private_address', `${host} resolves to ${inside.address}, not a public address`);
  return { ok: true, url: checked.url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The host as DNS and `ipaddr.js` take it: without an IPv6 literal's brackets or a fully qualified name's final dot. */
function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** WHATWG URL parsing has already written every IPv4 form (`0x7f.1`, `2130706433`) as four decimals. */
function isIpLiteral(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
}

/** `localhost`, the private suffixes, and a single label (`intranet`, `metadata`), which only a search domain can resolve. */
function isPrivateName(host: string): boolean {
  return host === 'localhost' || !host.includes('.') || PRIVATE_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

function refuse(reason: WebhookUrlReason, message: string): WebhookUrlRefusal {
  return { ok: false, reason, message };
}
