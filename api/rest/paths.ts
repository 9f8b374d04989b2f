/** Where products live in REST, and what an arbitrary URL under the data roots asks for. */
import type { AnyOperation } from '../../services/operation.js';
import type { EnvelopeHead } from '../pipeline/envelope.js';

export const dataRoot = (version: 1 | 2) => `/api/v${version}/data`;

export function routePath(op: AnyOperation, version: 1 | 2): string {
  if (op.rest) return `/api/v${version}${op.rest.path}`;
  const params = (op.pathParams ?? []).map((name) => `/:${name}`).join('');
  return `${dataRoot(version)}/${op.slug}${params}`;
}

const DATA_URL = /^\/api\/v(\d+)\/data(?:\/([^/?#]*))?/;

/**
 * The envelope head for a URL: its version root and the product segment it names (`unknown` unless it is
 * a well-formed slug); `segment` is that path segment as given (decoded when it can be), for messages only.
 * Under a version root that does not exist (`/api/v3/data/...`) the head names no version (`apiVersion`
 * null) and `unknownVersion` holds the one asked for: never answered as if it were v1.
 */
export function headFromUrl(url: string): EnvelopeHead & { underDataRoot: boolean; segment: string; unknownVersion: string | null } {
  const match = DATA_URL.exec(url);
  const known = match === null || match[1] === '1' || match[1] === '2';
  const version = !known ? null : match?.[1] === '2' ? '2' : '1';
  let segment = match?.[2] ?? '';
  let product = 'unknown';
  try {
    segment = decodeURIComponent(segment);
    if (/^[a-z0-9-]{1,40}$/.test(segment)) product = segment;
  } catch {
    // a malformed escape names no product
  }
  return { apiVersion: version, product, segment, underDataRoot: match !== null && known, unknownVersion: known ? null : match![1]!.slice(0, 12) };
}
